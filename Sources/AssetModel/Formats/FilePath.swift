/// A path as the manifest, a catalog, the command line or the file system gives it: the one path
/// type the stages share, so a file's last part, its folder and "relative to what" are settled in
/// one place rather than by splitting strings where they are needed.
///
/// The text is kept exactly as typed (no normalising, no resolving symbolic links): paths are shown
/// to users in messages and written into plans, and they must read as the user wrote them.
/// `resolve(against:)` is the one rule for relative paths; `normalized` folds `.` and `..` lexically
/// for the few places that need an absolute spelling (depfiles, the actool mode's outputs).
public struct FilePath: Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let string: String

    public init(_ string: String) { self.string = string }
    public init(stringLiteral value: String) { self.string = value }

    public init(from decoder: any Decoder) throws {
        string = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }

    public var description: String { string }
    public static func < (a: FilePath, b: FilePath) -> Bool { a.string < b.string }

    public var isAbsolute: Bool { string.hasPrefix("/") }

    /// `a/b/Star.pdf` → `Star.pdf`; `a/Set.imageset/` → `Set.imageset`; a path without a slash is its
    /// own last component.
    public var lastComponent: String {
        string.split(separator: "/").last.map(String.init) ?? string
    }

    /// The last component without its extension (`Icons/AppIcon.appiconset` → `AppIcon`); a name
    /// that starts with its only dot (`.hidden`) is kept whole.
    public var stem: String {
        let name = lastComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The folder the path is in, as typed: `a/b.json` → `a`, `b.json` → `.`, `/b.json` → `/`.
    public var folder: FilePath {
        guard let slash = string.lastIndex(of: "/") else { return "." }
        return slash == string.startIndex ? "/" : FilePath(String(string[..<slash]))
    }

    /// The folders the path is inside, nearest last, when it has any (`a/b/c.png` → `a/b`), else nil.
    public var enclosingFolder: FilePath? {
        string.contains("/") ? folder : nil
    }

    /// `folder` + `/` + `relative`, with one slash; `.` (or an empty path) joined with `x` is `x`.
    public func appending(_ relative: String) -> FilePath {
        if string.isEmpty || string == "." { return FilePath(relative) }
        return FilePath(string.hasSuffix("/") ? string + relative : string + "/" + relative)
    }

    /// The one rule for a relative path: absolute as written, else inside `base` (kept relative when
    /// `base` is the working directory, `.`).
    public func resolve(against base: FilePath) -> FilePath {
        isAbsolute ? self : base.appending(string)
    }

    /// `.` and empty components removed and `..` folded lexically, absolute (a relative path is taken
    /// from `/`, so call it on an absolute path: `resolve(against: workingDirectory)` first).
    public var normalized: FilePath {
        var parts: [Substring] = []
        for component in string.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(component)
        }
        return FilePath("/" + parts.joined(separator: "/"))
    }
}
