import AssetModel
import AssetPlatform

/// What a path named on the command line stands for. A folder inside a catalog — `assetc check .`
/// run in a set's folder — stands for that catalog (it was read as a manifest: "is a directory");
/// a folder holding `assets.json` for that manifest.
public enum InputPath: Equatable, Sendable {
    /// An Icon Composer bundle's name, as `--app-icon` names it: `AppIcon.icon/` → `AppIcon`.
    public static func iconName(_ path: String) -> String { Pipeline.iconBundleName(path) }

    case manifest(String)
    case catalog(String)
    /// An Icon Composer `.icon` bundle: the app icon `--app-icon` names by its stem.
    case iconComposer(String)
    /// A folder that is neither.
    case otherFolder

    /// The manifest's or catalog's path; nil for what the build cannot read.
    public var path: String? {
        switch self {
        case .manifest(let path), .catalog(let path), .iconComposer(let path): path
        case .otherFolder: nil
        }
    }

    /// A catalog or an Icon Composer bundle: what sits beside an optional manifest.
    public var isCatalog: Bool {
        switch self {
        case .catalog, .iconComposer: true
        default: false
        }
    }

    public var isIconComposer: Bool {
        if case .iconComposer = self { return true }
        return false
    }

    public static func classify(_ input: String) -> InputPath {
        if isCatalogName(input) { return .catalog(input) }
        let last = FilePath(input).lastComponent.lowercased()
        if last.hasSuffix(".icon") || last.hasSuffix(".icon/") { return .iconComposer(input) }
        guard FileSystem.kindFollowingLinks(input) == .directory else { return .manifest(input) }
        let components = FileSystem.absolute(input).split(separator: "/").map(String.init)
        if let index = components.lastIndex(where: { isCatalogName($0) }) {
            return .catalog("/" + components[...index].joined(separator: "/"))
        }
        let manifest = FilePath(input).appending("assets.json").string
        return FileSystem.kindFollowingLinks(manifest) == .file ? .manifest(manifest) : .otherFolder
    }

    static func isCatalogName(_ path: String) -> Bool {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed.lowercased().hasSuffix(".xcassets")
    }
}
