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


    /// The app icons (primary and alternates) drawn from an Icon Composer bundle: their names in
    /// the car and their `icon.json`, each once.
    static func iconStackSources(_ plan: BuildPlan, _ request: CompiledCatalogRequest) -> [(name: String, iconJSON: String)] {
        var seen: Set<String> = []
        var result: [(name: String, iconJSON: String)] = []
        for variant in plan.compiledCatalogVariants where variant.role.kind != .image && variant.source.kind == .iconComposer {
            guard let name = assetName(variant, request), seen.insert(name).inserted else { continue }
            result.append((name, variant.source.path))
        }
        return result
    }

    /// What the car step would refuse of the icons' stacks, said when planning: a bundle the stack
    /// cannot be made from, and a name of a stack (`AppIcon/Group`, `AppIcon_Assets/Color-2`) that
    /// is also a main-bundle set's or another stack's, which would share a name in the car.
    static func checkIconStacks(_ plan: BuildPlan, store: SourceStore) throws(BuildFailure) {
        guard let request = plan.compiledCatalog else { return }
        var taken = Set(plan.variants.filter { $0.bundle == .main && $0.role == .image }.map(\.name))
        let records = plan.catalogRecords
        taken.formUnion(records.images.filter { $0.bundle == nil }.map(\.name))
        taken.formUnion(records.colors.filter { $0.bundle == nil }.map(\.name))
        taken.formUnion(records.dataSets.filter { $0.bundle == nil }.map(\.name))
        taken.formUnion(records.symbolSets.filter { $0.bundle == nil }.map(\.name))
        let sources = iconStackSources(plan, request)
        taken.formUnion(sources.map(\.name))
        var problems: [Diagnostic] = []
        for (name, iconJSON) in sources {
            let stack: IconStackPlan
            do {
                stack = try IconStackSource.read(iconJSON: iconJSON, stem: name, store: store, decodingLayers: false).0
            } catch {
                throw BuildFailure(.invalidInput, [.error(iconJSON, "cannot make the icon's stack for Assets.car: \(error)")])
            }
            let parts = Set(stack.groups.map(\.name) + stack.layers.map(\.name) + stack.colors.map(\.name) + stack.gradients.map(\.name))
            for part in parts.sorted() where taken.contains(part) {
                problems.append(.error(iconJSON, "\(part), a name of the icon \"\(name)\"'s stack in Assets.car, is also the name of a set or "
                    + "of another icon's stack; rename one of them"))
            }
            taken.formUnion(parts)
        }
        if !problems.isEmpty { throw BuildFailure(.invalidInput, problems) }
    }

    /// An Icon Composer icon's stack for iOS 26 (docs/assets-car.md, "Icon stacks"): the plan, and
    /// its layers' images as renditions.
    static func iconStack(name: String, iconJSON: String, store: SourceStore) throws(BuildFailure) -> CompiledCatalog.IconStack {
        do {
            let (plan, images) = try IconStackSource.read(iconJSON: iconJSON, stem: name, store: store)
            var stored: [String: CompiledCatalog.IconStack.LayerImage] = [:]
            for (layer, image) in images {
                switch image {
                case .svg(let bytes):
                    stored[layer] = .svg(bytes)
                case .bitmap(let pixels, let sourceWidth, let sourceHeight, let extended):
                    var rendition = CompiledCatalog.Rendition(idiom: .universal, scale: 1, appearance: .any, fileName: "image.png",
                                                              width: pixels.width, height: pixels.height, rgba: pixels.pixels)
                    rendition.extendedRGBA = extended
                    stored[layer] = .bitmap(rendition, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
                }
            }
            return CompiledCatalog.IconStack(plan: plan, images: stored)
        } catch {
            throw BuildFailure(.invalidInput, [.error(iconJSON, "cannot make the icon's stack for Assets.car: \(error)")])
        }
    }

    /// A rendition on its way into the car, in the order of the build's files.
    struct PendingRendition: Sendable {
        var name: String
        var rendition: CompiledCatalog.Rendition
        /// The display-gamut P3 rendition of a wide-gamut source (`wideGamutCompanion`), made or
        /// copied with `rendition`.
        var wide: CompiledCatalog.Rendition?
        var kind: CompiledCatalog.Asset.Kind
        var perDeviceIdiom: Bool
        /// A wide-gamut source gets its P3 rendition (not an icon, or an image whose set has its own
        /// display-P3 slot for it).
        var splitsWideGamut: Bool
        var variant: Variant
        var path: String
        var needsEncoding: Bool
    }

    /// Each rendition read back, decoded and encoded, `jobs` at a time; the results in `items`' order.
    typealias Encoded = (rendition: CompiledCatalog.Rendition, wide: CompiledCatalog.Rendition?, note: Diagnostic?)

    static func encodeAll(_ items: [PendingRendition], jobs: Int) -> [Result<Encoded, BuildFailure>] {
        parallelMap(items, jobs: jobs, encode)
    }

    /// A car-only slot's rendition on its way into the car: its key fields set, its file read.
    struct PendingTrait: Sendable {
        var name: String
        var slot: CatalogTraitSlot
        var bytes: [UInt8]
        var rendition: CompiledCatalog.Rendition
    }

    /// What encoding a car-only slot gave: its rendition (nil when it is left out), the notes said
    /// under -v, and the warnings kept with the car.
    struct TraitOutcome: Sendable {
        var rendition: CompiledCatalog.Rendition?
        var notes: [Diagnostic] = []
        var warnings: [Diagnostic] = []
    }

    /// `transform` of each item, `jobs` at a time; the results in `items`' order.
    static func parallelMap<Item: Sendable, Output: Sendable>(_ items: [Item], jobs: Int,
                                                              _ transform: @escaping @Sendable (Item) -> Output) -> [Output] {
        let workers = max(1, min(jobs, items.count))
        guard workers > 1 else { return items.map(transform) }
        let results = Mutex<[Output?]>(Array(repeating: nil, count: items.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < items.count else { return }
                let result = transform(items[index])
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// A car-only slot's PNG decoded and encoded; a display-P3 slot kept in extended-range sRGB.
    static func encodeTrait(_ item: PendingTrait) -> Result<TraitOutcome, BuildFailure> {
        Result { () throws(BuildFailure) in
            let slot = item.slot
            var outcome = TraitOutcome()
            var rendition = item.rendition
            // A JPEG is stored as the file, as actool stores a JPEG slot (its pixels are not read).
            if JPEGHeader.isJPEG(item.bytes) {
                do {
                    (rendition.width, rendition.height) = try JPEGHeader.size(item.bytes)
                } catch {
                    throw BuildFailure(.invalidInput, [.error(slot.path, "cannot be read for Assets.car: \(error)")])
                }
                rendition.embedded = .jpeg(item.bytes)
                if rendition.slicing != nil {
                    outcome.warnings.append(jpegSlicingDropped(slot.path, fileName: slot.filename, name: item.name))
                    rendition.slicing = nil
                }
            } else {
                guard try traitPixels(item, into: &rendition, outcome: &outcome) else { return outcome }
            }
            do throws(CompiledCatalogError) {
                rendition.encoded = try CompiledCatalogWriter.encode(rendition, kind: .image)
            } catch {
                throw BuildFailure(.invalidInput, [.error(slot.path, "cannot write Assets.car: \(error.message)")])
            }
            rendition.rgba = []
            rendition.extendedRGBA = nil
            rendition.embedded = nil
            outcome.rendition = rendition
            return outcome
        }
    }

    /// A car-only slot's pixels (and a display-P3 slot's wide-gamut floats) into `rendition`;
    /// false when the slot is left out, with the warning that says why.
    static func traitPixels(_ item: PendingTrait, into rendition: inout CompiledCatalog.Rendition,
                            outcome: inout TraitOutcome) throws(BuildFailure) -> Bool {
        let slot = item.slot, name = item.name
        let image: RGBAImage
        var extended: [Float]?
        do {
            let decoded = try PNGCodec.decode(item.bytes).image
            // A display-P3 slot is the art for wide-gamut screens: kept in extended-range sRGB
            // (an untagged file is taken as sRGB, as ImageIO takes it, and said).
            if slot.isWideGamut {
                extended = try SRGBConversion.extendedRangeSRGB(decoded) ?? decoded.pixels.map { Float($0) / 255 }
                if decoded.color == nil {
                    outcome.notes.append(.note(slot.path, "the display-P3 slot of \"\(name)\" has no colour profile; its colours are taken as sRGB"))
                }
            } else if let color = decoded.color, !color.isPlainSRGB {
                // Other car-only slots keep sRGB alone: their colours beyond sRGB are clipped.
                outcome.notes.append(.note(slot.path, "\(slot.filename): converted from \(color.summary) to sRGB for Assets.car"))
            }
            image = try SRGBConversion.convert(decoded)
        } catch {
            throw BuildFailure(.invalidInput, [.error(slot.path, "cannot be read for Assets.car: \(error)")])
        }
        (rendition.width, rendition.height, rendition.rgba) = (image.width, image.height, image.pixels)
        if let slicing = rendition.slicing, !SliceFit.fits(slicing, width: image.width, height: image.height) { rendition.slicing = nil }
        if let extended {
            guard SRGBConversion.fitsHalfFloats(extended) else {
                outcome.warnings.append(.warning(slot.path, "the display-P3 slot of \"\(name)\" is left out of Assets.car: its colours do not convert "
                    + "to values a wide-gamut rendition holds; its sRGB image is used on every display"))
                return false
            }
            // Wide-gamut renditions are stored whole; a sliced image keeps its sRGB art alone.
            guard rendition.slicing == nil else {
                outcome.warnings.append(.warning(slot.path, "the display-P3 slot of the sliced image \"\(name)\" is left out of Assets.car; "
                    + "its sRGB image is used on every display"))
                return false
            }
            rendition.extendedRGBA = extended
        }
        return true
    }

    /// actool's JPEG renditions carry no slicing: said, for a set slot or a car-only one.
    static func jpegSlicingDropped(_ path: String, fileName: String, name: String) -> Diagnostic {
        .warning(path, "\(fileName): the slicing of \"\(name)\" is not kept for a JPEG; Assets.car stores it unsliced")
    }

    /// The cache key of a rendition's wide-gamut companion.
    static func wideGamutCacheKey(_ cacheKey: String) -> String { cacheKey + "|p3" }

    /// The display-gamut P3 rendition beside an sRGB one: the same key but for gamut 1.
    static func wideGamutCompanion(of rendition: CompiledCatalog.Rendition, cacheKey: String?) -> CompiledCatalog.Rendition {
        var wide = rendition
        wide.traits[.displayGamut] = 1
        wide.cacheKey = cacheKey.map(wideGamutCacheKey)
        wide.encoded = nil
        return wide
    }

    /// One rendition's pixels (or JPEG) read from its PNG and encoded; a note when its colours
    /// were converted to sRGB. A source whose colours reach beyond sRGB (a Display P3 PNG) also
    /// gets a display-gamut P3 rendition, as actool splits such a PNG (docs/assets-car.md); an
    /// app icon and a sliced image stay sRGB alone.
    static func encode(_ item: PendingRendition) -> Result<Encoded, BuildFailure> {
        Result { () throws(BuildFailure) in
            var rendition = item.rendition
            var wide: CompiledCatalog.Rendition?
            let variant = item.variant
            var note: Diagnostic?
            let bytes: [UInt8]
            let image: RGBAImage?
            do {
                bytes = try FileSystem.read(item.path, limit: Limits.maximumSourceBytes)
                // A JPEG slot is stored as the file, as actool stores it; everything else as pixels.
                image = variant.source.kind == .jpeg ? nil : try PNGCodec.decode(bytes).image
            } catch {
                throw BuildFailure(.invalidInput, [.error(variant.source.path, "\(variant.fileName): cannot be read back for Assets.car: \(error)")])
            }
            if var image {
                // Another colour space is converted to sRGB, as the rendition is tagged sRGB.
                if let color = image.color, !color.isPlainSRGB {
                    var extended: [Float]?
                    if item.splitsWideGamut, rendition.slicing == nil {
                        // Optional: a profile Little CMS cannot take to floats, or whose transform gives
                        // values a half float cannot hold, keeps the sRGB rendition alone.
                        extended = (try? SRGBConversion.extendedRangeSRGB(image, onlyBeyondSRGB: true)).flatMap {
                            SRGBConversion.fitsHalfFloats($0) ? $0 : nil
                        }
                    }
                    do {
                        image = try SRGBConversion.convert(image)
                    } catch {
                        throw BuildFailure(.invalidInput, [.error(variant.source.path, "\(variant.fileName): cannot be converted to sRGB for Assets.car: \(error)")])
                    }
                    if let extended {
                        wide = wideGamutCompanion(of: rendition, cacheKey: rendition.cacheKey)
                        (wide!.width, wide!.height, wide!.extendedRGBA) = (image.width, image.height, extended)
                        note = .note(variant.source.path, "\(variant.fileName): its \(color.summary) colours reach beyond sRGB; Assets.car holds "
                            + "them in a display-gamut P3 rendition beside the sRGB one")
                    } else {
                        note = .note(variant.source.path, "\(variant.fileName): converted from \(color.summary) to sRGB for Assets.car")
                    }
                }
                (rendition.width, rendition.height, rendition.rgba) = (image.width, image.height, image.pixels)
            } else {
                rendition.embedded = .jpeg(bytes)
            }
            do throws(CompiledCatalogError) {
                rendition.encoded = try CompiledCatalogWriter.encode(rendition, kind: item.kind)
            } catch {
                throw BuildFailure(.invalidInput, [.error(variant.source.path, "cannot write Assets.car: \(error.message)")])
            }
            if var made = wide {
                do throws(CompiledCatalogError) {
                    made.encoded = try CompiledCatalogWriter.encode(made, kind: item.kind)
                } catch {
                    throw BuildFailure(.invalidInput, [.error(variant.source.path, "cannot write Assets.car: \(error.message)")])
                }
                made.extendedRGBA = nil
                wide = made
            }
            rendition.rgba = []
            rendition.embedded = nil
            return (rendition, wide, note)
        }
    }

    /// The vector renditions a car holds: one per image name, idiom and appearance whose bitmaps
    /// were all drawn from one PDF or SVG (a single-scale slot), as actool keeps such a file beside
    /// its 1x/2x/3x bitmaps. A set with a PDF per scale gets bitmaps only.
    struct PDFVector {
        struct Slot: Hashable {
            var name: String
            var idiom: RenditionIdiom
            var appearance: RenditionAppearance
            /// 568 for a retina4 slot, whose PDF actool keeps as a vector of its own.
            var subtype: UInt16
        }

        var slot: Slot
        var source: String

        var isSVG: Bool { ResolvedSource.Kind.forPath(source) == .svg }
    }

    static func pdfVectors(_ variants: [Variant], preservingVectors: Set<String> = []) -> [PDFVector] {
        // Each slot's sources and Contents.json entries; nil stands for a bitmap not drawn from a vector.
        var sources: [PDFVector.Slot: Set<String?>] = [:]
        var entries: [PDFVector.Slot: Set<String>] = [:]
        var drawnFromPoints: Set<PDFVector.Slot> = []
        var pageInPoints: Set<PDFVector.Slot> = []
        // Slots drawn for a locale or a direction (`carTraits`) are not the set's own slot: they
        // get bitmaps alone, and leave the base slot's vector as it was (Immuni's sets).
        for variant in variants where variant.role == .image && variant.carTraits == nil {
            let slot = PDFVector.Slot(name: variant.name, idiom: idiom(variant), appearance: appearance(variant), subtype: variant.tall ? 568 : 0)
            sources[slot, default: []].insert(variant.source.kind == .pdf || variant.source.kind == .svg ? variant.source.path : nil)
            entries[slot, default: []].insert("\(variant.catalogOrigin?.contentsPath ?? ""):\(variant.origin.location)")
            // The page is in points (a single-scale or 1x slot); a vector in a 2x or 3x slot has
            // its page in that scale's pixels, which CoreUI would take for points.
            if variant.contentSize == variant.pointSize {
                pageInPoints.insert(slot)
                // Drawn from points at another scale: a single-scale slot.
                if variant.scale != 1 { drawnFromPoints.insert(slot) }
            }
        }
        return sources.compactMap { slot, paths in
            // One file in one slot, and that slot single-scale, or a 1x slot whose vector the set
            // keeps (`preserves-vector-representation`): a file in a 2x slot, or the same file in
            // each scale slot, is that scale's artwork, and gets bitmaps only.
            guard paths.count == 1, let path = paths.first ?? nil, entries[slot]?.count == 1,
                  drawnFromPoints.contains(slot) || (preservingVectors.contains(slot.name) && pageInPoints.contains(slot)) else { return nil }
            return PDFVector(slot: slot, source: path)
        }.sorted { ($0.slot.name, $0.source, $0.slot.idiom.rawValue, $0.slot.appearance.rawValue)
            < ($1.slot.name, $1.source, $1.slot.idiom.rawValue, $1.slot.appearance.rawValue) }
    }

    /// The main bundle's data sets as car assets, one rendition per idiom, each file read whole (up
    /// to the source limit: a larger file is an error naming it, not a car of gigabytes).
    static func dataSets(_ plan: BuildPlan) throws(BuildFailure) -> [CompiledCatalog.Asset] {
        var assets: [CompiledCatalog.Asset] = []
        for set in plan.catalogRecords.dataSets where set.bundle == nil {
            var asset = CompiledCatalog.Asset(name: set.name, kind: .data, renditions: [])
            var seen: Set<String> = []
            for entry in set.entries {
                let idiom: RenditionIdiom = entry.idiom == .iphone ? .phone : entry.idiom == .ipad ? .pad : .universal
                guard seen.insert("\(idiom.rawValue)|\(entry.locale ?? "")").inserted else { continue }
                let bytes: [UInt8]
                do {
                    bytes = try FileSystem.read(entry.path, limit: Limits.maximumSourceBytes)
                } catch {
                    throw BuildFailure(.invalidInput, [.error(entry.path, "the data set \"\(set.name)\": cannot be read for Assets.car: \(error)")])
                }
                if let size = GitLFSPointer.pointedSize(of: bytes) {
                    throw BuildFailure(.invalidInput, [.error(entry.path, GitLFSPointer.message(pointedSize: size))])
                }
                var rendition = CompiledCatalog.Rendition(idiom: idiom, scale: 1, appearance: .any, fileName: entry.filename, width: 0, height: 0, rgba: [])
                rendition.embedded = .data(bytes, typeIdentifier: entry.typeIdentifier)
                rendition.localization = entry.locale
                asset.renditions.append(rendition)
            }
            if !asset.renditions.isEmpty { assets.append(asset) }
        }
        return assets
    }

    /// The main bundle's symbol sets as car assets, one glyph rendition per weight and size of the
    /// template, with the template's SHA-256 for the car's cache key. A template that cannot be
    /// read or holds no usable glyph is an error naming it: the app would miss the symbol.
    static func symbolSets(_ plan: BuildPlan) throws(BuildFailure) -> [(asset: CompiledCatalog.Asset, sha256: String, contentsPath: String)] {
        var assets: [(asset: CompiledCatalog.Asset, sha256: String, contentsPath: String)] = []
        for record in plan.catalogRecords.symbolSets where record.bundle == nil {
            let set = record.symbolSet
            func failure(_ message: String) -> BuildFailure {
                BuildFailure(.invalidInput, [.error(set.path, "the symbol set \"\(set.name)\": \(message)")])
            }
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(set.path, limit: Limits.maximumSymbolTemplateBytes)
            } catch {
                throw failure("cannot be read for Assets.car: \(error)")
            }
            if let size = GitLFSPointer.pointedSize(of: bytes) {
                throw BuildFailure(.invalidInput, [.error(set.path, GitLFSPointer.message(pointedSize: size))])
            }
            let glyphs: [SymbolGlyph]
            do {
                glyphs = try SymbolTemplate.glyphs(XMLReader.parse(bytes))
            } catch let error as SourceError {
                throw failure(error.message)
            } catch let error as SymbolTemplateError {
                throw failure(error.message)
            } catch {
                throw failure("\(error)")
            }
            var asset = CompiledCatalog.Asset(name: set.name, kind: .symbol, renditions: [])
            for var glyph in glyphs {
                glyph.metrics.preferredRenderingMode = SymbolTemplate.renderingMode(forIntent: set.renderingIntent)
                var rendition = CompiledCatalog.Rendition(idiom: .universal, scale: 1, appearance: .any, fileName: set.filename, width: 0, height: 0, rgba: [])
                rendition.embedded = .symbolGlyph(glyph)
                rendition.traits = [.glyphWeight: glyph.weight, .glyphSize: glyph.size, .deploymentTarget: SymbolTemplate.deploymentTarget]
                asset.renditions.append(rendition)
            }
            assets.append((asset, sha256Hex(bytes), set.contentsPath))
        }
        return assets
    }

    /// The main bundle's car-only slots, read as far as their headers when the car is planned, so
    /// `check --car` refuses a file the build would refuse (a garbage or truncated JPEG, PNG, WebP
    /// or HEIC header); their pixels are read when the car is made.
    static func checkTraitSlots(_ plan: BuildPlan) throws(BuildFailure) {
        for record in plan.catalogRecords.images where record.bundle == nil {
            for slot in record.properties.traitSlots where !slot.isVector {
                do {
                    let bytes = try FileSystem.read(slot.path, limit: Limits.maximumSourceBytes)
                    if JPEGHeader.isJPEG(bytes) {
                        _ = try JPEGHeader.size(bytes)
                    } else {
                        _ = try PNGCodec.readHeader(bytes)
                    }
                } catch {
                    throw BuildFailure(.invalidInput, [.error(slot.path, "cannot be read for Assets.car: \(error)")])
                }
            }
        }
    }

    /// Each main-bundle catalog image set's slicing and alignment insets by scale, by name.
    struct ImageShape {
        var slicing: [Int: ScaledCapInsets] = [:]
        var alignment: [Int: ScaledAlignmentInsets] = [:]

        /// In whole pixels, as the car stores them.
        func at(_ scale: Int) -> (CompiledCatalog.Slicing?, CompiledCatalog.AlignmentInsets?) {
            func pixels(_ value: Double) -> Int { Int(value.rounded()) }
            let slicing = self.slicing[scale].map { insets in
                CompiledCatalog.Slicing(
                    mode: insets.mode == .threePartHorizontal ? .threePartHorizontal : insets.mode == .threePartVertical ? .threePartVertical : .ninePart,
                    tiles: insets.tiles, top: pixels(insets.topPixels), left: pixels(insets.leftPixels), bottom: pixels(insets.bottomPixels),
                    right: pixels(insets.rightPixels), centerWidth: insets.centerWidthPixels.map(pixels), centerHeight: insets.centerHeightPixels.map(pixels))
            }
            let alignment = self.alignment[scale].map {
                CompiledCatalog.AlignmentInsets(top: pixels($0.top), left: pixels($0.left), bottom: pixels($0.bottom), right: pixels($0.right))
            }
            return (slicing, alignment)
        }
    }

    static func imageShapes(_ plan: BuildPlan) -> [String: ImageShape] {
        var shapes: [String: ImageShape] = [:]
        for image in plan.catalogRecords.images where image.bundle == nil {
            guard !image.properties.capInsets.isEmpty || !image.properties.alignment.isEmpty else { continue }
            var shape = ImageShape()
            for insets in image.properties.capInsets { shape.slicing[insets.scale] = insets }
            for insets in image.properties.alignment { shape.alignment[insets.scale] = insets }
            shapes[image.name] = shape
        }
        return shapes
    }

    /// Each main-bundle catalog image set's `template-rendering-intent`, by name.
    static func renderingIntents(_ plan: BuildPlan) -> [String: CompiledCatalog.RenderingIntent] {
        var intents: [String: CompiledCatalog.RenderingIntent] = [:]
        for image in plan.catalogRecords.images where image.bundle == nil {
            switch image.properties.templateRenderingIntent {
            case "template"?: intents[image.name] = .template
            case "original"?: intents[image.name] = .original
            default: continue
            }
        }
        return intents
    }

    /// The main bundle's colour sets as car assets: components in the space's order, each parsed as
    /// actool parses it (a 32-bit float, widened: "0.243" is stored as 0.24300000071525574).
    static func colors(_ plan: BuildPlan, warnings: inout [Diagnostic]) -> [CompiledCatalog.Asset] {
        var assets: [CompiledCatalog.Asset] = []
        for set in plan.catalogRecords.colors where set.bundle == nil {
            var asset = CompiledCatalog.Asset(name: set.name, kind: .color, renditions: [])
            var seen: Set<String> = []
            var noted: Set<String> = []
            func note(_ message: String) {
                if noted.insert(message).inserted { warnings.append(.note(plan.inputPath, message)) }
            }
            for color in set.colors {
                let idiom: RenditionIdiom = color.idiom == .iphone ? .phone : color.idiom == .ipad ? .pad : .universal
                // Notes, not warnings (docs/assets-car.md): what the car leaves out here falls back
                // to the set's other colours or to nil, and a warning would fail every Bazel build of
                // a catalog that uses system colours (rules_apple fails on any actool warning).
                let appearance = Self.appearance(color.appearance)
                switch color.value {
                case .reference(_, let name):
                    // UIKit resolves the name on the device; the components are what CoreUI shows
                    // where it does not (the colour's light value on iOS, SystemColors).
                    guard seen.insert("\(idiom)|\(appearance)|\(color.locale ?? "")").inserted else { continue }
                    let fallback = SystemColors.lightValue(name)
                    if fallback == nil {
                        note("the colour set \"\(set.name)\" refers to \"\(name)\", which is not an iOS system colour assetc knows; its fallback in Assets.car is black")
                    }
                    asset.colors.append(.init(idiom: idiom, appearance: appearance, space: .extendedSRGB,
                                              components: fallback ?? [0, 0, 0, 1], systemColorName: name, localization: color.locale))
                case .components(let spaceName, let components):
                    guard let space = ColorSpace(catalogName: spaceName) else {
                        warnings.append(.warning(plan.inputPath, "the colour set \"\(set.name)\" uses the colour space \"\(spaceName)\", which is not written to Assets.car"))
                        continue
                    }
                    let order = space.componentCount == 2 ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
                    let values = order.map { name in components.first { $0.name == name }?.value ?? (name == "alpha" ? 1 : 0) }
                    guard seen.insert("\(idiom)|\(appearance)|\(color.locale ?? "")").inserted else { continue }
                    asset.colors.append(.init(idiom: idiom, appearance: appearance, space: space, components: values.map(actoolComponent),
                                              localization: color.locale))
                }
            }
            if !asset.colors.isEmpty { assets.append(asset) }
        }
        return assets
    }

    /// actool parses a decimal component (`"0.243"`) as a 32-bit float and stores it widened; a
    /// byte (`"62"`, `"0x3E"`) is stored as n/255 in full precision (mcfans/actool's parity notes).
    /// The catalog reader keeps the value, not its notation: a value that is n/255 and not a
    /// decimal of at most three places was written as a byte.
    static func actoolComponent(_ value: Double) -> Double {
        let bytes = value * 255, thousandths = value * 1000
        let isByte = abs(bytes - bytes.rounded()) < 1e-9 && abs(thousandths - thousandths.rounded()) > 1e-6
        return isByte ? value : Double(Float(value))
    }

    /// The name an app asks for: the icon set's name for the app icon, and the set's own name for an
    /// alternate icon (`setAlternateIconName(_:)`) or an image.
    static func assetName(_ variant: Variant, _ request: CompiledCatalogRequest) -> String? {
        switch variant.role.kind {
        case .image, .alternateAppIcon: variant.name
        default: request.appIconName
        }
    }

    static func idiom(_ variant: Variant) -> RenditionIdiom {
        if let slot = variant.iconSlot {
            switch slot.idiom {
            case .iphone: return .phone
            case .ipad: return .pad
            case .appStore: return .marketing
            }
        }
        switch variant.idiom {
        case nil: return .universal
        case .iphone?: return .phone
        case .ipad?: return .pad
        }
    }

    static func appearance(_ variant: Variant) -> RenditionAppearance {
        appearance(variant.appearance)
    }

    static func appearance(_ appearance: Appearance) -> RenditionAppearance {
        appearance.luminosity == .tinted ? .tintable
            : RenditionAppearance(dark: appearance.luminosity == .dark, light: appearance.luminosity == .light,
                                  highContrast: appearance.highContrast)
    }
}
