import CarAssembly
@testable import CompiledCatalog
import Rendering
import Testing
import TestSupport

/// `AppIcon.icns` as actool writes it (docs/macos-evidence.md, §3): read back here by a reader written
/// from the format's description, not from the writer.
@Suite struct ICNSFileTests {
    /// A square of `pixels` whose every channel varies, with transparent and half-transparent parts.
    static func image(_ pixels: Int) -> RGBAImage {
        var bytes: [UInt8] = []
        for y in 0..<pixels {
            for x in 0..<pixels {
                let alpha: UInt8 = x < pixels / 4 ? 0 : y < pixels / 2 ? 128 : 255
                bytes += [UInt8(x * 255 / (pixels - 1)), UInt8(y * 255 / (pixels - 1)), UInt8((x + y) % 7 * 36), alpha]
            }
        }
        return RGBAImage(width: pixels, height: pixels, pixels: bytes)
    }

    @Test func runLengthEncodingKnownVectors() {
        #expect(ICNSFile.runLengthEncoded([]) == [])
        #expect(ICNSFile.runLengthEncoded([1, 2, 3]) == [2, 1, 2, 3])
        #expect(ICNSFile.runLengthEncoded([1, 1, 2]) == [2, 1, 1, 2])
        #expect(ICNSFile.runLengthEncoded([9, 9, 9]) == [128, 9])
        // 256 equal bytes: a run of 130, then one of 126.
        #expect(ICNSFile.runLengthEncoded(Array(repeating: 0xAA, count: 256)) == [255, 0xAA, 251, 0xAA])
        // 129 different bytes: a literal of 128, then one of 1.
        let literals = (0..<129).map { UInt8($0 % 2 == 0 ? $0 : 255 - $0) }
        #expect(ICNSFile.runLengthEncoded(literals) == [127] + literals[0..<128] + [0, literals[128]])
    }

    @Test func runLengthEncodingReadsBack() {
        var generator = SystemRandomNumberGenerator.Seeded(seed: 7)
        for length in [1, 2, 3, 127, 128, 129, 130, 131, 256, 1000] {
            // Runs of random lengths, some short, some long, so literals and runs alternate.
            var bytes: [UInt8] = []
            while bytes.count < length {
                let value = UInt8.random(in: 0...3, using: &generator)
                bytes += Array(repeating: value, count: Int.random(in: 1...140, using: &generator))
            }
            bytes = Array(bytes.prefix(length))
            let encoded = ICNSFile.runLengthEncoded(bytes)
            #expect(ICNSReader.runLengthDecoded(encoded[...], count: length)?.bytes == bytes, "length \(length)")
            #expect(ICNSReader.runLengthDecoded(encoded[...], count: length)?.used == encoded.count)
        }
    }

    @Test func appIconFileHasActoolsElementsAndTheSourcePixels() throws {
        let images = Dictionary(uniqueKeysWithValues: AppIconFile.pixelSizes.map { ($0, Self.image($0)) })
        let file = try AppIconFile.make(images, name: "AppIcon")
        let elements = try #require(ICNSReader.elements(file))
        // The four of every actool .icns examined, in its order.
        #expect(elements.map(\.type) == ["ic13", "ic11", "ic04", "ic07"])
        for (type, payload) in elements where type != "ic04" {
            let size = ICNSFile.actoolLayout.first { $0.type == type }!.pixels
            let (header, image) = try PNGCodec.decode(payload)
            #expect(header.width == size && header.height == size)
            #expect(header.colorType == .rgba && header.bitDepth == 8 && !header.interlaced, "\(type)")
            #expect(image.pixels == images[size]!.pixels, "\(type): the pixels as given")
            #expect(Self.chunkTypes(payload).first { $0 != "IHDR" } == "sRGB", "\(type): \(Self.chunkTypes(payload))")
        }
        let argb = try #require(elements.first { $0.type == "ic04" }?.payload)
        #expect(Array(argb.prefix(4)) == Array("ARGB".utf8))
        var planes: [[UInt8]] = []
        var rest = argb[4...]
        for _ in 0..<4 {
            let plane = try #require(ICNSReader.runLengthDecoded(rest, count: 256))
            planes.append(plane.bytes)
            rest = rest.dropFirst(plane.used)
        }
        #expect(rest.isEmpty)
        let source = images[16]!.pixels
        for (plane, channel) in zip(planes, [3, 0, 1, 2]) {
            #expect(plane == stride(from: channel, to: source.count, by: 4).map { source[$0] }, "plane of channel \(channel): straight, not premultiplied")
        }
        // The same images, the same bytes.
        #expect(try AppIconFile.make(images, name: "AppIcon") == file)
    }

    @Test func aWrongSizeIsNamedAndAMissingOneLeftOut() throws {
        var images = Dictionary(uniqueKeysWithValues: AppIconFile.pixelSizes.map { ($0, Self.image($0)) })
        images[32] = Self.image(31)
        #expect(throws: CompiledCatalogError("AppIcon: the image for the .icns element ic11 is 31×31, not 32×32")) {
            try AppIconFile.make(images, name: "AppIcon")
        }
        // A partial icon: the elements it has, in actool's order.
        images[32] = nil
        #expect(ICNSReader.elements(try AppIconFile.make(images, name: "AppIcon"))?.map(\.type) == ["ic13", "ic04", "ic07"])
        #expect(throws: CompiledCatalogError("AppIcon: no image of 16, 32, 128 or 256 pixels for the .icns")) {
            try AppIconFile.make([:], name: "AppIcon")
        }
    }

    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}

extension SystemRandomNumberGenerator {
    /// A seeded generator (SplitMix64), so a failing case is the same on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
