/// One written file as recorded in `asset-index.json` and the build state.
public struct WrittenVariant: Sendable, Hashable {
    public var variant: Variant
    public var bytes: Int
    public var sha256: String
    /// What Poppler, Cairo or librsvg reported while rendering it: kept in the build state, so a
    /// later build that reuses the file repeats the warning (and `--werror` still fails on it).
    public var rendererMessages: String?

    public init(variant: Variant, bytes: Int, sha256: String, rendererMessages: String? = nil) {
        (self.variant, self.bytes, self.sha256, self.rendererMessages) = (variant, bytes, sha256, rendererMessages)
    }
}
