import Foundation
import Testing
import TestSupport

/// Mac Catalyst, as swift-build passes it (`--platform macosx --target-device ipad --ui-framework-family
/// uikit`) and as .NET does (no `--ui-framework-family`): a car keyed as iOS's with the platform
/// `macosx-ios`, the icon set's mac slots as universal icons, `<icon>.icns` and the Mac's Info.plist
/// keys beside it, as the public Catalyst cars hold them (axelfisch/AiXel-MIDI-Player@b1769498,
/// Shadowsniper784/scriptable--1@21a21658; docs/macos-evidence.md, §6).
@Suite struct MacCatalystTests {
    static func compile(_ extra: [String], in work: URL) throws -> (Harness.Run, CARReader?) {
        let out = work.appendingPathComponent("out")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", "X.xcassets", "--compile", "out", "--platform", "macosx", "--app-icon", "AppIcon",
                                      "--minimum-deployment-target", "17.2", "--output-partial-info-plist", "out/partial.plist",
                                      "--output-format", "human-readable-text"] + extra, in: work)
        let car = try? CARReader(Harness.read(out.appendingPathComponent("Assets.car")))
        return (run, car)
    }

    @Test func aCatalystCarIsAnIOSCarForTheMac() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("macos/mcfans-Catalog.xcassets"), to: work.appendingPathComponent("X.xcassets"))
        for extra in [["--target-device", "ipad", "--ui-framework-family", "uikit"], ["--target-device", "ipad"]] {
            let (run, found) = try Self.compile(extra, in: work)
            #expect(run.status == 0, "\(extra): \(run.stdout)")
            #expect(run.stdout.contains("/out/AppIcon.icns") && run.stdout.contains("/out/Assets.car"), "\(run.stdout)")
            let car = try #require(found)
            #expect(car.metadata.platform == "macosx-ios" && car.metadata.deploymentTarget == "17.2")
            #expect(car.header.keySemantics == 2)
            // iOS's key format (idiom and subtype in it), not macOS's.
            #expect(car.keyFormat.contains(15) && car.keyFormat.contains(16), "\(car.keyFormat)")
            // The mac slots, as universal (idiom 0) icons named after their files, numbered from 1 (26.0).
            let icons = car.renditions.filter { $0.attributes[2] == 220 }
            #expect(icons.count == 10 && icons.allSatisfy { ($0.attributes[15] ?? 0) == 0 && $0.name.hasPrefix("icon_") }, "\(icons.map(\.name))")
            // Image sets at @1x and @2x, universal.
            let images = car.renditions.filter { $0.attributes[2] == 181 }
            #expect(!images.isEmpty && images.allSatisfy { ($0.attributes[15] ?? 0) == 0 && [100, 200].contains($0.scaleTimes100) })
            let plist = try String(contentsOf: work.appendingPathComponent("out/partial.plist"), encoding: .utf8)
            #expect(plist.contains("<key>CFBundleIconFile</key>") && plist.contains("<key>CFBundleIconName</key>") && !plist.contains("CFBundleIcons"))
        }
        // `assetc build --platform maccatalyst` writes the same car.
        let build = try Harness.assetc(["build", "X.xcassets", "--platform", "maccatalyst", "--app-icon", "AppIcon", "--deployment-target", "17.2", "-o", "b"], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        let built = try CARReader(Harness.read(work.appendingPathComponent("b/Resources/Assets.car")))
        #expect(built.metadata.platform == "macosx-ios")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("b/Resources/AppIcon.icns").path))
    }

    /// A Catalyst icon from an Icon Composer icon is not compiled yet: said, not guessed.
    @Test func anIconComposerIconForCatalystIsRefused() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"), to: work.appendingPathComponent("MinusOne.icon"))
        let run = try Harness.assetc(["build", "MinusOne.icon", "--platform", "maccatalyst", "-o", "out"], in: work)
        #expect(run.status == 1 && run.stderr.contains("a Mac Catalyst app's icon is compiled from its icon set's mac slots only"), "\(run.stderr)")
    }
}
