import TestSupport
import Testing
@testable import AssetModel
@testable import Planning
@testable import Output

private func png(_ size: Int, interlaced: Bool = false) -> SourceInfo {
    .png(width: size, height: size, scale: 1, interlaced: interlaced)
}

private func png(_ width: Int, _ height: Int) -> SourceInfo {
    .png(width: width, height: height, scale: 1, interlaced: false)
}

private func failure(_ result: Result<BuildPlan, InputError>) -> [String] {
    if case .failure(let failure) = result { return failure.diagnostics.map(\.description) }
    return []
}

@Suite struct IconPlanningTests {
    @Test func generatesEverySlotForTheDevicesAndTarget() throws {
        let modern = try plan(#"{"version": 1, "devices": ["iphone"], "appIcon": {"source": "icon.pdf"}}"#,
                              ["icon.pdf": pdf(512, 512)]).get()
        #expect(modern.variants.map(\.outputPath) == [
            "Resources/AppIcon60x60@2x.png", "Resources/AppIcon60x60@3x.png", "Resources/AppIcon40x40@2x.png",
            "Resources/AppIcon40x40@3x.png", "Resources/AppIcon29x29@2x.png", "Resources/AppIcon29x29@3x.png",
            "Resources/AppIcon20x20@2x.png", "Resources/AppIcon20x20@3x.png", "AppStore/AppIcon1024x1024.png",
        ])
        #expect(modern.variants.allSatisfy { $0.background == .white && $0.pixelWidth == $0.pixelHeight })
        let legacy = try plan(##"{"version": 1, "deploymentTarget": "6.0", "appIcon": {"source": "icon.pdf", "name": "Icon", "background": "#102030", "artwork": true}}"##,
                              ["icon.pdf": pdf(512, 512)]).get()
        let paths = legacy.variants.map(\.outputPath)
        for expected in ["Resources/Icon57x57.png", "Resources/Icon57x57@2x.png", "Resources/Icon72x72~ipad.png",
                         "Resources/Icon72x72@2x~ipad.png", "Resources/Icon50x50~ipad.png", "Resources/Icon83.5x83.5@2x~ipad.png",
                         "Resources/iTunesArtwork", "Resources/iTunesArtwork@2x", "AppStore/Icon1024x1024.png"] {
            #expect(paths.contains(expected), "\(expected) missing")
        }
        #expect(legacy.variants.first?.background == RGBAColor(red: 0x10, green: 0x20, blue: 0x30))
    }

    @Test func warnsWhenTransparentArtHasNoBackground() throws {
        var inspector = TableInspector(sources: ["icon.pdf": pdf(100, 100)])
        inspector.translucent = ["icon.pdf"]
        let result = try plan(#"{"version": 1, "appIcon": {"source": "icon.pdf"}}"#, inspector).get()
        #expect(result.warnings.contains { $0.message.contains("transparent pixels; they are composited onto white") })
        let explicit = try plan(##"{"version": 1, "appIcon": {"source": "icon.pdf", "background": "#000000"}}"##, inspector).get()
        #expect(explicit.warnings.isEmpty)
    }

    @Test(arguments: [
        (#"{"version": 1, "appIcon": {"source": "wide.pdf"}}"#, "must be square"),
        (#"{"version": 1, "appIcon": {"source": "small.png"}}"#, "at least 1024x1024"),
        (#"{"version": 1, "appIcon": {"source": "tall.png"}}"#, "must be square"),
        (#"{"version": 1, "appIcon": {"source": "icon.pdf", "appiconset": "A.appiconset"}}"#, "only one of"),
        (#"{"version": 1, "appIcon": {"name": "X"}}"#, "needs one of"),
        (##"{"version": 1, "appIcon": {"source": "icon.pdf", "background": "#FFFFFF80"}}"##, "must be opaque"),
        (#"{"version": 1, "appIcon": {"source": "icon.pdf", "background": "white"}}"#, "is not a colour"),
        (#"{"version": 1, "deploymentTarget": "six", "appIcon": {"source": "icon.pdf"}}"#, "not an iOS version"),
    ])
    func refusesBadIconSources(text: String, message: String) {
        let found = failure(plan(text, ["wide.pdf": pdf(200, 100), "small.png": png(512), "tall.png": png(1024, 2048),
                                        "icon.pdf": pdf(10, 10)]))
        #expect(found.contains { $0.contains(message) }, "\(found)")
    }

    private let set = "Icons/AppIcon.appiconset"

    private func contents(_ entries: [String]) -> String {
        #"{"images": [\#(entries.joined(separator: ",\n"))], "info": {"author": "xcode", "version": 1}}"#
    }

    private func iphoneSet(_ extra: [String] = [], files: [String: SourceInfo] = [:]) -> TableInspector {
        var sources: [String: SourceInfo] = [
            "\(set)/icon120.png": png(120), "\(set)/icon180.png": png(180), "\(set)/icon1024.png": png(1024),
        ]
        sources.merge(files) { $1 }
        return TableInspector(sources: sources, texts: ["\(set)/Contents.json": contents([
            #"{"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "icon120.png"}"#,
            #"{"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon180.png"}"#,
            #"{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "icon1024.png"}"#,
        ] + extra)])
    }

    private let iphoneManifest = #"{"version": 1, "devices": ["iphone"], "appIcon": {"appiconset": "Icons/AppIcon.appiconset"}}"#

    @Test func packagesAValidSetUnderLooseNames() throws {
        let result = try plan(iphoneManifest, iphoneSet()).get()
        #expect(result.variants.map(\.outputPath) == ["Resources/AppIcon60x60@2x.png", "Resources/AppIcon60x60@3x.png",
                                                       "AppStore/AppIcon1024x1024.png"])
        #expect(result.variants[0].source.path == "\(set)/icon120.png")
    }

    @Test func wrongSizeUsesActoolsWording() {
        let found = failure(plan(iphoneManifest, iphoneSet(files: ["\(set)/icon120.png": png(114)])))
        // The App Store Connect rejection it prevents is named before actool's wording.
        #expect(found.contains("\(set)/icon120.png: error: [ITMS-90022] AppIcon.appiconset/icon120.png is 114x114 but should be 120x120."), "\(found)")
    }

    /// A required slot that is empty, missing its file or the wrong size fails the build. For a
    /// recommended or optional slot the same problems are warnings and the slot stays empty, as actool
    /// has them (`The file "…" for the image set "…" does not exist.`, `… is 58x48 but should be 58x58.`).
    @Test func requiredSlotProblemsAreErrorsOptionalSlotProblemsAreWarnings() throws {
        let noRequired = TableInspector(sources: ["\(set)/icon180.png": png(180)], texts: ["\(set)/Contents.json": contents([
            #"{"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon180.png"}"#,
        ])])
        #expect(failure(plan(iphoneManifest, noRequired)).contains {
            $0.contains("AppIcon.appiconset has no image for the required iPhone app 60x60@2x slot (120x120 px)")
        })
        let absentRequired = TableInspector(sources: ["\(set)/icon180.png": png(180)], texts: ["\(set)/Contents.json": contents([
            #"{"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "gone.png"}"#,
            #"{"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon180.png"}"#,
        ])])
        let absentErrors = failure(plan(iphoneManifest, absentRequired))
        #expect(absentErrors.contains { $0.hasSuffix("\(set)/gone.png: error: [ITMS-90022] The file \"gone.png\" for the image set \"AppIcon\" does not exist.") },
                "\(absentErrors)")
        #expect(!absentErrors.contains { $0.contains("has no image for the required") }, "one error per slot: \(absentErrors)")

        let absent = iphoneSet([#"{"idiom": "iphone", "size": "40x40", "scale": "2x", "filename": "gone.png"}"#])
        let absentResult = try plan(iphoneManifest, absent).get()
        #expect(absentResult.warnings.contains {
            $0.severity == .warning && $0.dropsContent
                && $0.message == "The file \"gone.png\" for the image set \"AppIcon\" does not exist."
        })
        #expect(absentResult.variants.count == 3)
        let wrong = iphoneSet([#"{"idiom": "iphone", "size": "40x40", "scale": "2x", "filename": "icon78.png"}"#],
                              files: ["\(set)/icon78.png": png(78)])
        let wrongResult = try plan(iphoneManifest, wrong).get()
        #expect(wrongResult.warnings.contains {
            $0.severity == .warning && $0.dropsContent && $0.message == "AppIcon.appiconset/icon78.png is 78x78 but should be 80x80."
        })
        #expect(!wrongResult.variants.contains { $0.source.path.hasSuffix("icon78.png") })
        let empty = iphoneSet([#"{"idiom": "iphone", "size": "40x40", "scale": "2x"}"#])
        let result = try plan(iphoneManifest, empty).get()
        #expect(result.warnings.contains { $0.severity == .warning && $0.message.contains("iPhone spotlight 40x40@2x slot (80x80 px) is empty") })
        let emptyRequired = TableInspector(sources: ["\(set)/icon180.png": png(180)], texts: ["\(set)/Contents.json": contents([
            #"{"idiom": "iphone", "size": "60x60", "scale": "2x"}"#,
            #"{"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon180.png"}"#,
        ])])
        let emptyErrors = failure(plan(iphoneManifest, emptyRequired))
        #expect(emptyErrors.filter { $0.contains("iPhone app 60x60@2x slot") }.count == 1, "\(emptyErrors)")
        #expect(emptyErrors.contains { $0.contains("the required iPhone app 60x60@2x slot (120x120 px) is empty") })
    }

    /// A set with nothing for this build (every slot empty, or only Mac or watch slots) gets actool's
    /// one error, not one per empty slot.
    @Test func aSetWithNothingApplicableGetsActoolsOneError() {
        for entries in [[#"{"idiom": "iphone", "size": "60x60", "scale": "2x"}"#, #"{"idiom": "iphone", "size": "60x60", "scale": "3x"}"#],
                        [#"{"idiom": "mac", "size": "16x16", "scale": "1x", "filename": "mac16.png"}"#]] {
            let inspector = TableInspector(sources: ["\(set)/mac16.png": png(16)], texts: ["\(set)/Contents.json": contents(entries)])
            let errors = failure(plan(iphoneManifest, inspector)).filter { $0.contains(": error: ") }
            #expect(errors == ["\(set)/Contents.json: error: The stickers icon set or app icon set named \"AppIcon\" did not have any applicable content."],
                    "\(errors)")
        }
    }

    /// Files in a set folder that no entry names get actool's warning, for app icon and launch image
    /// sets as for image sets.
    @Test func unassignedChildrenOfIconAndLaunchSetsAreWarned() throws {
        let one = iphoneSet(files: ["\(set)/stray.png": png(120)])
        #expect(try plan(iphoneManifest, one).get().warnings.contains {
            $0.severity == .warning && $0.message == "The app icon set \"AppIcon\" has an unassigned child."
        })
        #expect(try !plan(iphoneManifest, iphoneSet()).get().warnings.contains { $0.message.contains("unassigned") })
        let launch = "L.launchimage"
        let inspector = TableInspector(
            sources: ["\(launch)/a.png": png(640, 960), "\(launch)/old.png": png(640, 960), "\(launch)/older.png": png(640, 960)],
            texts: ["\(launch)/Contents.json": #"""
            {"images": [{"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "2x", "filename": "a.png"}]}
            """#])
        #expect(try plan(#"{"version": 1, "launchImage": {"launchimage": "L.launchimage"}}"#, inspector).get().warnings.contains {
            $0.severity == .warning && $0.message == "The launch image set \"L\" has 2 unassigned children."
        })
    }

    @Test func interlacedIconsAndTranslucentAppStoreIconsAreErrors() {
        let interlaced = iphoneSet(files: ["\(set)/icon180.png": png(180, interlaced: true)])
        #expect(failure(plan(iphoneManifest, interlaced)).contains { $0.contains("icon180.png is an interlaced PNG") })
        var translucent = iphoneSet()
        translucent.translucent = ["\(set)/icon1024.png"]
        #expect(failure(plan(iphoneManifest, translucent)).contains { $0.contains("ITMS-90717") })
    }

    @Test func slotsThatDoNotApplyAreNotedAndSkipped() throws {
        let inspector = iphoneSet([
            #"{"idiom": "mac", "size": "16x16", "scale": "1x", "filename": "mac16.png"}"#,
            #"{"idiom": "iphone", "size": "57x57", "scale": "1x", "filename": "wrong-size-but-ios6.png"}"#,
            #"{"idiom": "ipad", "size": "76x76", "scale": "1x", "filename": "ipad.png"}"#,
            #"{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "dark.png", "appearances": [{"appearance": "luminosity", "value": "dark"}]}"#,
        ], files: ["\(set)/wrong-size-but-ios6.png": png(50)])
        let result = try plan(iphoneManifest, inspector).get()
        let notes = result.warnings.filter { $0.severity == .note }.map(\.message)
        #expect(notes.contains { $0.contains("idiom 'mac' does not apply") })
        #expect(notes.contains { $0.contains("iPhone app 57x57@1x slot is not used by this build") })
        #expect(notes.contains { $0.contains("iPad app 76x76@1x slot is not used") })
        #expect(notes.contains { $0.contains("dark app icons are only in Assets.car") })
        #expect(result.variants.count == 3)
    }

    /// A slot this build skips (dark icon, Mac, iPad on an iPhone build, launch image of another idiom)
    /// whose file was deleted still breaks the catalog for Xcode: actool's warning, marked as dropping
    /// content so `check` fails. A skipped slot whose file is there says nothing more than its note.
    @Test func aSkippedSlotsMissingFileIsStillSaid() throws {
        let inspector = iphoneSet([
            #"{"idiom": "mac", "size": "16x16", "scale": "1x", "filename": "mac16.png"}"#,
            #"{"idiom": "ipad", "size": "76x76", "scale": "2x", "filename": "ipad152.png"}"#,
            #"{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "dark.png", "appearances": [{"appearance": "luminosity", "value": "dark"}]}"#,
            #"{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "tinted.png", "appearances": [{"appearance": "luminosity", "value": "tinted"}]}"#,
            #"{"idiom": "watch", "size": "24x24", "scale": "2x", "role": "notificationCenter", "filename": "watch48.png"}"#,
        ], files: ["\(set)/tinted.png": png(1024), "\(set)/watch48.png": png(48)])
        let result = try plan(iphoneManifest, inspector).get()
        let missing = result.warnings.filter { $0.message.hasSuffix("does not exist.") }
        #expect(missing.map(\.message) == ["mac16.png", "ipad152.png", "dark.png"].map {
            "The file \"\($0)\" for the image set \"AppIcon\" does not exist."
        })
        #expect(missing.allSatisfy { $0.severity == .warning && $0.dropsContent && $0.path.hasSuffix("Contents.json") })
        #expect(result.variants.count == 3)

        let launch = "L.launchimage"
        let launchSet = TableInspector(sources: ["\(launch)/a.png": png(640, 960)], texts: ["\(launch)/Contents.json": #"""
            {"images": [
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "2x", "filename": "a.png"},
              {"orientation": "portrait", "idiom": "ipad", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "2x", "filename": "ipad.png"},
              {"orientation": "portrait", "idiom": "tv", "extent": "full-screen", "minimum-system-version": "9.0", "scale": "1x", "filename": "tv.png"}
            ]}
            """#])
        let launchResult = try plan(#"{"version": 1, "devices": ["iphone"], "launchImage": {"launchimage": "L.launchimage"}}"#, launchSet).get()
        #expect(launchResult.warnings.filter { $0.dropsContent }.map(\.message) == ["ipad.png", "tv.png"].map {
            "The file \"\($0)\" for the image set \"L\" does not exist."
        })
    }

    @Test func aSingleUniversal1024ImageIsExpandedToEverySlot() throws {
        let inspector = TableInspector(sources: ["\(set)/big.png": png(1024)], texts: ["\(set)/Contents.json": contents([
            #"{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "big.png"}"#,
        ])])
        let result = try plan(#"{"version": 1, "appIcon": {"appiconset": "Icons/AppIcon.appiconset"}}"#, inspector).get()
        #expect(result.variants.count == IconPlanner.applicableSlots(for: BuildRequest(try decodeManifest(#"{"version": 1}"#).get().manifest)).count)
        #expect(result.variants.contains { $0.outputPath == "Resources/AppIcon83.5x83.5@2x~ipad.png" && $0.pixelWidth == 167 })
        #expect(result.variants.allSatisfy { $0.source.path == "\(set)/big.png" })
    }

    /// Xcode 14's "All Sizes" set: each universal point size and scale is the designer's own file for
    /// the iPhone and iPad slots of that size, checked against the slot's pixels; the sizes it leaves
    /// empty, and slots whose file is the wrong size, come from the 1024 image; sizes the device
    /// table has no slot for are noted.
    @Test func anAllSizesSetUsesEachSizesOwnFile() throws {
        var sources: [String: SourceInfo] = ["\(set)/big.png": png(1024)]
        var entries = [#"{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "big.png"}"#]
        for (points, scale, pixels) in [("20", 2, 40), ("20", 3, 60), ("29", 2, 58), ("38", 2, 76), ("40", 3, 120),
                                        ("60", 2, 120), ("60", 3, 170), ("76", 2, 152), ("83.5", 2, 167)] {
            let file = "icon-\(points)@\(scale)x.png"
            sources["\(set)/\(file)"] = png(pixels)
            entries.append(#"{"idiom": "universal", "platform": "ios", "size": "\#(points)x\#(points)", "scale": "\#(scale)x", "filename": "\#(file)"}"#)
        }
        entries.append(#"{"idiom": "universal", "platform": "ios", "size": "40x40", "scale": "2x"}"#)
        let inspector = TableInspector(sources: sources, texts: ["\(set)/Contents.json": contents(entries)])
        let manifest = #"{"version": 1, "devices": ["iphone", "ipad"], "deploymentTarget": "15.0", "appIcon": {"appiconset": "Icons/AppIcon.appiconset"}}"#
        let result = try plan(manifest, inspector).get()
        func source(_ output: String) -> String? {
            result.variants.first { $0.outputPath == output }?.source.path.replacingOccurrences(of: set + "/", with: "")
        }
        #expect(source("Resources/AppIcon60x60@2x.png") == "icon-60@2x.png")
        #expect(source("Resources/AppIcon76x76@2x~ipad.png") == "icon-76@2x.png")
        #expect(source("Resources/AppIcon83.5x83.5@2x~ipad.png") == "icon-83.5@2x.png")
        // 20 pt @2x is both the iPhone and the iPad notification icon.
        #expect(source("Resources/AppIcon20x20@2x.png") == "icon-20@2x.png")
        #expect(source("Resources/AppIcon20x20@2x~ipad.png") == "icon-20@2x.png")
        #expect(source("Resources/AppIcon40x40@3x.png") == "icon-40@3x.png")
        // Empty (40 @2x), wrong size (60 @3x: 170 px), or no such size in the set (76 @1x): the 1024.
        #expect(source("Resources/AppIcon40x40@2x.png") == "big.png")
        #expect(source("Resources/AppIcon60x60@3x.png") == "big.png")
        #expect(source("Resources/AppIcon76x76~ipad.png") == "big.png")
        #expect(source("AppStore/AppIcon1024x1024.png") == "big.png")
        #expect(result.variants.count == IconPlanner.applicableSlots(for: BuildRequest(try decodeManifest(manifest).get().manifest)).count)
        #expect(result.warnings.contains {
            $0.severity == .warning && $0.dropsContent && $0.message == "AppIcon.appiconset/icon-60@3x.png is 170x170 but should be 180x180."
        })
        #expect(result.warnings.contains { $0.severity == .note && $0.message.contains("universal 38x38@2x is not a slot in assetc's device table") })
        #expect(!result.warnings.contains { $0.message.contains("does not apply to an iOS build") })

        // Without the 1024 image, a required size must be there: the 1x iPad icon only while the app
        // runs on iOS 9 (no iPad without a Retina display runs iOS 10; zulip-flutter ships without it).
        let noLarge = TableInspector(sources: sources, texts: ["\(set)/Contents.json": contents(Array(entries.dropFirst()))])
        #expect(failure(plan(manifest, noLarge)).isEmpty)
        let errors = failure(plan(manifest.replacingOccurrences(of: "\"15.0\"", with: "\"9.0\""), noLarge))
        #expect(errors.contains { $0.contains("has no image for the required iPad app 76x76@1x slot") }, "\(errors)")
        #expect(!errors.contains { $0.contains("iPhone app 60x60@2x") }, "\(errors)")
    }

    @Test func brokenContentsJSONNamesTheFileLineAndColumn() {
        let contents = MarkedText("{\n  \"images\": [\n    {\"idiom\": 1️⃣}\n")
        let inspector = TableInspector(sources: [:], texts: ["\(set)/Contents.json": contents.text])
        let found = failure(plan(iphoneManifest, inspector))
        #expect(found.first == "\(set)/Contents.json:\(contents.position("1️⃣")): error: invalid JSON: unexpected character '}'; expected a value",
                "\(found)")
        let missing = failure(plan(iphoneManifest, TableInspector(sources: [:])))
        #expect(missing.first?.hasPrefix("\(set)/Contents.json: error: cannot read file") == true)
    }
}

@Suite struct LaunchImagePlanningTests {
    @Test func generatesEveryApplicableSlotWithSchemes() throws {
        let text = #"{"version": 1, "launchImage": {"source": "launch.pdf", "orientations": ["portrait", "landscape"], "schemes": ["myscheme"]}}"#
        let result = try plan(text, ["launch.pdf": pdf(375, 667)]).get()
        #expect(result.variants.map { "\($0.relativePath) \($0.pixelWidth)x\($0.pixelHeight)" } == [
            "Default.png 320x480", "Default@2x.png 640x960", "Default-568h@2x.png 640x1136", "Default-667h@2x.png 750x1334",
            "Default-736h@3x.png 1242x2208", "Default-Landscape-736h@3x.png 2208x1242", "Default-2436h@3x.png 1125x2436",
            "Default-Landscape-2436h@3x.png 2436x1125", "Default-1792h@2x.png 828x1792", "Default-Landscape-1792h@2x.png 1792x828",
            "Default-2688h@3x.png 1242x2688", "Default-Landscape-2688h@3x.png 2688x1242",
            "Default-Portrait~ipad.png 768x1024", "Default-Portrait@2x~ipad.png 1536x2048",
            "Default-Landscape~ipad.png 1024x768", "Default-Landscape@2x~ipad.png 2048x1536",
            "Default-myscheme.png 320x480", "Default-myscheme@2x.png 640x960",
            "Default-myscheme-Portrait~ipad.png 768x1024", "Default-myscheme-Portrait@2x~ipad.png 1536x2048",
            "Default-myscheme-Landscape~ipad.png 1024x768", "Default-myscheme-Landscape@2x~ipad.png 2048x1536",
        ])
        // fill is the default: every launch image is covered edge to edge.
        #expect(result.variants.allSatisfy { $0.placement.covers(content: $0.contentSize, width: $0.pixelWidth, height: $0.pixelHeight) })
        let phonePortrait = try plan(#"{"version": 1, "devices": ["iphone"], "launchImage": {"source": "l.pdf", "basename": "Splash"}}"#,
                                     ["l.pdf": pdf(320, 480)]).get()
        #expect(phonePortrait.variants.map(\.relativePath) == [
            "Splash.png", "Splash@2x.png", "Splash-568h@2x.png", "Splash-667h@2x.png", "Splash-736h@3x.png", "Splash-2436h@3x.png",
            "Splash-1792h@2x.png", "Splash-2688h@3x.png",
        ])
    }

    @Test func parsesLegacyFileNames() throws {
        let cases: [(String, Idiom, Orientation, LaunchSubtype?, Int)] = [
            ("Default.png", .iphone, .portrait, nil, 1), ("Default@2x.png", .iphone, .portrait, nil, 2),
            ("Default-568h@2x.png", .iphone, .portrait, .h568, 2), ("Default-Landscape-736h@3x.png", .iphone, .landscape, .h736, 3),
            ("Default-Portrait@2x~ipad.png", .ipad, .portrait, nil, 2), ("Default-Landscape~ipad.png", .ipad, .landscape, nil, 1),
            ("Default-Portrait.png", .ipad, .portrait, nil, 1),
        ]
        for (name, idiom, orientation, subtype, scale) in cases {
            let parsed = try #require(LaunchImagePlanner.parseLaunchFileName(name), "\(name)")
            #expect(parsed.idiom == idiom && parsed.orientation == orientation && parsed.subtype == subtype && parsed.scale == scale, "\(name)")
        }
        #expect(LaunchImagePlanner.parseLaunchFileName("Default.jpg") == nil)
    }

    @Test func statusBarExcludedSizesAreAcceptedOnlyBelowIOS7() throws {
        let sources: [String: SourceInfo] = ["l/Default.png": png(320, 460), "l/Default-Portrait~ipad.png": png(768, 1004)]
        let legacy = #"{"version": 1, "deploymentTarget": "6.0", "launchImage": {"files": ["l/Default.png", "l/Default-Portrait~ipad.png"]}}"#
        let result = try plan(legacy, sources).get()
        #expect(result.variants.map(\.relativePath) == ["Default.png", "Default-Portrait~ipad.png"])
        let modern = #"{"version": 1, "deploymentTarget": "7.0", "launchImage": {"files": ["l/Default.png"]}}"#
        #expect(failure(plan(modern, sources)).contains { $0.contains("status-bar-excluded launch image (320x460)") && $0.contains("deployment target 7.0") })
    }

    @Test func wrongSizesAndOversizedImagesAreErrors() {
        let sources: [String: SourceInfo] = ["l/Default-568h@2x.png": png(640, 1138), "l/Default@2x.png": png(640, 960)]
        let text = #"{"version": 1, "launchImage": {"files": ["l/Default-568h@2x.png", "l/Default@2x.png"]}}"#
        #expect(failure(plan(text, sources)).contains { $0.hasSuffix("l/Default-568h@2x.png is 640x1138 but should be 640x1136.") })
        #expect(failure(plan(#"{"version": 1, "launchImage": {"files": ["l/Splash.gif"]}}"#, [:])).contains { $0.contains("not a launch image name") })
    }

    @Test func validatesXcodeLaunchImageSets() throws {
        let set = "L.launchimage"
        let inspector = TableInspector(
            sources: ["\(set)/a.png": png(640, 960), "\(set)/b.png": png(640, 1136), "\(set)/c.png": png(1536, 2048)],
            texts: ["\(set)/Contents.json": #"""
            {"images": [
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "2x", "filename": "a.png"},
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "subtype": "retina4", "scale": "2x", "filename": "b.png"},
              {"orientation": "portrait", "idiom": "ipad", "extent": "full-screen", "scale": "2x", "filename": "c.png"},
              {"orientation": "portrait", "idiom": "ipad", "extent": "full-screen", "subtype": "1366h", "scale": "2x"},
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "scale": "1x"}
            ]}
            """#])
        let result = try plan(#"{"version": 1, "launchImage": {"launchimage": "L.launchimage"}}"#, inspector).get()
        #expect(result.variants.map(\.relativePath) == ["Default@2x.png", "Default-568h@2x.png", "Default-Portrait@2x~ipad.png"])
        #expect(result.warnings.contains { $0.message.contains("1366h") })
    }

    /// Xcode 10's iPhone XR and XS Max slots (`"subtype": "1792h"` / `"2688h"`, iOS 12) and the
    /// iPhone X landscape one are in the device tables: written, not skipped as unknown (the sweep
    /// found them dropped with a note only `-v` showed, and `check` passing).
    @Test func iPhoneXRAndXSMaxSlotsAreRead() throws {
        let set = "L.launchimage"
        let inspector = TableInspector(
            sources: ["\(set)/xr.png": png(828, 1792), "\(set)/max.png": png(1242, 2688), "\(set)/xl.png": png(2436, 1125)],
            texts: ["\(set)/Contents.json": #"""
            {"images": [
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "subtype": "1792h", "minimum-system-version": "12.0", "scale": "2x", "filename": "xr.png"},
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "subtype": "2688h", "minimum-system-version": "12.0", "scale": "3x", "filename": "max.png"},
              {"orientation": "landscape", "idiom": "iphone", "extent": "full-screen", "subtype": "2436h", "minimum-system-version": "11.0", "scale": "3x", "filename": "xl.png"}
            ]}
            """#])
        let result = try plan(#"{"version": 1, "deploymentTarget": "12.0", "devices": ["iphone"], "launchImage": {"launchimage": "L.launchimage"}}"#, inspector).get()
        #expect(Set(result.variants.map { "\($0.relativePath) \($0.pixelWidth)x\($0.pixelHeight)" })
                == ["Default-1792h@2x.png 828x1792", "Default-2688h@3x.png 1242x2688", "Default-Landscape-2436h@3x.png 2436x1125"])
        #expect(!result.warnings.contains { $0.message.contains("not a launch-image slot") })
    }

    /// A launch image set the build names but that has nothing for it (Artsy Folio's empty "Brand
    /// Assets" set): a warning that `check` fails on, not silence.
    @Test func anEmptyLaunchImageSetIsSaid() throws {
        let set = "L.launchimage"
        let inspector = TableInspector(sources: [:], texts: ["\(set)/Contents.json": #"""
            {"images": [{"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "2x"}]}
            """#])
        let result = try plan(#"{"version": 1, "deploymentTarget": "8.0", "launchImage": {"launchimage": "L.launchimage"}}"#, inspector).get()
        #expect(result.variants.isEmpty)
        #expect(result.warnings.contains {
            $0.severity == .warning && $0.dropsContent && $0.message.hasPrefix("the launch image set \"L\" has no image this build uses")
        }, "\(result.warnings)")
    }

    /// An iOS 6 iPad image that leaves room for the status bar (`"extent": "to-status-bar"`, 768x1004)
    /// in a set built for iOS 8 (Kodi Remote's): actool's notice, the slot not written, not an error.
    @Test func aStatusBarExcludedCatalogEntryIsNotedAboveIOS6() throws {
        let set = "L.launchimage"
        let inspector = TableInspector(
            sources: ["\(set)/six.png": png(768, 1004), "\(set)/seven.png": png(768, 1024)],
            texts: ["\(set)/Contents.json": #"""
            {"images": [
              {"orientation": "portrait", "idiom": "ipad", "extent": "to-status-bar", "scale": "1x", "filename": "six.png"},
              {"orientation": "portrait", "idiom": "ipad", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "1x", "filename": "seven.png"}
            ]}
            """#])
        let result = try plan(#"{"version": 1, "deploymentTarget": "8.0", "devices": ["ipad"], "launchImage": {"launchimage": "L.launchimage"}}"#, inspector).get()
        #expect(result.variants.map(\.relativePath) == ["Default-Portrait~ipad.png"])
        #expect(result.warnings.contains {
            $0.severity == .note && $0.message == "skipped six.png: This launch image only applies to iOS 6.x and prior but the minimum deployment is 8.0 or later."
        })
    }

    /// Xcode's sets keep "iOS 6.1 and prior" entries (no minimum-system-version) beside "iOS 7.0 and
    /// later" ones for the same slot (home-assistant's set does). The image written is the one the
    /// deployment target runs; the other is noted, with actool's notice for the iOS 6 case.
    @Test func anIOS6AndAnIOS7EntryForOneSlotKeepTheOneTheTargetRuns() throws {
        let set = "L.launchimage"
        let inspector = TableInspector(
            sources: ["\(set)/six.png": png(640, 960), "\(set)/seven.png": png(640, 960), "\(set)/again.png": png(640, 960)],
            texts: ["\(set)/Contents.json": #"""
            {"images": [
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "scale": "2x", "filename": "six.png"},
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "2x", "filename": "seven.png"}
            ]}
            """#])
        let modern = try plan(#"{"version": 1, "launchImage": {"launchimage": "L.launchimage"}}"#, inspector).get()
        #expect(modern.variants.map(\.relativePath) == ["Default@2x.png"])
        #expect(modern.variants.first?.source.path.hasSuffix("seven.png") == true)
        #expect(modern.warnings.contains {
            $0.severity == .note && $0.message == "skipped six.png: This launch image only applies to iOS 6.x and prior but the minimum deployment is 7.0 or later."
        })
        let legacy = try plan(#"{"version": 1, "deploymentTarget": "6.0", "launchImage": {"launchimage": "L.launchimage"}}"#, inspector).get()
        #expect(legacy.variants.map(\.relativePath) == ["Default@2x.png"])
        #expect(legacy.variants.first?.source.path.hasSuffix("six.png") == true)
        #expect(legacy.warnings.contains { $0.severity == .note && $0.message.hasPrefix("skipped seven.png: this launch image is for iOS 7.0 and later") })
        // Two entries for the same versions and slot: the first is kept, and the second is a warning.
        let twice = TableInspector(
            sources: ["\(set)/seven.png": png(640, 960), "\(set)/again.png": png(640, 960)],
            texts: ["\(set)/Contents.json": #"""
            {"images": [
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "2x", "filename": "seven.png"},
              {"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "8.0", "scale": "2x", "filename": "again.png"}
            ]}
            """#])
        let duplicate = try plan(#"{"version": 1, "launchImage": {"launchimage": "L.launchimage"}}"#, twice).get()
        #expect(duplicate.variants.first?.source.path.hasSuffix("seven.png") == true)
        #expect(duplicate.warnings.contains { $0.severity == .warning && $0.message.contains("again.png fills the iPhone portrait @2x 640x960 slot that seven.png already filled") })
    }
}

@Suite struct InfoPlistTests {
    private func plist(_ text: String, _ sources: [String: SourceInfo]) throws -> PlistValue {
        let built = try plan(text, sources).get()
        return InfoPlist.make(built.infoPlist, variants: built.variants)
    }

    private func iconFiles(_ value: PlistValue, _ key: String) -> [String]? {
        guard case .dictionary(let root) = value, case .dictionary(let icons)? = root[key],
              case .dictionary(let primary)? = icons["CFBundlePrimaryIcon"], case .array(let files)? = primary["CFBundleIconFiles"]
        else { return nil }
        return files.compactMap { if case .string(let name) = $0 { return name } else { return nil } }
    }

    @Test func iconKeysForIOS7AndIOS6() throws {
        let modern = try plist(#"{"version": 1, "appIcon": {"source": "i.pdf"}}"#, ["i.pdf": pdf(64, 64)])
        #expect(iconFiles(modern, "CFBundleIcons") == ["AppIcon20x20", "AppIcon29x29", "AppIcon40x40", "AppIcon60x60"])
        // The iPad list names the iPhone icons too, as actool's does.
        #expect(iconFiles(modern, "CFBundleIcons~ipad") == ["AppIcon20x20", "AppIcon29x29", "AppIcon40x40", "AppIcon60x60", "AppIcon76x76", "AppIcon83.5x83.5"])
        guard case .dictionary(let modernRoot) = modern else {
            Issue.record("the partial Info.plist is not a dictionary")
            return
        }
        #expect(modernRoot["CFBundleIconFiles"] == nil, "top-level CFBundleIconFiles is for iOS 6 targets")
        let legacy = try plist(#"{"version": 1, "devices": ["iphone"], "deploymentTarget": "6.0", "appIcon": {"source": "i.pdf"}}"#,
                               ["i.pdf": pdf(64, 64)])
        guard case .dictionary(let root) = legacy, case .array(let files)? = root["CFBundleIconFiles"] else {
            Issue.record("no top-level CFBundleIconFiles")
            return
        }
        #expect(files == ["AppIcon20x20", "AppIcon29x29", "AppIcon40x40", "AppIcon57x57", "AppIcon60x60"].map(PlistValue.string))
        #expect(root["CFBundleIcons~ipad"] == nil)
    }

    @Test func launchImageKeys() throws {
        let value = try plist(#"{"version": 1, "launchImage": {"source": "l.pdf", "basename": "Splash", "orientations": ["portrait", "landscape"]}}"#,
                              ["l.pdf": pdf(320, 480)])
        let xml = InfoPlist.serialize(value)
        #expect(xml.contains("<key>UILaunchImageFile</key>\n\t<string>Splash</string>"))
        guard case .dictionary(let root) = value, case .array(let entries)? = root["UILaunchImages"],
              case .array(let ipad)? = root["UILaunchImages~ipad"] else {
            Issue.record("no UILaunchImages")
            return
        }
        func describe(_ entry: PlistValue) -> String {
            guard case .dictionary(let fields) = entry else { return "" }
            return ["UILaunchImageName", "UILaunchImageOrientation", "UILaunchImageSize", "UILaunchImageMinimumOSVersion"]
                .map { key in if case .string(let text)? = fields[key] { return text } else { return "?" } }.joined(separator: " ")
        }
        #expect(entries.map(describe) == [
            "Splash Portrait {320, 480} 7.0", "Splash-568h Portrait {320, 568} 7.0", "Splash-667h Portrait {375, 667} 8.0",
            "Splash-Landscape-736h Landscape {414, 736} 8.0", "Splash-736h Portrait {414, 736} 8.0",
            "Splash-Landscape-2436h Landscape {375, 812} 11.0", "Splash-2436h Portrait {375, 812} 11.0",
            // iPhone XR (@2x) and XS Max (@3x) share a point size: one entry each, as actool lists them.
            "Splash-Landscape-1792h Landscape {414, 896} 12.0", "Splash-1792h Portrait {414, 896} 12.0",
            "Splash-Landscape-2688h Landscape {414, 896} 12.0", "Splash-2688h Portrait {414, 896} 12.0",
            "Splash-Landscape Landscape {768, 1024} 7.0", "Splash-Portrait Portrait {768, 1024} 7.0",
        ])
        #expect(ipad.map(describe) == ["Splash-Landscape Landscape {768, 1024} 7.0", "Splash-Portrait Portrait {768, 1024} 7.0"])
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist"))
    }
}
