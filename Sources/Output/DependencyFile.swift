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

    /// Characters Make has no way to quote in a rule: a newline ends the rule (what follows would
    /// run as a recipe line), `;` starts a recipe, `=` makes a variable assignment, `:` `%` `|` change
    /// the rule's kind, and wildcards would be expanded. A path holding one is refused, not written.
    static let inexpressible: [Character: String] = [
        "\n": "a newline", "\r": "a carriage return", ";": "';'", "=": "'='", ":": "':'", "%": "'%'", "|": "'|'",
        "*": "'*'", "?": "'?'", "[": "'['", "]": "']'", "\\": "a backslash",
    ]

    /// Why Make could not read `path` back as one file name, or nil.
    public static func problem(with path: String) -> String? {
        for character in path {
            if let name = inexpressible[character] {
                return "contains \(name), which a Makefile cannot express"
            }
        }
        return nil
    }

    /// Refuses a depfile that would overwrite an input (the manifest, a source) or land inside the
    /// output folder (which the build owns); paths are compared absolute, with `..` folded.
    public static func destinationProblem(_ path: String, inputs: [String], outputRoot: String) -> String? {
        let absolute = FileSystem.absolute(path)
        if Set(inputs.map(FileSystem.absolute)).contains(absolute) {
            return "is an input of this build and would be overwritten"
        }
        let root = FileSystem.absolute(outputRoot)
        if absolute == root || absolute.hasPrefix(root + "/") {
            return "lies inside the output folder \(outputRoot), which assetc manages; write it elsewhere"
        }
        return nil
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
        path.escaping(["$": "$$", " ": "\\ ", "#": "\\#", "\t": "\\\t"])
    }
}
