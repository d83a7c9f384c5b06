/// Chooses the smallest exact PNG layout for an image: the decoded pixels stay identical.
///
/// Most app artwork has few colours, is grey, or is opaque; storing it as palette, grey or RGB
/// instead of RGBA makes files smaller and encoding faster at once (fewer bytes to filter and deflate).
public struct PNGEncoderSettings: Sendable, Hashable {
    /// zlib level for full-colour images.
    public var compressionLevel: Int32 = 6
    /// zlib level for palette and low-depth images, which are small enough to squeeze harder.
    public var smallImageCompressionLevel: Int32 = 9
    /// When false, always write RGBA 8-bit (for comparisons and debugging).
    public var reduceColorType: Bool = true

    public init() {}

    /// Part of every output's cache key: change it when the encoder's output changes.
    public var cacheKey: String { "png-v1-\(compressionLevel)-\(smallImageCompressionLevel)-\(reduceColorType)" }
}

public enum PNGOptimizer {
    /// What the pixel scan found.
    struct Analysis {
        var opaque = true
        var grey = true
        /// Distinct RGBA colours in first-seen order, or nil past 256.
        var palette: [UInt32]? = []
        /// Smallest bit depth that holds every grey level exactly (8 when not grey).
        var greyDepth = 1
    }

    public static func encode(_ image: RGBAImage, settings: PNGEncoderSettings = PNGEncoderSettings())
        throws(SourceError) -> [UInt8]
    {
        guard settings.reduceColorType else {
            return try PNGCodec.encode(PNGEncodingInput(
                width: image.width, height: image.height, colorType: .rgba, bitDepth: 8, rows: image.pixels,
                stride: image.width * 4, compressionLevel: settings.compressionLevel,
                filters: PNGCodec.filterAll, strategy: 0))
        }
        let analysis = analyze(image)
        let input: PNGEncodingInput
        if analysis.grey, analysis.opaque {
            input = packGrey(image, depth: analysis.greyDepth, settings: settings)
        } else if let palette = analysis.palette {
            input = packPalette(image, colors: palette, settings: settings)
        } else if analysis.grey {
            input = packChannels(image, colorType: .greyAlpha, settings: settings)
        } else if analysis.opaque {
            input = packChannels(image, colorType: .rgb, settings: settings)
        } else {
            input = packChannels(image, colorType: .rgba, settings: settings)
        }
        return try PNGCodec.encode(input)
    }

    static func analyze(_ image: RGBAImage) -> Analysis {
        var analysis = Analysis()
        var table = ColorTable()
        var fits1 = true, fits2 = true, fits4 = true
        image.pixels.withUnsafeBufferPointer { pixels in
            var index = 0
            let count = pixels.count
            while index < count {
                let r = pixels[index], g = pixels[index + 1], b = pixels[index + 2], a = pixels[index + 3]
                if a != 255 { analysis.opaque = false }
                if r != g || g != b {
                    analysis.grey = false
                } else if fits4 {
                    if r % 17 != 0 { fits4 = false; fits2 = false; fits1 = false }
                    else if r % 85 != 0 { fits2 = false; fits1 = false }
                    else if r != 0 && r != 255 { fits1 = false }
                }
                if analysis.palette != nil {
                    let color = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
                    if !table.insert(color) { analysis.palette = nil }
                }
                index += 4
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
        let divisor = 255 / ((1 << depth) - 1)
        return packIndexed(image, depth: depth, colorType: .grey, palette: [], settings: settings) { r, _, _, _ in
            r / UInt8(divisor)
        }
    }

    private static func packPalette(_ image: RGBAImage, colors: [UInt32], settings: PNGEncoderSettings) -> PNGEncodingInput {
        // Translucent entries first keeps tRNS short; then by value, so the order is deterministic.
        let sorted = colors.sorted { lhs, rhs in
            let la = lhs & 0xFF, ra = rhs & 0xFF
            return la != ra ? la < ra : lhs < rhs
        }
        var lookup = ColorTable()
        for color in sorted { _ = lookup.insert(color) }
        let palette = sorted.map {
            RGBAColor(red: UInt8($0 >> 24), green: UInt8($0 >> 16 & 0xFF), blue: UInt8($0 >> 8 & 0xFF), alpha: UInt8($0 & 0xFF))
        }
        return packIndexed(image, depth: depth(forPaletteCount: sorted.count), colorType: .palette,
                           palette: palette, settings: settings) { r, g, b, a in
            UInt8(lookup.index(of: UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)))
        }
    }

    /// Packs one sample per pixel at `depth` bits, most significant bits first as PNG requires.
    private static func packIndexed(_ image: RGBAImage, depth: Int, colorType: PNGColorType, palette: [RGBAColor],
                                    settings: PNGEncoderSettings,
                                    sample: (UInt8, UInt8, UInt8, UInt8) -> UInt8) -> PNGEncodingInput {
        let stride = (image.width * depth + 7) / 8
        var rows = [UInt8](repeating: 0, count: stride * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            rows.withUnsafeMutableBufferPointer { out in
                let perByte = 8 / depth
                for y in 0..<image.height {
                    var source = y * image.width * 4
                    let rowStart = y * stride
                    for x in 0..<image.width {
                        let value = sample(pixels[source], pixels[source + 1], pixels[source + 2], pixels[source + 3])
                        if depth == 8 {
                            out[rowStart + x] = value
                        } else {
                            let shift = (perByte - 1 - x % perByte) * depth
                            out[rowStart + x / perByte] |= value << shift
                        }
                        source += 4
                    }
                }
            }
        }
        let small = depth < 8 || colorType == .palette
        return PNGEncodingInput(
            width: image.width, height: image.height, colorType: colorType, bitDepth: depth, rows: rows,
            stride: stride, palette: palette,
            compressionLevel: small ? settings.smallImageCompressionLevel : settings.compressionLevel,
            filters: small ? PNGCodec.filterNone : PNGCodec.filterAll, strategy: 0)
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
            compressionLevel: settings.compressionLevel, filters: PNGCodec.filterAll, strategy: 0)
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
