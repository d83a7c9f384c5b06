import Foundation
import Testing
import TestSupport

/// `--target-xcode` through the real binary: the car's header and icon numbering, Icon Composer 2.0
/// refused below 27.0 and read at 27.0, and the actool mode's `--version` answer.
@Suite struct XcodeGenerationBuildTests {
    static func copy(_ fixture: String, to work: URL) throws {
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent(fixture),
                                         to: work.appendingPathComponent(URL(fileURLWithPath: fixture).lastPathComponent))
    }

    /// Xcode 14.3's car: CoreUI 804 and the icons numbered from 0; the default's, 970.1 and from 1.
    @Test func theCarIsWrittenAsTheGenerationAsked() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.copy("catalogs/Real.xcassets", to: work)
        var cars: [String: CARReader] = [:]
        for generation in ["14.3", "26.0"] {
            let run = try Harness.assetc(["build", "Real.xcassets", "--app-icon", "AppIcon", "--car", "-o", "out", "--target-xcode", generation], in: work)
            try #require(run.status == 0, "\(run.stderr)")
            cars[generation] = try CARReader(Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        }
        let old = try #require(cars["14.3"]), new = try #require(cars["26.0"])
        #expect(old.header.coreUIVersion == 804 && old.header.mainVersion == "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-804.3")
        #expect(new.header.coreUIVersion == 970 && new.header.mainVersion == "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-970.1")
        func indexes(_ car: CARReader) -> [String: UInt16] {
            var result: [String: UInt16] = [:]
            for icon in car.renditions where icon.attributes[2] == 220 && icon.attributes[15] == 1 && (icon.attributes[16] ?? 0) == 0 {
                result["\(icon.width)"] = icon.attributes[9]
            }
            return result
        }
        // 20 pt @2x (40 px) is the first size: 0 in 14.3, 1 since; every index one apart.
        #expect(indexes(old)["40"] == 0 && indexes(new)["40"] == 1)
        #expect(indexes(old).mapValues { $0 + 1 } == indexes(new))
        // Switching back re-assembles the car: the generation is part of its key.
        #expect(try Harness.assetc(["build", "Real.xcassets", "--app-icon", "AppIcon", "--car", "-o", "out", "--target-xcode", "14.3"], in: work).status == 0)
        #expect(try CARReader(Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))).header.coreUIVersion == 804)
        let wrong = try Harness.assetc(["build", "Real.xcassets", "--car", "-o", "out", "--target-xcode", "25"], in: work)
        #expect(wrong.status == 64 && wrong.stderr.contains("--target-xcode takes 14.3, 16.2, 26.0, 26.1, 26.3, 26.6, 27.0, not \"25\""), "\(wrong.stderr)")
    }

    /// An icon.json as Icon Composer 2.0 saves it (CamilleScholtz/swmpc@59c76d4a's keys on the MinusOne fixture).
    static func iconComposer2(in work: URL) throws {
        try Self.copy("iconcomposer/MinusOne.icon", to: work)
        let path = work.appendingPathComponent("MinusOne.icon/icon.json")
        var json = try String(contentsOf: path, encoding: .utf8)
        json = json.replacingOccurrences(of: "\"groups\" : [\n    {", with: """
        "features" : [ "refractivity", "specular-location" ],
          "implicit-asset-mirroring" : true,
          "groups" : [
            {
              "refractivity" : { "depth" : 0.5, "enabled" : true, "strength" : -0.5 },
        """).replacingOccurrences(of: "\"specular\" : true", with: "\"specular\" : \"inside\"")
        #expect(json.contains("\"features\"") && json.contains("\"specular\" : \"inside\""), "the fixture's layout changed")
        try json.write(to: path, atomically: true, encoding: .utf8)
    }

    @Test func anIconComposer2IconIsRefusedBelow27AndReadAt27() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.iconComposer2(in: work)
        let refused = try Harness.assetc(["build", "MinusOne.icon", "--platform", "macos", "-o", "out"], in: work)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("MinusOne.icon/icon.json: error: the icon was saved by Icon Composer 2.0 (Xcode 27: \"features\": refractivity, specular-location), which the actool of Xcode 26.0 cannot open; build with --target-xcode 27.0"),
                "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
        let built = try Harness.assetc(["build", "MinusOne.icon", "--platform", "macos", "-o", "out", "--target-xcode", "27.0"], in: work)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("warning: the icon's refractivity (Icon Composer 2.0) is not stored in Assets.car"), "\(built.stderr)")
        #expect(built.stderr.contains("warning: the icon has Icon Composer 2.0 keys assetc does not read (implicit-asset-mirroring)"), "\(built.stderr)")
        let car = try CARReader(Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.header.coreUIVersion == 1003 && car.header.mainVersion.hasSuffix("CoreUI-1003 [LAR]"))
        let stacks = car.renditions.filter { $0.layout == 1019 || $0.layout == 1020 }
        #expect(!stacks.isEmpty && stacks.allSatisfy { $0.tlvs.map(\.type).contains(1022) })
        // A feature no Icon Composer assetc knows has is refused in every generation.
        let path = work.appendingPathComponent("MinusOne.icon/icon.json")
        try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "\"specular-location\"", with: "\"holography\"")
            .write(to: path, atomically: true, encoding: .utf8)
        let unknown = try Harness.assetc(["check", "MinusOne.icon", "--platform", "macos", "--target-xcode", "27.0"], in: work)
        #expect(unknown.status == 1 && unknown.stderr.contains("uses Icon Composer features assetc does not know (holography)"), "\(unknown.stderr)")
    }

    /// A macOS car is written through the Mac's CoreUI: 969 [LAR] for 26.0, 972.1 [LAR] for 26.3.
    @Test func aMacCarCarriesTheMacsCoreUI() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.copy("iconcomposer/MinusOne.icon", to: work)
        for (generation, number, project) in [("26.0", UInt32(969), "969 [LAR]"), ("26.3", 972, "972.1 [LAR]")] {
            let run = try Harness.assetc(["build", "MinusOne.icon", "--platform", "macos", "-o", "out", "--target-xcode", generation], in: work)
            try #require(run.status == 0, "\(run.stderr)")
            let header = try CARReader(Harness.read(work.appendingPathComponent("out/Resources/Assets.car"))).header
            #expect(header.coreUIVersion == number && header.mainVersion == "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-\(project)")
        }
    }

    /// The actool mode answers `--version` as the generation's actool: its bundle version where one
    /// is public, none made up where none is.
    @Test func theActoolModesVersionFollowsTheGeneration() throws {
        let xml = try Harness.assetc(["actool", "--version", "--output-format", "xml1", "--target-xcode", "27.0"])
        #expect(xml.stdout.contains("<key>bundle-version</key>\n\t\t<string>25098</string>") && xml.stdout.contains("<string>27.0</string>"), "\(xml.stdout)")
        let byEnvironment = try Harness.assetc(["actool", "--version", "--output-format", "human-readable-text"], environment: ["ASSETC_TARGET_XCODE": "26.1"])
        #expect(byEnvironment.stdout.hasPrefix("/* com.apple.actool.version */\nbundle-version: 24411\nshort-bundle-version: 26.1\n"), "\(byEnvironment.stdout)")
        let unknown = try Harness.assetc(["actool", "--version", "--output-format", "human-readable-text", "--target-xcode", "16.2"])
        #expect(unknown.stdout.hasPrefix("/* com.apple.actool.version */\nshort-bundle-version: 16.2\n"), "\(unknown.stdout)")
        let standard = try Harness.assetc(["actool", "--version", "--output-format", "human-readable-text"])
        #expect(standard.stdout.hasPrefix("/* com.apple.actool.version */\nbundle-version: 24127\nshort-bundle-version: 26.0\n"))
        let bad = try Harness.assetc(["actool", "--version", "--output-format", "human-readable-text"], environment: ["ASSETC_TARGET_XCODE": "99"])
        #expect(bad.stdout.contains("ASSETC_TARGET_XCODE takes 14.3, 16.2, 26.0, 26.1, 26.3, 26.6, 27.0, not \"99\""), "\(bad.stdout)")
    }
}
