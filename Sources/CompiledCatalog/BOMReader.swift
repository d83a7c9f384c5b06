/// Why a car cannot be read back, said of the file.
public struct CarReadError: Error, Sendable { public var message: String }

/// A BOM store read back (the file format of Assets.car): its blocks, its named variables and its
/// trees, every offset checked against the file. `CarInfo` (assetutil --info) reads any car laid out
/// so; `PreviousCatalog` the RENDITIONS of the last car this writer made.
struct BOMReader {
    typealias Malformed = CarReadError

    let bytes: [UInt8]
    var blocks: [(Int, Int)] = []
    var variables: [String: UInt32] = [:]

    init(_ bytes: [UInt8]) throws(Malformed) {
        self.bytes = bytes
        guard bytes.count >= 32, Array(bytes[0..<8]) == Array("BOMStore".utf8), be32(8) == 1 else { throw Malformed(message: "is not an asset catalog (no BOMStore header)") }
        let index = Int(be32(16)), vars = Int(be32(24))
        let count = Int(be32(index))
        guard count < bytes.count / 8 else { throw Malformed(message: "its block table is larger than the file") }
        for id in 0..<count {
            let at = index + 4 + 8 * id
            guard at + 8 <= bytes.count else { throw Malformed(message: "its block table is cut short") }
            blocks.append((Int(be32(at)), Int(be32(at + 4))))
        }
        var at = vars + 4
        for _ in 0..<min(Int(be32(vars)), 256) {
            guard at + 5 <= bytes.count else { throw Malformed(message: "its variables are cut short") }
            let id = be32(at), length = Int(bytes[at + 4])
            guard at + 5 + length <= bytes.count else { throw Malformed(message: "its variables are cut short") }
            variables[String(decoding: bytes[(at + 5)..<(at + 5 + length)], as: UTF8.self)] = id
            at += 5 + length
        }
    }

    func be32(_ at: Int) -> UInt32 { at >= 0 && at + 4 <= bytes.count ? bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } : 0 }

    func block(_ id: UInt32) throws(Malformed) -> ArraySlice<UInt8> {
        guard id > 0, Int(id) < blocks.count else { throw Malformed(message: "block \(id) is not in the file") }
        let (start, length) = blocks[Int(id)]
        guard start >= 0, start + length <= bytes.count else { throw Malformed(message: "block \(id) lies outside the file") }
        return bytes[start..<start + length]
    }

    func variable(_ name: String) throws(Malformed) -> ArraySlice<UInt8> {
        guard let id = variables[name] else { throw Malformed(message: "has no \(name)") }
        return try block(id)
    }

    /// A tree's (key, value) pairs in order: down its leftmost children, then along the leaves.
    func tree(_ name: String) throws(Malformed) -> [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] {
        guard variables[name] != nil else { return [] }
        let header = try variable(name)
        guard header.count >= 16, Array(header.prefix(4)) == Array("tree".utf8) else { throw Malformed(message: "\(name) is not a tree") }
        var node = try block(Self.u32(header, 8))
        var depth = 0
        while Self.u16(node, 0) != 1 {  // an internal node: its first child
            depth += 1
            guard depth < 32, node.count >= 16 else { throw Malformed(message: "\(name) is not a tree") }
            node = try block(Self.u32(node, 12))
        }
        var pairs: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
        var seen = 0
        while true {
            for entry in 0..<Int(Self.u16(node, 2)) {
                let at = 12 + 8 * entry
                guard at + 8 <= node.count else { throw Malformed(message: "\(name) has a leaf cut short") }
                pairs.append((try block(Self.u32(node, at + 4)), try block(Self.u32(node, at))))
            }
            let next = Self.u32(node, 4)
            seen += 1
            guard next != 0, seen < blocks.count else { break }
            node = try block(next)
        }
        return pairs
    }

    static func u32(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        let start = bytes.startIndex + at
        return start >= bytes.startIndex && start + 4 <= bytes.endIndex ? bytes[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) } : 0
    }

    static func u16(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt16 {
        let start = bytes.startIndex + at
        return start + 2 <= bytes.endIndex ? UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1]) : 0
    }
}
