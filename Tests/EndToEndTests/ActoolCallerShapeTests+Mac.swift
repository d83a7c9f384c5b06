import Foundation
import Testing
import TestSupport

/// The desktop-app makers that call `actool --platform macosx` for a Liquid Glass icon, each with
/// the argv its source builds, in its order and spelling, and reading the answer as that source
/// reads it (the file and commit are in each case). The icon is JustSing's MinusOne.icon
/// (Tests/Fixtures/iconcomposer). They run unchanged here but for the host checks they make first
/// (macOS 26, `/usr/bin/actool`): what each asks of actool is answered as they expect.
extension ActoolCallerShapeTests {
    /// Where a caller puts things: the icon it copied or names, the folder it compiles into, and
    /// the partial plist path it passes.
    struct MacPaths: Sendable {
        var icon: String
        var compile: String
        var plist: String
        var catalog: String
    }

    struct MacCaller: Sendable, CustomTestStringConvertible {
        var name: String
        /// repo@commit:path of the call.
        var source: String
        /// `actool` or `xcrun actool` and its arguments.
        var argv: @Sendable (MacPaths) -> [String]
        /// The icon's name as the caller copies it (`Icon.icon`), or its own name.
        var iconName = "MinusOne"
        /// The caller reads stdout and stderr as one text (and fails on "error:" in it, Godot).
        var mergesOutput = false
        /// Files the caller reads or copies from the compile folder afterwards.
        var reads: [String]
        /// The names `output-files` must hold, for a caller that reads the XML results.
        var resultNames: Set<String>?
        var testDescription: String { name }
    }

    static let macCallers: [MacCaller] = [
        // electron-builder, @electron/packager and Tauri build the same list (packager PR #1806).
        MacCaller(name: "electron-builder",
                  source: "electron-userland/electron-builder@8e95ad0e:packages/app-builder-lib/src/util/mac/macosIconComposer.ts",
                  argv: { p in ["actool", p.icon, "--compile", p.compile, "--output-format", "human-readable-text", "--notices", "--warnings",
                                "--output-partial-info-plist", p.plist, "--app-icon", "Icon", "--include-all-app-icons",
                                "--accent-color", "AccentColor", "--enable-on-demand-resources", "NO", "--development-region", "en",
                                "--target-device", "mac", "--minimum-deployment-target", "26.0", "--platform", "macosx"] },
                  iconName: "Icon", reads: ["Assets.car", "Icon.icns"]),
        MacCaller(name: "Wails v3", source: "wailsapp/wails@f38ae268:v3/internal/commands/icons.go",
                  argv: { p in ["actool", p.icon, "--compile", p.compile, "--notices", "--warnings", "--errors",
                                "--output-partial-info-plist", p.compile + "/temp.plist", "--app-icon", "MinusOne",
                                "--enable-on-demand-resources", "NO", "--development-region", "en", "--target-device", "mac",
                                "--minimum-deployment-target", "26.0", "--platform", "macosx"] },
                  reads: ["Assets.car", "MinusOne.icns"], resultNames: ["Assets.car", "MinusOne.icns", "temp.plist"]),
        MacCaller(name: "Godot", source: "godotengine/godot@00bad90a:platform/macos/export/export_plugin.cpp (_export_liquid_glass_icon)",
                  argv: { p in ["actool", p.icon, "--compile", p.compile + "/", "--output-format", "human-readable-text",
                                "--lightweight-asset-runtime-mode", "enabled", "--app-icon", "MinusOne", "--include-all-app-icons",
                                "--enable-on-demand-resources", "NO", "--development-region", "en", "--target-device", "mac",
                                "--minimum-deployment-target", "26", "--platform", "macosx", "--output-partial-info-plist", p.plist] },
                  mergesOutput: true, reads: ["Assets.car"]),
        MacCaller(name: "Compose Multiplatform",
                  source: "JetBrains/compose-multiplatform@e4ef4540:gradle-plugins/compose/src/main/kotlin/org/jetbrains/compose/desktop/application/internal/MacAssetsTool.kt (PR #5451)",
                  argv: { p in ["xcrun", "actool", p.icon, "--compile", p.compile, "--app-icon", "MinusOne", "--enable-on-demand-resources", "NO",
                                "--development-region", "en", "--target-device", "mac", "--platform", "macosx",
                                "--enable-icon-stack-fallback-generation=disabled", "--include-all-app-icons",
                                "--minimum-deployment-target", "10.13", "--output-partial-info-plist", "/dev/null"] },
                  reads: ["Assets.car"]),
        MacCaller(name: "Audacity", source: "audacity/audacity@12153d99:share/icons/SetupIconComposerIcon.cmake",
                  argv: { p in ["xcrun", "actool", "--output-format", "human-readable-text", "--compile", p.compile, "--notices", "--warnings",
                                "--errors", "--platform", "macosx", "--minimum-deployment-target", "12.0", "--output-partial-info-plist",
                                "/dev/null", "--app-icon", "MinusOne", p.icon] },
                  reads: ["Assets.car", "MinusOne.icns"]),
        // Chromium's script: every option as --flag=value, the catalog and then the icon last; with
        // the fallback off and bundle-version 24127 it expects two results and fails on any other name.
        MacCaller(name: "Chromium compile_car.py", source: "chromium/chromium@61169ed3:tools/mac/icons/compile_car.py",
                  argv: { p in ["xcrun", "actool", "--output-format=xml1", "--notices", "--warnings", "--errors", "--platform=macosx",
                                "--target-device=mac", "--lightweight-asset-runtime-mode=enabled",
                                "--enable-icon-stack-fallback-generation=disabled", "--include-all-app-icons", "--app-icon=AppIcon",
                                "--minimum-deployment-target=12.0", "--output-partial-info-plist=" + p.compile + "/partial.plist",
                                "--compile=" + p.compile, p.catalog, p.icon] },
                  iconName: "AppIcon", reads: ["Assets.car"], resultNames: ["Assets.car", "partial.plist"]),
        // .NET (dotnet/macios ACTool.cs, XcodeCompilerToolTask.cs): the catalogs after --compile.
        MacCaller(name: ".NET for macOS", source: "dotnet/macios@d0107f43:msbuild/Xamarin.MacDev.Tasks/Tasks/ACTool.cs",
                  argv: { p in ["xcrun", "actool", "--errors", "--warnings", "--notices", "--output-format", "xml1", "--app-icon", "MinusOne",
                                "--minimum-deployment-target", "12.0", "--platform", "macosx", "--output-partial-info-plist",
                                p.compile + "/partial-info.plist", "--compile", p.compile, p.icon] },
                  reads: ["Assets.car", "MinusOne.icns"], resultNames: ["Assets.car", "MinusOne.icns", "partial-info.plist"]),
    ]

    @Test(arguments: macCallers)
    func aMacCallerGetsWhatItReads(_ caller: MacCaller) throws {
        let work = try Harness.temporaryDirectory("mac-caller")
        defer { Harness.removeTemporary(work) }
        let icon = work.appendingPathComponent("\(caller.iconName).icon")
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"), to: icon)
        let catalog = work.appendingPathComponent("Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        let compile = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: compile, withIntermediateDirectories: true)
        let argv = caller.argv(MacPaths(icon: icon.path, compile: compile.path, plist: work.appendingPathComponent("partial.plist").path,
                                        catalog: catalog.path))
        let bin = try ActoolModeTests.makeLinks(in: work)
        let run = try Harness.run(bin.appendingPathComponent(argv[0]).path, Array(argv.dropFirst()), in: work)
        let text = run.stdout + run.stderr
        #expect(run.status == 0, "\(caller.source): \(text)")
        if caller.mergesOutput {
            #expect(!text.contains("error:"), "Godot fails on \"error:\" anywhere in the output: \(text)")
        }
        for file in caller.reads {
            #expect(FileManager.default.fileExists(atPath: compile.appendingPathComponent(file).path), "\(caller.name) reads \(file)")
        }
        if let names = caller.resultNames {
            let outputs = try #require(try Self.outputFiles(run.stdoutBytes), "\(run.stdout)")
            #expect(Set(outputs.map { URL(fileURLWithPath: $0).lastPathComponent }) == names)
            #expect(outputs.count == names.count)
            #expect(try !Self.hasErrors(run.stdoutBytes))
        }
        #expect(Self.isCharacterDevice("/dev/null"), "/dev/null as the partial plist is written through, never replaced")
    }

    static func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
    }

    /// How each caller reads `actool --version`: electron-builder and Godot parse stdout and stderr
    /// as one XML plist and compare `short-bundle-version` with 26; Wails and @electron/packager the
    /// same from stdout; Tauri scans the text form for `short-bundle-version: `; Chromium reads
    /// `bundle-version` as a build number (24112 or more, and 24127 or less expects no `.icns` with
    /// the fallback off); Audacity strips white space and takes the greedy
    /// `<key>short-bundle-version</key>[^<]*<string>(.*)</string>`, which is the version only while
    /// that key is the dictionary's last.
    @Test func eachCallersVersionCheckPasses() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let actool = try ActoolModeTests.makeLinks(in: work).appendingPathComponent("actool").path
        let plain = try Harness.run(actool, ["--version"], in: work)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "nothing on stderr, which two callers read with stdout")
        let merged = try #require(try PropertyListSerialization.propertyList(from: Data((plain.stdout + plain.stderr).utf8), format: nil) as? NSDictionary)
        let version = try #require(merged["com.apple.actool.version"] as? NSDictionary)
        let short = try #require(version["short-bundle-version"] as? String)
        #expect((Int(short.split(separator: ".")[0]) ?? 0) >= 26)
        let bundleVersion = try #require(version["bundle-version"] as? String)
        let build = try #require(Int(bundleVersion))
        #expect(build >= 24112 && build <= 24127, "Chromium: at least 26.0 beta 4, and no icns without the fallback")

        let text = try Harness.run(actool, ["--version", "--output-format=human-readable-text"], in: work)
        let line = text.stdout.split(separator: "\n").first { $0.hasPrefix("short-bundle-version: ") }
        #expect(line.map { (Int($0.dropFirst("short-bundle-version: ".count).split(separator: ".")[0]) ?? 0) >= 26 } == true, "\(text.stdout)")

        let stripped = plain.stdout.filter { !$0.isWhitespace }
        let audacity = stripped.firstMatch(of: /<key>short-bundle-version<\/key>[^<]*<string>(.*)<\/string>/)
        #expect(audacity.map { String($0.1) } == short, "Audacity's greedy match reads the version: \(stripped)")
    }
}
