/// The renditions of a car this writer made, read back so the next build copies the unchanged
/// ones instead of decoding and compressing their pixels again. Only our own layout is read
/// (docs/assets-car.md): a file that is not laid out so — or that is cut short, or whose offsets
/// point outside it — gives nil, and the build makes every rendition anew. Never trusted beyond
/// that: the caller has checked the bytes against the hash the last build recorded.
public enum PreviousCatalog {
    /// The RENDITIONS tree's values, in tree order; nil when the bytes are not such a file.
    public static func renditions(_ bytes: [UInt8]) -> [[UInt8]]? {
        guard bytes.count >= 32, Array(bytes[0..<8]) == Array("BOMStore".utf8), u32(bytes, 8) == 1 else { return nil }
        guard let indexOffset = u32(bytes, 16).map(Int.init), let varsOffset = u32(bytes, 24).map(Int.init),
              let blockCount = u32(bytes, indexOffset).map(Int.init), blockCount < bytes.count / 8 else { return nil }
        func block(_ id: UInt32) -> [UInt8]? {
            guard id > 0, Int(id) < blockCount, let address = u32(bytes, indexOffset + 4 + 8 * Int(id)),
                  let length = u32(bytes, indexOffset + 8 + 8 * Int(id)) else { return nil }
            let start = Int(address), end = start + Int(length)
            guard end <= bytes.count else { return nil }
            return Array(bytes[start..<end])
        }
        // The variables: count, then (block, name length, name).
        guard let variableCount = u32(bytes, varsOffset), variableCount < 64 else { return nil }
        var at = varsOffset + 4
        var treeBlock: UInt32?
        for _ in 0..<variableCount {
            guard let id = u32(bytes, at), at + 5 <= bytes.count else { return nil }
            let length = Int(bytes[at + 4])
            guard at + 5 + length <= bytes.count else { return nil }
            if Array(bytes[(at + 5)..<(at + 5 + length)]) == Array("RENDITIONS".utf8) { treeBlock = id }
            at += 5 + length
        }
        guard let treeBlock, let tree = block(treeBlock), tree.count >= 21, Array(tree[0..<4]) == Array("tree".utf8),
              let rootID = u32(tree, 8), let count = u32(tree, 16), let root = block(rootID) else { return nil }
        // The root is the only leaf, or an internal node over leaves (BOMStore.addTree).
        var leaves: [[UInt8]] = []
        guard root.count >= 12 else { return nil }
        if u16(root, 0) == 1 {
            leaves = [root]
        } else {
            let children = Int(u16(root, 2)) + 1
            for child in 0..<children {
                guard let id = u32(root, 12 + 8 * child), let leaf = block(id), leaf.count >= 12, u16(leaf, 0) == 1 else { return nil }
                leaves.append(leaf)
            }
        }
        var values: [[UInt8]] = []
        for leaf in leaves {
            for entry in 0..<Int(u16(leaf, 2)) {
                guard let id = u32(leaf, 12 + 8 * entry), let value = block(id) else { return nil }
                values.append(value)
            }
        }
        return values.count == Int(count) ? values : nil
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }
}
