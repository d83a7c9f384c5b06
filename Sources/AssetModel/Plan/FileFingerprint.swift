/// A file's identity and version as the file system reports it, without reading it: the basis of
/// the no-op fast path. Equal fingerprints mean the bytes are taken as unchanged (as Make and Git do);
/// a differing one means the file is read and hashed again.
public struct FileFingerprint: Sendable, Hashable {
    public var size: Int
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int
    public var inode: UInt64
    public var device: UInt64

    public init(size: Int, modifiedSeconds: Int, modifiedNanoseconds: Int, inode: UInt64, device: UInt64) {
        (self.size, self.modifiedSeconds, self.modifiedNanoseconds, self.inode) = (size, modifiedSeconds, modifiedNanoseconds, inode)
        self.device = device
    }

    /// True when the file changed so recently that a further write within the file system's timestamp
    /// granularity could leave the fingerprint unchanged ("racily clean" in Git's terms). Such files
    /// are not trusted by fingerprint; the next build hashes them again.
    public func isRacy(now: Int) -> Bool {
        modifiedSeconds >= now - 2
    }
}
