/// The Apple platform a build is for. iOS (iPhone and iPad) is what every stage plans by default;
/// macOS is being added stage by stage (docs/macos-evidence.md; docs/assets-car.md, "macOS"), and
/// is refused where a stage does not yet know it.
public enum ApplePlatform: String, Sendable, Hashable, Codable, CaseIterable {
    case iOS = "ios"
    case macOS = "macos"
    /// Mac Catalyst: an iPad app on the Mac. Its car is keyed as iOS's (UIKit appearances, idioms)
    /// with the platform `macosx-ios`; its icon is the Mac one (the icon set's mac slots, an
    /// `.icns`, `CFBundleIconFile`), as the public Catalyst cars show (docs/macos-evidence.md, §6).
    case macCatalyst = "maccatalyst"
    /// tvOS: the catalogs' universal and `tv` entries, keyed with the tv idiom as iOS keys the
    /// iPhone's; the app icon is a Brand Assets set of layered image stacks (docs/tvos.md).
    case tvOS = "tvos"
    /// watchOS: the catalogs' universal and `watch` entries, keyed with the watch idiom (5); an
    /// entry chosen by `screen-width` is keyed by the watch's subtype, as acextract's actool car
    /// keys it (docs/watchos.md).
    case watchOS = "watchos"
    /// visionOS: the catalogs' universal and `vision` entries, keyed with the vision idiom (8), at
    /// 2x, in a car of platform `vision` with dimension 1 in its key and key semantics 4, as the one
    /// public actool car of a visionOS app shows (docs/visionos.md).
    case visionOS = "visionos"

    /// A Mac app's icon: the mac slots of the icon set, `<name>.icns` and `CFBundleIconFile`.
    public var hasMacIcon: Bool { self == .macOS || self == .macCatalyst }

    /// The name people give it, in messages.
    public var displayName: String {
        switch self {
        case .iOS: "iOS"
        case .macOS: "macOS"
        case .macCatalyst: "Mac Catalyst"
        case .tvOS: "tvOS"
        case .watchOS: "watchOS"
        case .visionOS: "visionOS"
        }
    }

    /// actool's `--platform` for a device build of it, in messages.
    public var actoolPlatformName: String {
        switch self {
        case .iOS, .macCatalyst: "iphoneos"
        case .macOS: "macosx"
        case .tvOS: "appletvos"
        case .watchOS: "watchos"
        case .visionOS: "xros"
        }
    }
}
