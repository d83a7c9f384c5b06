/// An iOS version such as 6.0, 7.0 or 8.1, compared numerically.
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) { (self.major, self.minor) = (major, minor) }

    /// Parses "7", "7.0" or "8.1" (a third component is accepted and ignored).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let major = Int(parts[0]), major < 1000 else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        self.init(major, minor)
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    public var description: String { "\(major).\(minor)" }

    /// The first release with iOS 7's icon and launch-image rules.
    public static let iOS7 = OSVersion(7)
}
