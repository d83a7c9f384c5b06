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
        var colorWarnings: [Diagnostic] = []
        let relative = CompiledCatalogRequest.relativePath
        // A single-size icon contributes only its 1024-pixel image, once per device idiom (below).
        let singleSizeAlternates = BuildPlan.singleSizeAlternates(plan.variants)
        let included = Set(plan.compiledCatalogVariants.filter { variant in
            !(request.singleSizeIcon && variant.role.kind == .appIcon)
                && !(variant.role.kind == .alternateAppIcon && variant.iconSlot?.idiom != .appStore && singleSizeAlternates.contains(variant.name))
        }.map(\.outputPath))
        let entries = files.filter { included.contains($0.0.variant.outputPath) }
        var description = "\(writerVersion)|\(AssetcVersion.current)|\(request.deploymentTarget)|\(request.appIconName ?? "")|"
            + "\(request.singleSizeIcon)|\(request.devices.map(\.rawValue))\n"
        // Little CMS converts tagged sources for the car; the file name is what each rendition records.
        description += "lcms \(SRGBConversion.version)\n"
        for (written, _) in entries {
            description += "\(assetName(written.variant, request) ?? "")|\(written.variant.outputPath)|\(written.sha256)|"
                + "\(written.variant.catalogOrigin?.filename ?? written.variant.fileName)"
                + (written.variant.carTraits.map { "|\($0.summary)" } ?? "") + "\n"
        }
        // A single-scale PDF or SVG is also kept as a vector; its bytes are part of what the car is made from.
        let vectors = pdfVectors(entries.map(\.0.variant), preservingVectors: Set(plan.catalogRecords.images.filter {
            $0.bundle == nil && $0.properties.preservesVectorRepresentation == true
        }.map(\.name)))
        var vectorFiles: [String: [UInt8]] = [:]
        for source in Set(vectors.map(\.source)).sorted() {
            do {
                vectorFiles[source] = try FileSystem.read(source, limit: Limits.maximumSourceBytes)
            } catch {
                throw BuildFailure(.invalidInput, [.error(source, "cannot be read for Assets.car: \(error)")])
            }
            description += "pdf|\(source)|\(sha256Hex(vectorFiles[source]!))\n"
        }
        let intents = renderingIntents(plan)
        let shapes = imageShapes(plan)
        for (name, intent) in intents.sorted(by: { $0.key < $1.key }) { description += "intent|\(name)|\(intent)\n" }
        for (name, shape) in shapes.sorted(by: { $0.key < $1.key }) {
            for scale in Set(shape.slicing.keys).union(shape.alignment.keys).sorted() { description += "shape|\(name)|\(scale)|\(shape.at(scale))\n" }
        }
        // Slots chosen by size class, memory, graphics family or locale: their PNGs go into the car only.
        var traitFiles: [(name: String, slot: CatalogTraitSlot, bytes: [UInt8], sha256: String)] = []
        for record in plan.catalogRecords.images where record.bundle == nil {
            // Vector slots are drawn by the render workers: they come as variants (`carTraits`).
            for slot in record.properties.traitSlots where !slot.isVector {
                let bytes: [UInt8]
                do {
                    bytes = try FileSystem.read(slot.path, limit: Limits.maximumSourceBytes)
                } catch {
                    throw BuildFailure(.invalidInput, [.error(slot.path, "cannot be read for Assets.car: \(error)")])
                }
                let sha256 = sha256Hex(bytes)
                traitFiles.append((record.name, slot, bytes, sha256))
                let traits = (slot.attributeValues ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                description += "trait|\(record.name)|\(slot.filename)|\(slot.scale)|\(slot.carPlay == true ? "car" : slot.idiom?.rawValue ?? "")|\(slot.appearance)|"
                    + "\(traits)|\(slot.locale ?? "")|\(sha256)\n"
            }
        }
        // Data sets: their files are read here, whole (NSDataAsset hands the app the bytes).
        let dataAssets = try dataSets(plan)
        for asset in dataAssets {
            for rendition in asset.renditions {
                guard case .data(let bytes, let type)? = rendition.embedded else { continue }
                description += "data|\(asset.name)|\(rendition.idiom)|\(rendition.localization ?? "")|\(rendition.fileName)|\(type ?? "")|\(sha256Hex(bytes))\n"
            }
        }
        // Symbol sets: each template is read and its glyphs written here (a few kilobytes each).
        let symbolAssets = try symbolSets(plan)
        for (asset, sha256, _) in symbolAssets {
            // The set's rendering intent is in its glyphs' bytes, not its template's.
            let modes: [UInt32] = asset.renditions.compactMap {
                if case .symbolGlyph(let glyph)? = $0.embedded { glyph.metrics.preferredRenderingMode } else { nil }
            }
            description += "symbol|\(asset.name)|\(asset.renditions.first?.fileName ?? "")|\(sha256)|\(modes.first ?? 0)\n"
        }
        let colorAssets = colors(plan, warnings: &colorWarnings)
        for asset in colorAssets {
            for color in asset.colors {
                description += "color|\(asset.name)|\(color.idiom)|\(color.appearance)|\(color.localization ?? "")|\(color.space)|\(color.components.map(\.bitPattern))|\(color.systemColorName ?? "")\n"
            }
        }
        // Icon Composer icons' stacks: made from the bundle's icon.json and layer files, which the
        // flattened icons' pixels do not all show (glass, shadows), so each file is in the key.
        let stackStore = SourceStore(keepsBytes: true)
        let stackIcons = iconStackSources(plan, request)
        for (name, iconJSON) in stackIcons {
            let json = (try? stackStore.sha256(iconJSON)) ?? "unreadable"
            description += "stack|\(IconStackSource.version)|\(name)|\(json)\(IconComposerBundle.layerHashes(iconJSON: iconJSON, store: stackStore))\n"
        }
        let key = sha256Hex(Array(description.utf8))
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
        // Images a set's own display-P3 slot gives the wide-gamut art of: their sRGB slot's file is
        // not split as well (the explicit slot wins), and the choice is part of the cache key, so
        // removing the slot makes the next build split the file again.
        var explicitWideGamut: Set<String> = []
        for record in plan.catalogRecords.images where record.bundle == nil {
            for slot in record.properties.traitSlots where slot.isWideGamut && !slot.isVector && slot.carPlay != true && slot.locale == nil
                && slot.attributeValues == [24: 1] {
                explicitWideGamut.insert("\(record.name)|\(slot.idiom?.rawValue ?? "")|\(slot.scale)|\(slot.appearance)")
            }
        }
        var pending: [PendingRendition] = []
        for (written, path) in entries {
            let variant = written.variant
            guard let name = assetName(variant, request) else { continue }
            let isIcon = variant.role != .image
            var rendition = CompiledCatalog.Rendition(
                idiom: idiom(variant), scale: variant.iconSlot?.scale ?? variant.scale, appearance: appearance(variant),
                iconPoints: isIcon ? variant.iconSlot?.points : nil,
                fileName: variant.catalogOrigin?.filename ?? variant.fileName,
                width: variant.pixelWidth, height: variant.pixelHeight, rgba: [])
            if !isIcon {
                rendition.renderingIntent = intents[variant.name] ?? .automatic
                rendition.isFromVector = variant.source.kind == .pdf || variant.source.kind == .svg
                (rendition.slicing, rendition.alignment) = shapes[variant.name].map { $0.at(variant.scale) } ?? (nil, nil)
                // A retina4 slot: subtype 568, as actool keys it (acextract's car).
                if variant.tall { rendition.subtype = 568 }
                // A localized or directional vector slot, drawn by the workers: keyed by its traits.
                if let traits = variant.carTraits {
                    rendition.localization = traits.locale
                    for (attribute, value) in traits.attributes {
                        if let key = RenditionAttribute(rawValue: attribute) { rendition.traits[key] = value }
                    }
                }
                // Said on every build that makes the car, copied renditions included.
                if variant.source.kind == .jpeg, rendition.slicing != nil {
                    made.append(jpegSlicingDropped(variant.source.path, fileName: variant.fileName, name: variant.name))
                    rendition.slicing = nil
                } else if let slicing = rendition.slicing, !SliceFit.fits(slicing, width: variant.pixelWidth, height: variant.pixelHeight) {
                    made.append(.warning(variant.source.path, "\(variant.fileName): the slicing of \"\(variant.name)\" does not fit its "
                        + "\(variant.pixelWidth)×\(variant.pixelHeight) pixels; Assets.car stores it unsliced"))
                    rendition.slicing = nil
                }
            }
            // The 1024 image of a single-size icon, and every dark or tinted icon, is stored once per
            // device idiom, as Xcode 26's actool stores them (an alternate has a 1024 image in the
            // car only when it is single-size). An Icon Composer icon's are named as actool names
            // them (cryptomator's car: LightIcon.png, DarkIcon.png, TintedIcon.png).
            let perDeviceIdiom = (variant.role.kind == .appStoreIcon && (request.singleSizeIcon || !variant.appearance.isAny))
                || (variant.role.kind == .alternateAppIcon && variant.iconSlot?.idiom == .appStore)
            if perDeviceIdiom {
                switch (variant.source.kind, variant.appearance.luminosity) {
                case (.iconComposer, .dark): rendition.fileName = "DarkIcon.png"
                case (.iconComposer, .tinted): rendition.fileName = "TintedIcon.png"
                case (.iconComposer, _): rendition.fileName = "LightIcon.png"
                default: rendition.fileName = FilePath(variant.source.path).lastComponent
                }
            }
            let kind: CompiledCatalog.Asset.Kind = isIcon ? .appIcon : .image
            let splitsWideGamut = kind == .image && variant.carTraits == nil && (variant.tall
                || !explicitWideGamut.contains("\(name)|\(variant.idiom?.rawValue ?? "")|\(variant.scale)|\(variant.appearance)"))
            let cacheKey = sha256Hex(Array(("\(writerVersion)|\(AssetcVersion.current)|\(SRGBConversion.version)|\(kind)|\(rendition.fileName)|\(rendition.scale)|\(rendition.appearance)|"
                + "\(rendition.renderingIntent)|\(rendition.isFromVector)|\(variant.source.kind)|\(written.sha256)|"
                + "\(rendition.slicing.map { "\($0)" } ?? "")|\(rendition.alignment.map { "\($0)" } ?? "")|\(rendition.subtype)|\(splitsWideGamut)"
                + (variant.carTraits.map { "|traits \($0.summary)" } ?? "")).utf8))
            rendition.cacheKey = cacheKey
            var wide: CompiledCatalog.Rendition?
            if let bytes = cached[cacheKey] {
                rendition.encoded = bytes
                copied += 1
                // Its wide-gamut companion was made with it, when the source had one.
                if let wideBytes = cached[Self.wideGamutCacheKey(cacheKey)] {
                    wide = Self.wideGamutCompanion(of: rendition, cacheKey: cacheKey)
                    wide?.encoded = wideBytes
                }
            }
            pending.append(PendingRendition(name: name, rendition: rendition, wide: wide, kind: kind, perDeviceIdiom: perDeviceIdiom,
                                            splitsWideGamut: splitsWideGamut, variant: variant, path: path, needsEncoding: cached[cacheKey] == nil))
        }
        let toEncode = pending.indices.filter { pending[$0].needsEncoding }
        let batch = max(1, jobs) * 4
        for start in stride(from: 0, to: toEncode.count, by: batch) {
            if let stopped = stop() { throw stopped }
            let indices = Array(toEncode[start..<min(start + batch, toEncode.count)])
            // In the order of the entries: the first failure is the one a one-at-a-time build would meet.
            for (index, result) in zip(indices, Self.encodeAll(indices.map { pending[$0] }, jobs: jobs)) {
                let (rendition, wide, note) = try result.get()
                pending[index].rendition = rendition
                pending[index].wide = wide
                if let note { warnings.append(note) }
                encoded += 1
            }
        }
        for item in pending {
            var renditions = [item.rendition] + (item.wide.map { [$0] } ?? [])
            if item.perDeviceIdiom {
                renditions = request.devices.flatMap { device in
                    renditions.map { rendition in
                        var copy = rendition
                        copy.idiom = device == .iphone ? .phone : .pad
                        return copy
                    }
                }
            }
            assets[item.name, default: CompiledCatalog.Asset(name: item.name, kind: item.kind, renditions: [])].renditions += renditions
        }
        // Car-only slots, as the set's images: copied out of the last car when the file and what
        // its rendition is made from are unchanged, else decoded and encoded `jobs` at a time.
        var traitsToEncode: [PendingTrait] = []
        for (name, slot, bytes, sha256) in traitFiles {
            let idiom: RenditionIdiom = slot.carPlay == true ? .car : slot.idiom == .iphone ? .phone : slot.idiom == .ipad ? .pad : .universal
            var rendition = CompiledCatalog.Rendition(idiom: idiom, scale: slot.scale, appearance: appearance(slot.appearance), fileName: slot.filename,
                                                      width: 0, height: 0, rgba: [])
            rendition.renderingIntent = intents[name] ?? .automatic
            (rendition.slicing, rendition.alignment) = shapes[name].map { $0.at(slot.scale) } ?? (nil, nil)
            for (attribute, value) in slot.attributeValues ?? [:] {
                if let key = RenditionAttribute(rawValue: attribute) { rendition.traits[key] = value }
            }
            rendition.localization = slot.locale
            let traits = rendition.traits.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: ",")
            rendition.cacheKey = sha256Hex(Array(("trait|\(writerVersion)|\(AssetcVersion.current)|\(SRGBConversion.version)|\(rendition.fileName)|"
                + "\(rendition.scale)|\(idiom.rawValue)|\(rendition.appearance)|\(traits)|\(slot.locale ?? "")|\(slot.isWideGamut)|"
                + "\(rendition.renderingIntent)|\(rendition.slicing.map { "\($0)" } ?? "")|\(rendition.alignment.map { "\($0)" } ?? "")|"
                + "\(sha256)").utf8))
            if let copy = cached[rendition.cacheKey!] {
                rendition.encoded = copy
                copied += 1
                assets[name, default: CompiledCatalog.Asset(name: name, kind: .image, renditions: [])].renditions.append(rendition)
            } else {
                traitsToEncode.append(PendingTrait(name: name, slot: slot, bytes: bytes, rendition: rendition))
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
        for vector in vectors {
            var rendition = CompiledCatalog.Rendition(idiom: vector.slot.idiom, scale: 0, appearance: vector.slot.appearance,
                                                      fileName: FilePath(vector.source).lastComponent, width: 0, height: 0, rgba: [])
            let file = vectorFiles[vector.source]!
            rendition.embedded = vector.isSVG ? .svg(file) : .pdf(file)
            rendition.subtype = vector.slot.subtype
            assets[vector.slot.name]?.renditions.append(rendition)
        }
        for (asset, _, contentsPath) in symbolAssets {
            // One name, one asset: an image set of the same name keeps it, as for data and colours.
            if assets[asset.name] != nil || colorAssets.contains(where: { $0.name == asset.name }) || dataAssets.contains(where: { $0.name == asset.name }) {
                made.append(.warning(contentsPath, "the symbol set \"\(asset.name)\" has the name of an image, data or colour set; only that set is in Assets.car"))
                continue
            }
            assets[asset.name] = asset
        }
        for asset in dataAssets {
            // As for colours: an image set of the same name keeps it.
            if assets[asset.name] != nil || colorAssets.contains(where: { $0.name == asset.name }) {
                continue  // said when planning (Planner), so `check --car` says it too
            }
            assets[asset.name] = asset
        }
        for asset in colorAssets {
            // One name, one asset: an image set and a colour set of the same name cannot both be
            // found by name, so the image is kept and the colour is said to be left out.
            if assets[asset.name] != nil {
                continue  // said when planning (Planner), so `check --car` says it too
            }
            assets[asset.name] = asset
        }
        var catalog = CompiledCatalog(assets: assets.keys.sorted().map { assets[$0]! },
                                      deploymentTarget: request.deploymentTarget.description)
        for (name, iconJSON) in stackIcons where assets[name]?.kind == .appIcon {
            if let stopped = stop() { throw stopped }
            catalog.iconStacks.append(try iconStack(name: name, iconJSON: iconJSON, store: stackStore))
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
