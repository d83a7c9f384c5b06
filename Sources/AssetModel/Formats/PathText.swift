/// The two things done to a path written as text, done one way everywhere (paths stay `String`s
/// as the manifest, catalogs and file system give them; `Manifest.resolve` joins them).
public enum PathText {
    /// `a/b/Star.pdf` → `Star.pdf`; a path without a slash is its own last component.
    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder a path is in, as typed: `a/b.json` → `a`, `b.json` → `.`, `/b.json` → `/`.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
