/// The renditions of a car this writer made, read back so the next build copies the unchanged
/// ones instead of decoding and compressing their pixels again. Only our own layout is read
/// (docs/assets-car.md): a file that is not laid out so — or that is cut short, or whose offsets
/// point outside it — gives nil, and the build makes every rendition anew. Never trusted beyond
/// that: the caller has checked the bytes against the hash the last build recorded.
public enum PreviousCatalog {
    /// The RENDITIONS tree's values, in tree order; nil when the bytes are not such a file.
    public static func renditions(_ bytes: [UInt8]) -> [[UInt8]]? {
        guard let store = try? BOMReader(bytes), store.variables["RENDITIONS"] != nil,
              let header = try? store.variable("RENDITIONS"), let pairs = try? store.tree("RENDITIONS") else { return nil }
        // The tree's header counts its entries: a tree that lost some is not this writer's file.
        return pairs.count == Int(BOMReader.u32(header, 16)) ? pairs.map { Array($0.value) } : nil
    }
}
