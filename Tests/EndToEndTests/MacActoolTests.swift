import CompiledCatalog
import Foundation
import Rendering
import Testing
import TestSupport

/// A Mac app's Liquid Glass icon through the actool mode, called exactly as electron-builder's
/// `macosIconComposer.ts` (a732a75b) and Tauri's `icon.rs` (23ef50a6) call actool: the `.icon`
/// copied to `Icon.icon`, `--app-icon Icon`, `--platform macosx`. The icon is JustSing's
/// MinusOne.icon (Tests/Fixtures/iconcomposer, licence in Tests/Fixtures/LICENSES.md), whose car
/// and `.icns` actool 26.6 made are public (cro64/JustSing@30ac1d8): the facts checked here are
/// theirs (docs/macos-evidence.md).
@Suite struct MacActoolTests {
    static func compile(in work: URL, extra: [String] = []) throws -> (run: Harness.Run, out: URL) {
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"),
                                         to: work.appendingPathComponent("Icon.icon"))
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try Harness.run(ActoolModeTests.makeLinks(in: work).appendingPathComponent("actool").path, [
            work.appendingPathComponent("Icon.icon").path, "--compile", out.path, "--output-format", "xml1", "--notices", "--warnings",
            "--output-partial-info-plist", work.appendingPathComponent("assetcatalog_generated_info.plist").path,
            "--app-icon", "Icon", "--include-all-app-icons", "--enable-on-demand-resources", "NO", "--development-region", "en",
            "--target-device", "mac", "--minimum-deployment-target", "26.0", "--platform", "macosx",
        ] + extra, in: work)
        return (run, out)
    }

    @Test func anIconComposerIconBecomesAMacCarAnIcnsAndThePlistKeys() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let (run, out) = try Self.compile(in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Harness.files(under: out) == ["Assets.car", "Icon.icns"])
        let results = try PropertyListSerialization.propertyList(from: Data(run.stdout.utf8), format: nil) as? NSDictionary
        let outputs = (results?["com.apple.actool.compilation-results"] as? NSDictionary)?["output-files"] as? [String]
        #expect(Set(outputs?.map { URL(fileURLWithPath: $0).lastPathComponent } ?? []) == ["Assets.car", "Icon.icns", "assetcatalog_generated_info.plist"])
        // The partial plist: the two keys of mcfans's reference output, at the top level.
        let plist = try ActoolModeTests.plist(work.appendingPathComponent("assetcatalog_generated_info.plist"))
        #expect(plist == ["CFBundleIconFile": "Icon", "CFBundleIconName": "Icon"] as NSDictionary)

        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        #expect(car.keyFormat == [7, 13, 1, 2, 3, 17, 9, 11, 12])
        #expect(car.metadata.platform == "macosx" && car.metadata.deploymentTarget == "26.0")
        #expect(car.appearances == ["NSAppearanceNameSystem": 0, "NSAppearanceNameDarkAqua": 1, "NSAppearanceNameAqua": 8, "ISAppearanceTintable": 10])
        // JustSing's flattened icons: 16…512 pt at @2x (64 among them) and 1024 at @1x, indexed 1…7.
        let flattened = car.renditions.filter { $0.attributes[2] == 220 }
            .map { [Int($0.attributes[9] ?? 0), Int($0.attributes[12] ?? 0), Int($0.width)] }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(flattened == [[1, 2, 32], [2, 2, 64], [3, 2, 128], [4, 2, 256], [5, 2, 512], [6, 2, 1024], [7, 1, 1024]])
        let record = car.renditions.first { $0.attributes[2] == 218 }?.multisize?.map { [$0.0, $0.2] }
        #expect(record == [[16, 1], [32, 2], [64, 3], [128, 4], [256, 5], [512, 6], [1024, 7]])
        // The stack and its group under dark (1), Aqua (8) and tintable (10), as in JustSing's car.
        let stacks = car.renditions.filter { $0.attributes[2] == 245 }.compactMap { $0.attributes[7] }.sorted()
        #expect(stacks == [1, 8, 10])
        let facets: Set<String> = ["Icon", "Icon/Group", "Icon_Assets/MinusOneIcon-active", "Icon_Assets/Gradient-1", "Icon_Assets/Gradient-2"]
        #expect(Set(car.facets.keys) == facets.union((1...6).map { "Icon_Assets/Color-\($0)" }))
        // The flattened icon is the macOS shape: transparent corners, an opaque body.
        let icon256 = try #require(car.renditions.first { $0.attributes[2] == 220 && $0.attributes[9] == 4 })
        let pixels = try #require(icon256.pixels)
        let row = icon256.bytesPerRow ?? 256 * 4
        #expect(pixels[3] == 0, "the corner is transparent")
        #expect(pixels[128 * row + 128 * 4 + 3] == 255, "the body is opaque")

        let icns = Array(try Data(contentsOf: out.appendingPathComponent("Icon.icns")))
        let elements = try #require(ICNSReader.elements(icns))
        #expect(elements.map(\.type) == ["ic13", "ic11", "ic04", "ic07"])
        let ic13 = try PNGCodec.decode(elements[0].payload).image
        #expect(ic13.width == 256 && ic13.pixels[3] == 0 && ic13.pixels[(128 * 256 + 128) * 4 + 3] == 255)
    }

    /// Chromium's compile_car.py (61169ed3) passes `--enable-icon-stack-fallback-generation=disabled` and,
    /// for actool 26.0 (bundle 24127, the version assetc reports), expects the car and the plist only.
    @Test func withoutTheFallbackThereIsNoIcns() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let (run, out) = try Self.compile(in: work, extra: ["--enable-icon-stack-fallback-generation=disabled"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Harness.files(under: out) == ["Assets.car"])
        let results = try PropertyListSerialization.propertyList(from: Data(run.stdout.utf8), format: nil) as? NSDictionary
        let outputs = (results?["com.apple.actool.compilation-results"] as? NSDictionary)?["output-files"] as? [String]
        #expect(Set(outputs?.map { URL(fileURLWithPath: $0).lastPathComponent } ?? []) == ["Assets.car", "assetcatalog_generated_info.plist"])
        // No CFBundleIconFile naming a file that is not there.
        let plist = try ActoolModeTests.plist(work.appendingPathComponent("assetcatalog_generated_info.plist"))
        #expect(plist == ["CFBundleIconName": "Icon"] as NSDictionary)
    }

    @Test func twoRunsAreTheSameBytes() throws {
        let first = try Harness.temporaryDirectory()
        let second = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(first); Harness.removeTemporary(second) }
        let a = try Self.compile(in: first)
        let b = try Self.compile(in: second)
        #expect(a.run.status == 0 && b.run.status == 0)
        for file in ["Assets.car", "Icon.icns"] {
            #expect(try Data(contentsOf: a.out.appendingPathComponent(file)) == Data(contentsOf: b.out.appendingPathComponent(file)), "\(file)")
        }
    }

    @Test func anIPhoneIconSetIsRefusedForTheMac() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        // An iPhone icon set as the Mac app's icon (actool's error: nothing in it applies). (Mac
        // Catalyst, once refused here, is compiled: MacCatalystTests.)
        for extra in [["--app-icon", "AppIcon"]] {
            let run = try Harness.run(Harness.binary, ["actool", catalog.path, "--compile", "out", "--platform", "macosx",
                                                       "--minimum-deployment-target", "14.0", "--errors"] + extra, in: work)
            #expect(run.status != 0, "\(extra)")
            #expect(run.stdout.contains(extra[0] == "--app-icon" ? "did not have any applicable content" : "Mac Catalyst"), "\(run.stdout)")
            #expect(Harness.files(under: work.appendingPathComponent("out")) == [])
        }
    }
    /// The front door for desktop-app makers with no catalog: `assetc build AppIcon.icon --platform macos`.
    @Test func theFrontDoorWritesTheCarTheIcnsAndTheKeys() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"),
                                         to: work.appendingPathComponent("AppIcon.icon"))
        let run = try Harness.assetc(["build", "AppIcon.icon", "--platform", "macos", "-o", "build"], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let resources = work.appendingPathComponent("build/Resources")
        let car = try CARReader(Array(Data(contentsOf: resources.appendingPathComponent("Assets.car"))))
        #expect(car.metadata.platform == "macosx" && car.facets["AppIcon"] != nil)
        #expect(ICNSReader.elements(Array(try Data(contentsOf: resources.appendingPathComponent("AppIcon.icns"))))?.map(\.type)
            == ["ic13", "ic11", "ic04", "ic07"])
        let plist = try ActoolModeTests.plist(work.appendingPathComponent("build/partial-Info.plist"))
        #expect(plist == ["CFBundleIconFile": "AppIcon", "CFBundleIconName": "AppIcon"] as NSDictionary)
        // Nothing loose: a Mac app's icon is in the car and the .icns.
        #expect(Harness.files(under: resources).filter { $0.hasSuffix(".png") } == [])
        let again = try Harness.assetc(["build", "AppIcon.icon", "--platform", "macos", "-o", "build"], in: work)
        #expect(again.status == 0)
        // A bundle broken afterwards fails with a message and leaves the earlier car and .icns as they were.
        let before = try ["Assets.car", "AppIcon.icns"].map { try Data(contentsOf: resources.appendingPathComponent($0)) }
        try #"{"groups": [{"layers": [{"name": "L", "image-name": "../../../etc/passwd"}]}]}"#
            .write(to: work.appendingPathComponent("AppIcon.icon/icon.json"), atomically: true, encoding: .utf8)
        let broken = try Harness.assetc(["build", "AppIcon.icon", "--platform", "macos", "-o", "build"], in: work)
        #expect((1...127).contains(broken.status) && broken.stderr.contains("AppIcon.icon/icon.json: error:"), "\(broken.stderr)")
        #expect(try ["Assets.car", "AppIcon.icns"].map { try Data(contentsOf: resources.appendingPathComponent($0)) } == before)
        let bad = try Harness.assetc(["build", "AppIcon.icon", "--platform", "driverkit", "-o", "other"], in: work)
        #expect(bad.status == 64 && bad.stderr.contains("--platform takes ios, tvos, watchos, visionos, macos or maccatalyst"), "\(bad.stderr)")
    }
}
