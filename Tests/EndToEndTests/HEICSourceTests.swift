import CHeif
import Foundation
import Rendering
import Testing
import TestSupport

/// HEIC sources, read through libheif as Xcode reads them through ImageIO (an IceCubes image set
/// holds only a `.heic`): a PNG of the decoded pixels in the loose tree, the same pixels in the car.
@Suite struct HEICSourceTests {
    static let width = 16, height = 16

    /// Smooth gradients, which HEVC keeps close at quality 100.
    static func pattern() -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 12), UInt8(y * 12), 160] }
        }
        return pixels
    }

    /// `pattern()` written as a HEIC file with libheif's HEVC encoder (x265).
    static func writeHEIC(to path: String) throws {
        let context = try #require(heif_context_alloc())
        defer { heif_context_free(context) }
        var image: OpaquePointer?
        #expect(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image).code == heif_error_Ok)
        let created = try #require(image)
        defer { heif_image_release(created) }
        #expect(heif_image_add_plane(created, heif_channel_interleaved, Int32(width), Int32(height), 8).code == heif_error_Ok)
        var stride: Int32 = 0
        let plane = try #require(heif_image_get_plane(created, heif_channel_interleaved, &stride))
        let pixels = pattern()
        for row in 0..<height {
            for column in 0..<(width * 3) { plane[row * Int(stride) + column] = pixels[row * width * 3 + column] }
        }
        var encoder: OpaquePointer?
        #expect(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code == heif_error_Ok)
        let hevc = try #require(encoder)
        defer { heif_encoder_release(hevc) }
        _ = heif_encoder_set_lossy_quality(hevc, 100)
        #expect(heif_context_encode_image(context, created, hevc, nil, nil).code == heif_error_Ok)
        #expect(heif_context_write_to_file(context, path).code == heif_error_Ok)
    }

    @Test func heicSlotsBecomePNGsOfTheDecodedPixels() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let folder = work.appendingPathComponent("App.xcassets/Photo.imageset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #"{"images": [{"idiom": "universal", "filename": "photo.heic", "scale": "2x"}], "info": {"author": "xcode", "version": 1}}"#
            .write(to: folder.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let source = folder.appendingPathComponent("photo.heic")
        try Self.writeHEIC(to: source.path)

        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "--werror"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let kept = try Harness.read(work.appendingPathComponent("out/.assetc/renditions/Photo@2x.png"))
        #expect(kept.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        let written = try PNGCodec.decode(kept).image
        #expect(written.width == Self.width && written.height == Self.height && written.isOpaque)
        // Within HEVC's loss of the pattern, every channel.
        let original = Self.pattern()
        var largest = 0
        for pixel in 0..<(Self.width * Self.height) {
            for channel in 0..<3 { largest = max(largest, abs(Int(written.pixels[pixel * 4 + channel]) - Int(original[pixel * 3 + channel]))) }
        }
        #expect(largest <= 16, "largest difference \(largest)")
        // The car holds the same pixels as the PNG.
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let rendition = try #require(car.renditions.first { $0.attributes[2] == 181 })
        #expect(CompiledCatalogBuildTests.difference(rendition.pixels, CompiledCatalogBuildTests.premultipliedBGRA(written)) == nil)

        // Truncated: an error naming the file.
        let bytes = try Harness.read(source)
        try Data(bytes.prefix(bytes.count / 2)).write(to: source)
        let broken = try Harness.assetc(["check", "App.xcassets"], in: work)
        #expect(broken.status == 1 && broken.stderr.contains("App.xcassets/Photo.imageset/photo.heic: error:"), "\(broken.stderr)")
    }
}
