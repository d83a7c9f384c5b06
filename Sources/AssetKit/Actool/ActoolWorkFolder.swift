import AssetModel
import AssetPlatform
import Foundation
import Rendering

/// Where the actool mode builds assetc's own tree (staging, state, the car's parts) before placing
/// actool's files in `--compile`. Xcode, swift-build and CocoaPods call actool on every build that
/// touches a catalog, so a private folder thrown away each time re-rendered every PDF for a one-PNG
/// change. The folder is kept instead, in assetc's cache, one per request (the catalogs' absolute
/// paths and every choice that shapes the output): the next call is an incremental `assetc build`
/// in it, reusing what its content keys (source bytes, options, the toolchain fingerprint) say is
/// unchanged. docs/actool.md, "Incremental reuse".
///
/// The cache is `$ASSETC_CACHE_DIR`, else `$XDG_CACHE_HOME/assetc`, else `$HOME/.cache/assetc`;
/// `ASSETC_CACHE_DIR=none` turns it off. When the cache cannot be made or written (Bazel's sandbox
/// mounts the home folder read-only) or another call holds the folder (two builds of one target at
/// once), the build runs in a private temporary folder, as before: slower, never wrong.
struct ActoolWorkFolder {
    let path: String
    /// A temporary folder, removed by `release()`; else a cache folder, kept.
    let isPrivate: Bool
    /// Held while the build uses the folder: a cache folder's lock file, so a second call never
    /// shares it; a private folder's own lock, so a later call can tell it from one a killed run left.
    private let lock: FileLock?

    /// The cache root, or nil when there is none to use.
    static func cacheRoot(environment: (String) -> String? = Environment.value) -> String? {
        if let explicit = environment("ASSETC_CACHE_DIR"), !explicit.isEmpty {
            return explicit == "none" ? nil : FileSystem.absolute(explicit)
        }
        if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/assetc" }
        if let home = environment("HOME"), home.hasPrefix("/"), home != "/" { return home + "/.cache/assetc" }
        return nil
    }

    /// The folder's name: what the request is, hashed. Two requests differing in anything that
    /// shapes the output (a catalog, the platform, a device, the icon) get two folders, so one
    /// project's alternating configurations do not undo each other's reuse.
    static func key(_ request: CatalogRequest, compile: String) -> String {
        let description = "assetc-actool-1\n\(compile)\n\(String(reflecting: request))"
        return String(sha256Hex(Array(description.utf8)).prefix(32))
    }

    /// A folder for the build, or why none can be made: the cache's when it can be used, else a
    /// private one in TMPDIR (else /tmp), which fails only when that cannot take a folder.
    static func acquire(_ request: CatalogRequest, compile: String, cacheRoot: String? = cacheRoot()) -> Result<ActoolWorkFolder, FileError> {
        if let cacheRoot {
            let folder = cacheRoot + "/actool/" + key(request, compile: compile)
            if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
               FileSystem.kind(folder) == .directory,
               let held = try? FileLock(path: folder + ".lock") {
                return .success(ActoolWorkFolder(path: folder, isPrivate: false, lock: held))
            }
        }
        // A TMPDIR that is not a folder is not created (it would be left behind): /tmp serves.
        let temporary = FilePath(NSTemporaryDirectory()).normalized.string
        let base = FileSystem.kindFollowingLinks(temporary) == .directory ? temporary : "/tmp"
        removeAbandonedFolders(in: base)
        let work = (base == "/" ? "" : base) + "/\(privatePrefix)\(FileSystem.processID)-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileSystem.makeNewFolder(work)
        } catch {
            return .failure(FileError(error.operation, path: base, reason: error.reason, systemDescription: error.systemDescription))
        }
        return .success(ActoolWorkFolder(path: work, isPrivate: true, lock: try? FileLock(folder: work)))
    }

    static let privatePrefix = "assetc-actool-"

    /// Private folders that runs killed before their `release()` left in `base`: one whose process
    /// is gone and whose lock nobody holds (a live run holds its folder's lock from the moment it
    /// is made, and its process exists even before).
    static func removeAbandonedFolders(in base: String) {
        for name in FileSystem.list(base) where name.hasPrefix(privatePrefix) {
            let parts = name.dropFirst(privatePrefix.count).split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), pid != FileSystem.processID, UInt32(parts[1]) != nil,
                  Processes.isGone(pid) else { continue }
            let folder = (base == "/" ? "" : base) + "/" + name
            guard FileSystem.kind(folder) == .directory, let held = try? FileLock(folder: folder) else { continue }
            FileSystem.removeTree(folder)
            withExtendedLifetime(held) {}
        }
    }

    /// Removes a private folder; a cache folder stays for the next call.
    func release() {
        if isPrivate { FileSystem.removeTree(path) }
        withExtendedLifetime(lock) {}  // held until here, not until the optimizer's last use
    }
}
