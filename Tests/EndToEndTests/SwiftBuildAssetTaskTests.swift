import Foundation
import Testing
import TestSupport

/// swift-build — SwiftPM's `--build-system swiftbuild`, Xcode's build engine — planning and
/// running its asset catalog tasks on Linux for an iOS triple, with assetc as its `actool`
/// (docs/integration.md). The iPhoneOS platform folder is the test's own
/// (Tests/Fixtures/swift-build: an Info.plist, an SDKSettings.plist and stand-ins for cctools'
/// `libtool` and ld64's `ld -r`), registered through `XCODE_EXTRA_PLATFORM_FOLDERS`; its
/// `usr/bin/actool` runs assetc under the name `actool` and logs each call.
///
/// A C package builds through: GenerateAssetSymbols, CompileAssetCatalogVariant and
/// LinkAssetCatalog succeed, the package bundle holds the car, a rebuild with nothing changed
/// runs no actool and a touched PNG runs it again. A Swift package's Swift compile cannot succeed
/// here (no iOS Swift standard library on Linux), so it shows the Swift asset symbols that
/// GenerateAssetSymbols wrote before that compile, and its resource bundle built alone.
@Suite(.serialized) struct SwiftBuildAssetTaskTests {
    /// A work folder with the platform folder, the actool wrapper and one package.
    struct Setup {
        var work: URL
        var package: URL
        var log: URL
        var environment: [String: String]
        var products: URL { package.appendingPathComponent(".build/out/Products/Debug-iphoneos") }
        var derivedSources: URL {
            package.appendingPathComponent(".build/out/Intermediates.noindex/SBAssets.build/Debug-iphoneos/Gallery.build/DerivedSources")
        }
        var car: URL { products.appendingPathComponent("SBAssets_Gallery.bundle/Assets.car") }

        init(_ kind: String, name: String = #function) throws {
            work = try Harness.temporaryDirectory(name)
            let fixtures = Harness.fixtures.appendingPathComponent("swift-build")
            let platforms = work.appendingPathComponent("Platforms")
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Platforms"), to: platforms)
            let bin = platforms.appendingPathComponent("iPhoneOS.platform/usr/bin")
            log = work.appendingPathComponent("actool-calls.log")
            try Data().write(to: log)
            // One line per call, then assetc as `actool` (its name chooses the actool mode).
            let wrapper = "#!/bin/bash\nprintf '%s\\n' \"$*\" >> '\(log.path)'\nexec -a actool '\(Harness.binary)' \"$@\"\n"
            try wrapper.write(to: bin.appendingPathComponent("actool"), atomically: true, encoding: .utf8)
            for tool in ["actool", "libtool", "ld"] {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent(tool).path)
            }
            // SwiftPM refuses an Apple triple unless a `libtool` is on PATH.
            let tools = work.appendingPathComponent("tools")
            try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: tools.appendingPathComponent("libtool"), withDestinationURL: bin.appendingPathComponent("libtool"))
            package = work.appendingPathComponent("package")
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("packages/\(kind)"), to: package)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Media.xcassets"),
                                              to: package.appendingPathComponent("Sources/Gallery/Media.xcassets"))
            environment = ["XCODE_EXTRA_PLATFORM_FOLDERS": platforms.path,
                           "PATH": tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                           "ASSETC_CACHE_DIR": work.appendingPathComponent("assetc-cache").path]
        }

        /// The actool calls logged so far.
        func calls() throws -> [String] {
            try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        }

        /// `swift build --build-system swiftbuild` for arm64-apple-ios17.0. swift-build 6.3 on Linux
        /// now and then dies in libdispatch while planning (SIGSEGV, before any task runs): such a
        /// run is tried again, and said so; any other result is the result.
        func build(_ extra: [String] = []) throws -> (run: Harness.Run, text: String, actoolCalls: [String]) {
            let before = try calls().count
            var attempt = 0
            while true {
                let run = try Harness.run("/usr/bin/env", ["swift", "build", "--package-path", package.path, "--scratch-path",
                                                           package.appendingPathComponent(".build").path, "--build-system", "swiftbuild",
                                                           "--triple", "arm64-apple-ios17.0", "-v"] + extra,
                                          in: work, environment: environment)
                let text = run.stdout + run.stderr
                if (run.signaled || run.status >= 128) && text.contains("Program crashed") && attempt < 5 {
                    attempt += 1
                    print("swift build crashed (\(run.status)); trying again")
                    continue
                }
                return (run, text, Array(try calls().dropFirst(before)))
            }
        }
    }

    @Test func aCPackageRunsEveryAssetTaskAndRebuildsOnlyWhatChanged() throws {
        let setup = try Setup("c")
        defer { Harness.removeTemporary(setup.work) }
        let clean = try setup.build()
        try #require(clean.run.status == 0, "\(clean.text)")
        for task in ["Generate asset symbols", "Compile asset catalogs", "Link asset catalogs"] {
            #expect(clean.text.split(separator: "\n").contains { $0.hasPrefix(task) }, "\(task) ran: \(clean.text)")
        }
        #expect(!clean.text.contains("failed with a nonzero exit code"), "\(clean.text)")
        for section in ["com.apple.actool.document.warnings", "com.apple.actool.document.errors"] {
            #expect(!clean.text.contains(section), "assetc reports nothing about this catalog: \(clean.text)")
        }
        // The version probe, the symbol task (only the header and the index for a C target) and
        // the compile task of the thinned variant.
        #expect(clean.actoolCalls.contains("--version --output-format xml1"), "\(clean.actoolCalls)")
        let symbols = clean.actoolCalls.filter { $0.contains("--generate-objc-asset-symbols") }
        #expect(symbols.count == 1 && !symbols[0].contains("--generate-swift-asset-symbols"), "\(clean.actoolCalls)")
        #expect(clean.actoolCalls.filter { $0.contains("assetcatalog_output/thinned") }.count == 1, "\(clean.actoolCalls)")

        let car = try Harness.read(setup.car)
        try Self.expectGalleryCar(car)
        let header = try String(contentsOf: setup.derivedSources.appendingPathComponent("GeneratedAssetSymbols.h"), encoding: .utf8)
        for constant in ["ACColorNameTint", "ACImageNameBadge", "ACImageNameLogo"] {
            #expect(header.contains(constant), "\(header)")
        }
        #expect(FileManager.default.fileExists(atPath: setup.derivedSources.appendingPathComponent("GeneratedAssetSymbols-Index.plist").path))

        let again = try setup.build()
        #expect(again.run.status == 0, "\(again.text)")
        #expect(again.actoolCalls == [], "nothing changed, so actool does not run")

        // A touched PNG: its tasks run again and make the same car.
        let png = setup.package.appendingPathComponent("Sources/Gallery/Media.xcassets/Badge.imageset/badge@2x.png")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: png.path)
        let touched = try setup.build()
        #expect(touched.run.status == 0, "\(touched.text)")
        #expect(touched.actoolCalls.contains { $0.contains("assetcatalog_output/thinned") }, "\(touched.actoolCalls)")
        #expect(try Harness.read(setup.car) == car, "the same inputs, the same car")

        // A PNG drawn again (another colour): a new car whose @2x badge is the new one.
        try FileManager.default.removeItem(at: png)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("swift-build/Media.xcassets/Badge.imageset/badge@3x.png"), to: png)
        let edited = try setup.build()
        #expect(edited.run.status == 0, "\(edited.text)")
        let changed = try Harness.read(setup.car)
        #expect(changed != car)
        let badge = try CARReader(changed).renditions.filter { $0.name == "badge@2x.png" }
        #expect(badge.map(\.width) == [48], "the 48-pixel file now stands for @2x: \(badge.map(\.width))")
    }

    @Test func aSwiftPackageGetsXcodesSymbolsAndItsBundleTheCar() throws {
        let setup = try Setup("swift")
        defer { Harness.removeTemporary(setup.work) }
        // The resource bundle target alone: the compile and link tasks and the car.
        let bundle = try setup.build(["--target", "SBAssets_Gallery"])
        try #require(bundle.run.status == 0, "\(bundle.text)")
        try Self.expectGalleryCar(try Harness.read(setup.car))

        // The whole package: GenerateAssetSymbols writes the Swift file before the Swift compile,
        // which is the only task that fails.
        let whole = try setup.build()
        #expect(whole.text.split(separator: "\n").contains { $0.hasPrefix("Generate asset symbols") }, "\(whole.text)")
        #expect(whole.text.contains("unable to load standard library for target 'arm64-apple-ios"), "\(whole.text)")
        let symbolCalls = whole.actoolCalls.filter { $0.contains("--generate-swift-asset-symbols") }
        #expect(symbolCalls.count == 1, "\(whole.actoolCalls)")
        let swift = try String(contentsOf: setup.derivedSources.appendingPathComponent("GeneratedAssetSymbols.swift"), encoding: .utf8)
        #expect(swift.contains("static let tint = DeveloperToolsSupport.ColorResource(name: \"Tint\", bundle: resourceBundle)"), "\(swift)")
        #expect(swift.contains("static let badge = DeveloperToolsSupport.ImageResource(name: \"Badge\", bundle: resourceBundle)"), "\(swift)")
        #expect(swift.contains("static let logo = DeveloperToolsSupport.ImageResource(name: \"Logo\", bundle: resourceBundle)"), "\(swift)")
    }

    /// The catalog's three sets in the package bundle's car.
    static func expectGalleryCar(_ bytes: [UInt8]) throws {
        let car = try CARReader(bytes)
        func renditions(_ name: String) -> [CARReader.Rendition] {
            let id = car.facets[name]?.first { $0.0 == 17 }?.1
            return car.renditions.filter { id != nil && $0.attributes[17] == id }
        }
        #expect(renditions("Badge").map(\.width).sorted() == [16, 32, 48])
        #expect(!renditions("Logo").isEmpty, "the PDF set")
        let dark = try #require(car.appearances["UIAppearanceDark"])
        #expect(renditions("Tint").contains { $0.attributes[7] == dark }, "the colour's dark appearance")
    }
}
