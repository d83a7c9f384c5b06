import AssetModel
import AssetPlatform

extension MacFileNames {
    /// `match` against the folder on disk, listed only when the exact name is not there.
    static func match(_ filename: String, inFolder folder: String) -> Match {
        if FileSystem.kind(folder + "/" + filename) != .missing { return .exact }
        return match(filename, among: FileSystem.list(folder))
    }
}
