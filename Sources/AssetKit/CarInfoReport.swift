import AssetModel
import AssetPlatform
import CompiledCatalog

/// `assetutil --info`: a car's description (`CarInfo`), read from the file at `path`.
public enum CarInfoReport {
    /// A car may be large (a 2,000-image catalog's is tens of MiB); 1 GiB at most is read.
    static let maximumBytes = 1 << 30

    public static func json(path: String) throws(BuildFailure) -> String {
        let bytes = try NamedFile.read(path, limit: maximumBytes, unreadable: Diagnostic.Message.carUnreadable)
        do {
            return try CarInfo.json(bytes)
        } catch {
            throw BuildFailure(.invalidInput, [.error(path, .init(relaying: error.message))])
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func carUnreadable(_ error: FileError) -> Diagnostic.Message { "cannot be read: \(error.description)" }
}
