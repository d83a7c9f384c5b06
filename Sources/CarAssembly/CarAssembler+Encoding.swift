import AssetModel
import CompiledCatalog
import Rendering
import Dispatch
import Synchronization

// Renditions decoded from the build's PNGs and encoded for the car, several at a time: set slots, car-only slots and their wide-gamut companions.
extension CarAssembler {
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
        /// How `path` is read back.
        var reader: CarFileReader
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
                    throw BuildFailure(.invalidInput, [.error(slot.path, CarMessage.cannotRead(error))])
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
                throw BuildFailure(.invalidInput, [.error(slot.path, CarMessage.cannotWrite(because: error.message))])
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
                    outcome.notes.append(.note(slot.path, .wideGamutSlotHasNoProfile(name)))
                }
            } else if let color = decoded.color, !color.isPlainSRGB {
                // Other car-only slots keep sRGB alone: their colours beyond sRGB are clipped.
                outcome.notes.append(.note(slot.path, .convertedToSRGB(slot.filename, from: color)))
            }
            image = try SRGBConversion.convert(decoded)
        } catch {
            throw BuildFailure(.invalidInput, [.error(slot.path, CarMessage.cannotRead(error))])
        }
        (rendition.width, rendition.height, rendition.rgba) = (image.width, image.height, image.pixels)
        if let slicing = rendition.slicing, !SliceFit.fits(slicing, width: image.width, height: image.height) { rendition.slicing = nil }
        if let extended {
            guard SRGBConversion.fitsHalfFloats(extended) else {
                outcome.warnings.append(.warning(slot.path, .wideGamutSlotOutOfRange(name)))
                return false
            }
            // Wide-gamut renditions are stored whole; a sliced image keeps its sRGB art alone.
            guard rendition.slicing == nil else {
                outcome.warnings.append(.warning(slot.path, .wideGamutSlotOfSlicedImage(name)))
                return false
            }
            rendition.extendedRGBA = extended
        }
        return true
    }

    /// actool's JPEG renditions carry no slicing: said, for a set slot or a car-only one.
    static func jpegSlicingDropped(_ path: String, fileName: String, name: String) -> Diagnostic {
        .warning(path, .jpegSlicingNotKept(fileName, name: name))
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
                bytes = try item.reader.read(item.path, Limits.maximumSourceBytes)
                // A JPEG slot is stored as the file, as actool stores it; everything else as pixels.
                image = variant.source.kind == .jpeg ? nil : try PNGCodec.decode(bytes).image
            } catch {
                throw BuildFailure(.invalidInput, [.error(variant.source.path, .cannotReadBack(variant.fileName, error))])
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
                        throw BuildFailure(.invalidInput, [.error(variant.source.path, .cannotConvertToSRGB(variant.fileName, error))])
                    }
                    if let extended {
                        wide = wideGamutCompanion(of: rendition, cacheKey: rendition.cacheKey)
                        (wide!.width, wide!.height, wide!.extendedRGBA) = (image.width, image.height, extended)
                        note = .note(variant.source.path, .colorsBeyondSRGB(variant.fileName, profile: color))
                    } else {
                        note = .note(variant.source.path, .convertedToSRGB(variant.fileName, from: color))
                    }
                }
                (rendition.width, rendition.height, rendition.rgba) = (image.width, image.height, image.pixels)
            } else {
                rendition.embedded = .jpeg(bytes)
            }
            do throws(CompiledCatalogError) {
                rendition.encoded = try CompiledCatalogWriter.encode(rendition, kind: item.kind)
            } catch {
                throw BuildFailure(.invalidInput, [.error(variant.source.path, CarMessage.cannotWrite(because: error.message))])
            }
            if var made = wide {
                do throws(CompiledCatalogError) {
                    made.encoded = try CompiledCatalogWriter.encode(made, kind: item.kind)
                } catch {
                    throw BuildFailure(.invalidInput, [.error(variant.source.path, CarMessage.cannotWrite(because: error.message))])
                }
                made.extendedRGBA = nil
                wide = made
            }
            rendition.rgba = []
            rendition.embedded = nil
            return (rendition, wide, note)
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func wideGamutSlotHasNoProfile(_ name: String) -> Diagnostic.Message { "the display-P3 slot of \"\(name)\" has no colour profile; its colours are taken as sRGB" }

    fileprivate static func convertedToSRGB(_ fileName: String, from profile: PNGColorInfo) -> Diagnostic.Message { "\(fileName): converted from \(profile.summary) to sRGB for Assets.car" }

    fileprivate static func wideGamutSlotOutOfRange(_ name: String) -> Diagnostic.Message { "the display-P3 slot of \"\(name)\" is left out of Assets.car: its colours do not convert to values a wide-gamut rendition holds; its sRGB image is used on every display" }

    fileprivate static func wideGamutSlotOfSlicedImage(_ name: String) -> Diagnostic.Message { "the display-P3 slot of the sliced image \"\(name)\" is left out of Assets.car; its sRGB image is used on every display" }

    fileprivate static func jpegSlicingNotKept(_ fileName: String, name: String) -> Diagnostic.Message { "\(fileName): the slicing of \"\(name)\" is not kept for a JPEG; Assets.car stores it unsliced" }

    fileprivate static func cannotReadBack(_ fileName: String, _ error: any Error) -> Diagnostic.Message { "\(fileName): cannot be read back for Assets.car: \(error)" }

    fileprivate static func cannotConvertToSRGB(_ fileName: String, _ error: any Error) -> Diagnostic.Message { "\(fileName): cannot be converted to sRGB for Assets.car: \(error)" }

    fileprivate static func colorsBeyondSRGB(_ fileName: String, profile: PNGColorInfo) -> Diagnostic.Message { "\(fileName): its \(profile.summary) colours reach beyond sRGB; Assets.car holds them in a display-gamut P3 rendition beside the sRGB one" }
}
