import AssetModel
import CompiledCatalog
import Rendering

/// Assets.car's assembly stage: from what the car is made from (`CarSources`: the plan's records,
/// the build's PNGs and the files read for the car through the façade's `CarFileReader`; the stage
/// opens no file itself), its renditions, each copied out of the last
/// build's car when what it is made from is unchanged or else decoded and encoded, and the car's
/// bytes. Returns values; the façade stages them in the output transaction.
public enum CarAssembler {
    /// In every car and rendition key: a car made by an earlier writer is made again once, whatever
    /// its inputs. car-4: a tv or watch entry of a colour or data set, and a tv car-only slot, are
    /// keyed by their idiom (they were universal), which a tvOS car kept from before would not show.
    public static let writerVersion = "car-4"

    /// A car made: its bytes, each rendition's cache key in the order the file holds them, and what
    /// the car stores differently from the sets (kept with the car, so a reused car says it again).
    public struct Assembled: Sendable {
        public var bytes: [UInt8]
        public var parts: [String]
        public var messages: [Diagnostic]
        /// macOS: the app icon's `AppIcon.icns` (named as the icon), made with the car.
        public var icns: [UInt8]?
    }

    /// The `.icns` of a Mac app's icon, from the PNGs this build made; nil when there is none to make.
    /// An element whose image the icon set lacks (a slot left empty or of the wrong size, which
    /// planning warned about) is left out, and said: the file is then "partially defined", as
    /// `iconutil`'s man page calls it, which Finder reads.
    static func icnsFile(_ sources: CarSources, plan: BuildPlan, made: inout [Diagnostic]) throws(BuildFailure) -> [UInt8]? {
        guard !sources.icnsImages.isEmpty, let name = sources.request.appIconName else { return nil }
        var images: [Int: RGBAImage] = [:]
        for (size, source) in sources.icnsImages {
            let bytes = try readForCar(source.path, sources.reader)
            do {
                images[size] = try PNGCodec.decode(bytes).image
            } catch {
                throw BuildFailure(.invalidInput, [.error(source.path, .icnsImageUnreadable(name, because: error.message))])
            }
        }
        for (type, pixels, _) in ICNSFile.actoolLayout where images[pixels] == nil {
            made.append(.warning(plan.inputPath, .icnsElementMissing(name, type: type, pixels: pixels)))
        }
        do {
            return try AppIconFile.make(images, name: name)
        } catch {
            throw BuildFailure(.invalidInput, [.error(plan.inputPath, .cannotWriteICNS(name, because: error.message))])
        }
    }

    /// `cached`: the last build's renditions by cache key. Each rendition is read, decoded and
    /// encoded `jobs` at a time, a few batches of them between `stop` checks, so no more than
    /// `jobs` images' pixels are held at once (the car's compressed bytes are).
    public static func assemble(_ plan: BuildPlan, _ sources: CarSources, cached: [String: [UInt8]], jobs: Int,
                                warnings: inout [Diagnostic], stop: () -> BuildFailure?) throws(BuildFailure) -> Assembled {
        let request = sources.request
        var made: [Diagnostic] = []

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
            rendition.subtype = vector.slot.subtype
            // Copied out of the last car when the file is unchanged, else read (and the key taken
            // from what was read, should the file have changed since it was hashed).
            let key = { (sha256: String) in vectorCacheKey(rendition, isSVG: vector.isSVG, sha256: sha256) }
            if let knownKey = sources.vectorHashes[vector.source].map(key), let copy = cached[knownKey] {
                rendition.encoded = copy
                rendition.cacheKey = knownKey
            } else {
                let file = try readForCar(vector.source, sources.reader)
                rendition.embedded = vector.isSVG ? .svg(file) : .pdf(file)
                rendition.cacheKey = key(sha256Hex(file))
            }
            assets[vector.slot.name]?.renditions.append(rendition)
        }
        for (asset, _, contentsPath) in sources.symbolAssets {
            // One name, one asset: an image set of the same name keeps it, as for data and colours.
            if assets[asset.name] != nil || sources.colorAssets.contains(where: { $0.name == asset.name }) || sources.dataAssets.contains(where: { $0.name == asset.name }) {
                made.append(.warning(contentsPath, SourceMessage.symbolSetNameTaken(asset.name)))
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
        var stacks: [CompiledCatalog.LayerStack] = []
        if let set = request.brandAssets { stacks = try layerStacks(set, sources, assets: &assets, made: &made) }
        stacks += try solidImageStacks(request.solidImageStacks, sources, assets: assets, made: &made)
        var catalog = CompiledCatalog(assets: assets.keys.sorted().map { assets[$0]! },
                                      deploymentTarget: request.deploymentTarget.description)
        catalog.platform = request.platform
        catalog.xcode = request.xcode
        catalog.layerStacks = stacks
        for (name, iconJSON) in sources.stackIcons where assets[name]?.kind == .appIcon {
            if let stopped = stop() { throw stopped }
            catalog.iconStacks.append(try iconStack(name: name, iconJSON: iconJSON, store: sources.stackStore, xcode: request.xcode))
        }
        let written: CompiledCatalogWriter.Written
        do {
            written = try CompiledCatalogWriter.writeWithParts(catalog)
        } catch {
            throw BuildFailure(.invalidInput, [.error(plan.inputPath, CarMessage.cannotWrite(because: error.message))])
        }
        // Said under -v, not kept with the car: how much of it this build had to make.
        warnings.append(.note(plan.inputPath, .carImagesMade(encoded: encoded, copied: copied)))
        let icns = try icnsFile(sources, plan: plan, made: &made)
        return Assembled(bytes: written.bytes, parts: written.parts, messages: made, icns: icns)
    }
}

extension Diagnostic.Message {
    /// `name`: the app icon's; `detail`: the PNG's reader's words.
    fileprivate static func icnsImageUnreadable(_ name: String, because detail: String) -> Diagnostic.Message { "cannot be read for \(name).icns: \(detail)" }

    /// `type`: the element's four-character code (`ic13`).
    fileprivate static func icnsElementMissing(_ name: String, type: String, pixels: Int) -> Diagnostic.Message { "\(name).icns has no \(type) element (\(pixels)x\(pixels) px): the icon has no usable image of that size" }

    fileprivate static func cannotWriteICNS(_ name: String, because detail: String) -> Diagnostic.Message { "cannot write \(name).icns: \(detail)" }


    /// How much of the car this build made (said under -v).
    fileprivate static func carImagesMade(encoded: Int, copied: Int) -> Diagnostic.Message { "Assets.car: \(encoded) image\(encoded == 1 ? "" : "s") encoded, \(copied) copied from the last build's car" }
}
