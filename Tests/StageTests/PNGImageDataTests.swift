import Foundation
import Testing
import AssetModel
@testable import Rendering

/// A PNG whose compressed image data is far larger than its header's image can need is refused
/// before libpng inflates it (a 16x16 icon with a 64 MB IDAT took minutes while planning); real
/// files, stored-block and fixed-code ones included, are far under the bound.
@Suite struct PNGImageDataTests {
    /// A PNG of `width`x`height` RGBA whose one IDAT holds `idatBytes` bytes (CRCs not computed:
    /// the check reads lengths only).
    static func png(width: Int, height: Int, idatBytes: Int) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [UInt8](repeating: 0, count: idatBytes)) + chunk("IEND", [])
    }

    @Test func imageDataFarBeyondTheImageIsRefused() throws {
        // 16x16 RGBA: 1,040 bytes uncompressed; the bound is twice that and 64 KiB.
        #expect(PNGCodec.imageDataProblem(Self.png(width: 16, height: 16, idatBytes: 1_100)) == nil)
        #expect(PNGCodec.imageDataProblem(Self.png(width: 16, height: 16, idatBytes: 60_000)) == nil)
        let problem = try #require(PNGCodec.imageDataProblem(Self.png(width: 16, height: 16, idatBytes: 200_000)))
        #expect(problem.text == "its image data is 200000 bytes, more than a 16x16 image can need (1040 bytes uncompressed): refused, as it would inflate to far more")
        #expect(throws: SourceError.self) { try PNGCodec.decode(Self.png(width: 16, height: 16, idatBytes: 200_000)) }
    }

    @Test func everyFixturePNGIsUnderTheBound() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        let walk = try #require(FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil))
        var count = 0
        for case let url as URL in walk where url.pathExtension.lowercased() == "png" {
            let bytes = [UInt8](try Data(contentsOf: url))
            #expect(PNGCodec.imageDataProblem(bytes) == nil, "\(url.path)")
            count += 1
        }
        #expect(count > 50)
    }
}
