import AssetModel
import AssetPlatform
import CompiledCatalog
import CarAssembly
import CatalogInput
import Output
import Rendering
import Dispatch
import Synchronization

/// `--car`: `Resources/Assets.car` from the PNGs this build made or kept. Keyed by what goes in
/// (each rendition's attributes and its PNG's hash), so a build that changes none of them reuses
/// the file without decoding anything.
enum CompiledCatalogStep {
    /// The build: PNGs read from staging or, when kept, from the tree; the file reused when its key matches.
    /// `knownSources`: the build's source store, whose hashes key the vectors without reading them.
    static func make(_ plan: BuildPlan, outputs: [PlannedOutput], transaction: OutputTransaction, carPath: String = CompiledCatalogRequest.relativePath,
                     warnings: inout [Diagnostic], jobs: Int = 1, knownSources: SourceStore? = nil,
                     checkedContents: CatalogSetContents? = nil,
                     isCancelled: @escaping () -> Bool = { false }) throws(BuildFailure) -> [DerivedOutput] {
        let files = outputs.map { output -> (WrittenVariant, String) in
            switch output.content {
            case .staged(let staged): return (output.written, staged.stagedPath)
            case .reused: return (output.written, transaction.root + "/" + output.written.variant.outputPath)
            }
        }
        return try make(plan, files: files, carPath: carPath, warnings: &warnings, jobs: jobs,
                        reuse: { relative, key in transaction.reusableDerived(relative, key: key) },
                        previous: { relative in previousRenditions(transaction.previousDerived(relative)) },
                        knownSources: knownSources, checkedContents: checkedContents,
                        stop: { isCancelled() ? BuildFailure(OutputError.interrupted(root: transaction.root)) : nil })
    }

    /// The renditions of the car the last build left, by what each was made from; empty when
    /// there is none, it was changed since, or it does not read as this writer's layout.
    static func previousRenditions(_ record: (path: String, bytes: Int, sha256: String, parts: [String])?) -> [String: [UInt8]] {
        guard let record, let bytes = try? FileSystem.read(record.path, limit: record.bytes), sha256Hex(bytes) == record.sha256,
              let values = PreviousCatalog.renditions(bytes), values.count == record.parts.count else { return [:] }
        var renditions: [String: [UInt8]] = [:]
        for (part, value) in zip(record.parts, values) where !part.isEmpty { renditions[part] = value }
        return renditions
    }

    /// `files`: each written variant and where its PNG can be read now; `checkedContents`: the symbol
    /// templates and car-only slots' files as planning's checks read them, else read here.
    /// `reuse`: the last build's car when its key matches; `previous`: the last build's renditions by
    /// cache key, asked for only when the car must be remade; `stop`: polled between renditions, the
    /// failure to stop with once SIGINT or SIGTERM came (a large car takes seconds to encode).
    static func make(_ plan: BuildPlan, files: [(WrittenVariant, String)], carPath: String = CompiledCatalogRequest.relativePath,
                     warnings: inout [Diagnostic], jobs: Int = 1,
                     reuse: (String, String) -> DerivedOutput?,
                     previous: (String) -> [String: [UInt8]] = { _ in [:] },
                     knownSources: SourceStore? = nil, checkedContents: CatalogSetContents? = nil,
                     stop: () -> BuildFailure? = { nil }) throws(BuildFailure) -> [DerivedOutput] {
        guard let request = plan.compiledCatalog else { return [] }
        let relative = carPath
        var colorWarnings: [Diagnostic] = []
        let reader = knownSources.map { store in
            CarFileReader(read: CarFileReader.live.read, knownSHA256: { path in try? store.sha256(path) })
        } ?? .live
        // The files the car embeds whole, read by the input stage; the symbol templates and car-only
        // slots' files as planning's checks read them when they did (`LoadedProject.carContents`).
        var contents = checkedContents ?? CatalogSetContents(symbolTemplates: CatalogSetContentsReader.symbolTemplates(plan.catalogRecords),
                                                             traitSlotFiles: CatalogSetContentsReader.traitSlotFiles(plan.catalogRecords))
        contents.dataFiles = CatalogSetContentsReader.dataFiles(plan.catalogRecords)
        let sources = try CarAssembler.sources(plan, request, files: files, contents: contents, reader: reader,
                                               stackStore: SourceStore(keepsBytes: true), colorWarnings: &colorWarnings)
        let key = CarAssembler.carKey(sources)
        warnings += colorWarnings
        // A Mac app's `.icns` is made with the car, from the same images: kept or made with it.
        let icnsRelative = !sources.makesIcns ? nil : request.appIconName.map { "Resources/\($0).icns" }
        let reusedIcns = icnsRelative.flatMap { reuse($0, key) }
        if let reused = reuse(relative, key), icnsRelative == nil || reusedIcns != nil {
            for line in (reused.messages ?? "").split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                if parts.count == 2 { warnings.append(.warning(String(parts[0]), .init(relaying: String(parts[1])))) }
            }
            return [reused] + (reusedIcns.map { [$0] } ?? [])
        }
        let assembled = try CarAssembler.assemble(plan, sources, cached: previous(relative), jobs: jobs, warnings: &warnings, stop: stop)
        warnings += assembled.messages
        let messages = assembled.messages.map { "\($0.path)\t\($0.message)" }.joined(separator: "\n")
        let bytes = assembled.bytes
        var outputs = [DerivedOutput(relativePath: relative, key: key, bytes: bytes.count, sha256: sha256Hex(bytes), content: bytes,
                                     messages: messages.isEmpty ? nil : messages, parts: assembled.parts)]
        if let icnsRelative, let icns = assembled.icns {
            outputs.append(DerivedOutput(relativePath: icnsRelative, key: key, bytes: icns.count, sha256: sha256Hex(icns), content: icns))
        }
        return outputs
    }
}

extension CarFileReader {
    /// The file system, as the car reads it: regular files only, up to `limit` bytes.
    static let live = CarFileReader { path, limit throws(FileError) in try FileSystem.read(path, limit: limit) }
}
