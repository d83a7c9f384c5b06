import AssetModel
import CTurboJPEG

/// JPEG pixels through libjpeg-turbo's TurboJPEG API, for where a JPEG must be drawn rather than
/// copied: a layer of a tvOS or visionOS layered icon, whose flattened and radiosity images are
/// drawn from every layer (moonlight-stream/moonlight-ios's tvOS back layers are JPEGs). Everywhere
/// else a catalog's JPEG is copied as it is (`JPEGHeader`).
///
/// Decoded with the accurate integer IDCT, whose results libjpeg-turbo keeps the same with and
/// without SIMD, so a flattened image is the same on every machine; a progressive file is limited
/// to 500 scans (`TJFLAG_LIMITSCANS`), so a forged one cannot run for minutes. A warning from the
/// decoder (a truncated or damaged file) is an error: its pixels would be partly grey. The EXIF
/// orientation is not applied, as CoreGraphics does not apply it when it reads a file's image.
public enum JPEGCodec {
    public static func decode(_ bytes: [UInt8], maximumPixels: Int = Limits.maximumSourcePixels) throws(SourceError) -> RGBAImage {
        let size = try JPEGHeader.size(bytes)
        guard size.width * size.height <= maximumPixels else {
            throw SourceError.overLimit(.imageOverPixelLimit("JPEG", width: size.width, height: size.height, limit: maximumPixels))
        }
        guard let handle = tjInitDecompress() else { throw SourceError(.jpegDecoderNotStarted) }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw SourceError(.jpegUndecodable(errorText(handle))) }
        guard colorspace != Int32(TJCS_CMYK.rawValue), colorspace != Int32(TJCS_YCCK.rawValue) else { throw SourceError(.cmykJPEG) }
        guard Int(width) == size.width, Int(height) == size.height else { throw SourceError(.jpegUndecodable("its frame header disagrees with itself")) }
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
                              Int32(TJPF_RGBA.rawValue), TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS)
            }
        }
        guard status == 0 else { throw SourceError(.jpegUndecodable(errorText(handle))) }
        let color = iccProfile(bytes).map { PNGColorInfo(srgbIntent: nil, gamma: nil, chromaticities: nil, iccName: "ICC profile", iccProfile: $0) }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels, color: color)
    }

    static func errorText(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "libjpeg-turbo gave no reason"
    }

    /// The ICC profile of `APP2` `ICC_PROFILE` segments, joined in their sequence numbers' order
    /// (a profile over 64 KiB is split across several); nil without one, or for a set that is
    /// incomplete. Read up to the first scan; every read is bounds-checked.
    static func iccProfile(_ bytes: [UInt8]) -> [UInt8]? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: [UInt8]] = [:]
        var expected = 0
        var position = 2
        while position + 4 <= bytes.count {
            guard bytes[position] == 0xFF else { return nil }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }  // fill bytes
            if marker == 0xDA || marker == 0xD9 { break }  // the first scan, or the end
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let start = position + 4, end = position + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xE2, end - start > signature.count + 2, bytes[start..<start + signature.count].elementsEqual(signature) {
                let sequence = Int(bytes[start + signature.count]), count = Int(bytes[start + signature.count + 1])
                expected = max(expected, count)
                chunks[sequence] = Array(bytes[(start + signature.count + 2)..<end])
            }
            position = end
        }
        guard expected > 0, chunks.count == expected, (1...expected).allSatisfy({ chunks[$0] != nil }) else { return nil }
        return (1...expected).compactMap { chunks[$0] }.flatMap { $0 }
    }
}

extension Diagnostic.Message {
    fileprivate static let jpegDecoderNotStarted: Diagnostic.Message = "libjpeg-turbo's decoder could not be started"
    /// `reason`: libjpeg-turbo's words (`Premature end of JPEG file`, …).
    fileprivate static func jpegUndecodable(_ reason: String) -> Diagnostic.Message { "the JPEG data cannot be decoded: \(reason)" }
    fileprivate static let cmykJPEG: Diagnostic.Message = "a CMYK JPEG: an icon layer must be RGB or grey (save it as RGB)"
}
