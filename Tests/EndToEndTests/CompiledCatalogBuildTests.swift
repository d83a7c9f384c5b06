import AssetKit
import Foundation
import Rendering
import Testing
import TestSupport

/// `assetc build X.xcassets --app-icon NAME --car`: `Resources/Assets.car` read back by the test
/// reader (Tests/TestSupport/CARReader.swift, no code shared with the writer): every icon slot and
/// image-set rendition present with its idiom, scale and pixel size, each decoding to its input's
/// pixels; `CFBundleIconName`; identical bytes from two builds.
@Suite struct CompiledCatalogBuildTests {
    static func premultipliedBGRA(_ image: RGBAImage) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(image.pixels.count)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let alpha = Int(image.pixels[index + 3])
            for channel in [2, 1, 0] { out.append(UInt8((Int(image.pixels[index + channel]) * alpha + 127) / 255)) }
            out.append(UInt8(alpha))
        }
        return out
    }

    /// nil when equal; else where the first byte differs (a short message, not two pixel arrays).
    static func difference(_ a: [UInt8]?, _ b: [UInt8]) -> String? {
        guard let a else { return "no pixels" }
        if a == b { return nil }
        guard a.count == b.count else { return "\(a.count) bytes against \(b.count)" }
        let index = a.indices.first { a[$0] != b[$0] }!
        return "byte \(index): \(a[index]) against \(b[index])"
    }

    /// A workspace with Alternates.xcassets and an assets.json compiling it into a car, `orange` as the app icon.
    static func alternatesWithAManifest(name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets"),
                                         to: work.appendingPathComponent("Alternates.xcassets"))
        try Data(#"{"version": 1, "output": "out", "car": true, "catalogs": [{"path": "Alternates.xcassets"}], "appIcon": {"set": "orange"}}"#.utf8)
            .write(to: work.appendingPathComponent("assets.json"))
        return work
    }

    /// `png` tagged with a gamma of 1.0 instead of sRGB: its sRGB and iCCP chunks dropped, a gAMA
    /// chunk (100000) right after IHDR, which ends at byte 33.
    static func taggedWithLinearGamma(_ png: [UInt8]) -> [UInt8] {
        let gamma = chunk("gAMA", [0x00, 0x01, 0x86, 0xA0])
        return withoutChunks(Array(png[0..<33]) + gamma + Array(png[33...]), ["sRGB", "iCCP"], keepingFirst: gamma)
    }

    /// An Xcode 16 app icon set's Contents.json: a universal 1024 image, and its dark and tinted ones.
    static func appearanceIconSet(any: String, dark: String, tinted: String) -> String {
        #"""
        {"images": [
          {"filename": "\#(any)", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
          {"appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "\#(dark)", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
          {"appearances": [{"appearance": "luminosity", "value": "tinted"}], "filename": "\#(tinted)", "idiom": "universal", "platform": "ios", "size": "1024x1024"}
        ], "info": {"author": "xcode", "version": 1}}
        """#
    }

    static func decode(_ url: URL) throws -> RGBAImage {
        try PNGCodec.decode(try Harness.read(url)).image
    }

    static func build(_ catalog: String, _ arguments: [String], name: String = #function) throws -> (URL, Harness.Run) {
        let work = try Harness.temporaryDirectory(name)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/\(catalog)"),
                                         to: work.appendingPathComponent(catalog))
        return (work, try Harness.assetc(["build", catalog, "--output", "out"] + arguments, in: work))
    }

    /// The CWA icon set's inputs by (CoreUI idiom, scale, points), the first entry of each slot.
    static func iconInputs(_ set: URL) throws -> [String: URL] {
        let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as! [String: Any]
        var inputs: [String: URL] = [:]
        for entry in contents["images"] as! [[String: String]] {
            guard let file = entry["filename"] else { continue }
            let idiom = ["iphone": 1, "ipad": 2, "ios-marketing": 6][entry["idiom"]!]!
            let points = String(entry["size"]!.split(separator: "x")[0])
            let key = "\(idiom) \(entry["scale"]!.dropLast()) \(points)"
            if inputs[key] == nil { inputs[key] = set.appendingPathComponent(file) }
        }
        return inputs
    }

    /// `--car-path`: the car where it is asked in the output folder (the SwiftPM plugin's
    /// `Assets.car` beside `Resources`), the same bytes as at its usual place; a later build
    /// without it moves it back and leaves no copy behind; paths out of the output folder, into
    /// `.assetc` or not ending in `.car` are refused before anything is read.
    @Test func theCarGoesWhereCarPathSays() throws {
        let work = try Self.alternatesWithAManifest()
        defer { Harness.removeTemporary(work) }
        let usual = try Harness.assetc(["build", "assets.json", "--quiet"], in: work)
        try #require(usual.status == 0, "\(usual.stderr)")
        let car = try Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))
        let moved = try Harness.assetc(["build", "assets.json", "--quiet", "--car-path", "Assets.car"], in: work)
        try #require(moved.status == 0, "\(moved.stderr)")
        #expect(try Harness.read(work.appendingPathComponent("out/Assets.car")) == car)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources/Assets.car").path))
        let report = try String(contentsOf: work.appendingPathComponent("out/report.json"), encoding: .utf8)
        #expect(report.contains("\"Assets.car\"") && !report.contains("Resources/Assets.car"), "\(report)")
        let back = try Harness.assetc(["build", "assets.json", "--quiet"], in: work)
        try #require(back.status == 0, "\(back.stderr)")
        #expect(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")) == car)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Assets.car").path))
        for bad in ["../Assets.car", "/tmp/Assets.car", "Resources/Assets.png", ".assetc/Assets.car", "a//Assets.car"] {
            let refused = try Harness.assetc(["build", "assets.json", "--car-path", bad], in: work)
            #expect(refused.status == 64 && refused.stderr.contains("--car-path"), "\(bad): \(refused.status) \(refused.stderr)")
        }
        #expect(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")) == car, "a refused build leaves the tree")
    }

    /// 16,000 colour sets are more names than the car's name trees hold: `check --car` refuses them
    /// when it plans, as the writer would, where it called them valid.
    @Test func moreNamesThanTheCarHoldsAreRefusedWhenPlanned() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Many.xcassets")
        let colour = Data(#"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0.5","green":"0.5","blue":"0.5","alpha":"1"}}}],"info":{"author":"xcode","version":1}}"#.utf8)
        for index in 0..<16_000 {
            let set = catalog.appendingPathComponent("C\(index).colorset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try colour.write(to: set.appendingPathComponent("Contents.json"))
        }
        let check = try Harness.assetc(["check", "Many.xcassets", "--car"], in: work)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("16000 names for Assets.car: more than the 15876 its name trees hold"), "\(check.stderr)")
        #expect(try Harness.assetc(["check", "Many.xcassets"], in: work).status == 0, "without a car the colours are only in the table")
    }

    @Test func classicIconSetAndImageSets() throws {
        let (work, run) = try Self.build("Real.xcassets", ["--app-icon", "AppIcon", "--car"])
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0, "\(run.stderr)")
        let carURL = work.appendingPathComponent("out/Resources/Assets.car")
        let car = try CARReader(try Harness.read(carURL))

        // The icon: every iOS 7+ slot of the device table, the App Store icon as idiom 6, and the
        // set's iOS 6 sizes, which actool keeps in the car (docs/xcode-generations.md).
        #expect(car.facets["AppIcon"]!.map { [$0.0, $0.1] } == [[1, 85], [2, 220], [17, 6849]])
        let icons = car.renditions.filter { $0.attributes[2] == 220 }
        let expected: Set<String> = [
            "1 2 20 40", "1 3 20 60", "1 2 29 58", "1 3 29 87", "1 2 40 80", "1 3 40 120", "1 2 60 120", "1 3 60 180",
            "2 1 20 20", "2 2 20 40", "2 1 29 29", "2 2 29 58", "2 1 40 40", "2 2 40 80", "2 1 76 76", "2 2 76 152", "2 2 83.5 167",
            "6 1 1024 1024",
            // The 60-point @3x icon again, at scale 2 as 90 points, subtype 1792 (Xcode 14.3–16.2).
            "1 2 90 180",
            // iOS 6: iPhone 29 @1x and 57 @1x/@2x, iPad 50 and 72 @1x/@2x.
            "1 1 29 29", "1 1 57 57", "1 2 57 114", "2 1 50 50", "2 2 50 100", "2 1 72 72", "2 2 72 144",
        ]
        // actool's numbering: the position among the set's point sizes, 90 included (Xcode 16.2's
        // and 26.3's cars of full legacy sets: 20, 29, 40, 50, 57, 60, 72, 76, 83.5 → 1…9).
        let sizeIndex: [UInt16: String] = [1: "20", 2: "29", 3: "40", 4: "50", 5: "57", 6: "60", 7: "72", 8: "76", 9: "83.5", 10: "90", 11: "1024"]
        func key(_ rendition: CARReader.Rendition) -> String {
            "\(rendition.attributes[15]!) \(rendition.scaleTimes100 / 100) \(sizeIndex[rendition.attributes[9]!] ?? "?") \(rendition.width)"
        }
        #expect(Set(icons.map(key)) == expected)
        #expect(icons.count == expected.count)
        // Each decodes to its input PNG's pixels.
        let inputs = try Self.iconInputs(work.appendingPathComponent("Real.xcassets/CWA/AppIcon.appiconset"))
        for icon in icons {
            let parts = key(icon).split(separator: " ")
            let slot = parts[2] == "90" ? "1 3 60" : "\(parts[0]) \(parts[1]) \(parts[2])"
            #expect((icon.attributes[16] == 1792) == (parts[2] == "90"))
            let input = try #require(inputs[slot], "\(key(icon))")
            let image = try Self.decode(input)
            #expect(Int(icon.width) == image.width && Int(icon.height) == image.height)
            #expect(Self.difference(icon.pixels, Self.premultipliedBGRA(image)) == nil, "\(input.lastPathComponent)")
        }
        // Multisize records agree with the keys: one per idiom and subtype.
        #expect(car.renditions.filter({ $0.layout == 1010 }).count == 4)
        for record in car.renditions.filter({ $0.layout == 1010 }) {
            let idiom = record.attributes[15]!, subtype = record.attributes[16]!
            let indexes = Set(icons.filter { $0.attributes[15] == idiom && $0.attributes[16] == subtype }.map { UInt32($0.attributes[9]!) })
            #expect(Set(record.multisize!.map(\.2)) == indexes)
        }

        // Image sets: every PNG the build made for the main bundle, by name, scale and appearance,
        // each decoding to that PNG (itself pixel-identical to a per-scale PNG slot's file). As
        // with actool, the PNGs are not in the bundle: they are kept under .assetc/ for the next build.
        let images = car.renditions.filter { $0.attributes[2] == 181 && $0.layout == 12 && $0.pixelFormat != "GEPJ" }
        #expect(images.count == CatalogBuildTests.expectedFiles.keys.filter { $0.hasSuffix(".png") }.count)
        let names = Dictionary(uniqueKeysWithValues: car.facets.map { ($0.value.first { $0.0 == 17 }!.1, $0.key) })
        // The JPEG slot: its file as it is, its size only in the TLVs, as actool stores one.
        let jpegs = car.renditions.filter { $0.pixelFormat == "GEPJ" }
        #expect(jpegs.count == 1)
        if let jpeg = jpegs.first {
            #expect(names[jpeg.attributes[17]!] == "icon-trans" && jpeg.name == "trans.jpg" && jpeg.width == 0 && jpeg.height == 0)
            #expect(jpeg.embeddedFile == (try Harness.read(work.appendingPathComponent("Real.xcassets/HomeAssistant/icon-trans.imageset/trans.jpg"))))
            #expect(jpeg.tlvs.map(\.type) == [1001, 1003, 1004, 1006] && jpeg.flags == 0x10)
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources/icon-trans.jpg").path))
        }
        // Each single-scale PDF or SVG is also kept as a vector, the source file's bytes at key
        // scale 0: a PDF stored as it is, an SVG LZFSE-compressed (DWAR version 1), as actool does.
        let vectors = car.renditions.filter { $0.layout == 9 }
        #expect(vectors.contains { $0.pixelFormat == " FDP" })
        #expect(vectors.filter { $0.pixelFormat == " GVS" }.map(\.name) == ["fas-ambulance.svg"])
        for vector in vectors {
            let name = try #require(names[vector.attributes[17]!])
            #expect(vector.attributes[12] == 0 && vector.flags == 0x04 && vector.width == 0 && vector.height == 0, "\(name)")
            #expect(vector.tlvs.map(\.type) == [1004, 1006], "\(name)")
            if vector.pixelFormat == " GVS" {
                #expect(vector.name.hasSuffix(".svg"), "\(name)")
                #expect(vector.embeddedFile == (try Harness.read(work.appendingPathComponent("Real.xcassets/GoMap/fas-ambulance.imageset/fas-ambulance.svg"))))
            } else {
                #expect(vector.pixelFormat == " FDP" && vector.name.hasSuffix(".pdf"), "\(name)")
                #expect(vector.embeddedFile?.starts(with: Array("%PDF".utf8)) == true, "\(name)")
            }
            #expect(images.contains { $0.attributes[17] == vector.attributes[17] && $0.flags & 0x04 != 0 }, "\(name) has bitmaps drawn from the vector")
        }
        for rendition in images {
            let name = try #require(names[rendition.attributes[17]!])
            let loose = name.replacingOccurrences(of: ".", with: "_")
                + (rendition.attributes[7] == 1 ? "-dark" : "") + (rendition.scaleTimes100 > 100 ? "@\(rendition.scaleTimes100 / 100)x" : "") + ".png"
            let image = try Self.decode(work.appendingPathComponent("out/.assetc/renditions/" + loose))
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources/" + loose).path), "\(loose) is loose")
            #expect(Self.difference(rendition.pixels, Self.premultipliedBGRA(image)) == nil, "\(loose)")
            #expect(rendition.attributes[15] == 0, "universal")
        }
        // A per-scale PNG set, against the catalog's own files.
        let tube = work.appendingPathComponent("Real.xcassets/CWA/Icons - Test Tube.imageset")
        for (scale, file) in [(1, "Icons - Test Tube.png"), (2, "Icons - Test Tube@2x.png"), (3, "Icons - Test Tube@3x.png")] {
            let rendition = try #require(images.first { names[$0.attributes[17]!] == "Icons - Test Tube" && $0.attributes[12] == UInt16(scale) })
            #expect(Self.difference(rendition.pixels, Self.premultipliedBGRA(try Self.decode(tube.appendingPathComponent(file)))) == nil, "\(file)")
            #expect(rendition.name == file)
        }

        // The partial Info.plist names the icon set.
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        #expect(plist.components(separatedBy: "<key>CFBundleIconName</key>\n").count == 4, "top level, CFBundleIcons and CFBundleIcons~ipad")
        #expect(plist.contains("<string>AppIcon</string>"))

        // Same inputs, same bytes; a no-op build keeps the file.
        let first = try Harness.read(carURL)
        let modified = try FileManager.default.attributesOfItem(atPath: carURL.path)[.modificationDate] as! Date
        let again = try Harness.assetc(["build", "Real.xcassets", "--output", "other", "--app-icon", "AppIcon", "--car"], in: work)
        #expect(again.status == 0)
        #expect(try Harness.read(work.appendingPathComponent("other/Resources/Assets.car")) == first)
        let noop = try Harness.assetc(["build", "Real.xcassets", "--output", "out", "--app-icon", "AppIcon", "--car"], in: work)
        #expect(noop.stderr.contains("(0 rendered"), "\(noop.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: carURL.path)[.modificationDate] as! Date == modified)

        // Without --car the file goes, and so does CFBundleIconName; the image sets are loose again
        // and nothing is left under .assetc/renditions.
        let without = try Harness.assetc(["build", "Real.xcassets", "--output", "out", "--app-icon", "AppIcon"], in: work)
        #expect(without.status == 0, "\(without.stderr)")
        #expect(!FileManager.default.fileExists(atPath: carURL.path))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources/Icons - Test Tube@2x.png").path))
        #expect(try Harness.tree(under: work.appendingPathComponent("out/.assetc")).keys.filter { $0.hasPrefix("renditions/") }.isEmpty)
        #expect(!(try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)).contains("CFBundleIconName"))
    }

    @Test func singleSizeIconSetAsXcode26WritesIt() throws {
        let (work, run) = try Self.build("Alternates.xcassets", ["--app-icon", "green", "--car"])
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let icons = car.renditions.filter { $0.attributes[2] == 220 }
        #expect(icons.map { [$0.attributes[15]!, $0.attributes[12]!, $0.attributes[9]!, UInt16($0.width)] } == [[1, 1, 1, 1024], [2, 1, 1, 1024]])
        let input = try Self.decode(work.appendingPathComponent("Alternates.xcassets/AlternateIcons/green.appiconset/Color=Green_1024pt@1x.png"))
        #expect(input.isOpaque)
        for icon in icons { #expect(Self.difference(icon.pixels, Self.premultipliedBGRA(input)) == nil) }
        #expect(car.renditions.filter { $0.layout == 1010 }.map { $0.multisize!.map { [$0.0, $0.1, $0.2] } } == [[[1024, 1024, 1]], [[1024, 1024, 1]]])
    }

    /// Xcode 14's "All Sizes" set (universal entries per point size and scale): the loose icons and the
    /// car's icons are each size's own file, not the 1024 image resized; iPhone and iPad share a size.
    @Test func anAllSizesIconSetKeepsEachSizesOwnFile() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let cwa = Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/CWA/AppIcon.appiconset")
        let files = [("20", "2x", "notification-icon@2x.png"), ("20", "3x", "notification-icon@3x.png"),
                     ("29", "2x", "icon-small@2x.png"), ("29", "3x", "icon-small@3x.png"), ("40", "2x", "icon-40@2x.png"),
                     ("40", "3x", "icon-40@3x.png"), ("60", "2x", "icon-60@2x.png"), ("60", "3x", "icon-60@3x.png"),
                     ("76", "2x", "icon-76@2x.png"), ("83.5", "2x", "icon-83.5@2x.png")]
        var entries = [#"{"filename": "large.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}"#]
        for (points, scale, file) in files {
            try FileManager.default.copyItem(at: cwa.appendingPathComponent(file), to: set.appendingPathComponent(file))
            entries.append(#"{"filename": "\#(file)", "idiom": "universal", "platform": "ios", "scale": "\#(scale)", "size": "\#(points)x\#(points)"}"#)
        }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets/AlternateIcons/green.appiconset/Color=Green_1024pt@1x.png"),
                                         to: set.appendingPathComponent("large.png"))
        try (#"{"images": ["# + entries.joined(separator: ",\n") + #"], "info": {"author": "xcode", "version": 1}}"#)
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)

        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--app-icon", "AppIcon", "--car", "--werror"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        for (loose, input) in [("AppIcon60x60@2x.png", "icon-60@2x.png"), ("AppIcon76x76@2x~ipad.png", "icon-76@2x.png")] {
            let written = try Self.decode(work.appendingPathComponent("out/Resources/" + loose))
            #expect(Self.difference(Self.premultipliedBGRA(written), Self.premultipliedBGRA(try Self.decode(set.appendingPathComponent(input)))) == nil, "\(loose)")
        }
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let icons = car.renditions.filter { $0.attributes[2] == 220 }
        for (idiom, points, scale, input) in [(1, "60", 2, "icon-60@2x.png"), (1, "20", 3, "notification-icon@3x.png"),
                                              (2, "20", 2, "notification-icon@2x.png"), (2, "83.5", 2, "icon-83.5@2x.png"),
                                              (6, "1024", 1, "large.png")] {
            let image = try Self.decode(set.appendingPathComponent(input))
            let matching = icons.filter { $0.attributes[15] == UInt16(idiom) && $0.attributes[12] == UInt16(scale) && Int($0.width) == image.width }
            #expect(matching.count == 1, "\(idiom) \(points)@\(scale)x")
            if let icon = matching.first {
                #expect(Self.difference(icon.pixels, Self.premultipliedBGRA(image)) == nil, "\(idiom) \(points)@\(scale)x")
            }
        }
    }

    /// iOS 18's dark and tinted app icons (Xcode 16's set: a universal 1024 image per appearance) go
    /// into the car as Xcode 26's actool stores them: once per device idiom at index 1, appearance 1
    /// (dark) and 10 (`ISAppearanceTintable`, a grey icon as `GA8`), transparency kept, no multisize
    /// record of their own, nothing loose. Without `--car` they are noted and skipped.
    @Test func darkAndTintedAppIconsAreInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let icons = Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets/AlternateIcons")
        try FileManager.default.copyItem(at: icons.appendingPathComponent("green.appiconset/Color=Green_1024pt@1x.png"), to: set.appendingPathComponent("any.png"))
        try FileManager.default.copyItem(at: icons.appendingPathComponent("orange.appiconset/Color=Orange_1024pt@1x.png"), to: set.appendingPathComponent("dark.png"))
        // Grey with a transparent top half.
        var rows: [UInt8] = []
        for y in 0..<1024 { rows += [0] + Array([[UInt8]](repeating: y < 512 ? [0x30, 0x00] : [0xC0, 0xFF], count: 1024).joined()) }
        try Data(PNGSamples.png(width: 1024, height: 1024, depth: 8, colorType: 4, rows: rows)).write(to: set.appendingPathComponent("tinted.png"))
        try Self.appearanceIconSet(any: "any.png", dark: "dark.png", tinted: "tinted.png")
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)

        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--app-icon", "AppIcon", "--car", "--werror"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let stored = car.renditions.filter { $0.attributes[2] == 220 }
        #expect(stored.map { [$0.attributes[7]!, $0.attributes[15]!, $0.attributes[12]!, $0.attributes[9]!, UInt16($0.width)] }.sorted { $0.lexicographicallyPrecedes($1) }
                == [[0, 1, 1, 1, 1024], [0, 2, 1, 1, 1024], [1, 1, 1, 1, 1024], [1, 2, 1, 1, 1024], [10, 1, 1, 1, 1024], [10, 2, 1, 1, 1024]])
        #expect(car.appearances["ISAppearanceTintable"] == 10 && car.appearances["UIAppearanceDark"] == 1 && car.appearances["UIAppearanceAny"] == 0)
        #expect(car.renditions.filter { $0.layout == 1010 }.count == 2, "multisize records for the plain icon only")
        let dark = Self.premultipliedBGRA(try Self.decode(set.appendingPathComponent("dark.png")))
        let tinted = Self.premultipliedBGRA(try Self.decode(set.appendingPathComponent("tinted.png")))
        for rendition in stored where rendition.attributes[7] == 1 {
            #expect(!rendition.isGA8 && Self.difference(rendition.pixels, dark) == nil)
        }
        for rendition in stored where rendition.attributes[7] == 10 {
            #expect(rendition.isGA8 && Self.difference(rendition.pixels, tinted) == nil, "transparency kept")
        }
        let loose = Harness.files(under: work.appendingPathComponent("out/Resources"))
        #expect(!loose.contains { $0.contains("dark") || $0.contains("tinted") }, "\(loose)")
        #expect(try Self.decode(work.appendingPathComponent("out/AppStore/AppIcon1024x1024.png")).pixels
                == (try Self.decode(set.appendingPathComponent("any.png"))).pixels)

        let plain = try Harness.assetc(["build", "App.xcassets", "--output", "loose", "--app-icon", "AppIcon", "-v"], in: work)
        #expect(plain.status == 0 && plain.stderr.contains("note: skipped dark.png: dark app icons are only in Assets.car (build with --car)"), "\(plain.stderr)")

        // The same set as an alternate icon keeps its dark and tinted images too (they were
        // dropped with the App Store icon, which only the primary has), and no 1024 file is loose.
        try FileManager.default.copyItem(at: set, to: work.appendingPathComponent("App.xcassets/Night.appiconset"))
        let both = try Harness.assetc(["build", "App.xcassets", "--output", "both", "--app-icon", "AppIcon", "--alternate-app-icons", "--car", "--werror"], in: work)
        #expect(both.status == 0, "\(both.stderr)")
        let withAlternate = try CARReader(try Harness.read(work.appendingPathComponent("both/Resources/Assets.car")))
        let night = try #require(withAlternate.facets["Night"]?.first { $0.0 == 17 }?.1)
        let nightIcons = withAlternate.renditions.filter { $0.attributes[17] == night && $0.attributes[2] == 220 && ($0.attributes[7] ?? 0) != 0 }
        #expect(nightIcons.map { [$0.attributes[7]!, $0.attributes[15]!, UInt16($0.width)] }.sorted { $0.lexicographicallyPrecedes($1) }
                == [[1, 1, 1024], [1, 2, 1024], [10, 1, 1024], [10, 2, 1024]])
        // Stored as the primary is (a single-size set): every image at index 1, the one index its
        // multisize records list (DuckDuckGo's alternates had their dark and tinted images at an
        // index no record of theirs listed).
        #expect(Set(withAlternate.renditions.filter { $0.attributes[17] == night && $0.attributes[2] == 220 }.map { $0.attributes[9] ?? 0 }) == [1])
        #expect(withAlternate.renditions.filter { $0.attributes[17] == night && $0.layout == 1010 }.map { $0.multisize!.map { [$0.0, $0.1, $0.2] } }
                == [[[1024, 1024, 1]], [[1024, 1024, 1]]])
        let plist = try String(contentsOf: work.appendingPathComponent("both/partial-Info.plist"), encoding: .utf8)
        #expect(!plist.contains("1024"), "\(plist)")
    }

    /// High-contrast images and colours, and colours that refer to system colours, are in the car:
    /// the high-contrast appearances of CoreUI's iOS table, the system colour's name after its
    /// fallback components; the high-contrast image is no longer left loose.
    @Test func highContrastAndSystemColoursAreInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let badge = work.appendingPathComponent("App.xcassets/badge.imageset")
        let tint = work.appendingPathComponent("App.xcassets/Tint.colorset")
        for folder in [badge, tint] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for file in ["badge@3x.png", "badge-contrast@3x.png"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: badge.appendingPathComponent(file))
        }
        try #"""
            {"images": [{"idiom": "universal", "filename": "badge@3x.png", "scale": "3x"},
                        {"idiom": "universal", "filename": "badge-contrast@3x.png", "scale": "3x",
                         "appearances": [{"appearance": "contrast", "value": "high"}]}]}
            """#.write(to: badge.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try #"""
            {"colors": [
              {"idiom": "universal", "color": {"platform": "ios", "reference": "systemBlueColor"}},
              {"idiom": "universal", "appearances": [{"appearance": "contrast", "value": "high"}],
               "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "0.000", "blue": "0.800", "alpha": "1.000"}}},
              {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}, {"appearance": "contrast", "value": "high"}],
               "color": {"color-space": "srgb", "components": {"red": "0.500", "green": "0.500", "blue": "1.000", "alpha": "1.000"}}}]}
            """#.write(to: tint.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "--werror", "-v"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("not written to Assets.car"), "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let images = car.renditions.filter { $0.attributes[2] == 181 }
        #expect(images.map { $0.attributes[7] ?? 0 }.sorted() == [0, 2], "any and high contrast")
        let colors = Dictionary(uniqueKeysWithValues: car.renditions.filter { $0.layout == 1009 }.map { ($0.attributes[7] ?? 0, $0) })
        #expect(colors[0]?.systemColorName == "systemBlueColor" && colors[0]?.color?.space == 4)
        #expect(colors[0]?.color?.components == [0, 122.0 / 255, 1, 1], "systemBlue's light value as the fallback")
        #expect(colors[2]?.systemColorName == nil && colors[2]?.color?.components == [0, 0, Double(Float(0.8)), 1])
        #expect(colors[3]?.color?.components == [0.5, 0.5, 1, 1])
        #expect(car.appearances == ["UIAppearanceAny": 0, "UIAppearanceHighContrastAny": 2, "UIAppearanceHighContrastDark": 3])
        let loose = Harness.files(under: work.appendingPathComponent("out/Resources"))
        #expect(!loose.contains { $0.contains("badge") }, "the image set is only in the car: \(loose)")
    }

    /// Data sets (`NSDataAsset`) in the car as actool stores them: layout 1000, pixel format DATA,
    /// the type identifier in TLV 1005, the file verbatim; without `--car` each is said to be left
    /// out (NSDataAsset reads nothing else), and a file past the source limit is an error naming it.
    @Test func dataSetsAreInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let config = work.appendingPathComponent("App.xcassets/Config/settings.dataset")
        let blob = work.appendingPathComponent("App.xcassets/blob.dataset")
        for folder in [config, blob] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try #"{"properties": {"provides-namespace": true}}"#.write(to: work.appendingPathComponent("App.xcassets/Config/Contents.json"), atomically: true, encoding: .utf8)
        let json = Data(#"{"feature": true}"#.utf8)
        try json.write(to: config.appendingPathComponent("settings.json"))
        try #"{"data": [{"idiom": "universal", "filename": "settings.json", "universal-type-identifier": "public.json"}]}"#
            .write(to: config.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let bytes = Data((0..<300).map { UInt8($0 % 251) })
        try bytes.write(to: blob.appendingPathComponent("phone.bin"))
        try Data(bytes.reversed()).write(to: blob.appendingPathComponent("pad.bin"))
        try #"{"data": [{"idiom": "iphone", "filename": "phone.bin"}, {"idiom": "ipad", "filename": "pad.bin"}]}"#
            .write(to: blob.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)

        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "--werror"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let data = car.renditions.filter { $0.layout == 1000 }
        #expect(data.count == 3)
        let settings = try #require(data.first { $0.name == "CoreStructuredImage" })
        #expect(settings.pixelFormat == "ATAD" && settings.flags == 0 && settings.width == 0 && settings.scaleTimes100 == 100)
        #expect(settings.attributes[2] == 181 && settings.attributes[12] == 1 && settings.attributes[15] == 0)
        #expect(settings.tlvs.map(\.type) == [1004, 1005, 1006])
        #expect(settings.tlvValues[1005] == [12, 0, 0, 0, 0, 0, 0, 0] + Array("public.json".utf8) + [0])
        #expect(settings.embeddedFile == Array(json))
        #expect(car.facets["Config/settings"] != nil && car.facets["blob"] != nil)
        let phone = try #require(data.first { $0.attributes[15] == 1 })
        #expect(phone.name == "phone.bin" && phone.tlvs.map(\.type) == [1004, 1006] && phone.embeddedFile == Array(bytes))
        #expect(data.first { $0.attributes[15] == 2 }?.embeddedFile == Array(bytes.reversed()))
        #expect(!Harness.files(under: work.appendingPathComponent("out/Resources")).contains { $0.contains("settings") || $0.contains(".bin") })

        // Without a car: said per set, and `check` does not call the catalog simply valid.
        let loose = try Harness.assetc(["build", "App.xcassets", "--output", "loose", "-v"], in: work)
        #expect(loose.status == 0 && loose.stderr.contains("the data set \"blob\" is only compiled into Assets.car (build with --car)"), "\(loose.stderr)")
        let check = try Harness.assetc(["check", "App.xcassets"], in: work)
        #expect(!check.stderr.contains("is valid (") || check.stderr.contains("left out"), "\(check.stderr)")

        // A file past the source limit (sparse: no disk is used): an error naming it, nothing written.
        let huge = blob.appendingPathComponent("phone.bin")
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 600 << 20)
        try handle.close()
        let before = try Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))
        let refused = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car"], in: work)
        #expect((1...127).contains(refused.status) && refused.stderr.contains("phone.bin") && refused.stderr.contains("error:"), "\(refused.stderr)")
        #expect(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")) == before)
    }

    /// Slots chosen by size class, memory or graphics family are in the car with CoreUI's values
    /// (20/21 compact 1 regular 2, 22 memory, 23 graphics) and the key format grows for the whole
    /// car; a value whose number is not known stays out, with the skipped-slot note.
    @Test func traitSlotsAreInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/hero.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for file in ["hero@2x.png", "compact@2x.png", "big@2x.png", "metal@2x.png", "apple7@2x.png"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: set.appendingPathComponent(file))
        }
        try #"""
            {"images": [{"idiom": "universal", "filename": "hero@2x.png", "scale": "2x"},
                        {"idiom": "universal", "filename": "compact@2x.png", "scale": "2x", "width-class": "compact"},
                        {"idiom": "iphone", "filename": "big@2x.png", "scale": "2x", "memory": "4GB", "height-class": "regular"},
                        {"idiom": "universal", "filename": "metal@2x.png", "scale": "2x", "graphics-feature-set": "metal2v2"},
                        {"idiom": "universal", "filename": "apple7@2x.png", "scale": "2x", "graphics-feature-set": "apple7"}]}
            """#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v", "--depfile", "deps.d"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("3 slots of \"hero\" chosen by size class, memory, graphics family, display gamut or direction are compiled into Assets.car only"), "\(run.stderr)")
        // Their files are inputs (the depfile names them), and an unchanged build reuses the car.
        #expect(try String(contentsOf: work.appendingPathComponent("deps.d"), encoding: .utf8).contains("compact@2x.png"))
        for _ in 0..<3 {
            let again = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v"], in: work)
            #expect(again.status == 0 && !again.stderr.contains("images encoded"), "the car is reused: \(again.stderr)")
        }
        #expect(run.stderr.contains("skipped 1 slot of \"hero\" chosen by size class"), "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.keyFormat == [7, 13, 12, 15, 16, 9, 20, 21, 23, 22, 17, 1, 2])
        let keys = car.renditions.filter { $0.attributes[2] == 181 }.map { r in [20, 21, 22, 23, 15].map { r.attributes[$0] ?? 0 } }
        #expect(keys.sorted { $0.lexicographicallyPrecedes($1) } == [[0, 0, 0, 0, 0], [0, 0, 0, 2, 0], [0, 2, 3, 0, 1], [1, 0, 0, 0, 0]])
        #expect(car.renditions.first { $0.attributes[20] == 1 }?.name == "compact@2x.png")
        let loose = Harness.files(under: work.appendingPathComponent("out/Resources"))
        #expect(!loose.contains { $0.contains("compact") || $0.contains("big") }, "\(loose)")
    }

    /// CarPlay (`car` idiom) slots are in the car under CoreUI's idiom 4, beside the iPhone's, with
    /// the idiom's bit in BITMAPKEYS; without --car they are a note, not a warning.
    @Test func carPlaySlotsAreInTheCarUnderIdiomFour() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/route.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: set.appendingPathComponent("route@2x.png"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("sets/AppIcon.appiconset/icon-40@3x.png"), to: set.appendingPathComponent("route-car@2x.png"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("sets/AppIcon.appiconset/icon-60@3x.png"), to: set.appendingPathComponent("route-car@3x.png"))
        try #"""
            {"images": [{"idiom": "iphone", "filename": "route@2x.png", "scale": "2x"},
                        {"idiom": "car", "filename": "route-car@2x.png", "scale": "2x"},
                        {"idiom": "car", "filename": "route-car@3x.png", "scale": "3x"},
                        {"idiom": "car", "filename": "route-car@3x.png", "scale": "3x"}]}
            """#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let plain = try Harness.assetc(["build", "App.xcassets", "--output", "loose", "-v"], in: work)
        #expect(plain.status == 0 && !plain.stderr.contains("skipped the car slots"), "\(plain.stderr)")
        #expect(plain.stderr.contains("2 CarPlay (car idiom) slots of \"route\" are compiled into Assets.car only"), "\(plain.stderr)")
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v", "--depfile", "deps.d"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\"route-car@3x.png\" is a second file for the same idiom, scale, appearance and traits"), "\(run.stderr)")
        #expect(try String(contentsOf: work.appendingPathComponent("deps.d"), encoding: .utf8).contains("route-car@3x.png"))
        let bytes = try Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))
        let car = try CARReader(bytes)
        #expect(car.keyFormat == [7, 13, 12, 15, 16, 9, 17, 1, 2], "CarPlay needs no attribute of its own")
        let route = car.renditions.filter { $0.name.hasPrefix("route") }
        let found = route.map { "\($0.name) idiom \($0.attributes[15] ?? 0) scale \($0.attributes[12] ?? 0) \($0.width)x\($0.height)" }.sorted()
        #expect(found == ["route-car@2x.png idiom 4 scale 2 120x120", "route-car@3x.png idiom 4 scale 3 180x180",
                          "route@2x.png idiom 1 scale 2 180x180"], "\(found)")
        // BITMAPKEYS: the facet's idiom mask has the phone's bit and CarPlay's.
        let identifier = try #require(route.first?.attributes[17])
        let masks = try #require(car.bitmapKeys[UInt32(identifier)])
        let idiomMask = masks[try #require(car.keyFormat.firstIndex(of: 15))]
        #expect(idiomMask == (1 << 1) | (1 << 4), "\(String(idiomMask, radix: 2))")
    }

    /// Localized slots (`locale`) are in the car keyed by attribute 13, numbered by the car's
    /// LOCALIZATIONKEYS (names in byte order from 1), with the attribute's bits in BITMAPKEYS; a
    /// locale that is not a language tag is skipped, and a second file for one locale is said.
    /// A colour set named as an image set (Loop's `carbs`) is left out of the car, the image keeping
    /// the name: said when planning, so `check --car` fails as the build warns; said once.
    @Test func aColourNamedAsAnImageIsSaidByCheckToo() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/carbs.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: set.appendingPathComponent("carbs@3x.png"))
        try #"{"images": [{"idiom": "universal", "filename": "carbs@3x.png", "scale": "3x"}]}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let color = work.appendingPathComponent("App.xcassets/carbs.colorset")
        try FileManager.default.createDirectory(at: color, withIntermediateDirectories: true)
        try #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}}]}"#
            .write(to: color.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let message = "warning: the colour set \"carbs\" has the name of an image or app icon set; only that set is in Assets.car, "
            + "so UIColor(named: \"carbs\") will not find the colour"
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car"], in: work)
        #expect(run.status == 0 && run.stderr.components(separatedBy: message).count == 2, "once: \(run.stderr)")
        let check = try Harness.assetc(["check", "App.xcassets", "--car"], in: work)
        #expect(check.status != 0 && check.stderr.contains("App.xcassets/carbs.colorset/Contents.json: error: the colour set \"carbs\" has the name of an image or app icon set"), "\(check.stderr)")
    }

    /// PDF and SVG slots chosen by locale or layout direction (Immuni's localized PDFs, the NHS
    /// app's directional ones) are drawn by the render workers at each scale, as the set's own
    /// vectors are, and keyed in the car by their traits; before, they were left out.
    @Test func vectorTraitSlotsAreDrawnIntoTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/badge.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for (file, art) in [("badge.pdf", "art/certificate.pdf"), ("badge-fr.pdf", "art/negative.pdf"), ("badge-rtl.pdf", "art/registration.pdf")] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent(art), to: set.appendingPathComponent(file))
        }
        try #"""
            {"images": [{"idiom": "universal", "filename": "badge.pdf"},
                        {"idiom": "universal", "filename": "badge-fr.pdf", "locale": "fr"},
                        {"idiom": "universal", "filename": "badge-rtl.pdf", "language-direction": "right-to-left", "scale": "2x"}],
             "properties": {"localizable": true}}
            """#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "--werror"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.localizations == ["fr": 1])
        let badge = car.renditions.filter { $0.name.hasPrefix("badge") && $0.layout == 12 }
        let found = badge.map { "\($0.name) scale \($0.attributes[12] ?? 0) localization \($0.attributes[13] ?? 0) direction \($0.attributes[4] ?? 0)" }.sorted()
        // A slot without a scale at every scale of the catalog, as the set's own PDF; one with a scale at it alone.
        #expect(found == ["badge-fr.pdf scale 1 localization 1 direction 0", "badge-fr.pdf scale 2 localization 1 direction 0",
                          "badge-fr.pdf scale 3 localization 1 direction 0", "badge-rtl.pdf scale 2 localization 0 direction 4",
                          "badge.pdf scale 1 localization 0 direction 0", "badge.pdf scale 2 localization 0 direction 0",
                          "badge.pdf scale 3 localization 0 direction 0"], "\(found)")
        // Drawn from its own file: the French badge is not the base one.
        let base = try #require(badge.first { $0.name == "badge.pdf" && $0.attributes[12] == 2 })
        let french = try #require(badge.first { $0.name == "badge-fr.pdf" && $0.attributes[12] == 2 })
        #expect(base.pixels != french.pixels)
        // The set's own single-scale PDF keeps its vector beside its bitmaps; the others have none.
        let vectors = car.renditions.filter { $0.name.hasPrefix("badge") && $0.layout == 9 }.map { "\($0.name) \($0.attributes[13] ?? 0)" }
        #expect(vectors == ["badge.pdf 0"], "\(vectors)")
        // The index says which locale or direction each car-only file is for.
        let index = try String(contentsOf: work.appendingPathComponent("out/asset-index.json"), encoding: .utf8)
        #expect(index.contains("\"locale\": \"fr\"") && index.contains("\"carTraits\": {\n"), "\(index)")
        // Without the car they are not loose files; the set's own PDF is.
        let loose = try Harness.assetc(["build", "App.xcassets", "--output", "loose"], in: work)
        #expect(loose.status == 0)
        #expect(Harness.files(under: work.appendingPathComponent("loose/Resources")).filter { $0.hasSuffix(".png") } == ["badge.png", "badge@2x.png", "badge@3x.png"])
        let check = try Harness.assetc(["check", "App.xcassets", "--car"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        // Named with a `~`, which no set's file has, so another set (`badge+car1`) cannot meet them.
        #expect(Harness.files(under: work.appendingPathComponent("out/.assetc/renditions")).contains("badge~car1@2x.png"))
        // A French PNG at 2x beside the French PDF (drawn at every scale): the PNG is the 2x image,
        // the PDF is drawn at the other scales, as a set's plain slots behave and as actool's car
        // holds acextract's v_overrides; a Display P3 PDF slot is skipped with a warning.
        try #"""
            {"images": [{"idiom": "universal", "filename": "badge.pdf"},
                        {"idiom": "universal", "filename": "badge-fr.pdf", "locale": "fr"},
                        {"idiom": "universal", "filename": "badge-fr@2x.png", "scale": "2x", "locale": "fr"},
                        {"idiom": "universal", "filename": "badge-rtl.pdf", "display-gamut": "display-P3"}]}
            """#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: set.appendingPathComponent("badge-fr@2x.png"))
        let mixed = try Harness.assetc(["build", "App.xcassets", "--output", "mixed", "--car"], in: work)
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(!mixed.stderr.contains("is a second file"), "\(mixed.stderr)")
        #expect(mixed.stderr.contains("warning: skipped 1 slot of \"badge\""), "\(mixed.stderr)")
        let mixedCar = try CARReader(try Harness.read(work.appendingPathComponent("mixed/Resources/Assets.car")))
        let frenchImages = mixedCar.renditions.filter { ($0.attributes[13] ?? 0) != 0 }.map { "\($0.attributes[12] ?? 0) \($0.name)" }.sorted()
        #expect(frenchImages == ["1 badge-fr.pdf", "2 badge-fr@2x.png", "3 badge-fr.pdf"], "one French image per scale: \(frenchImages)")
    }

    @Test func localizedSlotsAreInTheCarUnderTheirLocalizationKeys() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/flag.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for (file, art) in [("flag@2x.png", "art/focus-icon@3x.png"), ("flag-fr@2x.png", "sets/AppIcon.appiconset/icon-40@3x.png"),
                            ("flag-zh@2x.png", "sets/AppIcon.appiconset/icon-60@3x.png"), ("flag-bad@2x.png", "sets/AppIcon.appiconset/icon-60@3x.png")] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent(art), to: set.appendingPathComponent(file))
        }
        try #"""
            {"images": [{"idiom": "universal", "filename": "flag@2x.png", "scale": "2x"},
                        {"idiom": "universal", "filename": "flag-fr@2x.png", "scale": "2x", "locale": "fr"},
                        {"idiom": "universal", "filename": "flag-zh@2x.png", "scale": "2x", "locale": "zh-Hans"},
                        {"idiom": "universal", "filename": "flag-zh@2x.png", "scale": "2x", "locale": "zh-Hans"},
                        {"idiom": "universal", "filename": "flag-fr@2x.png", "scale": "2x", "locale": "fr", "display-gamut": "sRGB"},
                        {"idiom": "universal", "filename": "flag-bad@2x.png", "scale": "2x", "locale": "../fr"}],
             "properties": {"localizable": true}}
            """#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        // A set localized into one language only, and a data set with a localized entry.
        let only = work.appendingPathComponent("App.xcassets/only.imageset")
        try FileManager.default.createDirectory(at: only, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: only.appendingPathComponent("zh@3x.png"))
        try #"{"images": [{"idiom": "universal", "filename": "zh@3x.png", "scale": "3x", "locale": "zh-Hans"}]}"#
            .write(to: only.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let data = work.appendingPathComponent("App.xcassets/terms.dataset")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try "hello".write(to: data.appendingPathComponent("en.txt"), atomically: true, encoding: .utf8)
        try "bonjour".write(to: data.appendingPathComponent("fr.txt"), atomically: true, encoding: .utf8)
        try #"{"data": [{"idiom": "universal", "filename": "en.txt"}, {"idiom": "universal", "filename": "fr.txt", "locale": "fr"}]}"#
            .write(to: data.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        // A colour set with a French colour listed before the base one: each keeps its own key.
        let tint = work.appendingPathComponent("App.xcassets/tint.colorset")
        try FileManager.default.createDirectory(at: tint, withIntermediateDirectories: true)
        try #"""
            {"colors": [{"idiom": "universal", "locale": "fr", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}},
                        {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "0.000", "blue": "1.000", "alpha": "1.000"}}}],
             "properties": {"localizable": true}}
            """#.write(to: tint.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v", "--swift", "Assets.swift"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("2 localized slots (fr, zh-Hans) of \"flag\" are compiled into Assets.car only"), "\(run.stderr)")
        // The set localized into one language alone is in the car, so it has an accessor.
        let swift = try String(contentsOf: work.appendingPathComponent("Assets.swift"), encoding: .utf8)
        #expect(swift.contains("ImageAsset(name: \"only\", isInCompiledCatalog: true)"), "\(swift)")
        #expect(run.stderr.contains("\"flag-zh@2x.png\" is a second file for the same idiom, scale, appearance and traits"), "\(run.stderr)")
        // sRGB is every slot's gamut: the same slot as one without it, said, not a failed car.
        #expect(run.stderr.contains("\"flag-fr@2x.png\" is a second file for the same idiom, scale, appearance and traits"), "\(run.stderr)")
        #expect(run.stderr.contains("skipped 1 slot of \"flag\" chosen by size class, locale"), "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.keyFormat == [7, 13, 12, 15, 16, 9, 17, 1, 2], "localization is in Xcode 26's key format already")
        #expect(car.localizations == ["fr": 1, "zh-Hans": 2])
        let flag = car.renditions.filter { $0.name.hasPrefix("flag") }
        let found = flag.map { "\($0.name) localization \($0.attributes[13] ?? 0) \($0.width)x\($0.height)" }.sorted()
        #expect(found == ["flag-fr@2x.png localization 1 120x120", "flag-zh@2x.png localization 2 180x180",
                          "flag@2x.png localization 0 180x180"], "\(found)")
        let identifier = try #require(flag.first?.attributes[17])
        let masks = try #require(car.bitmapKeys[UInt32(identifier)])
        // Localization's BITMAPKEYS mask is CoreUI's two bits: 0 present, and some localized.
        #expect(masks[1] == 0b11, "localizations 0, 1 and 2: \(String(masks[1], radix: 2))")
        let zh = try #require(car.renditions.first { $0.name == "zh@3x.png" })
        #expect(zh.attributes[13] == 2)
        #expect(car.bitmapKeys[UInt32(try #require(zh.attributes[17]))]?[1] == 0b10, "localized only: bit 1 alone")
        let terms = car.renditions.filter { $0.name.hasSuffix(".txt") }.map { "\($0.name) \($0.attributes[13] ?? 0) \(String(decoding: $0.embeddedFile ?? [], as: UTF8.self))" }
        #expect(terms.sorted() == ["en.txt 0 hello", "fr.txt 1 bonjour"], "\(terms)")
        let tints = car.renditions.filter { $0.name == "tint" }.map { "\($0.attributes[13] ?? 0) \($0.color?.components ?? [])" }.sorted()
        #expect(tints == ["0 [0.0, 0.0, 1.0, 1.0]", "1 [1.0, 0.0, 0.0, 1.0]"], "\(tints)")
        // The run-time table (no language to choose by) has the base colour alone; the index both.
        let table = try String(contentsOf: work.appendingPathComponent("out/Resources/asset-table.json"), encoding: .utf8)
        let index = try String(contentsOf: work.appendingPathComponent("out/asset-index.json"), encoding: .utf8)
        #expect(!table.contains("[1,0,0,1]") && table.contains("\"tint\":[[0,0,\"srgb\",[0,0,1,1]]]"), "\(table)")
        #expect(index.contains("\"locale\":\"fr\"") || index.contains("\"locale\": \"fr\""), "\(index)")
        // Another image added: the localized renditions are copied out of the last car, not decoded.
        let extra = work.appendingPathComponent("App.xcassets/extra.imageset")
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: extra.appendingPathComponent("extra@3x.png"))
        try #"{"images": [{"idiom": "universal", "filename": "extra@3x.png", "scale": "3x"}]}"#
            .write(to: extra.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let again = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v"], in: work)
        #expect(again.status == 0 && again.stderr.contains("Assets.car: 1 image encoded, 4 copied from the last build's car"), "\(again.stderr)")
        let reread = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(reread.renditions.first { $0.name == "flag-fr@2x.png" }?.rawPayload == car.renditions.first { $0.name == "flag-fr@2x.png" }?.rawPayload)
        #expect(reread.localizations == car.localizations)
        try FileManager.default.removeItem(at: extra)
        // Without --car the set localized into one language alone has nothing written: a warning.
        let frenchOnly = work.appendingPathComponent("App.xcassets/french.colorset")
        try FileManager.default.createDirectory(at: frenchOnly, withIntermediateDirectories: true)
        try #"{"colors": [{"idiom": "universal", "locale": "fr", "color": {"color-space": "srgb", "components": {"red": "1", "green": "0", "blue": "0", "alpha": "1"}}}]}"#
            .write(to: frenchOnly.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let loose = try Harness.assetc(["build", "App.xcassets", "--output", "loose", "--swift", "Loose.swift"], in: work)
        #expect(loose.status == 0 && loose.stderr.contains(
            "only.imageset: warning: the image set \"only\" has only slots that Assets.car selects on"), "\(loose.stderr)")
        #expect(loose.stderr.contains("the colour set \"french\" has only localized colours, which only Assets.car selects on; without --car"), "\(loose.stderr)")
        let looseSwift = try String(contentsOf: work.appendingPathComponent("Loose.swift"), encoding: .utf8)
        #expect(!looseSwift.contains("\"only\"") && !looseSwift.contains("\"french\""), "no accessor finds nothing: \(looseSwift)")
        try FileManager.default.removeItem(at: frenchOnly)
        #expect(!loose.stderr.contains("image set \"flag\" has only"), "flag has a plain slot: \(loose.stderr)")
        // A car without localized slots has no LOCALIZATIONKEYS, as CoreUI's writer makes it lazily.
        for folder in [set, only, data, tint] { try FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("sets/AppIcon.appiconset"),
                                         to: work.appendingPathComponent("App.xcassets/AppIcon.appiconset"))
        let plain = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "--app-icon", "AppIcon"], in: work)
        #expect(plain.status == 0, "\(plain.stderr)")
        let empty = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(!empty.variables.contains { $0.name == "LOCALIZATIONKEYS" })
    }

    /// Layout-direction slots are in the car under attribute 4 with UIKit's values (left-to-right
    /// 5, right-to-left 4), the key format grown with it before the identifier.
    @Test func directionSlotsAreInTheCarUnderAttributeFour() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/arrow.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for (file, art) in [("arrow@2x.png", "art/focus-icon@3x.png"), ("ltr@2x.png", "sets/AppIcon.appiconset/icon-40@3x.png"),
                            ("rtl@2x.png", "sets/AppIcon.appiconset/icon-60@3x.png")] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent(art), to: set.appendingPathComponent(file))
        }
        try #"""
            {"images": [{"idiom": "universal", "filename": "arrow@2x.png", "scale": "2x"},
                        {"idiom": "universal", "filename": "ltr@2x.png", "scale": "2x", "language-direction": "left-to-right"},
                        {"idiom": "universal", "filename": "rtl@2x.png", "scale": "2x", "language-direction": "right-to-left"}]}
            """#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("2 slots of \"arrow\" chosen by size class, memory, graphics family, display gamut or direction are compiled into Assets.car only"), "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.keyFormat == [7, 13, 12, 15, 16, 9, 4, 17, 1, 2])
        let found = car.renditions.filter { $0.attributes[2] == 181 }.map { "\($0.name) \($0.attributes[4] ?? 0)" }.sorted()
        #expect(found == ["arrow@2x.png 0", "ltr@2x.png 5", "rtl@2x.png 4"], "\(found)")
    }

    /// The car's renditions are encoded `--jobs` at a time; the file is the same byte for byte
    /// whatever the job count.
    @Test func theCarIsTheSameWithOneJobOrTwo() throws {
        var cars: [[UInt8]] = []
        for jobs in ["1", "2"] {
            let (work, run) = try Self.build("Real.xcassets", ["--app-icon", "AppIcon", "--car", "--jobs", jobs])
            defer { Harness.removeTemporary(work) }
            #expect(run.status == 0, "\(run.stderr)")
            cars.append(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        }
        #expect(cars[0] == cars[1])
    }

    /// An SVG (or PDF) is kept as a vector only when one single-scale slot holds it, or a 1x slot
    /// of a set that preserves its vectors: a file in the 2x slot alone (preserved or not), or the
    /// same file in each scale slot, is that scale's artwork, and gets bitmaps only.
    @Test func onlySingleScaleOrPreservedVectorsAreKeptAsVectors() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let svg = Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/GoMap/fas-ambulance.imageset/fas-ambulance.svg")
        let sets: [(String, String)] = [
            ("single", #"[{"idiom": "universal", "filename": "a.svg"}]"#),
            ("twoX", #"[{"idiom": "universal", "filename": "a.svg", "scale": "2x"}]"#),
            ("everyScale", #"[{"idiom": "universal", "filename": "a.svg", "scale": "1x"}, {"idiom": "universal", "filename": "a.svg", "scale": "2x"}, {"idiom": "universal", "filename": "a.svg", "scale": "3x"}]"#),
            ("preserved", #"[{"idiom": "universal", "filename": "a.svg", "scale": "1x"}], "properties": {"preserves-vector-representation": true}"#),
            // Its page is in 2x pixels: as a vector, CoreUI would draw it twice the size.
            ("preservedTwoX", #"[{"idiom": "universal", "filename": "a.svg", "scale": "2x"}], "properties": {"preserves-vector-representation": true}"#),
        ]
        for (name, images) in sets {
            let set = work.appendingPathComponent("A.xcassets/\(name).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: svg, to: set.appendingPathComponent("a.svg"))
            try #"{"images": \#(images)}"#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        }
        let run = try Harness.assetc(["build", "A.xcassets", "--output", "out", "--car"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let names = Dictionary(uniqueKeysWithValues: car.facets.map { ($0.value.first { $0.0 == 17 }!.1, $0.key) })
        let withVectors = Set(car.renditions.filter { $0.pixelFormat == " GVS" }.compactMap { names[$0.attributes[17]!] })
        #expect(withVectors == ["single", "preserved"])
    }

    /// Catalogs alone (no manifest): iOS 15.0 unless `--deployment-target` says otherwise, in the
    /// car's metadata as actool records `--minimum-deployment-target`; a manifest keeps iOS 7.
    @Test func catalogsAloneTargetIOS15() throws {
        for (arguments, expected) in [([String](), "15.0"), (["--deployment-target", "12.0"], "12.0")] {
            let (work, run) = try Self.build("Alternates.xcassets", ["--app-icon", "green", "--car"] + arguments)
            defer { Harness.removeTemporary(work) }
            #expect(run.status == 0, "\(run.stderr)")
            let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
            #expect(car.metadata.deploymentTarget == expected)
        }
        let work = try Self.alternatesWithAManifest()
        defer { Harness.removeTemporary(work) }
        #expect(try Harness.assetc(["build", "assets.json"], in: work).status == 0)
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.metadata.deploymentTarget == "7.0")
    }

    /// The summary names every catalog read, counts the colours and totals every file shipped:
    /// Assets.car (which holds the image sets), the loose icons and the App Store icon.
    @Test func theSummaryCountsTheCarTheColoursAndEveryCatalog() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets"),
                                         to: work.appendingPathComponent("Alternates.xcassets"))
        _ = try ActoolModeTests.makeCatalog(in: work)
        let run = try Harness.assetc(["build", "Alternates.xcassets", "A.xcassets", "--app-icon", "AppIcon", "--car", "--output", "out"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        var shipped: [String] = []
        for folder in ["Resources", "AppStore"] {
            shipped += Harness.files(under: work.appendingPathComponent("out/\(folder)")).map { "out/\(folder)/" + $0 }
        }
        shipped.removeAll { $0.hasSuffix("asset-table.json") }
        let bytes = try shipped.reduce(0) { $0 + (try Harness.read(work.appendingPathComponent($1))).count }
        #expect(shipped.contains("out/Resources/Assets.car"))
        let line = run.stderr.split(separator: "\n").first { $0.hasPrefix("assetc: ") }.map(String.init) ?? ""
        #expect(line.contains(", 1 colour from Alternates.xcassets and A.xcassets, \(SizeReport.format(bytes)) in \(shipped.count) files in out, "), "\(line)")
        let check = try Harness.assetc(["check", "Alternates.xcassets", "A.xcassets"], in: work)
        #expect(check.stderr.contains("assetc: Alternates.xcassets and A.xcassets are valid ("), "\(check.stderr)")
        #expect(check.stderr.contains(" and 1 colour)"), "\(check.stderr)")
    }

    @Test func manifestKeyWritesTheCatalog() throws {
        let work = try Self.alternatesWithAManifest()
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["build", "assets.json"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.facets.keys.sorted() == ["orange"])
    }

    /// A PNG tagged with another gamma keeps its chunks in the loose file; in Assets.car its values
    /// are tagged sRGB, which is said on every build (the warning is kept with the file's record).
    /// One changed image: the next car copies every other rendition out of the last one (nothing
    /// else decoded or compressed, `-v` says how many) and is byte for byte the car a clean build
    /// makes. A car changed behind the build's back is not copied from.
    @Test func oneChangedImageRemakesOnlyItsRenditions() throws {
        let (work, first) = try Self.build("Real.xcassets", ["--app-icon", "AppIcon", "--car", "-v"])
        defer { Harness.removeTemporary(work) }
        #expect(first.status == 0, "\(first.stderr)")
        func counts(_ run: Harness.Run) -> (encoded: Int, copied: Int)? {
            guard let line = run.stderr.split(separator: "\n").first(where: { $0.contains("Assets.car: ") && $0.contains(" copied from") }) else { return nil }
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            return numbers.count >= 2 ? (numbers[numbers.count - 2], numbers[numbers.count - 1]) : nil
        }
        let all = try #require(counts(first), "\(first.stderr)")
        #expect(all.copied == 0 && all.encoded > 20, "\(all)")

        // A new pixel in one image set's @2x.
        let changed = work.appendingPathComponent("Real.xcassets/CWA/Icons - Test Tube.imageset/Icons - Test Tube@2x.png")
        var image = try Self.decode(changed)
        image.pixels[0] = image.pixels[0] &+ 1
        image.pixels[3] = 255
        try Data(PNGOptimizer.encode(image)).write(to: changed)
        let second = try Harness.assetc(["build", "Real.xcassets", "--output", "out", "--app-icon", "AppIcon", "--car", "-v"], in: work)
        #expect(second.status == 0, "\(second.stderr)")
        let partial = try #require(counts(second), "\(second.stderr)")
        #expect(partial.encoded == 1 && partial.copied == all.encoded - 1, "\(partial)")
        let clean = try Harness.assetc(["build", "Real.xcassets", "--output", "clean", "--app-icon", "AppIcon", "--car"], in: work)
        #expect(clean.status == 0)
        let car = try Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))
        #expect(car == (try Harness.read(work.appendingPathComponent("clean/Resources/Assets.car"))))
        let rendition = try CARReader(car).renditions.first { $0.name == "Icons - Test Tube@2x.png" }
        #expect(Self.difference(rendition?.pixels, Self.premultipliedBGRA(try Self.decode(changed))) == nil)

        // The car changed in place (same size): the next build copies nothing from it.
        var tampered = car
        tampered[tampered.count / 2] ^= 0xFF
        try Data(tampered).write(to: work.appendingPathComponent("out/Resources/Assets.car"))
        image.pixels[0] = image.pixels[0] &+ 1
        try Data(PNGOptimizer.encode(image)).write(to: changed)
        let third = try Harness.assetc(["build", "Real.xcassets", "--output", "out", "--app-icon", "AppIcon", "--car", "-v"], in: work)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(counts(third).map { $0.copied == 0 && $0.encoded == all.encoded } == true, "\(third.stderr)")
    }

    /// Alternate icons go into the car as icon sets of their own name (what `setAlternateIconName`
    /// asks for), each stored as the primary would be: a classic set numbered by its own sizes, a
    /// single-size set (one 1024 image, as the fixture's `green` and DuckDuckGo's alternates) as its
    /// 1024 image once per device idiom at index 1 with the multisize record `[1024, 1024, 1]`. From
    /// iOS 11 only the home-screen icon stays loose, as for the primary icon; the partial Info.plist
    /// names each set in its `CFBundleAlternateIcons` entry.
    @Test func alternateIconsAreInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        for name in ["Real.xcassets", "Alternates.xcassets"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/" + name), to: work.appendingPathComponent(name))
        }
        let classicSet = work.appendingPathComponent("Alternates.xcassets/AlternateIcons/classic.appiconset")
        try FileManager.default.copyItem(at: work.appendingPathComponent("Real.xcassets/CWA/AppIcon.appiconset"), to: classicSet)
        // With dark and tinted 1024 images too, which a classic set stores per device idiom where it
        // has no plain 1024 image (the review's case: their index was listed by no record).
        let greenArt = work.appendingPathComponent("Alternates.xcassets/AlternateIcons/green.appiconset/Color=Green_1024pt@1x.png")
        for name in ["dark.png", "tinted.png"] { try FileManager.default.copyItem(at: greenArt, to: classicSet.appendingPathComponent(name)) }
        let contentsURL = classicSet.appendingPathComponent("Contents.json")
        var classicContents = try String(contentsOf: contentsURL, encoding: .utf8)
        let appearances = #"""
            {"appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "dark.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
            {"appearances": [{"appearance": "luminosity", "value": "tinted"}], "filename": "tinted.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
            """#
        let imagesKey = try #require(classicContents.range(of: "\"images\" : ["))
        classicContents.insert(contentsOf: "\n" + appearances, at: imagesKey.upperBound)
        try classicContents.write(to: contentsURL, atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "Real.xcassets", "Alternates.xcassets", "--output", "out", "--app-icon", "AppIcon",
                                      "--alternate-app-icons", "--car", "--deployment-target", "15.0", "--devices", "iphone"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        func icons(_ name: String) throws -> (identifier: UInt16, icons: [CARReader.Rendition]) {
            let facet = try #require(car.facets[name], "\(car.facets.keys.sorted())")
            #expect(facet.map { [$0.0, $0.1] }.prefix(2) == [[1, 85], [2, 220]])
            let identifier = try #require(facet.first { $0.0 == 17 }?.1)
            return (identifier, car.renditions.filter { $0.attributes[17] == identifier && $0.attributes[2] == 220 })
        }
        // An iPhone set of 20, 29, 40 and 60 points with its iOS 6 sizes (29 @1x, 57; kept, as actool
        // keeps them) and the 90-point copy: indexes 1–6, pixels as the loose files.
        let classic = try icons("classic")
        #expect(Set(classic.icons.filter { ($0.attributes[7] ?? 0) == 0 }.map { "\($0.attributes[9]!) \($0.width)" })
                == ["1 40", "1 60", "2 29", "2 58", "2 87", "3 80", "3 120", "4 57", "4 114", "5 120", "5 180", "6 180"])
        // Every icon's index, dark and tinted ones too, is listed by a record of its idiom and subtype.
        let classicRecords = car.renditions.filter { $0.attributes[17] == classic.identifier && $0.layout == 1010 }
        for icon in classic.icons {
            let idiom: UInt16 = icon.attributes[15] ?? 0, subtype: UInt16 = icon.attributes[16] ?? 0, index: UInt16 = icon.attributes[9] ?? 0
            let listed = classicRecords.contains { record in
                let sameKey: Bool = record.attributes[15] == idiom && (record.attributes[16] ?? 0) == subtype
                return sameKey && record.multisize!.contains { entry in UInt16(entry.2) == index }
            }
            #expect(listed, "\(icon.attributes) has an index no record lists")
        }
        #expect(classic.icons.filter { ($0.attributes[7] ?? 0) != 0 }.count == 2, "dark and tinted, on the iPhone idiom")
        let loose = try Self.decode(work.appendingPathComponent("out/Resources/classic60x60@2x.png"))
        let sixty = try #require(classic.icons.first { $0.attributes[9] == 5 && $0.width == 120 })
        #expect(Self.difference(sixty.pixels, Self.premultipliedBGRA(loose)) == nil)
        let record = try #require(car.renditions.first { $0.attributes[17] == classic.identifier && $0.layout == 1010 && $0.attributes[16] == 0 })
        #expect(record.multisize!.map { [$0.0, $0.2] } == [[20, 1], [29, 2], [40, 3], [57, 4], [60, 5], [1024, 7]])
        // A single-size alternate: its 1024 image (opaque, as the file) on the iPhone idiom at index 1, nothing else.
        let green = try icons("green")
        #expect(green.icons.map { [$0.attributes[15]!, $0.attributes[12]!, $0.attributes[9]!, UInt16($0.width)] } == [[1, 1, 1, 1024]])
        let input = try Self.decode(work.appendingPathComponent("Alternates.xcassets/AlternateIcons/green.appiconset/Color=Green_1024pt@1x.png"))
        #expect(Self.difference(green.icons.first?.pixels, Self.premultipliedBGRA(input)) == nil)
        #expect(car.renditions.filter { $0.attributes[17] == green.identifier && $0.layout == 1010 }.map { $0.multisize!.map { [$0.0, $0.1, $0.2] } }
                == [[[1024, 1024, 1]]])
        #expect(Harness.files(under: work.appendingPathComponent("out/Resources")).filter { $0.hasSuffix(".png") }
                == ["AppIcon60x60@2x.png", "classic60x60@2x.png", "green60x60@2x.png", "orange60x60@2x.png"])
        #expect(!Harness.files(under: work.appendingPathComponent("out/.assetc/renditions")).contains { $0.hasPrefix("green") && !$0.contains("1024") },
                "a single-size alternate's other sizes are not made")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8).filter { !$0.isWhitespace }
        #expect(plist.contains("<key>green</key><dict><key>CFBundleIconFiles</key><array><string>green60x60</string></array><key>CFBundleIconName</key><string>green</string></dict>"), "\(plist)")
    }

    /// An image set of an app icon's name (Swiftfin keeps its icon picker's previews under its
    /// icons' names): the icon keeps the name in the car, stored as an icon (part 220, with its
    /// multisize record), and the image set is said to be left out, by name; `check --car` fails.
    /// Before, the two were merged into one name and the primary icon went in as that image.
    @Test func anIconKeepsItsNameOverAnImageSetOfIt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Alternates.xcassets")
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets"), to: catalog)
        for name in ["green", "orange"] {
            let set = catalog.appendingPathComponent("\(name).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            let color = name == "green" ? "Green" : "Orange"
            try FileManager.default.copyItem(at: catalog.appendingPathComponent("AlternateIcons/\(name).appiconset/Color=\(color)_1024pt@1x.png"),
                                             to: set.appendingPathComponent("preview.png"))
            try #"{"images": [{"filename": "preview.png", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#
                .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        }
        let arguments = ["Alternates.xcassets", "--app-icon", "orange", "--alternate-app-icon", "green", "--car", "--devices", "iphone"]
        let run = try Harness.assetc(["build"] + arguments + ["--output", "out"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        for name in ["green", "orange"] {
            #expect(run.stderr.contains("Alternates.xcassets/\(name).imageset/Contents.json: warning: the image set \"\(name)\" has the name of an app icon; "
                + "only the icon is in Assets.car, so UIImage(named: \"\(name)\") will not find the image: rename the image set"), "\(run.stderr)")
        }
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        for name in ["green", "orange"] {
            let facet = try #require(car.facets[name], "\(car.facets.keys.sorted())")
            #expect(facet.map { [$0.0, $0.1] }.prefix(2) == [[1, 85], [2, 220]], "\(name) is stored as an icon")
            let identifier = try #require(facet.first { $0.0 == 17 }?.1)
            let renditions = car.renditions.filter { $0.attributes[17] == identifier }
            #expect(!renditions.isEmpty && renditions.allSatisfy { $0.attributes[2] == 220 || $0.layout == 1010 }, "\(name): only icon renditions")
            #expect(renditions.contains { $0.layout == 1010 }, "\(name): its multisize record")
        }
        let check = try Harness.assetc(["check"] + arguments, in: work)
        #expect(check.status != 0 && check.stderr.contains("error: the image set \"green\" has the name of an app icon"), "\(check.stderr)")
    }

    /// A car that cannot be written (a folder has taken its place): the build fails with a message
    /// naming it, and the tree — state, kept renditions and all — is left as it was, byte for byte.
    @Test func anUnwritableCarLeavesTheTreeAsItWas() throws {
        let (work, first) = try Self.build("Real.xcassets", ["--app-icon", "AppIcon", "--car"])
        defer { Harness.removeTemporary(work) }
        #expect(first.status == 0, "\(first.stderr)")
        let out = work.appendingPathComponent("out")
        let car = out.appendingPathComponent("Resources/Assets.car")
        try FileManager.default.removeItem(at: car)
        try FileManager.default.createDirectory(at: car, withIntermediateDirectories: false)
        try Data("someone else's".utf8).write(to: car.appendingPathComponent("file"))
        // A changed image, so the build has a car and a rendition to write.
        let changed = work.appendingPathComponent("Real.xcassets/CWA/Icons - Test Tube.imageset/Icons - Test Tube@2x.png")
        var image = try Self.decode(changed)
        image.pixels[0] = image.pixels[0] &+ 1
        image.pixels[3] = 255
        try Data(PNGOptimizer.encode(image)).write(to: changed)
        let before = try Harness.tree(under: out, excluding: Harness.isLock)
        let run = try Harness.assetc(["build", "Real.xcassets", "--output", "out", "--app-icon", "AppIcon", "--car"], in: work)
        #expect((1...127).contains(run.status), "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("Assets.car"), "\(run.stderr)")
        #expect(try Harness.tree(under: out, excluding: Harness.isLock) == before)
    }

    /// `build --werror` under Make, twice, when only making the car finds the warning: the failed
    /// build leaves the index as the last good build wrote it (older than the changed PNG), so the
    /// second `make` runs the build again and fails again instead of saying the target is up to date.
    @Test func aFailedWerrorBuildLeavesTheTargetOutOfDate() throws {
        let make = try #require(["/usr/bin/make"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("Tagged.xcassets/Linear.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let source = try Harness.read(Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/CWA/Icons - Test Tube.imageset/Icons - Test Tube.png"))
        try Data(source).write(to: set.appendingPathComponent("linear.png"))
        try Data(#"{"images": [{"idiom": "universal", "filename": "linear.png"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try """
        out/asset-index.json: Tagged.xcassets/Linear.imageset/linear.png Tagged.xcassets/Linear.imageset/Contents.json
        \t"$(ASSETC)" build Tagged.xcassets --car --werror --output out --quiet

        """.write(to: work.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
        let good = try Harness.run(make, ["ASSETC=\(Harness.binary)"], in: work)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        let index = try Harness.read(work.appendingPathComponent("out/asset-index.json"))
        let car = try Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))

        Thread.sleep(forTimeInterval: 1.1)  // a newer mtime for Make
        try Data(Self.slicedPastItsPixels.utf8).write(to: set.appendingPathComponent("Contents.json"))
        for _ in 0..<2 {
            let failed = try Harness.run(make, ["ASSETC=\(Harness.binary)"], in: work)
            #expect(failed.status != 0, "\(failed.stdout)\(failed.stderr)")
            #expect(failed.stderr.contains("warnings treated as errors (--werror)"), "\(failed.stdout)\(failed.stderr)")
            // --quiet still prints the warning --werror failed on: the log says why.
            #expect(failed.stderr.contains("warning: Linear.png: the slicing of \"Linear\" does not fit its"), "\(failed.stderr)")
            #expect(!failed.stdout.contains("is up to date"))
            #expect(try Harness.read(work.appendingPathComponent("out/asset-index.json")) == index)
            #expect(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")) == car)
        }
    }

    /// An image set whose slicing does not fit its image: found only when the car is made.
    static let slicedPastItsPixels = #"{"images": [{"idiom": "universal", "filename": "linear.png", "resizing": {"mode": "3-part-horizontal", "#
        + #""cap-insets": {"left": 5000, "right": 5000}}}], "info": {"author": "xcode", "version": 1}}"#

    /// A PNG tagged with another colour space (here linear gamma) is converted to sRGB for the car,
    /// whose bitmaps are sRGB (never relabelled): the stored pixels are the source's, re-encoded
    /// with sRGB's curve; a note says so; the loose file keeps its own tag.
    @Test func aNonSRGBSourceIsConvertedForTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("Tagged.xcassets/Linear.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let source = try Harness.read(Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/CWA/Icons - Test Tube.imageset/Icons - Test Tube.png"))
        try Data(Self.taggedWithLinearGamma(source)).write(to: set.appendingPathComponent("linear.png"))
        try Data(#"{"images": [{"idiom": "universal", "filename": "linear.png"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let run = try Harness.assetc(["build", "Tagged.xcassets", "--output", "out", "--car", "--werror", "-v"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("linear.png: note: Linear.png: converted from gamma 1.0 to sRGB for Assets.car"), "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let stored = try #require(car.renditions.first { $0.layout == 12 }?.pixels)
        let image = try PNGCodec.decode(try Harness.read(set.appendingPathComponent("linear.png"))).image
        // Linear light to sRGB's curve, then premultiplied BGRA as the car stores it: within 1 step.
        func srgb(_ value: UInt8) -> Double {
            let linear = Double(value) / 255
            return 255 * (linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055)
        }
        var worst = 0.0
        for pixel in 0..<(image.width * image.height) {
            let alpha = Double(image.pixels[pixel * 4 + 3])
            for (channel, at) in [(0, 2), (1, 1), (2, 0)] {
                let expected = srgb(image.pixels[pixel * 4 + channel]) * alpha / 255
                worst = max(worst, abs(expected - Double(stored[pixel * 4 + at])))
            }
        }
        #expect(worst <= 1.5, "largest difference \(worst)")

    }

    /// A PNG tagged Display P3 whose colours reach beyond sRGB: 8 × 2 pixels of P3 red, green, white
    /// and half-transparent red, tagged with the WWDC app's Display P3 profile.
    static func displayP3Swatch() throws -> [UInt8] {
        let profile = try PNGCodec.decode(try Harness.read(Harness.fixtures.appendingPathComponent("art/p3-favorite.png"))).image.color
        #expect(profile?.iccProfile != nil)
        let swatch: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [255, 255, 255, 255], [255, 0, 0, 128]]
        let pixels = (0..<16).flatMap { swatch[($0 % 8) / 2] }
        return try PNGOptimizer.encode(RGBAImage(width: 8, height: 2, pixels: pixels, color: profile))
    }

    /// The RGBW rendition's pixel `index` as floats (little-endian halves: red, green, blue, alpha),
    /// decoded by hand (IEEE 754 binary16), independently of the writer.
    static func halfFloats(_ stored: [UInt8], pixel index: Int) -> [Float] {
        (0..<4).map { channel in
            let at = 8 * index + 2 * channel
            let bits = Int(stored[at]) | Int(stored[at + 1]) << 8
            let sign: Float = bits & 0x8000 == 0 ? 1 : -1
            let exponent = (bits >> 10) & 0x1F, fraction = Float(bits & 0x3FF)
            if exponent == 0 { return sign * fraction / 1024 * pow(2, -14) }
            return sign * (1 + fraction / 1024) * pow(2, Float(exponent - 15))
        }
    }

    /// A Display P3 PNG whose colours reach beyond sRGB gets, beside its sRGB rendition, a display
    /// gamut P3 one as actool writes it (docs/assets-car.md): gamut 1 in a key format grown with
    /// attribute 24, `RGBW` half floats, premultiplied, in extended-range sRGB (colour space 4) —
    /// P3 red is (1.093, -0.227, -0.150) there, as CoreGraphics gives it. An explicit `display-P3`
    /// slot is stored the same way; the next build copies both out of the car.
    @Test func aWideGamutSourceGetsADisplayP3RenditionBesideItsSRGBOne() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/swatch.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(try Self.displayP3Swatch()).write(to: set.appendingPathComponent("swatch@2x.png"))
        try #"{"images": [{"idiom": "universal", "filename": "swatch@2x.png", "scale": "2x"}]}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let explicit = work.appendingPathComponent("App.xcassets/explicit.imageset")
        try FileManager.default.createDirectory(at: explicit, withIntermediateDirectories: true)
        // Its sRGB slot holds a wide-gamut file too: the set's own display-P3 slot wins over its split.
        try Data(try Self.displayP3Swatch()).write(to: explicit.appendingPathComponent("srgb@3x.png"))
        try Data(try Self.displayP3Swatch()).write(to: explicit.appendingPathComponent("p3@3x.png"))
        try #"""
            {"images": [{"idiom": "universal", "filename": "srgb@3x.png", "scale": "3x", "display-gamut": "sRGB"},
                        {"idiom": "universal", "filename": "p3@3x.png", "scale": "3x", "display-gamut": "display-P3"}]}
            """#.write(to: explicit.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("swatch@2x.png: its ICC profile 'kCGColorSpaceDisplayP3' colours reach beyond sRGB; Assets.car holds them in a display-gamut P3 rendition"), "\(run.stderr)")
        let bytes = try Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))
        let car = try CARReader(bytes)
        #expect(car.keyFormat == [7, 13, 12, 15, 16, 9, 24, 17, 1, 2])
        let swatch = car.renditions.filter { $0.name == "swatch@2x.png" }
        #expect(swatch.map { $0.attributes[24] ?? 0 }.sorted() == [0, 1])
        let srgb = try #require(swatch.first { ($0.attributes[24] ?? 0) == 0 })
        let wide = try #require(swatch.first { $0.attributes[24] == 1 })
        #expect(srgb.pixelFormat == "BGRA" && srgb.colorSpace == 1)
        #expect(wide.pixelFormat == "WBGR" && wide.colorSpace == 4 && wide.bytesPerRow == 8 * 8 && wide.width == 8 && wide.height == 2)
        #expect(wide.flags == srgb.flags && wide.attributes[12] == 2)
        let stored = try #require(wide.storedPixels)
        func near(_ a: [Float], _ b: [Float]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) < 0.004 } }
        let red = Self.halfFloats(stored, pixel: 0), green = Self.halfFloats(stored, pixel: 2)
        #expect(near(red, [1.0930, -0.2267, -0.1501, 1]), "P3 red: \(red)")
        #expect(near(green, [-0.5116, 1.0183, -0.3107, 1]), "P3 green: \(green)")
        #expect(near(Self.halfFloats(stored, pixel: 4), [1, 1, 1, 1]))
        let half: Float = 128 / 255
        #expect(near(Self.halfFloats(stored, pixel: 6), [1.0930 * half, -0.2267 * half, -0.1501 * half, half]), "premultiplied")
        // The sRGB rendition is the same colours clipped: red is (255, 0, 0).
        #expect(Array(try #require(srgb.pixels)[0..<4]) == [0, 0, 255, 255])
        // BITMAPKEYS: both gamuts.
        let identifier = try #require(wide.attributes[17])
        let masks = try #require(car.bitmapKeys[UInt32(identifier)])
        let gamutIndex = try #require(car.keyFormat.firstIndex(of: 24))
        #expect(masks[gamutIndex] == 0b11)
        // The explicit display-P3 slot: its own file at gamut 1, the sRGB slot's at 0.
        let explicitOnes = car.renditions.filter { $0.name == "p3@3x.png" || $0.name == "srgb@3x.png" }
            .map { "\($0.name) \($0.attributes[24] ?? 0) \($0.pixelFormat)" }.sorted()
        #expect(explicitOnes == ["p3@3x.png 1 WBGR", "srgb@3x.png 0 BGRA"], "\(explicitOnes)")
        // Without that slot, the next build splits the sRGB slot's file again (not copied stale).
        try #"{"images": [{"idiom": "universal", "filename": "srgb@3x.png", "scale": "3x", "display-gamut": "sRGB"}]}"#
            .write(to: explicit.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let split = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v"], in: work)
        #expect(split.status == 0, "\(split.stderr)")
        let afterSplit = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let srgbOnes = afterSplit.renditions.filter { $0.name == "srgb@3x.png" }.map { "\($0.attributes[24] ?? 0) \($0.pixelFormat)" }.sorted()
        #expect(srgbOnes == ["0 BGRA", "1 WBGR"], "\(srgbOnes)")
        // Another image added: the swatch's renditions are copied out of the last car, unchanged (as
        // are srgb@3x.png's; the new image is encoded).
        let more = work.appendingPathComponent("App.xcassets/more.imageset")
        try FileManager.default.createDirectory(at: more, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: more.appendingPathComponent("more@3x.png"))
        try #"{"images": [{"idiom": "universal", "filename": "more@3x.png", "scale": "3x"}]}"#
            .write(to: more.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let again = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v"], in: work)
        #expect(again.status == 0 && again.stderr.contains("Assets.car: 1 image encoded, 2 copied from the last build's car"), "\(again.stderr)")
        let second = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(second.renditions.first { $0.name == "swatch@2x.png" && $0.attributes[24] == 1 }?.rawPayload == wide.rawPayload)
        // From scratch, the same car with one job or two.
        var cars: [[UInt8]] = []
        for jobs in ["1", "2"] {
            let fresh = try Harness.assetc(["build", "App.xcassets", "--output", "jobs\(jobs)", "--car", "--jobs", jobs], in: work)
            #expect(fresh.status == 0, "\(fresh.stderr)")
            cars.append(try Harness.read(work.appendingPathComponent("jobs\(jobs)/Resources/Assets.car")))
        }
        #expect(cars[0] == cars[1])
    }

    /// A warning only making the car finds (a slicing that does not fit its image): `check --werror`
    /// passes where `build --werror` fails, and `check --render --werror` fails as the build does,
    /// writing nothing (docs/cli.md).
    @Test func onlyCheckRenderFindsWhatOnlyTheCarFinds() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("Tagged.xcassets/Linear.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let source = try Harness.read(Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/CWA/Icons - Test Tube.imageset/Icons - Test Tube.png"))
        try Data(source).write(to: set.appendingPathComponent("linear.png"))
        try Data(Self.slicedPastItsPixels.utf8).write(to: set.appendingPathComponent("Contents.json"))
        // A second set, changed between builds: the car is remade from copied renditions, and the
        // warning is still said.
        let other = work.appendingPathComponent("Tagged.xcassets/Other.imageset")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data(#"{"images": [{"idiom": "universal", "filename": "o.png"}]}"#.utf8).write(to: other.appendingPathComponent("Contents.json"))
        for round in 0..<3 {
            let bytes = round == 2 ? try Harness.read(Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png")) : source
            try Data(bytes).write(to: other.appendingPathComponent("o.png"))
            let run = try Harness.assetc(["build", "Tagged.xcassets", "--output", "out", "--car"], in: work)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("linear.png: warning: Linear.png: the slicing of \"Linear\" does not fit its"), "said on every build: \(run.stderr)")
        }
        let before = try Harness.tree(under: work)
        let check = try Harness.assetc(["check", "Tagged.xcassets", "--car", "--werror"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        let rendered = try Harness.assetc(["check", "Tagged.xcassets", "--car", "--werror", "--render"], in: work)
        #expect(rendered.status == 1)
        #expect(rendered.stderr.contains("does not fit its"), "\(rendered.stderr)")
        #expect(rendered.stderr.contains("error: warnings treated as errors (--werror)"), "\(rendered.stderr)")
        #expect(try Harness.tree(under: work) == before, "check --render writes nothing outside its temporary folder")
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        let length = UInt32(data.count)
        return [24, 16, 8, 0].map { UInt8((length >> $0) & 0xFF) } + body + [24, 16, 8, 0].map { UInt8((crc >> $0) & 0xFF) }
    }

    /// The PNG without chunks of the given types (so only `keepingFirst` says what the colours mean).
    static func withoutChunks(_ png: [UInt8], _ types: Set<String>, keepingFirst: [UInt8]) -> [UInt8] {
        var out = Array(png[0..<8])
        var at = 8
        while at + 8 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            let end = at + 12 + length
            if !types.contains(type) { out += png[at..<end] }
            at = end
        }
        return out
    }

    /// Two image names with the same 16-bit hash both build into Assets.car (the second with the
    /// next free identifier), where they used to be refused.
    @Test func namesWithOneHashBothBuild() throws {
        let (first, second) = try #require(firstCollidingNames(hash: NameIdentifier.of))
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let png = Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/CWA/Icons - Test Tube.imageset/Icons - Test Tube.png")
        for name in [first, second] {
            let set = work.appendingPathComponent("Clash.xcassets/\(name).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: png, to: set.appendingPathComponent("a.png"))
            try Data(#"{"images": [{"idiom": "universal", "filename": "a.png"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
        }
        let check = try Harness.assetc(["check", "Clash.xcassets", "--car"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        let build = try Harness.assetc(["build", "Clash.xcassets", "--car", "--output", "out"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let car = try CARReader(Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.facets[first] != nil && car.facets[second] != nil)
        #expect(Set(car.renditions.compactMap { $0.attributes[17] }).count == 2)  // 17: the identifier attribute
    }

    /// The build-engine actions (`plan --emit ninja`, `render`, `assemble`) declare and write the
    /// same file as `assetc build`.
    @Test func ninjaActionsWriteTheSameCatalog() throws {
        let ninja = try #require(BuildEngineTests.tool("ninja"), "ninja (ninja-build) is needed; `make test` installs it")
        let (work, run) = try Self.build("Alternates.xcassets", ["--app-icon", "green", "--car"])
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0)
        let emit = try Harness.assetc(["plan", "Alternates.xcassets", "--app-icon", "green", "--car", "--emit", "ninja", "--output", "engine"], in: work)
        #expect(emit.stdout.contains("engine/Resources/Assets.car"))
        try emit.stdout.write(to: work.appendingPathComponent("build.ninja"), atomically: true, encoding: .utf8)
        let built = try Harness.run(ninja, ["-j", "2"], in: work)
        #expect(built.status == 0, "\(built.stdout)")
        #expect(try Harness.read(work.appendingPathComponent("engine/Resources/Assets.car"))
            == (try Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))))
    }

    /// Apple's own LZFSE decoder (the reference C code, through PyPI `lzfse`, which `make test`
    /// installs) decodes every chunk to the same bytes as the test reader.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ASSETC_LZFSE_PYTHON"] != nil, "Apple's LZFSE decoder from PyPI: `make test` sets ASSETC_LZFSE_PYTHON"))
    func applesDecoderAgrees() throws {
        let (work, run) = try Self.build("Real.xcassets", ["--app-icon", "AppIcon", "--car"])
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0)
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let script = """
        import lzfse, struct, sys, hashlib
        data = open(sys.argv[1], 'rb').read()
        at = 0
        while True:
            at = data.find(b'MLEC', at)
            if at < 0: break
            count = struct.unpack_from('<I', data, at + 12)[0]
            p = at + 16; pixels = b''
            for _ in range(count):
                assert data[p:p+4] == b'KCBC'
                length = struct.unpack_from('<I', data, p + 16)[0]
                pixels += lzfse.decompress(data[p + 20:p + 20 + length])
                p += 20 + length
            print(hashlib.sha256(pixels).hexdigest())
            at = p
        at = 0
        while True:  # compressed files (SVG vectors): DWAR version 1
            at = data.find(b'DWAR', at)
            if at < 0: break
            version, length = struct.unpack_from('<II', data, at + 4)
            if version == 1: print(hashlib.sha256(lzfse.decompress(data[at + 12:at + 12 + length])).hexdigest())
            at += 12 + length
        """
        let python = ProcessInfo.processInfo.environment["ASSETC_LZFSE_PYTHON"]!
        let decoded = try Harness.run(python, ["-c", script, work.appendingPathComponent("out/Resources/Assets.car").path])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        let hashes = decoded.stdout.split(separator: "\n").map(String.init)
        let svgs = car.renditions.filter { $0.pixelFormat == " GVS" }.compactMap(\.embeddedFile)
        #expect(svgs.count == 1)
        let ours = (car.renditions.compactMap(\.storedPixels) + svgs).map { sha256Hex($0) }
        #expect(hashes.count == ours.count)
        #expect(Set(hashes) == Set(ours))
    }
}
