import Foundation
import Testing
import TestSupport

/// Examples/PluginDemo, built with `swift build`: the build-tool plugin runs assetc, the output's
/// `Resources` folder is in the target's resource bundle with its namespace folders and run-time
/// table, and the generated accessors are compiled into the target and answer at run time. An
/// edit to the manifest needs nothing but the next build; the consumer's build prints no warning.
@Suite struct PluginDemoTests {
    @Test func swiftBuildRendersThroughThePlugin() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let demo = work.appendingPathComponent("PluginDemo")
        try FileManager.default.copyItem(at: Harness.packageRoot.appendingPathComponent("Examples/PluginDemo"), to: demo)
        try? FileManager.default.removeItem(at: demo.appendingPathComponent(".build"))
        // The copy depends on this checkout by absolute path.
        let manifest = demo.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(Harness.packageRoot.path)\"")
        try text.write(to: manifest, atomically: true, encoding: .utf8)

        let build = try Harness.run("/usr/bin/env", ["swift", "build", "--package-path", demo.path], in: demo)
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        let printed = build.stdout + build.stderr
        #expect(!printed.contains("unhandled"), "\(printed)")
        #expect(!printed.contains("warning:"), "a consumer's build prints no warning: \(printed)")
        let binPath = try Harness.run("/usr/bin/env", ["swift", "build", "--package-path", demo.path, "--show-bin-path"], in: demo)
        let bin = URL(fileURLWithPath: binPath.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let resources = bin.appendingPathComponent("PluginDemo_DemoAssets.resources/Resources")

        let run = try Harness.run(bin.appendingPathComponent("Demo").path, [], in: demo)
        #expect(run.status == 0, "\(run.stderr)")
        var answers: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            try #require(parts.count == 2)
            answers[parts[0]] = parts[1]
        }
        for scale in 1...3 {
            let file = scale == 1 ? "Disclosure.png" : "Disclosure@\(scale)x.png"
            #expect(answers["Disclosure@\(scale)x"] == resources.appendingPathComponent(file).path, "\(answers)")
        }
        // The catalog's namespace folder is kept in the bundle, not flattened into its top level.
        let check = resources.appendingPathComponent("Icons/check@3x.png")
        #expect(answers["Icons/check@3x"] == check.path, "\(answers)")
        #expect(try PNGSize.of(check) == [96, 96], "the 32-point page at @3x")
        #expect(answers["template"] == "true")
        #expect(answers["Brand-light"] == "0.0,0.4,0.8,1.0")
        #expect(answers["Brand-dark"] == "0.2,0.6,1.0,1.0")

        // DemoCarAssets asks for a car: Assets.car at the top of its resource bundle, holding the
        // PNG set at its three scales, the PDF set, the colour in both appearances and the app icon.
        let carBundle = bin.appendingPathComponent("PluginDemo_DemoCarAssets.resources")
        let carBytes = try Harness.read(carBundle.appendingPathComponent("Assets.car"))
        try Self.expectDemoCar(carBytes)
        #expect(!FileManager.default.fileExists(atPath: carBundle.appendingPathComponent("Resources/Assets.car").path), "the car once, at the top")
        #expect(!FileManager.default.fileExists(atPath: carBundle.appendingPathComponent("Resources/star@2x.png").path),
                "an image set is only in the car, as actool ships it")

        // The same plugin in a C target built for an Apple triple (SwiftPM's native build system,
        // as xtool uses it): no accessors (a Swift file cannot be a C target's source), and the car
        // at the top of the `.bundle`, the same bytes as the Linux build's. A C target, because
        // this machine has no iOS Swift standard library; SwiftPM checks that a `libtool` exists
        // for an Apple triple, and a `--target` build of a C library never calls it.
        let native = demo.appendingPathComponent("Sources/NativeCar")
        try FileManager.default.createDirectory(at: native.appendingPathComponent("include"), withIntermediateDirectories: true)
        for item in ["Media.xcassets", "assets.json"] {
            try FileManager.default.copyItem(at: demo.appendingPathComponent("Sources/DemoCarAssets/\(item)"), to: native.appendingPathComponent(item))
        }
        try "int native_car_marker(void) { return 1; }\n".write(to: native.appendingPathComponent("marker.c"), atomically: true, encoding: .utf8)
        try "int native_car_marker(void);\n".write(to: native.appendingPathComponent("include/NativeCar.h"), atomically: true, encoding: .utf8)
        let withNative = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "        .executableTarget(name: \"Demo\",", with: """
                    .target(name: "NativeCar", exclude: ["assets.json", "Media.xcassets"], plugins: [.plugin(name: "AssetcPlugin", package: "assetc")]),
                    .executableTarget(name: "Demo",
            """)
        try #require(withNative.contains("NativeCar"))
        try withNative.write(to: manifest, atomically: true, encoding: .utf8)
        let tools = work.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let libtool = tools.appendingPathComponent("libtool")
        try "#!/bin/sh\necho \"libtool is not on this machine\" >&2\nexit 1\n".write(to: libtool, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: libtool.path)
        let path = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let ios = try Harness.run("/usr/bin/env", ["swift", "build", "--package-path", demo.path, "--triple", "arm64-apple-ios", "--target", "NativeCar"],
                                  in: demo, environment: ["PATH": path])
        try #require(ios.status == 0, "\(ios.stdout)\(ios.stderr)")
        let iosBundle = demo.appendingPathComponent(".build/arm64-apple-ios/debug/PluginDemo_NativeCar.bundle")
        let iosCar = try Harness.read(iosBundle.appendingPathComponent("Assets.car"))
        try Self.expectDemoCar(iosCar)
        #expect(iosCar == carBytes, "the same catalog, the same car, whatever the triple")
        #expect(FileManager.default.fileExists(atPath: iosBundle.appendingPathComponent("Resources/asset-table.json").path))
        let nativeOutputs = FileManager.default.enumerator(at: demo.appendingPathComponent(".build/plugins"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.path.contains("/NativeCar/") && $0.pathExtension == "swift" } ?? []
        #expect(nativeOutputs.isEmpty, "no accessors for a C target: \(nativeOutputs)")

        // An edit to the manifest: the next build renders the new image and names it, no other step.
        let assets = demo.appendingPathComponent("Sources/DemoAssets/assets.json")
        let edited = try String(contentsOf: assets, encoding: .utf8).replacingOccurrences(
            of: #"{ "name": "Disclosure", "source": "art/disclosure.pdf" }"#,
            with: #"{ "name": "Disclosure", "source": "art/disclosure.pdf" }, { "name": "Chevron", "source": "art/disclosure.pdf" }"#)
        try #require(edited.contains("Chevron"))
        try edited.write(to: assets, atomically: true, encoding: .utf8)
        let again = try Harness.run("/usr/bin/env", ["swift", "build", "--package-path", demo.path], in: demo)
        try #require(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: resources.appendingPathComponent("Chevron@2x.png").path))
        let generated = try #require(FileManager.default.enumerator(at: demo.appendingPathComponent(".build/plugins"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.first { $0.lastPathComponent == "Assets.swift" })
        #expect(try String(contentsOf: generated, encoding: .utf8).contains("public static let chevron = ImageAsset(name: \"Chevron\")"))
    }
}

extension PluginDemoTests {
    /// What DemoCarAssets' catalog puts in its car, read back with the test's own car reader.
    static func expectDemoCar(_ bytes: [UInt8]) throws {
        let car = try CARReader(bytes)
        func renditions(_ name: String) -> [CARReader.Rendition] {
            let id = car.facets[name]?.first { $0.0 == 17 }?.1
            return car.renditions.filter { id != nil && $0.attributes[17] == id }
        }
        #expect(renditions("Star").map { "\($0.width)x\($0.height)@\($0.scaleTimes100 / 100)" }.sorted() == ["20x20@1", "40x40@2", "60x60@3"])
        #expect(!renditions("Check").isEmpty, "the PDF set")
        let brand = renditions("Brand")
        let dark = try #require(car.appearances["UIAppearanceDark"], "\(car.appearances)")
        #expect(brand.count == 2 && brand.contains { $0.attributes[7] == dark }, "the colour, light and dark")
        #expect(renditions("AppIcon").contains { $0.width == 1024 }, "the app icon asked for in assets.json")
    }
}

enum PNGSize {
    static func of(_ url: URL) throws -> [Int] {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count >= 24 else { return [] }
        func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [be32(16), be32(20)]
    }
}
