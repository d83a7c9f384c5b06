import ArgumentParser
import AssetKit
import Foundation

/// Options every command that reads a manifest shares.
struct ManifestOptions: ParsableArguments {
    @Argument(help: "The manifest.", completion: .file(extensions: ["json"]))
    var manifest = "assets.json"

    @Flag(help: "Treat warnings as errors (exit 1 when any warning is printed).")
    var werror = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Option(help: "How messages are printed: text (compiler style), json (one object per line) or github (GitHub Actions annotations).")
    var messageFormat: MessageFormat = .text

    @Flag(name: .shortAndLong, help: "Print notes (skipped slots...) and every file written.")
    var verbose = false

    func validate() throws {
        guard !(quiet && verbose) else { throw ValidationError("--quiet and --verbose cannot be combined") }
    }

    /// Loads and plans the manifest (what `check` and `plan` run), printing its warnings.
    func loadProject() throws -> LoadedProject {
        Console.format = messageFormat
        let project: LoadedProject
        do throws(BuildFailure) {
            project = try Pipeline.load(manifestPath: manifest)
        } catch {
            throw ExitCode(Console.exit(for: error, quiet: quiet))
        }
        try finish(project.warnings)
        return project
    }

    /// Prints warnings for a run that succeeded; with --werror, warnings fail it.
    func finish(_ warnings: [Diagnostic]) throws {
        Console.print(warnings, showing: Console.level(quiet: quiet, verbose: verbose))
        if werror, warnings.contains(where: { $0.severity == .warning }) {
            if quiet { Console.print(warnings, showing: .warning) }
            Console.print([.error(manifest, "warnings treated as errors (--werror)")])
            throw ExitCode(FailureKind.invalidInput.exitCode)
        }
    }
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render every variant the manifest names into <output>/Resources.")

    @OptionGroup var common: ManifestOptions

    @Option(name: .shortAndLong, help: "Output folder (overrides the manifest's \"output\").")
    var output: String?

    // `-j2` as well as `-j 2`: the habit from make.
    @Option(name: [.customShort("j", allowingJoined: true), .customLong("jobs")],
            help: "Parallel render jobs (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Re-render every variant even when it is up to date.")
    var force = false

    @Option(help: ArgumentHelp("Write a Make dependency file: <output>/asset-index.json depends on the manifest and every file read.",
                               valueName: "path"))
    var depfile: String?

    @Option(help: ArgumentHelp("Seconds one image may take to render before its worker is stopped.", valueName: "seconds"))
    var renderTimeout: Double = 120

    @Option(help: ArgumentHelp("Memory each render worker may use, in MiB.", valueName: "MiB"))
    var renderMemory: Int = 4096

    @Flag(help: ArgumentHelp("Render on threads in this process, without worker processes or their budgets (for measurements).",
                             visibility: .hidden))
    var renderInProcess = false

    func validate() throws {
        guard jobs >= 1 && jobs <= 256 else { throw ValidationError("--jobs must be between 1 and 256") }
        guard renderTimeout > 0 && renderTimeout <= 86_400 else { throw ValidationError("--render-timeout must be between 0 and 86400 seconds") }
        guard renderMemory >= 64 && renderMemory <= 1 << 20 else { throw ValidationError("--render-memory must be between 64 and 1048576 MiB") }
    }

    func run() throws {
        Console.format = common.messageFormat
        let progress = Console.isTerminal && !common.quiet && common.messageFormat == .text ? ProgressLine() : nil
        var options = BuildOptions(manifestPath: common.manifest, outputOverride: output, jobs: jobs, force: force)
        options.dependencyFile = depfile
        options.renderInProcess = renderInProcess
        options.renderTimeLimit = renderTimeout
        options.renderMemoryLimit = renderMemory << 20
        Interruption.install()
        options.isCancelled = { Interruption.isRequested }
        let report: BuildReport
        var onProgress: (@Sendable (Int, Int) -> Void)?
        if let progress { onProgress = { done, total in progress.update(done, total) } }
        do throws(BuildFailure) {
            report = try Pipeline.build(options, progress: onProgress)
        } catch {
            progress?.clear()
            throw ExitCode(Console.exit(for: error, quiet: common.quiet))
        }
        progress?.clear()
        if common.verbose {
            for written in report.variants {
                let variant = written.variant
                Console.info("  \(variant.outputPath) \(variant.pixelWidth)x\(variant.pixelHeight) \(written.bytes) B")
            }
            for path in report.removed { Console.info("  removed \(path)") }
        }
        try common.finish(report.warnings)
        if !common.quiet {
            let skipped = report.variants.count - report.rendered
            Console.info("assetc: \(report.variants.count) variants (\(report.rendered) rendered, \(skipped) up to date), "
                + "\(SizeReport.format(report.totalBytes)) in \(report.outputDirectory), "
                + "\(SizeReport.oneDecimal(report.seconds))s")
            for line in report.sizes.summaryLines() { Console.info("  " + line) }
        }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every validation `build` runs, without writing anything.")

    @OptionGroup var common: ManifestOptions

    func run() throws {
        let project = try common.loadProject()
        if !common.quiet {
            Console.info("assetc: \(common.manifest) is valid (\(project.plan.variants.count) variants)")
        }
    }
}
