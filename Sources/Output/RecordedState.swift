import AssetModel
import AssetPlatform

/// `.assetc/state.json` as read, with the fingerprint of the file it came from.
public struct RecordedState: Sendable {
    public var state: BuildState
    public var fingerprint: FileFingerprint?

    static func path(root: String) -> String { root + "/.assetc/state.json" }

    static func fingerprint(root: String) -> FileFingerprint? {
        FileSystem.fingerprint(path(root: root))
    }

    /// Reads the state of the build in `root`; anything missing or damaged is an empty state.
    public static func read(root: String) -> RecordedState {
        let fingerprint = fingerprint(root: root)
        let bytes = try? FileSystem.read(path(root: root), limit: Limits.maximumStateBytes)
        return RecordedState(state: bytes.map(BuildState.parse) ?? BuildState(), fingerprint: fingerprint)
    }
}
