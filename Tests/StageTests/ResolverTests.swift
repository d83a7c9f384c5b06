import Foundation
import Testing
@testable import AssetModel
@testable import AssetResolver
@testable import Output

/// UIKit's rules as docs/runtime.md writes them, one table row per rule and device.
@Suite struct ResolverTests {
    typealias V = AssetTable.Variant

    static func v(_ file: String, _ scale: Int, _ idiom: AssetTable.Idiom = .universal, tall: Int = 0,
                  _ luminosity: AssetTable.Luminosity = .any, contrast: Bool = false) -> V {
        V(file: file, scale: scale, idiom: idiom, screenHeight: tall, luminosity: luminosity, highContrast: contrast)
    }

    static let table = AssetTable(bundles: [
        .init(name: "main", path: "", images: [
            "Bg": [v("Bg.png", 1), v("Bg@2x.png", 2), v("Bg-568h@2x.png", 2, tall: 568)],
            "Logo": [v("Logo.png", 1), v("Logo@2x.png", 2), v("Logo@2x~ipad.png", 2, .pad), v("Logo~ipad.png", 1, .pad)],
            "PhoneOnly": [v("PhoneOnly@2x~iphone.png", 2, .phone)],
            "Hi": [v("Hi@3x.png", 3)],
            "Lo": [v("Lo.png", 1)],
            "Mid": [v("Mid.png", 1), v("Mid@3x.png", 3)],
            "Moon": [v("Moon@2x.png", 2), v("Moon-dark@2x.png", 2, .universal, .dark),
                     v("Moon-dark-highcontrast@2x.png", 2, .universal, .dark, contrast: true)],
            "Night": [v("Night-dark@2x.png", 2, .universal, .dark)],
            "Card": [v("Card@2x.png", 2)],
            // Any, Dark and Dark + High Contrast (a common Xcode set); Any, Any + High Contrast and Dark.
            "DarkHC": [v("DarkHC@2x.png", 2), v("DarkHC-dark@2x.png", 2, .universal, .dark),
                       v("DarkHC-dark-highcontrast@2x.png", 2, .universal, .dark, contrast: true)],
            "HC": [v("HC@2x.png", 2), v("HC-highcontrast@2x.png", 2, .universal, .any, contrast: true),
                   v("HC-dark@2x.png", 2, .universal, .dark)],
            // Only an iPad image here, and a universal one in Checkout: another image.
            "Sign": [v("Sign@2x~ipad.png", 2, .pad)],
        ], colors: [:]),
        .init(name: "Checkout", path: "Checkout.bundle", images: [
            "Card": [v("Card@2x.png", 2), v("Card@3x.png", 3)],
            "Pay": [v("Pay@2x.png", 2)],
            "Sign": [v("Sign@2x.png", 2)],
        ], colors: [:]),
    ])

    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var device: String
        var traits: AssetTraits
        var bundle: String? = nil
        var expected: String?
        var description: String { "\(name) on \(device)\(bundle.map { " in \($0)" } ?? "") → \(expected ?? "nothing")" }
    }

    static let iPhone4 = AssetTraits(scale: 2, idiom: .phone, screenWidth: 320, screenHeight: 480)
    static let iPhone5 = AssetTraits(scale: 2, idiom: .phone, screenWidth: 320, screenHeight: 568)
    static let iPhone5Landscape = AssetTraits(scale: 2, idiom: .phone, screenWidth: 568, screenHeight: 320)
    static let iPhone6 = AssetTraits(scale: 2, idiom: .phone, screenWidth: 375, screenHeight: 667)
    static let iPhone6Plus = AssetTraits(scale: 3, idiom: .phone, screenWidth: 414, screenHeight: 736)
    static let iPhone3GS = AssetTraits(scale: 1, idiom: .phone, screenWidth: 320, screenHeight: 480)
    static let iPad2 = AssetTraits(scale: 1, idiom: .pad, screenWidth: 768, screenHeight: 1024)
    static let iPadRetina = AssetTraits(scale: 2, idiom: .pad, screenWidth: 768, screenHeight: 1024)
    static let darkPhone = AssetTraits(scale: 2, idiom: .phone, screenWidth: 375, screenHeight: 812, luminosity: .dark)
    static let darkContrast = AssetTraits(scale: 2, idiom: .phone, screenWidth: 375, screenHeight: 812, luminosity: .dark, highContrast: true)
    static let lightContrast = AssetTraits(scale: 2, idiom: .phone, screenWidth: 375, screenHeight: 812, highContrast: true)

    static let rows: [Row] = [
        // The tall variant only on a screen of exactly its portrait height, in either orientation.
        Row(name: "Bg", device: "iPhone 5", traits: iPhone5, expected: "Bg-568h@2x.png"),
        Row(name: "Bg", device: "iPhone 5 landscape", traits: iPhone5Landscape, expected: "Bg-568h@2x.png"),
        Row(name: "Bg", device: "iPhone 4", traits: iPhone4, expected: "Bg@2x.png"),
        Row(name: "Bg", device: "iPhone 6", traits: iPhone6, expected: "Bg@2x.png"),
        Row(name: "Bg", device: "iPhone 3GS", traits: iPhone3GS, expected: "Bg.png"),
        // The idiom's own variants before universal ones; universal when the idiom has none.
        Row(name: "Logo", device: "iPad 2", traits: iPad2, expected: "Logo~ipad.png"),
        Row(name: "Logo", device: "Retina iPad", traits: iPadRetina, expected: "Logo@2x~ipad.png"),
        Row(name: "Logo", device: "iPhone 6 Plus", traits: iPhone6Plus, expected: "Logo@2x.png"),
        Row(name: "PhoneOnly", device: "iPhone 5", traits: iPhone5, expected: "PhoneOnly@2x~iphone.png"),
        Row(name: "PhoneOnly", device: "iPad 2", traits: iPad2, expected: nil),
        // Exact scale, else the nearest higher, else the nearest lower.
        Row(name: "Hi", device: "iPhone 3GS", traits: iPhone3GS, expected: "Hi@3x.png"),
        Row(name: "Lo", device: "iPhone 6 Plus", traits: iPhone6Plus, expected: "Lo.png"),
        Row(name: "Mid", device: "iPhone 6", traits: iPhone6, expected: "Mid@3x.png"),
        Row(name: "Mid", device: "iPhone 3GS", traits: iPhone3GS, expected: "Mid.png"),
        // Dark when asked for and present; high contrast only when asked for.
        Row(name: "Moon", device: "iPhone 6", traits: iPhone6, expected: "Moon@2x.png"),
        Row(name: "Moon", device: "iPhone X dark", traits: darkPhone, expected: "Moon-dark@2x.png"),
        Row(name: "Moon", device: "iPhone X dark, high contrast", traits: darkContrast, expected: "Moon-dark-highcontrast@2x.png"),
        Row(name: "Night", device: "iPhone 6 (light)", traits: iPhone6, expected: "Night-dark@2x.png"),
        // Light or dark first, then contrast within it.
        Row(name: "DarkHC", device: "iPhone X light, high contrast", traits: lightContrast, expected: "DarkHC@2x.png"),
        Row(name: "DarkHC", device: "iPhone X dark, high contrast", traits: darkContrast, expected: "DarkHC-dark-highcontrast@2x.png"),
        Row(name: "HC", device: "iPhone X dark, high contrast", traits: darkContrast, expected: "HC-dark@2x.png"),
        Row(name: "HC", device: "iPhone X light, high contrast", traits: lightContrast, expected: "HC-highcontrast@2x.png"),
        Row(name: "HC", device: "iPhone X light", traits: AssetTraits(scale: 2, idiom: .phone, screenWidth: 375, screenHeight: 812),
            expected: "HC@2x.png"),
        // The main bundle first, then the others in order; a named bundle alone.
        Row(name: "Card", device: "iPhone 6 Plus", traits: iPhone6Plus, expected: "Card@2x.png"),
        Row(name: "Card", device: "iPhone 6 Plus", traits: iPhone6Plus, bundle: "Checkout", expected: "Checkout.bundle/Card@3x.png"),
        Row(name: "Pay", device: "iPhone 6", traits: iPhone6, expected: "Checkout.bundle/Pay@2x.png"),
        Row(name: "Pay", device: "iPhone 6", traits: iPhone6, bundle: "main", expected: nil),
        Row(name: "Nope", device: "iPhone 6", traits: iPhone6, expected: nil),
        // The first bundle with the name answers, even with nothing that fits.
        Row(name: "Sign", device: "iPhone 6", traits: iPhone6, expected: nil),
        Row(name: "Sign", device: "Retina iPad", traits: iPadRetina, expected: "Sign@2x~ipad.png"),
        Row(name: "Sign", device: "iPhone 6", traits: iPhone6, bundle: "Checkout", expected: "Checkout.bundle/Sign@2x.png"),
    ]

    @Test(arguments: rows)
    func followsUIKitsRules(_ row: Row) {
        #expect(Self.table.image(row.name, traits: row.traits, bundle: row.bundle)?.path == row.expected)
    }

    @Test func theWrittenTableReadsBackAndStaysSmall() throws {
        func variant(_ name: String, _ file: String, scale: Int, idiom: Idiom? = nil, tall: Bool = false, bundle: String? = nil,
                     appearance: Appearance = .any) -> Variant {
            var v = Variant(name: name, bundle: BundleRef(bundle), relativePath: (bundle == nil ? "" : "Checkout.bundle/") + file, fileName: file,
                            scale: scale, idiom: idiom, tall: tall, pointSize: PointSize(width: 10, height: 10), pixelWidth: 10,
                            pixelHeight: 10, source: ResolvedSource(path: "a.pdf", kind: .pdf, page: 1),
                            contentSize: PointSize(width: 10, height: 10),
                            placement: Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0), origin: .manifest(SourceLocation(line: 1, column: 1)))
            v.appearance = appearance
            return v
        }
        let variants = [
            variant("Background", "Background.png", scale: 1), variant("Background", "Background@2x.png", scale: 2),
            variant("Background", "Background-568h@2x.png", scale: 2, tall: true),
            variant("Logo", "Logo@2x~ipad.png", scale: 2, idiom: .ipad),
            variant("Moon", "Moon-dark@3x.png", scale: 3, appearance: Appearance(luminosity: .dark)),
            variant("Card", "Card@2x.png", scale: 2, bundle: "Checkout"),
        ]
        let bundles = [BundleSpec(name: "Checkout", path: "Checkout.bundle", location: SourceLocation(line: 1, column: 1))]
        let colors = CatalogRecords(colors: [.init(bundle: .main, name: "Ink", colors: [
            CatalogColor(idiom: nil, appearance: .any, value: .components(colorSpace: "gray-gamma-22", [ColorComponent(name: "white", value: 0.5), ColorComponent(name: "alpha", value: 1)])),
            CatalogColor(idiom: nil, appearance: Appearance(luminosity: .dark), value: .reference(platform: "ios", name: "labelColor")),
        ])])
        let bytes = RuntimeTable.make(variants, bundles: bundles, catalog: colors).compactBytes()
        let table = try AssetTable(data: Data(bytes))
        #expect(table.bundles.map(\.name) == ["main", "Checkout"])
        #expect(table.image("Background", traits: Self.iPhone5)?.path == "Background-568h@2x.png")
        #expect(table.image("Card", traits: Self.iPhone6)?.path == "Checkout.bundle/Card@2x.png")
        #expect(table.image("Moon", traits: Self.darkPhone)?.variant.luminosity == .dark)
        #expect(table.color("Ink", traits: Self.iPhone6)?.color.components == [0.5, 0.5, 0.5, 1])
        #expect(table.color("Ink", traits: Self.darkPhone)?.color.reference == "labelColor")
        // Sizes: a table's bytes per variant over a realistic manifest (names of 6 to 22 characters,
        // three scales, some idioms and tall variants), not this handful with its fixed framing.
        var many: [Variant] = []
        for index in 0..<200 {
            let name = "Image" + String(repeating: "x", count: index % 17) + "\(index)"
            for scale in 1...3 { many.append(variant(name, name + (scale > 1 ? "@\(scale)x" : "") + ".png", scale: scale)) }
            if index % 5 == 0 { many.append(variant(name, name + "@2x~ipad.png", scale: 2, idiom: .ipad)) }
            if index % 7 == 0 { many.append(variant(name, name + "-568h@2x.png", scale: 2, tall: true)) }
        }
        let big = RuntimeTable.make(many, bundles: [], catalog: CatalogRecords()).compactBytes()
        #expect(Double(big.count) / Double(many.count) <= 64, "\(big.count) bytes for \(many.count) variants")
    }

    @Test func malformedTablesAreErrorsNotCrashes() {
        for text in ["", "[]", #"{"format": 2, "bundles": []}"#, #"{"format": 1}"#,
                     #"{"format": 1, "bundles": [{"name": "main", "path": "", "images": {"A": ["a", ["@2x.png", "2", 0, 0, 0]]}}]}"#,
                     #"{"format": 1, "bundles": [{"name": "main", "path": "", "images": {"A": [["a.png", 2, 0, 0, 0]]}}]}"#] {
            #expect(throws: AssetTable.LoadError.self) { try AssetTable(data: Data(text.utf8)) }
        }
    }
}
