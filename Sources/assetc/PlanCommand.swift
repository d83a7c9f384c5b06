import ArgumentParser
import AssetKit
import Foundation

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "List every file a build would write, with its pixel size, without rendering; or write the plan for build engines.")

    enum Engine: String, ExpressibleByArgument, CaseIterable { case ninja, make }

    @OptionGroup var common: ManifestOptions

    @Option(name: .shortAndLong, help: "Output folder (overrides the manifest's \"output\"); needed with --emit.")
    var output: String?

    @Flag(help: "Print the whole plan as JSON: every file with everything needed to render it alone, and its cache key.")
    var json = false

    @Option(help: ArgumentHelp("Write DIR/plan.json, one DIR/src-*.json per source and DIR/plan.d, each only when it changed.",
                               valueName: "dir"))
    var writePlan: String?

    @Option(help: "Print a build file for this engine whose actions are assetc plan, render and assemble (docs/build-engines.md).")
    var emit: Engine?

    func validate() throws {
        if emit != nil, output == nil { throw ValidationError("--emit needs --output, the folder the build file builds") }
    }

    func run() throws {
        let project = try common.loadProject(output: output)
        let variants = project.plan.variants
        if let directory = writePlan {
            do throws(BuildFailure) {
                _ = try EngineActions.writePlan(project, to: directory)
            } catch {
                throw ExitCode(Console.exit(for: error, quiet: common.quiet))
            }
            return
        }
        if let emit {
            let text: String
            do throws(BuildFailure) {
                text = try EngineActions.buildFile(project, engine: emit == .ninja ? .ninja : .make,
                                              planArguments: common.planArguments, assetc: ChildProcessPath.current)
            } catch {
                throw ExitCode(Console.exit(for: error, quiet: common.quiet))
            }
            print(text, terminator: "")
            return
        }
        if json {
            print(EngineActions.planJSON(project), terminator: "")
        } else {
            print(PlanListing.text(variants), terminator: "")
        }
        if !common.quiet {
            Console.info(PlanListing.summary(variants, hasCompiledCatalog: project.plan.compiledCatalog != nil))
        }
    }
}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render entries of a plan (from plan --json or --write-plan) into an output folder; no lock, no state.")

    @OptionGroup var files: PlanFiles

    @Option(help: "Only the variants drawn from this source (as the plan spells it).")
    var source: String?

    @Option(help: ArgumentHelp("Only this output path (Resources/Star@2x.png); repeatable.", valueName: "path"))
    var file: [String] = []

    @Option(help: ArgumentHelp("Only shard K of N (by position in the plan).", valueName: "K/N"))
    var shard: String?

    @Option(name: [.customShort("j", allowingJoined: true), .customLong("jobs")], help: "Parallel render jobs.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Seconds one image may take to render.", valueName: "seconds"))
    var renderTimeout: Double = RenderBudget.defaultTimeLimit

    @Option(help: ArgumentHelp("Memory each render worker may use, in MiB.", valueName: "MiB"))
    var renderMemory: Int = RenderBudget.defaultMemoryMiB

    private var parsedShard: (Int, Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else { return nil }
        return (parts[0], parts[1])
    }

    func validate() throws {
        if shard != nil, parsedShard == nil { throw ValidationError("--shard takes K/N with 1 <= K <= N, such as 2/8") }
        if [source != nil, !file.isEmpty, shard != nil].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --source, --file and --shard")
        }
        guard jobs >= 1 && jobs <= 256 else { throw ValidationError("--jobs must be between 1 and 256") }
        if let problem = RenderBudget.problem(seconds: renderTimeout) { throw ValidationError("--render-timeout \(problem)") }
        if let problem = RenderBudget.problem(memoryMiB: renderMemory) { throw ValidationError("--render-memory \(problem)") }
    }

    func run() throws {
        Console.format = files.messageFormat
        var selection = RenderSelection.all
        if let source { selection = .source(source) }
        if !file.isEmpty { selection = .files(file) }
        if let (index, count) = parsedShard { selection = .shard(index: index, count: count) }
        var options = BuildOptions(manifestPath: nil, outputOverride: files.output, jobs: jobs)
        options.renderTimeLimit = renderTimeout
        options.renderMemoryLimit = renderMemory << 20
        Interruption.install()
        options.isCancelled = { Interruption.isRequested }
        do throws(BuildFailure) {
            _ = try EngineActions.renderPlan(files.plan, selection: selection, outputDirectory: files.output, options: options)
        } catch {
            throw ExitCode(Console.exit(for: error))
        }
    }
}

struct AssembleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Write the index, runtime table, Info.plist keys and report from a plan's rendered files; check the budget.")

    @OptionGroup var files: PlanFiles

    func run() throws {
        Console.format = files.messageFormat
        do throws(BuildFailure) {
            _ = try EngineActions.assemble(files.plan, outputDirectory: files.output)
        } catch {
            throw ExitCode(Console.exit(for: error))
        }
    }
}

/// What `render` and `assemble` share: the plan, the output folder its files are rendered into, and
/// how messages are printed.
struct PlanFiles: ParsableArguments {
    @Argument(help: "A plan file.")
    var plan: String

    @Option(name: .shortAndLong, help: "The output folder the plan's files are rendered into.")
    var output: String

    @Option(help: "How messages are printed: text, json or github.")
    var messageFormat: MessageFormat = .text
}
