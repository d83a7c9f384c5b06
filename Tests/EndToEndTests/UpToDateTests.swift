import AssetModel
import AssetPlatform
import Foundation
import Testing
import TestSupport

/// The no-op shortcut (docs/performance.md, "The no-op shortcut"): a build that finds every input,
/// the request and the output tree as its last successful run left them returns at once; anything
/// else — a source, an output, a file added beside an input, an option — takes the full build,
/// and a build with warnings keeps reporting them.
@Suite struct UpToDateTests {
    static let manifest = #"{"version": 1, "output": "out", "scales": [1, 2], "images": [{"name": "Star", "source": "art/star.pdf"}, {"name": "Doc", "source": "art/doc.pdf"}]}"#

    /// A project whose files are an hour old, so none is "racily clean" and the first build stamps.
    static func project(_ manifest: String = manifest, name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        let art = work.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"), to: art.appendingPathComponent("star.pdf"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/certificate.pdf"), to: art.appendingPathComponent("doc.pdf"))
        try Data(manifest.utf8).write(to: work.appendingPathComponent("assets.json"))
        try age(["art/star.pdf", "art/doc.pdf", "art", "assets.json", "."], in: work)
        return work
    }

    static func age(_ paths: [String], in work: URL) throws {
        let old = Date(timeIntervalSinceNow: -3600)
        for path in paths {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: work.appendingPathComponent(path).path)
        }
    }

    static func build(_ work: URL, _ extra: [String] = []) throws -> Harness.Run {
        let run = try Harness.assetc(["build", "assets.json"] + extra, in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        var both = run
        both.stdout += run.stderr
        return both
    }

    /// The stamp's fingerprint (inode and time): the full path removes and rewrites it, the shortcut
    /// leaves it alone.
    static func stamp(_ work: URL) -> FileFingerprint? {
        FileSystem.status(work.appendingPathComponent("out/.assetc/up-to-date.json").path, followingLinks: false)?.fingerprint
    }

    @Test func aBuildWithNothingToDoReturnsWithoutTouchingTheTree() throws {
        let work = try Self.project()
        defer { Harness.removeTemporary(work) }
        let first = try Self.build(work)
        #expect(first.stdout.contains("4 variants (4 rendered, 0 up to date)"), "\(first.stdout)")
        let stamp = try #require(Self.stamp(work), "the first build wrote no stamp")
        let tree = try Harness.tree(under: work.appendingPathComponent("out"))

        let again = try Self.build(work)
        // The same summary as the full path prints, from the stamp.
        #expect(again.stdout.contains("4 variants (0 rendered, 4 up to date) from assets.json"), "\(again.stdout)")
        #expect(again.stdout.contains("main: "), "\(again.stdout)")
        #expect(Self.stamp(work) == stamp, "the second build took the full path")
        #expect(try Harness.tree(under: work.appendingPathComponent("out")) == tree)

        // --verbose lists every variant, so it takes the full path.
        let verbose = try Self.build(work, ["--verbose"])
        #expect(verbose.stdout.contains("Star@2x.png"), "\(verbose.stdout)")
        #expect(try Harness.tree(under: work.appendingPathComponent("out"), excluding: Harness.isState)
            == tree.filter { !Harness.isState($0.key) })
    }

    @Test func anOutputRemovedOrChangedIsMadeAgain() throws {
        let work = try Self.project()
        defer { Harness.removeTemporary(work) }
        _ = try Self.build(work)
        let star = work.appendingPathComponent("out/Resources/Star@2x.png")
        let original = try Harness.read(star)

        try FileManager.default.removeItem(at: star)
        let afterRemoval = try Self.build(work)
        #expect(afterRemoval.stdout.contains("(1 rendered, 3 up to date)"), "\(afterRemoval.stdout)")
        #expect(try Harness.read(star) == original)

        // Other bytes of another size, an hour old (the full build trusts an output of the recorded
        // size, as Make trusts times; the shortcut must not be laxer than that).
        try Data(repeating: 0, count: original.count - 1).write(to: star)
        try Self.age(["out/Resources/Star@2x.png"], in: work)
        let afterEdit = try Self.build(work)
        #expect(afterEdit.stdout.contains("(1 rendered, 3 up to date)"), "\(afterEdit.stdout)")
        #expect(try Harness.read(star) == original)
    }

    @Test func aChangedSourceAFileBesideItOrAnotherOptionTakesTheFullBuild() throws {
        let work = try Self.project()
        defer { Harness.removeTemporary(work) }
        _ = try Self.build(work)
        var stamp = Self.stamp(work)

        // A source changed (and aged, as a checkout would leave it).
        let handle = try FileHandle(forWritingTo: work.appendingPathComponent("art/doc.pdf"))
        handle.seekToEndOfFile()
        handle.write(Data("% changed\n".utf8))
        try handle.close()
        try Self.age(["art/doc.pdf"], in: work)
        let changed = try Self.build(work)
        #expect(changed.stdout.contains("(2 rendered, 2 up to date)"), "\(changed.stdout)")
        #expect(Self.stamp(work) != stamp)
        stamp = Self.stamp(work)

        // A file added beside an input: its folder's fingerprint changed.
        try Data("x".utf8).write(to: work.appendingPathComponent("art/notes.txt"))
        try Self.age(["art/notes.txt", "art"], in: work)
        _ = try Self.build(work)
        #expect(Self.stamp(work) != stamp, "a file added beside a source was not seen")

        // Another option: the generated Swift is written, not skipped.
        _ = try Self.build(work, ["--swift", "Assets.swift"])
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("Assets.swift").path))
        // And removing that file is seen (files written beside the output are part of the tree).
        try FileManager.default.removeItem(at: work.appendingPathComponent("Assets.swift"))
        _ = try Self.build(work, ["--swift", "Assets.swift"])
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("Assets.swift").path))
    }

    @Test func aBuildWithWarningsReportsThemEveryTime() throws {
        let manifest = #"{"version": 1, "output": "out", "bundles": [{"name": "Extra", "path": "Extra.bundle"}], "images": [{"name": "Star", "source": "art/star.pdf"}, {"name": "Star", "source": "art/doc.pdf", "bundle": "Extra"}]}"#
        let work = try Self.project(manifest)
        defer { Harness.removeTemporary(work) }
        let first = try Self.build(work)
        #expect(first.stderr.contains("exists in several bundles"), "\(first.stderr)")
        #expect(Self.stamp(work) == nil, "a build with warnings wrote a stamp")
        let again = try Self.build(work)
        #expect(again.stderr.contains("exists in several bundles"), "\(again.stderr)")
    }
}
