import AssetModel
import AssetPlatform

/// A parsed `Contents.json`, with helpers that report problems at the key's line and column.
struct ContentsFile {
    let path: String
    let root: JSONNode

    /// Reads and parses `path`. A missing optional file is nil without a message. A missing
    /// required one, an unreadable one, one with merge-conflict markers or one that is not a JSON
    /// object is an error: the set would vanish from the app, and a build that passes without it
    /// (or a pre-commit hook that says "is valid") is worse than one that stops, as a compiler stops
    /// on a syntax error (docs/catalogs.md).
    /// A set's Contents.json (`kind`: "image set", "colour set", …). A set folder without one is
    /// left out with a warning that `check` fails on, not an error: a merge can delete the file and
    /// leave the folder, and Xcode builds such a catalog (Rocket.Chat's `Mention.imageset` shipped
    /// that way from 2018 to 2020). Every other problem is `read`'s error.
    /// A set folder's Contents.json, its top-level keys checked against `allowedKeys` (a warning
    /// names each other one); nil, with a warning, when the set has none.
    static func readSet(_ folder: String, kind: String, name: String, allowedKeys: Set<String>,
                        diagnostics: inout [Diagnostic], inputs: inout [String]) -> ContentsFile? {
        let path = folder + "/Contents.json"
        if FileSystem.kindFollowingLinks(path) == .missing {
            // Not an input: a build engine would take a missing dependency as always out of date.
            diagnostics.append(Diagnostic.warning(folder, .setHasNoContentsFile(kind: kind, name: name)).droppingContent())
            return nil
        }
        guard let file = read(path, required: true, diagnostics: &diagnostics, inputs: &inputs) else { return nil }
        let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        file.warnUnknownKeys(allowedKeys, in: file.root, what: "\(article) \(kind)'s Contents.json", diagnostics: &diagnostics)
        return file
    }

    static func read(_ path: String, required: Bool, diagnostics: inout [Diagnostic], inputs: inout [String]) -> ContentsFile? {
        let bytes: [UInt8]
        // A required file is not looked up first: the read says what is wrong with it.
        if !required, FileSystem.kindFollowingLinks(path) == .missing { return nil }
        do {
            bytes = try FileSystem.read(path, limit: Limits.maximumJSONBytes)
        } catch {
            diagnostics.append(.error(path, .init(relaying: error.description)))
            return nil
        }
        inputs.append(path)
        if let line = MergeConflictMarkers.firstLine(in: bytes) {
            diagnostics.append(.error(path, at: SourceLocation(line: line, column: 1), MergeConflictMarkers.message))
            return nil
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            diagnostics.append(.error(path, at: error.location, SourceMessage.invalidJSON(error)))
            return nil
        }
        guard case .object = root.value else {
            diagnostics.append(.error(path, at: root.location, SourceMessage.contentsNotAnObject(root)))
            return nil
        }
        return ContentsFile(path: path, root: root)
    }

    /// The set's list under `key` (`"colors"`, `"data"`, `"symbols"`); nil, with a warning that
    /// the set is left out (`consequence`: `.setIsSkipped`, `.setIsLeftOut`…), when there is none.
    func list(_ key: String, kind: String, name: String, consequence: Diagnostic.Message = .setIsSkipped, diagnostics: inout [Diagnostic]) -> [JSONNode]? {
        guard let list = member(key, of: root), case .array(let items) = list.value else {
            diagnostics.append(.warning(path, .setHasNoList(key, kind: kind, name: name, consequence: consequence)).droppingContent())
            return nil
        }
        return items
    }

    func member(_ key: String, of node: JSONNode) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.first { $0.key == key }?.value
    }

    func string(_ key: String, of node: JSONNode, diagnostics: inout [Diagnostic]) -> String? {
        guard let value = member(key, of: node) else { return nil }
        switch value.value {
        case .string(let text): return text
        case .number(_, let literal): return literal
        default:
            diagnostics.append(.warning(path, at: value.location, .nonStringValueIgnored(key, found: value.typeName)))
            return nil
        }
    }

    /// `appearances` of an entry: luminosity light/dark/any and contrast high/normal. `.unknown`
    /// carries the first pair assetc does not write (the caller decides what to say).
    enum ParsedAppearance {
        case known(Appearance)
        case notAnArray
        case unknown(kind: String?, value: String?, at: SourceLocation)
    }

    func appearance(of entry: JSONNode, diagnostics: inout [Diagnostic]) -> ParsedAppearance {
        guard let list = member("appearances", of: entry) else { return .known(.any) }
        guard case .array(let items) = list.value else { return .notAnArray }
        var result = Appearance.any
        for item in items {
            let kind = string("appearance", of: item, diagnostics: &diagnostics)
            let value = string("value", of: item, diagnostics: &diagnostics)
            switch (kind, value) {
            case ("luminosity", "dark"): result.luminosity = .dark
            case ("luminosity", "light"): result.luminosity = .light
            case ("luminosity", "any"): result.luminosity = .any
            case ("contrast", "high"): result.highContrast = true
            case ("contrast", "normal"): break
            default: return .unknown(kind: kind, value: value, at: item.location)
            }
        }
        return .known(result)
    }

    /// Unknown keys are warnings with the path (a newer Xcode or a typo), never failures.
    func warnUnknownKeys(_ known: Set<String>, in node: JSONNode, what: String, diagnostics: inout [Diagnostic]) {
        guard case .object(let members) = node.value else { return }
        for member in members where !known.contains(member.key) {
            diagnostics.append(.warning(path, at: member.keyLocation, .unknownKey(member.key, in: what)))
        }
    }
}

extension Diagnostic.Message {
    /// `kind`: "image set", "colour set", ….
    fileprivate static func setHasNoContentsFile(kind: String, name: String) -> Diagnostic.Message { "the \(kind) \"\(name)\" has no Contents.json; it is left out" }

    /// `consequence`: what becomes of the set (`setIsSkipped`, `setIsLeftOut`…).
    fileprivate static func setHasNoList(_ key: String, kind: String, name: String, consequence: Diagnostic.Message) -> Diagnostic.Message { "the \(kind) \"\(name)\" has no \"\(key)\" array; \(consequence)" }

    /// What becomes of a set without its list, as `ContentsFile.list` ends its warning.
    static let setIsSkipped: Diagnostic.Message = "skipped"
    static let setIsLeftOut: Diagnostic.Message = "it is left out"

    fileprivate static func nonStringValueIgnored(_ key: String, found typeName: String) -> Diagnostic.Message { "\"\(key)\" must be a string, found \(typeName); ignored" }

    /// `place`: where the key is ("a colour entry", "\"properties\"", "the catalog's Contents.json"…).
    fileprivate static func unknownKey(_ key: String, in place: String) -> Diagnostic.Message { "unknown key \"\(key)\" in \(place); ignored" }
}
