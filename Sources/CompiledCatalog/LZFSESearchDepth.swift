// The LZFSE encoder's match search, at the two depths assetc uses (`LZFSE.encode(_:thorough:)`).

/// How hard the match finder looks: a type, so each depth is its own specialised loop.
protocol LZFSESearchDepth {
    /// Positions remembered per hash line.
    static var ways: Int { get }
    /// A match this long is taken without looking one byte further.
    static var goodMatch: Int { get }
    /// Bytes indexed at each end of a long match (every byte when a match is shorter than twice this).
    static var indexedEdge: Int { get }
    /// The hash table's most lines, as a power of two.
    static var maximumHashBits: Int { get }
}

/// The default: four ways, 16K lines at most (the table stays in a core's L2 cache).
enum QuickSearch: LZFSESearchDepth {
    static let ways = 4
    static let goodMatch = 40
    static let indexedEdge = 32
    static let maximumHashBits = 14
}

/// `--optimization space`: sixteen ways, every position indexed, 64K lines.
enum ThoroughSearch: LZFSESearchDepth {
    static let ways = 16
    static let goodMatch = 258
    static let indexedEdge = 1 << 30
    static let maximumHashBits = 16
}

