import Foundation
import Testing
import TestSupport

/// An Apple Vision Pro app's catalog through the actool mode as Xcode calls it (`--platform xros
/// --target-device vision`) and through `build --platform visionos`: its universal and vision
/// entries, the vision ones keyed with the vision idiom (8), in a car whose header and key format are
/// those of the one public actool car of a visionOS app (rebelancap/dusklight-ios@4625d5f0,
/// `app/visionos/Assets.car`, Xcode 26.6; not committed, its facts are in docs/visionos.md): platform
/// `vision`, key semantics 4, key format appearance, localization, scale, idiom, subtype, dimension 1,
/// identifier, element, part. Its app icon, a solid image stack, is stored as that car stores it.
@Suite struct VisionOSTests {
    static let info = #""info": {"author": "xcode", "version": 1}"#

    /// Panel: a vision slot, an iPhone one and a universal 2x; Tint: universal, vision and iPhone colours;
    /// AppIcon: a solid image stack as Xcode makes it (Front and Back layers).
    static func makeCatalog(in work: URL, withIcon: Bool = true) throws {
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
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        // Its layers are Apple's size, whose textures take a while to compute in a debug build.
        guard withIcon else { return }
        let stack = catalog.appendingPathComponent("AppIcon.solidimagestack")
        try FileManager.default.createDirectory(at: stack, withIntermediateDirectories: true)
        try Data(#"{"info": {"author": "xcode", "version": 1}, "layers": [{"filename": "Front.solidimagestacklayer"}, {"filename": "Back.solidimagestacklayer"}]}"#.utf8)
            .write(to: stack.appendingPathComponent("Contents.json"))
        for layer in ["Front", "Back"] {
            let content = stack.appendingPathComponent("\(layer).solidimagestacklayer/Content.imageset")
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            try layerPNG(layer).write(to: content.appendingPathComponent("\(layer).png"))
            try Data("{\"images\": [{\"filename\": \"\(layer).png\", \"idiom\": \"vision\", \"scale\": \"2x\"}], \(info)}".utf8)
                .write(to: content.appendingPathComponent("Contents.json"))
        }
    }

    /// A 1024x1024 layer (Apple's size): Back opaque blue; Front a half-transparent yellow square
    /// in the middle, clear around it.
    static func layerPNG(_ layer: String) -> Data {
        let side = 1024
        var rows: [UInt8] = []
        for y in 0..<side {
            var row: [UInt8] = [0]
            for x in 0..<side {
                if layer == "Back" {
                    row += [20, 60, 200, 255]
                } else {
                    row += (256..<768).contains(x) && (256..<768).contains(y) ? [250, 200, 0, 128] : [0, 0, 0, 0]
                }
            }
            rows += row
        }
        return Data(PNGSamples.png(width: side, height: side, depth: 8, colorType: 6, rows: rows))
    }

    static let actool = ["actool", "A.xcassets", "--compile", "out", "--platform", "xros", "--target-device", "vision",
                         "--minimum-deployment-target", "2.0", "--output-format", "human-readable-text", "--warnings", "--notices"]

    @Test func visionEntriesAreKeyedAsActoolKeysThem() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.makeCatalog(in: work, withIcon: false)
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
        #expect(!run.stdout.contains("warning"), "\(run.stdout)")
    }

    /// The one public car's stack record, TLV by TLV (its layers are named `AppIcon/Back/Content`
    /// and `AppIcon/Front/Content` there too, so their identifiers, 50294 and 64682, are the same):
    /// layout 1018, 512x512 at scale 1, universal, the layers back to front.
    static let realRecordTLVs: [UInt32: String] = [
        1012: "02000000000000000000000000000000000000000002000000020000000000000000803f10000000010055000200b500110076c4"
            + "000000000000000000000000000000000002000000020000000000000000803f10000000010055000200b5001100aafc00000000",
        1020: "02000000000000000000000000000000010000000000000000000000000100000000",
        1021: "0200000000000000" + String(repeating: "00", count: 40),
        1004: "000000000000803f", 1005: "14000000000000007075626c69632e6c617965726564696d61676500", 1006: "01000000",
    ]

    static func hex(_ bytes: [UInt8]?) -> String { (bytes ?? []).map { String(format: "%02x", $0) }.joined() }

    @Test func theSolidImageStackIsStoredAsActoolStoresIt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.makeCatalog(in: work)
        let run = try Harness.assetc(Self.actool, in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Assets.car")))
        let record = try #require(car.renditions.first { $0.layout == 1018 })
        #expect(record.name == "Contents.json" && record.width == 512 && record.height == 512 && record.scaleTimes100 == 100)
        #expect(record.attributes[15] ?? 0 == 0 && record.attributes[17] == 6849 && record.attributes[1] == 85 && record.attributes[2] == 181)
        #expect(record.tlvs.map(\.type) == [1012, 1020, 1021, 1004, 1005, 1006])
        for (type, expected) in Self.realRecordTLVs {
            #expect(Self.hex(record.tlvValues[type]) == expected, "TLV \(type)")
        }
        // The layers: images of the car, keyed vision at 2x (element 85, part 181).
        let layers = car.renditions.filter { $0.layout == 12 && ["Front.png", "Back.png"].contains($0.name) }.map { "\($0.name) \($0.attributes[17] ?? 0) idiom \($0.attributes[15] ?? 0) \($0.width)" }.sorted()
        #expect(layers == ["Back.png 50294 idiom 8 1024", "Front.png 64682 idiom 8 1024"], "\(layers)")
        // The flattened image: the layers drawn back to front, opaque (part 208, 2x, vision).
        let flattened = try #require(car.renditions.first { $0.attributes[2] == 208 })
        #expect(flattened.name == "ZZZZFlattenedImage-2.1.0-gamut0" && flattened.attributes[15] == 8 && flattened.attributes[12] == 2)
        let pixels = try #require(flattened.pixels)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 1024 + x) * 4..<(y * 1024 + x) * 4 + 4]) }
        // BGRA: the back's blue, and the front's yellow, premultiplied, over it.
        #expect(pixel(10, 10) == [200, 60, 20, 255] && pixel(512, 512) == [100, 130, 135, 255], "\(pixel(10, 10)) \(pixel(512, 512))")
        #expect(flattened.payloadFlags == 3, "MLEC 3, as actool's")

        // Each layer's two textures: a reference (layout 1007, RTXT) and its pixels (layout 1008),
        // keyed element 41 with dimension 1 = 1 (distances) and 2 (directions).
        let references = car.renditions.filter { $0.layout == 1007 }.map { "\($0.name) \($0.attributes[8] ?? 0) part \($0.attributes[2] ?? 0)" }.sorted()
        #expect(references == ["AppIcon/Back/Content 1 part 0", "AppIcon/Back/Content 2 part 0", "AppIcon/Front/Content 1 part 0", "AppIcon/Front/Content 2 part 0"],
                "\(references)")
        // The real car's RTXT bodies for these two names, and its TLV 1014 (1 for the opaque back).
        let backDistance = try #require(car.renditions.first { $0.layout == 1007 && $0.name == "AppIcon/Back/Content" && $0.attributes[8] == 1 })
        #expect(Self.hex(backDistance.rawPayload) == "5254585400000000370000000100000001000000010001001c00000000000000010029000200b500080001000c000200110076c40f00080000000000")
        #expect(Self.hex(backDistance.tlvValues[1014]) == "000000000000000001000000" && backDistance.scaleTimes100 == 0 && backDistance.colorSpace == 1)
        let frontDirection = try #require(car.renditions.first { $0.layout == 1007 && $0.name == "AppIcon/Front/Content" && $0.attributes[8] == 2 })
        #expect(Self.hex(frontDirection.rawPayload) == "5254585400000000200000000100000001000000010001001c00000000000000010029000200b500080002000c0002001100aafc0f00080000000000")
        #expect(Self.hex(frontDirection.tlvValues[1014]) == "000000000000000000000000")
        #expect(car.facets["AppIcon/Back/Content"]?.map { [$0.0, $0.1] } == [[1, 41], [2, 181], [17, 50294], [15, 8]], "the layer's facet is element 41, idiom 8")

        // The distances: 32-bit floats, positive inside, from each edge pixel's alpha/255 − 0.5
        // along a chamfer (1 across, √2 diagonally).
        let frontDistances = try #require(car.renditions.first { $0.layout == 1008 && $0.attributes[17] == 64682 && $0.attributes[8] == 1 })
        #expect(frontDistances.name == "Front.png" && frontDistances.bytesPerRow == 4096 && frontDistances.payloadFlags == 1 && frontDistances.colorSpace == 0)
        let distances = try #require(frontDistances.storedPixels)
        func distance(_ x: Int, _ y: Int) -> Float {
            Float(bitPattern: UInt32(distances[4 * (y * 1024 + x)]) | UInt32(distances[4 * (y * 1024 + x) + 1]) << 8
                  | UInt32(distances[4 * (y * 1024 + x) + 2]) << 16 | UInt32(distances[4 * (y * 1024 + x) + 3]) << 24)
        }
        let edge = Float(128) / 255 - 0.5
        func steps(from start: Float, _ count: Int, of step: Float) -> Float { (0..<count).reduce(start) { sum, _ in sum + step } }
        #expect(distance(256, 400) == edge && distance(300, 400) == steps(from: edge, 44, of: 1), "\(distance(300, 400))")
        // Outside: negated, from the negated edge values.
        #expect(distance(200, 400) == -steps(from: -edge, 56, of: 1) && distance(250, 250) == -steps(from: -edge, 6, of: Float(2).squareRoot()),
                "\(distance(200, 400)) \(distance(250, 250))")
        // The directions point out of the shape: left on the square's left side, down below it.
        let frontDirections = try #require(car.renditions.first { $0.layout == 1008 && $0.attributes[17] == 64682 && $0.attributes[8] == 2 })
        let directions = try #require(frontDirections.storedPixels).map { Int8(bitPattern: $0) }
        #expect(frontDirections.bytesPerRow == 2048)
        #expect(directions[2 * (512 * 1024 + 300)] == -127 && directions[2 * (512 * 1024 + 300) + 1] == 0, "left of centre, inside: outward is left")
        #expect(directions[2 * (700 * 1024 + 512)] == 0 && directions[2 * (700 * 1024 + 512) + 1] == 127, "below centre: outward is down")

        // `assetutil --info` names them as Apple's assetutil names Xcode 26.5's (kagurasumusun/mac's
        // solidimagestack-oracle.json): a SolidImageStack, and a Texture Rendition per layer and kind.
        let info = try Harness.assetc(["assetutil", "--info", "out/Assets.car"], in: work)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]])
        let stack = try #require(entries.first { $0["AssetType"] as? String == "SolidImageStack" })
        #expect(stack["CanvasWidth"] as? Int == 512 && stack["LayerCount"] as? Int == 2 && stack["Idiom"] as? String == "universal", "\(stack)")
        let textures = entries.filter { $0["AssetType"] as? String == "Texture Rendition" }
            .map { "\($0["Name"] ?? "") \($0["Dimension1"] ?? "") \($0["Texture Pixel Format"] ?? "") \($0["Dimensions"] ?? "") \($0["Scale"] ?? "")" }
        #expect(textures == ["AppIcon/Back/Content 1 R32 Float 1024,1024,1 2", "AppIcon/Back/Content 2 RG8 Snorm 1024,1024,1 2",
                             "AppIcon/Front/Content 1 R32 Float 1024,1024,1 2", "AppIcon/Front/Content 2 RG8 Snorm 1024,1024,1 2"], "\(textures)")
    }

    @Test func aSolidImageStackIsCheckedAsVisionOSDrawsIt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.makeCatalog(in: work)
        let stack = work.appendingPathComponent("A.xcassets/AppIcon.solidimagestack")
        // A back layer that does not fill the icon is actool's error (its sizes in points); so is
        // a stack with fewer than two layers with an image.
        try WatchOSTests.png(64, [1, 1, 1, 255]).write(to: stack.appendingPathComponent("Back.solidimagestacklayer/Content.imageset/Back.png"))
        let small = try Harness.assetc(Self.actool, in: work)
        #expect(small.status == 1 && small.stdout.contains("The last visionOS App Icon Layer with content, \u{201C}Back\u{201D}, must exactly fill the image stack. "
            + "Its current frame is {{0, 0}, {32, 32}} while the visionOS App Icon's size is {512, 512}."), "\(small.stdout)")
        try FileManager.default.removeItem(at: stack.appendingPathComponent("Front.solidimagestacklayer"))
        let one = try Harness.assetc(Self.actool, in: work)
        #expect(one.status == 1 && one.stdout.contains("The image stack \"AppIcon\" must have at least 2 layers with applicable content. "
            + "Although it has 2 layers, only 1 has applicable content."), "\(one.stdout)")
        #expect(one.stdout.contains("The file \"Front.solidimagestacklayer\" for the solid image stack \"AppIcon\" does not exist."), "\(one.stdout)")
    }

    /// `--app-icon` names the solid image stack: the partial Info.plist's `CFBundlePrimaryIcon` is
    /// its name, a string ("In your app for tvOS or visionOS, the value is a string that names an
    /// icon in your app's asset catalog": Apple's `CFBundlePrimaryIcon` reference).
    @Test func theAppIconIsTheSolidImageStackAndOtherIconsAndDevicesAreRefused() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.makeCatalog(in: work)
        let icon = try Harness.assetc(Self.actool + ["--app-icon", "AppIcon", "--output-partial-info-plist", "out/partial.plist"], in: work)
        #expect(icon.status == 0, "\(icon.stdout)")
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(try Harness.read(work.appendingPathComponent("out/partial.plist"))),
                                                                           format: nil) as? [String: Any])
        #expect((plist["CFBundleIcons"] as? [String: Any])?["CFBundlePrimaryIcon"] as? String == "AppIcon", "\(plist)")
        #expect(plist.count == 1, "\(plist)")
        // An iOS-style app icon set is no Vision Pro icon.
        let set = work.appendingPathComponent("A.xcassets/Flat.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data("{\"images\": [], \(Self.info)}".utf8).write(to: set.appendingPathComponent("Contents.json"))
        let flat = try Harness.assetc(Self.actool + ["--app-icon", "Flat"], in: work)
        #expect(flat.status == 1 && flat.stdout.contains("the app icon \"Flat\" is not a solid image stack; a visionOS app's icon is a solid image stack"),
                "\(flat.stdout)")
        let phone = try Harness.assetc(Self.actool + ["--target-device", "iphone"], in: work)
        #expect(phone.status == 1 && phone.stdout.contains("--target-device iphone: a visionOS app runs on vision only"), "\(phone.stdout)")
    }

    @Test func buildForVisionOSMakesTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.makeCatalog(in: work, withIcon: false)
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

    /// The manifest's `"solidImageStack"` draws the icon from layered art: each layer at 1024x1024
    /// (512 points at 2x), the back one filling it, stored as a catalog's solid image stack is, and
    /// named in the partial Info.plist as the app's icon.
    @Test func aManifestDrawsTheSolidImageStackFromLayeredArt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="30" fill="#ff8800"/></svg>"##.utf8)
            .write(to: work.appendingPathComponent("front.svg"))
        // A back layer drawn smaller than the icon: it is made to fill it, on the background.
        try Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="#2040a0"/></svg>"##.utf8)
            .write(to: work.appendingPathComponent("back.svg"))
        try Data(##"{"version": 1, "solidImageStack": {"name": "Icon", "layers": ["front.svg", {"name": "Sky", "source": "back.svg"}], "background": "#102030"}}"##.utf8)
            .write(to: work.appendingPathComponent("assets.json"))
        let run = try Harness.assetc(["build", "assets.json", "--platform", "visionos", "--output", "out"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let record = try #require(car.renditions.first { $0.layout == 1018 })
        let list = try #require(record.tlvValues[1012])
        #expect(record.width == 512 && CARReader.le32(list, 0) == 2)
        let layers = car.renditions.filter { $0.layout == 12 }.map { "\($0.name) \($0.width)x\($0.height) idiom \($0.attributes[15] ?? 0)" }.sorted()
        #expect(layers == ["back.svg 1024x1024 idiom 8", "front.svg 1024x1024 idiom 8"], "\(layers)")
        #expect(Set(car.renditions.filter { $0.layout == 1007 }.map(\.name)) == ["Icon/Front/Content", "Icon/Sky/Content"])
        // The back layer fills the icon (its art is cropped to a square), so the flattened image's
        // corner is the art's blue; the front's circle sits in the middle.
        let flattened = try #require(car.renditions.first { $0.attributes[2] == 208 })
        let pixels = try #require(flattened.pixels)
        #expect(Array(pixels[0..<4]) == [0xA0, 0x40, 0x20, 255] && Array(pixels[(512 * 1024 + 512) * 4..<(512 * 1024 + 512) * 4 + 4]) == [0, 0x88, 0xFF, 255],
                "\(Array(pixels[0..<4]))")
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(try Harness.read(work.appendingPathComponent("out/partial-Info.plist"))),
                                                                           format: nil) as? [String: Any])
        #expect((plist["CFBundleIcons"] as? [String: Any])?["CFBundlePrimaryIcon"] as? String == "Icon", "\(plist)")
        // Only for visionOS, and two or three layers.
        let tv = try Harness.assetc(["check", "assets.json", "--platform", "tvos"], in: work)
        #expect(tv.status == 1 && tv.stderr.contains("\"solidImageStack\" draws a visionOS app's icon: build with --platform visionos"), "\(tv.stderr)")
        try Data(#"{"version": 1, "solidImageStack": {"layers": ["front.svg"]}}"#.utf8).write(to: work.appendingPathComponent("assets.json"))
        let one = try Harness.assetc(["check", "assets.json", "--platform", "visionos"], in: work)
        #expect(one.status != 0 && one.stderr.contains("\"layers\" of \"solidImageStack\" has 1; visionOS draws a layered image of 2 to 3"), "\(one.stderr)")
    }
}
