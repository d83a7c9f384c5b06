import AssetModel
import CHeif

/// HEIC (and other HEIF) sources through libheif: the primary image, decoded to straight RGBA.
/// Xcode reads HEIC through ImageIO (an IceCubes image set holds only a `.heic`); the loose tree
/// gets a PNG of the same pixels, the car a rendition of them. An ICC profile is kept as a PNG's
/// would be; colour described only by `nclx` primaries other than sRGB's is refused by name,
/// never relabelled as sRGB.
enum HEIFCodec {
    /// An ISO media file libheif can read (`ftyp` with a HEIF brand).
    static func isHEIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            heif_check_filetype(buffer.baseAddress, Int32(min(buffer.count, 64))) == heif_filetype_yes_supported
        }
    }

    /// `1.15.1`, for the toolchain fingerprint.
    static var version: String { String(cString: heif_get_version()) }

    /// The primary image's handle, passed to `body`; the context and handle are freed after.
    private static func withPrimaryImage<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws(SourceError) -> T) throws(SourceError) -> T {
        guard let context = heif_context_alloc() else { throw SourceError.renderer(.libheifCannotAllocateContext) }
        defer { heif_context_free(context) }
        var handle: OpaquePointer?
        let read: heif_error = bytes.withUnsafeBufferPointer { buffer in
            let error = heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil)
            guard error.code == heif_error_Ok else { return error }
            return heif_context_get_primary_image_handle(context, &handle)
        }
        guard read.code == heif_error_Ok, let handle else { throw SourceError(.heifFileUnreadable(message(read))) }
        defer { heif_image_handle_release(handle) }
        return try body(handle)
    }

    static func readHeader(_ bytes: [UInt8]) throws(SourceError) -> PNGHeader {
        try withPrimaryImage(bytes) { handle throws(SourceError) in try header(handle) }
    }

    private static func header(_ handle: OpaquePointer) throws(SourceError) -> PNGHeader {
        let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
        guard width > 0, height > 0 else { throw SourceError(.heifWithoutPixels) }
        return PNGHeader(width: width, height: height, bitDepth: 8,
                         colorType: heif_image_handle_has_alpha_channel(handle) != 0 ? .rgba : .rgb, interlaced: false)
    }

    static func decode(_ bytes: [UInt8], maximumPixels: Int) throws(SourceError) -> (header: PNGHeader, image: RGBAImage) {
        try withPrimaryImage(bytes) { handle throws(SourceError) in
            let header = try header(handle)
            guard header.width * header.height <= maximumPixels else {
                throw SourceError.overLimit(.imageOverPixelLimit("HEIF", width: header.width, height: header.height, limit: maximumPixels))
            }
            let color = try colorInfo(handle)
            var image: OpaquePointer?
            let decoded = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil)
            guard decoded.code == heif_error_Ok, let image else { throw SourceError(.heifImageUndecodable(message(decoded))) }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), Int(stride) >= header.width * 4 else {
                throw SourceError.renderer(.noRGBAPlane)
            }
            var pixels: [UInt8] = []
            pixels.reserveCapacity(header.width * header.height * 4)
            for row in 0..<header.height {
                pixels.append(contentsOf: UnsafeBufferPointer(start: plane + row * Int(stride), count: header.width * 4))
            }
            return (header, RGBAImage(width: header.width, height: header.height, pixels: pixels, color: color))
        }
    }

    /// The image's ICC profile, as a PNG's colour chunks would carry it; nil for sRGB.
    private static func colorInfo(_ handle: OpaquePointer) throws(SourceError) -> PNGColorInfo? {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_rICC || type == heif_color_profile_type_prof {
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0 else { return nil }
            var profile = [UInt8](repeating: 0, count: size)
            let error = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
            guard error.code == heif_error_Ok else { throw SourceError(.heifColourProfileUnreadable(message(error))) }
            return PNGColorInfo(srgbIntent: nil, gamma: nil, chromaticities: nil, iccName: "ICC profile", iccProfile: profile)
        }
        if type == heif_color_profile_type_nclx {
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return nil }
            defer { heif_nclx_color_profile_free(nclx) }
            let primaries = nclx.pointee.color_primaries.rawValue
            // 1: BT.709 (sRGB's primaries); 2: unspecified, read as sRGB, as ImageIO does.
            guard primaries == 1 || primaries == 2 else {
                throw SourceError(.nclxPrimariesNotSRGB(nclx.pointee.color_primaries))
            }
        }
        return nil
    }

    private static func message(_ error: heif_error) -> Diagnostic.Message {
        error.message.map { Diagnostic.Message(relaying: String(cString: $0)) } ?? .libheifError(error.code)
    }
}

extension Diagnostic.Message {
    fileprivate static let libheifCannotAllocateContext: Diagnostic.Message = "libheif could not allocate a context"
    fileprivate static func heifFileUnreadable(_ reason: Diagnostic.Message) -> Diagnostic.Message { "the HEIF file cannot be read: \(reason.text)" }
    fileprivate static let heifWithoutPixels: Diagnostic.Message = "a HEIF image without pixels"
    fileprivate static func heifImageUndecodable(_ reason: Diagnostic.Message) -> Diagnostic.Message { "the HEIF image cannot be decoded: \(reason.text)" }
    fileprivate static let noRGBAPlane: Diagnostic.Message = "libheif gave no RGBA plane"
    fileprivate static func heifColourProfileUnreadable(_ reason: Diagnostic.Message) -> Diagnostic.Message { "the HEIF colour profile cannot be read: \(reason.text)" }
    fileprivate static func nclxPrimariesNotSRGB(_ primaries: heif_color_primaries) -> Diagnostic.Message { "the HEIF image's colour is given as nclx primaries \(primaries.rawValue) (not sRGB's), which assetc cannot carry into a PNG yet; export it with an ICC profile or as sRGB" }
    /// libheif's error without a message of its own.
    fileprivate static func libheifError(_ code: heif_error_code) -> Diagnostic.Message { "libheif error \(code.rawValue)" }
}
