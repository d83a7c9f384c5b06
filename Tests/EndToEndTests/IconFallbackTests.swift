import Foundation
import Testing
import TestSupport

/// `--enable-icon-stack-fallback-generation disabled` (Chromium and Compose pass it): the flattened
/// icons and the `.icns` come from the catalog's icon set of the icon's name when it has one; the
/// stack from the Icon Composer icon. Without such a set, nothing changes (no `.icns`).
@Suite struct IconFallbackTests {
    static func arguments(_ out: String, fallback: Bool, xcode: String = "26.0") -> [String] {
        ["actool", "--target-xcode", xcode, "--output-format=human-readable-text", "--notices", "--warnings", "--errors", "--platform=macosx", "--target-device=mac"]
            + (fallback ? [] : ["--enable-icon-stack-fallback-generation=disabled"])
            + ["--include-all-app-icons", "--app-icon=AppIcon", "--minimum-deployment-target=12.0",
               "--output-partial-info-plist=\(out)/partial.plist", "--compile=\(out)", "X.xcassets", "AppIcon.icon"]
    }

    @Test func theUsersOwnIconSetGivesTheFlattenedIconsAndTheIcns() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("macos/mcfans-Catalog.xcassets"), to: work.appendingPathComponent("X.xcassets"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"), to: work.appendingPathComponent("AppIcon.icon"))
        for out in ["set", "set26", "drawn"] { try FileManager.default.createDirectory(at: work.appendingPathComponent(out), withIntermediateDirectories: true) }
        // At 26.0 (Chromium's 24127) the set gives the car's flattened icons and no .icns: two results.
        let set26 = try Harness.assetc(Self.arguments("set26", fallback: false), in: work)
        #expect(set26.status == 0 && !set26.stdout.contains(".icns"), "\(set26.stdout)")
        let car26 = try CARReader(Harness.read(work.appendingPathComponent("set26/Assets.car")))
        #expect(car26.renditions.filter { $0.attributes[2] == 220 }.allSatisfy { $0.name.hasPrefix("icon_") })
        // After 26.0 (the flag removed from actool), assetc also writes the set's .icns.
        let set = try Harness.assetc(Self.arguments("set", fallback: false, xcode: "26.3"), in: work)
        #expect(set.status == 0, "\(set.stdout)")
        #expect(set.stdout.contains("/set/AppIcon.icns"), "\(set.stdout)")
        let car = try CARReader(Harness.read(work.appendingPathComponent("set/Assets.car")))
        let flattened = car.renditions.filter { $0.attributes[2] == 220 }
        // The set's ten images (16–512 pt at @1x and @2x), named as its files, and the icon's stack.
        #expect(flattened.count == 10 && flattened.allSatisfy { $0.name.hasPrefix("icon_") }, "\(flattened.map(\.name))")
        #expect(car.renditions.contains { $0.layout == 1019 }, "the Icon Composer icon's stack")
        let icns = try #require(ICNSReader.elements(Harness.read(work.appendingPathComponent("set/AppIcon.icns"))))
        #expect(!icns.isEmpty)
        let plist = try String(contentsOf: work.appendingPathComponent("set/partial.plist"), encoding: .utf8)
        #expect(plist.contains("<key>CFBundleIconFile</key>"))
        // With fallback generation on, the Icon Composer icon is drawn, as before.
        let drawn = try Harness.assetc(Self.arguments("drawn", fallback: true), in: work)
        #expect(drawn.status == 0, "\(drawn.stdout)")
        let drawnCar = try CARReader(Harness.read(work.appendingPathComponent("drawn/Assets.car")))
        #expect(drawnCar.renditions.filter { $0.attributes[2] == 220 }.allSatisfy { $0.name.hasPrefix("AppIcon") })
    }
}
