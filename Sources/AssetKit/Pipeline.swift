@_exported import AssetModel
import AssetPlatform
@_exported import AssetResolver
import CarAssembly
import CatalogInput
import CodeGeneration
import Foundation
import ManifestInput
import Output
import Planning
import Rendering
@_exported import Reports

/// The façade: each public function reads as the list of steps it runs. The stages live in their
/// own targets (docs/architecture.md); this file only strings them together and turns each stage's
/// typed error into a `BuildFailure` whose kind — and so the exit code — comes from the error case.
public enum Pipeline {
    /// Reads, decodes and plans the manifest: every check that needs no rendering (`check`, `plan`).
    ///
    /// With `reusingRecords`, what the last build in the output folder recorded about sources whose
    /// fingerprint is unchanged is reused instead of opening them again.
    public static func load(manifestPath: String?, catalogs request: CatalogRequest = CatalogRequest(),
                            reusingRecords: Bool = false, outputOverride: String? = nil,
                            sourceLimits: SourceLimits = SourceLimits()) throws(BuildFailure) -> LoadedProject {
        // Messages about a catalog's contents carry their place in it (`Diagnostic.place`): the
        // walk places its own, and what planning says about the sets it read is placed here.
        var folders = CatalogFolders()
        let loaded = Result { () throws(BuildFailure) -> LoadedProject in
            try load(manifestPath: manifestPath, catalogs: request, reusingRecords: reusingRecords,
                     outputOverride: outputOverride, sourceLimits: sourceLimits, folders: &folders)
        }
        switch loaded {
        case .success(var project):
            project.warnings = folders.placing(project.warnings)
            project.catalogFolders = folders
            return project
        case .failure(let failure):
            throw folders.placing(failure)
        }
    }

    static func load(manifestPath: String?, catalogs request: CatalogRequest, reusingRecords: Bool, outputOverride: String?,
                     sourceLimits: SourceLimits, folders: inout CatalogFolders) throws(BuildFailure) -> LoadedProject {
        var (buildRequest, warnings) = try stage { () throws(InputError) in
            try readInputs(manifestPath, request, budgets: (sourceLimits.timeLimit, sourceLimits.memoryLimit))
        }
        let (catalogs, catalogFiles) = try stage { () throws(InputError) in try readCatalogs(buildRequest, warnings: &warnings) }
        folders = CatalogFolders(catalogs.map(\.folders))
        let (slotSets, slotSetFiles) = SlotSetReader.read(SlotSetReader.paths(for: buildRequest, catalogs: catalogs),
                                                            allowedLinkRoots: buildRequest.allowedLinkRoots)
        let catalogInputs = catalogFiles + slotSetFiles
        let fonts = try stage { () throws(InputError) in try useFonts(buildRequest.manifest) }
        let output = outputDirectory(for: buildRequest.manifest, override: outputOverride)
        let recorded = reusingRecords ? RecordedState.read(root: output) : nil
        let store = SourceStore(previous: recorded?.state.sources ?? [:])
        var supervisor: SourceSupervisor?
        let shelf = WorkerShelf()
        if !sourceLimits.inProcess {
            supervisor = SourceSupervisor(
                executable: ChildProcess.currentExecutable,
                timeLimit: buildRequest.renderTimeLimit,
                // At least 256 MiB: reading a document and scanning its fonts (fontconfig's cache
                // included) needs more address space than the smallest render budgets allow.
                memoryLimit: max(256 << 20, buildRequest.renderMemoryLimit),
                fontsDirectory: fonts, shelf: shelf, isCancelled: sourceLimits.isCancelled)
        }
        let planner = Planner(inspector: LiveSourceInspector(reader: SourceReader(store: store, supervisor: supervisor)),
                              outputRoot: FileSystem.absolute(output))
        do {
            var plan = try planner.plan(buildRequest, catalogs: catalogs, slotSets: slotSets)
            if sourceLimits.isCancelled() { throw interruptedWhilePlanning(buildRequest.path) }
            // Symbol templates are read when planning a car (milliseconds each, nothing drawn), so
            // `check --car` and `plan` refuse a template the build would refuse.
            // The car-only slots' files likewise (their headers); what these checks read is what the
            // car is made from (`LoadedProject.carContents`), so each file is read once a build.
            var carContents: CatalogSetContents?
            if plan.compiledCatalog != nil {
                do {
                    let contents = CatalogSetContents(symbolTemplates: CatalogSetContentsReader.symbolTemplates(plan.catalogRecords),
                                                      traitSlotFiles: CatalogSetContentsReader.traitSlotFiles(plan.catalogRecords))
                    _ = try CarAssembler.symbolSets(plan, templates: contents.symbolTemplates)
                    try CarAssembler.checkTraitSlots(plan, files: contents.traitSlotFiles)
                    carContents = contents
                    try CarAssembler.checkNameCount(plan)
                    try CarAssembler.checkRenditionLimits(plan)
                    // Icon Composer icons' stacks likewise: planned from the layers' headers, and
                    // their names checked against the sets', without decoding a pixel.
                    try CarAssembler.checkIconStacks(plan, store: store)
                } catch {
                    throw BuildFailure(error.kind, warnings + plan.warnings + error.diagnostics)
                }
            }
            if (warnings + plan.warnings).contains(where: { $0.severity == .error }) {
                throw BuildFailure(.invalidInput, warnings + plan.warnings)
            }
            if let check = request.appStore {
                plan.warnings += try appStoreFindings(plan, request: buildRequest, check, reader: SourceReader(store: store, supervisor: nil),
                                                      alreadyReported: warnings + plan.warnings)
                if plan.warnings.contains(where: { $0.severity == .error }) { throw BuildFailure(.invalidInput, warnings + plan.warnings) }
            }
            plan.fontsDirectory = fonts
            var project = LoadedProject(request: buildRequest, plan: plan, store: store, outputDirectory: output,
                                        recordedState: recorded, warnings: warnings + plan.warnings)
            project.workerShelf = shelf
            project.carContents = carContents
            // The fonts folder (a font added or removed) and each font in it (one replaced in place).
            project.manifestPath = manifestPath
            project.inputFiles = (manifestPath.map { [$0] } ?? []) + catalogInputs
                + (request.appStore?.infoPlistPath.map { [$0] } ?? [])
                + (fonts.map { [$0] + Fonts.projectFontFiles(in: $0) } ?? [])
            return project
        } catch let error as BuildFailure {
            throw error
        } catch let error as InputError {
            // A stop request during planning is an interruption, whatever the stopped read reported.
            if sourceLimits.isCancelled() { throw interruptedWhilePlanning(buildRequest.path) }
            throw BuildFailure(error.kind, warnings + error.diagnostics)
        } catch {
            throw BuildFailure(.invalidInput, warnings + [.error(buildRequest.path, .init(relaying: String(describing: error)))])
        }
    }

    /// `assetc build`: load and plan, open the output transaction, render what changed into staging,
    /// commit, then write the dependency file.
    public static func build(_ options: BuildOptions,
                             progress: (@Sendable (Int, Int) -> Void)? = nil) throws(BuildFailure) -> BuildReport {
        let start = DispatchTime.now()
        if var report = UpToDate.report(for: options) {
            report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            return report
        }
        // Records of the last build are verified, never obeyed: when a render finds a source unlike
        // its record, the whole build is planned again from the files.
        var attempt = try build(options, reusingRecords: !options.force, progress: progress)
        if attempt == nil, !options.force {
            attempt = try build(options, reusingRecords: false, progress: progress)
        }
        guard var report = attempt else {
            throw BuildFailure(.invalidInput, [.error(options.manifestPath ?? options.catalogs.paths.first ?? ".", .sourcesChangedDuringBuild)])
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return report
    }

    /// `check --render`: the whole build — every render, the car — into a private temporary folder
    /// that is removed afterwards, so what only rendering finds (a renderer's complaints, a colour
    /// profile the car cannot keep) is found without touching the output or any file beside it.
    public static func checkByRendering(_ options: BuildOptions,
                                        progress: (@Sendable (Int, Int) -> Void)? = nil) throws(BuildFailure) -> BuildReport {
        var options = options
        let work = NSTemporaryDirectory() + "/assetc-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { FileSystem.removeTree(work) }
        options.outputOverride = work
        options.force = true
        options.writesGeneratedCode = false
        options.dependencyFile = nil
        options.expectedPlan = nil
        return try build(options, progress: progress)
    }

    /// One attempt; nil when a source did not match the record it was planned from.
    static func build(_ options: BuildOptions, reusingRecords: Bool,
                      progress: (@Sendable (Int, Int) -> Void)?) throws(BuildFailure) -> BuildReport? {
        var limits = SourceLimits()
        limits.inProcess = options.renderInProcess
        limits.timeLimit = options.renderTimeLimit
        limits.memoryLimit = options.renderMemoryLimit
        limits.isCancelled = options.isCancelled
        let project = try load(manifestPath: options.manifestPath, catalogs: options.catalogs, reusingRecords: reusingRecords,
                               outputOverride: options.outputOverride, sourceLimits: limits)
        do throws(BuildFailure) {
            guard var report = try build(project, options, progress: progress) else { return nil }
            report.warnings = project.catalogFolders.placing(report.warnings)
            return report
        } catch {
            throw project.catalogFolders.placing(error)
        }
    }

    /// Renders, assembles and commits a loaded project; nil when a source did not match its record.
    static func build(_ project: LoadedProject, _ options: BuildOptions,
                      progress: (@Sendable (Int, Int) -> Void)?) throws(BuildFailure) -> BuildReport? {
        if options.warningsAreErrors, project.warnings.contains(where: { $0.severity == .warning }) {
            throw warningsTreatedAsErrors(project.warnings, project: project)
        }
        try checkOutputApartFromCatalogs(project)
        if let path = options.dependencyFile {
            try checkDependencyFile(path, project: project)
        }
        if let path = options.expectedPlan {
            try checkExpectedPlan(path, project: project)
        }
        let settings = BuildSettings(options, request: project.request, plan: project.plan)
        let swiftOutput = settings.swiftOutput
        let objcOutput = settings.objcOutput
        let generatedPaths = (swiftOutput.map { [$0] } ?? []) + (objcOutput.map { [$0 + ".h", $0 + ".m"] } ?? [])
        for path in generatedPaths {
            if let problem = DependencyFile.destinationProblem(path, inputs: project.inputFiles + project.store.inputPaths(),
                                                               outputRoot: project.outputDirectory) {
                throw BuildFailure(InputError([.error(path, .cannotWriteGeneratedCode(problem))]))
            }
        }
        let transaction = try stage { () throws(OutputError) in try OutputTransaction(root: project.outputDirectory, alreadyRead: project.recordedState) }
        let keys = project.plan.variants.map { CacheKey.make(for: $0, store: project.store, encoder: settings.encoder) }
        var renderWarnings: [Diagnostic] = []
        guard let outputs = try render(project, keys: keys, into: transaction, options: options, settings: settings, warnings: &renderWarnings,
                                       progress: progress)
        else { return nil }
        if options.isCancelled() {
            throw BuildFailure(OutputError.interrupted(root: transaction.root))
        }
        let derived: [DerivedOutput]
        do throws(BuildFailure) {
            derived = try CompiledCatalogStep.make(project.plan, outputs: outputs, transaction: transaction, carPath: options.carPath,
                                                   warnings: &renderWarnings,
                                                   jobs: options.jobs, knownSources: project.store, checkedContents: project.carContents,
                                                   isCancelled: options.isCancelled)
        } catch {
            // What planning and rendering said stays with the failure: a wrong-sized icon warned
            // about is often why the car could not be made.
            throw BuildFailure(error.kind, project.warnings + renderWarnings + error.diagnostics)
        }
        if options.isCancelled() {
            throw BuildFailure(OutputError.interrupted(root: transaction.root))
        }
        // Generated before the --werror check: a name collision is a warning like any other.
        let accessors = AccessorRequest(outputPath: swiftOutput ?? objcOutput ?? "", bundle: settings.accessorBundle,
                                        manifestName: project.manifestPath.map { FilePath($0).lastComponent },
                                        catalogNames: project.catalogPaths.map { FilePath($0).lastComponent })
        let swiftCode = swiftOutput.map { path in
            var request = accessors
            request.outputPath = path
            return SwiftAccessors.generate(project.plan, request: request)
        }
        renderWarnings += swiftCode?.warnings ?? []
        // --werror fails before the commit, as a compiler leaves no object file: a fresh index
        // after a failed build would let the next `make` think the target is up to date.
        if options.warningsAreErrors, renderWarnings.contains(where: { $0.severity == .warning }) {
            throw warningsTreatedAsErrors(project.warnings + renderWarnings, project: project)
        }
        // The files written beside the output folder (generated code, the depfile) are written to
        // temporary files next to them before the commit, and renamed into place after it: a path
        // that cannot be written fails the build while the earlier tree is still untouched.
        var extras = ExtraFiles()
        defer { extras.discard() }
        if let path = swiftOutput, let code = swiftCode?.text {
            try stage { () throws(OutputError) in try extras.prepare(Array(code.utf8), for: path, onlyIfChanged: true) }
        }
        if let base = objcOutput {
            let plan = project.plan
            let bytes = RuntimeTable.make(plan.variants, bundles: plan.bundles, catalog: plan.catalogRecords).compactBytes()
            guard let table = try? AssetTable(data: Data(bytes)) else {
                throw BuildFailure(.invalidInput, [.error(base, .runtimeTableDidNotReadBack)])
            }
            let files = ObjectiveCAccessors.generate(plan, table: table, className: FilePath(base).lastComponent,
                                                     bundle: settings.accessorBundle, inputName: accessors.inputDescription)
            try stage { () throws(OutputError) in
                try extras.prepare(Array(files.header.utf8), for: base + ".h", onlyIfChanged: true)
                try extras.prepare(Array(files.implementation.utf8), for: base + ".m", onlyIfChanged: true)
            }
        }
        if let path = options.dependencyFile {
            let text = DependencyFile.render(target: transaction.root + "/asset-index.json",
                                             prerequisites: project.inputFiles + project.store.inputPaths())
            try stage { () throws(OutputError) in try extras.prepare(Array(text.utf8), for: path, onlyIfChanged: false) }
        }
        let result = try stage { () throws(OutputError) in
            try transaction.commit(project.plan, outputs: outputs, derived: derived, sources: project.store.records(),
                                   budgetLocation: project.request.path, metadata: options.metadata)
        }
        try stage { () throws(OutputError) in try extras.install() }
        let rendered = outputs.filter { if case .staged = $0.content { true } else { false } }.count
        var report = BuildReport(
            outputDirectory: transaction.root, variants: result.written, rendered: rendered, removed: result.removed,
            warnings: project.warnings + renderWarnings, sizes: result.sizes, seconds: 0)
        report.colourCount = project.colourCount
        report.symbolCount = project.symbolCount
        report.manifestPath = project.manifestPath
        report.catalogPaths = project.catalogPaths
        UpToDate.record(report, project: project, options: options)
        return report
    }

    /// A stop request while sources were being read: exit 5, nothing written yet.
    static func interruptedWhilePlanning(_ input: String) -> BuildFailure {
        BuildFailure(.interrupted, [.error(input, .interruptedWhileReadingSources)])
    }

    /// The output folder: `--output`, else the manifest's `output` (relative to the manifest's folder),
    /// else `build/assets` beside the manifest.
    public static func outputDirectory(for manifest: Manifest, override: String?) -> String {
        if let override { return override }
        return manifest.resolve(manifest.output ?? "build/assets")
    }

    // MARK: Steps

    /// Before anything is rendered: the depfile must not replace an input or land in the output
    /// folder, and every path it would list must be expressible in Make.
    static func checkDependencyFile(_ path: String, project: LoadedProject) throws(BuildFailure) {
        let inputs = project.inputFiles + project.store.inputPaths()
        var problems: [Diagnostic] = []
        if let problem = DependencyFile.destinationProblem(path, inputs: inputs, outputRoot: project.outputDirectory) {
            problems.append(.error(path, .cannotWriteDependencyFile(problem)))
        }
        for input in [path, project.outputDirectory] + inputs {
            if let problem = DependencyFile.problem(with: input) {
                problems.append(.error(input, .cannotBeListedInDependencyFile(problem)))
            }
        }
        if !problems.isEmpty { throw BuildFailure(InputError(problems)) }
    }

    /// Reuses every output whose cache key and file are unchanged; renders the rest into staging.
    /// A source failure is invalid input (exit 1); a staging write failure is an output failure (exit 3).
    static func render(_ project: LoadedProject, keys: [String], into transaction: OutputTransaction,
                       options: BuildOptions, settings: BuildSettings, warnings: inout [Diagnostic],
                       progress: (@Sendable (Int, Int) -> Void)?) throws(BuildFailure) -> [PlannedOutput]? {
        let variants = project.plan.variants
        var outputs: [PlannedOutput?] = Array(repeating: nil, count: variants.count)
        var toRender: [Int] = []
        var rendererReports: [(variant: Variant, printed: String)] = []
        defer { warnings += rendererWarnings(rendererReports) }
        for (index, variant) in variants.enumerated() {
            if !options.force, let reused = transaction.reusable(variant, key: keys[index]) {
                outputs[index] = PlannedOutput(key: keys[index], content: .reused(reused))
                if let printed = reused.rendererMessages {
                    rendererReports.append((variant, printed))
                }
            } else {
                toRender.append(index)
            }
        }
        let batch = toRender.map { variants[$0] }
        let staged = StagedFiles()
        let sink = { @Sendable (position: Int, bytes: [UInt8], hash: String) throws(OutputError) in
            staged.insert(position, try transaction.stage(bytes, sha256: hash, for: batch[position], index: position))
        }
        let results = renderBatch(batch, store: project.store, options: options, settings: settings, fonts: project.plan.fontsDirectory,
                                  shelf: project.workerShelf, progress: progress, sink: sink)
        var inputProblems: [Diagnostic] = []
        var outputProblem: OutputError?
        for (position, result) in results.enumerated() {
            let index = toRender[position], variant = variants[index]
            switch result {
            case .success(let encoded):
                guard var file = staged.get(position) else { continue }
                let printed = encoded.libraryMessages.trimmingCharacters(in: .whitespacesAndNewlines)
                if !printed.isEmpty {
                    file.written.rendererMessages = printed
                    rendererReports.append((variant, printed))
                }
                outputs[index] = PlannedOutput(key: keys[index], content: .staged(file))
            case .failure(.source(.recordMismatch)):
                return nil
            case .failure(.source(let error)):
                inputProblems.append(.error(variant.source.path, .renderFailed(variant.fileName, error)))
                switch variant.origin {
                case .catalog(let origin):
                    inputProblems.append(.note(origin.contentsPath, at: origin.location, SourceMessage.inImageSet(variant.name)))
                case .manifest(let location):
                    inputProblems.append(.note(project.request.path, at: location, .variantDeclaredHere(variant.name)))
                }
            case .failure(.sink(let error)):
                outputProblem = outputProblem ?? error
            case .failure(.cancelled):
                continue
            }
        }
        if options.isCancelled() { throw BuildFailure(OutputError.interrupted(root: transaction.root)) }
        // A write failure outranks bad sources: nothing more can be written anyway.
        if let outputProblem { throw BuildFailure(outputProblem) }
        if !inputProblems.isEmpty { throw BuildFailure(InputError(inputProblems)) }
        return outputs.compactMap { $0 }
    }

    /// `--werror`'s failure: the warnings, marked as its cause, and the error that says so.
    static func warningsTreatedAsErrors(_ warnings: [Diagnostic], project: LoadedProject) -> BuildFailure {
        var failure = BuildFailure(.invalidInput, warnings + [.error(project.inputPath, .warningsTreatedAsErrors)])
        failure.causedByWarnings = true
        return failure
    }

    /// The output folder may not lie in a catalog: the next build would read it as one of its
    /// groups (`assetc build .` run inside a catalog, whose default output is `./build/assets`).
    static func checkOutputApartFromCatalogs(_ project: LoadedProject) throws(BuildFailure) {
        let output = FileSystem.absolute(project.outputDirectory)
        for catalog in project.request.catalogs {
            let path = FileSystem.absolute(project.request.resolve(catalog.path))
            if output == path || output.hasPrefix(path + "/") {
                throw BuildFailure(.invalidInput, [.error(project.outputDirectory, .outputInsideCatalog(catalog.path))])
            }
        }
    }

    /// Text from Poppler, Cairo or librsvg during a render means the image may not be what the file
    /// describes: a warning on the source, repeated by every build that keeps the file. One warning
    /// per source and message, naming every file it made (a PDF drawn at three scales says it once).
    static func rendererWarnings(_ reports: [(variant: Variant, printed: String)]) -> [Diagnostic] {
        struct Problem: Hashable { var source: String; var summary: String }
        var order: [Problem] = []
        var files: [Problem: [String]] = [:]
        for (variant, printed) in reports {
            let problem = Problem(source: variant.source.path, summary: WorkerPool.summary(ofPrinted: printed))
            if files[problem] == nil { order.append(problem) }
            files[problem, default: []].append(variant.fileName)
        }
        return order.map { problem in
            .warning(problem.source, .rendererReportedProblems(files: files[problem]!, summary: problem.summary))
        }
    }

    /// Renders and encodes `batch` in supervised workers (or, with `renderInProcess`, on threads here),
    /// handing each file to `sink`: the build and the `render` action alike.
    static func renderBatch(_ batch: [Variant], store: SourceStore, options: BuildOptions, settings: BuildSettings, fonts: String?,
                            shelf: WorkerShelf? = nil, progress: (@Sendable (Int, Int) -> Void)?,
                            sink: @escaping @Sendable (Int, [UInt8], String) throws(OutputError) -> Void)
        -> [Result<EncodedVariant, VariantFailure<OutputError>>]
    {
        let batchSettings = BatchSettings(jobs: options.jobs, encoder: settings.encoder, pixelBudget: options.pixelBudget, progress: progress,
                                          isCancelled: options.isCancelled)
        if options.renderInProcess { return ParallelRenderer(batchSettings, store: store).run(batch, sink: sink) }
        var pool = WorkerPool(batchSettings, executable: ChildProcess.currentExecutable, timeLimit: settings.renderTimeLimit,
                              memoryLimit: settings.renderMemoryLimit)
        pool.fontsDirectory = fonts
        pool.shelf = shelf
        return pool.run(batch, sink: sink)
    }

    /// Runs one stage, turning its typed error into the façade's `BuildFailure`.
    static func stage<T, E: StageError>(_ body: () throws(E) -> T) throws(BuildFailure) -> T {
        do {
            return try body()
        } catch {
            throw BuildFailure(error)
        }
    }
}

/// Staged files as workers hand them over, by position in the render batch.
private final class StagedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [Int: StagedOutput] = [:]

    func insert(_ position: Int, _ file: StagedOutput) { lock.withLock { files[position] = file } }
    func get(_ position: Int) -> StagedOutput? { lock.withLock { files[position] } }
}

extension Pipeline {

    /// Generated code is replaced only when it changes, so Xcode and SwiftPM do not recompile an
    /// app for a build that changed nothing in it.
    /// `--expect-plan`: the plan's image files must be the build's, or the build fails naming what
    /// changed and the command that makes the plan again.
    static func checkExpectedPlan(_ path: String, project: LoadedProject) throws(BuildFailure) {
        let folder = FileSystem.folder(of: path)
        // Only the files' paths are read, as the plugin reads them: a plan from an older assetc,
        // whose other fields differ, is still compared, not refused for its format.
        var stored: Set<String> = []
        do {
            let root = try JSONParser.parse(try FileSystem.read(path, limit: Limits.maximumJSONBytes))
            guard case .object(let members) = root.value, let files = members.first(where: { $0.key == "files" })?.value,
                  case .array(let entries) = files.value else { throw SourceError(.planHasNoFilesList) }
            for entry in entries {
                guard case .object(let fields) = entry.value, let node = fields.first(where: { $0.key == "path" })?.value,
                      case .string(let file) = node.value else { throw SourceError(.planFileWithoutPath) }
                stored.insert(file)
            }
        } catch let error as JSONSyntaxError {
            throw BuildFailure(.invalidInput, [.error(path, at: error.location, .expectedPlanUnreadable(error.message, manifest: project.inputPath, planFolder: folder))])
        } catch {
            throw BuildFailure(.invalidInput, [.error(path, .expectedPlanUnreadable(String(describing: error), manifest: project.inputPath, planFolder: folder))])
        }
        let now = Set(project.plan.variants.map(\.outputPath))
        guard stored != now else { return }
        throw BuildFailure(.invalidInput, [.error(path, .expectedPlanIsStale(added: now.subtracting(stored), removed: stored.subtracting(now),
                                                                              manifest: project.inputPath, planFolder: folder))])
    }

    /// Replaces a file unless it already holds these bytes (the plan files of `assetc plan`).
    static func writeGenerated(_ bytes: [UInt8], to path: String) throws(OutputError) {
        do {
            try FileSystem.replaceIfChanged(path, bytes)
        } catch {
            throw .cannotWrite(file: path, error, source: nil)
        }
    }
}

extension RenderService {
    /// What `assetc version --toolchain` prints: each render library and version, the font set, and
    /// the fingerprint in every cache key.
    public static func toolchainDescription() -> [String] {
        Toolchain.current.lines
    }
}

/// The render side of the binary as a service: the worker loop `assetc render-worker` runs, and
/// what the toolchain is.
public enum RenderService {
    /// `assetc render-worker`: serves render requests on standard input until it closes.
    /// `encoder` is the parent's `PNGEncoderSettings.description` (nil: the defaults); false when it
    /// cannot be read, before anything is served.
    public static func serveRenderWorker(memoryBytes: Int?, encoder description: String?, fontsDirectory: String? = nil) -> Bool {
        guard let encoder = description.map(PNGEncoderSettings.init(description:)) ?? PNGEncoderSettings() else { return false }
        RenderWorker.serve(encoder: encoder, addressSpaceBytes: memoryBytes, fontsDirectory: fontsDirectory)
        return true
    }
}

extension Diagnostic.Message {
    fileprivate static let sourcesChangedDuringBuild: Diagnostic.Message = "sources changed while the build read them; run it again"

    /// `problem`: `DependencyFile.destinationProblem`, what the path would overwrite or land in.
    fileprivate static func cannotWriteGeneratedCode(_ problem: String) -> Diagnostic.Message { "cannot write the generated code: it \(problem)" }

    fileprivate static let runtimeTableDidNotReadBack: Diagnostic.Message = "internal: the runtime table did not read back"

    fileprivate static let interruptedWhileReadingSources: Diagnostic.Message = "interrupted while reading the sources; nothing was written"

    fileprivate static func cannotWriteDependencyFile(_ problem: String) -> Diagnostic.Message { "cannot write the dependency file: it \(problem)" }

    /// `problem`: `DependencyFile.problem(with:)`, what in the path Make cannot spell.
    fileprivate static func cannotBeListedInDependencyFile(_ problem: String) -> Diagnostic.Message { "cannot be listed in the dependency file: the path \(problem); rename it or drop --depfile" }

    /// A variant that could not be rendered: its file, then the source's own words (the build and `assetc render`).
    static func renderFailed(_ fileName: String, _ error: SourceError) -> Diagnostic.Message { "\(fileName): \(error.message)" }


    fileprivate static func variantDeclaredHere(_ name: String) -> Diagnostic.Message { "variant of '\(name)' declared here" }

    fileprivate static let warningsTreatedAsErrors: Diagnostic.Message = "warnings treated as errors (--werror); nothing was written"

    fileprivate static func outputInsideCatalog(_ catalog: String) -> Diagnostic.Message { "the output folder is inside the catalog \(catalog): the next build would read it as part of the catalog; pass --output with a folder outside it" }

    /// `summary`: what Poppler, Cairo or librsvg printed, summarised.
    fileprivate static func rendererReportedProblems(files: [String], summary: String) -> Diagnostic.Message { "\(files.joined(separator: ", ")): the renderer reported problems; check the image: \(summary)" }

    fileprivate static let planHasNoFilesList: Diagnostic.Message = "no \"files\" list"

    fileprivate static let planFileWithoutPath: Diagnostic.Message = "a file without a \"path\""

    /// `--expect-plan`'s plan could not be read; `reason` is the parser's or the error's own words.
    fileprivate static func expectedPlanUnreadable(_ reason: String, manifest: String, planFolder: String) -> Diagnostic.Message { "cannot read the plan: \(reason); \(remakePlan(manifest: manifest, planFolder: planFolder))" }

    /// `--expect-plan`: the files the build now writes differ from the plan's (three named of each, then a count).
    fileprivate static func expectedPlanIsStale(added: Set<String>, removed: Set<String>, manifest: String,
                                                planFolder: String) -> Diagnostic.Message {
        func list(_ paths: Set<String>) -> String {
            let sorted = paths.sorted()
            return sorted.prefix(3).joined(separator: ", ") + (sorted.count > 3 ? " and \(sorted.count - 3) more" : "")
        }
        var changes: [String] = []
        if !added.isEmpty { changes.append("the build now also writes \(list(added))") }
        if !removed.isEmpty { changes.append("it no longer writes \(list(removed))") }
        return "the plan is stale: \(changes.joined(separator: "; ")); \(remakePlan(manifest: manifest, planFolder: planFolder))"
    }

    private static func remakePlan(manifest: String, planFolder: String) -> String {
        "make it again with `assetc plan \(manifest) --write-plan \(planFolder)`"
    }
}
