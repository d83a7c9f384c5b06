import Foundation
import Rendering
import Testing
import TestSupport

/// The binary as actool: called by that name, as `assetc actool`, through `xcrun actool`, and by
/// real callers run unchanged — rules_apple's xctoolrunner and Chromium's compile_xcassets.py
/// (Tests/Fixtures/callers, licences in Tests/Fixtures/LICENSES.md). Checked: exit status, the files
/// in --compile (the car and loose icons, no image-set PNG), the partial Info.plist, the results
/// document and the dependency info.
@Suite struct ActoolModeTests {
    /// A catalog with an app icon set, two image sets and a colour set, no warnings: CWA's sets
    /// from Real.xcassets without the set whose PDFs the fixture leaves out.
    static func makeCatalog(in work: URL) throws -> URL {
        let catalog = work.appendingPathComponent("A.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let real = Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets")
        for set in ["CWA/AppIcon.appiconset", "CWA/flag.at.imageset", "CWA/Icons - Test Tube.imageset", "HomeAssistant/WidgetBackground.colorset"] {
            try FileManager.default.copyItem(at: real.appendingPathComponent(set),
                                             to: catalog.appendingPathComponent(String(set.split(separator: "/").last!)))
        }
        try Data("{\"info\":{\"author\":\"xcode\",\"version\":1}}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        return catalog
    }

    /// `bin/actool` and `bin/xcrun`, links to the binary, as `make install` makes them.
    static func makeLinks(in work: URL) throws -> URL {
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for name in ["actool", "xcrun"] {
            try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(name).path, withDestinationPath: Harness.binary)
        }
        return bin
    }

    static func plist(_ url: URL) throws -> NSDictionary? {
        try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? NSDictionary
    }

    /// What actool leaves loose beside the car of an iPhone app for iOS 11 and later: the home-screen
    /// icon only; every other size is in the car.
    static let iPhoneIcons = ["AppIcon60x60@2x.png"]

    @Test func calledAsActoolItWritesWhatActoolLeavesAndAnswersInXML() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let bin = try Self.makeLinks(in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try Harness.run(bin.appendingPathComponent("actool").path, [
            catalog.path, "--compile", "out", "--platform", "iphoneos", "--minimum-deployment-target", "15.0",
            "--target-device", "iphone", "--app-icon", "AppIcon", "--accent-color", "WidgetBackground",
            "--output-partial-info-plist", "partial.plist", "--export-dependency-info", "deps", "--warnings", "--notices",
        ], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let files = Harness.files(under: work.appendingPathComponent("out"))
        #expect(files == (Self.iPhoneIcons + ["Assets.car"]).sorted())
        // stdout is one XML property list: the results, with every file written.
        let results = try PropertyListSerialization.propertyList(from: Data(run.stdout.utf8), format: nil) as? NSDictionary
        let outputs = (results?["com.apple.actool.compilation-results"] as? NSDictionary)?["output-files"] as? [String]
        let root = work.resolvingSymlinksInPath().path
        #expect(outputs == (files.map { root + "/out/" + $0 } + [root + "/partial.plist"]).sorted())
        #expect(results?.count == 1, "no diagnostics expected: \(run.stdout)")
        let partial = try Self.plist(work.appendingPathComponent("partial.plist"))
        #expect(partial?["NSAccentColorName"] as? String == "WidgetBackground")
        let primary = ((partial?["CFBundleIcons"] as? NSDictionary)?["CFBundlePrimaryIcon"] as? NSDictionary)
        #expect(primary?["CFBundleIconName"] as? String == "AppIcon")
        #expect(primary?["CFBundleIconFiles"] as? [String] == ["AppIcon60x60"])
        #expect(partial?["CFBundleIcons~ipad"] == nil)
        // ld64's format: the version record, the catalog read, each file written.
        let deps = try Harness.read(work.appendingPathComponent("deps"))
        // Each record: an opcode byte, then a NUL-terminated path; nothing after the last.
        var records: [(opcode: UInt8, text: String)] = []
        var index = 0
        while index < deps.count {
            guard let end = deps[(index + 1)...].firstIndex(of: 0) else { Issue.record("a record without its NUL"); break }
            records.append((deps[index], String(decoding: deps[(index + 1)..<end], as: UTF8.self)))
            index = end + 1
        }
        #expect(records.first?.opcode == 0 && records.first?.text == "actool-24127")
        #expect(records.dropFirst().allSatisfy { $0.opcode == 0x10 || $0.opcode == 0x40 })
        let inputs = records.filter { $0.opcode == 0x10 }.map(\.text)
        let written = records.filter { $0.opcode == 0x40 }.map(\.text)
        #expect(inputs == [catalog.resolvingSymlinksInPath().path] || inputs == [catalog.path])
        #expect(written == outputs)
    }

    /// The car holds the image sets; they are not left loose as in `assetc build --car`.
    @Test func imageSetsAreOnlyInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", "--compile", "out", "--output-format", "human-readable-text", catalog.path], in: work)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(Harness.files(under: work.appendingPathComponent("out")) == ["Assets.car"])
        let car = try CARReader(Harness.read(work.appendingPathComponent("out/Assets.car")))
        let names = Set(car.facets.keys)
        #expect(names.isSuperset(of: ["flag.at", "Icons - Test Tube"]), "\(names)")
        #expect(run.stdout == "/* com.apple.actool.compilation-results */\n\(work.resolvingSymlinksInPath().path)/out/Assets.car\n\n"
            || run.stdout == "/* com.apple.actool.compilation-results */\n\(work.path)/out/Assets.car\n\n")
    }

    /// A compile answered in `binary1` (what .NET and swift-build may ask for): one binary property
    /// list Foundation reads, a catalog's warning filed under its set with actool's keys, and the
    /// results listing every file written.
    @Test func binaryResultsOfACompileWithAWarning() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        try FileManager.default.removeItem(at: catalog.appendingPathComponent("flag.at.imageset/Flags - Austria.pdf"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", "--output-format", "binary1", "--warnings", "--compile", "out", "--app-icon", "AppIcon",
                                      "--target-device", "iphone", "--output-partial-info-plist", "p.plist", catalog.path], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdoutBytes.starts(with: Array("bplist00".utf8)))
        var format = PropertyListSerialization.PropertyListFormat.xml
        let results = try PropertyListSerialization.propertyList(from: Data(run.stdoutBytes), format: &format) as? NSDictionary
        #expect(format == .binary)
        let warnings = results?["com.apple.actool.document.warnings"] as? [NSDictionary]
        #expect(warnings?.count == 1)
        let warning = warnings?.first
        #expect(warning?["message"] as? String == "The file \"Flags - Austria.pdf\" for the image set \"flag.at\" does not exist.")
        #expect(warning?["type"] as? String == "Invalid Content")
        #expect((warning?["catalog"] as? String).map { $0.hasSuffix("/A.xcassets") } == true)
        #expect(warning?["affected-items"] as? [String] == ["./flag.at.imageset"])
        let outputs = (results?["com.apple.actool.compilation-results"] as? NSDictionary)?["output-files"] as? [String] ?? []
        let root = work.resolvingSymlinksInPath().path
        let files = Harness.files(under: work.appendingPathComponent("out"))
        #expect(files == (Self.iPhoneIcons + ["Assets.car"]).sorted())
        #expect(outputs == (files.map { root + "/out/" + $0 } + [root + "/p.plist"]).sorted())
        // The same run prints the same bytes.
        try FileManager.default.removeItem(at: work.appendingPathComponent("out"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let again = try Harness.assetc(["actool", "--output-format", "binary1", "--warnings", "--compile", "out", "--app-icon", "AppIcon",
                                        "--target-device", "iphone", "--output-partial-info-plist", "p.plist", catalog.path], in: work)
        #expect(again.stdoutBytes == run.stdoutBytes)
    }

    /// actool's answer when --compile names no folder, under its key, with exit status 1 and nothing written.
    @Test func aMissingOutputFolderIsActoolsError() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let run = try Harness.assetc(["actool", "--output-format=human-readable-text", "--compile=missing", catalog.path], in: work)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "/* com.apple.actool.errors */")
        #expect(lines[1].hasSuffix("A.xcassets: error: The output directory \"\(work.resolvingSymlinksInPath().path)/missing\" does not exist.")
            || lines[1].hasSuffix("A.xcassets: error: The output directory \"\(work.path)/missing\" does not exist."), "\(lines[1])")
        #expect(lines[2] == "/* com.apple.actool.compilation-results */")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("missing").path))
    }

    /// actool warns where a required icon slot lacks its file, and does not look at the App Store
    /// icon's alpha (App Store Connect does, ITMS-90717): the actool mode warns too and compiles, so a
    /// build system that called actool fails where it failed; `assetc build` and `check` stop.
    @Test func requiredIconProblemsAreActoolsWarnings() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.removeItem(at: set.appendingPathComponent("icon-60@3x.png"))
        // An interlaced icon, as Brave shipped from v1.40 to v1.62: read, and written not interlaced.
        try Data(PNGSamples.interlaced120).write(to: set.appendingPathComponent("icon-60@2x.png"))
        var rows: [UInt8] = []
        for y in 0..<1024 { rows += [0] + Array([[UInt8]](repeating: y < 100 ? [0, 0, 0, 0] : [200, 40, 40, 255], count: 1024).joined()) }
        try Data(PNGSamples.png(width: 1024, height: 1024, depth: 8, colorType: 6, rows: rows)).write(to: set.appendingPathComponent("ios-marketing.png"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", "--output-format", "human-readable-text", "--warnings", "--compile", "out", "--app-icon", "AppIcon",
                                      "--target-device", "iphone", "--minimum-deployment-target", "15.0", "--platform", "iphoneos",
                                      "--enable-on-demand-resources", "YES", catalog.path], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("warning: The file \"icon-60@3x.png\" for the image set \"AppIcon\" does not exist."), "\(run.stdout)")
        #expect(run.stdout.contains("warning: AppIcon.appiconset/ios-marketing.png has transparent pixels"), "\(run.stdout)")
        #expect(!run.stdout.contains("error:"), "\(run.stdout)")
        #expect(Harness.files(under: work.appendingPathComponent("out")) == (Self.iPhoneIcons + ["Assets.car"]).sorted())
        let home = try PNGCodec.decode(try Harness.read(work.appendingPathComponent("out/AppIcon60x60@2x.png")))
        #expect(!(try PNGCodec.readHeader(try Harness.read(work.appendingPathComponent("out/AppIcon60x60@2x.png")))).interlaced)
        #expect(home.image.width == 120 && Array(home.image.pixels.prefix(4)) == [10, 120, 200, 255])
        let build = try Harness.assetc(["build", catalog.path, "--app-icon", "AppIcon", "--car", "--deployment-target", "15.0", "--output", "b"], in: work)
        #expect(build.stderr.contains("icon-60@2x.png is an interlaced PNG; Apple asks for non-interlaced icons"), "\(build.stderr)")
        #expect(build.status == 1 && build.stderr.contains("error: [ITMS-90717] AppIcon.appiconset/ios-marketing.png has transparent pixels"), "\(build.stderr)")
        #expect(build.stderr.contains("icon-60@3x.png"), "\(build.stderr)")
        let check = try Harness.assetc(["check", catalog.path, "--app-icon", "AppIcon", "--deployment-target", "15.0"], in: work)
        #expect(check.status == 1, "\(check.stderr)")
    }

    /// swift-build's probe: `actool --version --output-format xml1`, the key named after the
    /// executable; Chromium's compile_car.py asks the same in binary-free form.
    @Test func versionProbe() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let bin = try Self.makeLinks(in: work)
        for format in ["xml1", "binary1"] {
            let run = try Harness.run(bin.appendingPathComponent("actool").path, ["--version", "--output-format", format])
            #expect(run.status == 0)
            let plist = try PropertyListSerialization.propertyList(from: Data(run.stdoutBytes), format: nil) as? NSDictionary
            let version = plist?["com.apple.actool.version"] as? NSDictionary
            #expect(version?["bundle-version"] as? String == "24127")
            #expect(version?["short-bundle-version"] as? String == "26.0")
        }
        let find = try Harness.run(bin.appendingPathComponent("xcrun").path, ["--find", "actool"])
        #expect(find.status == 0)
        #expect(find.stdout == bin.appendingPathComponent("actool").path + "\n")
        let other = try Harness.run(bin.appendingPathComponent("xcrun").path, ["clang"])
        #expect(other.status != 0)
        #expect(other.stderr.contains("unable to find utility \"clang\""))
    }

    /// A refused flag or platform: an error under actool's key, exit 1, the output folder untouched.
    @Test func refusalsAreErrors() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", "--compile", "out", "--platform", "driverkit", "--output-format", "binary1", catalog.path], in: work)
        #expect(run.status == 1)
        #expect(run.stdoutBytes.starts(with: Array("bplist00".utf8)))
        let plist = try PropertyListSerialization.propertyList(from: Data(run.stdoutBytes), format: nil) as? NSDictionary
        let errors = plist?["com.apple.actool.errors"] as? [NSDictionary]
        #expect(errors?.first?["description"] as? String == "--platform driverkit: assetc compiles for iOS (iphoneos, iphonesimulator), tvOS (appletvos, appletvsimulator), watchOS (watchos, watchsimulator), visionOS (xros, xrsimulator) and macOS (macosx) only")
        #expect(Harness.files(under: work.appendingPathComponent("out")) == [])
    }

    /// rules_apple's xctoolrunner, unchanged: it calls `xcrun actool`, fails on any line under a
    /// diagnostics header, and needs the partial Info.plist and the folder it made.
    @Test func rulesAppleXctoolrunner() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let bin = try Self.makeLinks(in: work)
        let out = work.appendingPathComponent("bazel-out/AssetCatalog")
        let run = try Harness.run("/usr/bin/env", [
            "PATH=\(bin.path):/usr/bin:/bin", "python3", "-m", "tools.xctoolrunner.xctoolrunner", "actool",
            "--compile", "[ABSOLUTE]" + out.path, "--errors", "--warnings", "--notices", "--output-format", "human-readable-text",
            "--platform", "iphonesimulator", "--minimum-deployment-target", "15.0", "--compress-pngs", "--app-icon", "AppIcon",
            "--target-device", "iphone", "--target-device", "ipad",
            "--output-partial-info-plist", "[ABSOLUTE]" + work.appendingPathComponent("actool.plist").path, "[ABSOLUTE]" + catalog.path,
        ], in: Harness.fixtures.appendingPathComponent("callers/rules_apple"))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let files = Harness.files(under: out)
        #expect(files.contains("Assets.car"))
        #expect(files.contains("AppIcon60x60@2x.png") && files.contains("AppIcon76x76@2x~ipad.png"), "\(files)")
        // alticonstool indexes both keys.
        let partial = try Self.plist(work.appendingPathComponent("actool.plist"))
        #expect(partial?["CFBundleIcons"] != nil && partial?["CFBundleIcons~ipad"] != nil)

        // rules_apple's plisttool merges the partial plist into the app's Info.plist, refusing a
        // key two plists give different values.
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
        <key>CFBundleShortVersionString</key><string>1.0</string><key>CFBundleVersion</key><string>1</string></dict></plist>
        """.write(to: work.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let control: [String: Any] = [
            "plists": [work.appendingPathComponent("Info.plist").path, work.appendingPathComponent("actool.plist").path],
            "forced_plists": [], "output": work.appendingPathComponent("merged.plist").path, "binary": true,
            "info_plist_options": ["version_keys_required": true], "target": "//app:App",
        ]
        try JSONSerialization.data(withJSONObject: control).write(to: work.appendingPathComponent("control.json"))
        let merge = try Harness.run("/usr/bin/env", ["python3", "-m", "tools.plisttool.plisttool", work.appendingPathComponent("control.json").path],
                                    in: Harness.fixtures.appendingPathComponent("callers/rules_apple"))
        #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
        let merged = try Self.plist(work.appendingPathComponent("merged.plist"))
        #expect(merged?["CFBundleIdentifier"] as? String == "com.example.app")
        #expect(merged?["CFBundleIcons"] as? NSDictionary == partial?["CFBundleIcons"] as? NSDictionary)
        #expect(merged?["CFBundleIcons~ipad"] as? NSDictionary == partial?["CFBundleIcons~ipad"] as? NSDictionary)
    }

    /// CocoaPods' copy-resources script as it generates it, run unchanged with bash (Apple's
    /// /bin/sh; Debian's dash refuses `pipefail`) in a project folder with Xcode's variables: it
    /// passes the pod's catalog twice (and again as `find` prints it) with the app's catalog, runs
    /// `xcrun actool` through xargs and fails only on the exit status.
    @Test func cocoaPodsResourcesScript() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let project = work.appendingPathComponent("proj")
        let app = try Self.makeCatalog(in: work)
        try FileManager.default.createDirectory(at: project.appendingPathComponent("App"), withIntermediateDirectories: true)
        // The app's catalog holds the icon and the colour; the pod's, the image sets.
        try FileManager.default.moveItem(at: app, to: project.appendingPathComponent("App/Assets.xcassets"))
        let appCatalog = project.appendingPathComponent("App/Assets.xcassets")
        let pod = project.appendingPathComponent("Pods/MyPod/Resources/MyPod.xcassets")
        try FileManager.default.createDirectory(at: pod, withIntermediateDirectories: true)
        for set in ["flag.at.imageset", "Icons - Test Tube.imageset"] {
            try FileManager.default.moveItem(at: appCatalog.appendingPathComponent(set), to: pod.appendingPathComponent(set))
        }
        try FileManager.default.copyItem(at: appCatalog.appendingPathComponent("Contents.json"), to: pod.appendingPathComponent("Contents.json"))
        try Data("read me\n".utf8).write(to: project.appendingPathComponent("Pods/MyPod/Resources/readme.txt"))
        let bin = try Self.makeLinks(in: work)
        let products = work.appendingPathComponent("Build/Products/Debug-iphoneos")
        let temp = work.appendingPathComponent("Build/Intermediates/App.build/Debug-iphoneos/App.build")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        let script = Harness.fixtures.appendingPathComponent("callers/cocoapods/Pods-App-resources.sh").path
        let environment = [
            "PATH=\(bin.path):/usr/bin:/bin", "SRCROOT=\(project.path)", "PODS_ROOT=\(project.path)/Pods", "TARGETNAME=App",
            "CONFIGURATION=Debug", "ACTION=build", "SKIP_INSTALL=YES", "WRAPPER_EXTENSION=app", "PLATFORM_NAME=iphoneos",
            "TARGET_BUILD_DIR=\(products.path)", "BUILT_PRODUCTS_DIR=\(products.path)", "UNLOCALIZED_RESOURCES_FOLDER_PATH=App.app",
            "DEPLOYMENT_TARGET_SETTING_NAME=IPHONEOS_DEPLOYMENT_TARGET", "IPHONEOS_DEPLOYMENT_TARGET=12.0",
            "TARGETED_DEVICE_FAMILY=1,2", "ASSETCATALOG_COMPILER_APPICON_NAME=AppIcon", "TARGET_TEMP_DIR=\(temp.path)",
        ]
        let run = try Harness.run("/usr/bin/env", ["-i"] + environment + ["bash", script], in: project)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let bundle = products.appendingPathComponent("App.app")
        let files = Harness.files(under: bundle)
        #expect(files.contains("Assets.car") && files.contains("readme.txt") && files.contains("AppIcon60x60@2x.png")
            && files.contains("AppIcon76x76@2x~ipad.png"), "\(files)")
        #expect(!files.contains { $0.hasPrefix("flag.at") }, "image sets are only in the car: \(files)")
        let car = try CARReader(Harness.read(bundle.appendingPathComponent("Assets.car")))
        #expect(Set(car.facets.keys).isSuperset(of: ["flag.at", "Icons - Test Tube", "AppIcon"]), "\(car.facets.keys)")
        let partial = try Self.plist(temp.appendingPathComponent("assetcatalog_generated_info_cocoapods.plist"))
        #expect(partial?["CFBundleIcons"] != nil && partial?["CFBundleIcons~ipad"] != nil)

        // actool failing fails the script: xargs exits 123, as under Xcode.
        try FileManager.default.removeItem(at: pod.appendingPathComponent("Contents.json"))
        try Data("<<<<<<< HEAD\n{}\n=======\n".utf8).write(to: pod.appendingPathComponent("flag.at.imageset/Contents.json"))
        let failed = try Harness.run("/usr/bin/env", ["-i"] + environment + ["bash", script], in: project)
        #expect(failed.status == 123, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("flag.at.imageset"), "\(failed.stdout)")
    }

    /// Chromium's compile_xcassets.py, unchanged: `xcrun actool --output-format=human-readable-text …`,
    /// stdout and stderr merged, any line in a diagnostics section fails it.
    @Test func chromiumCompileXcassets() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let bin = try Self.makeLinks(in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("gen"), withIntermediateDirectories: true)
        let script = Harness.fixtures.appendingPathComponent("callers/chromium/compile_xcassets.py").path
        let run = try Harness.run("/usr/bin/env", [
            "PATH=\(bin.path):/usr/bin:/bin", "python3", script, "-O", "ios", "-p", "iphoneos", "-e", "simulator", "-t", "15.0", "-T", "",
            "-o", "gen/Assets.car", "-P", "gen/partial.plist", "--app-icon", "AppIcon", catalog.path,
        ], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("gen/Assets.car").path))
        #expect(try Self.plist(work.appendingPathComponent("gen/partial.plist"))?["CFBundleIcons"] != nil)

        // A warning fails Chromium's build, as real actool's warnings do.
        try FileManager.default.removeItem(at: catalog.appendingPathComponent("flag.at.imageset/Flags - Austria.pdf"))
        let warned = try Harness.run("/usr/bin/env", [
            "PATH=\(bin.path):/usr/bin:/bin", "python3", script, "-O", "ios", "-p", "iphoneos", "-e", "simulator", "-t", "15.0", "-T", "",
            "-o", "gen/Assets.car", "-P", "gen/partial.plist", catalog.path,
        ], in: work)
        #expect(warned.status != 0)
        #expect((warned.stdout + warned.stderr).contains("./flag.at.imageset: warning: The file \"Flags - Austria.pdf\" for the image set \"flag.at\" does not exist."), "\(warned.stdout)\(warned.stderr)")
    }
}
