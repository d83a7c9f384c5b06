import AssetModel
import PNGShim

/// The IHDR facts of a PNG file.
public struct PNGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    public var colorType: PNGColorType
    public var interlaced: Bool
}

public enum PNGColorType: Int, Sendable, Equatable {
    case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6
}

/// Pixels in memory, as the renderer or the PNG reader left them, for the encoder to read.
struct PixelView {
    enum Format: Int32 {
        /// Straight alpha, bytes R, G, B, A.
        case rgba = 0
        /// Cairo's ARGB32: native-endian 32-bit words 0xAARRGGBB, premultiplied.
        case premultipliedARGB32 = 1
    }

    var base: UnsafeRawPointer
    var width: Int
    var height: Int
    /// Bytes from one row to the next.
    var stride: Int
    var format: Format

    var shim: assetc_pixels {
        assetc_pixels(data: base, width: UInt32(width), height: UInt32(height), stride: stride, format: format.rawValue)
    }
}

/// The PNG layout an image is written in, and how hard the encoder tries.
struct PNGLayout {
    var colorType: PNGColorType
    var bitDepth: Int
    /// Colour type 3: each entry's stored pixel word (what the pixels hold) and its straight colour.
    var paletteWords: [UInt32] = []
    var palette: [RGBAColor] = []
    /// libdeflate level, 1–12, of the file written.
    var compressionLevel: Int32
    /// With several filters: the level they are compared at (nil: the compression level itself).
    var trialLevel: Int32? = nil
    /// Filter modes to try; the smallest file wins, the first on a tie.
    var filters: [PNGRowFilter]
    /// Compare the modes of a large image on a sample of its rows (an eighth) instead of whole.
    var sampleTrials = false
    /// Colour chunks to write (from the source), nil for untagged sRGB.
    var color: PNGColorInfo? = nil
}

/// How rows are filtered before deflating.
enum PNGRowFilter: Int32, Sendable {
    /// No filtering: best for palette and low-depth images, whose samples are indices, not intensities.
    case none = 0
    /// The same PNG filter type on every row. Photographs and smooth gradients often compress best
    /// with one fixed filter (sub, for most), which the per-row heuristics below do not find.
    case sub = 1, up = 2, average = 3, paeth = 4
    /// Per row, the PNG filter whose output has the smallest sum of magnitudes (libpng's heuristic).
    case adaptive = 5
    /// Per row, up when it leaves at most half the distinct byte pairs of none: for palette indices,
    /// where magnitudes mean nothing but repeated pairs are what deflate finds.
    case bigrams = 6
    /// Per row, the PNG filter whose bytes have the smallest Shannon entropy (oxipng's "entropy").
    case entropy = 7
    /// Per row, the PNG filter that leaves the fewest distinct byte pairs (oxipng's "bigrams").
    case fewestPairs = 8
}

/// The only file that calls into libpng (through the setjmp shim).
public enum PNGCodec {
    /// The deflate library's version; its output bytes depend on it, so it is part of cache keys.
    static let deflateVersion = String(cString: assetc_png_deflate_version())

    /// One pass over the pixels: opaque, grey, grey depth and up to 256 distinct stored words.
    static func scan(_ pixels: PixelView) -> assetc_pixel_scan {
        var scan = assetc_pixel_scan()
        var shim = pixels.shim
        assetc_scan_pixels(&shim, &scan)
        return scan
    }

    /// The straight colour of one stored pixel word.
    static func straightColor(_ word: UInt32, format: PixelView.Format) -> RGBAColor {
        var rgba: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &rgba) { raw in
            assetc_pixel_straight(format.rawValue, word, raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return RGBAColor(red: rgba.0, green: rgba.1, blue: rgba.2, alpha: rgba.3)
    }

    /// Every pixel as straight RGBA bytes (the one unpremultiplying rule, shared with the encoder).
    static func straightRGBA(_ pixels: PixelView) -> [UInt8] {
        let count = pixels.width * pixels.height * 4
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var shim = pixels.shim
            if let base = buffer.baseAddress { assetc_pixels_straight(&shim, base) }
            initialized = count
        }
    }

    static func encode(_ pixels: PixelView, as layout: PNGLayout) throws(SourceError) -> [UInt8] {
        var errorBuffer = [CChar](repeating: 0, count: 256)
        var rgb: [UInt8] = []
        var alpha: [UInt8] = []
        for color in layout.palette {
            rgb += [color.red, color.green, color.blue]
            alpha.append(color.alpha)
        }
        while let last = alpha.last, last == 255 { alpha.removeLast() }  // trailing opaque entries need no tRNS
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let profile = layout.color?.iccProfile ?? []
        let filters = layout.filters.map { Int32($0.rawValue) }
        let status: Int32 = layout.paletteWords.withUnsafeBufferPointer { words in
            rgb.withUnsafeBufferPointer { rgb in
                alpha.withUnsafeBufferPointer { alpha in
                    filters.withUnsafeBufferPointer { filters in
                        profile.withUnsafeBufferPointer { profile in
                            var color = Self.chunks(layout.color, profile: profile)
                            return withUnsafePointer(to: &color) { colorPointer in
                                var request = assetc_png_encode_request(
                                    pixels: pixels.shim,
                                    bit_depth: Int32(layout.bitDepth), color_type: Int32(layout.colorType.rawValue),
                                    palette_words: words.baseAddress,
                                    palette_rgb: rgb.baseAddress, palette_count: Int32(layout.palette.count),
                                    palette_alpha: alpha.baseAddress, palette_alpha_count: Int32(alpha.count),
                                    compression_level: layout.compressionLevel, trial_level: layout.trialLevel ?? 0,
                                    filters: filters.baseAddress, filter_count: Int32(filters.count),
                                    sample_trials: layout.sampleTrials ? 1 : 0,
                                    color: layout.color == nil ? nil : colorPointer)
                                return assetc_png_encode(&request, &output, &length, &errorBuffer, errorBuffer.count)
                            }
                        }
                    }
                }
            }
        }
        guard status == 0, let output else {
            throw SourceError(.pngEncodingFailed(Self.message(errorBuffer)))
        }
        defer { assetc_png_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// The same PNG with its image data filtered and compressed again with `settings`' filters for
    /// many-colour images and its levels: the samples at their own depth and every other chunk byte
    /// for byte. The file as it was when that is not larger. Non-interlaced files only.
    public static func recompress(_ bytes: [UInt8], settings: PNGEncoderSettings,
                                  maximumPixels: Int = Limits.maximumSourcePixels) throws(SourceError) -> [UInt8] {
        if let problem = imageDataProblem(bytes) { throw SourceError.overLimit(.pngImageDataTooLarge(problem)) }
        var errorBuffer = [CChar](repeating: 0, count: 256)
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let filters = settings.manyColorFilters.map { Int32($0.rawValue) }
        let status: Int32 = filters.withUnsafeBufferPointer { filters in
            bytes.withUnsafeBufferPointer { buffer in
                var request = assetc_png_encode_request()
                request.compression_level = settings.compressionLevel
                request.trial_level = settings.trialCompressionLevel ?? 0
                request.filters = filters.baseAddress
                request.filter_count = Int32(filters.count)
                request.sample_trials = settings.sampleFilterTrials ? 1 : 0
                return assetc_png_recompress(buffer.baseAddress, buffer.count, UInt64(maximumPixels), &request,
                                             &output, &length, &errorBuffer, errorBuffer.count)
            }
        }
        guard status == 0, let output else {
            throw SourceError(.pngEncodingFailed(Self.message(errorBuffer)))
        }
        defer { assetc_png_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    public static func readHeader(_ bytes: [UInt8]) throws(SourceError) -> PNGHeader {
        if WebPCodec.isWebP(bytes) { return try WebPCodec.readHeader(bytes) }
        if HEIFCodec.isHEIF(bytes) { return try HEIFCodec.readHeader(bytes) }
        var errorBuffer = [CChar](repeating: 0, count: 256)
        var header = assetc_png_header()
        let status = bytes.withUnsafeBufferPointer { buffer in
            assetc_png_read_header(buffer.baseAddress, buffer.count, &header, &errorBuffer, errorBuffer.count)
        }
        guard status == 0 else { throw SourceError(describeFailure(bytes, errorBuffer)) }
        return try makeHeader(header)
    }

    /// The shim's form of colour chunks; `profile` must outlive its use.
    static func chunks(_ info: PNGColorInfo?, profile: UnsafeBufferPointer<UInt8>) -> assetc_png_color {
        var color = assetc_png_color()
        color.srgb_intent = Int32(info?.srgbIntent ?? -1)
        if let gamma = info?.gamma { color.has_gamma = 1; color.gamma = Int32(gamma) }
        if let values = info?.chromaticities, values.count == 8 {
            color.has_chrm = 1
            withUnsafeMutableBytes(of: &color.chrm) { raw in
                let slots = raw.bindMemory(to: Int32.self)
                for index in 0..<8 { slots[index] = Int32(values[index]) }
            }
        }
        if let info, info.iccProfile != nil, profile.count > 0 {
            color.icc_profile = profile.baseAddress
            color.icc_length = UInt32(profile.count)
            withUnsafeMutableBytes(of: &color.icc_name) { raw in
                // Latin-1, as `PNGColorInfo.keyword` reads it, and made a keyword libpng accepts.
                let latin1 = info.iccName.unicodeScalars.map { $0.value <= 255 ? UInt8($0.value) : UInt8(ascii: "?") }
                let bytes = PNGColorInfo.keyword(latin1).unicodeScalars.map { UInt8($0.value) } + [0]
                for (index, byte) in bytes.enumerated() { raw[index] = byte }
            }
        }
        return color
    }

    /// The colour chunks of a PNG; nil when they say plain sRGB (or there are none), as assetc
    /// writes by default.
    public static func readColor(_ bytes: [UInt8]) throws(SourceError) -> PNGColorInfo? {
        var errorBuffer = [CChar](repeating: 0, count: 256)
        var color = assetc_png_color()
        let status = bytes.withUnsafeBufferPointer { buffer in
            assetc_png_read_color(buffer.baseAddress, buffer.count, &color, &errorBuffer, errorBuffer.count)
        }
        guard status == 0 else { throw SourceError(describeFailure(bytes, errorBuffer)) }
        defer { if let profile = color.icc_profile { assetc_png_free(UnsafeMutableRawPointer(mutating: profile)) } }
        var info = PNGColorInfo(srgbIntent: color.srgb_intent >= 0 ? Int(color.srgb_intent) : nil,
                                gamma: color.has_gamma != 0 ? Int(color.gamma) : nil, chromaticities: nil,
                                iccName: withUnsafeBytes(of: color.icc_name) { raw in
                                    PNGColorInfo.keyword(Array(raw.prefix { $0 != 0 }))
                                }, iccProfile: nil)
        if color.has_chrm != 0 {
            info.chromaticities = withUnsafeBytes(of: color.chrm) { raw in raw.bindMemory(to: Int32.self).map { Int($0) } }
        }
        if let profile = color.icc_profile, color.icc_length > 0 {
            info.iccProfile = Array(UnsafeBufferPointer(start: profile, count: Int(color.icc_length)))
        }
        return info.isPlainSRGB ? nil : info
    }

    /// Whether the file has an alpha channel as its header and chunks declare it (grey or RGB with
    /// alpha, or a `tRNS` chunk before the image data), whatever its pixels hold: App Store Connect
    /// refuses an App Store icon with one even when every pixel is opaque (ITMS-90717). Nil when
    /// the bytes are not a PNG.
    public static func declaresAlpha(_ bytes: [UInt8]) -> Bool? {
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard bytes.count >= 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        if bytes[25] == 4 || bytes[25] == 6 { return true }
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = be32(offset)
            let type = bytes[offset + 4..<offset + 8]
            if type.elementsEqual("tRNS".utf8) { return true }
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) || length > bytes.count - offset - 12 { break }
            offset += 12 + length
        }
        return false
    }

    /// Why the PNG's compressed image data cannot be what its header says, or nil. An encoder writes
    /// at most about the image's own size (stored blocks, or fixed codes at 9 bits a byte); data
    /// far beyond it inflates to far more than the image needs, which libpng would inflate to the
    /// end (a 16x16 icon with a 64 MB IDAT took minutes while planning). Checked before decoding.
    static func imageDataProblem(_ bytes: [UInt8]) -> Diagnostic.Message? {
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard bytes.count >= 33, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let (width, height, depth, colorType) = (be32(16), be32(20), Int(bytes[24]), Int(bytes[25]))
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 4
        let rowBytes = (width * channels * depth + 7) / 8
        // Adam7's passes add at most a filter byte and a partial byte per pass row.
        let raw = height * (rowBytes + 1) + (bytes[28] != 0 ? 16 * (height + 8) : 0)
        let bound = raw * 2 + 65_536
        var offset = 8
        var compressed = 0
        while offset + 8 <= bytes.count {
            let length = be32(offset)
            let type = bytes[offset + 4..<offset + 8]
            if type.elementsEqual("IDAT".utf8) { compressed += length }
            if type.elementsEqual("IEND".utf8) || length > bytes.count { break }
            offset += 12 + length
        }
        guard compressed > bound else { return nil }
        return .imageDataBeyondBound(compressed: compressed, width: width, height: height, uncompressed: raw)
    }

    /// Decodes any PNG to straight RGBA 8-bit, refusing images larger than `maximumPixels`.
    public static func decode(_ bytes: [UInt8], maximumPixels: Int = Limits.maximumSourcePixels)
        throws(SourceError) -> (header: PNGHeader, image: RGBAImage)
    {
        if WebPCodec.isWebP(bytes) { return try WebPCodec.decode(bytes, maximumPixels: maximumPixels) }
        if HEIFCodec.isHEIF(bytes) { return try HEIFCodec.decode(bytes, maximumPixels: maximumPixels) }
        if let problem = imageDataProblem(bytes) { throw SourceError.overLimit(.pngImageDataTooLarge(problem)) }
        var errorBuffer = [CChar](repeating: 0, count: 256)
        var header = assetc_png_header()
        var pixels: UnsafeMutablePointer<UInt8>?
        let status = bytes.withUnsafeBufferPointer { buffer in
            assetc_png_decode_rgba(buffer.baseAddress, buffer.count, UInt64(maximumPixels), &header, &pixels,
                                   &errorBuffer, errorBuffer.count)
        }
        guard status == 0, let pixels else { throw SourceError(describeFailure(bytes, errorBuffer)) }
        defer { assetc_png_free(pixels) }
        let parsed = try makeHeader(header)
        let image = RGBAImage(width: parsed.width, height: parsed.height,
                              pixels: Array(UnsafeBufferPointer(start: pixels, count: parsed.width * parsed.height * 4)),
                              color: try readColor(bytes))
        return (parsed, image)
    }

    private static func makeHeader(_ header: assetc_png_header) throws(SourceError) -> PNGHeader {
        guard let colorType = PNGColorType(rawValue: Int(header.color_type)) else {
            throw SourceError(.unknownPNGColourType(header.color_type))
        }
        return PNGHeader(width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
                         colorType: colorType, interlaced: header.interlaced != 0)
    }

    private static func message(_ buffer: [CChar]) -> Diagnostic.Message {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? .unknownLibpngError : Diagnostic.Message(relaying: text)
    }

    /// libpng's message, sharpened when the bytes are plainly another format (a JPEG named .png).
    private static func describeFailure(_ bytes: [UInt8], _ buffer: [CChar]) -> Diagnostic.Message {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .pngFileHoldsJPEG }
        if bytes.starts(with: Array("%PDF".utf8)) { return .pngFileHoldsPDF }
        if bytes.starts(with: Array("GIF8".utf8)) { return .pngFileHoldsGIF }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .pngFileHoldsWebP
        }
        if bytes.isEmpty { return .pngFileIsEmpty }
        let libpngError = message(buffer)
        let text = libpngError.text
        // libpng's "Invalid IHDR data" does not say what is invalid: the header's own numbers do
        // (a size of 0, or beyond libpng's limit of 1,000,000 pixels a side).
        if text.contains("IHDR"), bytes.count >= 29, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), Array(bytes[12..<16]) == Array("IHDR".utf8) {
            func word(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
            let (width, height) = (word(16), word(20))
            let sizeOutOfRange = width == 0 || height == 0 || width > 1_000_000 || height > 1_000_000
            return .invalidPNGHeader(libpngError, width: width, height: height, bitDepth: bytes[24], colourType: bytes[25],
                                     interlaceMethod: bytes[28], sizeOutOfRange: sizeOutOfRange)
        }
        return libpngError
    }
}

extension Diagnostic.Message {
    fileprivate static func pngEncodingFailed(_ libpngError: Diagnostic.Message) -> Diagnostic.Message { "PNG encoding failed: \(libpngError.text)" }
    fileprivate static func pngImageDataTooLarge(_ problem: Diagnostic.Message) -> Diagnostic.Message { "PNG \(problem.text)" }
    /// `imageDataProblem`'s answer, said after "PNG " (`pngImageDataTooLarge`).
    fileprivate static func imageDataBeyondBound(compressed: Int, width: Int, height: Int, uncompressed: Int) -> Diagnostic.Message { "its image data is \(compressed) bytes, more than a \(width)x\(height) image can need (\(uncompressed) bytes uncompressed): refused, as it would inflate to far more" }
    fileprivate static func unknownPNGColourType(_ colorType: Int32) -> Diagnostic.Message { "PNG has an unknown colour type \(colorType)" }
    fileprivate static let unknownLibpngError: Diagnostic.Message = "unknown libpng error"
    fileprivate static let pngFileHoldsJPEG: Diagnostic.Message = "not a PNG file: it holds JPEG data"
    fileprivate static let pngFileHoldsPDF: Diagnostic.Message = "not a PNG file: it holds a PDF"
    fileprivate static let pngFileHoldsGIF: Diagnostic.Message = "not a PNG file: it holds GIF data"
    fileprivate static let pngFileHoldsWebP: Diagnostic.Message = "not a PNG file: it holds WebP data"
    fileprivate static let pngFileIsEmpty: Diagnostic.Message = "not a PNG file: it is empty"
    /// libpng's "Invalid IHDR data" does not say what is invalid: the header's own numbers do.
    fileprivate static func invalidPNGHeader(_ libpngError: Diagnostic.Message, width: UInt32, height: UInt32, bitDepth: UInt8,
                                             colourType: UInt8, interlaceMethod: UInt8, sizeOutOfRange: Bool) -> Diagnostic.Message {
        "\(libpngError.text): the header gives \(width)x\(height) pixels, bit depth \(bitDepth), colour type \(colourType), interlace method \(interlaceMethod)\(sizeOutOfRange ? " (PNGs here are 1 to 1,000,000 pixels a side)" : "")"
    }
}
