import AssetModel
import CompiledCatalog
import Rendering

// Each rendition's key fields, set from its variant or car-only slot before its pixels are read.
extension CarAssembler {
    /// The file name a variant's rendition records: its catalog file's; a Mac icon set's image keeps
    /// its file's name too, as actool 26.3 names them (mcfans's car: icon_16x16@2x.png), where the
    /// Icon Composer icon's images are drawn and named by their slot.
    static func storedFileName(_ variant: Variant) -> String {
        // A set's icon PNG keeps its file's name in a Mac car, as actool's does, and in a watch car,
        // as actool names a single-size iOS icon's image.
        if variant.iconSlot?.idiom == .mac || variant.iconSlot?.idiom == .watch, variant.source.kind == .png {
            return FilePath(variant.source.path).lastComponent
        }
        return variant.catalogOrigin?.filename ?? variant.fileName
    }

    /// The rendition of one written variant, its bytes copied from `cached` when what it is made
    /// from is unchanged; nil for a variant the car does not hold. Says in `made` what the car
    /// stores differently from the set (on every build that makes the car, copied renditions included).
    static func pendingRendition(_ written: WrittenVariant, path: String, _ sources: CarSources, cached: [String: [UInt8]],
                                 made: inout [Diagnostic]) -> PendingRendition? {
        let request = sources.request
        let variant = written.variant
        guard let name = assetName(variant, request) else { return nil }
        let isIcon = variant.role != .image
        var rendition = CompiledCatalog.Rendition(
            idiom: idiom(variant), scale: variant.iconSlot?.scale ?? variant.scale, appearance: appearance(variant),
            iconPoints: isIcon ? variant.iconSlot?.points : nil,
            fileName: storedFileName(variant),
            width: variant.pixelWidth, height: variant.pixelHeight, rgba: [])
        if !isIcon { imageAttributes(variant, sources, into: &rendition, made: &made) }
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
            || !sources.explicitWideGamut.contains(WideGamutSlot(name: name, idiom: variant.idiom, scale: variant.scale, appearance: variant.appearance)))
        // Spelled field by field: printing the enums through reflection was 4% of a one-change
        // rebuild at 2,000 sets (6,000 keys).
        let cacheKey = sha256Hex(Array(("\(writerVersion)|\(AssetcVersion.current)|\(SRGBConversion.version)|\(Self.keyName(kind))|\(rendition.fileName)|"
            + "\(rendition.scale)|\(rendition.appearance.rawValue)|\(Self.keyName(rendition.renderingIntent))|\(rendition.isFromVector)|"
            + "\(variant.source.kind.rawValue)|\(written.sha256)|"
            + "\(rendition.slicing.map { "\($0)" } ?? "")|\(rendition.alignment.map { "\($0)" } ?? "")|\(rendition.subtype)|\(splitsWideGamut)"
            + (variant.carTraits.map { "|traits \($0.summary)" } ?? "") + (request.optimizesForSpace ? "|space" : "")).utf8))
        rendition.cacheKey = cacheKey
        rendition.thorough = request.optimizesForSpace
        var wide: CompiledCatalog.Rendition?
        if let bytes = cached[cacheKey] {
            rendition.encoded = bytes
            // Its wide-gamut companion was made with it, when the source had one.
            if let wideBytes = cached[Self.wideGamutCacheKey(cacheKey)] {
                wide = Self.wideGamutCompanion(of: rendition, cacheKey: cacheKey)
                wide?.encoded = wideBytes
            }
        }
        return PendingRendition(name: name, rendition: rendition, wide: wide, kind: kind, perDeviceIdiom: perDeviceIdiom,
                                splitsWideGamut: splitsWideGamut, variant: variant, path: path, needsEncoding: cached[cacheKey] == nil,
                                reader: sources.reader)
    }

    static func keyName(_ kind: CompiledCatalog.Asset.Kind) -> String {
        switch kind {
        case .appIcon: "appIcon"
        case .image: "image"
        case .color: "color"
        case .data: "data"
        case .symbol: "symbol"
        }
    }

    static func keyName(_ intent: CompiledCatalog.RenderingIntent) -> String {
        switch intent {
        case .automatic: "automatic"
        case .original: "original"
        case .template: "template"
        }
    }

    /// An image's rendering intent, vector origin, slicing, retina4 subtype and traits.
    static func imageAttributes(_ variant: Variant, _ sources: CarSources, into rendition: inout CompiledCatalog.Rendition,
                                made: inout [Diagnostic]) {
        rendition.renderingIntent = sources.intents[variant.name] ?? .automatic
        rendition.isFromVector = variant.source.kind == .pdf || variant.source.kind == .svg
        (rendition.slicing, rendition.alignment) = sources.shapes[variant.name].map { $0.at(variant.scale) } ?? (nil, nil)
        // A retina4 slot: subtype 568, as actool keys it (acextract's car).
        if variant.tall { rendition.subtype = 568 }
        // A localized or directional vector slot, drawn by the workers: keyed by its traits.
        if let traits = variant.carTraits {
            rendition.localization = traits.locale
            key(&rendition, by: traits.attributes)
        }
        if variant.source.kind == .jpeg, rendition.slicing != nil {
            made.append(jpegSlicingDropped(variant.source.path, fileName: variant.fileName, name: variant.name))
            rendition.slicing = nil
        } else if let slicing = rendition.slicing, !SliceFit.fits(slicing, width: variant.pixelWidth, height: variant.pixelHeight) {
            made.append(.warning(variant.source.path, .slicingDoesNotFit(variant.fileName, name: variant.name, width: variant.pixelWidth,
                                                                 height: variant.pixelHeight)))
            rendition.slicing = nil
        }
    }

    /// Encodes the renditions not copied from the last car, `batch` at a time between stop checks,
    /// in the order of the entries: the first failure is the one a one-at-a-time build would meet.
    /// Returns how many were encoded.
    static func encodePending(_ pending: inout [PendingRendition], batch: Int, jobs: Int, warnings: inout [Diagnostic],
                              stop: () -> BuildFailure?) throws(BuildFailure) -> Int {
        let toEncode = pending.indices.filter { pending[$0].needsEncoding }
        var encoded = 0
        for start in stride(from: 0, to: toEncode.count, by: batch) {
            if let stopped = stop() { throw stopped }
            let indices = Array(toEncode[start..<min(start + batch, toEncode.count)])
            for (index, result) in zip(indices, Self.encodeAll(indices.map { pending[$0] }, jobs: jobs)) {
                let (rendition, wide, note) = try result.get()
                pending[index].rendition = rendition
                pending[index].wide = wide
                if let note { warnings.append(note) }
                encoded += 1
            }
        }
        return encoded
    }

    /// A car-only slot's or drawn vector's traits (CoreUI attribute numbers) in the rendition's key;
    /// a watch's screen width is its subtype, which the writer keys from `subtype`.
    static func key(_ rendition: inout CompiledCatalog.Rendition, by attributes: [UInt16: UInt16]) {
        for (attribute, value) in attributes {
            if let key = RenditionAttribute(rawValue: attribute) { rendition.traits[key] = value }
        }
        if let subtype = rendition.traits.removeValue(forKey: .subtype) { rendition.subtype = subtype }
    }

    /// A car-only slot's rendition with its key fields and cache key set; its pixels not yet read.
    static func pendingTrait(_ file: TraitFile, _ sources: CarSources) -> PendingTrait {
        let slot = file.slot
        let idiom: RenditionIdiom = slot.carPlay == true ? .car : slot.marketing == true ? .marketing : Self.idiom(slot.idiom)
        var rendition = CompiledCatalog.Rendition(idiom: idiom, scale: slot.scale, appearance: appearance(slot.appearance), fileName: slot.filename,
                                                  width: 0, height: 0, rgba: [])
        rendition.renderingIntent = sources.intents[file.name] ?? .automatic
        (rendition.slicing, rendition.alignment) = sources.shapes[file.name].map { $0.at(slot.scale) } ?? (nil, nil)
        key(&rendition, by: slot.attributeValues ?? [:])
        rendition.localization = slot.locale
        let traits = rendition.traits.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: ",")
        rendition.cacheKey = sha256Hex(Array(("trait|\(writerVersion)|\(AssetcVersion.current)|\(SRGBConversion.version)|\(rendition.fileName)|"
            + "\(rendition.scale)|\(idiom.rawValue)|\(rendition.appearance)|\(traits)|\(slot.locale ?? "")|\(slot.isWideGamut)|"
            + "\(rendition.renderingIntent)|\(rendition.slicing.map { "\($0)" } ?? "")|\(rendition.alignment.map { "\($0)" } ?? "")|"
            + "\(file.sha256)" + (sources.request.optimizesForSpace ? "|space" : "")).utf8))
        rendition.thorough = sources.request.optimizesForSpace
        return PendingTrait(name: file.name, slot: slot, bytes: file.bytes, rendition: rendition)
    }
}

extension CarAssembler.PendingRendition {
    /// The rendition and its wide-gamut companion, once per device idiom when the icon is stored so.
    func renditions(devices: [Idiom]) -> [CompiledCatalog.Rendition] {
        let renditions = [rendition] + (wide.map { [$0] } ?? [])
        guard perDeviceIdiom else { return renditions }
        return devices.flatMap { device in
            renditions.map { rendition in
                var copy = rendition
                copy.idiom = device == .iphone ? .phone : .pad
                return copy
            }
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func slicingDoesNotFit(_ fileName: String, name: String, width: Int, height: Int) -> Diagnostic.Message { "\(fileName): the slicing of \"\(name)\" does not fit its \(width)×\(height) pixels; Assets.car stores it unsliced" }
}
