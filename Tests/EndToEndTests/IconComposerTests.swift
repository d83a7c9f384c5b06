import Foundation
import Rendering
import Testing
import TestSupport

/// Icon Composer `.icon` bundles (Xcode 26) as the app icon: the flattened icon drawn at every iOS
/// slot from the bundle's layers (docs/catalogs.md), through `assetc build` and the actool mode; and
/// bundles that try to read outside themselves or to be unbounded, refused by name.
@Suite struct IconComposerTests {
    static let fixtures = Harness.fixtures.appendingPathComponent("iconcomposer")

    func copy(_ bundle: String, as name: String = "AppIcon", into work: URL) throws -> URL {
        let target = work.appendingPathComponent("\(name).icon")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(bundle), to: target)
        return target
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let at = (y * image.width + x) * 4
        return (0..<4).map { Int(image.pixels[at + $0]) }
    }

    /// KeepingYouAwake's icon: an `automatic-gradient` grey background (0.867, lightened toward the
    /// top) and one SVG layer, moved 14 points down and recoloured by its fill (grey 0.178).
    @Test func theFlattenedIconIsDrawnAtEverySlot() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try copy("KeepingYouAwake.icon", into: work)
        let run = try Harness.assetc(["build", "AppIcon.icon", "--app-icon", "AppIcon", "--output", "out", "--werror"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        for (file, side) in [("Resources/AppIcon60x60@2x.png", 120), ("Resources/AppIcon60x60@3x.png", 180), ("Resources/AppIcon76x76@2x~ipad.png", 152),
                             ("Resources/AppIcon83.5x83.5@2x~ipad.png", 167), ("Resources/AppIcon20x20@2x.png", 40), ("AppStore/AppIcon1024x1024.png", 1024)] {
            let image = try PNGCodec.decode(try Harness.read(work.appendingPathComponent("out/" + file))).image
            #expect(image.width == side && image.height == side, "\(file)")
            #expect(image.isOpaque, "\(file)")
        }
        let store = try PNGCodec.decode(try Harness.read(work.appendingPathComponent("out/AppStore/AppIcon1024x1024.png"))).image
        // Background: 0.867 grey (221) from 70% of the height down; lighter at the top (0.903: 230).
        #expect(pixel(store, 20, 1000) == [221, 221, 221, 255], "\(pixel(store, 20, 1000))")
        #expect(abs(pixel(store, 20, 2)[0] - 230) <= 1, "\(pixel(store, 20, 2))")
        // The cup's body, recoloured with its fill (0.178 grey: 45).
        #expect(pixel(store, 512, 650) == [45, 45, 45, 255], "\(pixel(store, 512, 650))")
        // Moved 14 points down: the cup's rim (y 254 in the SVG) is at 268, not 254.
        #expect(pixel(store, 512, 262)[0] > 200 && pixel(store, 512, 274)[0] < 60, "\(pixel(store, 512, 262)) \(pixel(store, 512, 274))")

        // The same icon from a manifest's appIcon.source: the same bytes.
        try #"{"version": 1, "output": "manifest-out", "appIcon": {"source": "AppIcon.icon"}, "images": []}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let manifest = try Harness.assetc(["build", "assets.json"], in: work)
        try #require(manifest.status == 0, "\(manifest.stderr)")
        #expect(try Harness.read(work.appendingPathComponent("manifest-out/AppStore/AppIcon1024x1024.png"))
                == (try Harness.read(work.appendingPathComponent("out/AppStore/AppIcon1024x1024.png"))))
    }

    /// With a car, the dark and tinted appearances are drawn from the bundle's specializations into
    /// Assets.car as iOS 18 takes them: KeepingYouAwake's dark cup is light grey (0.878) on the
    /// system's dark background; the tinted one is grey.
    @Test func darkAndTintedAppearancesAreInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try copy("KeepingYouAwake.icon", into: work)
        let run = try Harness.assetc(["build", "AppIcon.icon", "--app-icon", "AppIcon", "--car", "--output", "out", "--werror"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let icons = car.renditions.filter { $0.attributes[2] == 220 }
        #expect(Set(icons.map { $0.attributes[7] ?? 0 }) == [0, 1, 10], "any, dark and tinted")
        // Stored as Xcode 26's actool stores an Icon Composer icon on iOS (cryptomator's car): one
        // 1024 image per appearance and device idiom at index 1, named as actool names them, and a
        // multisize record [1024, 1024, 1] per idiom; no other size, no App Store idiom.
        #expect(Set(icons.map { "\($0.attributes[7] ?? 0) \($0.attributes[15] ?? 0) \($0.attributes[9] ?? 0) \($0.width) \($0.name)" })
                == ["0 1 1 1024 LightIcon.png", "0 2 1 1024 LightIcon.png", "1 1 1 1024 DarkIcon.png", "1 2 1 1024 DarkIcon.png",
                    "10 1 1 1024 TintedIcon.png", "10 2 1 1024 TintedIcon.png"])
        #expect(car.renditions.filter { $0.layout == 1010 }.map { $0.multisize!.map { [$0.0, $0.1, $0.2] } } == [[[1024, 1024, 1]], [[1024, 1024, 1]]])
        let dark = try #require(icons.first { $0.attributes[7] == 1 && $0.width == 1024 })
        let pixels = try #require(dark.pixels)  // premultiplied BGRA, opaque here
        func at(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(pixels[(y * 1024 + x) * 4 + $0]) } }
        #expect(at(512, 650) == [224, 224, 224], "the cup in its dark fill: \(at(512, 650))")
        #expect(at(20, 1020).allSatisfy { abs($0 - 20) <= 1 }, "the dark background's bottom (0.078): \(at(20, 1020))")
        #expect(icons.first { $0.attributes[7] == 10 }?.isGA8 == true, "the tinted icon is grey")
        let loose = Harness.files(under: work.appendingPathComponent("out/Resources"))
        #expect(!loose.contains { $0.contains("dark") || $0.contains("tinted") }, "\(loose)")
    }

    /// Rectangle's icon: two groups over a Display P3 → sRGB gradient, layers whose SVGs colour with
    /// CSS `color(display-p3 …)` (which librsvg alone draws as nothing), through the actool mode.
    @Test func theActoolModeTakesAnIconBundle() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try copy("Rectangle.icon", into: work)
        let compile = work.appendingPathComponent("compiled")
        try FileManager.default.createDirectory(at: compile, withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", "AppIcon.icon", "--compile", compile.path, "--platform", "iphoneos",
                                      "--minimum-deployment-target", "17.0", "--target-device", "iphone", "--target-device", "ipad",
                                      "--app-icon", "AppIcon", "--output-partial-info-plist", "partial.plist",
                                      "--output-format", "human-readable-text"], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: compile.path).sorted()
        #expect(files == ["AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png", "Assets.car"], "\(files)")
        let plist = try String(contentsOf: work.appendingPathComponent("partial.plist"), encoding: .utf8)
        #expect(plist.contains("<key>CFBundleIconName</key>\n\t<string>AppIcon</string>"), "\(plist)")
        let icon = try PNGCodec.decode(try Harness.read(compile.appendingPathComponent("AppIcon60x60@2x.png"))).image
        // The overlay (a blue P3 rounded rectangle on the right) is drawn, not left out: blue well above red.
        let overlay = pixel(icon, 100, 60)
        #expect(overlay[2] > overlay[0] + 100, "\(overlay)")
        // The background gradient's top: P3 (0.369, 0.435, 0.510) in sRGB, about (84, 111, 131).
        let top = pixel(icon, 3, 1)
        #expect(abs(top[0] - 84) <= 6 && abs(top[1] - 111) <= 6 && abs(top[2] - 131) <= 6, "\(top)")
    }

    /// With a car, the icon's layers go in too, as actool stores them for iOS 26 to draw live with
    /// its glass (docs/assets-car.md, "Icon stacks"): a stack per appearance (light 4, dark 1,
    /// tinted 10) under the icon's name, naming its fill and groups back to front; a group per
    /// group and appearance; the layers (SVGs as their files, PNGs as bitmaps); the fills' colours
    /// and gradients. AM-MiniPlayer's bundle, whose actool car gave the values `IconStackTests` checks.
    @Test func theLayersAreInTheCarAsStacks() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let bundle = try copy("MiniPlayer.icon", into: work)
        let run = try Harness.assetc(["build", "AppIcon.icon", "--app-icon", "AppIcon", "--car", "--output", "out", "--werror"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        var names: [UInt16: String] = [:]
        for (name, attributes) in car.facets { if let id = attributes.first(where: { $0.0 == 17 })?.1 { names[id] = name } }
        func renditions(_ name: String) -> [CARReader.Rendition] {
            let id = car.facets[name]?.first { $0.0 == 17 }?.1
            return car.renditions.filter { id != nil && $0.attributes[17] == id }
        }
        /// TLV 1012's children: what each names, and its frame.
        func children(_ rendition: CARReader.Rendition) -> [String] {
            guard let value = rendition.tlvValues[1012] else { return [] }
            return (0..<Int(CARReader.le32(value, 0))).map { index in
                let at = 8 + 48 * index
                let frame = (1...4).map { Int32(bitPattern: CARReader.le32(value, at + 4 * $0)) }
                let id = UInt16(value[at + 42]) | UInt16(value[at + 43]) << 8
                return "\(names[id] ?? "?") \(frame)"
            }
        }
        let stacks = renditions("AppIcon").filter { $0.layout == 1019 }
        #expect(stacks.map { $0.attributes[7] ?? 0 }.sorted() == [1, 4, 10], "light, dark, tinted")
        #expect(stacks.allSatisfy { $0.attributes[2] == 245 && $0.name == "AppIcon.iconstack" && $0.width == 1024 })
        let light = try #require(stacks.first { $0.attributes[7] == 4 })
        #expect(children(light) == ["AppIcon_Assets/Gradient-1 [0, 0, 0, 0]", "AppIcon/Group 3 [0, 0, 0, 0]", "AppIcon/Group 2 [0, 0, 0, 0]", "AppIcon/Group [0, 0, 0, 0]"])
        #expect(children(try #require(stacks.first { $0.attributes[7] == 1 })).first == "AppIcon_Assets/Gradient-2 [0, 0, 0, 0]")
        #expect(String(decoding: light.tlvValues[1005]?.dropFirst(8) ?? [], as: UTF8.self) == "public.layeredimage\0")
        // The flattened icons are still there, beside the stacks.
        #expect(renditions("AppIcon").contains { $0.attributes[2] == 220 && $0.width == 1024 })
        let group = try #require(renditions("AppIcon/Group").first { $0.attributes[7] == 1 })
        #expect(group.layout == 1020 && group.attributes[2] == 246 && group.name == "IconGroup")
        #expect(children(group) == ["AppIcon_Assets/Ellipse 2 2 [331, 331, 361, 361]"])
        #expect(String(decoding: group.tlvValues[1020] ?? [], as: UTF8.self).contains("AppIcon_Assets/Gradient-3"), "the dark fill, by name")
        let svg = try #require(renditions("AppIcon_Assets/3 _ Layer 3").first)
        #expect(svg.layout == 9 && svg.name == "image.svg" && svg.attributes[12] == 1)
        #expect(svg.embeddedFile == (try Harness.read(bundle.appendingPathComponent("Assets/3 – Layer 3.svg"))), "the SVG as it is")
        let png = try #require(renditions("AppIcon_Assets/Ellipse 2 2").first { ($0.attributes[24] ?? 0) == 0 })
        #expect(png.layout == 12 && png.name == "image.png" && png.width == 361 && png.flags == 16)
        // A Display P3 PNG, as actool stores it: a wide-gamut copy too, keyed by display gamut 1.
        let wide = try #require(renditions("AppIcon_Assets/Ellipse 2 2").first { $0.attributes[24] == 1 })
        #expect(wide.pixelFormat == "WBGR" && wide.colorSpace == 4 && wide.width == 361)
        let color = try #require(renditions("AppIcon_Assets/Color-2").first?.color)
        #expect(color.space == 3 && color.components == [0.918, 0.231, 0.298, 1].map { Double(Float($0)) })
        let gradient = try #require(renditions("AppIcon_Assets/Gradient-3").first)
        #expect(gradient.layout == 1021 && gradient.attributes[2] == 247)
        #expect(String(decoding: gradient.rawPayload, as: UTF8.self).contains("AppIcon_Assets/Color-4\0"), "stops name their colours")
    }

    /// A set whose name is also a name of the icon's stack (`AppIcon/Group`, in a folder `AppIcon`
    /// that provides a namespace) would share it in the car: an error naming both, from `check --car`
    /// as from the build.
    @Test func aSetNamedLikeAPartOfTheStackIsRefused() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try copy("MiniPlayer.icon", into: work)
        let folder = work.appendingPathComponent("App.xcassets/AppIcon")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Group.imageset"), withIntermediateDirectories: true)
        try #"{"info": {"version": 1}, "properties": {"provides-namespace": true}}"#
            .write(to: folder.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"),
                                         to: folder.appendingPathComponent("Group.imageset/g@3x.png"))
        try #"{"images": [{"idiom": "universal", "filename": "g@3x.png", "scale": "3x"}]}"#
            .write(to: folder.appendingPathComponent("Group.imageset/Contents.json"), atomically: true, encoding: .utf8)
        for command in ["check", "build"] {
            let run = try Harness.assetc([command, "App.xcassets", "AppIcon.icon", "--app-icon", "AppIcon", "--car"]
                                         + (command == "build" ? ["--output", "out"] : []), in: work)
            #expect(run.status == 1 && run.stderr.contains("AppIcon.icon/icon.json: error: AppIcon/Group, a name of the icon \"AppIcon\"'s stack"), "\(command): \(run.stderr)")
        }
    }

    /// Other bundles are alternate icons, as actool takes them (`--alternate-app-icon NAME` here,
    /// `--include-all-app-icons` in the actool mode): their home-screen icons loose, their names in
    /// `CFBundleAlternateIcons`, their renditions in the car.
    @Test func otherBundlesAreAlternateIcons() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try copy("KeepingYouAwake.icon", into: work)
        _ = try copy("Rectangle.icon", as: "Night", into: work)
        let run = try Harness.assetc(["build", "AppIcon.icon", "Night.icon", "--app-icon", "AppIcon", "--alternate-app-icon", "Night",
                                      "--car", "--output", "out", "--werror"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let loose = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out/Resources").path).sorted()
        #expect(loose.contains("Night60x60@2x.png") && loose.contains("Night76x76@2x~ipad.png"), "\(loose)")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        #expect(plist.contains("<key>CFBundleAlternateIcons</key>\n\t\t<dict>\n\t\t\t<key>Night</key>"), "\(plist)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.facets["Night"] != nil && car.facets["AppIcon"] != nil)
        // The alternate is Rectangle's drawing, not the primary's.
        let night = try PNGCodec.decode(try Harness.read(work.appendingPathComponent("out/Resources/Night60x60@2x.png"))).image
        let primary = try PNGCodec.decode(try Harness.read(work.appendingPathComponent("out/Resources/AppIcon60x60@2x.png"))).image
        #expect(night.pixels != primary.pixels)
    }

    /// A bundle wins over the icon set of its name, for the primary and for alternates alike (Aidoku,
    /// Zotero and Meshtastic ship an `AppIcon.icon` beside `AppIcon.appiconset` and include all app
    /// icons): the shadowed primary set is not packaged as an alternate of the same files, and the
    /// alternate is the bundle's drawing, not its set's.
    @Test func bundlesShadowIconSetsOfTheirName() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets"),
                                         to: work.appendingPathComponent("Alternates.xcassets"))
        _ = try copy("Rectangle.icon", as: "orange", into: work)
        _ = try copy("KeepingYouAwake.icon", as: "green", into: work)
        let run = try Harness.assetc(["build", "Alternates.xcassets", "orange.icon", "green.icon", "--app-icon", "orange",
                                      "--alternate-app-icons", "--car", "--output", "out"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("produced twice"), "\(run.stderr)")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        #expect(plist.contains("<key>CFBundleAlternateIcons</key>\n\t\t<dict>\n\t\t\t<key>green</key>"), "\(plist)")
        #expect(!plist.contains("<key>orange</key>"), "the primary is not also an alternate: \(plist)")
        // KeepingYouAwake's grey tile, not the set's green square.
        let green = try PNGCodec.decode(try Harness.read(work.appendingPathComponent("out/Resources/green60x60@2x.png"))).image
        let corner = pixel(green, 60, 110)
        #expect(abs(corner[0] - corner[1]) <= 2 && abs(corner[1] - corner[2]) <= 2, "grey, from the bundle: \(corner)")
    }

    /// A bundle named without `--app-icon` is not silently dropped: the build says how to use it.
    @Test func aBundleThatIsNotTheAppIconIsSaid() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try copy("KeepingYouAwake.icon", into: work)
        let run = try Harness.assetc(["build", "AppIcon.icon", "--output", "out"], in: work)
        #expect(run.stderr.contains("AppIcon.icon: warning: the Icon Composer icon \"AppIcon\" is not the app icon; name it with --app-icon AppIcon"), "\(run.stderr)")
    }

    /// An icon whose bitmap layers would hold more than the stack's pixel limit as the car stores
    /// them (70 distinct 1024x1024 PNGs) is refused from the headers, before a layer is decoded,
    /// for `build --car` and `check --car` alike.
    @Test func tooManyPixelsInTheStackAreRefusedBeforeDecoding() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let bundle = try copy("KeepingYouAwake.icon", into: work)
        let script = """
        import sys, zlib, struct
        def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
        for i in range(70):
            raw = (b'\\x00' + bytes([i, 0, 0, 255]) * 1024) * 1024
            data = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1024, 1024, 8, 6, 0, 0, 0)) \\
                + chunk(b'IDAT', zlib.compress(raw, 1)) + chunk(b'IEND', b'')
            open(sys.argv[1] + '/L%d.png' % i, 'wb').write(data)
        """
        let made = try Harness.run("/usr/bin/env", ["python3", "-c", script, bundle.appendingPathComponent("Assets").path])
        try #require(made.status == 0, "\(made.stderr)")
        func layer(_ index: Int) -> String { #"{"name": "L\#(index)", "image-name": "L\#(index).png"}"# }
        let groups = [0, 1].map { group in #"{"layers": [\#((0..<35).map { layer(group * 35 + $0) }.joined(separator: ", "))]}"# }
        try #"{"groups": [\#(groups.joined(separator: ", "))]}"#.write(to: bundle.appendingPathComponent("icon.json"), atomically: true, encoding: .utf8)
        for command in [["build", "--output", "out"], ["check"]] {
            let run = try Harness.assetc(command + ["AppIcon.icon", "--app-icon", "AppIcon", "--car"], in: work)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("the icon's bitmap layers hold 73400320 pixels as the car stores them"), "\(command): \(run.stderr)")
        }
    }

    /// Hostile bundles: a layer named outside the bundle, a link out of `Assets`, a missing file,
    /// too many groups, an absurd scale. Each is an error naming the bundle; nothing is written, for
    /// an iPhone app or a Mac app.
    @Test(arguments: ["parent", "link", "linkedAssets", "missing", "groups", "scale", "cutSVG", "hugeJSON"])
    func hostileBundlesAreRefused(_ kind: String) throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let bundle = try copy("KeepingYouAwake.icon", into: work)
        let json = bundle.appendingPathComponent("icon.json")
        func layer(_ name: String, scale: Double = 1) -> String {
            #"{"layers": [{"name": "L", "image-name": "\#(name)", "position": {"scale": \#(scale), "translation-in-points": [0, 0]}}]}"#
        }
        switch kind {
        case "parent":
            try #"{"groups": [\#(layer("../../secret.svg"))]}"#.write(to: json, atomically: true, encoding: .utf8)
        case "link":
            try "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".write(to: work.appendingPathComponent("outside.svg"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: bundle.appendingPathComponent("Assets/escape.svg").path, withDestinationPath: work.appendingPathComponent("outside.svg").path)
            try #"{"groups": [\#(layer("escape.svg"))]}"#.write(to: json, atomically: true, encoding: .utf8)
        case "linkedAssets":
            // The whole Assets folder a link to a folder outside the bundle.
            let outside = work.appendingPathComponent("secret")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: bundle.appendingPathComponent("Assets/AppIcon.svg"), to: outside.appendingPathComponent("AppIcon.svg"))
            try FileManager.default.removeItem(at: bundle.appendingPathComponent("Assets"))
            try FileManager.default.createSymbolicLink(atPath: bundle.appendingPathComponent("Assets").path, withDestinationPath: outside.path)
        case "missing":
            try #"{"groups": [\#(layer("gone.svg"))]}"#.write(to: json, atomically: true, encoding: .utf8)
        case "groups":
            try #"{"groups": [\#(Array(repeating: layer("AppIcon.svg"), count: 65).joined(separator: ","))]}"#.write(to: json, atomically: true, encoding: .utf8)
        case "hugeJSON":
            // 17 MiB of valid JSON: held to the JSON limit, not a source's 512 MiB (a parse takes
            // about 40 bytes of memory per byte).
            let original = try String(contentsOf: json, encoding: .utf8)
            try (String(repeating: " ", count: 17 << 20) + original).write(to: json, atomically: true, encoding: .utf8)
        case "cutSVG":
            // A layer cut short (hiddify's logo.svg at 150 bytes in the sweep): the message names it.
            let svg = bundle.appendingPathComponent("Assets/AppIcon.svg")
            try Data(try Harness.read(svg).prefix(150)).write(to: svg)
        default:
            try #"{"groups": [\#(layer("AppIcon.svg", scale: 1000))]}"#.write(to: json, atomically: true, encoding: .utf8)
        }
        // For an iPhone app, and for a Mac app (its car and .icns drawn from the same bundle).
        for platform in [[], ["--platform", "macos"]] {
            let run = try Harness.assetc(["build", "AppIcon.icon", "--app-icon", "AppIcon", "--output", "out"] + platform, in: work)
            #expect((1...127).contains(run.status), "\(kind) \(platform): \(run.stderr)")
            #expect(run.stderr.contains("AppIcon.icon/icon.json: error:"), "\(kind) \(platform): \(run.stderr)")
            if kind == "cutSVG" {
                #expect(run.stderr.contains("icon.json: error: the layer file AppIcon.svg: not a readable SVG"), "\(run.stderr)")
            }
            if kind == "hugeJSON" {
                #expect(run.stderr.contains("more than the 16 MiB a JSON file may have"), "\(run.stderr)")
            }
            // Built from the command line, no manifest: no "referenced here" note pointing at nothing.
            #expect(!run.stderr.contains("referenced here"), "\(kind): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources").path), "\(kind) \(platform)")
        }
    }
}
