/// CoreUI's vocabulary inside `Assets.car`: rendition attributes, their values for iOS, and the
/// identifier actool derives from an asset's name. Sources for every number: docs/assets-car.md.
public enum RenditionAttribute: UInt16, Sendable, CaseIterable {
    case element = 1, part = 2, dimension2 = 9, appearance = 7, scale = 12, localization = 13
    case idiom = 15, subtype = 16, identifier = 17

    /// The key format Xcode 26 writes for an iOS catalog; every rendition key lists these in order.
    static let keyFormat: [RenditionAttribute] = [.appearance, .localization, .scale, .idiom, .subtype,
                                                  .dimension2, .identifier, .element, .part]
}

/// CoreUI's idiom numbers (xcbuild's and xtool's table, confirmed by an actool-made file).
public enum RenditionIdiom: UInt16, Sendable, Comparable {
    case universal = 0, phone = 1, pad = 2, marketing = 6

    public static func < (a: RenditionIdiom, b: RenditionIdiom) -> Bool { a.rawValue < b.rawValue }
}

/// Light or dark: the `appearance` attribute and the APPEARANCEKEYS names.
public enum RenditionAppearance: UInt16, Sendable, CaseIterable {
    case any = 0, dark = 1, light = 4

    var name: String {
        switch self {
        case .any: "UIAppearanceAny"
        case .dark: "UIAppearanceDark"
        case .light: "UIAppearanceLight"
        }
    }
}

enum Element {
    static let image: UInt16 = 85
}

enum Part {
    static let image: UInt16 = 181
    static let multisizeImageSet: UInt16 = 218
    static let appIcon: UInt16 = 220
    static let color: UInt16 = 217
}


/// The App Store icon sizes' `dimension2` index as Xcode 14 and later number them: the 1-based
/// position of the point size among all iOS icon sizes (20, 29, 40, 60, 76, 83.5, the 90-point size
/// Xcode synthesises for one subtype, 1024). A set's multisize records map sizes to these indexes.
enum IconSizeIndex {
    static let table: [(points: Double, index: UInt16)] = [(20, 1), (29, 2), (40, 3), (60, 4), (76, 5), (83.5, 6), (90, 7), (1024, 8)]

    static func of(points: Double) -> UInt16? {
        table.first { abs($0.points - points) < 0.01 }?.index
    }

    /// The numbering for one set: a set of only 1024-point images (a single-size set) has one size,
    /// index 1, as in Xcode 26's output for such a set; any other set uses the table.
    static func table(for points: [Double]) -> (Double) -> UInt16? {
        if !points.isEmpty, points.allSatisfy({ abs($0 - 1024) < 0.01 }) { return { abs($0 - 1024) < 0.01 ? 1 : nil } }
        return of(points:)
    }
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
