import Foundation
import Testing
import TestSupport

/// Callers that only run on a Mac host (.NET's ACTool task, qmake's asset_catalogs.prf, qbs's ib
/// module, Buck2's apple_asset_catalog) cannot run unchanged here; each test passes the argv that
/// caller builds, in its order, and reads the answer the way its source reads it (docs/actool.md
/// cites the files). What they share: every file written is listed, as a path under `--compile`;
/// the partial plist path comes back as given; the default format is an XML plist.
@Suite struct ActoolCallerShapeTests {
    static func outputFiles(_ stdout: [UInt8]) throws -> [String]? {
        let plist = try PropertyListSerialization.propertyList(from: Data(stdout), format: nil) as? NSDictionary
        return (plist?["com.apple.actool.compilation-results"] as? NSDictionary)?["output-files"] as? [String]
    }

    static func hasErrors(_ stdout: [UInt8]) throws -> Bool {
        let plist = try PropertyListSerialization.propertyList(from: Data(stdout), format: nil) as? NSDictionary
        return plist?["com.apple.actool.errors"] != nil || plist?["com.apple.actool.document.errors"] != nil
    }

    /// dotnet/macios `ACTool.cs`: `--errors --warnings --notices --output-format xml1`, the options,
    /// `--output-partial-info-plist`, then `--compile` and the catalogs, absolute. stdout must be a
    /// plist dictionary with no error entry (an error entry fails the task even after exit 0); each
    /// output not ending in `partial-info.plist` becomes a bundle resource named by its path
    /// relative to `--compile`; the partial plist must exist, an empty dictionary when there is no icon.
    @Test func dotNetACToolTask() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let actoolFolder = work.appendingPathComponent("obj/Debug/net9.0-ios/iossimulator-arm64/actool")
        let bundle = actoolFolder.appendingPathComponent("bundle")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        for icon in [["--app-icon", "AppIcon"], []] {
            let run = try Harness.assetc(["actool", "--errors", "--warnings", "--notices", "--output-format", "xml1", "--compress-pngs",
                                          "--target-device", "iphone", "--target-device", "ipad", "--minimum-deployment-target", "12.2",
                                          "--platform", "iphonesimulator"] + icon + [
                                          "--output-partial-info-plist", actoolFolder.appendingPathComponent("partial-info.plist").path,
                                          "--compile", bundle.path, catalog.path], in: work)
            #expect(run.status == 0, "\(run.stdout)")
            #expect(try !Self.hasErrors(run.stdoutBytes))
            let outputs = try #require(try Self.outputFiles(run.stdoutBytes))
            let resources = outputs.filter { !$0.hasSuffix("partial-info.plist") }.map { path -> String in
                let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                return String(resolved.dropFirst(bundle.resolvingSymlinksInPath().path.count + 1))
            }
            #expect(resources == Harness.files(under: bundle), "every file written is a listed resource")
            let partial = try PropertyListSerialization.propertyList(
                from: Data(contentsOf: actoolFolder.appendingPathComponent("partial-info.plist")), format: nil) as? NSDictionary
            if icon.isEmpty {
                #expect(partial == [:], "no icon asked for: an empty dictionary, as actool writes")
                #expect(resources == ["Assets.car"])
            } else {
                #expect(partial?["CFBundleIcons"] != nil && partial?["CFBundleIcons~ipad"] != nil)
                #expect(resources.contains("AppIcon60x60@2x.png") && resources.contains("AppIcon76x76@2x~ipad.png"))
            }
            try FileManager.default.removeItem(at: bundle)
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        }
    }

    /// qmake's asset_catalogs.prf (Makefile generator): no `--output-format`, the simulator as
    /// `ios-simulator`; at qmake time PlistBuddy prints `output-files` and each path equal to the
    /// partial plist's, as given, is dropped; the rest are installed relative to `--compile`.
    @Test func qmakeAssetCatalogs() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let out = work.appendingPathComponent("build")
        let app = out.appendingPathComponent("App.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let partial = out.path + "/asset_catalog_compiler.Info.plist"
        let run = try Harness.assetc(["actool", "--app-icon", "AppIcon", "--output-partial-info-plist", partial,
                                      "--platform", "ios-simulator", "--minimum-deployment-target", "14.0",
                                      "--compile", app.path, catalog.path], in: work)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasPrefix("<?xml"))
        let outputs = try #require(try Self.outputFiles(run.stdoutBytes))
        #expect(outputs.contains(partial), "the partial plist's path as given: \(outputs)")
        let installed = outputs.filter { $0 != partial }
        #expect(installed.allSatisfy { $0.hasPrefix(app.path + "/") || $0.hasPrefix(app.resolvingSymlinksInPath().path + "/") })
        #expect(installed.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == Harness.files(under: app))
    }

    /// qbs's ib module: a discovery run into a throw-away folder with `--output-partial-info-plist
    /// /dev/null` and `--output-format xml1` after the inputs (its exit status ignored, the outputs
    /// rebased onto the real folder), then the real run in human-readable text; the files the real
    /// run writes must be the ones discovered.
    @Test func qbsDiscoveryThenBuild() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let scratch = work.appendingPathComponent("tmp-discovery")
        let real = work.appendingPathComponent("build/actool.dir")
        for folder in [scratch, real, work.appendingPathComponent("product")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let common = ["--output-format", "human-readable-text", "--warnings", "--errors", "--notices", "--platform", "iphoneos",
                      "--app-icon", "AppIcon", "--compress-pngs", "--minimum-deployment-target", "15.0"]
        let discovery = try Harness.assetc(["actool"] + common + ["--output-partial-info-plist", "/dev/null",
                                            "--target-device", "iphone", "--target-device", "ipad",
                                            "--compile", scratch.path, catalog.path, "--output-format", "xml1"], in: work)
        let discovered = try #require(try Self.outputFiles(discovery.stdoutBytes)).filter { $0 != "/dev/null" }
            .map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
            .map { String($0.dropFirst(scratch.resolvingSymlinksInPath().path.count + 1)) }
        #expect(!discovered.isEmpty)
        let build = try Harness.assetc(["actool"] + common + [
            "--output-partial-info-plist", work.appendingPathComponent("product/assetcatalog_generated_info.plist").path,
            "--target-device", "iphone", "--target-device", "ipad", "--compile", real.path, catalog.path,
        ], in: work)
        #expect(build.status == 0, "\(build.stdout)")
        #expect(Harness.files(under: real) == discovered.sorted())
        #expect(try Harness.tree(under: real) == Harness.tree(under: scratch), "the same bytes both times")
    }

    /// Buck2's apple_asset_catalog wrapper: `TMPDIR` exported as a fresh folder, the working folder
    /// changed to it and `--compile "$TMPDIR"`, `--optimization space`; then the whole folder is
    /// copied into the bundle, so nothing but actool's files may be left in it.
    @Test func buck2Wrapper() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let temp = work.appendingPathComponent("buck-tmp")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        let partial = work.appendingPathComponent("buck-out/v2/gen/AssetCatalog.plist")
        try FileManager.default.createDirectory(at: partial.deletingLastPathComponent(), withIntermediateDirectories: true)
        let run = try Harness.run("/usr/bin/env", [
            "TMPDIR=\(temp.path)", Harness.binary, "actool", "--platform", "iphonesimulator", "--minimum-deployment-target", "15.0",
            "--compile", temp.path, "--output-partial-info-plist", partial.path, "--target-device", "iphone", "--target-device", "ipad",
            "--app-icon", "AppIcon", "--notices", "--warnings", "--errors", "--compress-pngs", "--optimization", "space",
            "--output-format", "human-readable-text", catalog.path,
        ], in: temp)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let files = Harness.files(under: temp)
        #expect(files.contains("Assets.car") && files.contains("AppIcon60x60@2x.png"))
        #expect(files.allSatisfy { $0 == "Assets.car" || ($0.hasPrefix("AppIcon") && $0.hasSuffix(".png")) }, "only actool's files: \(files)")
        #expect(FileManager.default.fileExists(atPath: partial.path))
    }
}
