/// An image-set slot chosen by size class, memory, graphics family, locale, display gamut or layout
/// direction, or a CarPlay (`car` idiom) slot: loose files cannot select on these, Assets.car can (docs/assets-car.md), so such a
/// slot of a raster file is kept for the car.
public struct CatalogTraitSlot: Sendable, Hashable, Codable {
    /// The files such a slot may name: read as pixels (PNG, and WebP and HEIC as ImageIO reads
    /// them), or stored as the file (JPEG, as actool stores a JPEG slot). PDFs and SVGs are not
    /// taken: they would be rendered at each scale, which car-only slots do not do.
    public static let rasterExtensions = [".png", ".webp", ".heic", ".heif", ".jpg", ".jpeg"]
    /// PDF and SVG slots (Immuni's localized PDFs, the NHS app's directional ones): drawn at each
    /// scale by the render workers as the set's other vectors are, then keyed in the car by their
    /// traits (`Variant.carTraits`); `scale` 0 is a slot without a scale, drawn at every one.
    public static let vectorExtensions = [".pdf", ".svg"]

    public var isVector: Bool { Self.vectorExtensions.contains { filename.lowercased().hasSuffix($0) } }

    /// nil is `universal` (or CarPlay, with `carPlay`).
    public var idiom: Idiom?
    /// The `car` idiom: CarPlay's screen, CoreUI idiom 4. Optional so that plans written before it read.
    public var carPlay: Bool?
    /// A tvOS top-shelf image's `tv-marketing` entry: the App Store's copy, keyed by the marketing
    /// idiom (6) as actool keys an App Store icon's (docs/tvos.md). Optional, as `carPlay`.
    public var marketing: Bool?
    public var scale: Int
    public var appearance: Appearance
    public var filename: String
    /// The file, openable.
    public var path: String
    /// Contents.json's values, as written: `width-class`, `height-class` (`compact`, `regular`),
    /// `memory` (`1GB`…), `graphics-feature-set` (`metal1v2`…).
    public var widthClass: String?
    public var heightClass: String?
    public var memory: String?
    public var graphicsFeatureSet: String?
    /// Contents.json's `locale` (`fr`, `zh-Hans`, `pt-BR`): the car's LOCALIZATIONKEYS name, whose
    /// number is given per car (CompiledCatalogWriter), not by a fixed table.
    public var locale: String?
    /// `display-gamut` (`sRGB`, `display-P3`): a `display-P3` slot is the art for wide-gamut
    /// screens, stored as a wide-gamut rendition.
    public var displayGamut: String?
    /// `language-direction` (`left-to-right`, `right-to-left`).
    public var languageDirection: String?
    /// `screen-width` (`<=145`, `>145`, `>161`, `>183`): an Apple Watch's screen, keyed in the car by
    /// its subtype.
    public var screenWidth: String?

    /// CoreUI's subtypes for a watch slot's `screen-width`: `<=145` is the 38 mm watch (320) and
    /// `>145` the 42 mm one (384), as acextract's actool car keys them; `>161` is the 40 mm watch
    /// (340) and `>183` the 44 mm one (390), the subtypes those watches report and CoreUI accepts
    /// for the watch idiom (its fallback order runs 390 → 340 → 384 → 320; docs/watchos.md). Any
    /// other width (Xcode's spellings for 41, 45 and 49 mm have not been seen) is left out, and said.
    public static let watchSubtypes: [String: UInt16] = ["<=145": 320, ">145": 384, ">161": 340, ">183": 390]

    /// Whether `other` is chosen by the same idiom, appearance and traits (its scale and file aside).
    public func hasSameTraits(as other: CatalogTraitSlot) -> Bool {
        idiom == other.idiom && carPlay == other.carPlay && marketing == other.marketing && appearance == other.appearance
            && attributeValues == other.attributeValues && locale == other.locale
    }

    /// A `display-P3` slot: its pixels are stored in extended-range sRGB (`RGBW`), as actool's
    /// wide-gamut renditions are.
    public var isWideGamut: Bool { displayGamut == "display-P3" }

    public init(idiom: Idiom?, carPlay: Bool = false, marketing: Bool = false, scale: Int, appearance: Appearance, filename: String, path: String,
                widthClass: String?, heightClass: String?, memory: String?, graphicsFeatureSet: String?, locale: String? = nil,
                displayGamut: String? = nil, languageDirection: String? = nil) {
        self.idiom = idiom
        self.carPlay = carPlay ? true : nil
        self.marketing = marketing ? true : nil
        self.scale = scale
        self.appearance = appearance
        self.filename = filename
        self.path = path
        self.widthClass = widthClass
        self.heightClass = heightClass
        self.memory = memory
        self.graphicsFeatureSet = graphicsFeatureSet
        self.locale = locale
        self.displayGamut = displayGamut
        self.languageDirection = languageDirection
    }

    /// A `locale` value that can be a LOCALIZATIONKEYS name and an `.lproj` folder's: a language
    /// code, then script or region subtags after `-` or `_` (`en`, `zh-Hans`, `pt-BR`, `en_GB`,
    /// `es-419`, `sr-Latn-RS`, and `Base`), at most 32 characters. Anything else is refused with a message, not written.
    public static func isLocaleName(_ text: String) -> Bool {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard text.utf8.count <= 32, let first = parts.first, (2...8).contains(first.count),
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    /// CoreUI's values for the key attributes (20 horizontal and 21 vertical size class, 22 memory,
    /// 23 graphics, 24 display gamut, 4 direction), or nil when one of them has no value known to be right (or, but for CarPlay
    /// and a localized slot, when there are none). Size classes, 1–4 GB
    /// and metal1v2…metal3v1 are seen in acextract's actool car; 3 GB, metal3v2 and metal4v1 come
    /// from CoreUI's tables as read by several reverse-engineered readers, which agree on them (and
    /// disagree on 6 GB, which is left out, as are the `apple*` families).
    public var attributeValues: [UInt16: UInt16]? {
        var values: [UInt16: UInt16] = [:]
        let sizeClasses: [String: UInt16] = ["compact": 1, "regular": 2]
        let memories: [String: UInt16] = ["1GB": 1, "2GB": 2, "4GB": 3, "3GB": 4]
        let graphics: [String: UInt16] = ["metal1v2": 1, "metal2v2": 2, "metal3v1": 3, "metal3v2": 4, "metal4v1": 5]
        // CoreUI's gamut (sRGB 0, P3 1) and layout direction (right-to-left 4, left-to-right 5, as
        // UIKit's _UIAssetManager maps a trait collection's direction; docs/assets-car.md).
        let gamuts: [String: UInt16] = ["sRGB": 0, "display-P3": 1]
        let directions: [String: UInt16] = ["right-to-left": 4, "left-to-right": 5]
        for (attribute, text, table) in [(UInt16(20), widthClass, sizeClasses), (21, heightClass, sizeClasses),
                                         (22, memory, memories), (23, graphicsFeatureSet, graphics),
                                         (24, displayGamut, gamuts), (4, languageDirection, directions),
                                         (16, screenWidth, Self.watchSubtypes)] {
            guard let text else { continue }
            guard let value = table[text] else { return nil }
            // sRGB is gamut 0, the value of every slot without one: not an attribute of its own,
            // so such a slot and one without a gamut are the same slot.
            if attribute == 24, value == 0 { continue }
            values[attribute] = value
        }
        return values.isEmpty && carPlay != true && marketing != true && locale == nil ? nil : values
    }
}
