import AssetModel
import AssetPlatform

/// Reads an Xcode `.xcassets` folder as Xcode does: a folder's type comes from its extension, a
/// folder without a known one is a group, `Contents.json` may be missing on groups and the root.
/// Nothing here is fatal for the catalog as a whole: a broken set is reported and skipped, an
/// unknown set type is one note (docs/catalogs.md lists what is read and what is skipped).
public struct CatalogReader {
    /// Set types only one platform's build reads (tvOS's Brand Assets, visionOS's solid image
    /// stacks, watchOS's complications), by that platform: in a build for another, each is skipped
    /// with a note naming its platform.
    static let otherPlatformSetTypes: [String: ApplePlatform] = ["brandassets": .tvOS, "solidimagestack": .visionOS, "complicationset": .watchOS]

    /// Set types assetc compiles into neither loose files nor Assets.car, by the plural it says.
    static let skippedTypes: [String: String] = [
        "stickerpack": "sticker packs",
        "sticker": "stickers", "stickersiconset": "stickers icon sets", "stickersequence": "sticker sequences",
        "arresourcegroup": "AR resource groups", "arobject": "AR objects", "arimageset": "AR image sets",
        "spriteatlas": "sprite atlases", "textureset": "texture sets", "mipmapset": "mipmap sets",
        "cubetextureset": "cube texture sets", "brandassets": "brand assets", "imagestack": "image stacks",
        "imagestacklayer": "image stack layers", "solidimagestack": "solid image stacks",
        "complicationset": "complication sets", "iconset": "icon sets", "gcdashboardimage": "Game Center dashboard images",
        "gcleaderboard": "Game Center leaderboards", "gcleaderboardset": "Game Center leaderboard sets",
    ]

    /// Folders nested deeper than this are not walked (a link cycle would otherwise never end).
    static let maximumDepth = 32

    /// The platform the catalog is read for: it decides which idioms' entries apply.
    let platform: ApplePlatform
    /// Folders outside the catalog that its links may lead into (a monorepo's shared art).
    let allowedLinkRoots: [String]

    public init(platform: ApplePlatform = .iOS, allowedLinkRoots: [String] = []) {
        (self.platform, self.allowedLinkRoots) = (platform, allowedLinkRoots)
    }

    /// Reads the catalog at `path` (openable) for `spec`. `inputs` receives every Contents.json and
    /// folder read, for the dependency file.
    public func read(_ spec: CatalogSpec, path: String) -> (contents: CatalogContents, diagnostics: [Diagnostic], inputs: [String]) {
        var walk = Walk(catalogPath: path, spec: spec, platform: platform, allowedRoots: allowedLinkRoots)
        switch FileSystem.kindFollowingLinks(path) {
        case .directory:
            walk.readRoot()
            walk.walk(folder: path, relative: "", namespace: [], depth: 0)
        case .missing:
            walk.diagnostics.append(.error(path, .catalogNotFound))
        default:
            walk.diagnostics.append(.error(path, .catalogNotAFolder))
        }
        // Every message is placed in the catalog here, by the folders the walk entered, so the
        // actool mode names the set and file from these fields.
        return (walk.contents, walk.contents.folders.placing(walk.diagnostics), walk.inputs)
    }
}

/// One catalog's walk: what was found, said and read.
struct Walk {
    let catalogPath: String
    let platform: ApplePlatform
    var contents: CatalogContents
    var diagnostics: [Diagnostic] = []
    var inputs: [String] = []
    /// Folders already walked, by device and inode: a link back to a parent is walked once, so a
    /// catalog of links to itself cannot make the walk exponential.
    var visited: Set<String> = []
    /// The catalog folder as the kernel resolves it: a link whose target is not below it is not
    /// followed (docs/hardening.md), so a catalog reads only itself.
    let root: String
    /// Other folders a link may lead into (`--allow-links-to`, the manifest's `allowLinksTo`),
    /// resolved.
    let allowedRoots: [String]

    init(catalogPath: String, spec: CatalogSpec, platform: ApplePlatform, allowedRoots: [String] = []) {
        self.catalogPath = catalogPath
        self.platform = platform
        contents = CatalogContents(spec: spec, path: catalogPath)
        contents.folders.record(catalogPath, catalog: catalogPath, relative: "")
        root = FileSystem.realPath(catalogPath) ?? catalogPath
        self.allowedRoots = allowedRoots.map { FileSystem.realPath($0) ?? $0 }
    }

    /// Where `path` leads when that is outside the catalog and every allowed folder; nil when it
    /// stays inside (or leads nowhere, which the reader reports as missing). Only a link can lead
    /// out: the walk enters no folder that does, and the decoders keep only plain file names, so
    /// anything else is inside, and costs one `lstat` rather than a `realpath`.
    func target(outside path: String) -> String? {
        guard FileSystem.kind(path) == .symlink, let real = FileSystem.realPath(path) else { return nil }
        return FileSystem.isInside(real, anyOf: [root] + allowedRoots) ? nil : real
    }

    /// The first of `files` that leads outside, with a warning that the set is left out.
    mutating func leavesCatalog(_ files: [String], set kind: String, name: String) -> Bool {
        for file in files {
            guard let target = target(outside: file) else { continue }
            diagnostics.append(.warning(file, .linkLeavesCatalog(to: target, leavingOut: kind, named: name)).droppingContent())
            return true
        }
        return false
    }

    /// Records the folders below `folder` (not through links), `depth` levels down, for messages'
    /// places: a set whose decoder enters folders of its own (a Brand Assets set's stacks, layers
    /// and image sets) is placed as the walk's own sets are.
    mutating func recordFolders(under folder: String, relative: String, depth: Int) {
        guard depth > 0 else { return }
        for entry in FileSystem.list(folder) where !MacFileNames.isMacMetadata(entry) {
            let path = folder + "/" + entry
            let kind = FileSystem.kind(path)
            guard kind == .directory || kind == .symlink && FileSystem.kindFollowingLinks(path) == .directory else { continue }
            contents.folders.record(path, catalog: catalogPath, relative: relative + "/" + entry)
            if kind == .directory { recordFolders(under: path, relative: relative + "/" + entry, depth: depth - 1) }
        }
    }

    /// `paths` and every folder between each and `root`: a set read by a decoder that enters its
    /// own folders (a Brand Assets set's stacks and layers) is checked for links at each of them.
    static func withFolders(_ paths: [String], below root: String) -> [String] {
        var all: [String] = []
        var seen: Set<String> = []
        for path in paths {
            var current = path
            while current.count > root.count, current.hasPrefix(root + "/") {
                if seen.insert(current).inserted { all.append(current) }
                guard let slash = current.lastIndex(of: "/") else { break }
                current = String(current[..<slash])
            }
        }
        return all
    }

    mutating func readRoot() {
        inputs.append(catalogPath)
        guard let file = ContentsFile.read(catalogPath + "/Contents.json", required: false, diagnostics: &diagnostics, inputs: &inputs) else { return }
        file.warnUnknownKeys(["info", "properties"], in: file.root, what: "the catalog's Contents.json", diagnostics: &diagnostics)
        if let properties = file.member("properties", of: file.root), case .object(let members) = properties.value, !members.isEmpty {
            diagnostics.append(.note(file.path, at: properties.location, .catalogPropertiesIgnored(members.map(\.key))))
        }
    }

    mutating func walk(folder: String, relative: String, namespace: [String], depth: Int) {
        guard depth < CatalogReader.maximumDepth else {
            diagnostics.append(.warning(folder, .foldersNestedTooDeep(CatalogReader.maximumDepth)))
            return
        }
        if let identity = FileSystem.identity(folder), !visited.insert("\(identity.device):\(identity.inode)").inserted {
            diagnostics.append(.warning(folder, .folderReachedTwice))
            return
        }
        for (entry, listed) in FileSystem.listWithKinds(folder) where !MacFileNames.isMacMetadata(entry) && entry != "Contents.json" {
            let path = folder + "/" + entry
            // A folder the listing names as one is no link: neither followed nor checked for leaving.
            // (Unless its name cannot be opened as listed: a repaired or an over-long one, said below.)
            let isPlainFolder = listed == .directory && !entry.contains("\u{FFFD}") && path.utf8.count < FileSystem.maximumPathBytes
            let kind = isPlainFolder ? .directory : FileSystem.kindFollowingLinks(path)
            // A name that is not UTF-8 is listed repaired (U+FFFD) and cannot be opened by it:
            // said, not dropped in silence.
            if kind == .missing, entry.contains("\u{FFFD}") {
                diagnostics.append(.warning(path, .nameNotUTF8).droppingContent())
                continue
            }
            // Longer than the system opens by name (ENAMETOOLONG): said, not taken for missing.
            if kind == .missing, path.utf8.count >= FileSystem.maximumPathBytes {
                diagnostics.append(.warning(String(path.prefix(120)) + "…", .pathTooLong(bytes: path.utf8.count)).droppingContent())
                continue
            }
            guard kind == .directory else { continue }
            let setPath = relative.isEmpty ? entry : relative + "/" + entry
            contents.folders.record(path, catalog: catalogPath, relative: setPath)
            if !isPlainFolder, let target = target(outside: path) {
                diagnostics.append(.warning(path, .folderLinkLeavesCatalog(to: target)).droppingContent())
                continue
            }
            let (stem, type) = splitExtension(entry)
            let qualified = (namespace + [stem]).joined(separator: "/")
            switch type {
            case "imageset":
                if let set = ImageSetDecoder(platform: platform)
                    .decode(folder: path, setPath: setPath, name: qualified, diagnostics: &diagnostics, inputs: &inputs),
                   !leavesCatalog([set.contentsPath] + set.slots.map(\.path) + set.properties.traitSlots.map(\.path), set: "image set", name: qualified) {
                    contents.imageSets.append(set)
                }
            case "colorset":
                if let set = ColorSetDecoder(platform: platform).decode(folder: path, setPath: setPath, name: qualified,
                                                      diagnostics: &diagnostics, inputs: &inputs),
                   !leavesCatalog([path + "/Contents.json"], set: "colour set", name: qualified) {
                    contents.colorSets.append(set)
                }
            case "dataset":
                if let set = DataSetDecoder(platform: platform).decode(folder: path, setPath: setPath, name: qualified, diagnostics: &diagnostics, inputs: &inputs),
                   !leavesCatalog([set.contentsPath] + set.entries.map(\.path), set: "data set", name: qualified) {
                    contents.dataSets.append(set)
                }
            case "appiconset":
                contents.appIconSets.append(CatalogSetReference(name: stem, setPath: setPath, qualifiedName: qualified))
            case "launchimage":
                contents.launchImageSets.append(CatalogSetReference(name: stem, setPath: setPath, qualifiedName: qualified))
            case "symbolset" where platform == .macOS:
                // Their renditions are keyed by glyph weight, size and deployment target on iOS;
                // how a Mac car keys them is not known yet, so they are left out, visibly.
                diagnostics.append(.warning(path, .symbolSetNotCompiledForMac(qualified)).droppingContent())
            case "symbolset":
                if let set = SymbolSetDecoder().decode(folder: path, setPath: setPath, name: qualified, diagnostics: &diagnostics, inputs: &inputs),
                   !leavesCatalog([set.contentsPath, set.path], set: "symbol set", name: qualified) {
                    contents.symbolSets.append(set)
                }
            case "brandassets" where platform == .tvOS:
                // Its folders (stacks, layers, image sets) place the messages about what is in them,
                // whether or not they read: recorded before the decoder says anything.
                recordFolders(under: path, relative: setPath, depth: 3)
                guard let set = BrandAssetsDecoder().decode(folder: path, setPath: setPath, name: qualified, diagnostics: &diagnostics,
                                                            inputs: &inputs) else { break }
                // Its images (the top-shelf ones, the stacks' layers) are compiled only for the set
                // `--app-icon` names, as actool compiles them (the planner adds them).
                if !leavesCatalog(Self.withFolders(set.readPaths, below: path), set: "brand assets", name: qualified) {
                    contents.brandAssets.append(set)
                }
            case "solidimagestack"? where platform == .visionOS:
                // A visionOS app's icon (docs/visionos.md): actool compiles every one, named by
                // `--app-icon` or not; the planner adds its layers' images.
                recordFolders(under: path, relative: setPath, depth: 2)
                guard let stack = ImageStackDecoder(kind: .solidImageStack).decode(folder: path, setPath: setPath, name: qualified,
                                                                                   size: CatalogImageStack.visionIconSize,
                                                                                   diagnostics: &diagnostics, inputs: &inputs) else { break }
                if !leavesCatalog(Self.withFolders(stack.readPaths, below: path), set: "solid image stack", name: qualified) {
                    contents.solidImageStacks.append(stack)
                }
            case "complicationset"? where platform == .watchOS:
                // A watch app's complications: every set is compiled, its image sets as images of
                // the car named `<set>/<image set>` (docs/watchos.md).
                recordFolders(under: path, relative: setPath, depth: 1)
                let images = ComplicationSetDecoder().decode(folder: path, setPath: setPath, name: qualified, diagnostics: &diagnostics, inputs: &inputs)
                let files = [path + "/Contents.json"] + images.flatMap(\.readPaths)
                if !images.isEmpty, !leavesCatalog(Self.withFolders(files, below: path), set: "complication set", name: qualified) {
                    contents.imageSets += images
                }
            case let type? where CatalogReader.otherPlatformSetTypes[type] != nil:
                // Another platform's: said as such (a tvOS catalog built for iOS), not as a set
                // type assetc does not compile.
                let owner = CatalogReader.otherPlatformSetTypes[type]!
                if type != "complicationset" { contents.otherPlatformIcons[qualified] = owner }
                diagnostics.append(.note(path, .setOfAnotherPlatform(CatalogReader.skippedTypes[type] ?? type, platform: owner)).droppingContent())
            case let type? where CatalogReader.skippedTypes[type] != nil:
                // Marked as content left out: `check` counts these sets in its summary instead of
                // calling the catalog simply valid (they are notes until assetc compiles them).
                diagnostics.append(.note(path, .setTypeNotCompiled(CatalogReader.skippedTypes[type]!))
                    .droppingContent())
            default:
                // Xcode: "Directories with unknown extensions are treated as groups".
                inputs.append(path)
                let providesNamespace = readGroup(path)
                walk(folder: path, relative: setPath, namespace: providesNamespace ? namespace + [entry] : namespace,
                     depth: depth + 1)
            }
        }
    }

    /// Reads a group's optional Contents.json; true when it sets `provides-namespace`.
    mutating func readGroup(_ folder: String) -> Bool {
        guard let file = ContentsFile.read(folder + "/Contents.json", required: false, diagnostics: &diagnostics, inputs: &inputs) else { return false }
        file.warnUnknownKeys(["info", "properties"], in: file.root, what: "a group's Contents.json", diagnostics: &diagnostics)
        guard let properties = file.member("properties", of: file.root) else { return false }
        file.warnUnknownKeys(["provides-namespace", "on-demand-resource-tags", "compression-type"], in: properties,
                             what: "\"properties\"", diagnostics: &diagnostics)
        guard let flag = file.member("provides-namespace", of: properties) else { return false }
        guard case .bool(let value) = flag.value else {
            diagnostics.append(.warning(file.path, at: flag.location, .providesNamespaceNotABool))
            return false
        }
        return value
    }
}

/// `Name.imageset` → ("Name", "imageset"); a folder without a dot has no type. Only the last dot
/// counts, so `flag.at.imageset` is the image set `flag.at`.
func splitExtension(_ name: String) -> (stem: String, type: String?) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, nil) }
    return (String(name[..<dot]), name[name.index(after: dot)...].lowercased())
}

extension Diagnostic.Message {
    fileprivate static let catalogNotFound: Diagnostic.Message = "catalog not found"
    fileprivate static let catalogNotAFolder: Diagnostic.Message = "a catalog must be a .xcassets folder"

    /// A link out of the catalog from a file of a set: `kind` is the set's ("image set", "colour set"…).
    fileprivate static func linkLeavesCatalog(to target: String, leavingOut kind: String, named name: String) -> Diagnostic.Message { "a link to \(target), outside the catalog: it is not followed, and the \(kind) \"\(name)\" is left out (--allow-links-to names a folder links may lead into)" }

    /// `keys`: the catalog's `properties`, in the file's order.
    fileprivate static func catalogPropertiesIgnored(_ keys: [String]) -> Diagnostic.Message { "catalog properties (\(keys.joined(separator: ", "))) concern Xcode's generated symbols; assetc ignores them" }

    fileprivate static func foldersNestedTooDeep(_ maximumDepth: Int) -> Diagnostic.Message { "folders nested more than \(maximumDepth) deep are not read (a link cycle?)" }

    fileprivate static let folderReachedTwice: Diagnostic.Message = "this folder is reached twice through links; it is read once"

    fileprivate static let nameNotUTF8: Diagnostic.Message = "a name that is not valid UTF-8 (shown with \u{FFFD}): it cannot be read, and it is left out; rename it"

    fileprivate static func pathTooLong(bytes: Int) -> Diagnostic.Message { "a path of \(bytes) bytes, more than the \(FileSystem.maximumPathBytes) the system opens: it is left out; shorten the folder names" }

    fileprivate static func folderLinkLeavesCatalog(to target: String) -> Diagnostic.Message { "a link to \(target), outside the catalog: it is not followed, and what it holds is left out (--allow-links-to names a folder links may lead into)" }

    fileprivate static func symbolSetNotCompiledForMac(_ name: String) -> Diagnostic.Message { "skipped: custom symbol sets are not compiled for macOS yet (no macOS car with one has been seen to take its keys from); the app's Image(\"\(name)\") finds nothing" }

    /// `kinds`: the set type's plural (`CatalogReader.skippedTypes`).
    fileprivate static func setOfAnotherPlatform(_ kinds: String, platform: ApplePlatform) -> Diagnostic.Message { "skipped: \(kinds) are \(platform.displayName)'s, compiled in a build for it (--platform \(platform.actoolPlatformName))" }

    /// `kinds`: the set type's plural (`CatalogReader.skippedTypes`).
    fileprivate static func setTypeNotCompiled(_ kinds: String) -> Diagnostic.Message { "skipped: \(kinds) are not compiled by assetc (loose files or Assets.car)" }

    fileprivate static let providesNamespaceNotABool: Diagnostic.Message = "\"provides-namespace\" must be true or false; read as false"
}
