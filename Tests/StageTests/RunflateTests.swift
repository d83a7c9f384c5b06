import Foundation
import Testing
@testable import Rendering
import PNGShim

/// runflate (`Sources/PNGShim/runflate.c`), the deflate encoder of `--png-effort max`: every stream
/// it writes is inflated again by zlib (libpng reads the PNG back) and compared with the pixels,
/// on adversarial rows; its bytes are the same on every call and every thread.
@Suite struct RunflateTests {
    private static let max = PNGEncoderSettings(effort: .max)

    private static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                let at = (y * width + x) * 4
                pixels[at] = r; pixels[at + 1] = g; pixels[at + 2] = b; pixels[at + 3] = a
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func noise(_ seed: UInt64) -> () -> UInt8 {
        var state = seed
        return {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// Rows that stress the encoder's shortcuts: runs (constant time), repeats one row up, runs
    /// ending in texture seen before (far matches through a run's end), and nothing to match at all.
    static let cases = ["one pixel", "all equal", "alternating", "one column", "runs then texture",
                        "rows repeat", "random colour", "rendered art", "runs of 300 and 258+1"]

    private static func sample(_ name: String) -> RGBAImage {
        switch name {
        case "one pixel": return image(1, 1) { _, _ in (9, 8, 7, 255) }
        case "all equal": return image(1000, 1000) { _, _ in (0, 0, 0, 0) }
        case "alternating": return image(513, 77) { x, y in (x + y) % 2 == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        case "one column": return image(1, 5000) { _, y in (UInt8(y % 7 * 30), 0, 0, 255) }
        case "runs then texture":
            // every row: a run of one colour whose length varies, then the same anti-aliased edge
            return image(700, 120) { x, y in
                let edge = 200 + (y * 37) % 300
                if x < edge { return (250, 250, 250, 255) }
                let step = x - edge
                return step < 12 ? (UInt8(step * 20), UInt8(255 - step * 20), 40, 255) : (10, 20, 30, 255)
            }
        case "rows repeat": return image(300, 300) { x, y in (UInt8((x * 7) % 13 * 19), UInt8(y / 50 * 40), 0, 255) }
        case "random colour":
            let next = noise(7)
            return image(257, 61) { _, _ in (next(), next(), next(), next()) }
        case "rendered art":
            // discs with soft edges on a transparent ground: a palette of a few hundred colours
            return image(640, 480) { x, y in
                let (dx, dy) = (Double(x - 320), Double(y - 240))
                let r = (dx * dx + dy * dy).squareRoot()
                let ring = r.truncatingRemainder(dividingBy: 60)
                let alpha = ring < 20 ? 255 : ring < 22 ? UInt8(255 - (ring - 20) * 127) : 0
                return alpha == 0 ? (0, 0, 0, 0) : (UInt8(Int(r) % 200), 80, 160, alpha)
            }
        default:
            return image(1201, 3) { x, y in x < 300 ? (1, 1, 1, 255) : x < 300 + 259 ? (2, 2, 2, 255) : (UInt8(x % 3), UInt8(y), 0, 255) }
        }
    }

    @Test func maxEffortUsesRunflate() {
        #expect(Self.max.compressionLevel == PNGEncoderSettings.runflateLevel)
        #expect(Self.max.indexedCompressionLevel == PNGEncoderSettings.runflateLevel)
        #expect(Self.max.cacheKey.contains("runflate"))
        #expect(!PNGEncoderSettings(effort: .default).cacheKey.contains("runflate"))
    }

    @Test(arguments: cases)
    func streamsInflateToThePixels(name: String) throws {
        let original = Self.sample(name)
        let bytes = try PNGOptimizer.encode(original, settings: Self.max)
        #expect(try PNGCodec.decode(bytes).image.pixels == original.pixels)
        #expect(try PNGOptimizer.encode(original, settings: Self.max) == bytes, "a second call gave other bytes")
    }

    /// Four threads encode the same images at once: the same bytes as one thread alone.
    @Test func threadsGiveTheSameBytes() async throws {
        let images = ["runs then texture", "rendered art", "random colour"].map(Self.sample)
        let alone = try images.map { try PNGOptimizer.encode($0, settings: Self.max) }
        let together = try await withThrowingTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<4 { group.addTask { try images.map { try PNGOptimizer.encode($0, settings: Self.max) } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in together { #expect(result == alone) }
    }

    /// Four rows of the widest PNG libpng writes (1,000,000 RGBA pixels, 4 MB a row): past the
    /// encoder's block limits (1 MiB spans, 2^18 records), with runs, repeats and noise. (Rows of
    /// 2^24 bytes, wider than libpng allows, are in `Benchmarks/runflate/test`.)
    @Test func theWidestRows() throws {
        let width = 1_000_000
        let next = Self.noise(3)
        var pixels = [UInt8](repeating: 0, count: width * 4 * 4)
        for x in 0..<(width * 4) {
            let at = x * 4
            // three quarters runs, so that the rows count as rendered art and runflate takes them
            switch (x >> 12) % 8 {
            case 0: pixels[at] = next(); pixels[at + 1] = next(); pixels[at + 2] = 9; pixels[at + 3] = 255
            case 1: pixels[at] = UInt8(x % 251); pixels[at + 3] = 255
            case 2, 5: pixels[at + 1] = 200; pixels[at + 3] = 255
            default: pixels[at + 3] = 255
            }
        }
        let original = RGBAImage(width: width, height: 4, pixels: pixels)
        let bytes = try PNGOptimizer.encode(original, settings: Self.max)
        #expect(try PNGCodec.decode(bytes, maximumPixels: 1 << 24).image.pixels == original.pixels)
    }

    /// `max` gives rendered art to runflate and everything else (photographs, noise) to libdeflate's
    /// level 12, which compresses those smaller: the noise's file is level 12's byte for byte, the
    /// art's is not.
    @Test func onlyRenderedArtGoesToRunflate() throws {
        var level12 = Self.max
        level12.compressionLevel = 12
        level12.indexedCompressionLevel = 12
        let noise = Self.sample("random colour")
        #expect(try PNGOptimizer.encode(noise, settings: Self.max) == PNGOptimizer.encode(noise, settings: level12))
        for name in ["runs then texture", "rendered art", "runs of 300 and 258+1"] {
            let art = Self.sample(name)
            #expect(try PNGOptimizer.encode(art, settings: Self.max) != PNGOptimizer.encode(art, settings: level12), "\(name)")
        }
    }

    /// On art with runs, `max` (runflate) writes fewer bytes than `default` (libdeflate level 5).
    @Test func smallerThanTheDefaultOnArt() throws {
        for name in ["runs then texture", "rendered art"] {
            let art = Self.sample(name)
            let max = try PNGOptimizer.encode(art, settings: Self.max)
            let standard = try PNGOptimizer.encode(art)
            #expect(max.count < standard.count, "\(name): \(max.count) against \(standard.count)")
        }
    }
}
