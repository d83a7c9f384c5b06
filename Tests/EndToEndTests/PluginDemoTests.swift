import Foundation
import Testing

/// Examples/PluginDemo, built with `swift build`: the build-tool plugin runs assetc and the PNGs are
/// among the target's resources (Bundle.module), found by the demo at run time.
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
        #expect(!build.stdout.contains("unhandled"), "\(build.stdout)")
        let binPath = try Harness.run("/usr/bin/env", ["swift", "build", "--package-path", demo.path, "--show-bin-path"], in: demo)
        let bin = URL(fileURLWithPath: binPath.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let run = try Harness.run(bin.appendingPathComponent("Demo").path, [], in: demo)
        #expect(run.status == 0, "\(run.stderr)")
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            try #require(parts.count == 2)
            #expect(parts[1] != "missing", "\(parts[0]) is not among the resources")
            #expect(FileManager.default.fileExists(atPath: parts[1]), "\(parts[1])")
        }
        #expect(run.stdout.split(separator: "\n").count == 4)
        let check = try PNGSize.of(URL(fileURLWithPath: bin.appendingPathComponent("PluginDemo_DemoAssets.resources/Check@3x.png").path))
        #expect(check == [72, 72], "24 pt at @3x")
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
