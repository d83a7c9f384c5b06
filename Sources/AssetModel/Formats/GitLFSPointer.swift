/// A Git LFS pointer checked out in place of the file it stands for (a CI clone without
/// `git lfs pull`): a few lines of text where a PNG or PDF should be. Named as such, with the
/// command that fetches the file, instead of "not a PNG file (bad signature)" once per file.
public enum GitLFSPointer {
    /// The spec's first line (`version https://git-lfs.github.com/spec/v1`), and the pre-1.0 one.
    private static let versionPrefixes = ["version https://git-lfs.github.com/spec/", "version https://hawser.github.com/spec/"]
        .map { Array($0.utf8) }

    /// A pointer is under 200 bytes; the spec caps it at 1024.
    public static let maximumBytes = 1024

    /// The size the pointer gives for the real file, when `bytes` is a pointer (0 when it gives none).
    public static func pointedSize(of bytes: [UInt8]) -> Int? {
        guard bytes.count <= maximumBytes, versionPrefixes.contains(where: { bytes.starts(with: $0) }) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("size ") {
            return Int(line.dropFirst(5)) ?? 0
        }
        return 0
    }

    public static func message(pointedSize: Int) -> Diagnostic.Message {
        let size = pointedSize > 0 ? " of a \(pointedSize)-byte file" : ""
        return "this is a Git LFS pointer\(size), not the file itself: the checkout did not fetch it; run `git lfs pull` (in CI, check out with LFS enabled)"
    }
}
