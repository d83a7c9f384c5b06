import Foundation
import Testing
import TestSupport

/// A link in a catalog that leads out of it is not followed (docs/hardening.md): the set, group
/// or file it stands for is left out with a warning naming the link and its target, and no byte of
/// the outside file reaches any output. `--allow-links-to` (and the manifest's `allowLinksTo`)
/// name folders links may lead into; a link inside the catalog is followed as before.
@Suite struct CatalogLinkTests {
    /// `work/App/Assets.xcassets` with a `Kept` image set, and `work/outside/` holding a PNG, an
    /// image set and a data set that links inside the catalog lead to.
    static func workspace(name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        let catalog = work.appendingPathComponent("App/Assets.xcassets")
        let outside = work.appendingPathComponent("outside")
        let png = Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png")
        func imageSet(_ folder: URL, file: String) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#"{"images":[{"filename":"\#(file)","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#.utf8)
                .write(to: folder.appendingPathComponent("Contents.json"))
        }
        try imageSet(catalog.appendingPathComponent("Kept.imageset"), file: "kept.png")
        try FileManager.default.copyItem(at: png, to: catalog.appendingPathComponent("Kept.imageset/kept.png"))
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: png, to: outside.appendingPathComponent("secret.png"))
        // A slot file linked out of the catalog.
        try imageSet(catalog.appendingPathComponent("Star.imageset"), file: "star.png")
        try FileManager.default.createSymbolicLink(atPath: catalog.appendingPathComponent("Star.imageset/star.png").path,
                                                   withDestinationPath: "../../../outside/secret.png")
        // A group linked out, holding a set.
        try imageSet(outside.appendingPathComponent("Shared/Badge.imageset"), file: "secret.png")
        try FileManager.default.copyItem(at: png, to: outside.appendingPathComponent("Shared/Badge.imageset/secret.png"))
        try FileManager.default.createSymbolicLink(atPath: catalog.appendingPathComponent("Shared").path, withDestinationPath: "../../outside/Shared")
        // A data set linked out.
        let data = outside.appendingPathComponent("Secret.dataset")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("the outside file's bytes".utf8).write(to: data.appendingPathComponent("secret.txt"))
        try Data(#"{"data":[{"filename":"secret.txt","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: data.appendingPathComponent("Contents.json"))
        try FileManager.default.createSymbolicLink(atPath: catalog.appendingPathComponent("Secret.dataset").path, withDestinationPath: "../../outside/Secret.dataset")
        // The whole file system, one link away.
        try FileManager.default.createSymbolicLink(atPath: catalog.appendingPathComponent("Root").path, withDestinationPath: "/")
        return work
    }

    /// Every output file's bytes, joined.
    static func outputBytes(_ root: URL) throws -> Data {
        var all = Data()
        for file in Harness.files(under: root) { all += try Data(contentsOf: root.appendingPathComponent(file)) }
        return all
    }

    @Test func linksOutOfTheCatalogAreNotFollowed() throws {
        let work = try Self.workspace()
        defer { Harness.removeTemporary(work) }
        let started = Date()
        let run = try Harness.assetc(["build", "App/Assets.xcassets", "--car", "--output", "out"], in: work)
        #expect(Date().timeIntervalSince(started) < 60, "a link to / is not walked")
        #expect(run.status == 0, "\(run.stderr)")
        let outside = work.appendingPathComponent("outside").resolvingSymlinksInPath().path
        for (link, target) in [("Star.imageset/star.png", "secret.png"), ("Shared", "Shared"), ("Secret.dataset", "Secret.dataset")] {
            #expect(run.stderr.contains("Assets.xcassets/\(link): warning: a link to \(outside)/\(target), outside the catalog: it is not followed"),
                    "\(link): \(run.stderr)")
        }
        #expect(run.stderr.contains("Assets.xcassets/Root: warning: a link to /, outside the catalog"), "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(Set(car.facets.keys) == ["Kept"], "only the set inside the catalog")
        let bytes = try Self.outputBytes(work.appendingPathComponent("out"))
        #expect(bytes.range(of: Data("the outside file's bytes".utf8)) == nil)
        // --werror: links left out are warnings, so the build fails and writes nothing.
        let strict = try Harness.assetc(["build", "App/Assets.xcassets", "--car", "--output", "strict", "--werror"], in: work)
        #expect(strict.status == 1 && !FileManager.default.fileExists(atPath: work.appendingPathComponent("strict/Resources").path))
    }

    @Test func allowedFoldersAreFollowed() throws {
        let work = try Self.workspace()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.removeItem(at: work.appendingPathComponent("App/Assets.xcassets/Root"))
        let allowed = try Harness.assetc(["build", "App/Assets.xcassets", "--car", "--output", "out", "--allow-links-to", "outside"], in: work)
        #expect(allowed.status == 0 && !allowed.stderr.contains("outside the catalog"), "\(allowed.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(Set(car.facets.keys) == ["Kept", "Star", "Badge", "Secret"])
        // The manifest's key, relative to the manifest's folder.
        try Data(#"{"version": 1, "output": "../manifest-out", "car": true, "catalogs": [{"path": "Assets.xcassets"}], "allowLinksTo": ["../outside"]}"#.utf8)
            .write(to: work.appendingPathComponent("App/assets.json"))
        let manifest = try Harness.assetc(["build", "App/assets.json", "-q"], in: work)
        #expect(manifest.status == 0 && manifest.stderr.isEmpty, "\(manifest.stderr)")
        let fromManifest = try CARReader(try Harness.read(work.appendingPathComponent("manifest-out/Resources/Assets.car")))
        #expect(Set(fromManifest.facets.keys) == ["Kept", "Star", "Badge", "Secret"])
    }

    @Test func aLinkInsideTheCatalogIsFollowed() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Assets.xcassets")
        let set = catalog.appendingPathComponent("Twin.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: catalog.appendingPathComponent("art.png"))
        try FileManager.default.createSymbolicLink(atPath: set.appendingPathComponent("twin.png").path, withDestinationPath: "../art.png")
        try Data(#"{"images":[{"filename":"twin.png","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let run = try Harness.assetc(["build", "Assets.xcassets", "--output", "out"], in: work)
        #expect(run.status == 0 && !run.stderr.contains("outside the catalog"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources/Twin@3x.png").path))
    }

    /// An app icon set's file linked out of the catalog: the set cannot be used (an error naming
    /// the file and its target); allowed, it builds.
    @Test func anAppIconFileLinkedOutIsRefused() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("sets/AppIcon.appiconset"), to: set)
        let outside = work.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: set.path).filter { $0.hasSuffix(".png") }.sorted().first)
        try FileManager.default.moveItem(at: set.appendingPathComponent(name), to: outside.appendingPathComponent(name))
        try FileManager.default.createSymbolicLink(atPath: set.appendingPathComponent(name).path, withDestinationPath: "../../../outside/\(name)")
        let refused = try Harness.assetc(["build", "App/Assets.xcassets", "--app-icon", "AppIcon", "--output", "out"], in: work)
        let target = outside.resolvingSymlinksInPath().path + "/" + name
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("AppIcon.appiconset/\(name): error: a link to \(target), outside the catalog: it is not followed"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources").path))
        let allowed = try Harness.assetc(["build", "App/Assets.xcassets", "--app-icon", "AppIcon", "--output", "out", "--allow-links-to", "outside"], in: work)
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    /// A set folder whose name is not UTF-8 is said, not dropped without a word.
    @Test func aFolderNamedInAnotherEncodingIsSaid() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let name = Array((catalog.path + "/Caf").utf8) + [0xE9] + Array(".imageset".utf8)  // Latin-1 é
        let made = name.withUnsafeBufferPointer { bytes in
            (Array(bytes) + [0]).withUnsafeBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755) }
        }
        try #require(made == 0)
        let run = try Harness.assetc(["check", "Assets.xcassets"], in: work)
        #expect(run.status == 1, "content left out fails check: \(run.stderr)")
        #expect(run.stderr.contains(".imageset: error: a name that is not valid UTF-8"), "\(run.stderr)")
    }

    /// A set whose path is longer than the system opens is said, not taken for missing and dropped
    /// without a word. (Made and removed level by level: the full path cannot be opened.)
    @Test func aPathLongerThanTheSystemOpensIsSaid() throws {
        let work = try Harness.temporaryDirectory()
        defer { _ = try? Harness.run("/bin/rm", ["-rf", work.path]) }
        let catalog = work.appendingPathComponent("Deep.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        var folder = open(catalog.path, O_RDONLY | O_DIRECTORY)
        try #require(folder >= 0)
        for _ in 0..<20 {
            let name = String(repeating: "g", count: 250)
            try #require(mkdirat(folder, name, 0o755) == 0)
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY)
            close(folder)
            try #require(next >= 0)
            folder = next
        }
        try #require(mkdirat(folder, "Star.colorset", 0o755) == 0)
        close(folder)
        let run = try Harness.assetc(["check", "Deep.xcassets"], in: work)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("more than the 4096 the system opens: it is left out"), "\(run.stderr.prefix(600))")
    }
}
