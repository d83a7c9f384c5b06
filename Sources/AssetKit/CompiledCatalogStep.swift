import AssetModel
import AssetPlatform
import CompiledCatalog
import Output
import Rendering
import Dispatch
import Synchronization

/// `--car`: `Resources/Assets.car` from the PNGs this build made or kept. Keyed by what goes in
/// (each rendition's attributes and its PNG's hash), so a build that changes none of them reuses
/// the file without decoding anything.
enum CompiledCatalogStep {
    static let writerVersion = "car-3"

    /// The build: PNGs read from staging or, when kept, from the tree; the file reused when its key matches.
    static func make(_ plan: BuildPlan, outputs: [PlannedOutput], transaction: OutputTransaction,
                     warnings: inout [Diagnostic], jobs: Int = 1, isCancelled: @escaping () -> Bool = { false }) throws(BuildFailure) -> [DerivedOutput] {
        let files = outputs.map { output -> (WrittenVariant, String) in
            switch output.content {
            case .staged(let staged): return (output.written, staged.stagedPath)
            case .reused: return (output.written, transaction.root + "/" + output.written.variant.outputPath)
            }
        }
        return try make(plan, files: files, warnings: &warnings, jobs: jobs,
                        reuse: { relative, key in transaction.reusableDerived(relative, key: key) },
                        previous: { relative in previousRenditions(transaction.previousDerived(relative)) },
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

    /// `files`: each written variant and where its PNG can be read now.
    /// `reuse`: the last build's car when its key matches; `previous`: the last build's renditions by
    /// cache key, asked for only when the car must be remade; `stop`: polled between renditions, the
    /// failure to stop with once SIGINT or SIGTERM came (a large car takes seconds to encode).
    static func make(_ plan: BuildPlan, files: [(WrittenVariant, String)], warnings: inout [Diagnostic], jobs: Int = 1,
                     reuse: (String, String) -> DerivedOutput?,
                     previous: (String) -> [String: [UInt8]] = { _ in [:] },
                     stop: () -> BuildFailure? = { nil }) throws(BuildFailure) -> [DerivedOutput] {
        guard let request = plan.compiledCatalog else { return [] }
        let relative = CompiledCatalogRequest.relativePath
        var colorWarnings: [Diagnostic] = []
        let sources = try Self.sources(plan, request, files: files, colorWarnings: &colorWarnings)
        let key = carKey(sources)
        warnings += colorWarnings
        if let reused = reuse(relative, key) {
            for line in (reused.messages ?? "").split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                if parts.count == 2 { warnings.append(.warning(String(parts[0]), String(parts[1]))) }
            }
            return [reused]
        }
        var made: [Diagnostic] = []

        // Each rendition is copied out of the last car when what it is made from is unchanged, else
        // read, decoded and encoded: `jobs` at a time, a few batches of them between stop checks,
        // so no more than `jobs` images' pixels are held at once (the car's compressed bytes are).
        let cached = previous(relative)
        var copied = 0, encoded = 0
        var assets: [String: CompiledCatalog.Asset] = [:]
        var pending = sources.entries.compactMap { written, path in
            pendingRendition(written, path: path, sources, cached: cached, made: &made)
        }
        copied += pending.count { !$0.needsEncoding }
        let batch = max(1, jobs) * 4
        encoded += try encodePending(&pending, batch: batch, jobs: jobs, warnings: &warnings, stop: stop)
        for item in pending {
            assets[item.name, default: CompiledCatalog.Asset(name: item.name, kind: item.kind, renditions: [])].renditions += item.renditions(devices: request.devices)
        }
        // Car-only slots, as the set's images: copied out of the last car when the file and what
        // its rendition is made from are unchanged, else decoded and encoded `jobs` at a time.
        var traitsToEncode: [PendingTrait] = []
        for file in sources.traitFiles {
            let trait = pendingTrait(file, sources)
            if let copy = cached[trait.rendition.cacheKey!] {
                var rendition = trait.rendition
                rendition.encoded = copy
                copied += 1
                assets[file.name, default: CompiledCatalog.Asset(name: file.name, kind: .image, renditions: [])].renditions.append(rendition)
            } else {
                traitsToEncode.append(trait)
            }
        }
        for start in stride(from: 0, to: traitsToEncode.count, by: batch) {
            if let stopped = stop() { throw stopped }
            let items = Array(traitsToEncode[start..<min(start + batch, traitsToEncode.count)])
            for (item, result) in zip(items, Self.parallelMap(items, jobs: jobs, Self.encodeTrait)) {
                let outcome = try result.get()
                warnings += outcome.notes
                made += outcome.warnings
                guard let rendition = outcome.rendition else { continue }
                encoded += 1
                assets[item.name, default: CompiledCatalog.Asset(name: item.name, kind: .image, renditions: [])].renditions.append(rendition)
            }
        }
        for vector in sources.vectors {
            var rendition = CompiledCatalog.Rendition(idiom: vector.slot.idiom, scale: 0, appearance: vector.slot.appearance,
                                                      fileName: FilePath(vector.source).lastComponent, width: 0, height: 0, rgba: [])
            let file = sources.vectorFiles[vector.source]!
            rendition.embedded = vector.isSVG ? .svg(file) : .pdf(file)
            rendition.subtype = vector.slot.subtype
            assets[vector.slot.name]?.renditions.append(rendition)
        }
        for (asset, _, contentsPath) in sources.symbolAssets {
            // One name, one asset: an image set of the same name keeps it, as for data and colours.
            if assets[asset.name] != nil || sources.colorAssets.contains(where: { $0.name == asset.name }) || sources.dataAssets.contains(where: { $0.name == asset.name }) {
                made.append(.warning(contentsPath, "the symbol set \"\(asset.name)\" has the name of an image, data or colour set; only that set is in Assets.car"))
                continue
            }
            assets[asset.name] = asset
        }
        for asset in sources.dataAssets {
            // As for colours: an image set of the same name keeps it.
            if assets[asset.name] != nil || sources.colorAssets.contains(where: { $0.name == asset.name }) {
                continue  // said when planning (Planner), so `check --car` says it too
            }
            assets[asset.name] = asset
        }
        for asset in sources.colorAssets {
            // One name, one asset: an image set and a colour set of the same name cannot both be
            // found by name, so the image is kept and the colour is said to be left out.
            if assets[asset.name] != nil {
                continue  // said when planning (Planner), so `check --car` says it too
            }
            assets[asset.name] = asset
        }
        var catalog = CompiledCatalog(assets: assets.keys.sorted().map { assets[$0]! },
                                      deploymentTarget: request.deploymentTarget.description)
        for (name, iconJSON) in sources.stackIcons where assets[name]?.kind == .appIcon {
            if let stopped = stop() { throw stopped }
            catalog.iconStacks.append(try iconStack(name: name, iconJSON: iconJSON, store: sources.stackStore))
        }
        let written: CompiledCatalogWriter.Written
        do {
            written = try CompiledCatalogWriter.writeWithParts(catalog)
        } catch {
            throw BuildFailure(.invalidInput, [.error(plan.inputPath, "cannot write Assets.car: \(error.message)")])
        }
        // Said under -v, not kept with the car: how much of it this build had to make.
        warnings.append(.note(plan.inputPath, "Assets.car: \(encoded) image\(encoded == 1 ? "" : "s") encoded, \(copied) copied from the last build's car"))
        warnings += made
        let messages = made.map { "\($0.path)\t\($0.message)" }.joined(separator: "\n")
        let bytes = written.bytes
        return [DerivedOutput(relativePath: relative, key: key, bytes: bytes.count, sha256: sha256Hex(bytes), content: bytes,
                              messages: messages.isEmpty ? nil : messages, parts: written.parts)]
    }
}
