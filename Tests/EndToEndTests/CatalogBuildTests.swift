import AssetKit
import Foundation
import Rendering
import Testing
import TestSupport

/// `assetc build X.xcassets --output OUT` on a catalog made of real apps' sets
/// (Tests/Fixtures/LICENSES.md): names, sizes, pixels against reference renderers, colours,
/// properties and actool's warnings, checked exactly.
@Suite struct CatalogBuildTests {
    /// Every file the fixture catalog gives, with its pixel size.
    static let expectedFiles: [String: [Int]] = [
        "Icons - Test Tube.png": [32, 32], "Icons - Test Tube@2x.png": [64, 64], "Icons - Test Tube@3x.png": [96, 96],
        "flag_at.png": [48, 32], "flag_at@2x.png": [96, 64], "flag_at@3x.png": [144, 96],
        // Sizes not divisible by their scale are kept as they are: the slots are copied, never resampled.
        "img_focus_wordmark.png": [293, 61], "img_focus_wordmark@2x.png": [585, 122], "img_focus_wordmark@3x.png": [877, 183],
        "img_focus_wordmark-dark.png": [293, 66], "img_focus_wordmark-dark@2x.png": [585, 131],
        "img_focus_wordmark-dark@3x.png": [877, 196],
        "fas-ambulance.png": [576, 512], "fas-ambulance@2x.png": [1152, 1024], "fas-ambulance@3x.png": [1728, 1536],
        // 11.25 pt: 11.25, 22.5 and 33.75 px round half away from zero.
        "maki-bus.png": [11, 11], "maki-bus@2x.png": [23, 23], "maki-bus@3x.png": [34, 34],
        "Onboarding/Rocket.png": [320, 320], "Onboarding/Rocket-dark.png": [320, 320],
        "icon-trans.jpg": [64, 64],
        "accountCloudKit.png": [191, 134], "accountCloudKit@2x.png": [382, 268], "accountCloudKit@3x.png": [573, 402],
        "accountCloudKit-dark.png": [191, 134], "accountCloudKit-dark@2x.png": [382, 268],
        "accountCloudKit-dark@3x.png": [573, 402],
        "timelineStar.png": [13, 13], "timelineStar@2x.png": [26, 26], "timelineStar@3x.png": [39, 39],
    ]

    static func build(_ extra: [String] = [], name: String = #function) throws -> (URL, Harness.Run) {
        let work = try Harness.temporaryDirectory(name)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        let run = try Harness.assetc(["build", "Real.xcassets", "--output", "out"] + extra, in: work)
        return (work, run)
    }

    @Test func namesSizesAndWarningsAreExact() throws {
        let (work, run) = try Self.build()
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0, "\(run.stderr)")
        let resources = work.appendingPathComponent("out/Resources")
        #expect(Harness.files(under: resources) == (Self.expectedFiles.keys + ["asset-table.json"]).sorted())
        for (file, size) in Self.expectedFiles {
            let bytes = try Harness.read(resources.appendingPathComponent(file))
            if file.hasSuffix(".jpg") { continue }
            let header = try PNGCodec.readHeader(bytes)
            #expect([header.width, header.height] == size, "\(file)")
            #expect(!header.interlaced, "\(file)")
        }
        // actool's wording, at the slot's line and column in Contents.json.
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init)
        #expect(warnings == [
            "Real.xcassets/CWA/Illu_Europe_Card.imageset/Contents.json:3:5: warning: The file \"Europa_Card_Light.pdf\" for the image set \"Illu_Europe_Card\" does not exist.",
            "Real.xcassets/CWA/Illu_Europe_Card.imageset/Contents.json:7:5: warning: The file \"Europa_Card_Dark.pdf\" for the image set \"Illu_Europe_Card\" does not exist.",
        ])
        let again = try Harness.assetc(["build", "Real.xcassets", "--output", "out"], in: work)
        #expect(again.status == 0)
        #expect(again.stderr.contains("(0 rendered, 30 up to date)"), "\(again.stderr)")
    }

    @Test func theIndexHasCatalogNamesPropertiesAndColours() throws {
        let (work, run) = try Self.build()
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("out/asset-index.json"))) as? [String: Any]
        let main = try #require((object?["bundles"] as? [String: Any])?["main"] as? [String: Any])
        let images = try #require(main["images"] as? [String: [[String: Any]]])
        #expect(images.keys.sorted() == ["Icons - Test Tube", "Onboarding/Rocket", "accountCloudKit", "fas-ambulance",
                                         "flag.at", "icon-trans", "img_focus_wordmark", "maki-bus", "timelineStar"])
        let rocket = try #require(images["Onboarding/Rocket"])
        #expect(rocket.map { $0["file"] as? String } == ["Onboarding/Rocket-dark.png", "Onboarding/Rocket.png"])
        #expect(rocket.map { $0["appearance"] as? String } == ["dark", nil])
        #expect(images["flag.at"]?.first?["file"] as? String == "flag_at.png")
        let properties = try #require(main["catalogImages"] as? [String: [String: Any]])
        #expect(properties["timelineStar"]?["templateRenderingIntent"] as? String == "template")
        #expect(properties["timelineStar"]?["preservesVectorRepresentation"] as? Bool == true)
        #expect(properties["accountCloudKit"]?["templateRenderingIntent"] as? String == "original")
        #expect(properties["flag.at"]?["set"] as? String == "CWA/flag.at.imageset")

        let colors = try #require(main["colors"] as? [String: [[String: Any]]])
        #expect(colors.keys.sorted() == ["Domain/cover", "WidgetBackground", "bazquxColor", "launchScreen-background",
                                         "secondOnboardingScreenText", "sectionHeaderColor", "tileBackground", "vibrantTextColor"])
        func components(_ name: String, _ index: Int = 0) -> [String: Double]? {
            (colors[name]?[index]["components"] as? [String: NSNumber])?.mapValues(\.doubleValue)
        }
        // Decimal "0.200", integers 0–255 ("250") and hexadecimal "0xNN" all come out 0–1.
        #expect(components("bazquxColor") == ["red": 0.2, "green": 0.6, "blue": 0.8, "alpha": 1])
        let launch = try #require(components("launchScreen-background"))
        #expect(abs(launch["blue"]! - 250.0 / 255) < 1e-6 && launch["alpha"] == 1)
        #expect(colors["WidgetBackground"]?[0]["reference"] as? String == "systemBackgroundColor")
        #expect(colors["WidgetBackground"]?[1]["appearance"] as? String == "dark")
        let hexText = try String(contentsOf: work.appendingPathComponent("Real.xcassets/Focus/secondOnboardingScreenText.colorset/Contents.json"), encoding: .utf8)
        #expect(hexText.contains("\"0x"))
        let hex = try #require(components("secondOnboardingScreenText"))
        #expect(hex.values.allSatisfy { (0...1).contains($0) })
    }

    @Test func pixelsMatchTheReferenceRenderers() throws {
        let pdftocairo = try #require(["/usr/bin/pdftocairo"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                      "pdftocairo (poppler-utils) is the PDF reference; `make test` installs it")
        let rsvg = try #require(["/usr/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "rsvg-convert (librsvg2-bin) is the SVG reference; `make test` installs it")
        let (work, run) = try Self.build()
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0, "\(run.stderr)")
        let catalog = work.appendingPathComponent("Real.xcassets")
        let resources = work.appendingPathComponent("out/Resources")
        let vectors: [(file: String, source: String)] = [
            ("accountCloudKit@2x.png", "NetNewsWire/accountCloudKit.imageset/CloudKitAny.pdf"),
            ("accountCloudKit-dark@3x.png", "NetNewsWire/accountCloudKit.imageset/CloudKitDark.pdf"),
            ("timelineStar@2x.png", "NetNewsWire/timelineStar.imageset/star@2x.pdf"),
            ("timelineStar@3x.png", "NetNewsWire/timelineStar.imageset/star.pdf"),
            ("maki-bus@3x.png", "GoMap/maki-bus.imageset/maki-bus.pdf"),
            ("flag_at@2x.png", "CWA/flag.at.imageset/Flags - Austria.pdf"),
            ("fas-ambulance@2x.png", "GoMap/fas-ambulance.imageset/fas-ambulance.svg"),
            ("fas-ambulance.png", "GoMap/fas-ambulance.imageset/fas-ambulance.svg"),
        ]
        for (file, source) in vectors {
            let ours = try PNGCodec.decode(try Harness.read(resources.appendingPathComponent(file))).image
            let prefix = work.appendingPathComponent("ref-\(file)").path
            let sourcePath = catalog.appendingPathComponent(source).path
            if source.hasSuffix(".svg") {
                let result = try Harness.run(rsvg, ["-w", "\(ours.width)", "-h", "\(ours.height)", "-o", prefix + ".png", sourcePath])
                #expect(result.status == 0, "\(result.stderr)")
            } else {
                let result = try Harness.run(pdftocairo, [
                    "-png", "-transp", "-singlefile", "-scale-to-x", "\(ours.width)", "-scale-to-y", "\(ours.height)",
                    "-x", "0", "-y", "0", "-W", "\(ours.width)", "-H", "\(ours.height)", sourcePath, prefix])
                #expect(result.status == 0, "\(result.stderr)")
            }
            let theirs = try PNGCodec.decode(try Harness.read(URL(fileURLWithPath: prefix + ".png"))).image
            try #require(theirs.width == ours.width && theirs.height == ours.height, "\(file)")
            let difference = meanPremultipliedDifference(ours, theirs)
            #expect(difference <= 2, "\(file): mean difference \(difference)/255 from the reference")
        }
        // Per-scale PNG slots: the same pixels, whatever their size; JPEGs: the same bytes.
        let copies: [(String, String)] = [
            ("img_focus_wordmark@3x.png", "Focus/img_focus_wordmark.imageset/ic_logo_wordmark_light_horizontal@3x.png"),
            ("img_focus_wordmark-dark.png", "Focus/img_focus_wordmark.imageset/img_focus_wordmark.png"),
            ("Icons - Test Tube@2x.png", "CWA/Icons - Test Tube.imageset/Icons - Test Tube@2x.png"),
            ("Onboarding/Rocket-dark.png", "HomeAssistant/Onboarding/Rocket.imageset/HAOnboarding_2Dark@2x.png"),
        ]
        for (file, source) in copies {
            let ours = try PNGCodec.decode(try Harness.read(resources.appendingPathComponent(file))).image
            let original = try PNGCodec.decode(try Harness.read(catalog.appendingPathComponent(source))).image
            #expect(ours.width == original.width && ours.height == original.height && ours.pixels == original.pixels, "\(file)")
        }
        #expect(try Harness.read(resources.appendingPathComponent("icon-trans.jpg"))
            == Harness.read(catalog.appendingPathComponent("HomeAssistant/icon-trans.imageset/trans.jpg")))
    }

    @Test func appIconSetsArePickedByName() throws {
        let (work, run) = try Self.build(["--app-icon", "AppIcon"])
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0, "\(run.stderr)")
        let files = Harness.files(under: work.appendingPathComponent("out/Resources"))
        #expect(files.contains("AppIcon60x60@2x.png"), "\(files)")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        #expect(plist.contains("CFBundleIcons"))

        let missing = try Harness.assetc(["build", "Real.xcassets", "--output", "out2", "--app-icon", "Nope"], in: work)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("error: None of the input catalogs contained a matching stickers icon set or app icon set named \"Nope\"."), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out2/Resources").path))
    }

    /// An app icon set's dark and tinted images are not written as loose files yet, but deleting one
    /// still breaks the set for Xcode: `check` fails on it, naming the file; `build` warns as actool does.
    @Test func checkFailsWhenAnIconSetLosesAFileTheBuildSkips() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets/AlternateIcons/green.appiconset"), to: set)
        let art = set.appendingPathComponent("Color=Green_1024pt@1x.png")
        for name in ["dark.png", "tinted.png"] {
            try FileManager.default.copyItem(at: art, to: set.appendingPathComponent(name))
        }
        try CompiledCatalogBuildTests.appearanceIconSet(any: "Color=Green_1024pt@1x.png", dark: "dark.png", tinted: "tinted.png")
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let valid = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon"], in: work)
        #expect(valid.status == 0 && valid.stderr.contains("is valid"), "\(valid.stderr)")

        try FileManager.default.removeItem(at: set.appendingPathComponent("dark.png"))
        let message = "App.xcassets/AppIcon.appiconset/Contents.json:3:"
        let check = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon"], in: work)
        #expect(check.status == 1 && !check.stderr.contains("is valid"), "\(check.stderr)")
        #expect(check.stderr.contains(message) && check.stderr.contains("error: The file \"dark.png\" for the image set \"AppIcon\" does not exist."),
                "\(check.stderr)")
        let build = try Harness.assetc(["build", "App.xcassets", "--app-icon", "AppIcon", "--output", "out"], in: work)
        #expect(build.status == 0 && build.stderr.contains("warning: The file \"dark.png\""), "\(build.stderr)")
        // Without `--app-icon` the set is not used, and still checked: a deleted file, conflict markers.
        let unused = try Harness.assetc(["check", "App.xcassets"], in: work)
        #expect(unused.status == 1 && unused.stderr.contains(message), "\(unused.stderr)")
        let contents = set.appendingPathComponent("Contents.json")
        let original = try String(contentsOf: contents, encoding: .utf8)
        try ("<<<<<<< HEAD\n" + original + "=======\n>>>>>>> feature\n").write(to: contents, atomically: true, encoding: .utf8)
        let conflicted = try Harness.assetc(["check", "App.xcassets"], in: work)
        #expect(conflicted.status == 1 && conflicted.stderr.contains("AppIcon.appiconset/Contents.json:1:1: error: unresolved merge conflict"),
                "\(conflicted.stderr)")
        // A merge that deleted the set's Contents.json: an error where the set is the app icon, a
        // warning that `check` fails on where the build does not use it (Rocket.Chat's image set).
        try FileManager.default.removeItem(at: contents)
        let needed = try Harness.assetc(["build", "App.xcassets", "--app-icon", "AppIcon", "--output", "out"], in: work)
        #expect(needed.status == 1 && needed.stderr.contains("App.xcassets/AppIcon.appiconset: error: the app icon set \"AppIcon\" has no Contents.json"),
                "\(needed.stderr)")
        let left = try Harness.assetc(["build", "App.xcassets", "--output", "out"], in: work)
        #expect(left.status == 0 && left.stderr.contains("App.xcassets/AppIcon.appiconset: warning: the app icon set \"AppIcon\" has no Contents.json; it is left out"),
                "\(left.stderr)")
        #expect(try Harness.assetc(["check", "App.xcassets"], in: work).status == 1)
    }

    /// Two image sets of one name (Rocket.Chat has twelve across its two catalogs): actool's
    /// warning and the first in catalog order wins; `check` fails, since the other set's art is
    /// not in the app.
    @Test func aNameTwoSetsShareIsActoolsWarningAndCheckFails() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        for (catalog, art) in [("A.xcassets", "star-fill.pdf"), ("B.xcassets", "focus-icon@3x.png")] {
            let set = work.appendingPathComponent("\(catalog)/Star.imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/" + art), to: set.appendingPathComponent(art))
            try #"{"images": [{"idiom": "universal", "filename": "\#(art)"}]}"#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        }
        let build = try Harness.assetc(["build", "A.xcassets", "B.xcassets", "--output", "out", "-v"], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("A.xcassets/Star.imageset/Contents.json: note: the set of that name that is kept (the first in catalog order)"),
                "\(build.stderr)")
        #expect(build.stderr.contains("B.xcassets/Star.imageset/Contents.json: warning: The image set name \"Star\" is used by multiple image set instances."),
                "\(build.stderr)")
        let index = try String(contentsOf: work.appendingPathComponent("out/asset-index.json"), encoding: .utf8)
        #expect(index.contains("star-fill.pdf") && !index.contains("focus-icon"), "the first catalog's set wins")
        let check = try Harness.assetc(["check", "A.xcassets", "B.xcassets"], in: work)
        #expect(check.status == 1 && check.stderr.contains("error: The image set name \"Star\" is used by multiple"), "\(check.stderr)")
    }

    /// Xcode's template AccentColor has no colour: the Info.plist still names it (the app asks
    /// for it, as actool's key does), and a note says the system's colour is what the app gets.
    @Test func anEmptyAccentColourIsNoted() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/AccentColor.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try #"{"colors": [{"idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "App.xcassets", "--accent-color", "AccentColor", "--car", "--output", "out", "-v"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: the colour set \"AccentColor\" has no colour"), "\(run.stderr)")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        #expect(plist.contains("<key>NSAccentColorName</key>"), "\(plist)")
    }

    @Test func werrorFailsOnAMissingFileBeforeWriting() throws {
        let (work, run) = try Self.build(["--werror"])
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: The file \"Europa_Card_Light.pdf\"") || run.stderr.contains("warning: The file \"Europa_Card_Light.pdf\""))
        #expect(run.stderr.contains("warnings treated as errors"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources").path))
    }

    @Test func aManifestMixesImagesAndACatalogInABundleIncrementally() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        let manifest = """
        {"version": 1, "output": "out", "bundles": [{"name": "Media", "path": "Media.bundle"}],
         "catalogs": [{"path": "Real.xcassets", "bundle": "Media", "scales": [2]}],
         "images": [{"name": "Star", "source": "art/star-fill.pdf"}]}
        """
        try manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let first = try Harness.assetc(["build", "assets.json", "--depfile", "deps.d"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        let files = Harness.files(under: work.appendingPathComponent("out/Resources"))
        #expect(files.contains("Star@2x.png") && files.contains("Media.bundle/maki-bus@2x.png")
                && files.contains("Media.bundle/Onboarding/Rocket.png") && !files.contains("Media.bundle/maki-bus@3x.png"), "\(files)")
        let deps = try String(contentsOf: work.appendingPathComponent("deps.d"), encoding: .utf8)
        #expect(deps.contains("Real.xcassets/GoMap/maki-bus.imageset/Contents.json"), "\(deps)")
        #expect(deps.contains("Real.xcassets/GoMap/maki-bus.imageset/maki-bus.pdf"), "\(deps)")

        // Replacing one slot's file re-renders only that image's variants (its 1x slot and the 2x drawn from it).
        let bus = work.appendingPathComponent("Real.xcassets/GoMap/maki-bus.imageset/maki-bus.pdf")
        try FileManager.default.removeItem(at: bus)
        try FileManager.default.copyItem(at: work.appendingPathComponent("art/star-fill.pdf"), to: bus)
        let second = try Harness.assetc(["build", "assets.json"], in: work)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("(2 rendered, 21 up to date)"), "\(second.stderr)")  // maki-bus.png and its @2x
    }

    @Test func otherAppIconSetsBecomeAlternateIcons() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        for name in ["Real.xcassets", "Alternates.xcassets"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/" + name),
                                             to: work.appendingPathComponent(name))
        }
        let run = try Harness.assetc(["build", "Real.xcassets", "Alternates.xcassets", "--output", "out",
                                      "--app-icon", "AppIcon", "--alternate-app-icons"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let files = Harness.files(under: work.appendingPathComponent("out/Resources"))
        for name in ["green60x60@2x.png", "green60x60@3x.png", "orange76x76@2x~ipad.png", "orange83.5x83.5@2x~ipad.png"] {
            #expect(files.contains(name), "\(name) in \(files)")
        }
        #expect(!files.contains { $0.hasPrefix("green1024") }, "only the primary icon has an App Store icon")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        let compact = plist.filter { !$0.isWhitespace }
        #expect(compact.contains("<key>CFBundleAlternateIcons</key><dict><key>green</key><dict><key>CFBundleIconFiles</key><array><string>green20x20</string><string>green29x29</string><string>green40x40</string><string>green60x60</string></array></dict><key>orange</key>"), "\(plist)")
        #expect(compact.contains("<string>orange76x76</string><string>orange83.5x83.5</string>"), "\(plist)")
        let index = try String(contentsOf: work.appendingPathComponent("out/asset-index.json"), encoding: .utf8)
        #expect(index.contains("\"role\": \"alternate-app-icon\""))

        let orphan = try Harness.assetc(["build", "Alternates.xcassets", "--output", "out2", "--alternate-app-icons"], in: work)
        #expect(orphan.status == 1)
        #expect(orphan.stderr.contains("--alternate-app-icons needs the primary icon set named with --app-icon"), "\(orphan.stderr)")
    }

    /// `--alternate-app-icon NAME` (actool's flag, repeatable): only the sets named; a name no set
    /// has is actool's error with the closest set suggested. `--deployment-target` and `--devices`
    /// replace the iOS 7, every-device default of a build without a manifest.
    @Test func alternateIconsByNameDevicesAndTarget() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        for name in ["Real.xcassets", "Alternates.xcassets"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/" + name),
                                             to: work.appendingPathComponent(name))
        }
        let run = try Harness.assetc(["build", "Real.xcassets", "Alternates.xcassets", "--output", "out", "--app-icon", "AppIcon",
                                      "--alternate-app-icon", "green", "--deployment-target", "15.0", "--devices", "iphone"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let files = Harness.files(under: work.appendingPathComponent("out/Resources"))
        #expect(files.contains("green60x60@2x.png"), "\(files)")
        #expect(!files.contains { $0.hasPrefix("orange") }, "only the set named: \(files)")
        #expect(!files.contains { $0.hasSuffix("~ipad.png") }, "iPhone only: \(files)")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        #expect(!plist.contains("CFBundleIcons~ipad"))

        let typo = try Harness.assetc(["build", "Alternates.xcassets", "--output", "out2", "--alternate-app-icon", "gren"], in: work)
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("error: None of the input catalogs contained a matching stickers icon set or app icon set named \"gren\"."), "\(typo.stderr)")
        #expect(typo.stderr.contains("note: did you mean \"green\"?"), "\(typo.stderr)")

        // A name that differs from its set's in case only is that set, as actool finds it on a
        // Mac (DuckDuckGo's `AppIcon-Yellow` for the set `AppIcon-yellow`): a warning, and the
        // Info.plist lists it under the name asked for, the car under the set's.
        let cased = try Harness.assetc(["build", "Alternates.xcassets", "--output", "out3", "--app-icon", "orange", "--alternate-app-icon", "Green",
                                        "--car", "--devices", "iphone"], in: work)
        #expect(cased.status == 0, "\(cased.stderr)")
        #expect(cased.stderr.contains("warning: the alternate icon \"Green\" is the icon set \"green\": the names differ in case"), "\(cased.stderr)")
        let casedPlist = try String(contentsOf: work.appendingPathComponent("out3/partial-Info.plist"), encoding: .utf8).filter { !$0.isWhitespace }
        #expect(casedPlist.contains("<key>Green</key><dict><key>CFBundleIconFiles</key><array><string>green60x60</string></array><key>CFBundleIconName</key><string>green</string></dict>"),
                "\(casedPlist)")
        let casedCar = try CARReader(try Harness.read(work.appendingPathComponent("out3/Resources/Assets.car")))
        #expect(casedCar.facets["green"] != nil && casedCar.facets["Green"] == nil)
        // Both spellings at once: the set once, with a warning, not "no such set".
        let twice = try Harness.assetc(["build", "Alternates.xcassets", "--output", "out4", "--app-icon", "orange",
                                        "--alternate-app-icon", "green", "--alternate-app-icon", "GREEN"], in: work)
        #expect(twice.status == 0 && twice.stderr.contains("the alternate icon \"GREEN\" is the icon set \"green\", which is named already"),
                "\(twice.stderr)")
    }

    /// An app icon set inside a group that provides a namespace has the qualified name actool gives
    /// it (`AlternateIcons/green`); its folder name alone still finds it when no set has that
    /// qualified name.
    /// An alternate icon set that does not validate is left out with a warning naming the file at
    /// fault, not only the set (Meshtastic's `AppIcon_Ham` holds a JPEG).
    @Test func aRejectedAlternateNamesItsFile() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Alternates.xcassets")
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets"), to: catalog)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + [UInt8](repeating: 0, count: 64))
            .write(to: catalog.appendingPathComponent("AlternateIcons/green.appiconset/Color=Green_1024pt@1x.png"))
        let run = try Harness.assetc(["build", "Alternates.xcassets", "--output", "out", "--app-icon", "orange", "--alternate-app-icons"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("green.appiconset: warning: the app icon set \"green\" is not packaged as an alternate icon: "
            + "Color=Green_1024pt@1x.png: not a PNG file: it holds JPEG data"), "\(run.stderr)")
    }

    @Test func aNamespacedAppIconSetIsPickedByItsQualifiedName() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Alternates.xcassets")
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets"), to: catalog)
        try #"{"info": {"author": "xcode", "version": 1}, "properties": {"provides-namespace": true}}"#
            .write(to: catalog.appendingPathComponent("AlternateIcons/Contents.json"), atomically: true, encoding: .utf8)
        for (name, output) in [("AlternateIcons/green", "qualified"), ("green", "bare")] {
            let run = try Harness.assetc(["build", "Alternates.xcassets", "--output", output, "--app-icon", name], in: work)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let files = Harness.files(under: work.appendingPathComponent(output + "/Resources"))
            #expect(files.contains("green60x60@2x.png"), "\(name): the files are named after the set's folder: \(files)")
        }
        let wrong = try Harness.assetc(["build", "Alternates.xcassets", "--output", "wrong", "--app-icon", "Other/green"], in: work)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("None of the input catalogs contained a matching stickers icon set or app icon set named \"Other/green\"."), "\(wrong.stderr)")
    }

    @Test func launchImageSetsArePickedByName() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Launch.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("sets/LaunchImage.launchimage"),
                                         to: catalog.appendingPathComponent("LaunchImage.launchimage"))
        let run = try Harness.assetc(["build", "Launch.xcassets", "--output", "out", "--launch-image", "LaunchImage"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let files = Harness.files(under: work.appendingPathComponent("out/Resources"))
        #expect(files.contains("LaunchImage-568h@2x.png"), "\(files)")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        #expect(plist.contains("<string>LaunchImage-568h</string>"), "\(plist)")

        let missing = try Harness.assetc(["check", "Launch.xcassets", "--launch-image", "Splash"], in: work)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("error: None of the input catalogs contained a matching launch image set named \"Splash\"."), "\(missing.stderr)")
    }
}
