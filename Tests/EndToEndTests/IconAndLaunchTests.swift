import AssetKit
import AssetPlatform
import Rendering
import Foundation
import Testing

/// Icons and launch images through the real binary: generation from PDFs and validation of real sets.
@Suite(.serialized) struct IconAndLaunchTests {
    private func workspace(_ manifest: String, name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        for folder in ["art", "sets"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent(folder),
                                              to: work.appendingPathComponent(folder))
        }
        try manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        return work
    }

    private func plist(_ url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    private func iconFiles(_ plist: [String: Any], _ key: String) -> [String]? {
        ((plist[key] as? [String: Any])?["CFBundlePrimaryIcon"] as? [String: Any])?["CFBundleIconFiles"] as? [String]
    }

    @Test(arguments: ["6.0", "7.0"])
    func generatesIconsAndLaunchImagesFromPDFs(target: String) throws {
        let work = try workspace(#"""
        {"version": 1, "output": "out", "devices": ["iphone", "ipad"], "deploymentTarget": "\#(target)",
         "appIcon": {"source": "art/newsblur.pdf", "background": "#FFFFFF"},
         "launchImage": {"source": "art/registration.pdf", "background": "#000000", "orientations": ["portrait", "landscape"]}}
        """#, name: "generate\(target)")
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let out = work.appendingPathComponent("out")
        let resources = out.appendingPathComponent("Resources")
        let legacy = target == "6.0"
        var expected: [String: Int] = [
            "AppIcon60x60@2x.png": 120, "AppIcon60x60@3x.png": 180, "AppIcon40x40@2x.png": 80, "AppIcon40x40@3x.png": 120,
            "AppIcon29x29@2x.png": 58, "AppIcon29x29@3x.png": 87, "AppIcon20x20@2x.png": 40, "AppIcon20x20@3x.png": 60,
            "AppIcon76x76~ipad.png": 76, "AppIcon76x76@2x~ipad.png": 152, "AppIcon83.5x83.5@2x~ipad.png": 167,
            "AppIcon40x40~ipad.png": 40, "AppIcon40x40@2x~ipad.png": 80, "AppIcon29x29~ipad.png": 29,
            "AppIcon29x29@2x~ipad.png": 58, "AppIcon20x20~ipad.png": 20, "AppIcon20x20@2x~ipad.png": 40,
        ]
        if legacy {
            expected.merge(["AppIcon57x57.png": 57, "AppIcon57x57@2x.png": 114, "AppIcon29x29.png": 29,
                            "AppIcon72x72~ipad.png": 72, "AppIcon72x72@2x~ipad.png": 144, "AppIcon50x50~ipad.png": 50,
                            "AppIcon50x50@2x~ipad.png": 100]) { $1 }
        }
        let launch: [String: [Int]] = [
            "Default.png": [320, 480], "Default@2x.png": [640, 960], "Default-568h@2x.png": [640, 1136],
            "Default-667h@2x.png": [750, 1334], "Default-736h@3x.png": [1242, 2208], "Default-Landscape-736h@3x.png": [2208, 1242],
            "Default-2436h@3x.png": [1125, 2436], "Default-Landscape-2436h@3x.png": [2436, 1125],
            "Default-1792h@2x.png": [828, 1792], "Default-Landscape-1792h@2x.png": [1792, 828],
            "Default-2688h@3x.png": [1242, 2688], "Default-Landscape-2688h@3x.png": [2688, 1242],
            "Default-Portrait~ipad.png": [768, 1024],
            "Default-Portrait@2x~ipad.png": [1536, 2048], "Default-Landscape~ipad.png": [1024, 768],
            "Default-Landscape@2x~ipad.png": [2048, 1536],
        ]
        #expect(Harness.files(under: resources) == (Array(expected.keys) + Array(launch.keys) + ["asset-table.json"]).sorted())
        for (file, size) in expected {
            let decoded = try PNGCodec.decode(Harness.read(resources.appendingPathComponent(file)))
            #expect(decoded.header.width == size && decoded.header.height == size, "\(file)")
            #expect(decoded.image.isOpaque, "\(file) is not opaque")
            #expect(!decoded.header.interlaced)
        }
        for (file, size) in launch {
            let decoded = try PNGCodec.decode(Harness.read(resources.appendingPathComponent(file)))
            #expect([decoded.header.width, decoded.header.height] == size, "\(file)")
            #expect(decoded.image.isOpaque && !decoded.header.interlaced, "\(file)")
        }
        let appStore = try PNGCodec.decode(Harness.read(out.appendingPathComponent("AppStore/AppIcon1024x1024.png")))
        #expect(appStore.header.width == 1024 && appStore.image.isOpaque && appStore.header.colorType != .rgba)

        let info = try plist(out.appendingPathComponent("partial-Info.plist"))
        let phone = ["AppIcon20x20", "AppIcon29x29", "AppIcon40x40"] + (legacy ? ["AppIcon57x57"] : []) + ["AppIcon60x60"]
        #expect(iconFiles(info, "CFBundleIcons") == phone)
        // The iPad list names the iPhone icons too, as actool's does (an iPad runs iPhone apps).
        let pad = ["AppIcon20x20", "AppIcon29x29", "AppIcon40x40"] + (legacy ? ["AppIcon50x50", "AppIcon57x57"] : []) + ["AppIcon60x60"]
            + (legacy ? ["AppIcon72x72"] : []) + ["AppIcon76x76", "AppIcon83.5x83.5"]
        #expect(iconFiles(info, "CFBundleIcons~ipad") == pad)
        if legacy {
            #expect((info["CFBundleIconFiles"] as? [String])?.count == Set(phone + pad).count)
        } else {
            #expect(info["CFBundleIconFiles"] == nil)
        }
        #expect(info["UILaunchImageFile"] == nil, "basename is Default")
        let launchEntries = try #require(info["UILaunchImages"] as? [[String: String]])
        #expect(launchEntries.contains { $0["UILaunchImageName"] == "Default-568h" && $0["UILaunchImageSize"] == "{320, 568}"
                && $0["UILaunchImageOrientation"] == "Portrait" && $0["UILaunchImageMinimumOSVersion"] == "7.0" })
        #expect(launchEntries.contains { $0["UILaunchImageName"] == "Default-Landscape" && $0["UILaunchImageSize"] == "{768, 1024}" })
        #expect(launchEntries.contains { $0["UILaunchImageName"] == "Default-Landscape-736h" && $0["UILaunchImageSize"] == "{414, 736}"
                && $0["UILaunchImageMinimumOSVersion"] == "8.0" })
    }

    @Test func realSetsFromOpenSourceAppsPassAndArePackaged() throws {
        let work = try workspace(#"""
        {"version": 1, "output": "out", "deploymentTarget": "6.0",
         "appIcon": {"appiconset": "sets/AppIcon.appiconset"},
         "launchImage": {"launchimage": "sets/LaunchImage.launchimage"}}
        """#)
        defer { Harness.removeTemporary(work) }
        let check = try Harness.assetc(["check"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "check wrote files")
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let resources = work.appendingPathComponent("out/Resources")
        let files = Harness.files(under: resources)
        for name in ["AppIcon60x60@2x.png", "AppIcon57x57.png", "AppIcon83.5x83.5@2x~ipad.png", "AppIcon72x72@2x~ipad.png",
                     "Default@2x.png", "Default-568h@2x.png", "Default-667h@2x.png", "Default-736h@3x.png"] {
            #expect(files.contains(name), "\(name) missing from \(files)")
        }
        // Packaged icons keep their pixels (re-encoded losslessly).
        let original = try PNGCodec.decode(Harness.read(work.appendingPathComponent("sets/AppIcon.appiconset/icon-60@2x.png"))).image
        let packaged = try PNGCodec.decode(Harness.read(resources.appendingPathComponent("AppIcon60x60@2x.png"))).image
        // The fixture is opaque (an icon must be); were it not, the icon would be composited, not copied.
        #expect(original.isOpaque)
        #expect(original == packaged)
    }

    /// Shrinks a PNG by two pixels in each direction (cropping), as a designer's export slip would.
    private func shrink(_ url: URL) throws -> (Int, Int) {
        let decoded = try PNGCodec.decode(Harness.read(url)).image
        let width = decoded.width - 2, height = decoded.height - 2
        var pixels: [UInt8] = []
        for y in 0..<height {
            let start = y * decoded.width * 4
            pixels += decoded.pixels[start..<start + width * 4]
        }
        try Data(PNGOptimizer.encode(RGBAImage(width: width, height: height, pixels: pixels))).write(to: url)
        return (decoded.width, decoded.height)
    }

    @Test func aResizedIconOrLaunchImageFailsNamingTheFileAndTheSizeItShouldBe() throws {
        let work = try workspace(#"""
        {"version": 1, "output": "out",
         "appIcon": {"appiconset": "sets/AppIcon.appiconset"},
         "launchImage": {"launchimage": "sets/LaunchImage.launchimage"}}
        """#)
        defer { Harness.removeTemporary(work) }
        let good = try Harness.assetc(["build"], in: work)
        #expect(good.status == 0, "\(good.stderr)")
        let before = try Harness.read(work.appendingPathComponent("out/Resources/AppIcon76x76@2x~ipad.png"))
        _ = try shrink(work.appendingPathComponent("sets/AppIcon.appiconset/icon-76@2x.png"))
        _ = try shrink(work.appendingPathComponent("sets/LaunchImage.launchimage/Default-667h@2x.png"))
        let run = try Harness.assetc(["check"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("sets/AppIcon.appiconset/icon-76@2x.png: error: [ITMS-90023] AppIcon.appiconset/icon-76@2x.png is 150x150 but should be 152x152."),
                "\(run.stderr)")
        #expect(run.stderr.contains("LaunchImage.launchimage/Default-667h@2x.png is 748x1332 but should be 750x1334."), "\(run.stderr)")
        let build = try Harness.assetc(["build"], in: work)
        #expect(build.status == 1)
        #expect(try Harness.read(work.appendingPathComponent("out/Resources/AppIcon76x76@2x~ipad.png")) == before,
                "a failed build changed an earlier good output")
    }

    @Test func werrorTurnsWarningsIntoFailure() throws {
        let work = try workspace(#"{"version": 1, "output": "out", "devices": ["iphone"], "appIcon": {"source": "art/newsblur.pdf"}}"#)
        defer { Harness.removeTemporary(work) }
        let plain = try Harness.assetc(["check"], in: work)
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("warning: app icon art has transparent pixels"), "\(plain.stderr)")
        let strict = try Harness.assetc(["check", "--werror"], in: work)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("warnings treated as errors"))
    }

    @Test func tablesCommandPrintsTextAndJSON() throws {
        let text = try Harness.assetc(["tables"])
        #expect(text.status == 0 && text.stdout.contains("AppIcon83.5x83.5@2x~ipad.png") && text.stdout.contains("QA1686"))
        let json = try Harness.assetc(["tables", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["icons"] as? [Any])?.count == DeviceTables.icons.count)
        #expect((object["launchImages"] as? [Any])?.count == DeviceTables.launchImages.count)
        #expect(object["version"] as? String == DeviceTables.version)
    }
}
