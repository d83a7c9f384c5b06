import Testing
@testable import AssetModel
@testable import Rendering

/// Catalog JPEG slots are copied byte for byte, so the header reader is the only check they get.
@Suite struct JPEGHeaderTests {
    /// SOI, a JFIF APP0, a 64x48 baseline frame and a scan header, then `data`.
    static func jpeg(data: [UInt8]) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xC0, 0, 17, 8, 0, 48, 0, 64, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
            + [0xFF, 0xDA, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0] + data
    }

    @Test func aCompleteFileGivesItsFrameSize() throws {
        let entropy: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]  // a stuffed FF and a restart marker
        let size = try JPEGHeader.size(Self.jpeg(data: entropy + [0xFF, 0xD9]))
        #expect(size.width == 64 && size.height == 48)
        // Bytes some writers leave after the end-of-image marker are allowed.
        #expect(throws: Never.self) { _ = try JPEGHeader.size(Self.jpeg(data: entropy + [0xFF, 0xD9, 0, 0, 0])) }
    }

    /// A file cut inside its image data used to pass (its header is whole) and ship as a partly grey
    /// picture.
    @Test func aFileCutInsideItsImageDataIsAnError() {
        let cut = Self.jpeg(data: [UInt8](repeating: 0x55, count: 200))
        #expect(throws: SourceError("truncated JPEG: the image data has no end-of-image marker (FF D9)")) {
            _ = try JPEGHeader.size(cut)
        }
        // An FF D9 inside an EXIF thumbnail before the scan does not count.
        var thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0, 8] + Array("Exif".utf8) + [0xFF, 0xD9]
        thumbnail += Array(cut.dropFirst(2))
        #expect(throws: SourceError.self) { _ = try JPEGHeader.size(thumbnail) }
    }
}
