/// What a build learned about one source file, reused by the next build while the file's
/// fingerprint is unchanged: its hash (for cache keys) and what planning read from it.
public struct SourceRecord: Sendable, Equatable {
    public var fingerprint: FileFingerprint
    public var sha256: String
    public var info: SourceInfo?
    /// Page → whether the art is fully opaque (asked for app icons only).
    public var opaque: [Int: Bool]
    /// Fonts a PDF uses without embedding them (nil: not scanned yet).
    public var unembeddedFonts: [String]? = nil

    public init(fingerprint: FileFingerprint, sha256: String, info: SourceInfo? = nil, opaque: [Int: Bool] = [:]) {
        (self.fingerprint, self.sha256, self.info, self.opaque) = (fingerprint, sha256, info, opaque)
    }
}
