import Foundation
import Rendering
import Testing
import TestSupport

/// An Apple Watch app's catalog through the actool mode as swift-build calls it (`--platform watchos
/// --target-device watch`) and through `build --platform watchos`: its universal and watch entries,
/// keyed with the watch idiom (5), a slot chosen by screen width keyed by the watch's subtype
/// (`<=145` 320, `>145` 384: acextract's actool car, which `CarPairParityTests` compares whole;
/// `>161` 340 and `>183` 390, the 40 and 44 mm watches' subtypes in CoreUI), 2x alone; other
/// devices' entries left out; what is not compiled yet (a screen width not known, a per-size app
/// icon) said, never dropped in silence (docs/watchos.md).
@Suite struct WatchOSTests {
    static let info = #""info": {"author": "xcode", "version": 1}"#

    static func png(_ side: Int, _ pixel: [UInt8]) -> Data {
        Data(PNGSamples.png(width: side, height: side, depth: 8, colorType: 6, rows: PNGSamples.solidRows(pixel, width: side, height: side)))
    }

    /// Ring: a plain watch slot, a 38 mm one, a 42 mm one, an iPhone one and a universal 1x and 3x.
    static func makeCatalog(in work: URL, extraRingEntries: [String] = []) throws -> URL {
        let catalog = work.appendingPathComponent("A.xcassets")
        let ring = catalog.appendingPathComponent("Ring.imageset")
        try FileManager.default.createDirectory(at: ring, withIntermediateDirectories: true)
        try Data("{\(info)}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        for (name, side, pixel) in [("watch.png", 20, [255, 0, 0, 255]), ("38.png", 32, [0, 255, 0, 255]), ("42.png", 36, [0, 0, 255, 255]),
                                    ("phone.png", 40, [9, 9, 9, 255]), ("u1.png", 10, [1, 2, 3, 255]), ("u3.png", 30, [4, 5, 6, 255]),
                                    ("44.png", 40, [7, 7, 7, 255]), ("40.png", 38, [8, 8, 8, 255])] as [(String, Int, [UInt8])] {
            try png(side, pixel).write(to: ring.appendingPathComponent(name))
        }
        var entries = [#"{"idiom": "watch", "scale": "2x", "filename": "watch.png"}"#,
                       #"{"idiom": "watch", "scale": "2x", "filename": "38.png", "screen-width": "<=145"}"#,
                       #"{"idiom": "watch", "scale": "2x", "filename": "42.png", "screen-width": ">145"}"#,
                       #"{"idiom": "iphone", "scale": "2x", "filename": "phone.png"}"#,
                       #"{"idiom": "universal", "scale": "1x", "filename": "u1.png"}"#,
                       #"{"idiom": "universal", "scale": "3x", "filename": "u3.png"}"#]
        entries += extraRingEntries
        try Data("{\"images\": [\(entries.joined(separator: ", "))], \(info)}".utf8).write(to: ring.appendingPathComponent("Contents.json"))
        let tint = catalog.appendingPathComponent("Tint.colorset")
        try FileManager.default.createDirectory(at: tint, withIntermediateDirectories: true)
        try Data(#"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.500", "blue": "0.000", "alpha": "1.000"}}}, {"idiom": "watch", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "0.000", "blue": "1.000", "alpha": "1.000"}}}, {"idiom": "iphone", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "1.000", "blue": "0.000", "alpha": "1.000"}}}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: tint.appendingPathComponent("Contents.json"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        return catalog
    }

    static let actool = ["actool", "A.xcassets", "--compile", "out", "--platform", "watchos", "--target-device", "watch",
                         "--minimum-deployment-target", "10.0", "--output-format", "human-readable-text", "--warnings"]

    @Test func watchEntriesAreKeyedByIdiomAndScreenWidth() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try Self.makeCatalog(in: work, extraRingEntries: [#"{"idiom": "watch", "scale": "2x", "filename": "40.png", "screen-width": ">161"}"#,
                                                               #"{"idiom": "watch", "scale": "2x", "filename": "44.png", "screen-width": ">183"}"#])
        let run = try Harness.assetc(Self.actool, in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("Ring"), "every slot of Ring is compiled: \(run.stdout)")
        #expect(Harness.files(under: work.appendingPathComponent("out")) == ["Assets.car"], "a watch app's images are in its car alone")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Assets.car")))
        #expect(car.metadata.platform == "watchos")
        let found = car.renditions.filter { $0.name.hasSuffix(".png") }
            .map { "\($0.name) idiom \($0.attributes[15] ?? 0) subtype \($0.attributes[16] ?? 0) scale \($0.attributes[12] ?? 0) \($0.width)x\($0.height)" }
            .sorted()
        #expect(found == ["38.png idiom 5 subtype 320 scale 2 32x32", "40.png idiom 5 subtype 340 scale 2 38x38",
                          "42.png idiom 5 subtype 384 scale 2 36x36", "44.png idiom 5 subtype 390 scale 2 40x40",
                          "u1.png idiom 0 subtype 0 scale 1 10x10", "u3.png idiom 0 subtype 0 scale 3 30x30",
                          "watch.png idiom 5 subtype 0 scale 2 20x20"],
                "the iPhone's entry left out, a catalog's PNG kept at the scale it was placed: \(found)")
        // The colour set's universal and watch colours, each under its idiom; the iPhone's left out.
        let tints = car.renditions.compactMap { rendition in rendition.color.map { "idiom \(rendition.attributes[15] ?? 0) \($0.components)" } }.sorted()
        #expect(tints == ["idiom 0 [1.0, 0.5, 0.0, 1.0]", "idiom 5 [0.0, 0.0, 1.0, 1.0]"], "\(tints)")
    }

    @Test func whatIsNotCompiledYetIsSaid() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work, extraRingEntries: [#"{"idiom": "watch", "scale": "2x", "filename": "44.png", "screen-width": ">197"}"#])
        // A screen width whose spelling has not been seen (a guess at 45 mm's): left out with a warning.
        let run = try Harness.assetc(Self.actool, in: work)
        #expect(run.status == 0)
        #expect(run.stdout.contains("Ring.imageset: warning: skipped 1 slot of \"Ring\" chosen by screen width, size class")
                && run.stdout.contains("of a watch's screen widths, <=145 (38 mm), >161 (40 mm), >145 (42 mm) and >183 (44 mm) are known, not >197"),
                "\(run.stdout)")
        // A watch icon set of per-size images (Xcode 7 to 13's): loose files named by size, listed in
        // CFBundleIconFiles, as a compiled watch app of Xcode 7.2 has them; not in the car.
        let icon = catalog.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: icon, withIntermediateDirectories: true)
        try Self.png(80, [200, 100, 50, 255]).write(to: icon.appendingPathComponent("launcher.png"))
        try Self.png(55, [20, 100, 50, 255]).write(to: icon.appendingPathComponent("note.png"))
        try Self.png(88, [9, 9, 9, 255]).write(to: icon.appendingPathComponent("l40.png"))
        try Self.png(1024, [1, 1, 1, 255]).write(to: icon.appendingPathComponent("store.png"))
        try Data(#"{"images": [{"filename": "launcher.png", "idiom": "watch", "role": "appLauncher", "scale": "2x", "size": "40x40", "subtype": "38mm"}, {"filename": "note.png", "idiom": "watch", "role": "notificationCenter", "scale": "2x", "size": "27.5x27.5", "subtype": "42mm"}, {"filename": "l40.png", "idiom": "watch", "role": "appLauncher", "scale": "2x", "size": "44x44", "subtype": "40mm"}, {"filename": "launcher.png", "idiom": "watch", "role": "appLauncher", "scale": "2x", "size": "44x44", "subtype": "42mm"}, {"filename": "store.png", "idiom": "watch-marketing", "scale": "1x", "size": "1024x1024"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: icon.appendingPathComponent("Contents.json"))
        let perSize = try Harness.assetc(Self.actool + ["--app-icon", "AppIcon", "--output-partial-info-plist", "out/partial.plist"], in: work)
        #expect(perSize.status == 0, "\(perSize.stdout)")
        #expect(Harness.files(under: work.appendingPathComponent("out")) == ["AppIcon27.5x27.5@2x.png", "AppIcon40x40@2x.png", "AppIcon44x44@2x.png",
                                                                            "Assets.car", "partial.plist"])
        let launcher = try PNGCodec.decode(try Harness.read(work.appendingPathComponent("out/AppIcon44x44@2x.png"))).image
        #expect(launcher.width == 88 && Array(launcher.pixels.prefix(3)) == [9, 9, 9], "the first 44-point image (40 mm) is the file")
        #expect(try ActoolModeTests.plist(work.appendingPathComponent("out/partial.plist"))
                == ["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon27.5x27.5", "AppIcon40x40", "AppIcon44x44"]]]] as NSDictionary)
        #expect(perSize.stdout.contains("AppIcon.appiconset: warning: the watch-marketing image store.png is not written"), "\(perSize.stdout)")
        let perSizeCar = try CARReader(try Harness.read(work.appendingPathComponent("out/Assets.car")))
        #expect(perSizeCar.facets["AppIcon"] == nil, "no icon in the car: how a car keys the roles is not known")
        try FileManager.default.removeItem(at: work.appendingPathComponent("out/partial.plist"))
        for name in ["AppIcon27.5x27.5@2x.png", "AppIcon40x40@2x.png", "AppIcon44x44@2x.png"] {
            try FileManager.default.removeItem(at: work.appendingPathComponent("out/\(name)"))
        }

        // A set of watch-marketing images alone: refused by name, not said to have no content.
        try Data(#"{"images": [{"filename": "store.png", "idiom": "watch-marketing", "scale": "1x", "size": "1024x1024"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: icon.appendingPathComponent("Contents.json"))
        let before = Harness.files(under: work.appendingPathComponent("out"))
        let withIcon = try Harness.assetc(Self.actool + ["--app-icon", "AppIcon"], in: work)
        #expect(withIcon.status == 1)
        #expect(withIcon.stdout.contains("AppIcon.appiconset: error: the app icon \"AppIcon\" has a watch-marketing image only: a watch app's icon is a single-size image"),
                "\(withIcon.stdout)")
        #expect(Harness.files(under: work.appendingPathComponent("out")) == before, "a failed compile leaves --compile as it was")
        // A single-size set without its image: actool's one error, as for an iOS set.
        try Data(#"{"images": [{"idiom": "universal", "platform": "watchos", "size": "1024x1024"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: icon.appendingPathComponent("Contents.json"))
        let empty = try Harness.assetc(Self.actool + ["--app-icon", "AppIcon"], in: work)
        #expect(empty.status == 1 && empty.stdout.contains(
            #"AppIcon.appiconset: error: The stickers icon set or app icon set named "AppIcon" did not have any applicable content."#), "\(empty.stdout)")
        // Another device is refused by name.
        let phone = try Harness.assetc(Self.actool + ["--target-device", "iphone"], in: work)
        #expect(phone.status == 1 && phone.stdout.contains("--target-device iphone: a watchOS app runs on watch only"), "\(phone.stdout)")
    }

    /// A watch app's single-size icon (`universal`, `platform: watchos`, 1024x1024, the set Xcode 14
    /// to 26 makes): in the car alone, an icon image of the watch idiom (5) at 1024x1024 with its
    /// multisize record, as public builds of Xcode 26 report it (docs/watchos.md); the partial
    /// Info.plist names it under CFBundlePrimaryIcon, a dictionary, with no loose file to list.
    @Test func aSingleSizeWatchIconIsTheCarsIcon() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let icon = catalog.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: icon, withIntermediateDirectories: true)
        try Self.png(1024, [200, 100, 50, 255]).write(to: icon.appendingPathComponent("icon.png"))
        try Self.png(96, [1, 2, 3, 255]).write(to: icon.appendingPathComponent("old.png"))
        try Data(#"{"images": [{"filename": "icon.png", "idiom": "universal", "platform": "watchos", "size": "1024x1024"}, {"filename": "old.png", "idiom": "watch", "role": "appLauncher", "scale": "2x", "size": "48x48", "subtype": "42mm"}, {"filename": "old.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}, {"filename": "second.png", "idiom": "universal", "platform": "watchos", "size": "1024x1024"}, {"filename": "dark.png", "idiom": "universal", "platform": "watchos", "size": "1024x1024", "appearances": [{"appearance": "luminosity", "value": "dark"}]}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: icon.appendingPathComponent("Contents.json"))
        let run = try Harness.assetc(Self.actool + ["--app-icon", "AppIcon", "--output-partial-info-plist", "out/partial.plist"], in: work)
        #expect(run.status == 0, "\(run.stdout)")
        // What is left out is said (assetc's notes: `build --verbose`).
        let verbose = try Harness.assetc(["build", "A.xcassets", "--platform", "watchos", "--app-icon", "AppIcon", "--output", "v", "--verbose"], in: work)
        #expect(verbose.stderr.contains("AppIcon.appiconset/Contents.json: note: the per-size watch images are left out; the single-size 1024x1024 image is the icon"),
                "\(verbose.stderr)")
        #expect(verbose.stderr.contains("note: skipped old.png: idiom 'universal' for ios does not apply to a watch build"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("note: skipped second.png: the set has a single-size watchOS image already, the first one listed"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("note: skipped dark.png: a watch app icon has no dark or tinted appearance"), "\(verbose.stderr)")
        // No alternate icons on watchOS: another set asked for is left out, said.
        try FileManager.default.copyItem(at: icon, to: catalog.appendingPathComponent("Other.appiconset"))
        let alternate = try Harness.assetc(Self.actool + ["--app-icon", "AppIcon", "--alternate-app-icon", "Other"], in: work)
        #expect(alternate.status == 0 && alternate.stdout.contains(
            "Other.appiconset: warning: the app icon set \"Other\" is not packaged as an alternate icon: a watchOS app has none"), "\(alternate.stdout)")
        try FileManager.default.removeItem(at: catalog.appendingPathComponent("Other.appiconset"))
        #expect(Harness.files(under: work.appendingPathComponent("out")) == ["Assets.car", "partial.plist"], "no loose icon file")
        #expect(try ActoolModeTests.plist(work.appendingPathComponent("out/partial.plist"))
                == ["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]]] as NSDictionary)
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Assets.car")))
        let id = try #require(car.facets["AppIcon"]?.first { $0.0 == 17 }?.1)
        let renditions = car.renditions.filter { $0.attributes[17] == id }
            .map { "\($0.name) part \($0.attributes[2] ?? 0) idiom \($0.attributes[15] ?? 0) scale \($0.attributes[12] ?? 0) \($0.width)x\($0.height)" }
            .sorted()
        #expect(renditions == ["AppIcon part 218 idiom 5 scale 1 0x0", "icon.png part 220 idiom 5 scale 1 1024x1024"], "\(renditions)")
        let pixels = try #require(car.renditions.first { $0.name == "icon.png" }?.pixels)
        #expect(Array(pixels.prefix(4)) == [50, 100, 200, 255], "BGRA")

        // A translucent icon is compiled as it is, with App Store Connect's refusal said.
        try Self.png(1024, [200, 100, 50, 128]).write(to: icon.appendingPathComponent("icon.png"))
        let translucent = try Harness.assetc(Self.actool + ["--app-icon", "AppIcon"], in: work)
        #expect(translucent.status == 0 && translucent.stdout.contains(
            "AppIcon.appiconset: warning: icon.png: the watch app icon has transparent pixels; App Store Connect refuses a watch icon with an alpha channel"), "\(translucent.stdout)")

        // From art, in a manifest: the same icon, drawn on the background.
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try ##"{"version": 1, "images": [], "appIcon": {"source": "art/newsblur.pdf", "background": "#102030"}}"##
            .write(to: work.appendingPathComponent("w.json"), atomically: true, encoding: .utf8)
        let built = try Harness.assetc(["build", "w.json", "--platform", "watchos", "--output", "built"], in: work)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try ActoolModeTests.plist(work.appendingPathComponent("built/partial-Info.plist"))
                == ["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]]] as NSDictionary)
        let drawn = try CARReader(try Harness.read(work.appendingPathComponent("built/Resources/Assets.car")))
        let image = try #require(drawn.renditions.first { $0.attributes[2] == 220 })
        #expect(image.attributes[15] == 5 && image.width == 1024 && image.height == 1024)
        let corner = try #require(image.pixels)
        #expect(Array(corner.prefix(4)) == [0x30, 0x20, 0x10, 255], "BGRA: the background fills what the art leaves")

        // An Icon Composer icon is refused for a watch app, by name, with what to give instead.
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"), to: work.appendingPathComponent("MinusOne.icon"))
        try #"{"version": 1, "images": [], "appIcon": {"source": "MinusOne.icon"}}"#.write(to: work.appendingPathComponent("i.json"), atomically: true, encoding: .utf8)
        let composer = try Harness.assetc(["build", "i.json", "--platform", "watchos", "--output", "composer"], in: work)
        #expect(composer.status == 1 && composer.stderr.contains("MinusOne.icon/icon.json: error: an Icon Composer icon is not compiled for watchOS by assetc yet"),
                "\(composer.stderr)")
    }

    @Test func buildForWatchOSMakesTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try Self.makeCatalog(in: work)
        let run = try Harness.assetc(["build", "A.xcassets", "--platform", "watchos", "--output", "built"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("built/Resources/Assets.car")))
        #expect(car.metadata.platform == "watchos")
        #expect(car.renditions.contains { $0.name == "38.png" && $0.attributes[16] == 320 })
        let resources = Harness.files(under: work.appendingPathComponent("built/Resources"))
        #expect(!resources.contains { $0.hasSuffix(".png") }, "no loose PNG for a watch app: \(resources)")
        let devices = try Harness.assetc(["build", "A.xcassets", "--platform", "watchos", "--devices", "iphone", "--output", "x"], in: work)
        #expect(devices.status == 64 && devices.stderr.contains("a Mac, Apple TV, Apple Watch or Apple Vision Pro app (--platform macos, tvos, watchos, visionos) has none"),
                "\(devices.stderr)")
    }

    /// A complication set, as Xcode calls actool for a watch target (`--complication Complication`):
    /// each of its image sets an image of the car named `<set>/<image set>`, keyed watch at 2x, as
    /// Xcode 26.5's actool names and keys them (kagurasumusun/mac@01bf755's
    /// complicationset-endtoend-verify.json: Complication/Circular, /Modular, /Utilitarian, idiom 5,
    /// scale 2, subtype 0; actool packs them into one atlas page, assetc stores each on its own).
    @Test func aComplicationSetsImagesAreImagesOfTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try Self.makeCatalog(in: work)
        let set = work.appendingPathComponent("A.xcassets/Complication.complicationset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let roles = [("Circular", "circular"), ("Modular", "modular"), ("Utilitarian", "utilitarian")]
        try Data(("{\"assets\": [" + roles.map { #"{"idiom": "watch", "filename": "\#($0.0).imageset", "role": "\#($0.1)"}"# }.joined(separator: ", ")
            + #", {"idiom": "watch", "filename": "Missing.imageset", "role": "graphic-corner"}], "info": {"author": "xcode", "version": 1}}"#).utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        for (name, _) in roles {
            let member = set.appendingPathComponent("\(name).imageset")
            try FileManager.default.createDirectory(at: member, withIntermediateDirectories: true)
            try Self.png(64, [10, 200, 30, 255]).write(to: member.appendingPathComponent("image.png"))
            try Data(#"{"images": [{"idiom": "watch", "scale": "2x", "filename": "image.png"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
                .write(to: member.appendingPathComponent("Contents.json"))
        }
        let run = try Harness.assetc(Self.actool + ["--complication", "Complication"], in: work)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("The file \"Missing.imageset\" for the complication set \"Complication\" does not exist."), "\(run.stdout)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Assets.car")))
        let images = car.renditions.filter { rendition in car.facets.contains { $0.key.hasPrefix("Complication/") && $0.value.contains { $0 == (17, rendition.attributes[17] ?? 0) } } }
            .map { "\($0.width)x\($0.height) idiom \($0.attributes[15] ?? 0) scale \($0.attributes[12] ?? 0) subtype \($0.attributes[16] ?? 0)" }
        #expect(images == Array(repeating: "64x64 idiom 5 scale 2 subtype 0", count: 3), "\(images)")
        #expect(Set(car.facets.keys.filter { $0.hasPrefix("Complication/") }) == ["Complication/Circular", "Complication/Modular", "Complication/Utilitarian"])
    }
}
