import Foundation
import Testing
import TestSupport

/// What a Mac finds, assetc finds (docs/catalogs.md, "Names a Mac would find"): a catalog made on a
/// case- and normalization-insensitive volume names files in spellings Linux does not hold. The
/// AUPM shape (wstyres/AUPM names `Beta.png` beside `beta.png`, and its actool car holds `Beta`),
/// an NFD file name against NFC in Contents.json, Finder and archive leftovers, and two case twins;
/// in `build --car`, `check` and the actool mode called as AUPM's Makefile calls it (no --warnings).
@Suite struct MacFileNameTests {
    /// A real PNG: the green alternate icon of the Alternates.xcassets fixture.
    static var png: URL {
        Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets/AlternateIcons/green.appiconset/Color=Green_1024pt@1x.png")
    }

    /// `X.xcassets` with one image set `set` whose Contents.json names `named` at 1x; `files` are
    /// copies of the PNG in the set's folder.
    static func catalog(in work: URL, set: String = "Beta", named: String, files: [String]) throws -> URL {
        let catalog = work.appendingPathComponent("X.xcassets")
        let folder = catalog.appendingPathComponent(set + ".imageset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"info": {"author": "xcode", "version": 1}}"#.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        let contents = #"{"images": [{"idiom": "universal", "filename": "\#(named)", "scale": "1x"}], "info": {"author": "xcode", "version": 1}}"#
        try Data(contents.utf8).write(to: folder.appendingPathComponent("Contents.json"))
        for file in files {
            try FileManager.default.copyItem(at: png, to: folder.appendingPathComponent(file))
        }
        return catalog
    }

    static func carNames(_ url: URL) throws -> Set<String> {
        Set(try CARReader(try Harness.read(url)).facets.keys)
    }

    @Test func aFileNamedInAnotherCaseIsUsedInEveryMode() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try Self.catalog(in: work, named: "Beta.png", files: ["beta.png"])
        let warning = "X.xcassets/Beta.imageset/Contents.json:1:13: warning: Contents.json names \"Beta.png\" in \"Beta\", and the file is \"beta.png\""

        let build = try Harness.assetc(["build", "X.xcassets", "--output", "out", "--car"], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains(warning), "\(build.stderr)")
        #expect(!build.stderr.contains("does not exist"), "\(build.stderr)")
        #expect(try Self.carNames(work.appendingPathComponent("out/Resources/Assets.car")).contains("Beta"))

        // The loose tree takes the file's name from the set, never from the file on disk.
        let loose = try Harness.assetc(["build", "X.xcassets", "--output", "loose"], in: work)
        #expect(loose.status == 0, "\(loose.stderr)")
        #expect(Harness.files(under: work.appendingPathComponent("loose/Resources")).contains("Beta.png"))

        let check = try Harness.assetc(["check", "X.xcassets"], in: work)
        #expect(check.stderr.contains(warning), "\(check.stderr)")
        #expect(!check.stderr.contains("does not exist"), "\(check.stderr)")

        // As AUPM's Makefile calls actool: no --warnings, so nothing is said, and the image is there.
        try FileManager.default.createDirectory(at: work.appendingPathComponent("compiled"), withIntermediateDirectories: true)
        let actool = try Harness.assetc(["actool", "X.xcassets", "--compile", "compiled", "--platform", "iphoneos",
                                         "--minimum-deployment-target", "12.0"], in: work)
        #expect(actool.status == 0, "\(actool.stdout)\(actool.stderr)")
        #expect(try Self.carNames(work.appendingPathComponent("compiled/Assets.car")).contains("Beta"))
        let warned = try Harness.assetc(["actool", "X.xcassets", "--compile", "compiled", "--platform", "iphoneos",
                                         "--minimum-deployment-target", "12.0", "--warnings"], in: work)
        #expect(warned.stdout.contains("and the file is &quot;beta.png&quot;") || warned.stdout.contains("and the file is \"beta.png\""),
                "\(warned.stdout)")
    }

    /// HFS+ and many zip tools write names decomposed (NFD); Xcode writes Contents.json composed (NFC).
    @Test func aFileNamedInAnotherNormalizationIsUsed() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let composed = "Cr\u{E8}me.png"  // è as one scalar
        let decomposed = "Cre\u{300}me.png"  // e and a combining grave accent
        let catalog = try Self.catalog(in: work, set: "Menu", named: composed, files: [decomposed])
        // The folder holds the decomposed bytes, so the exact lookup misses: the case under test.
        let names = try FileManager.default.contentsOfDirectory(atPath: catalog.appendingPathComponent("Menu.imageset").path)
        #expect(names.contains { Array($0.utf8) == Array(decomposed.utf8) })
        #expect(!names.contains { Array($0.utf8) == Array(composed.utf8) })

        let build = try Harness.assetc(["build", "X.xcassets", "--output", "out", "--car"], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("differ only in case or Unicode normalization"), "\(build.stderr)")
        #expect(try Self.carNames(work.appendingPathComponent("out/Resources/Assets.car")).contains("Menu"))
    }

    /// `.DS_Store`, AppleDouble `._` files and `__MACOSX`: ignored, with no message at all.
    @Test func finderAndArchiveLeftoversAreIgnoredSilently() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.catalog(in: work, named: "beta.png", files: ["beta.png"])
        let set = catalog.appendingPathComponent("Beta.imageset")
        try Data([0, 5, 22, 7]).write(to: set.appendingPathComponent("._beta.png"))
        try Data([0, 0, 0, 1]).write(to: set.appendingPathComponent(".DS_Store"))
        try Data([0, 0, 0, 1]).write(to: catalog.appendingPathComponent(".DS_Store"))
        let archived = catalog.appendingPathComponent("__MACOSX/Beta.imageset")
        try FileManager.default.createDirectory(at: archived, withIntermediateDirectories: true)
        try Data([0, 5, 22, 7]).write(to: archived.appendingPathComponent("._Contents.json"))
        try Data([0, 5, 22, 7]).write(to: archived.appendingPathComponent("Contents.json"))

        let build = try Harness.assetc(["build", "X.xcassets", "--output", "out", "--car", "--werror"], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("warning:") && !build.stderr.contains("note:"), "\(build.stderr)")
        let check = try Harness.assetc(["check", "X.xcassets"], in: work)
        #expect(check.status == 0 && check.stderr.contains("is valid"), "\(check.stderr)")
        #expect(!check.stderr.contains("MACOSX") && !check.stderr.contains("._beta"), "\(check.stderr)")
    }

    /// `beta.png` and `BETA.png` side by side (a Linux checkout holds both, a Mac cannot): which one
    /// the author meant cannot be told, so the build stops, naming both.
    @Test func twoCaseTwinsAreAnErrorNamingBoth() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        _ = try Self.catalog(in: work, named: "Beta.png", files: ["beta.png", "BETA.png"])
        for arguments in [["build", "X.xcassets", "--output", "out", "--car"], ["check", "X.xcassets"]] {
            let run = try Harness.assetc(arguments, in: work)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("X.xcassets/Beta.imageset/Contents.json:1:13: error: Contents.json names \"Beta.png\" in \"Beta\", and \"BETA.png\" and \"beta.png\" all match it"),
                    "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    /// App icon sets: a file in another case, and the set itself asked for in another case.
    @Test func anIconSetFileAndAnIconSetNameInAnotherCaseAreFound() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"info": {"author": "xcode", "version": 1}}"#.utf8).write(to: set.deletingLastPathComponent().appendingPathComponent("Contents.json"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Alternates.xcassets/AlternateIcons/green.appiconset"), to: set)
        let contents = set.appendingPathComponent("Contents.json")
        let file = "Color=Green_1024pt@1x.png"
        let text = try String(contentsOf: contents, encoding: .utf8)
        #expect(text.contains(file))
        try text.replacingOccurrences(of: file, with: file.uppercased()).write(to: contents, atomically: true, encoding: .utf8)

        let build = try Harness.assetc(["build", "App.xcassets", "--app-icon", "appicon", "--output", "out", "--car"], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("warning: the app icon set \"appicon\" is the folder \"AppIcon\""), "\(build.stderr)")
        #expect(build.stderr.contains("names \"\(file.uppercased())\" in \"AppIcon\", and the file is \"\(file)\""), "\(build.stderr)")
        // As for alternates, the icon keeps the name asked for: the car's and CFBundleIconName agree.
        #expect(try Self.carNames(work.appendingPathComponent("out/Resources/Assets.car")).contains("appicon"))
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: work.appendingPathComponent("out/partial-Info.plist")), format: nil) as? NSDictionary
        let primary = (plist?["CFBundleIcons"] as? NSDictionary)?["CFBundlePrimaryIcon"] as? NSDictionary
        #expect(primary?["CFBundleIconName"] as? String == "appicon")
    }
}
