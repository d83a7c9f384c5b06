import Foundation
import Testing

/// The recipes in docs/integration.md, run verbatim: each fenced block after an
/// `<!-- example: NAME -->` marker.
@Suite struct DocExampleTests {
    static func example(_ name: String) throws -> String {
        let text = try String(contentsOf: Harness.packageRoot.appendingPathComponent("docs/integration.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let marker = try #require(lines.firstIndex(of: "<!-- example: \(name) -->"), "no example \(name) in docs/integration.md")
        var block: [String] = []
        for line in lines[(marker + 2)...] {
            if line.hasPrefix("```") { break }
            block.append(line)
        }
        return block.joined(separator: "\n") + "\n"
    }

    static func manifest(_ images: [String]) -> String {
        #"{"version": 1, "scales": [1, 2], "images": ["# + images.joined(separator: ", ") + "]}"
    }

    @Test func theMakeRecipeCopiesAndRemovesOnlyWhatAssetcMade() throws {
        let make = try #require(["/usr/bin/make"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try Self.example("make-recipe").write(to: work.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
        let star = #"{"name": "Star", "source": "art/star-fill.pdf"}"#, card = #"{"name": "Card", "source": "art/certificate.pdf"}"#
        try Self.manifest([star, card]).write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let assetc = "ASSETC=" + Harness.binary

        let refused = try Harness.run(make, [assetc, "app-resources"], in: work)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("APP_BUNDLE must name the .app folder"), "\(refused.stderr)")

        let app = work.appendingPathComponent("App.app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        try "binary".write(to: app.appendingPathComponent("App"), atomically: true, encoding: .utf8)
        try "nib".write(to: app.appendingPathComponent("Base.lproj/Main.nib"), atomically: true, encoding: .utf8)
        let first = try Harness.run(make, [assetc, "APP_BUNDLE=App.app", "app-resources"], in: work)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let files = Set(Harness.files(under: app))
        #expect(files.isSuperset(of: ["App", "Base.lproj/Main.nib", "Star.png", "Star@2x.png", "Card.png", "Card@2x.png", "asset-table.json"]), "\(files)")

        // The manifest drops Card: the next build and copy remove its files from the app, and only them.
        Thread.sleep(forTimeInterval: 1.1)  // a newer mtime for Make
        try Self.manifest([star]).write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let second = try Harness.run(make, [assetc, "APP_BUNDLE=App.app", "app-resources"], in: work)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        let after = Set(Harness.files(under: app))
        #expect(!after.contains("Card.png") && !after.contains("Card@2x.png"), "\(after)")
        #expect(after.isSuperset(of: ["App", "Base.lproj/Main.nib", "Star.png", "Star@2x.png"]), "\(after)")
    }

    @Test func theGitHookChecksWhatIsStaged() throws {
        let git = try #require(["/usr/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        func run(_ arguments: [String]) throws -> Harness.Run {
            try Harness.run(git, ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments, in: work)
        }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        let good = Self.manifest([#"{"name": "Star", "source": "art/star-fill.pdf"}"#])
        let bad = Self.manifest([#"{"name": "Star", "sorce": "art/star-fill.pdf"}"#])
        let manifest = work.appendingPathComponent("assets.json")
        try good.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try run(["init", "-q"]).status == 0)
        #expect(try run(["add", "."]).status == 0)
        #expect(try run(["commit", "-q", "-m", "art"]).status == 0)
        let hook = work.appendingPathComponent("hook.sh")
        try Self.example("git-hook").write(to: hook, atomically: true, encoding: .utf8)
        let path = URL(fileURLWithPath: Harness.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
        func hookRun() throws -> Harness.Run {
            try Harness.run("/usr/bin/env", ["PATH=" + path, "GIT_DIR=" + work.appendingPathComponent(".git").path, "sh", hook.path], in: work)
        }

        // A broken manifest staged, the working copy fixed since: the commit is refused.
        try bad.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try run(["add", "assets.json"]).status == 0)
        try good.write(to: manifest, atomically: true, encoding: .utf8)
        let refused = try hookRun()
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("unknown key 'sorce'"), "\(refused.stderr)")

        // A good manifest staged, an unstaged edit broken: it does not block the commit.
        #expect(try run(["add", "assets.json"]).status == 0)
        try bad.write(to: manifest, atomically: true, encoding: .utf8)
        let allowed = try hookRun()
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    /// The hook on a catalog: a Contents.json committed with git's conflict markers, then an image
    /// deleted that the catalog still names. Both are refused (a build would only warn, as actool
    /// does, and ship the app without the image); `check` never says "is valid" after a set lost content.
    @Test func theGitHookStopsACatalogThatLosesAnImage() throws {
        let git = try #require(["/usr/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        func run(_ arguments: [String]) throws -> Harness.Run {
            try Harness.run(git, ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments, in: work)
        }
        let catalog = work.appendingPathComponent("App/Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let real = Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/CWA")
        for set in ["flag.at.imageset", "Icons - Test Tube.imageset"] {
            try FileManager.default.copyItem(at: real.appendingPathComponent(set), to: catalog.appendingPathComponent(set))
        }
        try #"{"version": 1, "catalogs": [{"path": "App/Assets.xcassets"}], "images": []}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        #expect(try run(["init", "-q"]).status == 0)
        #expect(try run(["add", "."]).status == 0)
        #expect(try run(["commit", "-q", "-m", "catalog"]).status == 0)
        let hook = work.appendingPathComponent("hook.sh")
        try Self.example("git-hook").write(to: hook, atomically: true, encoding: .utf8)
        let path = URL(fileURLWithPath: Harness.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
        func hookRun() throws -> Harness.Run {
            try Harness.run("/usr/bin/env", ["PATH=" + path, "GIT_DIR=" + work.appendingPathComponent(".git").path, "sh", hook.path], in: work)
        }
        #expect(try hookRun().status == 0)

        // A merge that left conflict markers in a set's Contents.json.
        let contents = catalog.appendingPathComponent("flag.at.imageset/Contents.json")
        let original = try String(contentsOf: contents, encoding: .utf8)
        try ("<<<<<<< HEAD\n" + original + "=======\n" + original + ">>>>>>> feature\n").write(to: contents, atomically: true, encoding: .utf8)
        #expect(try run(["add", "."]).status == 0)
        let conflicted = try hookRun()
        #expect(conflicted.status == 1)
        #expect(conflicted.stderr.contains("App/Assets.xcassets/flag.at.imageset/Contents.json:1:1: error: unresolved merge conflict"), "\(conflicted.stderr)")
        try original.write(to: contents, atomically: true, encoding: .utf8)
        #expect(try run(["add", "."]).status == 0)
        #expect(try hookRun().status == 0)

        // An image deleted from the repository; the set still names it.
        #expect(try run(["rm", "-q", "App/Assets.xcassets/Icons - Test Tube.imageset/Icons - Test Tube@2x.png"]).status == 0)
        let deleted = try hookRun()
        #expect(deleted.status == 1)
        #expect(deleted.stderr.contains("error: The file \"Icons - Test Tube@2x.png\" for the image set \"Icons - Test Tube\" does not exist."), "\(deleted.stderr)")
        let check = try Harness.assetc(["check", "assets.json"], in: work)
        #expect(check.status == 1 && !check.stderr.contains("is valid"), "\(check.stderr)")
        // The build keeps actool's severity: a warning, and the set is left out.
        let build = try Harness.assetc(["build", "assets.json"], in: work)
        #expect(build.status == 0 && build.stderr.contains("warning: The file \"Icons - Test Tube@2x.png\""), "\(build.stderr)")
    }
}
