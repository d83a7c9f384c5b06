/// An LZVN encoder: the LZ77 form LZFSE streams carry in `bvxn` blocks, which CoreUI decodes with the
/// same `lzfse_decode` as actool's own `bvx2` blocks. Debian ships no LZFSE library and LZFSE's
/// entropy stage is large; LZVN is a page of code and turns the long runs of identical pixels in
/// icons and UI artwork into a few bytes each. (The opcodes: Apple's lzfse, `lzvn_decode_base.c`.)
///
/// Only four opcode forms are written, so every stream is easy to check: literal runs (`1110LLLL`,
/// `11100000 L-16`), a match with a small (< 1536) or 16-bit distance and no literals (`00MMMDDD
/// D`, `00MMM111 D D`), and match continuations at the same distance (`1111MMMM`, `11110000 M-16`).
enum LZVN {
    static let minimumMatch = 4
    static let maximumDistance = 65_535

    /// The stream, ending with the end-of-stream opcode and its seven padding bytes.
    static func encode(_ input: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 + 64)
        let count = input.count
        input.withUnsafeBufferPointer { source in
            var table = [Int32](repeating: -1, count: 1 << 15)
            var position = 0, literalStart = 0
            func load(_ at: Int) -> UInt32 {
                UInt32(source[at]) | UInt32(source[at + 1]) << 8 | UInt32(source[at + 2]) << 16 | UInt32(source[at + 3]) << 24
            }
            func matchLength(_ candidate: Int, _ at: Int) -> Int {
                var length = 0
                while at + length < count, source[candidate + length] == source[at + length] { length += 1 }
                return length
            }
            while position + minimumMatch <= count {
                let word = load(position)
                let slot = Int((word &* 2_654_435_761) >> 17)
                let candidate = Int(table[slot])
                table[slot] = Int32(truncatingIfNeeded: position)
                var bestLength = 0, bestDistance = 0
                // The hashed candidate, and the pixel before (runs of one colour).
                for previous in [candidate, position - 4] where previous >= 0 && previous < position
                    && position - previous <= maximumDistance && load(previous) == word {
                    let length = matchLength(previous, position)
                    if length > bestLength { (bestLength, bestDistance) = (length, position - previous) }
                }
                guard bestLength >= minimumMatch else {
                    position += 1
                    continue
                }
                emitLiterals(source, from: literalStart, to: position, into: &out)
                emitMatch(distance: bestDistance, length: bestLength, into: &out)
                position += bestLength
                literalStart = position
            }
            emitLiterals(source, from: literalStart, to: count, into: &out)
        }
        out += [0x06, 0, 0, 0, 0, 0, 0, 0]
        return out
    }

    private static func emitLiterals(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into out: inout [UInt8]) {
        var start = start
        while start < end {
            let run = min(end - start, 271)
            if run >= 16 {
                out += [0xE0, UInt8(run - 16)]
            } else {
                out.append(0xE0 | UInt8(run))
            }
            out += source[start..<(start + run)]
            start += run
        }
    }

    private static func emitMatch(distance: Int, length: Int, into out: inout [UInt8]) {
        let first = min(length, 10)
        let lengthBits = UInt8(first - 3) << 3
        if distance < 1536 {
            out += [lengthBits | UInt8(distance >> 8), UInt8(distance & 0xFF)]
        } else {
            out += [lengthBits | 7, UInt8(distance & 0xFF), UInt8(distance >> 8)]
        }
        var remaining = length - first
        while remaining > 0 {
            let part = min(remaining, 271)
            if part >= 16 {
                out += [0xF0, UInt8(part - 16)]
            } else {
                out.append(0xF0 | UInt8(part))
            }
            remaining -= part
        }
    }
}

/// LZFSE stream envelopes around a chunk of pixels, the smallest of: entropy-coded `bvx2` blocks
/// (`LZFSE`, which gradients and noisy artwork need), one LZVN block (`bvxn`, which wins on small
/// chunks, where a `bvx2` block's tables cost more than they save), or the uncompressed block
/// (`bvx-`); then the end-of-stream marker `bvx$`. Every CoreUI reads all three.
enum LZFSEStream {
    static func wrap(_ raw: [UInt8], thorough: Bool = false) -> [UInt8] {
        let compressed = LZVN.encode(raw)
        let lzvn = compressed.count + 12 < raw.count + 8
            ? Array("bvxn".utf8) + LittleEndian.u32(raw.count) + LittleEndian.u32(compressed.count) + compressed + Array("bvx$".utf8)
            : Array("bvx-".utf8) + LittleEndian.u32(raw.count) + raw + Array("bvx$".utf8)
        let entropy = LZFSE.encode(raw, thorough: thorough)
        return entropy.count < lzvn.count ? entropy : lzvn
    }
}
