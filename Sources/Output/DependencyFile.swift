import AssetModel
import AssetPlatform

/// A Make dependency file (`--depfile`), as `cc -MD` writes: the build's stamp depends on the
/// manifest and on every file the build read, so `-include` in a Makefile reruns assetc exactly
/// when one of them changes.
public enum DependencyFile {
    /// Writes the file atomically; the error names the dependency file.
    public static func write(to path: String, target: String, prerequisites: [String]) throws(OutputError) {
        do {
            try FileSystem.replaceAtomically(path, Array(render(target: target, prerequisites: prerequisites).utf8))
        } catch {
            throw .cannotWrite(file: path, error)
        }
    }

    public static func render(target: String, prerequisites: [String]) -> String {
        var seen: Set<String> = []
        let prerequisites = prerequisites.map(tidy).filter { seen.insert($0).inserted }
        var text = escape(tidy(target)) + ":"
        for path in prerequisites {
            text += " \\\n  " + escape(path)
        }
        text += "\n"
        // An empty rule per prerequisite keeps Make going when a source is deleted (like `-MP`).
        for path in prerequisites {
            text += "\n" + escape(path) + ":\n"
        }
        return text
    }

    /// Folds `dir/..` and `.` lexically so paths match how a Makefile names them (`full/../art/a.pdf`
    /// is `art/a.pdf`); leading `..` stays.
    static func tidy(_ path: String) -> String {
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(component)
        }
        let joined = parts.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Make's quoting (as GCC writes it): `$` doubles; spaces, tabs and `#` take a backslash.
    static func escape(_ path: String) -> String {
        var out = ""
        for character in path {
            switch character {
            case "$": out += "$$"
            case " ", "#", "\t": out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }
}
