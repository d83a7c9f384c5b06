import AssetPlatform
import Foundation
import Testing
import TestSupport

/// The actool mode's incremental reuse (docs/actool.md, "Incremental reuse"): its work folder is
/// kept in `$ASSETC_CACHE_DIR`, so a second call re-renders only what changed; the car is the same
/// bytes as a call without the cache; a cache held by another call, or one that cannot be made,
/// falls back to a private folder and still compiles.
@Suite struct ActoolCacheTests {
    /// A.xcassets: CWA's PDF flag and its three PNGs of a test tube.
    static func project(_ name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        let catalog = work.appendingPathComponent("A.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let real = Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/CWA")
        for set in ["flag.at.imageset", "Icons - Test Tube.imageset"] {
            try FileManager.default.copyItem(at: real.appendingPathComponent(set), to: catalog.appendingPathComponent(set))
        }
        try Data(#"{"info": {"author": "xcode", "version": 1}}"#.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("compiled"), withIntermediateDirectories: true)
        return work
    }

    static let arguments = ["actool", "A.xcassets", "--compile", "compiled", "--platform", "iphoneos", "--minimum-deployment-target", "15.0"]

    static func compile(_ work: URL, cache: String) throws -> [UInt8] {
        let run = try Harness.assetc(arguments, in: work, environment: ["ASSETC_CACHE_DIR": cache])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return try Harness.read(work.appendingPathComponent("compiled/Assets.car"))
    }

    /// Inode of each rendition file in the one work folder of `cache`: a file rendered again is
    /// renamed into place, so it gets a new one.
    static func workFolders(_ cache: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("actool").path).filter { !$0.hasSuffix(".lock") }
    }

    static func renditionInodes(_ cache: URL) throws -> [String: UInt64] {
        let folders = try workFolders(cache)
        #expect(folders.count == 1, "\(folders)")
        let renditions = cache.appendingPathComponent("actool/\(folders.first ?? "")/.assetc/renditions")
        var inodes: [String: UInt64] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: renditions.path) {
            inodes[name] = FileSystem.identity(renditions.appendingPathComponent(name).path)?.inode
        }
        return inodes
    }

    @Test func aSecondCallReRendersOnlyWhatChanged() throws {
        let work = try Self.project()
        defer { Harness.removeTemporary(work) }
        let cache = work.appendingPathComponent("cache")
        let first = try Self.compile(work, cache: cache.path)
        let before = try Self.renditionInodes(cache)
        #expect(Set(before.keys).isSuperset(of: ["flag_at@2x.png", "Icons - Test Tube@2x.png"]), "\(before.keys.sorted())")

        // Nothing changed: nothing rendered again, the same car.
        #expect(try Self.compile(work, cache: cache.path) == first)
        #expect(try Self.renditionInodes(cache) == before)

        // The PDF is another drawing now: its three renditions are made again, the PNG set's are
        // kept. (A change that draws the same pixels keeps the file as it was: the bytes match.)
        let pdf = work.appendingPathComponent("A.xcassets/flag.at.imageset/Flags - Austria.pdf")
        try FileManager.default.removeItem(at: pdf)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"), to: pdf)
        let changed = try Self.compile(work, cache: cache.path)
        let after = try Self.renditionInodes(cache)
        for (name, inode) in before {
            if name.hasPrefix("flag_at") { #expect(after[name] != inode, "\(name) was not rendered again") }
            else { #expect(after[name] == inode, "\(name) was rendered again") }
        }
        // The same bytes as a call that renders everything in a private folder.
        #expect(try Self.compile(work, cache: "none") == changed)
    }

    @Test func aHeldOrUnusableCacheFallsBackToAPrivateFolder() throws {
        let work = try Self.project()
        defer { Harness.removeTemporary(work) }
        let cache = work.appendingPathComponent("cache")
        let first = try Self.compile(work, cache: cache.path)
        let before = try Self.renditionInodes(cache)
        let folder = try #require(try Self.workFolders(cache).first)
        // Another call holds the folder: this one compiles apart, and leaves the cache as it was.
        let lock = try FileLock(path: cache.appendingPathComponent("actool/\(folder).lock").path)
        #expect(lock != nil)
        try FileManager.default.removeItem(at: work.appendingPathComponent("compiled/Assets.car"))
        #expect(try Self.compile(work, cache: cache.path) == first)
        #expect(try Self.renditionInodes(cache) == before)
        withExtendedLifetime(lock) {}

        // A cache path that is a file, not a folder: compiled all the same.
        let file = work.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        #expect(try Self.compile(work, cache: file.path) == first)
    }

    /// A single-PDF set's vector is kept in the car beside its bitmaps. A second call copies an
    /// unchanged vector out of the last car, keyed by its file's hash, without reading the file;
    /// a changed one is read again: the car is what a call without the cache makes, and the
    /// unchanged vector's record is the same bytes as before.
    @Test func aChangedVectorIsReadAgainAndAnUnchangedOneCopied() throws {
        let work = try Harness.temporaryDirectory(#function)
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("A.xcassets")
        for (set, art) in [("Star", "star-fill.pdf"), ("Feed", "feedly.pdf")] {
            let folder = catalog.appendingPathComponent("\(set).imageset")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/\(art)"), to: folder.appendingPathComponent(art))
            try Data(#"{"images": [{"idiom": "universal", "filename": "\#(art)"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
                .write(to: folder.appendingPathComponent("Contents.json"))
        }
        try Data(#"{"info": {"author": "xcode", "version": 1}}"#.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("compiled"), withIntermediateDirectories: true)
        let cache = work.appendingPathComponent("cache").path
        func vectors(_ car: [UInt8]) throws -> [String: [UInt8]] {
            var found: [String: [UInt8]] = [:]
            for rendition in try CARReader(car).renditions where rendition.name.hasSuffix(".pdf") { found[rendition.name] = rendition.rawPayload }
            return found
        }
        let first = try vectors(try Self.compile(work, cache: cache))
        #expect(Set(first.keys) == ["star-fill.pdf", "feedly.pdf"], "\(first.keys.sorted())")

        // feedly.pdf is another drawing now (the bytes of another PDF, the same name).
        let feed = catalog.appendingPathComponent("Feed.imageset/feedly.pdf")
        try FileManager.default.removeItem(at: feed)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/cleanup.pdf"), to: feed)
        let changed = try Self.compile(work, cache: cache)
        let second = try vectors(changed)
        #expect(second["star-fill.pdf"] == first["star-fill.pdf"], "the unchanged vector's record is kept as it was")
        #expect(second["feedly.pdf"] != first["feedly.pdf"], "the changed vector was not read again")
        #expect(try Self.compile(work, cache: "none") == changed, "the same bytes as a call that makes everything anew")
    }
}
