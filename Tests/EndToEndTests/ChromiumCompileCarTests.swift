import Foundation
import Testing
import TestSupport

/// Chromium's tools/mac/icons/compile_car.py, run unchanged (Tests/Fixtures/callers/chromium,
/// chromium/chromium@61169ed3), in a tree laid out as Chromium's: the script three folders below the
/// source root, `build/config/mac/mac_sdk.gni` for the deployment target, an `.xcassets` holding the
/// fallback bitmaps (an AppIcon set of mac slots) with `AppIcon.icon` beside it, and `xcrun` and
/// `actool` links first on PATH. It reads `bundle-version` and, at 26.0's 24127, expects exactly
/// two results (the car and the partial plist), fails on any notice or warning but the two it
/// expects, and copies the car beside the catalog.
@Suite struct ChromiumCompileCarTests {
    static func tree(in work: URL) throws -> (script: String, catalog: URL) {
        let src = work.appendingPathComponent("src")
        let icons = src.appendingPathComponent("tools/mac/icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("callers/chromium/compile_car.py"),
                                         to: icons.appendingPathComponent("compile_car.py"))
        let sdk = src.appendingPathComponent("build/config/mac")
        try FileManager.default.createDirectory(at: sdk, withIntermediateDirectories: true)
        try "mac_deployment_target = \"12.0\"\n".write(to: sdk.appendingPathComponent("mac_sdk.gni"), atomically: true, encoding: .utf8)
        let theme = src.appendingPathComponent("chrome/app/theme/chromium/mac")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        let catalog = theme.appendingPathComponent("Assets.xcassets")
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("macos/mcfans-Catalog.xcassets"), to: catalog)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"),
                                         to: theme.appendingPathComponent("AppIcon.icon"))
        return (icons.appendingPathComponent("compile_car.py").path, catalog)
    }

    @Test func theScriptRunsUnchanged() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let (script, catalog) = try Self.tree(in: work)
        let bin = try ActoolModeTests.makeLinks(in: work)
        let theme = catalog.deletingLastPathComponent()
        let run = try Harness.run("/usr/bin/env", ["PATH=\(bin.path):/usr/bin:/bin", "python3", script, "-v", catalog.path], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // 24127: the script says no .icns will come, and none does; the car is copied beside the catalog.
        #expect(run.stderr.contains("will not emit"), "\(run.stderr)")
        let car = try CARReader(Harness.read(theme.appendingPathComponent("Assets.car")))
        #expect(car.facets["AppIcon"] != nil && car.renditions.contains { $0.layout == 1019 }, "the icon's stack")
        #expect(!FileManager.default.fileExists(atPath: theme.appendingPathComponent("app.icns").path))

        // A later generation: the script does not know its bundle version and takes the .icns too.
        let later = try Harness.run("/usr/bin/env", ["PATH=\(bin.path):/usr/bin:/bin", "ASSETC_TARGET_XCODE=26.3", "python3", script, catalog.path], in: work)
        #expect(later.status == 0, "\(later.stdout)\(later.stderr)")
        #expect(later.stderr.contains("it is unknown if the active version"), "\(later.stderr)")
        #expect(FileManager.default.fileExists(atPath: theme.appendingPathComponent("app.icns").path))
    }
}
