/// One written file as recorded in `asset-index.json` and the build state.
public struct WrittenVariant: Sendable, Hashable {
    public var variant: Variant
    public var bytes: Int
    public var sha256: String

    public init(variant: Variant, bytes: Int, sha256: String) {
        self.variant = variant
        self.bytes = bytes
        self.sha256 = sha256
    }
}
