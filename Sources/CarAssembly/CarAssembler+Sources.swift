import AssetModel
import CompiledCatalog
import Rendering

// What a car is made from, gathered once before anything is encoded, and the key that says
// whether the last build's car can be kept.
extension CarAssembler {
    /// A car-only slot's file (size class, memory, graphics family, locale), read whole.
    struct TraitFile {
        var name: String
        var slot: CatalogTraitSlot
        var bytes: [UInt8]
        var sha256: String
    }

    /// Everything that goes into the car: the build's PNGs, the files read for it (vectors, car-only
    /// slots, data, symbol templates, icon stacks) and the sets' attributes.
    /// A set's slot that has its own display-P3 file (so its sRGB image gets no P3 companion).
    struct WideGamutSlot: Hashable, Sendable {
        var name: String
        var idiom: Idiom?
        var scale: Int
        var appearance: Appearance
    }

    public struct CarSources: Sendable {
        var request: CompiledCatalogRequest
        /// Each written variant that goes into the car and where its PNG can be read now.
        var entries: [(WrittenVariant, String)]
        var vectors: [PDFVector]
        /// Each vector's file by its SHA-256 (read only when its rendition is not in the last car).
        var vectorHashes: [String: String]
        var traitFiles: [TraitFile]
        var dataAssets: [CompiledCatalog.Asset]
        var symbolAssets: [(asset: CompiledCatalog.Asset, sha256: String, contentsPath: String)]
        var colorAssets: [CompiledCatalog.Asset]
        var stackIcons: [(name: String, iconJSON: String)]
        var stackStore: SourceStore
        /// How every file above is read (`CarFileReader`).
        var reader: CarFileReader
        var intents: [String: CompiledCatalog.RenderingIntent]
        var shapes: [String: ImageShape]
        /// Images a set's own display-P3 slot gives the wide-gamut art of: their sRGB slot's file is
        /// not split as well (the explicit slot wins), and the choice is part of the cache key, so
        /// removing the slot makes the next build split the file again.
        var explicitWideGamut: Set<WideGamutSlot>
        /// macOS: the app icon's images the `.icns` is made from, by pixel size (`AppIconFile`):
        /// where each PNG can be read now, and its hash.
        var icnsImages: [Int: (path: String, sha256: String)] = [:]

        /// Whether an `.icns` is made with the car.
        public var makesIcns: Bool { !icnsImages.isEmpty }
    }

    /// The sources of `plan`'s car; `colorWarnings`: what converting its colours said.
    public static func sources(_ plan: BuildPlan, _ request: CompiledCatalogRequest, files: [(WrittenVariant, String)],
                               contents: CatalogSetContents, reader: CarFileReader, stackStore: SourceStore,
                               colorWarnings: inout [Diagnostic]) throws(BuildFailure) -> CarSources {
        // A single-size icon contributes only its 1024-pixel image, once per device idiom (below).
        let singleSizeAlternates = BuildPlan.singleSizeAlternates(plan.variants)
        let included = Set(plan.compiledCatalogVariants.filter { variant in
            !(request.singleSizeIcon && variant.role.kind == .appIcon)
                && !(variant.role.kind == .alternateAppIcon && variant.iconSlot?.idiom != .appStore && singleSizeAlternates.contains(variant.name))
        }.map(\.outputPath))
        let entries = files.filter { included.contains($0.0.variant.outputPath) && $0.0.variant.iconSlot != DeviceTables.macIcnsOnlyIcon }
        // A Mac app's icon (an Icon Composer icon or a Mac icon set) is also its `.icns`, from four
        // of its images; where two slots have the pixels (32: 16 @2x and 32 @1x), the @2x one, whose
        // role the element has (ic11 is 16x16@2x, ic13 128x128@2x).
        var icnsImages: [Int: (path: String, sha256: String)] = [:]
        if request.platform.hasMacIcon, request.writesIconFile, request.appIconName != nil {
            let icons = files.filter { $0.0.variant.role.kind == .appIcon && AppIconFile.pixelSizes.contains($0.0.variant.pixelWidth) }
            for (written, path) in icons.sorted(by: { $0.0.variant.scale > $1.0.variant.scale }) where icnsImages[written.variant.pixelWidth] == nil {
                icnsImages[written.variant.pixelWidth] = (path, written.sha256)
            }
        }
        // A single-scale PDF or SVG is also kept as a vector; its bytes are part of what the car is made from.
        let vectors = pdfVectors(entries.map(\.0.variant), preservingVectors: Set(plan.catalogRecords.images.filter {
            $0.bundle == .main && $0.properties.preservesVectorRepresentation == true
        }.map(\.name)))
        var vectorHashes: [String: String] = [:]
        for source in Set(vectors.map(\.source)).sorted() {
            if let known = reader.knownSHA256(source) {
                vectorHashes[source] = known
            } else {
                vectorHashes[source] = sha256Hex(try readForCar(source, reader))
            }
        }
        // Slots chosen by size class, memory, graphics family or locale: their PNGs go into the car only.
        var traitFiles: [TraitFile] = []
        var explicitWideGamut: Set<WideGamutSlot> = []
        for record in plan.catalogRecords.images where record.bundle == .main {
            // Vector slots are drawn by the render workers: they come as variants (`carTraits`).
            for slot in record.properties.traitSlots where !slot.isVector {
                let bytes: [UInt8]
                do {
                    bytes = try CatalogSetContents.bytes(slot.path, in: contents.traitSlotFiles)
                } catch {
                    throw BuildFailure(.invalidInput, [.error(slot.path, CarMessage.cannotRead(error))])
                }
                traitFiles.append(TraitFile(name: record.name, slot: slot, bytes: bytes, sha256: sha256Hex(bytes)))
            }
            for slot in record.properties.traitSlots where slot.isWideGamut && !slot.isVector && slot.carPlay != true && slot.locale == nil
                && slot.attributeValues == [24: 1] {
                explicitWideGamut.insert(WideGamutSlot(name: record.name, idiom: slot.idiom, scale: slot.scale, appearance: slot.appearance))
            }
        }
        // Data sets, whole (NSDataAsset hands the app the bytes), and symbol sets, each template's
        // glyphs (a few kilobytes each): from the files the input stage read.
        let dataAssets = try dataSets(plan, files: contents.dataFiles)
        let symbolAssets = try symbolSets(plan, templates: contents.symbolTemplates)
        let colorAssets = colors(plan, warnings: &colorWarnings)
        return CarSources(request: request, entries: entries, vectors: vectors, vectorHashes: vectorHashes, traitFiles: traitFiles,
                          dataAssets: dataAssets, symbolAssets: symbolAssets, colorAssets: colorAssets,
                          stackIcons: iconStackSources(plan, request), stackStore: stackStore, reader: reader,
                          intents: renderingIntents(plan), shapes: imageShapes(plan), explicitWideGamut: explicitWideGamut,
                          icnsImages: icnsImages)
    }

    static func readForCar(_ path: String, _ reader: CarFileReader) throws(BuildFailure) -> [UInt8] {
        do {
            return try reader.read(path, Limits.maximumSourceBytes)
        } catch {
            throw BuildFailure(.invalidInput, [.error(path, CarMessage.cannotRead(error))])
        }
    }

    /// The car's key: one line per thing it is made from, hashed.
    public static func carKey(_ sources: CarSources) -> String {
        let request = sources.request
        var description = "\(writerVersion)|\(AssetcVersion.current)|\(request.deploymentTarget)|\(request.appIconName ?? "")|"
            + "\(request.singleSizeIcon)|\(request.devices.map(\.rawValue))"
            // Another platform's car keys the same renditions differently (an iOS key stays as it was).
            + (request.platform == .iOS ? "" : "|\(request.platform.rawValue)")
            // Another generation's header and numbering (the default's key stays as it was).
            + (request.xcode == .default ? "" : "|xcode \(request.xcode.version)")
            + (request.optimizesForSpace ? "|space" : "") + "\n"
        // Little CMS converts tagged sources for the car; the file name is what each rendition records.
        description += "lcms \(SRGBConversion.version)\n"
        for (written, _) in sources.entries {
            description += "\(assetName(written.variant, request) ?? "")|\(written.variant.outputPath)|\(written.sha256)|"
                + storedFileName(written.variant)
                + (written.variant.carTraits.map { "|\($0.summary)" } ?? "") + "\n"
        }
        for source in sources.vectorHashes.keys.sorted() { description += "pdf|\(source)|\(sources.vectorHashes[source]!)\n" }
        for (name, intent) in sources.intents.sorted(by: { $0.key < $1.key }) { description += "intent|\(name)|\(intent)\n" }
        for (name, shape) in sources.shapes.sorted(by: { $0.key < $1.key }) {
            for scale in Set(shape.slicing.keys).union(shape.alignment.keys).sorted() { description += "shape|\(name)|\(scale)|\(shape.at(scale))\n" }
        }
        for file in sources.traitFiles {
            let slot = file.slot
            let traits = (slot.attributeValues ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            description += "trait|\(file.name)|\(slot.filename)|\(slot.scale)|\(slot.carPlay == true ? "car" : slot.marketing == true ? "marketing" : slot.idiom?.rawValue ?? "")|\(slot.appearance)|"
                + "\(traits)|\(slot.locale ?? "")|\(file.sha256)\n"
        }
        for asset in sources.dataAssets {
            for rendition in asset.renditions {
                guard case .data(let bytes, let type)? = rendition.embedded else { continue }
                description += "data|\(asset.name)|\(rendition.idiom)|\(rendition.localization ?? "")|\(rendition.fileName)|\(type ?? "")|\(sha256Hex(bytes))\n"
            }
        }
        for (asset, sha256, _) in sources.symbolAssets {
            // The set's rendering intent is in its glyphs' bytes, not its template's.
            let modes: [UInt32] = asset.renditions.compactMap {
                if case .symbolGlyph(let glyph)? = $0.embedded { glyph.metrics.preferredRenderingMode } else { nil }
            }
            description += "symbol|\(asset.name)|\(asset.renditions.first?.fileName ?? "")|\(sha256)|\(modes.first ?? 0)\n"
        }
        for asset in sources.colorAssets {
            for color in asset.colors {
                description += "color|\(asset.name)|\(color.idiom)|\(color.appearance)|\(color.localization ?? "")|\(color.space)|\(color.components.map(\.bitPattern))|\(color.systemColorName ?? "")\n"
            }
        }
        // Icon Composer icons' stacks: made from the bundle's icon.json and layer files, which the
        // flattened icons' pixels do not all show (glass, shadows), so each file is in the key.
        for (name, iconJSON) in sources.stackIcons {
            let json = (try? sources.stackStore.sha256(iconJSON)) ?? "unreadable"
            description += "stack|\(IconStackSource.version)|\(name)|\(json)\(IconComposerSource.layerHashes(iconJSON: iconJSON, store: sources.stackStore))\n"
        }
        for size in sources.icnsImages.keys.sorted() { description += "icns|\(size)|\(sources.icnsImages[size]!.sha256)\n" }
        // A tvOS Brand Assets set's stacks: their layers (whose pixels are in the entries above),
        // order and sizes (docs/tvos.md).
        if let set = request.brandAssets {
            for stack in set.stacks {
                description += "layers|\(LayerStackVersion.current)|\(stack.name)|\(stack.width)x\(stack.height)|"
                    + "\(stack.layers.map { "\($0.name)=\($0.content?.name ?? "")" })\n"
            }
            if let image = set.appStoreImage { description += "app store image|\(image.name)\n" }
        }
        for stack in request.solidImageStacks {
            description += "solid layers|\(LayerStackVersion.current)|\(stack.name)|\(stack.width)x\(stack.height)|"
                + "\(stack.layers.map { "\($0.name)=\($0.content?.name ?? "")" })\n"
        }
        return sha256Hex(Array(description.utf8))
    }
}
