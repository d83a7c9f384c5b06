import AssetModel
import AssetPlatform
import CodeGeneration
import Foundation
import Output
import ManifestInput
import Rendering

/// Which entries of a plan `assetc render` renders.
public enum RenderSelection: Sendable, Hashable {
    case all
    /// Every variant drawn from this source (as the plan spells its path).
    case source(String)
    /// These output paths (`Resources/Star@2x.png`).
    case files([String])
    /// Shard `index` (1-based) of `count`, by position in the plan.
    case shard(index: Int, count: Int)
}

/// The build's steps as separate actions for build engines (docs/build-engines.md): `plan` writes
/// the plan (whole, and one fragment per source), `render` renders entries of a plan into files,
/// `assemble` writes the index, table, plist and report from files already rendered. Actions take
/// no lock and keep no state: the engine schedules them and owns the outputs.
public enum EngineActions {
    /// The plan with every variant's cache key (what `plan --json` prints).
    public static func planWithKeys(_ project: LoadedProject) -> [String] {
        let encoder = PNGEncoderSettings(effort: project.plan.pngEffort)
        return project.plan.variants.map { CacheKey.make(for: $0, store: project.store, encoder: encoder) }
    }

    /// The fragment file for one source: stable across builds (named by a hash of the path), so
    /// adding an image elsewhere does not rename, and so re-run, this source's render.
    public static func fragmentName(for source: String) -> String {
        "src-" + String(sha256Hex(Array(source.utf8)).prefix(16)) + ".json"
    }

    /// `assetc plan --write-plan DIR`: `DIR/plan.json`, `DIR/src-*.json` (one per source) and
    /// `DIR/plan.d` (a depfile of everything planning read). Files whose bytes are unchanged are
    /// left alone, so an engine that compares times (Ninja's `restat`, Make) re-runs only the
    /// renders whose fragment changed.
    public static func writePlan(_ project: LoadedProject, to directory: String) throws(BuildFailure) -> [String] {
        let keys = planWithKeys(project)
        let plan = project.plan
        var files: [(String, [UInt8])] = [("plan.json", PlanFile.encode(plan, keys: keys).serializedBytes())]
        var bySource: [String: [Int]] = [:]
        for (index, variant) in plan.variants.enumerated() { bySource[variant.source.path, default: []].append(index) }
        for source in bySource.keys.sorted() {
            files.append((fragmentName(for: source), PlanFile.encode(plan, keys: keys, only: bySource[source]).serializedBytes()))
        }
        let inputs = project.inputFiles + project.store.inputPaths()
        files.append(("plan.d", Array(DependencyFile.render(target: directory + "/plan.json", prerequisites: inputs).utf8)))
        let sources = Set(plan.variants.map(\.source.path)).sorted()
        let engines = BuildFiles(assetc: "assetc", planArguments: [], outputDirectory: project.outputDirectory, planDirectory: directory,
                                 plan: plan, fragments: Dictionary(uniqueKeysWithValues: sources.map { ($0, fragmentName(for: $0)) }),
                                 inputs: project.inputFiles, sources: sources)
        files.append(("plan.bzl", Array(engines.bazel().utf8)))
        do throws(FileError) {
            try FileSystem.makeDirectories(directory, under: directory)
        } catch {
            throw BuildFailure(OutputError.cannotWrite(file: directory, error))
        }
        var written: [String] = []
        for (name, bytes) in files {
            let path = directory + "/" + name
            try Pipeline.stage { () throws(OutputError) in try Pipeline.writeGenerated(bytes, to: path) }
            written.append(path)
        }
        // Fragments of sources the plan no longer has are left for the engine's clean-up
        // (`ninja -t cleandead`); nothing reads them.
        return written
    }

    static func readPlan(_ path: String) throws(BuildFailure) -> PlanFile.Contents {
        let bytes = try NamedFile.read(path, limit: Limits.maximumSourceBytes, unreadable: Diagnostic.Message.planUnreadable)
        do {
            return try PlanFile.decode(bytes)
        } catch {
            throw BuildFailure(.invalidInput, [.error(path, .init(relaying: error.message))])
        }
    }

    /// `assetc render PLAN --output OUT`: renders the selected entries into OUT, each file by
    /// rename. A source that changed since the plan was made is refused (its key would differ):
    /// the engine must plan again first.
    public static func renderPlan(_ planPath: String, selection: RenderSelection, outputDirectory: String,
                                  options: BuildOptions) throws(BuildFailure) -> Int {
        let contents = try readPlan(planPath)
        if let fonts = contents.plan.fontsDirectory {
            do throws(SourceError) {
                try Fonts.restrict(to: fonts)
            } catch {
                throw BuildFailure(.invalidInput, [.error(fonts, .init(relaying: error.message))])
            }
        }
        let variants = contents.plan.variants
        var chosen: [Int]
        switch selection {
        case .all: chosen = Array(variants.indices)
        case .source(let path): chosen = variants.indices.filter { variants[$0].source.path == path }
        case .files(let paths): chosen = variants.indices.filter { paths.contains(variants[$0].outputPath) }
        case .shard(let index, let count): chosen = variants.indices.filter { $0 % count == index - 1 }
        }
        if case .source(let path) = selection, chosen.isEmpty {
            throw BuildFailure(.invalidInput, [.error(planPath, .planHasNoVariant(drawnFrom: path))])
        }
        if case .files(let paths) = selection {
            let missing = paths.filter { path in !variants.contains { $0.outputPath == path } }
            if !missing.isEmpty { throw BuildFailure(.invalidInput, [.error(planPath, .planDoesNotMake(missing))]) }
        }
        let store = SourceStore()
        let settings = BuildSettings(options, planned: contents.plan)
        var stale: [Diagnostic] = []
        for index in chosen where CacheKey.make(for: variants[index], store: store, encoder: settings.encoder) != contents.keys[index] {
            stale.append(.error(variants[index].source.path, .changedSincePlanned(variants[index].outputPath)))
        }
        if !stale.isEmpty { throw BuildFailure(.invalidInput, stale) }
        let batch = chosen.map { variants[$0] }
        let root = outputDirectory
        let sink = { @Sendable (position: Int, bytes: [UInt8], hash: String) throws(OutputError) in
            try ActionOutputs.place(bytes, at: batch[position].outputPath, root: root, source: batch[position].source.path)
        }
        let results = Pipeline.renderBatch(batch, store: store, options: options, settings: settings, fonts: contents.plan.fontsDirectory,
                                  progress: nil, sink: sink)
        var problems: [Diagnostic] = []
        for (position, result) in results.enumerated() {
            switch result {
            case .success: continue
            case .failure(.source(let error)):
                problems.append(.error(batch[position].source.path, .renderFailed(batch[position].fileName, error)))
            case .failure(.sink(let error)):
                throw BuildFailure(error)
            case .failure(.cancelled):
                throw BuildFailure(OutputError.interrupted(root: root))
            }
        }
        if !problems.isEmpty { throw BuildFailure(.invalidInput, problems) }
        return batch.count
    }

    /// `assetc assemble PLAN --output OUT`: every file of the plan must be in OUT; writes the index,
    /// table, plist and report (the same writers as the build's commit) and checks the budget.
    public static func assemble(_ planPath: String, outputDirectory: String) throws(BuildFailure) -> SizeReport {
        let contents = try readPlan(planPath)
        var written: [WrittenVariant] = []
        var missing: [Diagnostic] = []
        for variant in contents.plan.variants {
            // Read through links: a sandboxed engine (Bazel) hands an action its inputs as links.
            // Nothing is written through them (the metadata files are replaced by rename).
            let file = outputDirectory + "/" + variant.outputPath
            guard FileSystem.kindFollowingLinks(file) == .file, let bytes = try? FileSystem.read(file) else {
                missing.append(.error(file, .notRendered))
                continue
            }
            written.append(WrittenVariant(variant: variant, bytes: bytes.count, sha256: sha256Hex(bytes)))
        }
        if !missing.isEmpty { throw BuildFailure(.invalidInput, missing) }
        var ignored: [Diagnostic] = []  // the build action prints them; assemble keeps no messages
        let derived = try CompiledCatalogStep.make(contents.plan, files: written.map { ($0, outputDirectory + "/" + $0.variant.outputPath) },
                                                   warnings: &ignored) { _, _ in nil }
        return try Pipeline.stage { () throws(OutputError) in
            try ActionOutputs.assemble(contents.plan, written: written, derived: derived, root: outputDirectory,
                                       budgetLocation: contents.plan.inputPath)
        }
    }
}

/// The build engines `plan --emit` writes for.
public enum BuildEngine: Sendable { case ninja, make }

/// The path of the running assetc binary, for build files whose actions call it again.
public enum ChildProcessPath {
    public static var current: String { FileSystem.absolute(ChildProcess.currentExecutable) }
}

extension EngineActions {
    /// `assetc plan --json`.
    public static func planJSON(_ project: LoadedProject) -> String {
        PlanFile.encode(project.plan, keys: planWithKeys(project)).serialized()
    }

    /// `assetc plan --emit ninja|make --output OUT`.
    public static func buildFile(_ project: LoadedProject, engine: BuildEngine, planArguments: [String],
                                 assetc: String) throws(BuildFailure) -> String {
        let sources = Set(project.plan.variants.map(\.source.path)).sorted()
        var fragments: [String: String] = [:]
        for source in sources { fragments[source] = fragmentName(for: source) }
        // The build file lists what planning read: read it now (the sources' hashes are not needed).
        let files = BuildFiles(assetc: assetc, planArguments: planArguments, outputDirectory: project.outputDirectory,
                               planDirectory: project.outputDirectory + "/.assetc/plan", plan: project.plan,
                               fragments: fragments, inputs: project.inputFiles, sources: sources)
        if let problem = files.problem(forMake: engine == .make) {
            throw BuildFailure(.invalidInput, [.error(project.inputPath, .cannotWriteBuildFile(problem))])
        }
        return engine == .ninja ? files.ninja() : files.make()
    }
}

/// `assetc init`: a first manifest from the artwork already in a project.
public enum ProjectScaffold {
    /// Folders `assetc init` does not look in: build products, dependencies, version control.
    static let scaffoldSkipped: Set<String> = ["build", "Build", "DerivedData", "Pods", "Carthage", "node_modules", "vendor"]

    /// `assetc init`: the manifest text for the artwork under the folder of the manifest at
    /// `manifestPath` (docs/cli.md); manifest paths are read relative to that folder.
    public static func scaffold(forManifestAt manifestPath: String)
        -> (text: String, images: Int, catalogs: Int, leftOut: [(path: String, target: CatalogTarget)], iconFiles: [String],
            iconComposer: [String]) {
        let directory = FileSystem.folder(of: manifestPath)
        var sources: [String] = []
        var catalogs: [String] = []
        var iconBundles: [String] = []
        func walk(_ folder: String, _ relative: String, depth: Int) {
            guard depth < 12 else { return }
            for name in FileSystem.list(folder) where !name.hasPrefix(".") && !scaffoldSkipped.contains(name) && !name.hasPrefix("bazel-") {
                let path = folder + "/" + name
                let rel = relative.isEmpty ? name : relative + "/" + name
                switch FileSystem.kind(path) {
                case .directory:
                    // An earlier build's output folder (it holds assetc's state): its PNGs are
                    // products, not artwork.
                    if FileSystem.kind(path + "/.assetc") == .directory { continue }
                    let lower = name.lowercased()
                    if lower.hasSuffix(".xcassets") {
                        catalogs.append(rel)
                    } else if lower.hasSuffix(".icon") {
                        // An Icon Composer bundle: its layers are not images.
                        iconBundles.append(rel)
                    } else if !lower.hasSuffix(".appiconset") && !lower.hasSuffix(".launchimage") && !lower.hasSuffix(".bundle")
                                && !lower.hasSuffix(".app") && !lower.hasSuffix(".xcodeproj") {
                        walk(path, rel, depth: depth + 1)
                    }
                case .file:
                    if ResolvedSource.Kind.forPath(name).map({ $0 != .jpeg }) == true { sources.append(rel) }
                default:
                    continue
                }
            }
        }
        walk(directory, "", depth: 0)
        // Catalogs of the repository's other products (macOS and watch apps, extensions) are left
        // out, and named: their sets ship in their own bundles.
        var leftOut: [(path: String, target: CatalogTarget)] = []
        catalogs = catalogs.filter { catalog in
            let target = CatalogTarget.classify(catalog, under: directory.isEmpty ? "." : directory)
            if target != .app { leftOut.append((catalog, target)) }
            return target == .app
        }
        // Loose app icons and launch images of the pre-catalog kind are not images: iOS takes them
        // from the Info.plist keys, so they are left out and named (an icon set or `appIcon` is
        // where they belong), never scaled down into image variants no one loads.
        let iconFiles = sources.filter { LooseIconNames.isIconOrLaunchImage(FilePath($0).lastComponent) }
        // The app's Icon Composer icon, as Xcode 26 takes it: one, of the app (not of a widget or
        // watch app); with several, none is guessed.
        let appBundles = iconBundles.filter { CatalogTarget.classify($0, under: directory.isEmpty ? "." : directory) == .app }.sorted()
        let manifest = ManifestScaffold.make(sources: sources.filter { !LooseIconNames.isIconOrLaunchImage(FilePath($0).lastComponent) },
                                             catalogs: catalogs, appIcon: appBundles.count == 1 ? appBundles[0] : nil)
        let images = { if case .object(let root) = manifest, case .array(let list)? = root["images"] { return list.count } else { return 0 } }()
        return (manifest.serialized(), images, catalogs.count, leftOut, iconFiles, appBundles)
    }
}

extension ProjectScaffold {
    /// Writes the scaffold; an existing file is kept unless `replacing`.
    public static func writeScaffold(_ text: String, to path: String, replacing: Bool) throws(BuildFailure) {
        if !replacing, FileSystem.kind(path) != .missing {
            throw BuildFailure(.invalidInput, [.error(path, .manifestAlreadyExists)])
        }
        do {
            try FileSystem.replaceAtomically(path, Array(text.utf8))
        } catch {
            throw BuildFailure(OutputError.cannotWrite(file: path, error))
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func planUnreadable(_ error: FileError) -> Diagnostic.Message { "cannot read the plan: \(error.description)" }

    fileprivate static func planHasNoVariant(drawnFrom source: String) -> Diagnostic.Message { "the plan has no variant drawn from '\(source)'" }

    fileprivate static func planDoesNotMake(_ files: [String]) -> Diagnostic.Message { "the plan does not make \(files.joined(separator: ", "))" }

    fileprivate static func changedSincePlanned(_ outputPath: String) -> Diagnostic.Message { "\(outputPath): the source, the toolchain or assetc changed since the plan was made; make the plan again" }

    fileprivate static let notRendered: Diagnostic.Message = "not rendered; run its render action first"

    /// `problem`: `BuildFiles.problem(forMake:)`, what in a path the build file cannot hold.
    fileprivate static func cannotWriteBuildFile(_ problem: Diagnostic.Message) -> Diagnostic.Message { "cannot write the build file: \(problem)" }

    fileprivate static let manifestAlreadyExists: Diagnostic.Message = "already exists; pass --force to replace it"
}
