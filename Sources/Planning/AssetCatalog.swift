import AssetModel

/// One entry of an Xcode `.appiconset` or `.launchimage` `Contents.json`, as far as assetc reads it.
/// Keys Xcode adds that assetc does not need (author, version, properties...) are ignored.
public struct CatalogEntry: Sendable, Hashable {
    public var idiom: String?
    public var size: String?
    public var scale: String?
    public var filename: String?
    public var platform: String?
    public var subtype: String?
    public var orientation: String?
    public var extent: String?
    public var minimumSystemVersion: String?
    public var hasAppearances: Bool
    public var location: SourceLocation

    /// "2x" → 2; nil when absent or malformed.
    var scaleValue: Int? {
        guard let scale, scale.hasSuffix("x"), let value = Int(scale.dropLast()), (1...3).contains(value) else { return nil }
        return value
    }

    /// "83.5x83.5" → 83.5 (square sizes only).
    var squarePoints: Double? {
        guard let size else { return nil }
        let parts = size.split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w == h, w > 0 else { return nil }
        return w
    }
}

public enum AssetCatalog {
    /// Reads `<set>/Contents.json`. Errors name the Contents.json path and, for JSON problems, line and column.
    static func entries(ofSet setPath: String, inspector: SourceInspecting) throws(InputError) -> [CatalogEntry] {
        let path = setPath + "/Contents.json"
        let bytes: [UInt8]
        do {
            bytes = try inspector.contents(of: path)
        } catch {
            throw InputError([.error(path, error.message)])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw InputError([.error(path, at: error.location, "invalid JSON: \(error.message)")])
        }
        guard case .object(let members) = root.value else {
            throw InputError([.error(path, at: root.location, "Contents.json must be an object, found \(root.typeName)")])
        }
        guard let images = members.first(where: { $0.key == "images" })?.value else {
            throw InputError([.error(path, at: root.location, "Contents.json has no \"images\" array")])
        }
        guard case .array(let elements) = images.value else {
            throw InputError([.error(path, at: images.location, "\"images\" must be an array, found \(images.typeName)")])
        }
        var entries: [CatalogEntry] = []
        var problems: [Diagnostic] = []
        for element in elements {
            guard case .object(let fields) = element.value else {
                problems.append(.error(path, at: element.location, "an image entry must be an object, found \(element.typeName)"))
                continue
            }
            func text(_ key: String) -> String? {
                guard let node = fields.first(where: { $0.key == key })?.value else { return nil }
                if case .string(let value) = node.value { return value }
                problems.append(.error(path, at: node.location, "\"\(key)\" must be a string, found \(node.typeName)"))
                return nil
            }
            let appearances = fields.first(where: { $0.key == "appearances" }).map { member -> Bool in
                if case .array(let list) = member.value.value { return !list.isEmpty }
                return true
            } ?? false
            entries.append(CatalogEntry(
                idiom: text("idiom"), size: text("size"), scale: text("scale"), filename: text("filename"),
                platform: text("platform"), subtype: text("subtype"), orientation: text("orientation"),
                extent: text("extent"), minimumSystemVersion: text("minimum-system-version"),
                hasAppearances: appearances, location: element.location))
        }
        if !problems.isEmpty { throw InputError(problems) }
        return entries
    }

    /// actool's warning for files in a set folder that no entry names (`The app icon set "AppIcon" has
    /// an unassigned child.`); `kind` is "app icon set" or "launch image set". Nil when there are none
    /// or the folder cannot be listed.
    static func unassignedChildren(kind: String, setPath: String, entries: [CatalogEntry],
                                   inspector: SourceInspecting) -> Diagnostic? {
        guard let names = inspector.entries(ofFolder: setPath) else { return nil }
        let referenced = Set(entries.compactMap(\.filename))
        let count = names.filter { !$0.hasPrefix(".") && $0 != "Contents.json" && !referenced.contains($0) }.count
        guard count > 0 else { return nil }
        let name = setName(ofFolder: setPath)
        return .warning(setPath + "/Contents.json", count == 1
            ? "The \(kind) \"\(name)\" has an unassigned child."
            : "The \(kind) \"\(name)\" has \(count) unassigned children.")
    }

    /// The set's name as actool's messages give it: the folder's last part without its extension
    /// (`Icons/AppIcon.appiconset` → `AppIcon`).
    static func setName(ofFolder path: String) -> String {
        let folder = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = folder.lastIndex(of: "."), dot != folder.startIndex else { return folder }
        return String(folder[..<dot])
    }

    /// A file named in a set must stay inside the set folder.
    static func fileProblem(_ name: String) -> String? {
        if name.isEmpty || name.contains("/") || name.contains("\\") || name == "." || name == ".." {
            return "file name '\(name)' must be a plain file name inside the set"
        }
        return nil
    }
}
