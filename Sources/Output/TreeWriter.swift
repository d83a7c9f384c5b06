import AssetModel
import AssetPlatform

/// Every change the output transaction and its journal make to the tree goes through this seam,
/// so tests can make any one of them fail, as a full disk or a vanished folder would, and watch
/// the rollback (StageTests' `OutputTransactionTests`). Queries (kinds, sizes, listings) read the
/// file system directly: a failure to change the tree is what the transaction must survive.
public protocol TreeWriter: Sendable {
    func makeDirectories(_ path: String, under root: String) throws(FileError)
    func writeNew(_ path: String, _ bytes: [UInt8], sync: Bool) throws(FileError)
    func rename(_ from: String, to: String) throws(FileError)
    /// Replaces `path` with `bytes` by rename, unless it already holds them; returns whether it wrote.
    func replaceIfChanged(_ path: String, _ bytes: [UInt8], temporary: String?) throws(FileError) -> Bool
    func remove(_ path: String)
    func removeTree(_ path: String)
    func pruneEmptyDirectories(from path: String, upTo root: String)
}

/// The real file system (`FileSystem`, the platform layer).
public struct LiveTreeWriter: TreeWriter {
    public init() {}

    public func makeDirectories(_ path: String, under root: String) throws(FileError) {
        try FileSystem.makeDirectories(path, under: root)
    }

    public func writeNew(_ path: String, _ bytes: [UInt8], sync: Bool) throws(FileError) {
        try FileSystem.writeNew(path, bytes, sync: sync)
    }

    public func rename(_ from: String, to: String) throws(FileError) { try FileSystem.rename(from, to: to) }

    public func replaceIfChanged(_ path: String, _ bytes: [UInt8], temporary: String?) throws(FileError) -> Bool {
        try FileSystem.replaceIfChanged(path, bytes, temporary: temporary)
    }

    public func remove(_ path: String) { FileSystem.remove(path) }
    public func removeTree(_ path: String) { FileSystem.removeTree(path) }
    public func pruneEmptyDirectories(from path: String, upTo root: String) { FileSystem.pruneEmptyDirectories(from: path, upTo: root) }
}
