import AssetModel
import AssetPlatform

/// Reads app icon sets and launch image sets (`.appiconset`, `.launchimage`): their Contents.json
/// decoded into `CatalogEntry` values, and their folder listed for files no entry names. Errors
/// name the Contents.json and, for JSON problems, the line and column.
public enum SlotSetReader {
    /// Where the sets' files come from: the file system, or a table in tests.
    public struct Files: Sendable {
        public var read: @Sendable (String) throws(FileError) -> [UInt8]
        /// The names in a folder, nil when it cannot be listed.
        public var list: @Sendable (String) -> [String]?
        /// Where a path leads, links resolved (nil: nowhere, or not asked in tests).
        public var realPath: @Sendable (String) -> String? = { _ in nil }

        public init(read: @escaping @Sendable (String) throws(FileError) -> [UInt8], list: @escaping @Sendable (String) -> [String]?) {
            self.read = read
            self.list = list
        }

        public static let live: Files = {
            var files = Files(
                read: { path throws(FileError) in try FileSystem.read(path, limit: Limits.maximumJSONBytes) },
                list: { path in FileSystem.kindFollowingLinks(path) == .directory ? FileSystem.list(path) : nil })
            files.realPath = { FileSystem.realPath($0) }
            return files
        }()
    }

    /// Every app icon and launch image set planning may use: the manifest's own, and each one of
    /// every catalog (the chosen one, alternates), resolved as planning resolves them.
    public static func paths(for request: BuildRequest, catalogs: [CatalogContents]) -> [String] {
        var paths: [String] = []
        if case .appiconset(let set)? = request.appIcon?.input { paths.append(request.resolve(set.path)) }
        if case .launchimage(let set)? = request.launchImage?.input { paths.append(request.resolve(set.path)) }
        for catalog in catalogs {
            for set in catalog.appIconSets + catalog.launchImageSets {
                paths.append(request.resolve(catalog.folderAsWritten(of: set)))
            }
        }
        return paths
    }

    /// Reads each folder once; the result for every path, failures included, and the files read.
    public static func read(_ setPaths: [String], files: Files = .live, allowedLinkRoots: [String] = []) -> (sets: CatalogSlotSets, inputs: [String]) {
        var sets: [String: Result<CatalogSlotSet, InputError>] = [:]
        var inputs: [String] = []
        for path in setPaths where sets[path] == nil {
            sets[path] = read(setPath: path, files: files, allowedLinkRoots: allowedLinkRoots)
            inputs.append(path + "/Contents.json")
        }
        return (CatalogSlotSets(sets), inputs)
    }

    public static func read(setPath: String, files: Files = .live, allowedLinkRoots: [String] = []) -> Result<CatalogSlotSet, InputError> {
        let path = setPath + "/Contents.json"
        if let names = files.list(setPath), !names.contains("Contents.json") {
            return .failure(InputError([CatalogSlotSet.missingContents(setPath)]))
        }
        let bytes: [UInt8]
        do {
            bytes = try files.read(path)
        } catch {
            return .failure(InputError([.error(path, .init(relaying: SourceError.file(error).message))]))
        }
        let decoded = decode(bytes, setPath: setPath, folderEntries: files.list(setPath))
        guard case .success(let set) = decoded, let root = files.realPath(catalogFolder(of: setPath)) else { return decoded }
        let roots = [root] + allowedLinkRoots.map { files.realPath($0) ?? $0 }
        // A file linked out of the catalog (or, for a set of the manifest's own, out of the set)
        // is not followed: the set cannot be used (docs/hardening.md).
        for entry in set.entries {
            guard let name = entry.filename, ImageSetDecoder.isPlainFileName(name), !name.isEmpty,
                  let target = files.realPath(setPath + "/" + name),
                  !FileSystem.isInside(target, anyOf: roots) else { continue }
            return .failure(InputError([.error(setPath + "/" + name, .linkMakesSetUnusable(to: target, set: FilePath(setPath).lastComponent))]))
        }
        return decoded
    }

    /// The catalog a set folder is in (its nearest `.xcassets` folder), or the set itself.
    static func catalogFolder(of setPath: String) -> String {
        let parts = setPath.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = parts.lastIndex(where: { $0.hasSuffix(".xcassets") }) else { return setPath }
        return parts[...index].joined(separator: "/")
    }

    /// `folderEntries`: the names in the set's folder, nil when it cannot be listed.
    public static func decode(_ bytes: [UInt8], setPath: String, folderEntries: [String]?) -> Result<CatalogSlotSet, InputError> {
        let path = setPath + "/Contents.json"
        if let line = MergeConflictMarkers.firstLine(in: bytes) {
            return .failure(InputError([.error(path, at: SourceLocation(line: line, column: 1), MergeConflictMarkers.message)]))
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return .failure(InputError([.error(path, at: error.location, SourceMessage.invalidJSON(error))]))
        }
        guard case .object(let members) = root.value else {
            return .failure(InputError([.error(path, at: root.location, SourceMessage.contentsNotAnObject(root))]))
        }
        guard let images = members.first(where: { $0.key == "images" })?.value else {
            return .failure(InputError([.error(path, at: root.location, .contentsHasNoImages)]))
        }
        guard case .array(let elements) = images.value else {
            return .failure(InputError([.error(path, at: images.location, .imagesNotAnArray(found: images.typeName))]))
        }
        var entries: [CatalogEntry] = []
        var problems: [Diagnostic] = []
        for element in elements {
            guard case .object(let fields) = element.value else {
                problems.append(.error(path, at: element.location, .imageEntryNotAnObject(found: element.typeName)))
                continue
            }
            func text(_ key: String) -> String? {
                guard let node = fields.first(where: { $0.key == key })?.value else { return nil }
                if case .string(let value) = node.value { return value }
                problems.append(.error(path, at: node.location, .valueNotAString(key, found: node.typeName)))
                return nil
            }
            let appearancesNode = fields.first(where: { $0.key == "appearances" })?.value
            let appearances = appearancesNode.map { node -> Bool in
                if case .array(let list) = node.value { return !list.isEmpty }
                return true
            } ?? false
            var luminosity: String?
            if case .array(let list)? = appearancesNode?.value, list.count == 1,
               case .object(let appearance) = list[0].value,
               case .string("luminosity")? = appearance.first(where: { $0.key == "appearance" })?.value.value,
               case .string(let value)? = appearance.first(where: { $0.key == "value" })?.value.value {
                luminosity = value
            }
            entries.append(CatalogEntry(
                idiom: text("idiom"), size: text("size"), scale: text("scale"), filename: text("filename"),
                platform: text("platform"), subtype: text("subtype"), orientation: text("orientation"),
                extent: text("extent"), minimumSystemVersion: text("minimum-system-version"),
                hasAppearances: appearances, luminosity: luminosity, location: element.location))
        }
        // A name that exists only in another case or normalization is the file a Mac would open
        // (MacFileNames): the entry takes the file's spelling, with a warning naming both.
        var spellingWarnings: [Diagnostic] = []
        if let folderEntries {
            let setName = FilePath(setPath).stem
            for index in entries.indices {
                guard let named = entries[index].filename, !named.isEmpty, ImageSetDecoder.isPlainFileName(named) else { continue }
                switch MacFileNames.match(named, among: folderEntries) {
                case .exact: break
                case .respelled(let found):
                    spellingWarnings.append(.warning(path, at: entries[index].location, MacFileNames.respelledWarning(named, file: found, set: setName)))
                    entries[index].filename = found
                case .ambiguous(let found):
                    problems.append(.error(path, at: entries[index].location, MacFileNames.ambiguousError(named, files: found, set: setName)))
                }
            }
        }
        if !problems.isEmpty { return .failure(InputError(problems)) }
        let referenced = Set(entries.compactMap(\.filename))
        let unassigned = (folderEntries ?? []).filter { !MacFileNames.isMacMetadata($0) && $0 != "Contents.json" && !referenced.contains($0) }.count
        // Only plain names are looked for: any other is an error where planning uses the slot.
        var missing: Set<String> = []
        if let folderEntries {
            let present = Set(folderEntries)
            missing = referenced.filter { ImageSetDecoder.isPlainFileName($0) && !$0.isEmpty && !present.contains($0) }
        }
        return .success(CatalogSlotSet(setPath: setPath, entries: entries, unassignedChildren: unassigned,
                                       missingFiles: missing, spellingWarnings: spellingWarnings))
    }
}

extension Diagnostic.Message {
    /// `set`: the set folder's name (`AppIcon.appiconset`).
    fileprivate static func linkMakesSetUnusable(to target: String, set: String) -> Diagnostic.Message { "a link to \(target), outside the catalog: it is not followed, and the set \"\(set)\" cannot be used" }

    fileprivate static let contentsHasNoImages: Diagnostic.Message = "Contents.json has no \"images\" array"

    fileprivate static func imagesNotAnArray(found typeName: String) -> Diagnostic.Message { "\"images\" must be an array, found \(typeName)" }

    fileprivate static func imageEntryNotAnObject(found typeName: String) -> Diagnostic.Message { "an image entry must be an object, found \(typeName)" }

    fileprivate static func valueNotAString(_ key: String, found typeName: String) -> Diagnostic.Message { "\"\(key)\" must be a string, found \(typeName)" }
}
