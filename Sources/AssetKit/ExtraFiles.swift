import AssetPlatform
import CatalogInput
import Foundation
import ManifestInput
import Output
import Planning
import Rendering

/// Files the build writes outside its output folder, staged as temporary files beside their
/// destinations so that writing them cannot fail after the output tree is committed; only the
/// renames are left for after the commit.
struct ExtraFiles {
    private var pending: [(temporary: String, path: String)] = []

    /// Writes `bytes` to a temporary file beside `path`. With `onlyIfChanged`, a file that already
    /// holds exactly these bytes is left alone (generated code keeps its modification time).
    mutating func prepare(_ bytes: [UInt8], for path: String, onlyIfChanged: Bool) throws(OutputError) {
        if onlyIfChanged, FileSystem.holds(path, exactly: bytes) { return }
        let temporary = path + ".assetc-\(getpid()).tmp"
        FileSystem.remove(temporary)
        do {
            try FileSystem.writeNew(temporary, bytes)
        } catch {
            // Report the file the user asked for, not assetc's temporary name.
            throw .cannotWrite(file: path, FileError(error.operation, path: path, reason: error.reason,
                                                    systemDescription: error.systemDescription), source: nil)
        }
        pending.append((temporary, path))
    }

    /// Renames every prepared file into place.
    mutating func install() throws(OutputError) {
        while !pending.isEmpty {
            let (temporary, path) = pending.removeFirst()
            do {
                try FileSystem.rename(temporary, to: path)
            } catch {
                FileSystem.remove(temporary)
                throw .cannotWrite(file: path, error, source: nil)
            }
        }
    }

    /// Removes the temporary files not installed (the build failed before its commit).
    mutating func discard() {
        for (temporary, _) in pending { FileSystem.remove(temporary) }
        pending = []
    }
}
