import AssetModel
import Foundation
import Testing

/// The one encoder writes the state, the plan, fragments and worker messages; its cost must grow
/// with its input, not with its square (a 20,000-image state file took 30 s to encode when each
/// keyed member copied its container's dictionary).
@Suite struct JSONValueEncoderTests {
    struct Entry: Codable, Equatable {
        var key: String
        var bytes: Int
        var parts: [String]?
    }

    static func entries(_ count: Int) -> [String: Entry] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { index in
            ("Resources/Img\(index)@2x.png", Entry(key: "k\(index)", bytes: index, parts: index % 3 == 0 ? ["a"] : nil))
        })
    }

    /// CPU time of this thread only, so tests running beside it on the other core count little.
    static func threadSeconds(_ body: () throws -> Void) rethrows -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        try body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    @Test func encodesAndDecodesBackTheSameValue() throws {
        let value = Self.entries(50)
        let bytes = try JSONValueEncoder().encodeBytes(value)
        #expect(try JSONValueDecoder().decode([String: Entry].self, from: bytes) == value)
        // Sorted keys whatever the insertion order: the bytes of two encodes are the same.
        #expect(try JSONValueEncoder().encodeBytes(value) == bytes)
    }

    /// A growth ratio, not a speed goal (those live in `make bench`): four times the entries must
    /// cost well under sixteen times the time. Linear is 4×; the quadratic encoder measured 16×.
    @Test func costGrowsLinearlyWithTheEntries() throws {
        let small = Self.entries(10_000), large = Self.entries(40_000)
        func best(_ value: [String: Entry]) throws -> Double {
            var best = Double.infinity
            for _ in 0..<3 { best = min(best, try Self.threadSeconds { _ = try JSONValueEncoder().encode(value) }) }
            return best
        }
        _ = try best(Self.entries(1_000))  // warm-up
        let ratio = try best(large) / best(small)
        #expect(ratio < 8, "40k entries took \(ratio)× the time of 10k")
    }
}
