// `make bench`'s encoder micro-benchmark: the one JSON encoder (state, plan, fragments, worker
// messages) and its decoder on n entries shaped like the build state's, n = 10k, 40k, 160k.
// Prints ns per entry for each step; a linear encoder keeps the figure flat as n grows.
import AssetModel
import Foundation

struct Entry: Codable {
    var key: String
    var bytes: Int
    var sha256: String
    var parts: [String]?
}

struct State: Codable {
    var outputs: [String: Entry]
    var order: [String]
}

func state(_ count: Int) -> State {
    var outputs: [String: Entry] = [:]
    outputs.reserveCapacity(count)
    var order: [String] = []
    for index in 0..<count {
        let path = "Resources/Img\(index)@2x.png"
        outputs[path] = Entry(key: String(repeating: "k", count: 16) + "\(index)", bytes: index, sha256: String(repeating: "0", count: 56) + "\(index)", parts: index % 7 == 0 ? ["a", "b"] : nil)
        order.append(path)
    }
    return State(outputs: outputs, order: order)
}

func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
print("entries    encode ns/entry   bytes ns/entry   decode ns/entry")
for count in counts.isEmpty ? [10_000, 40_000, 160_000] : counts {
    let value = state(count)
    var output = JSONOutput.null
    var bytes: [UInt8] = []
    var best = (encode: Double.infinity, serialize: Double.infinity, decode: Double.infinity)
    for _ in 0..<3 {
        best.encode = min(best.encode, try nanoseconds { output = try JSONValueEncoder().encode(value) })
        best.serialize = min(best.serialize, nanoseconds { bytes = output.serializedBytes() })
        best.decode = min(best.decode, try nanoseconds { _ = try JSONValueDecoder().decode(State.self, from: bytes) })
    }
    print(String(format: "%7d %17.0f %16.0f %17.0f", count, best.encode / Double(count),
                 best.serialize / Double(count), best.decode / Double(count)))
}
