import AssetModel
/// Chooses the smallest exact PNG layout for an image: the decoded pixels stay identical.
///
/// Most app artwork has few colours, is grey, or is opaque; storing it as palette, grey or RGB
/// instead of RGBA makes files smaller and encoding faster at once (fewer bytes to filter and deflate).
public struct PNGEncoderSettings: Sendable, Hashable {
    /// libdeflate level (1–12) for 8-bit grey, grey+alpha, RGB and RGBA layouts, which are row-filtered.
    public var compressionLevel: Int32 = 6
    /// libdeflate level for palette and low-depth grey layouts. Levels 7–9 were no smaller on the
    /// corpus and 10–12 (near-optimal parsing) were 3–18 times slower; see docs/performance.md.
    public var indexedCompressionLevel: Int32 = 6
    /// A palette file whose palette (PLTE and tRNS, about 4 bytes a colour) takes more than this
    /// share of it is also encoded in full colour, keeping the smaller file: on small images and
    /// smooth gradients the palette costs more than it saves. Large flat artwork never pays for the trial.
    public var fullColorTrialPaletteShare = 0.2
    /// When false, always write RGBA 8-bit (for comparisons and debugging).
    public var reduceColorType = true

    public init() {}

    /// The settings of an effort level (measured in docs/performance.md).
    public init(effort: PNGEffort) {
        switch effort {
        case .fast:
            compressionLevel = 1
            indexedCompressionLevel = 1
            fullColorTrialPaletteShare = 1.0
        case .default:
            break
        case .max:
            compressionLevel = 12
            indexedCompressionLevel = 12
            fullColorTrialPaletteShare = 0
        }
    }

    /// Part of every output's cache key: change it when the encoder's output changes.
    public var cacheKey: String {
        "png-v3-colour-chunks-libdeflate\(PNGCodec.deflateVersion)-\(compressionLevel)-\(indexedCompressionLevel)"
            + "-\(fullColorTrialPaletteShare)-\(reduceColorType)"
    }
}

public enum PNGOptimizer {
    /// What the pixel scan found.
    struct Analysis {
        var opaque = true
        var grey = true
        /// Distinct colours as pixel words (see `PixelWord`) in first-seen order, or nil past 256.
        var palette: [UInt32]? = []
        /// Smallest bit depth that holds every grey level exactly (8 when not grey).
        var greyDepth = 1
    }

    public static func encode(_ image: RGBAImage, settings: PNGEncoderSettings = PNGEncoderSettings())
        throws(SourceError) -> [UInt8]
    {
        // Every trial carries the source's colour chunks: the values mean what they meant there.
        func packChannels(_ image: RGBAImage, colorType: PNGColorType, settings: PNGEncoderSettings) -> PNGEncodingInput {
            var input = Self.packChannels(image, colorType: colorType, settings: settings)
            input.color = image.color
            return input
        }
        func packGrey(_ image: RGBAImage, depth: Int, settings: PNGEncoderSettings) -> PNGEncodingInput {
            var input = Self.packGrey(image, depth: depth, settings: settings)
            input.color = image.color
            return input
        }
        func packPalette(_ image: RGBAImage, colors: [UInt32], settings: PNGEncoderSettings) -> PNGEncodingInput {
            var input = Self.packPalette(image, colors: colors, settings: settings)
            input.color = image.color
            return input
        }
        guard settings.reduceColorType else {
            return try PNGCodec.encode(packChannels(image, colorType: .rgba, settings: settings))
        }
        var image = image
        var analysis = analyze(image)
        // An ICC profile describes one colour space: an RGB profile may not tag a grey PNG, a grey
        // one may tag only a grey PNG. Keep the colour type the profile allows.
        switch image.color?.iccColorSpace {
        case "RGB "?:
            analysis.grey = false
        case "GRAY"?:
            if analysis.grey {
                analysis.palette = nil
            } else {
                image.color?.iccProfile = nil  // colour added to grey art (a background): no grey profile fits
            }
        default:
            break
        }
        if analysis.grey, analysis.opaque {
            return try PNGCodec.encode(packGrey(image, depth: analysis.greyDepth, settings: settings))
        }
        let fullColor: PNGColorType = analysis.grey ? .greyAlpha : analysis.opaque ? .rgb : .rgba
        guard let palette = analysis.palette else {
            return try smallest(packChannels(image, colorType: fullColor, settings: settings),
                                filters: [.adaptive, .none])
        }
        let indexed = packPalette(image, colors: palette, settings: settings)
        let best = try smallest(indexed, filters: indexed.bitDepth == 8 ? [.none, .bigrams] : [.none])
        guard Double(palette.count * 4) > Double(best.count) * settings.fullColorTrialPaletteShare else { return best }
        let fullColorFile = try smallest(packChannels(image, colorType: fullColor, settings: settings),
                                         filters: [.adaptive, .none])
        return fullColorFile.count < best.count ? fullColorFile : best
    }

    /// Encodes the samples once per filter mode and keeps the smallest file (the first on a tie).
    /// No single filter heuristic wins on every image, and deflate is cheap next to a wrong guess.
    private static func smallest(_ input: PNGEncodingInput, filters: [PNGRowFilter]) throws(SourceError) -> [UInt8] {
        var best: [UInt8]? = nil
        var input = input
        for filter in filters {
            input.filter = filter
            let file = try PNGCodec.encode(input)
            if best.map({ file.count < $0.count }) ?? true { best = file }
        }
        return best ?? []
    }

    static func analyze(_ image: RGBAImage) -> Analysis {
        var analysis = Analysis()
        var table = ColorTable()
        var fits1 = true, fits2 = true, fits4 = true
        image.withPixelWords { words in
            // Artwork repeats pixels in runs; a repeated word adds nothing new, so skip it cheaply.
            var previous: UInt32? = nil
            for word in words where word != previous {
                previous = word
                let (r, g, b, a) = PixelWord.channels(word)
                if a != 255 { analysis.opaque = false }
                if r != g || g != b {
                    analysis.grey = false
                } else if fits4 {
                    if r % 17 != 0 { fits4 = false; fits2 = false; fits1 = false }
                    else if r % 85 != 0 { fits2 = false; fits1 = false }
                    else if r != 0 && r != 255 { fits1 = false }
                }
                if analysis.palette != nil, !table.insert(word) { analysis.palette = nil }
                if analysis.palette == nil, !analysis.grey, !analysis.opaque { break }
            }
        }
        if analysis.palette != nil { analysis.palette = table.colors }
        analysis.greyDepth = !analysis.grey ? 8 : fits1 ? 1 : fits2 ? 2 : fits4 ? 4 : 8
        return analysis
    }

    private static func depth(forPaletteCount count: Int) -> Int {
        count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
    }

    private static func packGrey(_ image: RGBAImage, depth: Int, settings: PNGEncoderSettings) -> PNGEncodingInput {
        let divisor = UInt8(255 / ((1 << depth) - 1))
        return packIndexed(image, depth: depth, colorType: .grey, palette: [], settings: settings) { word in
            PixelWord.channels(word).r / divisor
        }
    }

    private static func packPalette(_ image: RGBAImage, colors: [UInt32], settings: PNGEncoderSettings) -> PNGEncodingInput {
        // Translucent entries first keeps tRNS short; then by RGBA value, so the order is deterministic.
        let sorted = colors.map(PixelWord.rgbaValue).sorted { lhs, rhs in
            let la = lhs & 0xFF, ra = rhs & 0xFF
            return la != ra ? la < ra : lhs < rhs
        }
        var lookup = ColorTable()
        for value in sorted { _ = lookup.insert(PixelWord.word(rgbaValue: value)) }
        let palette = sorted.map {
            RGBAColor(red: UInt8($0 >> 24), green: UInt8($0 >> 16 & 0xFF), blue: UInt8($0 >> 8 & 0xFF),
                      alpha: UInt8($0 & 0xFF))
        }
        return packIndexed(image, depth: depth(forPaletteCount: sorted.count), colorType: .palette,
                           palette: palette, settings: settings) { word in
            UInt8(truncatingIfNeeded: lookup.index(of: word))
        }
    }

    /// Packs one sample per pixel at `depth` bits, most significant bits first as PNG requires.
    private static func packIndexed(_ image: RGBAImage, depth: Int, colorType: PNGColorType, palette: [RGBAColor],
                                    settings: PNGEncoderSettings,
                                    sample: (UInt32) -> UInt8) -> PNGEncodingInput {
        let stride = (image.width * depth + 7) / 8
        var rows = [UInt8](repeating: 0, count: stride * image.height)
        image.withPixelWords { words in
            rows.withUnsafeMutableBufferPointer { out in
                let perByte = 8 / depth
                var previousWord = words.first.map { $0 ^ 1 } ?? 0
                var value: UInt8 = 0
                for y in 0..<image.height {
                    let rowWords = y * image.width
                    let rowStart = y * stride
                    for x in 0..<image.width {
                        let word = words[rowWords + x]
                        if word != previousWord {
                            previousWord = word
                            value = sample(word)
                        }
                        if depth == 8 {
                            out[rowStart + x] = value
                        } else {
                            let shift = (perByte - 1 - x % perByte) * depth
                            out[rowStart + x / perByte] |= value << shift
                        }
                    }
                }
            }
        }
        return PNGEncodingInput(
            width: image.width, height: image.height, colorType: colorType, bitDepth: depth, rows: rows,
            stride: stride, palette: palette, compressionLevel: settings.indexedCompressionLevel,
            filter: depth == 8 && colorType == .grey ? .adaptive : .none)
    }

    private static func packChannels(_ image: RGBAImage, colorType: PNGColorType,
                                     settings: PNGEncoderSettings) -> PNGEncodingInput {
        let channels: [Int]
        switch colorType {
        case .greyAlpha: channels = [0, 3]
        case .rgb: channels = [0, 1, 2]
        default: channels = [0, 1, 2, 3]
        }
        let stride = image.width * channels.count
        var rows: [UInt8]
        if channels.count == 4 {
            rows = image.pixels
        } else {
            rows = [UInt8](repeating: 0, count: stride * image.height)
            image.pixels.withUnsafeBufferPointer { pixels in
                rows.withUnsafeMutableBufferPointer { out in
                    var target = 0
                    var source = 0
                    let pixelCount = image.width * image.height
                    for _ in 0..<pixelCount {
                        for channel in channels {
                            out[target] = pixels[source + channel]
                            target += 1
                        }
                        source += 4
                    }
                }
            }
        }
        return PNGEncodingInput(
            width: image.width, height: image.height, colorType: colorType, bitDepth: 8, rows: rows, stride: stride,
            compressionLevel: settings.compressionLevel, filter: .adaptive)
    }
}

/// One RGBA pixel read as a single 32-bit load, in memory order (R first), whatever the CPU's endianness.
enum PixelWord {
    static func channels(_ word: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let value = UInt32(littleEndian: word)
        return (UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24))
    }

    /// R in the high byte, A in the low byte: the order palettes are sorted in.
    static func rgbaValue(_ word: UInt32) -> UInt32 {
        let (r, g, b, a) = channels(word)
        return UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
    }

    static func word(rgbaValue value: UInt32) -> UInt32 {
        let memoryOrder = (value >> 24) | (value >> 8 & 0xFF00) | (value << 8 & 0xFF_0000) | (value << 24)
        return UInt32(littleEndian: memoryOrder)
    }
}

extension RGBAImage {
    /// The pixels as 32-bit words, one per pixel, without copying.
    func withPixelWords<Result>(_ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
        pixels.withUnsafeBytes { raw in
            // Array storage is at least word-aligned, and the byte count is a multiple of four.
            body(raw.bindMemory(to: UInt32.self))
        }
    }
}

/// A tiny open-addressing set of at most 256 colours, remembering insertion order.
struct ColorTable {
    private var keys = [UInt32](repeating: 0, count: 1024)
    private var slots = [Int16](repeating: -1, count: 1024)
    private(set) var colors: [UInt32] = []

    /// Inserts `color`; false when the table already holds 256 other colours.
    mutating func insert(_ color: UInt32) -> Bool {
        var slot = Int((color &* 2_654_435_761) >> 22)
        while slots[slot] >= 0 {
            if keys[slot] == color { return true }
            slot = (slot + 1) & 1023
        }
        if colors.count == 256 { return false }
        keys[slot] = color
        slots[slot] = Int16(colors.count)
        colors.append(color)
        return true
    }

    func index(of color: UInt32) -> Int {
        var slot = Int((color &* 2_654_435_761) >> 22)
        while slots[slot] >= 0 {
            if keys[slot] == color { return Int(slots[slot]) }
            slot = (slot + 1) & 1023
        }
        return 0
    }
}
