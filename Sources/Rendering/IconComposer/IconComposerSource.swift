import AssetModel
import Foundation

/// The one place an Icon Composer bundle's files are opened: its `icon.json`, read through the
/// source store and parsed once into an `IconComposerFile`, and its layer files, `Assets/<name>`
/// beside it and nowhere else — a name is a plain file name (IconComposerReader), and the file,
/// links followed, must lie inside the bundle's own `Assets` folder, so a bundle cannot make assetc
/// read `/etc/passwd` or a file of another project through a link.
public enum IconComposerSource {
    /// The bundle's `icon.json`, parsed and checked for every appearance.
    public static func open(iconJSON: String, store: SourceStore) throws(SourceError) -> IconComposerFile {
        let bytes = try store.bytes(iconJSON)
        do {
            return try IconComposerFile(bytes: bytes)
        } catch {
            throw SourceError(.notAReadableIconJSON(error))
        }
    }

    static func layerPath(of name: String, iconJSON: String) throws(SourceError) -> String {
        let bundle = URL(fileURLWithPath: iconJSON).deletingLastPathComponent()
        let assets = bundle.appendingPathComponent("Assets", isDirectory: true)
        let file = assets.appendingPathComponent(name)
        // The Assets folder itself must be the bundle's own, not a link elsewhere.
        let realBundle = bundle.resolvingSymlinksInPath().standardizedFileURL.path
        let realAssets = assets.resolvingSymlinksInPath().standardizedFileURL.path
        guard realAssets == realBundle + "/Assets" else {
            throw SourceError(.assetsFolderIsALink(to: realAssets))
        }
        let realFile = file.resolvingSymlinksInPath().standardizedFileURL.path
        guard realFile.hasPrefix(realAssets + "/") else {
            throw SourceError(.layerOutsideAssetsFolder(name))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: realFile, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw SourceError(.layerFileMissing(name))
        }
        return FilePath(iconJSON).folder.appending("Assets").appending(name).string
    }

    /// What the bundle is made of, for cache keys: each layer file's hash, by name.
    public static func layerHashes(iconJSON: String, store: SourceStore) -> String {
        guard let names = try? open(iconJSON: iconJSON, store: store).imageNames else { return "|unreadable" }
        return names.map { name in
            let hash = (try? layerPath(of: name, iconJSON: iconJSON)).flatMap { try? store.sha256($0) } ?? "missing"
            return "|\(name)=\(hash)"
        }.joined()
    }
}

extension Diagnostic.Message {
    static func notAReadableIconJSON(_ error: any Error) -> Diagnostic.Message { "not a readable Icon Composer icon.json: \(error)" }
    fileprivate static func assetsFolderIsALink(to realAssets: String) -> Diagnostic.Message { "the bundle's Assets folder is a link to \(realAssets); layers must lie inside the bundle" }
    fileprivate static func layerOutsideAssetsFolder(_ name: String) -> Diagnostic.Message { "the layer file \(name) lies outside the bundle's Assets folder" }
    fileprivate static func layerFileMissing(_ name: String) -> Diagnostic.Message { "the layer file Assets/\(name) does not exist" }
}
