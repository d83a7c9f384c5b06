/// Decodes `bvx-` and `bvx2` (FSE-coded) blocks, strictly: both bit streams must be consumed
/// exactly and the block's sizes must agree with what its triples produce. Written from the format
/// (Apple's reference decoder describes it) independently of the encoder (Sources/CompiledCatalog/LZFSE.swift).
public enum LZFSETestDecoder {
    public struct Malformed: Error, CustomStringConvertible { public let description: String }

    static func u32(_ s: [UInt8], _ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(s[at + $1]) << (8 * $1) } }
    static func u64(_ s: [UInt8], _ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(s[at + $1]) << (8 * $1) } }
    static func field(_ v: UInt64, _ offset: Int, _ bits: Int) -> Int { Int((v >> UInt64(offset)) & ((1 << UInt64(bits)) - 1)) }
    static func magic(_ s: [UInt8], _ at: Int) -> String { String(decoding: s[at..<(at + 4)], as: UTF8.self) }

    public static func blocks(_ stream: [UInt8]) throws -> [(magic: String, rawBytes: Int)] {
        var result: [(magic: String, rawBytes: Int)] = []
        var at = 0
        while true {
            guard at + 4 <= stream.count else { throw Malformed(description: "no bvx$") }
            let kind = magic(stream, at)
            switch kind {
            case "bvx$":
                guard at + 4 == stream.count else { throw Malformed(description: "bytes after bvx$") }
                return result
            case "bvx-":
                let count = u32(stream, at + 4)
                result.append((kind, count))
                at += 8 + count
            case "bvx2":
                let v0 = u64(stream, at + 8), v1 = u64(stream, at + 16), v2 = u64(stream, at + 24)
                result.append((kind, u32(stream, at + 4)))
                at += field(v2, 0, 32) + field(v0, 20, 20) + field(v1, 40, 20)
            default: throw Malformed(description: "magic \(kind) at \(at)")
            }
        }
    }

    public static func decode(_ stream: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var at = 0
        while true {
            guard at + 4 <= stream.count else { throw Malformed(description: "no bvx$") }
            switch magic(stream, at) {
            case "bvx$":
                guard at + 4 == stream.count else { throw Malformed(description: "bytes after bvx$") }
                return out
            case "bvx-":
                let count = u32(stream, at + 4)
                guard at + 8 + count <= stream.count else { throw Malformed(description: "raw block truncated") }
                out += stream[(at + 8)..<(at + 8 + count)]
                at += 8 + count
            case "bvx2":
                at = try decodeBlock(stream, at, &out)
            default: throw Malformed(description: "magic at \(at)")
            }
        }
    }

    /// Reads a forward little-endian bit stream from its end, as the LZFSE decoder does.
    struct BackwardBits {
        let bytes: [UInt8]
        let start: Int
        var position: Int // bits, relative to `start`

        mutating func pull(_ n: Int) throws -> Int {
            guard n >= 0, n <= position else { throw Malformed(description: "bit stream overrun") }
            position -= n
            var value = 0
            for bit in 0..<n {
                let p = position + bit
                value |= Int(bytes[start + p >> 3] >> UInt8(p & 7) & 1) << bit
            }
            return value
        }
    }

    struct Entry { var symbol = 0, bits = 0, base = 0 }

    /// Decoder states for a normalised frequency table (same construction as the reference).
    static func table(_ freq: ArraySlice<Int>, states: Int) throws -> [Entry] {
        guard freq.reduce(0, +) <= states else { throw Malformed(description: "frequencies exceed states") }
        var table: [Entry] = []
        let stateBits = states.trailingZeroBitCount
        for (symbol, f) in freq.enumerated() where f > 0 {
            let k = stateBits - (Int.bitWidth - 1 - f.leadingZeroBitCount)
            let j0 = ((2 * states) >> k) - f
            for j in 0..<f {
                table.append(j < j0 ? Entry(symbol: symbol, bits: k, base: ((f + j) << k) - states)
                                    : Entry(symbol: symbol, bits: k - 1, base: (j - j0) << (k - 1)))
            }
        }
        return table
    }

    public static func decodeBlock(_ s: [UInt8], _ at: Int, _ out: inout [UInt8]) throws -> Int {
        let raw = u32(s, at + 4)
        let v0 = u64(s, at + 8), v1 = u64(s, at + 16), v2 = u64(s, at + 24)
        let literalCount = field(v0, 0, 20), literalPayload = field(v0, 20, 20), matchCount = field(v0, 40, 20)
        let literalBits = field(v0, 60, 3) - 7
        let literalStates = [field(v1, 0, 10), field(v1, 10, 10), field(v1, 20, 10), field(v1, 30, 10)]
        let lmdPayload = field(v1, 40, 20), lmdBits = field(v1, 60, 3) - 7
        let headerSize = field(v2, 0, 32)
        var lState = field(v2, 32, 10), mState = field(v2, 42, 10), dState = field(v2, 52, 10)
        guard literalCount <= 40_000, literalCount % 4 == 0, matchCount <= 10_000,
              at + headerSize + literalPayload + lmdPayload <= s.count
        else { throw Malformed(description: "block header out of range") }

        // 360 frequencies in the fixed prefix code, least significant bit first.
        var freq: [Int] = []
        var bitAt = (at + 32) * 8
        func bit(_ i: Int) -> Int { Int(s[(bitAt + i) >> 3] >> UInt8((bitAt + i) & 7) & 1) }
        func bits(_ from: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | bit(from + $1) << $1 } }
        while freq.count < 360 {
            let value: Int, length: Int
            if bit(0) == 0 { (value, length) = (bit(1), 2) }
            else if bit(1) == 0 { (value, length) = (2 + bit(2), 3) }
            else if bit(2) == 0 { (value, length) = (4 + bits(3, 2), 5) }
            else if bit(3) == 0 { (value, length) = (8 + bits(4, 4), 8) }
            else { (value, length) = (24 + bits(4, 10), 14) }
            freq.append(value)
            bitAt += length
        }
        guard (bitAt + 7) / 8 == at + headerSize else { throw Malformed(description: "header size") }
        let lTable = try table(freq[0..<20], states: 64), mTable = try table(freq[20..<40], states: 64)
        let dTable = try table(freq[40..<104], states: 256), literalTable = try table(freq[104..<360], states: 1024)

        let literalStart = at + headerSize
        var literalReader = BackwardBits(bytes: s, start: literalStart, position: literalPayload * 8 + literalBits)
        var states = literalStates
        var literals: [UInt8] = []
        for i in 0..<literalCount {
            let entry = literalTable[states[i % 4]]
            literals.append(UInt8(entry.symbol))
            states[i % 4] = entry.base + (try literalReader.pull(entry.bits))
        }
        guard literalReader.position == 0 else { throw Malformed(description: "literal bits left over") }

        let lBase = Array(0..<16) + [16, 20, 28, 60], lExtra = Array(repeating: 0, count: 16) + [2, 3, 5, 8]
        let mBase = Array(0..<16) + [16, 24, 56, 312], mExtra = Array(repeating: 0, count: 16) + [3, 5, 8, 11]
        let lmdStart = literalStart + literalPayload
        var reader = BackwardBits(bytes: s, start: lmdStart, position: lmdPayload * 8 + lmdBits)
        func value(_ state: inout Int, _ table: [Entry], _ base: (Int) -> Int, _ extra: (Int) -> Int) throws -> Int {
            guard state < table.count else { throw Malformed(description: "state out of range") }
            let entry = table[state]
            let n = extra(entry.symbol)
            let all = try reader.pull(entry.bits + n)
            state = entry.base + (all >> n)
            return base(entry.symbol) + (all & ((1 << n) - 1))
        }
        let blockStart = out.count
        var literalAt = 0, distance = -1
        for _ in 0..<matchCount {
            let l = try value(&lState, lTable, { lBase[$0] }, { lExtra[$0] })
            let m = try value(&mState, mTable, { mBase[$0] }, { mExtra[$0] })
            let d = try value(&dState, dTable, { ((4 + ($0 & 3)) << ($0 >> 2)) - 4 }, { $0 >> 2 })
            if d != 0 { distance = d }
            guard distance > 0, distance <= out.count + l, literalAt + l <= literals.count
            else { throw Malformed(description: "distance \(distance) or literal count out of range") }
            out += literals[literalAt..<(literalAt + l)]
            literalAt += l
            for _ in 0..<m { out.append(out[out.count - distance]) }
        }
        guard reader.position == 64 else { throw Malformed(description: "L, M, D bits left over") }
        guard literalCount - literalAt < 4, out.count - blockStart == raw else { throw Malformed(description: "block sizes") }
        return lmdStart + lmdPayload
    }
}
