import CompiledCatalog
import Foundation
import Rendering
import Testing
import TestSupport

/// A Mac app's asset catalog through the actool mode as a Mac app's build calls it (`--platform
/// macosx`, no `--target-device`, as cardflow's script and dotnet's macOS task pass it): a classic
/// Mac icon set (16–512 pt @1x/@2x), image and colour sets with universal, mac and iPhone entries.
/// The facts checked are those of actool's Mac outputs (docs/macos-evidence.md): mcfans/actool's
/// 26.3 reference car and AppIcon.icns for the icon set; acextract's Xcode 7.3 Mac car for the sets
/// (compared in full by CarPairParityTests).
@Suite struct MacCatalogTests {
    /// One opaque colour per icon slot, so each image of the car and the `.icns` names its slot.
    static func slotColour(points: Int, scale: Int) -> [UInt8] { [UInt8(points % 256), UInt8(scale * 60), UInt8(points / 4 % 256), 255] }

    static func png(_ pixel: [UInt8], side: Int) -> Data {
        Data(PNGSamples.png(width: side, height: side, depth: 8, colorType: 6, rows: PNGSamples.solidRows(pixel, width: side, height: side)))
    }

    static func write(_ json: String, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.appendingPathComponent("Contents.json"))
    }

    /// A catalog as Xcode writes a Mac app's: `AppIcon` with its ten files named as NetNewsWire's
    /// are, `Star` (universal 1x/2x/3x, mac 1x/2x, iphone 2x), `Tint` (universal and mac colours).
    static func makeCatalog(in work: URL) throws -> URL {
        let catalog = work.appendingPathComponent("Mac.xcassets")
        var images: [String] = []
        let icon = catalog.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: icon, withIntermediateDirectories: true)
        for points in [16, 32, 128, 256, 512] {
            for scale in [1, 2] {
                let file = "Icon-MacOS-\(points)x\(points)@\(scale)x.png"
                try png(slotColour(points: points, scale: scale), side: points * scale).write(to: icon.appendingPathComponent(file))
                images.append(#"{"filename": "\#(file)", "idiom": "mac", "scale": "\#(scale)x", "size": "\#(points)x\#(points)"}"#)
            }
        }
        try write(#"{"images": [\#(images.joined(separator: ", "))], "info": {"author": "xcode", "version": 1}}"#, to: icon)
        let star = catalog.appendingPathComponent("Star.imageset")
        try FileManager.default.createDirectory(at: star, withIntermediateDirectories: true)
        for (file, side, pixel) in [("any.png", 10, [200, 0, 0, 255]), ("any@2x.png", 20, [200, 0, 0, 255]), ("any@3x.png", 30, [200, 0, 0, 255]),
                                    ("mac.png", 10, [0, 0, 200, 255]), ("mac@2x.png", 20, [0, 0, 200, 255]), ("phone@2x.png", 20, [0, 200, 0, 255])] {
            try png(pixel.map(UInt8.init), side: side).write(to: star.appendingPathComponent(file))
        }
        try write(#"""
            {"images": [
              {"idiom": "universal", "filename": "any.png", "scale": "1x"}, {"idiom": "universal", "filename": "any@2x.png", "scale": "2x"},
              {"idiom": "universal", "filename": "any@3x.png", "scale": "3x"}, {"idiom": "iphone", "filename": "phone@2x.png", "scale": "2x"},
              {"idiom": "mac", "filename": "mac.png", "scale": "1x"}, {"idiom": "mac", "filename": "mac@2x.png", "scale": "2x"}],
             "info": {"author": "xcode", "version": 1}}
            """#, to: star)
        try write(#"""
            {"colors": [
              {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}},
              {"idiom": "mac", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "0.000", "blue": "1.000", "alpha": "1.000"}}},
              {"idiom": "iphone", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "1.000", "blue": "0.000", "alpha": "1.000"}}}],
             "info": {"author": "xcode", "version": 1}}
            """#, to: catalog.appendingPathComponent("Tint.colorset"))
        try write(#"{"info": {"author": "xcode", "version": 1}}"#, to: catalog)
        return catalog
    }

    static func compile(_ catalog: URL, in work: URL, extra: [String] = []) throws -> (run: Harness.Run, out: URL) {
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", catalog.path, "--compile", out.path, "--platform", "macosx", "--minimum-deployment-target", "11.0",
                                      "--app-icon", "AppIcon", "--output-partial-info-plist", work.appendingPathComponent("partial.plist").path,
                                      "--output-format", "human-readable-text", "--errors", "--warnings"] + extra, in: work)
        return (run, out)
    }

    @Test func aMacIconSetBecomesTheCarsIconAndTheIcns() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let (run, out) = try Self.compile(Self.makeCatalog(in: work), in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("warning:"), "\(run.stdout)")
        // actool writes no loose icon for a Mac app: the car, the .icns and the plist's two keys.
        #expect(Harness.files(under: out) == ["AppIcon.icns", "Assets.car"])
        #expect(try ActoolModeTests.plist(work.appendingPathComponent("partial.plist")) == ["CFBundleIconFile": "AppIcon", "CFBundleIconName": "AppIcon"] as NSDictionary)

        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        #expect(car.keyFormat == [7, 13, 1, 2, 3, 17, 9, 11, 12])
        // mcfans's car: ten part-220 renditions, dim2 the index of the point size, named after their
        // files, and one multisize record (16,1) (32,2) (128,3) (256,4) (512,5).
        func order(_ rendition: CARReader.Rendition) -> Int { Int(rendition.attributes[9] ?? 0) * 10 + Int(rendition.attributes[12] ?? 0) }
        let icons = car.renditions.filter { $0.attributes[2] == 220 }.sorted { order($0) < order($1) }
        let sizes = [16, 32, 128, 256, 512]
        let keys: [[Int]] = icons.map { [Int($0.attributes[9] ?? 0), Int($0.attributes[12] ?? 0), Int($0.width)] }
        let expected: [[Int]] = sizes.enumerated().flatMap { index, points in [[index + 1, 1, points], [index + 1, 2, points * 2]] }
        #expect(keys == expected)
        #expect(icons.map(\.name) == sizes.flatMap { points in [1, 2].map { "Icon-MacOS-\(points)x\(points)@\($0)x.png" } })
        #expect(car.renditions.first { $0.attributes[2] == 218 }?.multisize?.map { [$0.0, $0.2] } == [[16, 1], [32, 2], [128, 3], [256, 4], [512, 5]])
        #expect(car.appearances.isEmpty, "an icon set's Mac car has no APPEARANCEKEYS (mcfans's 26.3 car)")

        // actool's four elements, each from the slot whose role it has: ic13 = 128@2x, ic11 = 16@2x,
        // ic04 = 16@1x (ARGB planes), ic07 = 128@1x.
        let elements = try #require(ICNSReader.elements(Array(Data(contentsOf: out.appendingPathComponent("AppIcon.icns")))))
        #expect(elements.map(\.type) == ["ic13", "ic11", "ic04", "ic07"])
        for (element, (points, scale)) in zip([elements[0], elements[1], elements[3]], [(128, 2), (16, 2), (128, 1)]) {
            let image = try PNGCodec.decode(element.payload).image
            #expect(image.width == points * scale && Array(image.pixels.prefix(4)) == Self.slotColour(points: points, scale: scale), "\(element.type)")
        }
        let argb = elements[2].payload
        #expect(Array(argb.prefix(4)) == Array("ARGB".utf8))
    }

    @Test func theMacsOwnEntriesWinAndOtherDevicesAreLeftOut() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let (run, out) = try Self.compile(Self.makeCatalog(in: work), in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        let starID = try #require(car.facets["Star"]?.first { $0.0 == 17 }?.1)
        let star = car.renditions.filter { $0.attributes[17] == starID }
        // The mac slots replace the universal ones at 1x and 2x; no 3x (Macs have none), no iPhone image.
        #expect(star.map(\.name).sorted() == ["mac.png", "mac@2x.png"])
        let tintID = try #require(car.facets["Tint"]?.first { $0.0 == 17 }?.1)
        let tint = car.renditions.filter { $0.attributes[17] == tintID }
        #expect(tint.count == 1)
        #expect(tint.first?.color?.components.map { ($0 * 1000).rounded() / 1000 } == [0, 0, 1, 1])
        // The same catalog for an iPhone keeps the universal and iPhone entries and no mac one.
        let phone = work.appendingPathComponent("phone")
        try FileManager.default.createDirectory(at: phone, withIntermediateDirectories: true)
        let iOS = try Harness.assetc(["actool", work.appendingPathComponent("Mac.xcassets").path, "--compile", phone.path, "--platform", "iphoneos",
                                      "--minimum-deployment-target", "15.0", "--target-device", "iphone", "--output-format", "human-readable-text"], in: work)
        #expect(iOS.status == 0, "\(iOS.stdout)\(iOS.stderr)")
        let phoneCar = try CARReader(Array(Data(contentsOf: phone.appendingPathComponent("Assets.car"))))
        let phoneStarID = try #require(phoneCar.facets["Star"]?.first { $0.0 == 17 }?.1)
        #expect(Set(phoneCar.renditions.filter { $0.attributes[17] == phoneStarID }.map(\.name)) == ["any.png", "any@2x.png", "any@3x.png", "phone@2x.png"])
    }

    @Test func aMissingOrWrongSizedMacIconIsNamed() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let icon = catalog.appendingPathComponent("AppIcon.appiconset")
        try Self.png([1, 2, 3, 255], side: 20).write(to: icon.appendingPathComponent("Icon-MacOS-16x16@1x.png"))
        try FileManager.default.removeItem(at: icon.appendingPathComponent("Icon-MacOS-512x512@2x.png"))
        // actool's severities: warnings naming each file; the .icns is made without the element
        // the set has no image for, and says so.
        let (run, out) = try Self.compile(catalog, in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Icon-MacOS-16x16@1x.png is 20x20 but should be 16x16"), "\(run.stdout)")
        #expect(run.stdout.contains("Icon-MacOS-512x512@2x.png"), "\(run.stdout)")
        #expect(run.stdout.contains("AppIcon.icns has no ic04 element"), "\(run.stdout)")
        let elements = try #require(ICNSReader.elements(Array(Data(contentsOf: out.appendingPathComponent("AppIcon.icns")))))
        #expect(elements.map(\.type) == ["ic13", "ic11", "ic07"])
        // `assetc check` fails on the same catalog, naming the file.
        let check = try Harness.assetc(["check", catalog.path, "--platform", "macos", "--app-icon", "AppIcon"], in: work)
        #expect(check.status != 0, "\(check.stdout)\(check.stderr)")
    }
}

/// mcfans/actool's reference catalog (Tests/Fixtures/macos, MIT) against the facts of the car and
/// `.icns` Xcode 26.3's actool made of it: every rendition but the packed atlases, by asset, part,
/// dimension, scale, appearance, name, size and stored pixel format; the `.icns` element by element,
/// pixel for pixel.
@Suite struct MacReferenceCatalogTests {
    struct Facts {
        var keyFormat: [UInt16] = []
        var renditions: [String] = []
        var icns: [(type: String, side: Int, sha256: String)] = []
    }

    static func facts() throws -> Facts {
        let text = try String(contentsOf: Harness.fixtures.appendingPathComponent("macos/mcfans-ref-output.facts"), encoding: .utf8)
        var facts = Facts()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            switch fields.first {
            case "keyformat": facts.keyFormat = fields.dropFirst().compactMap { UInt16($0) }
            case "icns": facts.icns.append((String(fields[1]), Int(fields[2]) ?? 0, String(fields[3])))
            default: facts.renditions.append(String(line))
            }
        }
        return facts
    }

    @Test func theCarAndIcnsAreActools() throws {
        let facts = try Self.facts()
        #expect(facts.renditions.count == 51 && facts.icns.count == 4, "the facts file reads as written")
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Catalog.xcassets")
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("macos/mcfans-Catalog.xcassets"), to: catalog)
        let (run, out) = try MacCatalogTests.compile(catalog, in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Harness.files(under: out) == ["AppIcon.icns", "Assets.car"])
        #expect(try ActoolModeTests.plist(work.appendingPathComponent("partial.plist")) == ["CFBundleIconFile": "AppIcon", "CFBundleIconName": "AppIcon"] as NSDictionary)

        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        // actool's key format has dimension 1 (8) for its packed atlases, which assetc does not make.
        #expect(car.keyFormat == facts.keyFormat.filter { $0 != 8 })
        var names: [UInt16: String] = [:]
        for (name, pairs) in car.facets { if let id = pairs.first(where: { $0.0 == 17 })?.1 { names[id] = name } }
        let ours = car.renditions.compactMap { rendition -> String? in
            guard let id = rendition.attributes[17], let asset = names[id] else { return nil }
            let a = rendition.attributes
            let format = rendition.pixelFormat.allSatisfy { $0 == "\0" } ? "-" : rendition.pixelFormat
            return "\(asset) part=\(a[2] ?? 0) dim2=\(a[9] ?? 0) scale=\(a[12] ?? 0) appearance=\(a[7] ?? 0) \(rendition.name) \(rendition.width)x\(rendition.height) \(format)"
        }.sorted()
        #expect(ours.count == facts.renditions.count)
        for difference in ours.difference(from: facts.renditions.sorted()) { Issue.record("\(difference)") }

        let elements = try #require(ICNSReader.elements(Array(Data(contentsOf: out.appendingPathComponent("AppIcon.icns")))))
        #expect(elements.map(\.type) == facts.icns.map(\.type))
        for (element, fact) in zip(elements, facts.icns) {
            let pixels = element.type == "ic04" ? ICNSReader.argbPixels(element.payload, side: fact.side) : try PNGCodec.decode(element.payload).image.pixels
            #expect(pixels.map(sha256Hex) == fact.sha256, "\(element.type)")
        }
    }
}
