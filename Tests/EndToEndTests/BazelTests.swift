import Foundation
import Testing

/// Bazel running assetc's actions (bazel/assetc.bzl on bazel/example): a sandboxed build equal to
/// `assetc build`, the catalog compiled by `assetc actool` in one action (as rules_apple's asset
/// action) equal to a direct run, a second workspace at another path served entirely from the disk
/// cache, and BuildGrid as a REAPI remote cache on 127.0.0.1. Heavy (Bazel, a JVM, BuildGrid), so only with
/// `make test-engines`, which installs them and sets ASSETC_ENGINE_TESTS=1.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["ASSETC_ENGINE_TESTS"] == "1", "Bazel and BuildGrid: run by `make test-engines` (ASSETC_ENGINE_TESTS=1)"))
struct BazelTests {
    static var binary: String {
        ProcessInfo.processInfo.environment["ASSETC_RELEASE_BIN"] ?? Harness.packageRoot.appendingPathComponent(".build/static/release/assetc").path
    }

    /// A copy of the example workspace with the rule file and the (relocatable) binary, planned.
    static func workspace(in root: URL, named name: String) throws -> URL {
        let ws = root.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Harness.packageRoot.appendingPathComponent("bazel/example"), to: ws)
        try FileManager.default.copyItem(at: Harness.packageRoot.appendingPathComponent("bazel/assetc.bzl"),
                                         to: ws.appendingPathComponent("assetc.bzl"))
        try FileManager.default.createDirectory(at: ws.appendingPathComponent("tools"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: binary), to: ws.appendingPathComponent("tools/assetc"))
        let plan = try Harness.run(binary, ["plan", "assets.json", "--write-plan", "assets_plan", "--quiet"], in: ws)
        try #require(plan.status == 0, "\(plan.stderr)")
        return ws
    }

    static func bazel(_ arguments: [String], in ws: URL, root: URL) throws -> Harness.Run {
        try Harness.run("/usr/bin/timeout", ["600", "bazel", "--output_user_root=\(root.appendingPathComponent("bazel-root").path)",
                                             "--batch"] + arguments, in: ws)
    }

    static func cleanUp(_ root: URL) {
        _ = try? Harness.run("/bin/chmod", ["-R", "u+w", root.path])
        Harness.removeTemporary(root)
    }

    static func tree(_ root: URL) throws -> [String: [UInt8]] {
        try Harness.tree(under: root, excluding: Harness.isState)
    }

    /// `bazel-bin` is a link into the output root.
    static func outputs(_ ws: URL) -> URL {
        ws.appendingPathComponent("bazel-bin").resolvingSymlinksInPath().appendingPathComponent("assets")
    }

    /// The actool action's outputs: the compiled folder and the partial Info.plist.
    static func catalogOutputs(_ ws: URL) throws -> [String: [UInt8]] {
        let bin = ws.appendingPathComponent("bazel-bin").resolvingSymlinksInPath()
        var files = try Harness.tree(under: bin.appendingPathComponent("catalog.compiled"), excluding: { _ in false })
        files["catalog.partial.plist"] = try Harness.read(bin.appendingPathComponent("catalog.partial.plist"))
        return files
    }

    /// "INFO: 5 processes: 4 remote cache hit, 1 internal." → 4.
    static func cacheHits(_ output: String) -> Int? {
        output.firstMatch(of: /(\d+) remote cache hit/).flatMap { Int($0.1) }
    }

    static func actionCount(_ output: String) -> Int? {
        output.firstMatch(of: /(\d+) processes/).flatMap { Int($0.1) }
    }

    @Test func sandboxedBuildThenAnotherPathFromTheDiskCache() throws {
        let root = try Harness.temporaryDirectory()
        defer { Self.cleanUp(root) }
        let cache = root.appendingPathComponent("disk-cache").path
        let first = try Self.workspace(in: root, named: "ws1")
        let cold = try Self.bazel(["build", "//:assets", "//:catalog", "--disk_cache=\(cache)", "--spawn_strategy=linux-sandbox"], in: first, root: root)
        try #require(cold.status == 0, "\(cold.stderr)")
        #expect(cold.stderr.contains("linux-sandbox"), "\(cold.stderr)")
        let reference = try Harness.run(Self.binary, ["build", "assets.json", "--output", root.appendingPathComponent("reference").path, "--quiet"], in: first)
        try #require(reference.status == 0)
        #expect(try Self.tree(Self.outputs(first)) == Self.tree(root.appendingPathComponent("reference")))

        // The actool action: the car, the loose icon and the plist, as `assetc actool` run by hand.
        let direct = root.appendingPathComponent("direct")
        try FileManager.default.createDirectory(at: direct.appendingPathComponent("catalog.compiled"), withIntermediateDirectories: true)
        let actool = try Harness.run(Self.binary, [
            "actool", "--compile", direct.appendingPathComponent("catalog.compiled").path, "--errors", "--warnings", "--notices",
            "--output-format", "human-readable-text", "--platform", "iphonesimulator", "--minimum-deployment-target", "15.0",
            "--compress-pngs", "--target-device", "iphone", "--app-icon", "AppIcon", "--accent-color", "Tint",
            "--output-partial-info-plist", direct.appendingPathComponent("catalog.partial.plist").path, "Assets.xcassets",
        ], in: first)
        try #require(actool.status == 0, "\(actool.stdout)")
        var expected = try Harness.tree(under: direct.appendingPathComponent("catalog.compiled"), excluding: { _ in false })
        expected["catalog.partial.plist"] = try Harness.read(direct.appendingPathComponent("catalog.partial.plist"))
        #expect(Set(expected.keys) == ["AppIcon60x60@2x.png", "Assets.car", "catalog.partial.plist"])
        #expect(try Self.catalogOutputs(first) == expected)

        let second = try Self.workspace(in: root, named: "elsewhere/ws2")
        let warm = try Self.bazel(["build", "//:assets", "//:catalog", "--disk_cache=\(cache)"], in: second, root: root.appendingPathComponent("second"))
        try #require(warm.status == 0, "\(warm.stderr)")
        // Three renders (one per source), the assembly and the actool action, all from the cache.
        #expect(Self.cacheHits(warm.stderr) == 5, "\(warm.stderr)")
        #expect(!warm.stderr.contains("linux-sandbox,") && !warm.stderr.contains(" local"), "\(warm.stderr)")
    }

    @Test func buildGridAsARemoteCache() throws {
        let bgd = try #require(ProcessInfo.processInfo.environment["BUILDGRID_BGD"], "make test-engines sets BUILDGRID_BGD")
        let root = try Harness.temporaryDirectory()
        defer { Self.cleanUp(root) }
        let port = 50_000 + Int(getpid() % 10_000)
        let config = """
        server:
          - !channel
            address: "127.0.0.1:\(port)"
            insecure-mode: true
        storages:
          - !disk-storage &cas
            path: \(root.appendingPathComponent("cas").path)
        caches:
          - !lru-action-cache &ac
            storage: *cas
            max-cached-refs: 1024
            allow-updates: true
            cache-failed-actions: false
        instances:
          - name: main
            services:
              - !action-cache
                cache: *ac
              - !cas
                storage: *cas
              - !bytestream
                storage: *cas
        """
        try config.write(to: root.appendingPathComponent("cache.yml"), atomically: true, encoding: .utf8)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: bgd)
        server.arguments = ["server", "start", root.appendingPathComponent("cache.yml").path]
        server.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        server.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try server.run()
        defer {
            // BuildGrid's server ignores SIGTERM; stop it by its PID, bounded.
            kill(server.processIdentifier, SIGINT)
            for _ in 0..<20 where server.isRunning { Thread.sleep(forTimeInterval: 0.25) }
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
        }
        // Wait (bounded) for the port.
        var ready = false
        for _ in 0..<60 where !ready {
            ready = (try? Harness.run("/usr/bin/env", ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/\(port)"]).status) == 0
            if !ready { Thread.sleep(forTimeInterval: 0.5) }
        }
        try #require(ready, "BuildGrid did not listen on 127.0.0.1:\(port) within 30 s")
        let remote = ["--remote_cache=grpc://127.0.0.1:\(port)", "--remote_instance_name=main"]
        let ws = try Self.workspace(in: root, named: "ws")
        let cold = try Self.bazel(["build", "//:assets", "//:catalog"] + remote, in: ws, root: root)
        try #require(cold.status == 0, "\(cold.stderr)")
        let other = try Self.workspace(in: root, named: "other/ws")
        let warm = try Self.bazel(["build", "//:assets", "//:catalog"] + remote, in: other, root: root.appendingPathComponent("other-root"))
        try #require(warm.status == 0, "\(warm.stderr)")
        // The four actions of the manifest and the actool action, from another checkout's cache.
        #expect(Self.cacheHits(warm.stderr) == 5, "\(warm.stderr)")
        #expect(try Self.tree(Self.outputs(other)) == Self.tree(Self.outputs(ws)))
        #expect(try Self.catalogOutputs(other) == Self.catalogOutputs(ws))
    }
}
