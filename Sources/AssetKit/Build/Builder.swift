import Foundation

public struct BuildOptions: Sendable {
    public var manifestPath: String
    /// Overrides the manifest's `output`; relative to the working directory.
    public var outputOverride: String?
    public var jobs: Int
    public var force: Bool
    public var encoder: PNGEncoderSettings
    /// Upper bound on pixels rendered at once across workers.
    public var pixelBudget: Int
    /// Where to write a Make dependency file after a successful build.
    public var dependencyFile: String?
    /// Polled between variants and before the commit; true stops the build with `.interrupted`,
    /// leaving the previous outputs as they were. (The CLI sets it from SIGINT and SIGTERM.)
    public var isCancelled: @Sendable () -> Bool = { false }

    public init(manifestPath: String, outputOverride: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                force: Bool = false, encoder: PNGEncoderSettings = PNGEncoderSettings(), pixelBudget: Int = 64_000_000) {
        self.manifestPath = manifestPath
        self.outputOverride = outputOverride
        self.jobs = max(1, jobs)
        self.force = force
        self.encoder = encoder
        self.pixelBudget = pixelBudget
        self.dependencyFile = nil
    }
}

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
    public var outputDirectory: String
    public var variants: [WrittenVariant]
    /// Variants rendered in this run (the rest were up to date).
    public var rendered: Int
    /// Files a previous build wrote that this manifest no longer produces.
    public var removed: [String]
    public var warnings: [Diagnostic]
    public var seconds: Double
    public var sizes: SizeReport

    public var totalBytes: Int { variants.reduce(0) { $0 + $1.bytes } }
}

/// Loading and planning, shared by `build`, `check` and `plan`.
public struct LoadedProject: Sendable {
    public var plan: BuildPlan
    public var store: SourceStore
    /// Manifest and planning warnings.
    public var warnings: [Diagnostic]
}

public enum Pipeline {
    /// Reads, decodes and plans the manifest: every check that needs no rendering.
    ///
    /// With `reusingRecords`, what the last build in the output folder (`outputOverride`, else the
    /// manifest's) recorded about sources whose fingerprint is unchanged is reused instead of
    /// opening them again.
    public static func load(manifestPath: String, reusingRecords: Bool = false,
                            outputOverride: String? = nil) throws(BuildFailure) -> LoadedProject {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(manifestPath, limit: 16 << 20)
        } catch {
            throw BuildFailure(.invalidInput, [.error(manifestPath, "cannot read manifest: \(error.message)")])
        }
        let directory = manifestPath.contains("/") ? String(manifestPath[..<manifestPath.lastIndex(of: "/")!]) : "."
        let (manifest, manifestWarnings) = try ManifestDecoder.decode(
            bytes, path: manifestPath, directory: directory.isEmpty ? "/" : directory)
        var records: [String: SourceRecord] = [:]
        if reusingRecords {
            let statePath = outputDirectory(for: manifest, override: outputOverride) + "/.assetc/state.json"
            records = (try? FileSystem.read(statePath)).map(BuildState.parse)?.sources ?? [:]
        }
        let store = SourceStore(previous: records)
        do {
            let plan = try Planner(inspector: LiveSourceInspector(store: store)).plan(manifest)
            return LoadedProject(plan: plan, store: store, warnings: manifestWarnings + plan.warnings)
        } catch {
            throw BuildFailure(error.kind, manifestWarnings + error.diagnostics)
        }
    }

    /// The output folder: `--output`, else the manifest's `output` (relative to the manifest's folder),
    /// else `build/assets` beside the manifest.
    public static func outputDirectory(for manifest: Manifest, override: String?) -> String {
        if let override { return override }
        let output = manifest.output ?? "build/assets"
        if output.hasPrefix("/") || manifest.directory == "." { return output }
        return manifest.directory + "/" + output
    }

    public static func build(_ options: BuildOptions,
                             progress: (@Sendable (Int, Int) -> Void)? = nil) throws(BuildFailure) -> BuildReport {
        let start = DispatchTime.now()
        let project = try load(manifestPath: options.manifestPath, reusingRecords: !options.force,
                               outputOverride: options.outputOverride)
        let output = outputDirectory(for: project.plan.manifest, override: options.outputOverride)
        var report = try OutputWriter(root: output, options: options, manifestPath: options.manifestPath)
            .write(project, progress: progress)
        report.warnings = project.warnings + report.warnings
        if let path = options.dependencyFile {
            let inputs = [options.manifestPath] + project.store.inputPaths()
            let text = DependencyFile.render(target: output + "/asset-index.json", prerequisites: inputs)
            do {
                try FileSystem.replaceAtomically(path, Array(text.utf8))
            } catch {
                throw BuildFailure(.outputFailure, [.error(path, "cannot write dependency file: \(error.message)")])
            }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return report
    }
}
