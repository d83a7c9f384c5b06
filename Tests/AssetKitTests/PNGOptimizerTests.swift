import Testing
@testable import AssetModel
@testable import Rendering

@Suite struct PNGOptimizerTests {
    private func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                pixels += [r, g, b, a]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static let cases: [(String, PNGColorType, Int)] = [
        ("black-white", .grey, 1), ("grey4", .grey, 2), ("grey16", .grey, 4), ("grey-ramp", .grey, 8),
        ("two-colours", .palette, 1), ("scattered-200", .palette, 8), ("gradient-200", .rgba, 8), ("translucent-grey", .greyAlpha, 8),
        ("opaque-colour", .rgb, 8), ("translucent-colour", .rgba, 8),
    ]

    private func sample(_ name: String) -> RGBAImage {
        switch name {
        case "black-white": image(13, 7) { x, y in let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255; return (v, v, v, 255) }
        case "grey4": image(9, 5) { x, _ in let v = UInt8(x % 4 * 85); return (v, v, v, 255) }
        case "grey16": image(17, 3) { x, _ in let v = UInt8(x % 16 * 17); return (v, v, v, 255) }
        case "grey-ramp": image(300, 2) { x, _ in let v = UInt8(x % 256); return (v, v, v, 255) }
        case "two-colours": image(10, 10) { x, _ in x < 5 ? (255, 0, 0, 255) : (0, 0, 0, 0) }
        case "scattered-200": image(60, 40) { x, y in
            let index = (x * 37 + y * 91 + x * y * 13) % 200
            return (UInt8(index * 53 % 256), UInt8(index * 101 % 256), UInt8(index), index % 3 == 0 ? 128 : 255)
        }
        case "gradient-200": image(100, 3) { x, y in (UInt8(x), UInt8(255 - x), 7, y == 0 ? 128 : 255) }
        case "translucent-grey": image(300, 2) { x, y in let v = UInt8(x % 256); return (v, v, v, y == 0 ? 100 : 200) }
        case "opaque-colour": image(300, 2) { x, y in (UInt8(x % 256), UInt8(y), 9, 255) }
        default: image(300, 2) { x, y in (UInt8(x % 256), UInt8(y * 3), 9, UInt8((x * 7) % 256)) }
        }
    }

    @Test(arguments: cases)
    func choosesTheSmallestExactLayoutAndRoundTrips(name: String, colorType: PNGColorType, depth: Int) throws {
        let original = sample(name)
        let bytes = try PNGOptimizer.encode(original)
        let decoded = try PNGCodec.decode(bytes)
        #expect(decoded.header.colorType == colorType, "\(name)")
        #expect(decoded.header.bitDepth == depth, "\(name)")
        #expect(!decoded.header.interlaced)
        #expect(decoded.image == original, "\(name): pixels changed")
    }

    @Test(arguments: ["scattered-200", "gradient-200", "translucent-colour"])
    func neverLargerThanThePaletteOnlyOrUnreducedEncoding(name: String) throws {
        var paletteOnly = PNGEncoderSettings()
        paletteOnly.fullColorTrialPaletteShare = .infinity
        var unreduced = PNGEncoderSettings()
        unreduced.reduceColorType = false
        let chosen = try PNGOptimizer.encode(sample(name)).count
        #expect(chosen <= (try PNGOptimizer.encode(sample(name), settings: paletteOnly)).count, "\(name)")
        #expect(chosen <= (try PNGOptimizer.encode(sample(name), settings: unreduced)).count, "\(name)")
    }

    @Test func identicalPixelsGiveIdenticalBytesWithoutTimeOrTextChunks() throws {
        let first = try PNGOptimizer.encode(sample("translucent-colour"))
        let second = try PNGOptimizer.encode(sample("translucent-colour"))
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        for chunk in ["tIME", "tEXt", "zTXt", "iTXt", "gAMA", "sRGB"] {
            #expect(!text.contains(chunk), "\(chunk) chunk written")
        }
    }

    @Test func readerRejectsForeignAndTruncatedFiles() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0]
        #expect(throws: SourceError("not a PNG file: it holds JPEG data")) { try PNGCodec.readHeader(jpeg) }
        let webp = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)  // as home-assistant's 64-mac.png
        #expect(throws: SourceError("not a PNG file: it holds WebP data")) { try PNGCodec.readHeader(webp) }
        let good = try PNGOptimizer.encode(sample("opaque-colour"))
        #expect(throws: SourceError.self) { try PNGCodec.decode(Array(good.prefix(good.count / 2))) }
        #expect(throws: SourceError.self) { try PNGCodec.decode([]) }
        #expect(throws: SourceError.self) { try PNGCodec.decode(good, maximumPixels: 10) }
    }
}
