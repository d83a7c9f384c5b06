/// CoreUI's vocabulary inside `Assets.car`: rendition attributes, their values for iOS, and the
/// identifier actool derives from an asset's name. Sources for every number: docs/assets-car.md.
public enum RenditionAttribute: UInt16, Sendable, CaseIterable {
    case element = 1, part = 2, size = 3, direction = 4, dimension1 = 8, dimension2 = 9, layer = 11, appearance = 7, scale = 12, localization = 13
    case idiom = 15, subtype = 16, identifier = 17
    case horizontalSizeClass = 20, verticalSizeClass = 21, memoryClass = 22, graphicsClass = 23, displayGamut = 24
    /// Custom symbols' glyph renditions: deployment target, glyph weight (1 ultralight … 9 black)
    /// and glyph size (1 small … 3 large), as real cars with symbols key them.
    case deploymentTarget = 25, glyphWeight = 26, glyphSize = 27

    /// The key format Xcode 26 writes for an iOS catalog; every rendition key lists these in order.
    static let keyFormat: [RenditionAttribute] = [.appearance, .localization, .scale, .idiom, .subtype,
                                                  .dimension2, .identifier, .element, .part]

    /// The key format of a car whose renditions use `extras` (display gamut, direction, size
    /// class, memory, graphics): the key format grows for the whole car, as actool's does, with
    /// them just before the identifier in the order of the full iOS key formats of Xcode 11-era
    /// cars — display gamut, direction, horizontal and vertical size class, graphics, memory
    /// (older cars put graphics and memory first; CoreUI reads the order from KEYFORMAT, so
    /// either is read alike; docs/assets-car.md).
    ///
    /// A car with custom symbols also has glyph weight and size after the subtype and the
    /// deployment target just before the identifier, where an Xcode 13 iOS car with a symbol puts
    /// them (`…, subtype, 26, 27, dimension1, 25, identifier, element, part`).
    static func keyFormat(with extras: Set<RenditionAttribute>) -> [RenditionAttribute] {
        let inserted = [RenditionAttribute.displayGamut, .direction, .horizontalSizeClass, .verticalSizeClass, .graphicsClass, .memoryClass,
                        .deploymentTarget].filter(extras.contains)
        let glyph = [RenditionAttribute.glyphWeight, .glyphSize].filter(extras.contains)
        guard !inserted.isEmpty || !glyph.isEmpty else { return keyFormat }
        var format = keyFormat
        format.insert(contentsOf: inserted, at: format.firstIndex(of: .identifier)!)
        format.insert(contentsOf: glyph, at: format.firstIndex(of: .subtype)! + 1)
        return format
    }
}

/// CoreUI's idiom numbers (xcbuild's and xtool's table, confirmed by an actool-made file).
public enum RenditionIdiom: UInt16, Sendable, Comparable {
    case universal = 0, phone = 1, pad = 2, tv = 3, car = 4, watch = 5, marketing = 6
    /// Apple Vision Pro: the idiom of a `vision` entry in an actool car of Xcode 26.6 (docs/visionos.md).
    case vision = 8

    public static func < (a: RenditionIdiom, b: RenditionIdiom) -> Bool { a.rawValue < b.rawValue }
}

/// Light, dark, high contrast or tinted: the `appearance` attribute and the APPEARANCEKEYS names.
/// `tintable` is the tinted app icon of iOS 18 (value and name as Xcode 26's actool writes them for
/// an icon). The high-contrast values are CoreUI's iOS table (docs/assets-car.md: Joey's attribute
/// table, which matches every value seen in real cars — iOS 0, 1, 4 and the macOS names of 3 and 6
/// in a real high-contrast car); CoreUI finds an appearance by its name, so the numbers need only
/// be consistent within one car.
public enum RenditionAppearance: UInt16, Sendable, CaseIterable {
    case any = 0, dark = 1, highContrastAny = 2, highContrastDark = 3, light = 4, highContrastLight = 5, tintable = 10

    var name: String {
        switch self {
        case .any: "UIAppearanceAny"
        case .dark: "UIAppearanceDark"
        case .highContrastAny: "UIAppearanceHighContrastAny"
        case .highContrastDark: "UIAppearanceHighContrastDark"
        case .light: "UIAppearanceLight"
        case .highContrastLight: "UIAppearanceHighContrastLight"
        case .tintable: "ISAppearanceTintable"
        }
    }

    /// A catalog slot's luminosity and contrast.
    public init(dark: Bool, light: Bool, highContrast: Bool) {
        switch (dark, light, highContrast) {
        case (true, _, false): self = .dark
        case (true, _, true): self = .highContrastDark
        case (_, true, false): self = .light
        case (_, true, true): self = .highContrastLight
        case (_, _, true): self = .highContrastAny
        default: self = .any
        }
    }
}

enum Element {
    static let image: UInt16 = 85
    /// A solid image stack layer's textures, and its name's facet (rebelancap/dusklight-ios's car).
    static let texture: UInt16 = 41
}

enum Part {
    static let image: UInt16 = 181
    static let multisizeImageSet: UInt16 = 218
    static let appIcon: UInt16 = 220
    static let color: UInt16 = 217
    /// A custom symbol's glyphs (and its FACETKEYS entry in iOS cars).
    static let symbol: UInt16 = 59
    /// An Icon Composer icon's stack, one per appearance, under the app icon's name.
    static let iconStack: UInt16 = 245
    /// A tvOS layered image's flattened image (Xcode 26.5's tvOS car, docs/tvos.md).
    static let flattenedImage: UInt16 = 208
    /// A tvOS layered image's radiosity image (docs/tvos.md).
    static let radiosityImage: UInt16 = 209
}



/// An app icon's `dimension2` index, as actool numbers a set: the 1-based position of the slot's
/// point size among the distinct point sizes the set holds, counting the 90-point size of the
/// subtype-1792 copy when the set has a 60-point icon (golden cars, ../shared/notes/assets-car.md
/// §7: Xcode 16.0's iPhone-only set 20→1, 29→2, 40→3, 60→4, 90→5; Xcode 16.2 with the 57-point slot
/// 20→1 … 57→4, 60→5, 90→6, 1024→7; Xcode 14.3 counts the same way from 0; Xcode 26's single-size
/// set 1024→1). A set's multisize records map sizes to these indexes.
enum IconSizeIndex {
    /// The point size Xcode 14.3–16.2 give the copy of the 60-point @3x iPhone icon (subtype 1792).
    static let tallCopyPoints = 90.0

    /// `base`: the first size's index, 1 from Xcode 16.0 (CoreUI 916), 0 before (`XcodeGeneration`).
    static func numbering(for points: [Double], from base: UInt16 = 1) -> (Double) -> UInt16? {
        var sizes = Set(points.map { ($0 * 2).rounded() / 2 })
        if sizes.contains(60) { sizes.insert(tallCopyPoints) }
        let ordered = sizes.sorted()
        return { points in
            ordered.firstIndex(of: (points * 2).rounded() / 2).map { UInt16($0) + base }
        }
    }
}

/// The subtype actool gives the copy of the 60-point @3x iPhone icon that it stores at scale 2 as a
/// 90-point icon (Xcode 14.3–16.2; the number is that of the 1792-pixel-tall iPhone XR screen).
enum IconSubtype {
    static let tallCopy: UInt16 = 1792
    /// BITMAPKEYS cannot hold bit 1792; actool sets bit 16 for it.
    static let tallCopyMaskBit: UInt32 = 16
}

/// A colour set's colour space as an `RLOC` body numbers it (read from actool-made cars: sRGB 1 in
/// microbit's Xcode 10.1 car, grey 2 and extended grey 6, Display P3 3 and extended sRGB 4 in
/// Xcode 13–26 cars; mcfans/actool's notes agree and add extended linear sRGB 7).
public enum ColorSpace: UInt32, Sendable, CaseIterable {
    case sRGB = 1, grayGamma22 = 2, displayP3 = 3, extendedSRGB = 4, extendedGray = 6, extendedLinearSRGB = 7

    /// The catalog's `color-space` value.
    public init?(catalogName: String) {
        switch catalogName {
        case "srgb": self = .sRGB
        case "gray-gamma-22": self = .grayGamma22
        case "display-p3": self = .displayP3
        case "extended-srgb": self = .extendedSRGB
        case "extended-gray": self = .extendedGray
        case "extended-linear-srgb": self = .extendedLinearSRGB
        default: return nil
        }
    }

    /// Grey and alpha, or red, green, blue and alpha.
    public var componentCount: Int {
        switch self {
        case .grayGamma22, .extendedGray: 2
        default: 4
        }
    }

    /// The CSI header's colour-space field: actool writes 1 beside an sRGB colour in the golden
    /// pair's car (Xcode 10.1) and 0 beside others in later cars; CoreUI takes the space from the
    /// `RLOC` body, so only the pair's value is followed.
    var headerValue: UInt32 { self == .sRGB ? 1 : 0 }
}
