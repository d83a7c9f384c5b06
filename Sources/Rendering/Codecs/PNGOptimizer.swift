import AssetModel
import PNGShim
/// Chooses the smallest exact PNG layout for an image: the decoded pixels stay identical.
///
/// Most app artwork has few colours, is grey, or is opaque; storing it as palette, grey or RGB
/// instead of RGBA makes files smaller and encoding faster at once (fewer bytes to filter and deflate).
public struct PNGEncoderSettings: Sendable, Hashable {
    /// The compression level that selects runflate (`Sources/PNGShim/runflate.c`), assetc's run-aware
    /// deflate encoder, instead of a libdeflate level.
    public static let runflateLevel = Int32(ASSETC_RUNFLATE_LEVEL)
    /// libdeflate level (1–12), or `runflateLevel`, for 8-bit grey, grey+alpha, RGB and RGBA layouts,
    /// which are row-filtered.
    /// Level 5 rather than 6: on the corpus it was as small or smaller and faster (docs/performance.md).
    public var compressionLevel: Int32 = 5
    /// The level (as `compressionLevel`) for palette and low-depth grey layouts.
    public var indexedCompressionLevel: Int32 = 5
    /// When set and several filter modes are tried, they are compared at this (cheaper) level and
    /// only the winner is compressed at the final level.
    public var trialCompressionLevel: Int32? = nil
    /// Filter modes tried for 8-bit palette layouts (the smallest file wins).
    var indexedFilters: [PNGRowFilter] = [.bigrams]
    /// Filter modes tried for full-colour layouts. No single heuristic wins everywhere: flat artwork
    /// compresses best unfiltered, photographs and gradients filtered.
    var fullColorFilters: [PNGRowFilter] = [.adaptive, .none]
    /// Filter modes tried for full-colour layouts of images with more than 256 colours (photographs,
    /// gradients, shadows), which cannot be palettes. One fixed filter on every row (sub, most often)
    /// is often smaller for these than per-row heuristics: `default` also tries sub; `max` also tries
    /// oxipng's per-row heuristics, the smallest entropy and the fewest distinct byte pairs, which
    /// left up, average and Paeth on every row nothing to win (docs/performance.md, "Real catalogs'
    /// PNGs"). Images that could be palettes keep `fullColorFilters`: their full-colour trial is
    /// four times their rows, and rarely wins.
    var manyColorFilters: [PNGRowFilter] = [.adaptive, .none, .sub]
    /// Large images compare filter modes on an eighth of their rows, then compress once.
    var sampleFilterTrials = true
    /// A palette file whose palette (PLTE and tRNS, about 4 bytes a colour) takes more than this
    /// share of it is also encoded in full colour, keeping the smaller file: on small images and
    /// smooth gradients the palette costs more than it saves. Large flat artwork never pays for the trial.
    public var fullColorTrialPaletteShare = 0.2
    /// A 16-bit source copied at its own size (the encoder works in 8 bits a sample) has its image
    /// data compressed again, its 16-bit samples and other chunks kept, when that makes it smaller.
    public var recompressCopies = false
    /// When false, always write RGBA 8-bit (for comparisons and debugging).
    public var reduceColorType = true

    public init() {}

    /// The settings of an effort level (measured in docs/performance.md).
    public init(effort: PNGEffort) {
        switch effort {
        case .fast:
            compressionLevel = 1
            indexedCompressionLevel = 1
            indexedFilters = [.none]  // no byte-pair counting
            manyColorFilters = fullColorFilters
            fullColorTrialPaletteShare = 1.0
        case .default:
            break
        case .max:
            // runflate, assetc's own deflate encoder, for rendered art (libdeflate 12 for the rest).
            compressionLevel = PNGEncoderSettings.runflateLevel
            indexedCompressionLevel = PNGEncoderSettings.runflateLevel
            trialCompressionLevel = 5
            sampleFilterTrials = false
            indexedFilters = [.none, .bigrams]
            fullColorFilters = [.adaptive, .none]
            manyColorFilters = [.adaptive, .none, .sub, .entropy, .fewestPairs]
            fullColorTrialPaletteShare = 0
            recompressCopies = true
        }
    }

    /// Every setting in one line: how a render worker is told, and part of every cache key.
    public var description: String {
        "c\(compressionLevel)-i\(indexedCompressionLevel)-t\(trialCompressionLevel ?? 0)"
            + "-if\(indexedFilters.map { String($0.rawValue) }.joined(separator: "."))"
            + "-ff\(fullColorFilters.map { String($0.rawValue) }.joined(separator: "."))"
            + "-mf\(manyColorFilters.map { String($0.rawValue) }.joined(separator: "."))"
            + "-s\(fullColorTrialPaletteShare)-r\(reduceColorType ? 1 : 0)-m\(sampleFilterTrials ? 1 : 0)"
            + "-k\(recompressCopies ? 1 : 0)"
    }

    /// Reads `description` back (for render workers).
    public init?(description: String) {
        var settings = PNGEncoderSettings()
        for field in description.split(separator: "-") {
            func filters(_ text: Substring) -> [PNGRowFilter]? {
                let parsed = text.split(separator: ".").compactMap { Int32($0).flatMap(PNGRowFilter.init(rawValue:)) }
                return parsed.isEmpty ? nil : parsed
            }
            switch true {
            case field.hasPrefix("if"): guard let value = filters(field.dropFirst(2)) else { return nil }; settings.indexedFilters = value
            case field.hasPrefix("ff"): guard let value = filters(field.dropFirst(2)) else { return nil }; settings.fullColorFilters = value
            case field.hasPrefix("mf"): guard let value = filters(field.dropFirst(2)) else { return nil }; settings.manyColorFilters = value
            case field.hasPrefix("c"): guard let value = Int32(field.dropFirst()) else { return nil }; settings.compressionLevel = value
            case field.hasPrefix("i"): guard let value = Int32(field.dropFirst()) else { return nil }; settings.indexedCompressionLevel = value
            case field.hasPrefix("t"):
                guard let value = Int32(field.dropFirst()) else { return nil }
                settings.trialCompressionLevel = value == 0 ? nil : value
            case field.hasPrefix("s"): guard let value = Double(field.dropFirst()) else { return nil }; settings.fullColorTrialPaletteShare = value
            case field.hasPrefix("r"): settings.reduceColorType = field.dropFirst() == "1"
            case field.hasPrefix("m"): settings.sampleFilterTrials = field.dropFirst() == "1"
            case field.hasPrefix("k"): settings.recompressCopies = field.dropFirst() == "1"
            default: return nil
            }
        }
        self = settings
    }

    /// Part of every output's cache key: change it when the encoder's output changes.
    public var cacheKey: String {
        let runflate = [compressionLevel, indexedCompressionLevel].contains(Self.runflateLevel)
            ? "-runflate\(ASSETC_RUNFLATE_VERSION)" : ""
        return "png-v4-pixel-shim-libdeflate\(PNGCodec.deflateVersion)\(runflate)-\(description)"
    }
}

public enum PNGOptimizer {
    /// Encodes straight RGBA pixels (a decoded PNG, or tests).
    public static func encode(_ image: RGBAImage, settings: PNGEncoderSettings = PNGEncoderSettings())
        throws(SourceError) -> [UInt8]
    {
        let result = image.pixels.withUnsafeBytes { raw in
            let view = PixelView(base: raw.baseAddress ?? UnsafeRawPointer(bitPattern: 16)!, width: image.width,
                                 height: image.height, stride: image.width * 4, format: .rgba)
            return Result { () throws(SourceError) in try encode(view, color: image.color, settings: settings) }
        }
        return try result.get()
    }

    /// Encodes pixels where they lie (Cairo's premultiplied surface needs no straight copy: only the
    /// layouts that store colour channels unpremultiply, and a palette converts its entries alone).
    static func encode(_ pixels: PixelView, color: PNGColorInfo?, settings: PNGEncoderSettings) throws(SourceError) -> [UInt8] {
        // Every trial carries the source's colour chunks: the values mean what they meant there.
        var color = color
        func layout(_ colorType: PNGColorType, depth: Int = 8, filters: [PNGRowFilter], indexed: Bool = false) -> PNGLayout {
            PNGLayout(colorType: colorType, bitDepth: depth,
                      compressionLevel: indexed ? settings.indexedCompressionLevel : settings.compressionLevel,
                      trialLevel: settings.trialCompressionLevel, filters: filters,
                      sampleTrials: settings.sampleFilterTrials, color: color)
        }
        guard settings.reduceColorType else {
            return try PNGCodec.encode(pixels, as: layout(.rgba, filters: settings.fullColorFilters))
        }
        let scan = PNGCodec.scan(pixels)
        let opaque = scan.opaque != 0
        var grey = scan.grey != 0
        var paletteCount = Int(scan.palette_count)
        // An ICC profile describes one colour space: an RGB profile may not tag a grey PNG, a grey
        // one may tag only a grey PNG. Keep the colour type the profile allows.
        switch color?.iccColorSpace {
        case "RGB "?:
            grey = false
        case "GRAY"?:
            if grey {
                paletteCount = -1
            } else {
                color?.iccProfile = nil  // colour added to grey art (a background): no grey profile fits
            }
        default:
            break
        }
        if grey, opaque {
            let depth = Int(scan.grey_depth)
            return try PNGCodec.encode(pixels, as: layout(.grey, depth: depth, filters: depth == 8 ? [.adaptive] : [.none],
                                                          indexed: true))
        }
        let fullColorType: PNGColorType = grey ? .greyAlpha : opaque ? .rgb : .rgba
        guard paletteCount >= 0 else {
            return try PNGCodec.encode(pixels, as: layout(fullColorType, filters: settings.manyColorFilters))
        }
        let fullColor = layout(fullColorType, filters: settings.fullColorFilters)
        let words = withUnsafeBytes(of: scan.palette) { raw in Array(raw.bindMemory(to: UInt32.self).prefix(paletteCount)) }
        var indexed = layout(.palette, depth: depth(forPaletteCount: paletteCount), filters: [], indexed: true)
        // Translucent entries first keeps tRNS short; then by RGBA value, so the order is deterministic.
        let entries = words.map { (word: $0, color: PNGCodec.straightColor($0, format: pixels.format)) }
            .sorted { lhs, rhs in
                let (l, r) = (lhs.color, rhs.color)
                if l.alpha != r.alpha { return l.alpha < r.alpha }
                if (l.red, l.green, l.blue) != (r.red, r.green, r.blue) { return (l.red, l.green, l.blue) < (r.red, r.green, r.blue) }
                return lhs.word < rhs.word  // two stored words with one straight colour (an over-bright premultiplied pixel)
            }
        indexed.paletteWords = entries.map(\.word)
        indexed.palette = entries.map(\.color)
        indexed.filters = indexed.bitDepth == 8 ? settings.indexedFilters : [.none]
        if let trialLevel = settings.trialCompressionLevel {
            // The layouts are compared at the trial level too, and only the smaller one is compressed
            // at the (slow) final level.
            func atTrialLevel(_ layout: PNGLayout) -> PNGLayout {
                var layout = layout
                layout.compressionLevel = trialLevel
                layout.trialLevel = nil
                return layout
            }
            let indexedTrial = try PNGCodec.encode(pixels, as: atTrialLevel(indexed))
            guard Double(paletteCount * 4) > Double(indexedTrial.count) * settings.fullColorTrialPaletteShare else {
                return try PNGCodec.encode(pixels, as: indexed)
            }
            let fullColorTrial = try PNGCodec.encode(pixels, as: atTrialLevel(fullColor))
            return try PNGCodec.encode(pixels, as: fullColorTrial.count < indexedTrial.count ? fullColor : indexed)
        }
        let best = try PNGCodec.encode(pixels, as: indexed)
        guard Double(paletteCount * 4) > Double(best.count) * settings.fullColorTrialPaletteShare else { return best }
        let fullColorFile = try PNGCodec.encode(pixels, as: fullColor)
        return fullColorFile.count < best.count ? fullColorFile : best
    }

    private static func depth(forPaletteCount count: Int) -> Int {
        count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
    }
}
