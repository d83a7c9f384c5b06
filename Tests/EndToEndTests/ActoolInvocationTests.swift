@testable import AssetKit
import Testing

/// actool's command line as the callers pass it (argv shapes from rules_apple, swift-build,
/// CocoaPods, Chromium and Qt: docs/actool.md).
@Suite struct ActoolInvocationTests {
    @Test func rulesAppleShape() {
        let invocation = ActoolInvocation.parse([
            "--compile", "/out", "--errors", "--warnings", "--notices", "--output-format", "human-readable-text",
            "--platform", "iphoneos", "--minimum-deployment-target", "15.0", "--compress-pngs", "--app-icon", "AppIcon",
            "--target-device", "iphone", "--target-device", "ipad", "--output-partial-info-plist", "/tmp/p.plist", "/src/A.xcassets",
        ])
        #expect(invocation.refusals == [])
        #expect(invocation.compileDirectory == "/out")
        #expect(invocation.outputFormat == .text)
        #expect(invocation.platform == "iphoneos")
        #expect(invocation.minimumDeploymentTarget == "15.0")
        #expect(invocation.targetDevices == ["iphone", "ipad"])
        #expect(invocation.appIcon == "AppIcon")
        #expect(invocation.partialInfoPlist == "/tmp/p.plist")
        #expect(invocation.inputs == ["/src/A.xcassets"])
        #expect(invocation.shownSeverities == [.error, .warning, .notice])
    }

    /// swift-build puts the catalogs first; Chromium uses `=`; CocoaPods repeats a catalog; qbs
    /// appends a second --output-format, which wins.
    @Test func operandsAnywhereEqualsFormsRepeatsAndTheLastFormat() {
        let invocation = ActoolInvocation.parse([
            "A.xcassets", "--output-format=human-readable-text", "--compile=out", "B.xcassets", "--notices",
            "--export-dependency-info", "deps", "--enable-on-demand-resources", "NO", "--development-region", "en",
            "--filter-for-device-model", "iPhone8,1", "--alternate-app-icon", "Dark", "--alternate-app-icon=Light",
            "A.xcassets", "--output-format", "xml1",
        ])
        #expect(invocation.refusals == [])
        #expect(invocation.inputs == ["A.xcassets", "B.xcassets"])
        #expect(invocation.outputFormat == .xml1)
        #expect(invocation.compileDirectory == "out")
        #expect(invocation.dependencyInfo == "deps")
        #expect(invocation.alternateAppIcons == ["Dark", "Light"])
        #expect(!invocation.shownSeverities.contains(.warning))
    }

    /// Xcode passes `--enable-on-demand-resources YES` on every iOS app build (ENABLE_ON_DEMAND_RESOURCES
    /// is YES by default) and adds `--asset-pack-output-specifications` only when a set has tags
    /// (swift-build's ODR task): the flag alone is accepted, the asset packs stay refused.
    @Test func onDemandResourcesAreAcceptedWithoutAssetPacks() {
        for value in ["YES", "NO", "yes"] {
            #expect(ActoolInvocation.parse(["--compile", "o", "--enable-on-demand-resources", value, "A.xcassets"]).refusals == [])
        }
        #expect(ActoolInvocation.parse(["--compile", "o", "--enable-on-demand-resources", "YES", "--asset-pack-output-specifications",
                                        "packs.plist", "A.xcassets"]).refusals
                == ["--asset-pack-output-specifications: on-demand resource packs are not written by assetc"])
    }

    @Test func xmlIsTheDefaultFormat() {
        #expect(ActoolInvocation.parse(["--compile", "o", "A.xcassets"]).outputFormat == .xml1)
        #expect(ActoolInvocation.parse(["--version"]).printVersion)
    }

    @Test func whatCannotBeHonouredIsRefusedWithAReason() {
        let invocation = ActoolInvocation.parse([
            "--compile", "o", "--include-sticker-content", "--print-asset-tag-combinations", "--output-format", "json",
            "--platfrom", "iphoneos", "--compress-pngs=yes", "--app-icon",
        ])
        #expect(invocation.refusals == [
            "--include-sticker-content: sticker packs are not compiled by assetc",
            "--print-asset-tag-combinations: on-demand resource tags are not read by assetc",
            "--output-format takes xml1, binary1 or human-readable-text, not \"json\"",
            "unknown option --platfrom; did you mean --platform?",
            "--compress-pngs takes no value (given \"--compress-pngs=yes\")",
            "--app-icon needs a value",
        ])
        // "iphoneos" after the misspelt flag is taken as an operand, and refused as one later.
        #expect(invocation.inputs == ["iphoneos"])
    }

    @Test func platformsAndDevicesOtherThanIOSTVOSAndMacAreRefused() throws {
        let invocation = ActoolInvocation.parse(["--platform", "driverkit", "--target-device", "vision", "--minimum-deployment-target", "x", "A.icon", "B.xcassets"])
        do {
            _ = try ActoolCompiler.catalogRequest(invocation, catalogs: invocation.inputs)
            Issue.record("DriverKit was accepted")
        } catch {
            // An Icon Composer bundle is an operand like a catalog (no message of its own).
            #expect(error.messages == [
                "--platform driverkit: assetc compiles for iOS (iphoneos, iphonesimulator), tvOS (appletvos, appletvsimulator), watchOS (watchos, watchsimulator), visionOS (xros, xrsimulator) and macOS (macosx) only",
                "--minimum-deployment-target x is not a version such as 15.0",
                "--target-device vision: assetc compiles for iphone and ipad only",
            ])
        }
        // An Apple TV app: tv, and no other device.
        let tv = try ActoolCompiler.catalogRequest(ActoolInvocation.parse(["--platform", "appletvsimulator", "--target-device", "tv", "B.xcassets"]),
                                                   catalogs: ["B.xcassets"])
        #expect(tv.platform == .tvOS && tv.devices == [.tv])
        do {
            _ = try ActoolCompiler.catalogRequest(ActoolInvocation.parse(["--platform", "appletvos", "--target-device", "iphone", "B.xcassets"]),
                                                  catalogs: ["B.xcassets"])
            Issue.record("an iPhone was accepted for tvOS")
        } catch {
            #expect(error.messages == ["--target-device iphone: a tvOS app runs on tv only"])
        }
        // iOS builds take iphone and ipad, not tv.
        do {
            _ = try ActoolCompiler.catalogRequest(ActoolInvocation.parse(["--platform", "iphoneos", "--target-device", "tv", "B.xcassets"]),
                                                  catalogs: ["B.xcassets"])
            Issue.record("tv was accepted for iOS")
        } catch {
            #expect(error.messages == ["--target-device tv: assetc compiles for iphone and ipad only"])
        }
        // A Mac app (`mac`, or no device at all); Mac Catalyst (`ipad`, or `--ui-framework-family uikit`).
        let mac = try ActoolCompiler.catalogRequest(ActoolInvocation.parse(["--platform", "macosx", "--target-device", "mac", "A.icon"]),
                                                    catalogs: ["A.icon"])
        #expect(mac.platform == .macOS && mac.iconBundles == ["A.icon"])
        for argv in [["--target-device", "ipad"], ["--target-device", "mac", "--ui-framework-family", "uikit"]] {
            let catalyst = try ActoolCompiler.catalogRequest(ActoolInvocation.parse(["--platform", "macosx"] + argv + ["A.xcassets"]), catalogs: ["A.xcassets"])
            #expect(catalyst.platform == .macCatalyst, "\(argv)")
        }
    }

    @Test func theChoicesBecomeACatalogBuild() throws {
        let invocation = ActoolInvocation.parse([
            "--minimum-deployment-target", "12.1", "--target-device", "ipad", "--target-device", "iphone", "--app-icon", "AppIcon",
            "--include-all-app-icons", "--accent-color", "AccentColor", "--launch-image", "Launch", "A.xcassets",
        ])
        let request = try ActoolCompiler.catalogRequest(invocation, catalogs: ["/src/A.xcassets"])
        #expect(request.paths == ["/src/A.xcassets"])
        #expect(request.deploymentTarget == OSVersion(12, 1))
        #expect(request.devices == [.iphone, .ipad])
        #expect(request.appIcon == "AppIcon")
        #expect(request.alternateAppIcons)
        #expect(request.accentColor == "AccentColor")
        #expect(request.launchImage == "Launch")
        #expect(request.compiledCatalog)
    }
}

/// actool's flags are declared once (ActoolOptions.swift); docs/actool.md's table says what each does.
@Suite struct ActoolOptionTableTests {
    @Test func eachFlagIsDeclaredOnce() {
        let names = ActoolInvocation.options.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func theDocsTableListsExactlyTheDeclaredFlags() throws {
        let text = try String(contentsOf: Harness.packageRoot.appendingPathComponent("docs/actool.md"), encoding: .utf8)
        // The flag table: rows from "| flag |" to the first line that is not a row.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("| flag |") })
        let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }
        var documented: Set<String> = []
        for row in rows {
            let firstCell = row.split(separator: "|").first.map(String.init) ?? ""
            for match in firstCell.matches(of: /`(--[a-z0-9-]+)/) { documented.insert(String(match.1)) }
        }
        let declared = Set(ActoolInvocation.options.map(\.name))
        #expect(declared.subtracting(documented).sorted() == [], "declared but not in docs/actool.md's table")
        #expect(documented.subtracting(declared).sorted() == [], "in docs/actool.md's table but not declared")
    }

    @Test func anUnknownFlagWithAValueIsNamedAsUnknown() {
        #expect(ActoolInvocation.parse(["--compile=o", "--platfrom=iphoneos"]).refusals == ["unknown option --platfrom; did you mean --platform?"])
    }
}
