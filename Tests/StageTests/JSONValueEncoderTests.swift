import AllocationCounter
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

    /// The malloc calls and bytes `body` asks for on this thread: operations, not seconds, so the
    /// ratio does not move with the load on the machine.
    static func allocations(_ body: () throws -> Void) rethrows -> AllocationCount {
        allocation_counting_begin()
        defer { _ = allocation_counting_end() }
        try body()
        return allocation_counting_end()
    }

    @Test func encodesAndDecodesBackTheSameValue() throws {
        let value = Self.entries(50)
        let bytes = try JSONValueEncoder().encodeBytes(value)
        #expect(try JSONValueDecoder().decode([String: Entry].self, from: bytes) == value)
        // Sorted keys whatever the insertion order: the bytes of two encodes are the same.
        #expect(try JSONValueEncoder().encodeBytes(value) == bytes)
    }

    /// A growth ratio, not a speed goal (those live in `make bench`): four times the entries must
    /// ask for at most five times the allocations and bytes, encoding and writing the bytes. Linear
    /// is 4× (a little more as arrays and hash tables double); the quadratic encoder was 16×.
    @Test func costGrowsLinearlyWithTheEntries() throws {
        let small = Self.entries(10_000), large = Self.entries(40_000)
        func cost(_ value: [String: Entry]) throws -> AllocationCount {
            try Self.allocations { _ = try JSONValueEncoder().encodeBytes(value) }
        }
        let smallCost = try cost(small), largeCost = try cost(large)
        let allocationRatio = Double(largeCost.allocations) / Double(smallCost.allocations)
        let byteRatio = Double(largeCost.bytes) / Double(smallCost.bytes)
        #expect(smallCost.allocations > 10_000, "the counter saw \(smallCost.allocations) allocations for 10k entries")
        #expect(allocationRatio <= 5, "40k entries made \(allocationRatio)× the allocations of 10k")
        #expect(byteRatio <= 5, "40k entries asked for \(byteRatio)× the bytes of 10k")
    }

    /// The counter sees a dictionary copied on write: the shape of the old bug (take the members
    /// out, add one, put them back while the old reference lives) grows with the square, and the
    /// same measure says so.
    @Test func theCounterSeesQuadraticCopies() {
        func copyEachTime(_ count: Int) -> AllocationCount {
            Self.allocations {
                var kept: [[String: Int]] = [[:]]
                for index in 0..<count {
                    var members = kept[kept.count - 1]
                    members["m\(index)"] = index
                    kept[kept.count - 1] = members
                    kept.append(members)
                    if kept.count > 2 { kept.removeFirst() }
                }
            }
        }
        let ratio = Double(copyEachTime(2_000).bytes) / Double(copyEachTime(500).bytes)
        #expect(ratio > 10, "copying on each insert grew only \(ratio)× from 500 to 2,000 members")
    }
}
