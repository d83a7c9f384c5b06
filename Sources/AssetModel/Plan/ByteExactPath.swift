/// A path compared and hashed by its UTF-8 bytes, as a file system compares names. Swift's `String`
/// equality is canonical (`Café` in NFC equals `Café` in NFD), which would merge two files into one
/// dictionary entry; keys that name files use this instead.
public struct ByteExactPath: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let path: String

    public init(_ path: String) { self.path = path }
    public init(stringLiteral value: String) { self.path = value }

    public static func == (lhs: ByteExactPath, rhs: ByteExactPath) -> Bool {
        lhs.path.utf8.elementsEqual(rhs.path.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in path.utf8 { hasher.combine(byte) }
    }

    public static func < (lhs: ByteExactPath, rhs: ByteExactPath) -> Bool {
        lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8)
    }

    public var description: String { path }
}
