/// An LZFSE encoder: LZ77 matches whose literal bytes and (literal length, match length, distance)
/// triples are entropy-coded with finite-state (tANS) tables, in the `bvx2` blocks that actool writes
/// and CoreUI reads back with `lzfse_decode`. LZVN alone leaves noisy artwork and gradients nearly
/// uncompressed; the entropy stage is what brings those close to actool's sizes.
///
/// The format facts (header packing, the fixed code for frequency tables, the L/M/D symbol bases and
/// extra bits, bit-stream direction) come from Apple's lzfse reference decoder; the match finder,
/// parsing and frequency normalisation here are this file's own. Every choice is integer-only and
/// input-driven, so the same input always gives the same bytes on every platform.
public enum LZFSE {
    /// A complete LZFSE stream: `bvx2` blocks (or `bvx-` raw blocks where those are smaller),
    /// ending with `bvx$`.
    /// `thorough`: a deeper match search (`--optimization space`): smaller streams, slower.
    public static func encode(_ input: [UInt8], thorough: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        input.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress, source.count > 0 else {
                // The reference encoder writes an empty raw block here; some decoders treat a
                // stream without any block as corrupt.
                LZFSEBlockWriter.appendRawBlock(UnsafeBufferPointer(start: nil, count: 0), to: &output)
                return
            }
            if thorough {
                output = run(LZFSEEncoder<ThoroughSearch>(source: base, count: source.count))
            } else {
                output = run(LZFSEEncoder<QuickSearch>(source: base, count: source.count))
            }
        }
        LZFSEBlockWriter.append32(LZFSEFormat.endOfStreamMagic, to: &output)
        return output
    }

    private static func run<Search>(_ encoder: LZFSEEncoder<Search>) -> [UInt8] {
        var encoder = encoder
        encoder.run()
        defer { encoder.deallocate() }
        return encoder.writer.output
    }
}

// MARK: - Format constants

private enum LZFSEFormat {
    static let endOfStreamMagic: UInt32 = 0x2478_7662 // "bvx$"
    static let rawMagic: UInt32 = 0x2D78_7662 // "bvx-"
    static let compressedMagic: UInt32 = 0x3278_7662 // "bvx2"

    // Decoder limits: its literal buffer and match count are fixed per block.
    static let matchesPerBlock = 10_000
    static let literalsPerBlock = 40_000

    static let maxL = 315, maxM = 2359, maxD = 262_139

    static let lSymbols = 20, mSymbols = 20, dSymbols = 64, literalSymbols = 256
    static let lStates = 64, mStates = 64, dStates = 256, literalStates = 1024

    // L and M: values below 16 are their own symbol; larger ones share a symbol plus raw low bits.
    static let lBase: [Int] = Array(0..<16) + [16, 20, 28, 60]
    static let lExtra: [Int] = Array(repeating: 0, count: 16) + [2, 3, 5, 8]
    static let mBase: [Int] = Array(0..<16) + [16, 24, 56, 312]
    static let mExtra: [Int] = Array(repeating: 0, count: 16) + [3, 5, 8, 11]

    @inline(__always) static func lSymbol(_ v: Int) -> Int {
        v < 16 ? v : v < 20 ? 16 : v < 28 ? 17 : v < 60 ? 18 : 19
    }

    @inline(__always) static func mSymbol(_ v: Int) -> Int {
        v < 16 ? v : v < 24 ? 16 : v < 56 ? 17 : v < 312 ? 18 : 19
    }

    // D: symbols come in fours; group k has k extra bits and starts at (4 << k) - 4, so a distance's
    // group is read off the bit length of d + 4. Symbol 0 (d = 0) means "the previous distance".
    @inline(__always) static func dSymbol(_ d: Int) -> Int {
        let k = (Int.bitWidth - (d + 4).leadingZeroBitCount) - 3
        return 4 * k + ((d + 4) >> k) - 4
    }

    @inline(__always) static func dExtra(_ symbol: Int) -> Int { symbol >> 2 }

    @inline(__always) static func dBase(_ symbol: Int) -> Int { ((4 + (symbol & 3)) << (symbol >> 2)) - 4 }
}

// MARK: - Match finder and parser

/// Greedy parsing with one step of lazy evaluation over a hash table of 4-byte prefixes, each line
/// remembering the last four positions (and their words, so most false candidates are rejected
/// without touching the input). The previous match distance is always tried first: in pixel rows it
/// is usually the pixel or the row stride, and LZFSE codes a repeated distance almost for free.
private struct LZFSEEncoder<Search: LZFSESearchDepth> {
    static var ways: Int { Search.ways }
    static var minimumMatch: Int { 4 }
    /// A match this long is taken without looking one byte further.
    static var goodMatch: Int { Search.goodMatch }

    let source: UnsafePointer<UInt8>
    let count: Int
    /// Per hash line: `ways` positions (most recent first), then the 4-byte words found there.
    let table: UnsafeMutablePointer<UInt32>
    /// One line per two to four input bytes, from 1K up to 16K lines (512 KB). Small inputs, of which
    /// an asset catalog has many, should not pay for clearing a large table; past 16K lines the table
    /// outgrows a core's L2 cache and noisy pixels encode 10-15% slower for about 0.3% smaller output.
    let hashBits: Int
    var writer: LZFSEBlockWriter

    init(source: UnsafePointer<UInt8>, count: Int) {
        self.source = source
        self.count = count
        hashBits = min(Search.maximumHashBits, max(10, Int.bitWidth - count.leadingZeroBitCount - 2))
        let size = (1 << hashBits) * 2 * Self.ways
        table = .allocate(capacity: size)
        table.initialize(repeating: 0, count: size)
        writer = LZFSEBlockWriter(source: source, expectedCount: count)
    }

    func deallocate() {
        table.deallocate()
        writer.deallocate()
    }

    @inline(__always) func load32(_ at: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(source + at).loadUnaligned(as: UInt32.self))
    }

    @inline(__always) func load64(_ at: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(source + at).loadUnaligned(as: UInt64.self))
    }

    /// Equal bytes at `earlier` and `later`, at most `limit`.
    @inline(__always) func matchLength(_ earlier: Int, _ later: Int, _ limit: Int) -> Int {
        var length = 0
        while length &+ 8 <= limit {
            let difference = load64(earlier &+ length) ^ load64(later &+ length)
            if difference != 0 { return length &+ difference.trailingZeroBitCount &>> 3 }
            length &+= 8
        }
        while length < limit, source[earlier &+ length] == source[later &+ length] { length &+= 1 }
        return length
    }

    @inline(__always) func line(for word: UInt32) -> UnsafeMutablePointer<UInt32> {
        table + Int((word &* 2_654_435_761) &>> UInt32(truncatingIfNeeded: 32 &- hashBits)) &* (2 * Self.ways)
    }

    @inline(__always) func insert(_ at: Int, _ word: UInt32, _ line: UnsafeMutablePointer<UInt32>) {
        var way = Self.ways &- 1
        while way > 0 {
            line[way] = line[way &- 1]
            line[Self.ways &+ way] = line[Self.ways &+ way &- 1]
            way &-= 1
        }
        line[0] = UInt32(truncatingIfNeeded: at)
        line[Self.ways] = word
    }

    @inline(__always) func insert(_ at: Int) {
        let word = load32(at)
        insert(at, word, line(for: word))
    }

    /// The longest match at `at` (length, distance), preferring the repeated distance on ties, and
    /// records `at` in the table. Stored positions are 32-bit and may be stale, so every candidate
    /// is verified against the input itself.
    @inline(__always) func search(_ at: Int, repeated: Int) -> (length: Int, distance: Int) {
        let word = load32(at)
        let line = line(for: word)
        let limit = count - at
        var best = 0, bestDistance = 0
        if repeated > 0, repeated <= at, load32(at - repeated) == word {
            best = 4 + matchLength(at - repeated + 4, at + 4, limit - 4)
            bestDistance = repeated
        }
        let here = UInt32(truncatingIfNeeded: at)
        for way in 0..<Self.ways where line[Self.ways + way] == word && best < limit {
            let distance = Int(here &- line[way])
            guard distance > 0, distance <= LZFSEFormat.maxD, distance <= at, distance != bestDistance else { continue }
            // Only a candidate that also matches at the current best length can beat it.
            if best >= 4, source[at - distance + best] != source[at + best] { continue }
            let length = matchLength(at - distance, at, limit)
            if length > best { (best, bestDistance) = (length, distance) }
        }
        insert(at, word, line)
        return (best, bestDistance)
    }

    mutating func run() {
        var position = 0, literalStart = 0, repeated = 0
        // Positions inside a long match are only partly indexed: its first and last bytes are where
        // later data most often continues, and indexing every byte of a long flat run costs time
        // without finding anything new.
        let indexedEdge = Search.indexedEdge
        while position + Self.minimumMatch <= count {
            var match = search(position, repeated: repeated)
            if match.length < Self.minimumMatch {
                position += 1
                continue
            }
            var indexedThrough = position + 1
            // Lazy step: a longer match one byte later is usually worth the extra literal.
            while match.length < Self.goodMatch, position + 1 + Self.minimumMatch <= count {
                let next = search(position + 1, repeated: repeated)
                indexedThrough = position + 2
                guard next.length > match.length else { break }
                position += 1
                match = next
            }
            var start = position, length = match.length
            let distance = match.distance
            while start > literalStart, start > distance, source[start - 1] == source[start - 1 - distance] {
                start -= 1
                length += 1
            }
            writer.sequence(literalsFrom: literalStart, literalCount: start - literalStart,
                            matchLength: length, distance: distance)
            repeated = distance
            let end = start + length
            let lastIndexable = min(end, count - 3)
            if lastIndexable - indexedThrough <= 2 * indexedEdge {
                var at = indexedThrough
                while at < lastIndexable { insert(at); at += 1 }
            } else {
                for at in indexedThrough..<(indexedThrough + indexedEdge) { insert(at) }
                for at in (lastIndexable - indexedEdge)..<lastIndexable { insert(at) }
            }
            position = end
            literalStart = end
        }
        if literalStart < count {
            writer.sequence(literalsFrom: literalStart, literalCount: count - literalStart, matchLength: 0, distance: 0)
        }
        writer.flushBlock()
    }
}

// MARK: - Blocks

/// Gathers (L, M, D) triples and their literal bytes up to the decoder's per-block limits, then
/// writes each block as `bvx2`, or as `bvx-` when the entropy-coded form would not be smaller.
private struct LZFSEBlockWriter {
    let source: UnsafePointer<UInt8>
    var output: [UInt8] = []

    let lValues: UnsafeMutablePointer<Int32>
    let mValues: UnsafeMutablePointer<Int32>
    /// Real distances; 0 marks a literals-only triple, whose distance the decoder never uses.
    let dValues: UnsafeMutablePointer<Int32>
    let literals: UnsafeMutablePointer<UInt8>
    var matchCount = 0, literalCount = 0
    var blockStart = 0, blockEnd = 0
    /// Where the last block written starts, if it is a raw block.
    var lastRawBlock: Int? = nil
    let scratch: UnsafeMutablePointer<UInt8>
    static let scratchSize = 1 << 18

    init(source: UnsafePointer<UInt8>, expectedCount: Int) {
        self.source = source
        lValues = .allocate(capacity: LZFSEFormat.matchesPerBlock)
        mValues = .allocate(capacity: LZFSEFormat.matchesPerBlock)
        dValues = .allocate(capacity: LZFSEFormat.matchesPerBlock)
        literals = .allocate(capacity: LZFSEFormat.literalsPerBlock + 8)
        scratch = .allocate(capacity: Self.scratchSize)
        output.reserveCapacity(min(expectedCount / 2, 1 << 26) + 64)
    }

    func deallocate() {
        lValues.deallocate()
        mValues.deallocate()
        dValues.deallocate()
        literals.deallocate()
        scratch.deallocate()
    }

    static func append32(_ value: UInt32, to output: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    static func appendRawBlock(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        append32(LZFSEFormat.rawMagic, to: &output)
        append32(UInt32(bytes.count), to: &output)
        output.append(contentsOf: bytes)
    }

    /// `literalCount` literals starting at `literalsFrom`, then a match; long runs of either are
    /// split into triples the symbol tables can express.
    mutating func sequence(literalsFrom start: Int, literalCount: Int, matchLength: Int, distance: Int) {
        var from = start, l = literalCount, m = matchLength
        while l > LZFSEFormat.maxL {
            push(from, LZFSEFormat.maxL, 0, 0)
            from += LZFSEFormat.maxL
            l -= LZFSEFormat.maxL
        }
        while m > LZFSEFormat.maxM {
            push(from, l, LZFSEFormat.maxM, distance)
            from += l
            l = 0
            m -= LZFSEFormat.maxM
        }
        if l > 0 || m > 0 { push(from, l, m, m > 0 ? distance : 0) }
    }

    @inline(__always) mutating func push(_ from: Int, _ l: Int, _ m: Int, _ d: Int) {
        if matchCount == LZFSEFormat.matchesPerBlock || literalCount + l > LZFSEFormat.literalsPerBlock {
            flushBlock()
        }
        (literals + literalCount).update(from: source + from, count: l)
        lValues[matchCount] = Int32(l)
        mValues[matchCount] = Int32(m)
        dValues[matchCount] = Int32(d)
        matchCount += 1
        literalCount += l
        blockEnd += l + m
    }

    func readCount(at header: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(output[header + 4 + $1]) << UInt32(8 * $1) }
    }

    mutating func flushBlock() {
        guard matchCount > 0 else { return }
        let rawCount = blockEnd - blockStart
        let size = encodeBlock(rawCount: rawCount)
        let raw = UnsafeBufferPointer(start: source + blockStart, count: rawCount)
        if size < rawCount + 8 {
            output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: size))
            lastRawBlock = nil
        } else if let header = lastRawBlock, Int(readCount(at: header)) + rawCount <= Int(Int32.max) {
            // Incompressible data spans many blocks; one raw block header for the whole run.
            let merged = UInt32(Int(readCount(at: header)) + rawCount)
            for i in 0..<4 { output[header + 4 + i] = UInt8(truncatingIfNeeded: merged >> UInt32(8 * i)) }
            output.append(contentsOf: raw)
        } else {
            lastRawBlock = output.count
            Self.appendRawBlock(raw, to: &output)
        }
        matchCount = 0
        literalCount = 0
        blockStart = blockEnd
    }

    /// Writes the `bvx2` block into `scratch` and returns its size.
    func encodeBlock(rawCount: Int) -> Int {
        // Four interleaved literal streams, so the count is padded to a multiple of four.
        var paddedLiterals = literalCount
        while paddedLiterals & 3 != 0 {
            literals[paddedLiterals] = 0
            paddedLiterals += 1
        }

        // Distances as the decoder will see them: 0 repeats its previous distance, which starts
        // out invalid in every block, so a block's first triple always carries a real distance.
        var dCodes = [Int32](repeating: 0, count: matchCount)
        var previous: Int32 = -1
        for i in 0..<matchCount {
            let d = dValues[i]
            if d == 0 {
                // Literals only: any in-range distance will do, and repeating keeps `previous`.
                if previous < 0 { previous = 1; dCodes[i] = 1 }
            } else if d == previous {
                dCodes[i] = 0
            } else {
                dCodes[i] = d
                previous = d
            }
        }

        var lCounts = [Int](repeating: 0, count: LZFSEFormat.lSymbols)
        var mCounts = [Int](repeating: 0, count: LZFSEFormat.mSymbols)
        var dCounts = [Int](repeating: 0, count: LZFSEFormat.dSymbols)
        var literalCounts = [Int](repeating: 0, count: LZFSEFormat.literalSymbols)
        for i in 0..<matchCount {
            lCounts[LZFSEFormat.lSymbol(Int(lValues[i]))] += 1
            mCounts[LZFSEFormat.mSymbol(Int(mValues[i]))] += 1
            dCounts[LZFSEFormat.dSymbol(Int(dCodes[i]))] += 1
        }
        literalCounts.withUnsafeMutableBufferPointer { counts in
            for i in 0..<paddedLiterals { counts[Int(literals[i])] += 1 }
        }
        let lFreq = FSE.normalize(lCounts, states: LZFSEFormat.lStates)
        let mFreq = FSE.normalize(mCounts, states: LZFSEFormat.mStates)
        let dFreq = FSE.normalize(dCounts, states: LZFSEFormat.dStates)
        let literalFreq = FSE.normalize(literalCounts, states: LZFSEFormat.literalStates)

        // Header: magic, raw size, three packed words (filled in last), then all 360 frequencies
        // in the format's fixed prefix code.
        store32(LZFSEFormat.compressedMagic, at: 0)
        store32(UInt32(rawCount), at: 4)
        var header = BitWriter(base: scratch, at: 32)
        for freq in [lFreq, mFreq, dFreq, literalFreq] {
            for value in freq {
                let code = FSE.frequencyCode(value)
                header.push(code.bits, code.count)
                header.flush()
            }
        }
        _ = header.finish()
        let headerSize = header.at

        // Literals are written last-to-first so the decoder reads them first-to-last.
        let literalTable = FSE.EncoderTable(literalFreq, states: LZFSEFormat.literalStates)
        var bits = BitWriter(base: scratch, at: headerSize)
        var literalState = [0, 0, 0, 0]
        literalTable.entries.withUnsafeBufferPointer { table in
            var s0 = 0, s1 = 0, s2 = 0, s3 = 0
            var i = paddedLiterals
            while i > 0 {
                i -= 4
                FSE.encode(&s3, Int(literals[i + 3]), table, &bits)
                FSE.encode(&s2, Int(literals[i + 2]), table, &bits)
                FSE.encode(&s1, Int(literals[i + 1]), table, &bits)
                FSE.encode(&s0, Int(literals[i]), table, &bits)
                bits.flush()
            }
            literalState = [s0, s1, s2, s3]
        }
        let literalBits = bits.finish()
        let literalPayload = bits.at - headerSize

        // The L, M, D stream starts with eight zero bytes: the decoder primes its 64-bit reader
        // from there, and must not read before the stream.
        let lmdStart = bits.at
        store64(0, at: lmdStart)
        var lmd = BitWriter(base: scratch, at: lmdStart + 8)
        let lTable = FSE.EncoderTable(lFreq, states: LZFSEFormat.lStates)
        let mTable = FSE.EncoderTable(mFreq, states: LZFSEFormat.mStates)
        let dTable = FSE.EncoderTable(dFreq, states: LZFSEFormat.dStates)
        var lState = 0, mState = 0, dState = 0
        lTable.entries.withUnsafeBufferPointer { lEntries in
            mTable.entries.withUnsafeBufferPointer { mEntries in
                dTable.entries.withUnsafeBufferPointer { dEntries in
                    var i = matchCount
                    while i > 0 {
                        i -= 1
                        // Raw low bits go first: the decoder pulls state bits and value bits in
                        // one read, with the value bits lowest.
                        let d = Int(dCodes[i]), dSymbol = LZFSEFormat.dSymbol(d)
                        lmd.push(UInt64(d - LZFSEFormat.dBase(dSymbol)), LZFSEFormat.dExtra(dSymbol))
                        FSE.encode(&dState, dSymbol, dEntries, &lmd)
                        let m = Int(mValues[i]), mSymbol = LZFSEFormat.mSymbol(m)
                        lmd.push(UInt64(m - LZFSEFormat.mBase[mSymbol]), LZFSEFormat.mExtra[mSymbol])
                        FSE.encode(&mState, mSymbol, mEntries, &lmd)
                        let l = Int(lValues[i]), lSymbol = LZFSEFormat.lSymbol(l)
                        lmd.push(UInt64(l - LZFSEFormat.lBase[lSymbol]), LZFSEFormat.lExtra[lSymbol])
                        FSE.encode(&lState, lSymbol, lEntries, &lmd)
                        lmd.flush()
                    }
                }
            }
        }
        let lmdBits = lmd.finish()
        let lmdPayload = lmd.at - lmdStart

        // Packed fields; the bit counts are stored biased by 7 (they lie in -7...0).
        let packed0 = UInt64(paddedLiterals) | UInt64(literalPayload) << 20 | UInt64(matchCount) << 40
            | UInt64(literalBits + 7) << 60
        let packed1 = UInt64(literalState[0]) | UInt64(literalState[1]) << 10 | UInt64(literalState[2]) << 20
            | UInt64(literalState[3]) << 30 | UInt64(lmdPayload) << 40 | UInt64(lmdBits + 7) << 60
        let packed2 = UInt64(headerSize) | UInt64(lState) << 32 | UInt64(mState) << 42 | UInt64(dState) << 52
        store64(packed0, at: 8)
        store64(packed1, at: 16)
        store64(packed2, at: 24)
        return lmd.at
    }

    func store32(_ value: UInt32, at offset: Int) {
        UnsafeMutableRawPointer(scratch + offset).storeBytes(of: value.littleEndian, as: UInt32.self)
    }

    func store64(_ value: UInt64, at offset: Int) {
        UnsafeMutableRawPointer(scratch + offset).storeBytes(of: value.littleEndian, as: UInt64.self)
    }
}

// MARK: - Entropy coding

/// Little-endian bit writer; the decoder reads the finished stream backwards from its end.
private struct BitWriter {
    let base: UnsafeMutablePointer<UInt8>
    var at: Int
    var accumulator: UInt64 = 0
    var count = 0

    init(base: UnsafeMutablePointer<UInt8>, at: Int) { (self.base, self.at) = (base, at) }

    /// Callers flush often enough that the accumulator never holds 64 bits.
    @inline(__always) mutating func push(_ value: UInt64, _ bitCount: Int) {
        accumulator |= value &<< UInt64(truncatingIfNeeded: count)
        count &+= bitCount
    }

    /// Writes the whole bytes, keeping fewer than 8 bits (writes 8 bytes; the buffer has room).
    @inline(__always) mutating func flush() {
        UnsafeMutableRawPointer(base + at).storeBytes(of: accumulator.littleEndian, as: UInt64.self)
        let bytes = count &>> 3
        at &+= bytes
        accumulator = accumulator &>> UInt64(truncatingIfNeeded: bytes &<< 3)
        count &= 7
    }

    /// Writes what is left, zero-padded to a byte, and returns minus the padding bits (-7...0),
    /// which the header records so the decoder can skip them.
    mutating func finish() -> Int {
        flush()
        guard count > 0 else { return 0 }
        base[at] = UInt8(truncatingIfNeeded: accumulator)
        at += 1
        let padding = 8 - count
        accumulator = 0
        count = 0
        return -padding
    }
}

private enum FSE {
    /// One symbol's encoder entry, flattened: (s0, k, delta0, delta1). A state s >= s0 emits its
    /// k low bits, a smaller one k - 1; what remains, plus the delta, is the next state.
    struct EncoderTable {
        var entries: [Int32]

        init(_ freq: [Int], states: Int) {
            entries = [Int32](repeating: 0, count: freq.count * 4)
            let stateBits = Int.bitWidth - 1 - states.leadingZeroBitCount
            var offset = 0
            for (symbol, f) in freq.enumerated() where f > 0 {
                // k is chosen so that states <= f << k < 2 * states.
                let k = stateBits - (Int.bitWidth - 1 - f.leadingZeroBitCount)
                let delta0 = offset - f + (states >> k)
                let delta1 = k > 0 ? offset - f + (states >> (k - 1)) : delta0
                entries[symbol * 4] = Int32((f << k) - states)
                entries[symbol * 4 + 1] = Int32(k)
                entries[symbol * 4 + 2] = Int32(delta0)
                entries[symbol * 4 + 3] = Int32(delta1)
                offset += f
            }
        }
    }

    @inline(__always) static func encode(_ state: inout Int, _ symbol: Int, _ table: UnsafeBufferPointer<Int32>,
                                          _ bits: inout BitWriter) {
        // Wrapping arithmetic: every value here is a small table entry or state.
        let entry = symbol &<< 2
        let high = state >= Int(table[entry])
        let k = Int(table[entry &+ 1])
        let n = high ? k : k &- 1
        bits.push(UInt64(truncatingIfNeeded: state & ((1 &<< n) &- 1)), n)
        state = (state &>> n) &+ Int(high ? table[entry &+ 2] : table[entry &+ 3])
    }

    /// Scales symbol counts to frequencies summing to `states`, every used symbol keeping at least
    /// one state. Rounding leftovers go one at a time where they cost least: a symbol seen c times
    /// with f states gains about c/f by one more state and loses about c/(f-1) by one fewer.
    static func normalize(_ counts: [Int], states: Int) -> [Int] {
        var freq = [Int](repeating: 0, count: counts.count)
        let total = counts.reduce(0, +)
        guard total > 0 else { return freq }
        var sum = 0
        for (symbol, c) in counts.enumerated() where c > 0 {
            freq[symbol] = max(1, (2 * c * states + total) / (2 * total))
            sum += freq[symbol]
        }
        while sum < states {
            var pick = -1
            for (symbol, c) in counts.enumerated() where c > 0 {
                if pick < 0 || c * freq[pick] > counts[pick] * freq[symbol] { pick = symbol }
            }
            freq[pick] += 1
            sum += 1
        }
        while sum > states {
            var pick = -1
            for (symbol, c) in counts.enumerated() where freq[symbol] > 1 {
                if pick < 0 || c * (freq[pick] - 1) < counts[pick] * (freq[symbol] - 1) { pick = symbol }
            }
            freq[pick] -= 1
            sum -= 1
        }
        return freq
    }

    /// The header's fixed prefix code for one frequency (read least significant bit first).
    static func frequencyCode(_ value: Int) -> (bits: UInt64, count: Int) {
        switch value {
        case 0: (0, 2)
        case 1: (2, 2)
        case 2: (1, 3)
        case 3: (5, 3)
        case 4...7: (UInt64(3 | (value - 4) << 3), 5)
        case 8..<24: (UInt64(7 | (value - 8) << 4), 8)
        default: (UInt64(15 | (value - 24) << 4), 14)
        }
    }
}
