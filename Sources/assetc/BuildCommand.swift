import ArgumentParser
import AssetKit
import Foundation

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render every variant the manifest names into <output>/Resources.")

    @Argument(help: "The manifest.", completion: .file(extensions: ["json"]))
    var manifest = "assets.json"

    @Option(name: .shortAndLong, help: "Output folder (overrides the manifest's \"output\").")
    var output: String?

    @Option(name: .shortAndLong, help: "Parallel render jobs (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Re-render every variant even when it is up to date.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "List every file written.")
    var verbose = false

    func validate() throws {
        guard jobs >= 1 && jobs <= 256 else { throw ValidationError("--jobs must be between 1 and 256") }
        guard !(quiet && verbose) else { throw ValidationError("--quiet and --verbose cannot be combined") }
    }

    func run() throws {
        let progress = Console.isTerminal && !quiet ? ProgressLine() : nil
        let options = BuildOptions(manifestPath: manifest, outputOverride: output, jobs: jobs, force: force)
        let report: BuildReport
        var onProgress: (@Sendable (Int, Int) -> Void)?
        if let progress { onProgress = { done, total in progress.update(done, total) } }
        do throws(BuildFailure) {
            report = try Pipeline.build(options, progress: onProgress)
        } catch {
            progress?.clear()
            throw ExitCode(Console.exit(for: error))
        }
        progress?.clear()
        if !quiet { Console.print(report.warnings) }
        if verbose {
            for written in report.variants {
                let variant = written.variant
                Console.error("  \(variant.relativePath) \(variant.pixelWidth)x\(variant.pixelHeight) \(written.bytes) B")
            }
            for path in report.removed { Console.error("  removed \(path)") }
        }
        if !quiet {
            let skipped = report.variants.count - report.rendered
            Console.error("assetc: \(report.variants.count) variants (\(report.rendered) rendered, \(skipped) up to date), "
                + "\(Console.formatBytes(report.totalBytes)) in \(report.outputDirectory)/Resources, "
                + "\(Console.format1(report.seconds * 1000 / 1000))s")
        }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every validation `build` runs, without writing anything.")

    @Argument(help: "The manifest.", completion: .file(extensions: ["json"]))
    var manifest = "assets.json"

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func run() throws {
        let project: LoadedProject
        do throws(BuildFailure) {
            project = try Pipeline.load(manifestPath: manifest)
        } catch {
            throw ExitCode(Console.exit(for: error))
        }
        if !quiet {
            Console.print(project.warnings)
            Console.error("assetc: \(manifest) is valid (\(project.plan.variants.count) variants)")
        }
    }
}
