import Foundation
import Testing

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

enum PNGSize {
    static func of(_ url: URL) throws -> [Int] {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count >= 24 else { return [] }
        func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [be32(16), be32(20)]
    }
}
