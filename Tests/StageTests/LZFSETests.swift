@testable import CompiledCatalog
import TestSupport
import Testing

/// The LZFSE encoder, read back by the small decoder below. The decoder was written from the format
/// (Apple's lzfse reference decoder describes it) independently of the encoder's code paths, and is
/// stricter than the reference: both bit streams must be consumed exactly, the block's raw size and
/// literal count must agree with what the triples produce.
@Suite struct LZFSETests {
    /// Deterministic noise, so failures reproduce.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// Premultiplied BGRA rows: a flat band, a gradient, a noisy band with varying alpha.
    static func pixels(width: Int, height: Int) -> [UInt8] {
        let grain = noise(width * height, seed: 7)
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                switch y * 3 / height {
                case 0: out += [40, 80, 120, 255]
                case 1: out += [UInt8(x * 255 / width), UInt8(y & 255), UInt8((x + y) & 255), 255]
                default:
                    let alpha = grain[y * width + x] | 0x0F
                    out += [alpha / 2, alpha / 3, alpha, alpha]
                }
            }
        }
        return out
    }

    static let inputs: [(String, [UInt8])] = [
        ("empty", []),
        ("one byte", [0x42]),
        ("seven bytes", Array("abcdefg".utf8)),
        ("run of 2359", [9] + Array(repeating: 0, count: 2359) + [9]),
        ("runs past one triple", Array([[UInt8]](repeating: [1] + Array(repeating: 7, count: 2360), count: 3).joined())),
        ("literal runs near 315", noise(315, seed: 1) + Array(repeating: 1, count: 20) + noise(316, seed: 2)),
        ("text", Array(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 400).utf8)),
        ("alternating", Array([UInt8]([0xAA, 0x55]).repeated(100_000))),
        ("flat pixels", Array([UInt8]([10, 20, 30, 255]).repeated(300_000))),
        ("image", pixels(width: 256, height: 192)),
        ("noise 4096", noise(4096, seed: 3)),
        ("noise over one block", noise(40_001, seed: 4)),
        // Short matches between noise bytes: more than 10 000 triples, so several bvx2 blocks.
        ("many short matches", zip(0..<30_000, noise(30_000, seed: 5)).flatMap { i, byte in [UInt8(i % 7), 1, 2, 3, byte] }),
    ]

    @Test(arguments: inputs.indices)
    func roundTrips(_ index: Int) throws {
        let (name, input) = Self.inputs[index]
        let encoded = LZFSE.encode(input)
        let decoded = try LZFSETestDecoder.decode(encoded)
        #expect(decoded == input, "\(name)")
    }

    /// `--optimization space`'s thorough search: the same format, read back exactly, never larger
    /// in total than the default on these inputs, and deterministic.
    @Test func theThoroughSearchRoundTripsAndIsNoLarger() throws {
        var quick = 0, thorough = 0
        for (name, input) in Self.inputs {
            let encoded = LZFSE.encode(input, thorough: true)
            #expect(try LZFSETestDecoder.decode(encoded) == input, "\(name)")
            #expect(encoded == LZFSE.encode(input, thorough: true))
            quick += LZFSE.encode(input).count
            thorough += encoded.count
        }
        #expect(thorough <= quick, "\(thorough) against \(quick)")
    }

    @Test func isDeterministic() {
        for (_, input) in Self.inputs {
            #expect(LZFSE.encode(input) == LZFSE.encode(input))
        }
        let image = Self.pixels(width: 300, height: 200)
        #expect(LZFSE.encode(image) == LZFSE.encode(Array(image)))
    }

    /// Every stream is a sequence of `bvx2` / `bvx-` blocks ending with `bvx$` at its last byte, and
    /// the blocks' raw sizes add up to the input.
    @Test(arguments: inputs.indices)
    func framing(_ index: Int) throws {
        let input = Self.inputs[index].1
        let blocks = try LZFSETestDecoder.blocks(LZFSE.encode(input))
        #expect(blocks.allSatisfy { $0.magic == "bvx2" || $0.magic == "bvx-" })
        #expect(blocks.reduce(0) { $0 + $1.rawBytes } == input.count)
        #expect(!blocks.isEmpty)
    }

    @Test func emptyInputIsAnEmptyRawBlock() {
        #expect(LZFSE.encode([]) == Array("bvx-".utf8) + [0, 0, 0, 0] + Array("bvx$".utf8))
    }

    @Test func incompressibleDataIsOneRawBlock() throws {
        let input = Self.noise(100_000, seed: 9)
        let encoded = LZFSE.encode(input)
        #expect(encoded.count == input.count + 12)
        #expect(try LZFSETestDecoder.blocks(encoded).map(\.magic) == ["bvx-"])
    }

    /// Past 10 000 triples or 40 000 literals a block is full; matches keep referring back across
    /// the block boundary.
    @Test func longInputsSpanSeveralCompressedBlocks() throws {
        let input = Self.inputs.first { $0.0 == "many short matches" }!.1
        let blocks = try LZFSETestDecoder.blocks(LZFSE.encode(input))
        #expect(blocks.filter { $0.magic == "bvx2" }.count >= 3)
    }

    @Test func flatPixelsShrink() throws {
        let input = Array([UInt8]([10, 20, 30, 255]).repeated(262_144))
        let encoded = LZFSE.encode(input)
        #expect(encoded.count < 1000)
        #expect(try LZFSETestDecoder.blocks(encoded).map(\.magic) == ["bvx2"])
    }
}

private extension Array {
    func repeated(_ times: Int) -> [Element] { Array([[Element]](repeating: self, count: times).joined()) }
}

