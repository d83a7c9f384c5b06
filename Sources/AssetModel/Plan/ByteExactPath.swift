/// A path compared and hashed by its UTF-8 bytes, as a file system compares names. Swift's `String`
/// equality is canonical (`Café` in NFC equals `Café` in NFD), which would merge two files into one
/// dictionary entry; keys that name files use this instead.
public struct ByteExactPath: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let path: String

    public init(_ path: String) { self.path = path }
    public init(stringLiteral value: String) { self.path = value }

    // Each over the whole UTF-8 buffer at once where the string has one (a native string does):
    // byte by byte, the state's 8,000 paths of a 2,000-set catalog were hashed, compared and
    // sorted at a few per cent of a one-PDF rebuild.
    public static func == (lhs: ByteExactPath, rhs: ByteExactPath) -> Bool {
        guard lhs.path.utf8.count == rhs.path.utf8.count else { return false }
        return compareBytes(lhs, rhs) { $0 == 0 } ?? lhs.path.utf8.elementsEqual(rhs.path.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = path.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { for byte in path.utf8 { hasher.combine(byte) } }
        hasher.combine(path.utf8.count)
    }

    public static func < (lhs: ByteExactPath, rhs: ByteExactPath) -> Bool {
        compareBytes(lhs, rhs) { $0 < 0 } ?? lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8)
    }

    /// The order of the two paths' bytes (a shorter prefix first), tested by `holds`; nil when
    /// either string keeps no contiguous UTF-8 buffer.
    private static func compareBytes(_ lhs: ByteExactPath, _ rhs: ByteExactPath, _ holds: (Int) -> Bool) -> Bool? {
        let result: Int?? = lhs.path.utf8.withContiguousStorageIfAvailable { left in
            rhs.path.utf8.withContiguousStorageIfAvailable { right -> Int in
                for index in 0..<min(left.count, right.count) where left[index] != right[index] {
                    return Int(left[index]) - Int(right[index])
                }
                return left.count - right.count
            }
        }
        guard let found = result, let order = found else { return nil }
        return holds(order)
    }

    public var description: String { path }
}
