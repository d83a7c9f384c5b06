import Foundation
import Testing
@testable import AssetModel
@testable import CatalogInput
@testable import Planning

/// A catalog written into a temporary folder from a table of files (path → text).
struct TemporaryCatalog {
    let root: URL
    var path: String { root.appendingPathComponent("Test.xcassets").path }

    init(_ files: [String: String], name: String = #function) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("assetc-tests-catalog-\(name.filter(\.isLetter))-\(UUID().uuidString.prefix(8))")
        for (relative, text) in files {
            let url = root.appendingPathComponent("Test.xcassets/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func read() -> (contents: CatalogContents, diagnostics: [String]) {
        let result = CatalogReader().read(CatalogSpec(path: "Test.xcassets", location: SourceLocation(line: 1, column: 1)), path: path)
        let messages = result.diagnostics.map { $0.description.replacingOccurrences(of: root.path + "/", with: "") }
        return (result.contents, messages)
    }
}

func imageSet(_ entries: String, properties: String = "") -> String {
    #"{"images": [\#(entries)], "info": {"author": "xcode", "version": 1}\#(properties.isEmpty ? "" : ", \"properties\": " + properties)}"#
}

@Suite struct CatalogReaderTests {
    @Test func groupsNamespacesAndSetTypesAreReadAsXcodeDoes() throws {
        let catalog = try TemporaryCatalog([
            // A group without Contents.json, a namespace group, a set whose name holds a dot.
            "Plain/Star.imageset/Contents.json": imageSet(#"{"idiom": "universal", "filename": "star.pdf"}"#),
            "Plain/Star.imageset/star.pdf": "%PDF",
            "Round/Contents.json": #"{"properties": {"provides-namespace": true}}"#,
            "Round/Double/Contents.json": #"{"properties": {"provides-namespace": true}}"#,
            "Round/Double/Cherry.imageset/Contents.json": imageSet(#"{"idiom": "universal", "filename": "c.png", "scale": "2x"}"#),
            "Round/Double/Cherry.imageset/c.png": "png",
            "flag.at.imageset/Contents.json": imageSet(#"{"idiom": "universal", "filename": "at.pdf"}"#),
            "flag.at.imageset/at.pdf": "%PDF",
            "Data.dataset/Contents.json": #"{"data": [{"idiom": "universal", "filename": "d.json", "universal-type-identifier": "public.json"}]}"#,
            "Data.dataset/d.json": "{}",
            "Glyph.symbolset/Contents.json": #"{"symbols": [{"idiom": "universal", "filename": "glyph.svg"}, {"idiom": "mac", "filename": "mac.svg"}]}"#,
            "Glyph.symbolset/glyph.svg": "<svg/>",
            "Glyph.symbolset/mac.svg": "<svg/>",
            "Empty.symbolset/Contents.json": "{}",
            "Brand.colorset/Contents.json": #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0x80", "green": "128", "blue": "0.500", "alpha": "1"}}}]}"#,
            "AppIcon.appiconset/Contents.json": #"{"images": []}"#,
            "TV.brandassets/Contents.json": "{}",
            "Sprites.spriteatlas/Contents.json": "{}",
        ])
        defer { catalog.remove() }
        let (contents, allMessages) = catalog.read()
        // A type assetc compiles nowhere: a note that says so, right for loose and car builds alike.
        #expect(allMessages.contains("Test.xcassets/Sprites.spriteatlas: note: skipped: sprite atlases are not compiled by assetc (loose files or Assets.car)"),
                "\(allMessages)")
        // Another platform's icon: said as such, and its name kept for `--app-icon`.
        #expect(allMessages.contains("Test.xcassets/TV.brandassets: note: skipped: brand assets are tvOS's, compiled in a build for it (--platform appletvos)"),
                "\(allMessages)")
        #expect(contents.otherPlatformIcons == ["TV": .tvOS])
        let messages = allMessages.filter { !$0.contains("TV.brandassets") && !$0.contains("Sprites.spriteatlas") }
        #expect(contents.imageSets.map(\.name) == ["Star", "Round/Double/Cherry", "flag.at"])
        #expect(contents.imageSets.map(\.setPath) == ["Plain/Star.imageset", "Round/Double/Cherry.imageset", "flag.at.imageset"])
        #expect(contents.imageSets[1].slots.first?.scale == 2)
        #expect(contents.appIconSets.map(\.name) == ["AppIcon"])
        #expect(contents.colorSets.first?.colors.first?.value == .components(colorSpace: "srgb", [
            ColorComponent(name: "red", value: 128.0 / 255), ColorComponent(name: "green", value: 128.0 / 255),
            ColorComponent(name: "blue", value: 0.5), ColorComponent(name: "alpha", value: 1),
        ]))
        #expect(contents.dataSets.map(\.name) == ["Data"])
        #expect(contents.dataSets.first?.entries.map(\.typeIdentifier) == ["public.json"])
        #expect(contents.symbolSets.map(\.name) == ["Glyph"])
        #expect(contents.symbolSets.first?.filename == "glyph.svg")
        #expect(messages == ["Test.xcassets/Empty.symbolset/Contents.json: warning: the symbol set \"Empty\" has no \"symbols\" array; UIImage(named: \"Empty\") will find nothing"])
    }

    @Test func missingUnassignedAndForeignSlotsAreReportedNotFatal() throws {
        let catalog = try TemporaryCatalog([
            "Hot.imageset/Contents.json": """
            {"images": [
              {"idiom": "universal", "filename": "hot.png", "scale": "1x"},
              {"idiom": "universal", "filename": "Hot@2x.png", "scale": "2x"},
              {"idiom": "mac", "filename": "hot-mac.png", "scale": "1x"},
              {"idiom": "universal", "filename": "wide.png", "width-class": "regular"},
              {"idiom": "universal", "scale": "3x"}
            ], "colour": 1}
            """,
            "Hot.imageset/hot.png": "png",
            "Hot.imageset/hot@2x.png": "png",
            "Hot.imageset/hot-mac.png": "png",
            "Hot.imageset/wide.png": "png",
            "Hot.imageset/stray.png": "png",
        ])
        defer { catalog.remove() }
        let (contents, messages) = catalog.read()
        // "Hot@2x.png" is the file hot@2x.png, as a Mac opens it (MacFileNames).
        #expect(contents.imageSets.first?.slots.map(\.filename) == ["hot.png", "hot@2x.png"])
        #expect(messages == [
            "Test.xcassets/Hot.imageset/Contents.json:7:4: warning: unknown key \"colour\" in an image set's Contents.json; ignored",
            "Test.xcassets/Hot.imageset/Contents.json:3:3: warning: Contents.json names \"Hot@2x.png\" in \"Hot\", and the file is \"hot@2x.png\": the names differ only in case or Unicode normalization; the file is used, as a Mac would find it, but rename one to match the other",
            "Test.xcassets/Hot.imageset/Contents.json: warning: The image set \"Hot\" has an unassigned child.",
            "Test.xcassets/Hot.imageset/Contents.json: note: skipped the mac slots of \"Hot\": assetc builds iOS resources (universal, iphone, ipad)",
            "Test.xcassets/Hot.imageset/Contents.json: warning: skipped 1 slot of \"Hot\" chosen by size class, locale, direction, memory or display gamut: assetc compiles such slots, into Assets.car only, with trait values it knows, from PDF and SVG files and from PNG, WebP, HEIC or JPEG files with a scale",
        ])
    }

    /// Every message of the walk carries where in the catalog it is (the catalog, the set or group
    /// folder, the file), the fields actool's results documents are written from.
    @Test func theWalkPlacesItsMessagesInTheCatalog() throws {
        let catalog = try TemporaryCatalog([
            "Contents.json": #"{"info": {"author": "xcode", "version": 1}, "colour": 1}"#,
            "v1.2/Contents.json": #"{"properties": {"provides-namespace": 1}}"#,
            "v1.2/Star.imageset/Contents.json": imageSet(#"{"idiom": "universal", "filename": "star.png", "scale": "1x"}"#),
            "Broken.colorset/Contents.json": "{",
        ])
        defer { catalog.remove() }
        let result = CatalogReader().read(CatalogSpec(path: "Test.xcassets", location: .notInAFile), path: catalog.path)
        let places = result.diagnostics.map { diagnostic in
            diagnostic.place.map { [$0.catalog == catalog.path ? "catalog" : $0.catalog, $0.folder ?? "-", $0.file ?? "-"] } ?? []
        }
        #expect(places == [
            ["catalog", "-", "Contents.json"],
            ["catalog", "Broken.colorset", "Contents.json"],
            ["catalog", "v1.2", "Contents.json"],
            ["catalog", "v1.2/Star.imageset", "Contents.json"],
        ], "\(result.diagnostics)")
    }

    /// A set whose every image is chosen by a trait loose files cannot select on would vanish with
    /// only a note: a warning says so. Properties a loose file cannot carry are warned, not dropped.
    @Test func aSetLeftEmptyBySkippedSlotsAndUnsupportedPropertiesAreWarned() throws {
        let catalog = try TemporaryCatalog([
            "Dir.imageset/Contents.json": """
            {"images": [
              {"idiom": "universal", "filename": "ltr.png", "language-direction": "left-to-right"},
              {"idiom": "universal", "filename": "rtl.png", "language-direction": "right-to-left"}
            ], "properties": {"on-demand-resource-tags": ["level1"], "compression-type": "lossy"}}
            """,
            "Dir.imageset/ltr.png": "png",
            "Dir.imageset/rtl.png": "png",
        ])
        defer { catalog.remove() }
        let (contents, messages) = catalog.read()
        #expect(contents.imageSets.first?.slots.isEmpty == true)
        #expect(messages == [
            "Test.xcassets/Dir.imageset/Contents.json:4:46: warning: \"on-demand-resource-tags\" is not supported by assetc (loose files or Assets.car); it is ignored for \"Dir\"",
            "Test.xcassets/Dir.imageset/Contents.json:4:78: warning: \"compression-type\" is not supported by assetc (loose files or Assets.car); it is ignored for \"Dir\"",
            "Test.xcassets/Dir.imageset/Contents.json: warning: skipped 2 slots of \"Dir\" chosen by size class, locale, direction, memory or display gamut: assetc compiles such slots, into Assets.car only, with trait values it knows, from PDF and SVG files and from PNG, WebP, HEIC or JPEG files with a scale; the set has no other image, so nothing is written for it",
        ], "\(messages)")
    }

    /// A raster of another format behind a PNG name (VLC's Photoshop file `playNextInQueue@2x.png`):
    /// Xcode reads it through ImageIO; assetc skips the slot with a warning naming what it holds, as
    /// it would a `.psd` name, instead of failing the build on "bad signature". A PNG is untouched.
    @Test func otherFormatsBehindAPNGNameAreSkippedByName() throws {
        let catalog = try TemporaryCatalog([
            "Mixed.imageset/Contents.json": """
            {"images": [
              {"idiom": "universal", "filename": "a.png", "scale": "1x"},
              {"idiom": "universal", "filename": "a@2x.png", "scale": "2x"},
              {"idiom": "universal", "filename": "a@3x.png", "scale": "3x"},
              {"idiom": "iphone", "filename": "b.png", "scale": "1x"},
              {"idiom": "ipad", "filename": "c.png", "scale": "1x"}
            ]}
            """,
            // Larger than the 1 KiB read to tell: only the file's start is looked at.
            "Mixed.imageset/a.png": "8BPS\u{0}\u{1}" + String(repeating: "\u{0}", count: 4000),
            "Mixed.imageset/a@2x.png": "GIF89a\u{1}\u{0}\u{1}\u{0}",
            "Mixed.imageset/a@3x.png": "MM\u{0}*\u{0}\u{0}\u{0}\u{8}",
            "Mixed.imageset/b.png": "jpeg, written below",
            "Mixed.imageset/c.png": "\u{89}PNG",
        ])
        defer { catalog.remove() }
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).write(to: URL(fileURLWithPath: catalog.path + "/Mixed.imageset/b.png"))
        let (contents, messages) = catalog.read()
        #expect(contents.imageSets.first?.slots.map(\.filename) == ["c.png"])
        #expect(messages == [
            "Test.xcassets/Mixed.imageset/Contents.json:2:3: warning: \"a.png\" holds Photoshop data, not PNG, WebP or HEIC; the slot is skipped",
            "Test.xcassets/Mixed.imageset/Contents.json:3:3: warning: \"a@2x.png\" holds GIF data, not PNG, WebP or HEIC; the slot is skipped",
            "Test.xcassets/Mixed.imageset/Contents.json:4:3: warning: \"a@3x.png\" holds TIFF data, not PNG, WebP or HEIC; the slot is skipped",
            "Test.xcassets/Mixed.imageset/Contents.json:5:3: warning: \"b.png\" holds JPEG data, not PNG, WebP or HEIC; the slot is skipped; name it .jpg to have it copied as a JPEG",
        ], "\(messages)")
    }

    /// A `locale` becomes a LOCALIZATIONKEYS name (and could be an `.lproj` folder's): only language
    /// tags are taken; a path, a control character or an empty part is not.
    @Test func localeNamesAreLanguageTagsOnly() {
        for good in ["en", "fr", "zh-Hans", "pt-BR", "en_GB", "es-419", "sr-Latn-RS", "Base"] {
            #expect(CatalogTraitSlot.isLocaleName(good), "\(good)")
        }
        for bad in ["", "e", "../fr", "fr/", "fr-", "-fr", "fr--CA", "fr.lproj", "f\u{0}r", "123", "fr CA", String(repeating: "a", count: 9),
                    "en-" + String(repeating: "a", count: 40)] {
            #expect(!CatalogTraitSlot.isLocaleName(bad), "\(bad)")
        }
    }

    /// A symbol set's template: the first iOS entry; direction, locale and second entries are
    /// skipped with a note; a drawing asked for beyond the default is said, not recorded.
    @Test func symbolSetsTakeOneTemplate() throws {
        let catalog = try TemporaryCatalog([
            "Gauge.symbolset/Contents.json": #"""
                {"properties": {"symbol-rendering-intent": "palette"}, "symbols": [
                  {"idiom": "universal", "filename": "g.svg", "language-direction": "right-to-left"},
                  {"idiom": "universal", "filename": "a.svg"}, {"idiom": "universal", "filename": "b.svg"},
                  {"idiom": "universal", "filename": "../x.svg"}]}
                """#,
            "Gauge.symbolset/g.svg": "<svg/>", "Gauge.symbolset/a.svg": "<svg/>", "Gauge.symbolset/b.svg": "<svg/>", "Gauge.symbolset/stray.svg": "<svg/>",
            "Missing.symbolset/Contents.json": #"{"symbols": [{"idiom": "universal", "filename": "gone.svg"}]}"#,
            "Mac.symbolset/Contents.json": #"{"symbols": [{"idiom": "mac", "filename": "m.svg"}]}"#,
            "Mac.symbolset/m.svg": "<svg/>",
            "Empty.symbolset/Contents.json": #"{"symbols": [{"idiom": "universal"}], "info": {"version": 1}}"#,
        ])
        defer { catalog.remove() }
        let (contents, messages) = catalog.read()
        #expect(contents.symbolSets.map(\.name) == ["Gauge"])
        #expect(contents.symbolSets.first?.filename == "a.svg")
        #expect(messages.contains("Test.xcassets/Gauge.symbolset/Contents.json: warning: The symbol image set \"Gauge\" has an unassigned child."), "\(messages)")
        #expect(messages.contains("Test.xcassets/Missing.symbolset/Contents.json:1:14: warning: The file \"gone.svg\" for the symbol image set \"Missing\" does not exist."), "\(messages)")
        #expect(messages.contains("Test.xcassets/Mac.symbolset/Contents.json: warning: the symbol set \"Mac\" has no template for iOS; UIImage(named: \"Mac\") will find nothing"), "\(messages)")
        #expect(messages.contains("Test.xcassets/Empty.symbolset/Contents.json: warning: the symbol set \"Empty\" names no template file; UIImage(named: \"Empty\") will find nothing"), "\(messages)")
        #expect(messages.contains { $0.contains("Gauge.symbolset/Contents.json: note: skipped 3 templates of the symbol set \"Gauge\"") }, "\(messages)")
        #expect(messages.contains { $0.contains("asks to be drawn \"palette\", which assetc does not know") }, "\(messages)")
    }

    @Test func linksBackToAParentAreWalkedOnce() throws {
        let catalog = try TemporaryCatalog([
            "Group/Star.imageset/Contents.json": imageSet(#"{"idiom": "universal", "filename": "star.pdf"}"#),
            "Group/Star.imageset/star.pdf": "%PDF",
        ])
        defer { catalog.remove() }
        // Two links to the catalog itself in every group: without a visited set, 2^32 folders.
        let group = catalog.root.appendingPathComponent("Test.xcassets/Group")
        try FileManager.default.createSymbolicLink(atPath: group.appendingPathComponent("Loop1").path, withDestinationPath: catalog.path)
        try FileManager.default.createSymbolicLink(atPath: group.appendingPathComponent("Loop2").path, withDestinationPath: catalog.path)
        let (contents, messages) = catalog.read()
        #expect(contents.imageSets.map(\.name) == ["Star"])
        #expect(messages == ["Test.xcassets/Group/Loop1: warning: this folder is reached twice through links; it is read once",
                             "Test.xcassets/Group/Loop2: warning: this folder is reached twice through links; it is read once"])
    }

    /// A set whose Contents.json cannot be parsed is an error at its line (the set would vanish
    /// from the app); the rest of the catalog is still read, so one run reports every problem.
    @Test func brokenContentsJSONIsAnErrorAtItsLine() throws {
        let catalog = try TemporaryCatalog([
            "Bad.imageset/Contents.json": #"{"images": [}"#,
            "Good.imageset/Contents.json": imageSet(#"{"idiom": "universal", "filename": "g.pdf"}"#),
            "Good.imageset/g.pdf": "%PDF",
        ])
        defer { catalog.remove() }
        let (contents, messages) = catalog.read()
        #expect(contents.imageSets.map(\.name) == ["Good"])
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Test.xcassets/Bad.imageset/Contents.json:1:13: error: invalid JSON") == true)
    }

    /// A set folder whose Contents.json a merge deleted (Rocket.Chat's `Mention.imageset` shipped so
    /// for two years; Xcode builds it) is left out with a warning that `check` fails on, for every
    /// kind of set, and the catalog's other sets are read; an unreadable one is still an error,
    /// worded once.
    @Test func aSetWithoutContentsJSONIsLeftOutWithAWarning() throws {
        let catalog = try TemporaryCatalog([
            "Mention.imageset/Mention.pdf": "%PDF",
            "Tint.colorset/notes.txt": "",
            "Blob.dataset/blob.bin": "",
            "Glyph.symbolset/glyph.svg": "<svg/>",
            "Good.imageset/Contents.json": imageSet(#"{"idiom": "universal", "filename": "g.pdf"}"#),
            "Good.imageset/g.pdf": "%PDF",
        ])
        defer { catalog.remove() }
        let result = CatalogReader().read(CatalogSpec(path: "Test.xcassets", location: SourceLocation(line: 1, column: 1)), path: catalog.path)
        #expect(result.contents.imageSets.map(\.name) == ["Good"])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.dropsContent }, "\(result.diagnostics)")
        let messages = catalog.read().diagnostics.sorted()
        #expect(messages == [
            "Test.xcassets/Blob.dataset: warning: the data set \"Blob\" has no Contents.json; it is left out",
            "Test.xcassets/Glyph.symbolset: warning: the symbol set \"Glyph\" has no Contents.json; it is left out",
            "Test.xcassets/Mention.imageset: warning: the image set \"Mention\" has no Contents.json; it is left out",
            "Test.xcassets/Tint.colorset: warning: the colour set \"Tint\" has no Contents.json; it is left out",
        ])
        #expect(!result.inputs.contains { $0.hasSuffix("Mention.imageset/Contents.json") }, "a missing file is no build engine's input")
        try FileManager.default.createDirectory(at: catalog.root.appendingPathComponent("Test.xcassets/Dir.imageset/Contents.json"),
                                                withIntermediateDirectories: true)
        #expect(catalog.read().diagnostics.contains { $0.hasPrefix("Test.xcassets/Dir.imageset/Contents.json: error: ") && !$0.contains("cannot read: cannot read") })
    }

    /// A slot assetc skips (another platform, a trait, an appearance it does not write) that names
    /// a file the set lost is still actool's missing-file warning, marked as content left out
    /// (`check` fails on it); a skipped slot whose file is there is only the usual note.
    @Test func aSkippedSlotsMissingFileIsStillSaid() throws {
        let catalog = try TemporaryCatalog([
            "Star.imageset/Contents.json": imageSet(#"""
                {"idiom": "universal", "filename": "star.pdf"},
                {"idiom": "mac", "filename": "star-mac.pdf"},
                {"idiom": "universal", "filename": "star-p3.pdf", "display-gamut": "display-P3"},
                {"idiom": "watch", "filename": "star-watch.pdf"}
                """#),
            "Star.imageset/star.pdf": "%PDF",
            "Star.imageset/star-watch.pdf": "%PDF",
        ])
        defer { catalog.remove() }
        let result = CatalogReader().read(CatalogSpec(path: "Test.xcassets", location: SourceLocation(line: 1, column: 1)), path: catalog.path)
        let missing = result.diagnostics.filter { $0.message.contains("does not exist") }
        #expect(missing.map(\.message) == [
            "The file \"star-mac.pdf\" for the image set \"Star\" does not exist.",
            "The file \"star-p3.pdf\" for the image set \"Star\" does not exist.",
        ])
        #expect(missing.allSatisfy { $0.severity == .warning && $0.dropsContent })
        #expect(result.contents.imageSets.first?.slots.map(\.filename) == ["star.pdf"])
    }

    /// git's conflict markers left in a Contents.json: an error at the first marker's line, whether
    /// or not the rest happens to parse.
    @Test func mergeConflictMarkersAreAnErrorAtTheirLine() throws {
        let catalog = try TemporaryCatalog([
            "Star.imageset/Contents.json": "{\n  \"images\" : [\n<<<<<<< HEAD\n    { \"idiom\" : \"universal\", \"filename\" : \"a.pdf\" }\n=======\n"
                + "    { \"idiom\" : \"universal\", \"filename\" : \"b.pdf\" }\n>>>>>>> feature\n  ]\n}\n",
            "Star.imageset/a.pdf": "%PDF",
            "Moon.imageset/Contents.json": "{\"images\": []}\r\n=======\r\n",
        ])
        defer { catalog.remove() }
        let (contents, messages) = catalog.read()
        #expect(contents.imageSets.isEmpty)
        #expect(messages == [
            "Test.xcassets/Moon.imageset/Contents.json:2:1: error: unresolved merge conflict: the file still holds git's conflict markers; resolve the conflict and keep one version",
            "Test.xcassets/Star.imageset/Contents.json:3:1: error: unresolved merge conflict: the file still holds git's conflict markers; resolve the conflict and keep one version",
        ])
    }

    @Test func greyColoursAndAppearancesAreKept() throws {
        let catalog = try TemporaryCatalog([
            "Ink.colorset/Contents.json": """
            {"colors": [
              {"idiom": "universal", "color": {"color-space": "gray-gamma-22", "components": {"white": "0.500", "alpha": "1.000"}}},
              {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}, {"appearance": "contrast", "value": "high"}],
               "color": {"color-space": "extended-srgb", "components": {"red": "1.100", "green": "-0.050", "blue": "0", "alpha": "0.5"}}},
              {"idiom": "mac", "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1", "alpha": "1"}}}
            ]}
            """,
        ])
        defer { catalog.remove() }
        let (contents, messages) = catalog.read()
        #expect(messages.isEmpty, "\(messages)")
        let colors = try #require(contents.colorSets.first?.colors)
        #expect(colors.count == 2)  // the mac colour is not an iOS colour
        #expect(colors[0].value == .components(colorSpace: "gray-gamma-22", [ColorComponent(name: "white", value: 0.5), ColorComponent(name: "alpha", value: 1)]))
        #expect(colors[1].appearance == Appearance(luminosity: .dark, highContrast: true))
        #expect(colors[1].value == .components(colorSpace: "extended-srgb", [
            ColorComponent(name: "red", value: 1.1), ColorComponent(name: "green", value: -0.05),
            ColorComponent(name: "blue", value: 0), ColorComponent(name: "alpha", value: 0.5),
        ]))
    }

    @Test func colourComponentsInEveryNotation() {
        func value(_ text: String, alpha: Bool = false) -> Double? {
            ColorSetDecoder.componentValue(JSONNode(value: .string(text), location: SourceLocation(line: 1, column: 1)), isAlpha: alpha)
        }
        #expect(value("0.502") == 0.502)
        #expect(value("128") == 128.0 / 255)
        #expect(value("0xFF") == 1)
        #expect(value("0x80") == 128.0 / 255)
        #expect(value("1", alpha: true) == 1)
        #expect(value("1") == 1.0 / 255)
        #expect(value("255", alpha: true) == 1)
        #expect(value("-0.25") == -0.25)  // extended sRGB goes below zero
        #expect(value("0x1FF") == nil)
        #expect(value("blue") == nil)
        #expect(value("300") == nil)
        #expect(value("1e308") == nil, "not a 32-bit float, which the car stores")
        #expect(value("2000.0") == nil && value("1024.0") == 1024)
    }

    /// Outside an extended space (and for alpha in any) a component is 0–1: `1.5` or `-1.0` in
    /// sRGB, and `1e308` anywhere, skip the colour with a warning at its line and column, where
    /// they passed silently (and `1e308` became `inf` in the index); in `extended-srgb`, 1.5 is kept.
    @Test func componentsOutOfRangeAreSaidWhereTheyAreRead() throws {
        let catalog = try TemporaryCatalog([
            "Hot.colorset/Contents.json": """
            {"colors": [
              {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.500", "green": "0", "blue": "0", "alpha": "1"}}},
              {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
               "color": {"color-space": "extended-srgb", "components": {"red": "1.500", "green": "1e308", "blue": "0", "alpha": "1"}}}
            ]}
            """,
            "Wide.colorset/Contents.json": """
            {"colors": [{"idiom": "universal", "color": {"color-space": "extended-srgb", "components": {"red": "1.500", "green": "-0.5", "blue": "0", "alpha": "1"}}}]}
            """,
        ])
        defer { catalog.remove() }
        let (contents, messages) = catalog.read()
        let wording = "is not a number 0–1 (beyond it only in an extended colour space, up to ±1024), an integer 0–255 or 0xNN; the colour is skipped"
        #expect(messages == [
            "Test.xcassets/Hot.colorset/Contents.json:2:81: warning: colour component \"red\" \(wording)",
            "Test.xcassets/Hot.colorset/Contents.json:4:86: warning: colour component \"green\" \(wording)",
        ], "\(messages)")
        #expect(contents.colorSets.first { $0.name == "Hot" }?.colors.isEmpty == true)
        #expect(contents.colorSets.first { $0.name == "Wide" }?.colors.count == 1)
    }
}

@Suite struct LooseNameTests {
    @Test func simpleNamesStayApplesAndTheRestMapOrAreRefused() {
        func base(_ name: String) -> String {
            switch LooseNames.base(for: name) {
            case .success(let mapped): mapped
            case .failure(let problem): "refused: " + problem.reason
            }
        }
        #expect(base("Star") == "Star")
        #expect(base("Icons - Test Tube") == "Icons - Test Tube")
        #expect(base("Round/Double/Cherry") == "Round/Double/Cherry")
        #expect(base("flag.at") == "flag_at")
        #expect(base("bolt.fill") == "bolt_fill")
        #expect(base("Icon@2x") == "Icon_2x")
        #expect(base("Tab~ipad") == "Tab_ipad")
        #expect(base("Splash-568h") == "Splash_568h")
        #expect(base("Splash-568hx") == "Splash-568hx")
        #expect(base("a/../b") == "a/__/b")
        #expect(base("") == "refused: has an empty part between '/'")
        #expect(base(" Star") == "refused: has white space at the start or end of ' Star'")
        #expect(base("St\u{200B}ar") == "refused: contains the control or invisible character U+200B")
    }
}

@Suite struct CatalogPlanningTests {
    func slot(_ file: String, scale: Int? = nil, idiom: Idiom? = nil, appearance: Appearance = .any) -> CatalogImageSlot {
        CatalogImageSlot(idiom: idiom, scale: scale, appearance: appearance, filename: file, path: "C.xcassets/S/" + file,
                         location: SourceLocation(line: 2, column: 3))
    }

    func planCatalog(_ sets: [CatalogImageSet], _ sources: [String: SourceInfo], scales: [Int] = [1, 2, 3],
                     manifestImages: String = "", outputRoot: String? = nil) throws -> BuildPlan {
        let text = #"{"version": 1, "images": [\#(manifestImages)]}"#
        let manifest = try decodeManifest(text).get().manifest
        var contents = CatalogContents(spec: CatalogSpec(path: "C.xcassets", scales: scales, location: SourceLocation(line: 1, column: 1)),
                                       path: "C.xcassets")
        contents.imageSets = sets
        var table = Dictionary(uniqueKeysWithValues: sources.map { ("C.xcassets/S/" + $0.key, $0.value) })
        table["b.pdf"] = pdf(10, 10)  // the manifest image's source
        return try Planner(inspector: TableInspector(sources: table), outputRoot: outputRoot).plan(BuildRequest(manifest), catalogs: [contents])
    }

    func set(_ name: String, _ slots: [CatalogImageSlot], preserves: Bool? = nil) -> CatalogImageSet {
        CatalogImageSet(name: name, setPath: name + ".imageset", contentsPath: "C.xcassets/\(name).imageset/Contents.json",
                        slots: slots, properties: CatalogImageProperties(preservesVectorRepresentation: preserves))
    }

    /// A limit a catalog image breaks is reported at its set's Contents.json and slot, not at the
    /// manifest with the slot's line (which pointed at an unrelated line of another file).
    @Test func aCatalogImagesLimitErrorNamesItsContentsFile() throws {
        let deepRoot = "/" + String(repeating: "d", count: Limits.maximumPathBytes - Limits.stagingPathReserve - 10)
        let error = try #require(throws: InputError.self) {
            try planCatalog([set("Wordmark", [slot("w.png", scale: 1)])], ["w.png": .png(width: 10, height: 10, scale: 1, interlaced: false)], outputRoot: deepRoot)
        }
        let problem = try #require(error.diagnostics.first { $0.message.contains("Wordmark.png would be") })
        #expect(problem.path == "C.xcassets/Wordmark.imageset/Contents.json")
        #expect(problem.location == SourceLocation(line: 2, column: 3))
    }

    @Test func slotsBecomeApplesLooseNames() throws {
        let plan = try planCatalog([
            set("Wordmark", [slot("w.png", scale: 1), slot("w@2x.png", scale: 2), slot("w@3x.png", scale: 3),
                             slot("d.png", scale: 1, appearance: Appearance(luminosity: .dark))]),
            set("Icon", [slot("icon.pdf"), slot("icon-pad.pdf", idiom: .ipad)]),
            set("Photo", [slot("p.jpg")]),
        ], ["w.png": .png(width: 293, height: 61, scale: 1, interlaced: false),
            "w@2x.png": .png(width: 585, height: 122, scale: 2, interlaced: false),
            "w@3x.png": .png(width: 877, height: 183, scale: 3, interlaced: false),
            "d.png": .png(width: 293, height: 66, scale: 1, interlaced: false),
            "icon.pdf": pdf(20.5, 10), "icon-pad.pdf": pdf(30, 30), "p.jpg": .jpeg(width: 64, height: 48)], scales: [2, 3])
        #expect(summary(plan) == [
            "Wordmark.png 293x61", "Wordmark@2x.png 585x122", "Wordmark@3x.png 877x183", "Wordmark-dark.png 293x66",
            "Icon@2x.png 41x20", "Icon@3x.png 62x30", "Icon@2x~ipad.png 60x60", "Icon@3x~ipad.png 90x90",
            "Photo.jpg 64x48",
        ])
        // A copied slot keeps its pixels: no resampling, whatever the size.
        #expect(plan.variants[2].placement == Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0))
        #expect(plan.variants[2].pointSize.width == 877.0 / 3)
        #expect(plan.variants[3].appearance.luminosity == .dark)
    }

    /// A set with only dark (or light, or high contrast) images has nothing for its plain name, which
    /// is what a loose image is looked up by: an error (xcassets notes), not a warning.
    @Test func aSetWithOnlyAppearanceSpecificImagesIsAnError() {
        let dark = set("DarkOnly", [slot("d.png", scale: 1, appearance: Appearance(luminosity: .dark))])
        let sources: [String: SourceInfo] = ["d.png": .png(width: 20, height: 20, scale: 1, interlaced: false)]
        #expect(throws: InputError.self) { try self.planCatalog([dark], sources) }
        do {
            _ = try planCatalog([dark], sources)
        } catch let error as InputError {
            #expect(error.diagnostics.contains {
                $0.severity == .error && $0.message.hasPrefix("the image set \"DarkOnly\" has only appearance-specific images")
            })
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func vectorsInScaleSlotsAreThatScalesPixels() throws {
        // NetNewsWire's timelineStar: a 13 pt PDF in 1x and a 26 pt PDF in 2x; 3x is empty.
        let slots = [slot("star.pdf", scale: 1), slot("star@2x.pdf", scale: 2)]
        let sources = ["star.pdf": pdf(13, 13), "star@2x.pdf": pdf(26, 26)]
        #expect(summary(try planCatalog([set("Star", slots)], sources)) == ["Star.png 13x13", "Star@2x.png 26x26"])
        // Kept as a vector, UIKit draws it at any scale: the empty 3x slot is rendered from the 1x vector.
        let preserved = try planCatalog([set("Star", slots, preserves: true)], sources)
        #expect(summary(preserved) == ["Star.png 13x13", "Star@2x.png 26x26", "Star@3x.png 39x39"])
        #expect(preserved.variants[2].source.path == "C.xcassets/S/star.pdf")
    }

    @Test func mappedNamesThatCollideGetASuffixAndAWarning() throws {
        let plan = try planCatalog([set("flag.at", [slot("a.pdf")])], ["a.pdf": pdf(10, 10)], scales: [1],
                                   manifestImages: #"{"name": "flag_at", "source": "b.pdf"}"#)
        #expect(summary(plan).contains("flag_at_2.png 10x10"))
        #expect(plan.warnings.map(\.message).contains("the image set \"flag.at\" is written as 'flag_at_2': another image already uses the file name 'flag_at' (the index maps the name to its files)"))
    }
}
