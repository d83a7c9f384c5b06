import AssetModel

/// How a car is written for each platform (`CompiledCatalog.platform`). The renditions are the same values on every platform; what
/// differs is how they are keyed and named, as actool writes each platform's car:
///
/// - **iOS** (iPhone, iPad): the key format of `RenditionAttribute.keyFormat` (scale, idiom and
///   subtype first), key semantics 2, the `UIAppearance…` names, EXTENDED_METADATA platform `ios`.
/// - **tvOS**: iOS's, without dimension 2, platform `atv` (docs/tvos.md).
/// - **visionOS**: iOS's with dimension 1 where iOS has dimension 2, key semantics 4, platform
///   `vision` (rebelancap/dusklight-ios's actool car of Xcode 26.6, docs/visionos.md).
/// - **macOS**: no idiom and no subtype in the key: appearance, localization, element, part, size,
///   identifier, dimension 2, layer, scale, and the display gamut last when a rendition has it (every
///   macOS car of Xcode 26.0–26.6 examined, and an Xcode 7.3 one, which has no idiom either); key
///   semantics 1; `NSAppearanceNameSystem` 0, `NSAppearanceNameDarkAqua` 1, `NSAppearanceNameAqua` 8
///   and `ISAppearanceTintable` 10, the APPEARANCEKEYS tree only in a car with an appearance other
///   than System (an app icon set's car of Xcode 26.3 has none); platform `macosx`
///   (docs/macos-evidence.md, §2).
extension ApplePlatform {
    /// EXTENDED_METADATA's platform name.
    var carName: String {
        switch self {
        case .iOS: "ios"
        case .macOS: "macosx"
        case .macCatalyst: "macosx-ios"
        case .tvOS: "atv"
        // No watchOS car of a recent actool has been read: the SDK's name stands in (docs/watchos.md).
        case .watchOS: "watchos"
        case .visionOS: "vision"
        }
    }

    /// CARHEADER's key semantics (Catalyst's is iOS's).
    var keySemantics: UInt32 {
        switch self {
        case .macOS: 1
        case .visionOS: 4
        case .iOS, .macCatalyst, .tvOS, .watchOS: 2
        }
    }

    /// The traits a macOS car keys by, beyond its base format; the others are iOS's (size classes,
    /// memory, graphics, layout direction) or not yet seen in a macOS car (custom symbols' glyphs).
    static let macOSTraits: Set<RenditionAttribute> = [.displayGamut]

    /// The key format of a car whose renditions use `extras`.
    func carKeyFormat(with extras: Set<RenditionAttribute>) throws(CompiledCatalogError) -> [RenditionAttribute] {
        switch self {
        case .iOS, .macCatalyst, .watchOS:
            // watchOS: iOS's, whose scale, idiom and subtype acextract's watch car keys (its
            // screen-width slots are subtypes 320 and 384; 340 and 390 are 40 and 44 mm).
            return RenditionAttribute.keyFormat(with: extras)
        case .tvOS:
            // Xcode 26.5's tvOS car keys no dimension 2: appearance, localization, scale, idiom,
            // subtype, identifier, element, part (kagurasumusun/mac's brand-assets car, docs/tvos.md).
            return RenditionAttribute.keyFormat(with: extras).filter { $0 != .dimension2 }
        case .visionOS:
            // Xcode 26.6's visionOS car: appearance, localization, scale, idiom, subtype, dimension 1,
            // identifier, element, part.
            return RenditionAttribute.keyFormat(with: extras).map { $0 == .dimension2 ? .dimension1 : $0 }
        case .macOS:
            if let other = extras.subtracting(Self.macOSTraits).min(by: { $0.rawValue < $1.rawValue }) {
                throw CompiledCatalogError("a rendition keyed by \(other) (CoreUI attribute \(other.rawValue)) is not written in a macOS car: "
                    + "no macOS car keyed by it has been seen")
            }
            return [.appearance, .localization, .element, .part, .size, .identifier, .dimension2, .layer, .scale]
                + (extras.contains(.displayGamut) ? [.displayGamut] : [])
        }
    }

    /// The appearance's number in this platform's keys and APPEARANCEKEYS.
    func value(of appearance: RenditionAppearance) throws(CompiledCatalogError) -> UInt16 {
        guard self == .macOS else { return appearance.rawValue }
        switch appearance {
        case .any: return 0
        case .dark: return 1
        case .light: return 8
        case .tintable: return 10
        case .highContrastAny, .highContrastDark, .highContrastLight:
            throw CompiledCatalogError("a high-contrast rendition is not written in a macOS car: no macOS car with one has been seen")
        }
    }

    /// The appearance's name in APPEARANCEKEYS.
    func name(of appearance: RenditionAppearance) -> String {
        guard self == .macOS else { return appearance.name }
        switch appearance {
        case .any: return "NSAppearanceNameSystem"
        case .dark: return "NSAppearanceNameDarkAqua"
        case .light: return "NSAppearanceNameAqua"
        case .tintable: return "ISAppearanceTintable"
        case .highContrastAny, .highContrastDark, .highContrastLight: return appearance.name
        }
    }

    /// Whether the car has an APPEARANCEKEYS tree when its renditions use `appearances`.
    func writesAppearanceKeys(_ appearances: Set<RenditionAppearance>) -> Bool {
        self == .iOS || self == .visionOS || appearances != [.any]
    }
}
