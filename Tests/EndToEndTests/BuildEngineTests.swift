import Foundation
import Testing

/// The build as actions: `plan --emit ninja|make` gives a build file whose actions are assetc's
/// own; the tree it makes equals `assetc build`'s (the internal `.assetc/` aside), a second run
/// does nothing, and touching one source re-runs only its render and the assembly.
@Suite struct BuildEngineTests {
    static let manifest = """
    {"version": 1, "output": "unused", "scales": [1, 2],
     "bundles": [{"name": "Checkout", "path": "Checkout.bundle"}],
     "appIcon": {"source": "art/newsblur.pdf"},
     "images": [
       {"name": "Star", "source": "art/star-fill.pdf", "scales": [1, 2, 3]},
       {"name": "Card", "source": "art/certificate.pdf", "bundle": "Checkout"},
       {"name": "Photo", "source": "art/focus-icon@3x.png", "scales": [1, 2, 3]},
       {"name": "Background", "source": "art/registration.pdf", "size": [320, 480], "fit": "fill", "tall": true}
     ]}
    """

    static func prepare(_ name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        try manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        return work
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Every file below `root` except the internal state, with its bytes.
    static func tree(_ root: URL) throws -> [String: [UInt8]] {
        try Harness.tree(under: root, excluding: Harness.isState)
    }

    func commands(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "assetc ") else { return nil }
            let words = line[range.upperBound...].split(separator: " ")
            guard let verb = words.first, ["plan", "render", "assemble"].contains(String(verb)) else { return nil }
            return verb == "render" ? "render \(words[1].split(separator: "/").last!)" : String(verb)
        }
    }

    @Test func ninjaBuildsTheSameTreeIncrementally() throws {
        let ninja = try #require(Self.tool("ninja"), "ninja (ninja-build) is needed; `make test` installs it")
        let work = try Self.prepare()
        defer { Harness.removeTemporary(work) }
        let inputs = ["assets.json", "Real.xcassets", "--app-icon", "AppIcon"]
        let emit = try Harness.assetc(["plan"] + inputs + ["--emit", "ninja", "--output", "out"], in: work)
        try #require(emit.status == 0, "\(emit.stderr)")
        try emit.stdout.write(to: work.appendingPathComponent("build.ninja"), atomically: true, encoding: .utf8)
        let first = try Harness.run(ninja, ["-j", "2"], in: work)
        try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
        let build = try Harness.assetc(["build"] + inputs + ["--output", "out2"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let viaNinja = try Self.tree(work.appendingPathComponent("out")), direct = try Self.tree(work.appendingPathComponent("out2"))
        #expect(viaNinja.keys.sorted() == direct.keys.sorted())
        for (file, bytes) in direct { #expect(viaNinja[file] == bytes, "\(file) differs") }

        let second = try Harness.run(ninja, [], in: work)
        #expect(second.stdout.contains("ninja: no work to do."), "\(second.stdout)")

        // Replace one source: its render and the assembly run (and the plan, which reads every source).
        let card = work.appendingPathComponent("art/certificate.pdf")
        try FileManager.default.removeItem(at: card)
        try FileManager.default.copyItem(at: work.appendingPathComponent("art/cleanup.pdf"), to: card)
        let third = try Harness.run(ninja, ["-v"], in: work)
        #expect(third.status == 0, "\(third.stdout)")
        let hash = try #require(third.stdout.firstMatch(of: /render out\/\.assetc\/plan\/src-([0-9a-f]{16})\.json/).map { String($0.1) })
        let fragment = "src-\(hash).json"
        #expect(commands(third.stdout) == ["plan", "render \(fragment)", "assemble"], "\(third.stdout)")
        let rebuilt = try Harness.assetc(["build"] + inputs + ["--output", "out2"], in: work)
        #expect(rebuilt.status == 0)
        #expect(try Self.tree(work.appendingPathComponent("out")) == Self.tree(work.appendingPathComponent("out2")))
    }

    @Test func makeBuildsTheSameTreeIncrementally() throws {
        let make = try #require(Self.tool("make"))
        let work = try Self.prepare()
        defer { Harness.removeTemporary(work) }
        let emit = try Harness.assetc(["plan", "assets.json", "--emit", "make", "--output", "out"], in: work)
        try #require(emit.status == 0, "\(emit.stderr)")
        try emit.stdout.write(to: work.appendingPathComponent("assets.mk"), atomically: true, encoding: .utf8)
        let first = try Harness.run(make, ["-f", "assets.mk", "-j2"], in: work)
        try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
        let build = try Harness.assetc(["build", "assets.json", "--output", "out2"], in: work)
        try #require(build.status == 0)
        #expect(try Self.tree(work.appendingPathComponent("out")) == Self.tree(work.appendingPathComponent("out2")))
        let second = try Harness.run(make, ["-f", "assets.mk"], in: work)
        #expect(second.stdout.contains("Nothing to be done"), "\(second.stdout)")
        let star = work.appendingPathComponent("art/star-fill.pdf")
        try FileManager.default.removeItem(at: star)
        try FileManager.default.copyItem(at: work.appendingPathComponent("art/cleanup.pdf"), to: star)
        let third = try Harness.run(make, ["-f", "assets.mk"], in: work)
        #expect(commands(third.stdout).count == 3 && commands(third.stdout).first == "plan" && commands(third.stdout).last == "assemble",
                "\(third.stdout)")
    }

    /// A source edited without changing its pixels (a comment appended to a PDF) renders the same
    /// PNG. Its outputs must still end newer than their inputs, or Ninja and Make rerun the render
    /// and the assembly on every call and never reach "no work to do".
    @Test func anEditThatKeepsThePixelsSettlesInOneRun() throws {
        let ninja = try #require(Self.tool("ninja"), "ninja (ninja-build) is needed; `make test` installs it")
        let make = try #require(Self.tool("make"))
        let work = try Self.prepare()
        defer { Harness.removeTemporary(work) }
        let emitNinja = try Harness.assetc(["plan", "assets.json", "--emit", "ninja", "--output", "out"], in: work)
        try #require(emitNinja.status == 0, "\(emitNinja.stderr)")
        try emitNinja.stdout.write(to: work.appendingPathComponent("build.ninja"), atomically: true, encoding: .utf8)
        let emitMake = try Harness.assetc(["plan", "assets.json", "--emit", "make", "--output", "out-make"], in: work)
        try #require(emitMake.status == 0, "\(emitMake.stderr)")
        try emitMake.stdout.write(to: work.appendingPathComponent("assets.mk"), atomically: true, encoding: .utf8)
        for (tool, arguments) in [(ninja, [String]()), (make, ["-f", "assets.mk"])] {
            let first = try Harness.run(tool, arguments, in: work)
            try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
        }
        // Engines compare modification times, which need a tick to tell apart.
        Thread.sleep(forTimeInterval: 1.1)
        let star = work.appendingPathComponent("art/star-fill.pdf")
        let handle = try FileHandle(forWritingTo: star)
        handle.seekToEndOfFile()
        handle.write(Data("\n%a comment: the same pixels\n".utf8))
        try handle.close()
        for (tool, arguments, settled) in [(ninja, [String](), "ninja: no work to do."), (make, ["-f", "assets.mk"], "Nothing to be done")] {
            let again = try Harness.run(tool, arguments, in: work)
            #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
            let next = try Harness.run(tool, arguments, in: work)
            #expect(next.stdout.contains(settled), "\(tool) ran again: \(next.stdout)")
        }
    }

    /// `build --expect-plan` (what the SwiftPM plugin passes): a plan made before the manifest
    /// changed fails the build, naming what changed and the command to run, before anything is
    /// written (the plugin left a new image out of the target's resources in silence).
    @Test func aStalePlanFailsTheBuildItWasExpectedFor() throws {
        let work = try Self.prepare()
        defer { Harness.removeTemporary(work) }
        let plan = try Harness.assetc(["plan", "assets.json", "--write-plan", "assets_plan"], in: work)
        try #require(plan.status == 0, "\(plan.stderr)")
        let fresh = try Harness.assetc(["build", "assets.json", "--output", "out", "--expect-plan", "assets_plan/plan.json"], in: work)
        try #require(fresh.status == 0, "\(fresh.stderr)")
        let before = try Self.tree(work.appendingPathComponent("out"))
        let manifest = work.appendingPathComponent("assets.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: #""images": ["#, with: #""images": [{"name": "Extra", "source": "art/cleanup.pdf"}, "#)
            .write(to: manifest, atomically: true, encoding: .utf8)
        let stale = try Harness.assetc(["build", "assets.json", "--output", "out", "--expect-plan", "assets_plan/plan.json"], in: work)
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("assets_plan/plan.json: error: the plan is stale: the build now also writes Resources/Extra"), "\(stale.stderr)")
        #expect(stale.stderr.contains("make it again with `assetc plan assets.json --write-plan assets_plan`"), "\(stale.stderr)")
        #expect(try Self.tree(work.appendingPathComponent("out")) == before)
        let again = try Harness.assetc(["plan", "assets.json", "--write-plan", "assets_plan"], in: work)
        #expect(again.status == 0)
        #expect(try Harness.assetc(["build", "assets.json", "--output", "out", "--expect-plan", "assets_plan/plan.json"], in: work).status == 0)
    }

    @Test func shardsAssembleToTheBuildsTreeAndStalePlansAreRefused() throws {
        let work = try Self.prepare()
        defer { Harness.removeTemporary(work) }
        let plan = try Harness.assetc(["plan", "assets.json", "--json", "--quiet", "--output", "out"], in: work)
        try #require(plan.status == 0, "\(plan.stderr)")
        try plan.stdout.write(to: work.appendingPathComponent("plan.json"), atomically: true, encoding: .utf8)

        let early = try Harness.assetc(["assemble", "plan.json", "--output", "out"], in: work)
        #expect(early.status == 1)
        #expect(early.stderr.contains("out/Resources/Star.png: error: not rendered; run its render action first"), "\(early.stderr)")

        for shard in ["1/3", "2/3", "3/3"] {
            let render = try Harness.assetc(["render", "plan.json", "--output", "out", "--shard", shard, "-j1"], in: work)
            #expect(render.status == 0, "\(render.stderr)")
        }
        let assemble = try Harness.assetc(["assemble", "plan.json", "--output", "out"], in: work)
        #expect(assemble.status == 0, "\(assemble.stderr)")
        let build = try Harness.assetc(["build", "assets.json", "--output", "out2"], in: work)
        #expect(build.status == 0)
        #expect(try Self.tree(work.appendingPathComponent("out")) == Self.tree(work.appendingPathComponent("out2")))

        // A source edited after planning: the render refuses rather than render what the plan did not see.
        try "%PDF-1.4 changed".write(to: work.appendingPathComponent("art/star-fill.pdf"), atomically: true, encoding: .utf8)
        let stale = try Harness.assetc(["render", "plan.json", "--output", "out", "--source", "art/star-fill.pdf"], in: work)
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("art/star-fill.pdf: error: Resources/Star.png: the source, the toolchain or assetc changed since the plan was made; make the plan again"), "\(stale.stderr)")
        let unknown = try Harness.assetc(["render", "plan.json", "--output", "out", "--source", "art/nope.pdf"], in: work)
        #expect(unknown.status == 1 && unknown.stderr.contains("the plan has no variant drawn from 'art/nope.pdf'"), "\(unknown.stderr)")
    }
}
