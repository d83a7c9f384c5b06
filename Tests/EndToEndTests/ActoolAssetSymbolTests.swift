import Foundation
import Testing

/// swift-build's GenerateAssetSymbols task, as its own tests assert the command line
/// (swift-build's PreviewsTaskConstructionTests): the three symbol files, and nothing in the
/// `--compile` folder, the partial Info.plist or the dependency file, which the compile task
/// beside it fills. And a stop by SIGINT ends the process by that signal, as llbuild expects
/// of a task it cancels.
@Suite(.serialized) struct ActoolAssetSymbolTests {
    static func symbolArguments(_ work: URL, extensions: Bool = false) -> [String] {
        let derived = work.appendingPathComponent("DerivedSources").path
        let temp = work.appendingPathComponent("App.build").path
        return ["actool", work.appendingPathComponent("Real.xcassets").path, "--compile", work.appendingPathComponent("App.app").path,
                "--output-format", "human-readable-text", "--notices", "--warnings",
                "--export-dependency-info", temp + "/assetcatalog_dependencies",
                "--output-partial-info-plist", temp + "/assetcatalog_generated_info.plist",
                "--app-icon", "AppIcon", "--compress-pngs", "--enable-on-demand-resources", "YES", "--development-region", "English",
                "--target-device", "iphone", "--minimum-deployment-target", "17.0", "--platform", "iphonesimulator",
                "--bundle-identifier", "com.test.ProjectName"]
            + (extensions ? [] : ["--generate-swift-asset-symbol-extensions", "NO"])
            + ["--generate-swift-asset-symbols", derived + "/GeneratedAssetSymbols.swift",
               "--generate-objc-asset-symbols", derived + "/GeneratedAssetSymbols.h",
               "--generate-asset-symbol-index", derived + "/GeneratedAssetSymbols-Index.plist"]
    }

    static func catalog() throws -> URL {
        let work = try Harness.temporaryDirectory("asset-symbols")
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        return work
    }

    @Test func swiftBuildsSymbolTaskWritesTheThreeFilesAndNothingElse() throws {
        let work = try Self.catalog()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("App.app"), withIntermediateDirectories: true)
        let run = try Harness.assetc(Self.symbolArguments(work), in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let derived = work.appendingPathComponent("DerivedSources")
        #expect(Harness.files(under: derived) == ["GeneratedAssetSymbols-Index.plist", "GeneratedAssetSymbols.h", "GeneratedAssetSymbols.swift"])
        #expect(Harness.files(under: work.appendingPathComponent("App.app")).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("App.build").path))
        // actool's answer lists the three, sorted.
        let listed = ["-Index.plist", ".h", ".swift"].map { derived.path + "/GeneratedAssetSymbols" + $0 }
        #expect(run.stdout.contains("/* com.apple.actool.compilation-results */\n" + listed.joined(separator: "\n") + "\n"), "\(run.stdout)")
        let swift = String(decoding: try Harness.read(derived.appendingPathComponent("GeneratedAssetSymbols.swift")), as: UTF8.self)
        // Extensions off: Foundation and DeveloperToolsSupport only, the resource members only.
        #expect(swift.hasPrefix("import Foundation\n#if canImport(DeveloperToolsSupport)\nimport DeveloperToolsSupport\n#endif\n"))
        #expect(!swift.contains("UIKit"))
        // A namespace group (HomeAssistant/Domain) is a nested enum; the app icon set has no symbol.
        #expect(swift.contains("    /// The \"Domain\" asset catalog resource namespace.\n    enum Domain {\n\n        /// The \"Domain/cover\" asset catalog color resource.\n"))
        #expect(!swift.contains("appIcon"))

        // The same catalog again: the files are not rewritten, so the Swift compile after this
        // task sees nothing new.
        let dates = try listed.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        Thread.sleep(forTimeInterval: 0.05)
        let again = try Harness.assetc(Self.symbolArguments(work), in: work)
        #expect(again.status == 0)
        #expect(try listed.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date } == dates)

        // Extensions on (swift-build leaves the flag out): UIKit, AppKit and SwiftUI members.
        let full = try Harness.assetc(Self.symbolArguments(work, extensions: true), in: work)
        #expect(full.status == 0)
        let extended = String(decoding: try Harness.read(derived.appendingPathComponent("GeneratedAssetSymbols.swift")), as: UTF8.self)
        #expect(extended.contains("extension UIKit.UIColor {") && extended.contains("// MARK: - Thinnable Asset Support -"))
    }

    @Test func aBrokenSetIsReportedAsActoolReportsItAndTheFilesAreStillWritten() throws {
        let work = try Self.catalog()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("Real.xcassets/Broken.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data("{ \"images\": [ { \"filename\": 3 } ] }".utf8).write(to: set.appendingPathComponent("Contents.json"))
        let run = try Harness.assetc(Self.symbolArguments(work), in: work)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("/* com.apple.actool.document.warnings */"), "\(run.stdout)")
        #expect(run.stdout.contains("Broken.imageset"), "\(run.stdout)")
        #expect(Harness.files(under: work.appendingPathComponent("DerivedSources")).count == 3)
    }

    @Test func symbolFlagsThatTakeYesOrNoRefuseAnythingElse() throws {
        let work = try Self.catalog()
        defer { Harness.removeTemporary(work) }
        var arguments = Self.symbolArguments(work)
        arguments += ["--generate-asset-symbol-backwards-deployment-support", "maybe", "--generate-asset-symbol-framework-support", "Qt"]
        let run = try Harness.assetc(arguments, in: work)
        #expect(run.status == 1)
        #expect(run.stdout.contains("--generate-asset-symbol-backwards-deployment-support takes YES or NO, not \"maybe\""), "\(run.stdout)")
        #expect(run.stdout.contains("--generate-asset-symbol-framework-support takes SwiftUI, UIKit or AppKit, not \"Qt\""))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("DerivedSources").path))
    }

    /// llbuild stops a task with SIGINT to its process group and counts an exit by SIGINT as
    /// cancelled: the actool mode ends by the signal, with no results document that would read as
    /// a failure of the catalog, and the `--compile` folder as it was.
    @Test func sigintEndsTheActoolModeByTheSignalAndSaysNothing() throws {
        let work = try Harness.temporaryDirectory("actool-sigint")
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Big.xcassets")
        let pdf = Harness.fixtures.appendingPathComponent("art/registration.pdf")
        for index in 0..<40 {
            let set = catalog.appendingPathComponent("Big\(index).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: pdf, to: set.appendingPathComponent("art.pdf"))
            try Data(#"{"images":[{"filename":"art.pdf","idiom":"universal"}],"properties":{"preserves-vector-representation":true}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
        }
        let compile = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: compile, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Harness.binary)
        process.arguments = ["actool", catalog.path, "--compile", compile.path, "--output-format", "human-readable-text", "--platform", "iphoneos"]
        process.environment = ProcessInfo.processInfo.environment.merging(["ASSETC_CACHE_DIR": work.appendingPathComponent("cache").path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.8)
        #expect(process.isRunning, "the compile finished before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT,
                "ended by \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        #expect(stdout.isEmpty, "\(stdout)")
        #expect(Harness.files(under: compile).isEmpty)
    }
}
