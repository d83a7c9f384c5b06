import Foundation
import Testing
import TestSupport

/// An Apple Vision Pro app's catalog through the actool mode as Xcode calls it (`--platform xros
/// --target-device vision`) and through `build --platform visionos`: its universal and vision
/// entries, the vision ones keyed with the vision idiom (8), in a car whose header and key format are
/// those of the one public actool car of a visionOS app (rebelancap/dusklight-ios@4625d5f0,
/// `app/visionos/Assets.car`, Xcode 26.6; not committed, its facts are in docs/visionos.md): platform
/// `vision`, key semantics 4, key format appearance, localization, scale, idiom, subtype, dimension 1,
/// identifier, element, part. The app icon (a solid image stack) is not compiled yet: said by name,
/// as a warning.
@Suite struct VisionOSTests {
    static let info = #""info": {"author": "xcode", "version": 1}"#

    /// Panel: a vision slot, an iPhone one and a universal 2x; Tint: universal, vision and iPhone colours;
    /// AppIcon: a solid image stack as Xcode makes it (Front and Back layers).
    static func makeCatalog(in work: URL) throws {
        let catalog = work.appendingPathComponent("A.xcassets")
        let panel = catalog.appendingPathComponent("Panel.imageset")
        try FileManager.default.createDirectory(at: panel, withIntermediateDirectories: true)
        try Data("{\(info)}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        for (name, side, pixel) in [("vision.png", 20, [255, 0, 0, 255]), ("phone.png", 40, [9, 9, 9, 255]),
                                    ("u2.png", 30, [4, 5, 6, 255])] as [(String, Int, [UInt8])] {
            try WatchOSTests.png(side, pixel).write(to: panel.appendingPathComponent(name))
        }
        let entries = [#"{"idiom": "vision", "scale": "2x", "filename": "vision.png"}"#,
                       #"{"idiom": "iphone", "scale": "2x", "filename": "phone.png"}"#,
                       #"{"idiom": "universal", "scale": "2x", "filename": "u2.png"}"#]
        try Data("{\"images\": [\(entries.joined(separator: ", "))], \(info)}".utf8).write(to: panel.appendingPathComponent("Contents.json"))
        let tint = catalog.appendingPathComponent("Tint.colorset")
        try FileManager.default.createDirectory(at: tint, withIntermediateDirectories: true)
        try Data(#"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.500", "blue": "0.000", "alpha": "1.000"}}}, {"idiom": "vision", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "0.000", "blue": "1.000", "alpha": "1.000"}}}, {"idiom": "iphone", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "1.000", "blue": "0.000", "alpha": "1.000"}}}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: tint.appendingPathComponent("Contents.json"))
        let stack = catalog.appendingPathComponent("AppIcon.solidimagestack")
        try FileManager.default.createDirectory(at: stack, withIntermediateDirectories: true)
        try Data(#"{"info": {"author": "xcode", "version": 1}, "layers": [{"filename": "Front.solidimagestacklayer"}, {"filename": "Back.solidimagestacklayer"}]}"#.utf8)
            .write(to: stack.appendingPathComponent("Contents.json"))
        for layer in ["Front", "Back"] {
            let content = stack.appendingPathComponent("\(layer).solidimagestacklayer/Content.imageset")
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            try WatchOSTests.png(64, [1, 1, 1, 255]).write(to: content.appendingPathComponent("\(layer).png"))
            try Data("{\"images\": [{\"filename\": \"\(layer).png\", \"idiom\": \"vision\", \"scale\": \"2x\"}], \(info)}".utf8)
                .write(to: content.appendingPathComponent("Contents.json"))
        }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
    }

    static let actool = ["actool", "A.xcassets", "--compile", "out", "--platform", "xros", "--target-device", "vision",
                         "--minimum-deployment-target", "2.0", "--output-format", "human-readable-text", "--warnings", "--notices"]

    @Test func visionEntriesAreKeyedAsActoolKeysThem() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.makeCatalog(in: work)
        let run = try Harness.assetc(Self.actool, in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Harness.files(under: work.appendingPathComponent("out")) == ["Assets.car"], "a Vision Pro app's images are in its car alone")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Assets.car")))
        // The header and key format of Xcode 26.6's visionOS car.
        #expect(car.metadata.platform == "vision")
        #expect(car.header.keySemantics == 4)
        #expect(car.keyFormat == [7, 13, 12, 15, 16, 8, 17, 1, 2])
        #expect(car.appearances == ["UIAppearanceAny": 0])
        let found = car.renditions.filter { $0.name.hasSuffix(".png") }
            .map { "\($0.name) idiom \($0.attributes[15] ?? 0) scale \($0.attributes[12] ?? 0) \($0.width)x\($0.height)" }.sorted()
        #expect(found == ["u2.png idiom 0 scale 2 30x30", "vision.png idiom 8 scale 2 20x20"], "the iPhone's entry left out: \(found)")
        let tints = car.renditions.compactMap { rendition in rendition.color.map { "idiom \(rendition.attributes[15] ?? 0) \($0.components)" } }.sorted()
        #expect(tints == ["idiom 0 [1.0, 0.5, 0.0, 1.0]", "idiom 8 [0.0, 0.0, 1.0, 1.0]"], "\(tints)")
        // The solid image stack is not compiled yet: said as a warning every caller prints.
        #expect(run.stdout.contains("AppIcon.solidimagestack: warning: the solid image stack \"AppIcon\" is not compiled by assetc yet"), "\(run.stdout)")
    }

    @Test func theAppIconAndOtherDevicesAreRefusedByName() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.makeCatalog(in: work)
        let icon = try Harness.assetc(Self.actool + ["--app-icon", "AppIcon"], in: work)
        #expect(icon.status == 1 && icon.stdout.contains("the app icon \"AppIcon\": visionOS app icons (solid image stacks) are not compiled by assetc yet"),
                "\(icon.stdout)")
        #expect(Harness.files(under: work.appendingPathComponent("out")) == [], "a refused compile writes nothing")
        let phone = try Harness.assetc(Self.actool + ["--target-device", "iphone"], in: work)
        #expect(phone.status == 1 && phone.stdout.contains("--target-device iphone: a visionOS app runs on vision only"), "\(phone.stdout)")
    }

    @Test func buildForVisionOSMakesTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.makeCatalog(in: work)
        let run = try Harness.assetc(["build", "A.xcassets", "--platform", "visionos", "--output", "built"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("built/Resources/Assets.car")))
        #expect(car.metadata.platform == "vision")
        #expect(car.renditions.contains { $0.name == "vision.png" && $0.attributes[15] == 8 })
        let resources = Harness.files(under: work.appendingPathComponent("built/Resources"))
        #expect(!resources.contains { $0.hasSuffix(".png") }, "no loose PNG for a Vision Pro app: \(resources)")
        let devices = try Harness.assetc(["build", "A.xcassets", "--platform", "visionos", "--devices", "ipad", "--output", "x"], in: work)
        #expect(devices.status == 64, "\(devices.stderr)")
    }
}
