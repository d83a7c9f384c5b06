import AssetModel
import CWebP

/// WebP sources through libwebp: still images only, decoded to straight RGBA. Xcode reads WebP
/// through ImageIO, whatever the file is named (kiwix ships WebP bytes as a `.png` icon), so the
/// PNG reader hands any file that starts as WebP to this one. Its ICC profile, if any, is kept as
/// a PNG's would be (the loose PNG carries it; the car says it stores sRGB).
enum WebPCodec {
    /// `1.2.4`, for the toolchain fingerprint (a libwebp upgrade re-renders).
    static var version: String {
        let packed = WebPGetDecoderVersion()
        return "\(packed >> 16).\(packed >> 8 & 0xFF).\(packed & 0xFF)"
    }

    /// `RIFF....WEBP`.
    static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    static func readHeader(_ bytes: [UInt8]) throws(SourceError) -> PNGHeader {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { buffer in
            WebPGetFeaturesInternal(buffer.baseAddress, buffer.count, &features, WEBP_DECODER_ABI_VERSION)
        }
        switch status {
        case VP8_STATUS_OK: break
        case VP8_STATUS_NOT_ENOUGH_DATA: throw SourceError(.webPFileTruncated)
        case VP8_STATUS_UNSUPPORTED_FEATURE: throw SourceError(.webPFeatureUnsupported)
        default: throw SourceError(.webPFileDamaged(status: status))
        }
        guard features.has_animation == 0 else { throw SourceError(.animatedWebP) }
        guard features.width > 0, features.height > 0 else { throw SourceError(.webPWithoutPixels) }
        return PNGHeader(width: Int(features.width), height: Int(features.height), bitDepth: 8,
                         colorType: features.has_alpha != 0 ? .rgba : .rgb, interlaced: false)
    }

    static func decode(_ bytes: [UInt8], maximumPixels: Int) throws(SourceError) -> (header: PNGHeader, image: RGBAImage) {
        let header = try readHeader(bytes)
        guard header.width * header.height <= maximumPixels else {
            throw SourceError.overLimit(.imageOverPixelLimit("WebP", width: header.width, height: header.height, limit: maximumPixels))
        }
        var width: Int32 = 0, height: Int32 = 0
        let decoded = bytes.withUnsafeBufferPointer { buffer in WebPDecodeRGBA(buffer.baseAddress, buffer.count, &width, &height) }
        guard let decoded, Int(width) == header.width, Int(height) == header.height else {
            throw SourceError(.webPDataUndecodable)
        }
        defer { WebPFree(decoded) }
        let pixels = Array(UnsafeBufferPointer(start: decoded, count: header.width * header.height * 4))
        let color = iccProfile(bytes).map { PNGColorInfo(srgbIntent: nil, gamma: nil, chromaticities: nil, iccName: "ICC profile", iccProfile: $0) }
        return (header, RGBAImage(width: header.width, height: header.height, pixels: pixels, color: color))
    }

    /// The `ICCP` chunk of an extended (`VP8X`) file: RIFF chunks are a fourcc, a little-endian
    /// length and the data, padded to an even length.
    static func iccProfile(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 12
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let start = offset + 8
            guard length >= 0, start + length <= bytes.count else { return nil }
            if bytes[offset..<offset + 4].elementsEqual("ICCP".utf8) { return Array(bytes[start..<start + length]) }
            offset = start + length + (length & 1)
        }
        return nil
    }
}

extension Diagnostic.Message {
    fileprivate static let webPFileTruncated: Diagnostic.Message = "the WebP file is truncated"
    fileprivate static let webPFeatureUnsupported: Diagnostic.Message = "the WebP file uses a feature libwebp cannot decode"
    fileprivate static func webPFileDamaged(status: VP8StatusCode) -> Diagnostic.Message { "the WebP file is damaged (libwebp status \(status.rawValue))" }
    fileprivate static let animatedWebP: Diagnostic.Message = "an animated WebP file; only still images can be used"
    fileprivate static let webPWithoutPixels: Diagnostic.Message = "a WebP image without pixels"
    fileprivate static let webPDataUndecodable: Diagnostic.Message = "the WebP data is damaged: libwebp cannot decode it"
}
