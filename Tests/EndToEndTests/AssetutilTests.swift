import Foundation
import Testing
import TestSupport

/// `assetutil --info Assets.car` as Tauri's bundler runs it (tauri-apps/tauri@23ef50a6,
/// crates/tauri-bundler/src/bundle/macos/icon.rs: the bare name on PATH, stdout parsed as one JSON
/// array, the first `"AssetType" : "Icon Image"` entry's `Name` taken as CFBundleIconName).
@Suite struct AssetutilTests {
    @Test func theIconsNameIsWhereTauriLooksForIt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"), to: work.appendingPathComponent("Icon.icon"))
        let build = try Harness.assetc(["build", "Icon.icon", "--platform", "macos", "-o", "out"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        // Called by that name, from PATH, as Tauri calls it.
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("assetutil").path, withDestinationPath: Harness.binary)
        let run = try Harness.run(bin.appendingPathComponent("assetutil").path, ["--info", "out/Resources/Assets.car"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        // Tauri's structure: every AssetType and Name a string where present.
        #expect(entries.allSatisfy { ($0["AssetType"] == nil || $0["AssetType"] is String) && ($0["Name"] == nil || $0["Name"] is String) })
        #expect(entries.first { $0["AssetType"] as? String == "Icon Image" }?["Name"] as? String == "Icon")
        let header = try #require(entries.first)
        #expect(header["Platform"] as? String == "macosx" && header["CoreUIVersion"] as? Int == 969 && header["StorageVersion"] as? Int == 17)
        let types = Set(entries.compactMap { $0["AssetType"] as? String })
        #expect(types.isSuperset(of: ["Icon Image", "MultiSized Image", "IconImageStack", "IconGroup", "Color"]), "\(types)")
        // assetutil's own formatting: "key" : value, two-space indents, `/` written `\/`, keys case-insensitively sorted.
        #expect(run.stdout.hasPrefix("[\n  {\n    \"Appearances\" : {\n"), "\(run.stdout.prefix(80))")
        #expect(run.stdout.contains("\"Name\" : \"Icon_Assets\\/Color-1\""))
        #expect(run.stdout.contains("\"RenditionName\" : \"Icon.iconstack\""))
        let again = try Harness.assetc(["assetutil", "--info", "out/Resources/Assets.car"], in: work)
        #expect(again.stdout == run.stdout)
        // `xcrun --sdk macosx assetutil --info` (Qulierm/Numlex's script) through the xcrun link.
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("xcrun").path, withDestinationPath: Harness.binary)
        let viaXcrun = try Harness.run(bin.appendingPathComponent("xcrun").path, ["--sdk", "macosx", "assetutil", "--info", "out/Resources/Assets.car"], in: work)
        #expect(viaXcrun.status == 0 && viaXcrun.stdout == run.stdout, "\(viaXcrun.stderr)")
        let find = try Harness.run(bin.appendingPathComponent("xcrun").path, ["--find", "assetutil"], in: work)
        #expect(find.stdout == bin.appendingPathComponent("assetutil").path + "\n", "\(find.stdout)\(find.stderr)")
    }

    /// A car actool made (acextract's test cars in ../shared) reads too: its images and packed atlases.
    @Test func anActoolCarIsRead() throws {
        let car = Harness.packageRoot.appendingPathComponent("../shared/corpus/car-pairs/bartoszj__acextract/77919b6/assets_iphone.car")
        guard FileManager.default.fileExists(atPath: car.path) else {
            Issue.record("../shared/corpus is not beside the checkout: \(car.path)")
            return
        }
        let run = try Harness.assetc(["assetutil", "--info", car.path])
        #expect(run.status == 0, "\(run.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 193 && entries.contains { $0["AssetType"] as? String == "PackedImage" })
    }

    @Test func whatIsNotACarIsNamed() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try "not a car".write(to: work.appendingPathComponent("Assets.car"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["assetutil", "--info", "Assets.car"], in: work)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr.contains("Assets.car: error: is not an asset catalog"), "\(run.stderr)")
        let usage = try Harness.assetc(["assetutil", "--thin", "x"], in: work)
        #expect(usage.status == 64 && usage.stderr.contains("answers --info PATH only"))
    }
}
