import AssetKit
import Foundation
import Rendering
import Testing

/// The build state, the output folder and the sources as a hostile tester prepares them: state is
/// verified, never obeyed; nothing outside the output folder is touched; odd files are refused.
@Suite struct HostileStateTests {
    /// A folder with two images from a real PDF, built once.
    private func builtWorkspace(_ name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"),
                                          to: work.appendingPathComponent("star.pdf"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/cleanup.pdf"),
                                          to: work.appendingPathComponent("clean.pdf"))
        try manifest(["Star": "star.pdf", "Clean": "clean.pdf"]).write(to: work.appendingPathComponent("assets.json"),
                                                                         atomically: true, encoding: .utf8)
        // Sources an hour old, so the build records them (files changed within 2 s are not trusted).
        for name in ["star.pdf", "clean.pdf"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                  ofItemAtPath: work.appendingPathComponent(name).path)
        }
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        return work
    }

    private func manifest(_ images: [String: String]) -> String {
        let list = images.sorted { $0.key < $1.key }.map { "{\"name\": \"\($0.key)\", \"source\": \"\($0.value)\"}" }
        return "{\"version\": 1, \"output\": \"out\", \"images\": [\(list.joined(separator: ", "))]}"
    }

    private func editState(_ work: URL, _ edit: (inout [String: Any]) -> Void) throws {
        let url = work.appendingPathComponent("out/.assetc/state.json")
        var state = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        edit(&state)
        try JSONSerialization.data(withJSONObject: state).write(to: url)
    }

    @Test func aForgedStateEntryOutsideTheOutputFolderIsNeverDeleted() throws {
        let work = try builtWorkspace()
        defer { Harness.removeTemporary(work) }
        let victim = work.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("keep"), withIntermediateDirectories: true)
        let nested = work.appendingPathComponent("keep/victim.txt")
        try Data("keep me too".utf8).write(to: nested)
        try editState(work) { state in
            var outputs = state["outputs"] as? [String: Any] ?? [:]
            let entry: [String: Any] = ["key": "x", "bytes": 7, "sha256": "x"]
            for path in ["../victim.txt", "Resources/../../victim.txt", "Resources/../../keep/victim.txt", "/etc/hostname"] {
                outputs[path] = entry
            }
            state["outputs"] = outputs
        }
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Harness.read(victim) == Array("keep me".utf8))
        #expect(try Harness.read(nested) == Array("keep me too".utf8))
    }

    @Test func forgedPageSizesInTheStateNeverChangeAnImage() throws {
        let work = try builtWorkspace()
        defer { Harness.removeTemporary(work) }
        let planned = try Harness.assetc(["plan", "--json", "-q"], in: work).stdout
        var forged = 0
        try editState(work) { state in
            var sources = state["sources"] as? [String: Any] ?? [:]
            for (path, value) in sources {
                guard var record = value as? [String: Any], var pdf = record["pdf"] as? [String: Any] else { continue }
                pdf["pageSizes"] = ["1": ["1000", "700"]]
                record["pdf"] = pdf
                sources[path] = record
                forged += 1
            }
            state["sources"] = sources
        }
        #expect(forged == 2, "no source records to forge")
        // The forged sizes change every cache key, so every variant renders from the forged plan.
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(planned.utf8)) as? [String: Any])
        for file in try #require(plan["files"] as? [[String: Any]]) {
            let path = try #require(file["path"] as? String)
            let pixels = try #require(file["pixels"] as? [Int])
            let decoded = try PNGCodec.decode(Harness.read(work.appendingPathComponent("out/" + path)))
            #expect([decoded.header.width, decoded.header.height] == pixels, "\(path)")
        }
        let index = try String(contentsOf: work.appendingPathComponent("out/asset-index.json"), encoding: .utf8)
        #expect(!index.contains("[1000, 700]") && !index.contains("2000, 1400"))
    }

    @Test func forceComparesWithTheBytesOnDiskNotTheRecord() throws {
        let work = try builtWorkspace()
        defer { Harness.removeTemporary(work) }
        let file = work.appendingPathComponent("out/Resources/Star@2x.png")
        let original = try Harness.read(file)
        var tampered = original
        tampered[tampered.count / 2] ^= 0xFF  // same length, other bytes
        try Data(tampered).write(to: file)
        let run = try Harness.assetc(["build", "--force"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Harness.read(file) == original)
    }

    @Test func aLinkedResourcesFolderIsNeverWrittenOrDeletedThrough() throws {
        let work = try builtWorkspace()
        defer { Harness.removeTemporary(work) }
        let elsewhere = work.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: work.appendingPathComponent("out/Resources"), to: elsewhere)
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("out/Resources"), withDestinationURL: elsewhere)
        let before = try Harness.tree(under: elsewhere)
        // Drop one image, so the build would remove its files (through the link, were it followed).
        try manifest(["Star": "star.pdf"]).write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 3, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("out/Resources: error: is a symbolic link"), "\(run.stderr)")
        #expect(try Harness.tree(under: elsewhere) == before)
    }

    /// A lock file replaced by a link to a path outside: the build refuses it and creates nothing
    /// there (opening it used to create the link's target).
    @Test func aLinkedLockFileIsNotFollowed() throws {
        let work = try builtWorkspace()
        defer { Harness.removeTemporary(work) }
        let lock = work.appendingPathComponent("out/.assetc/lock")
        try? FileManager.default.removeItem(at: lock)
        let target = work.appendingPathComponent("outside/created")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: target)
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 3, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("out/.assetc/lock: error:") && run.stderr.contains("symbolic link"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func aFIFOAsASourceIsRefusedAtOnce() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        #expect(mkfifo(work.appendingPathComponent("pipe.pdf").path, 0o644) == 0)
        try manifest(["Pipe": "pipe.pdf"]).write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        for command in ["check", "build"] {
            let run = try Harness.assetc([command], in: work)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("pipe.pdf: error: is not a regular file (a FIFO, socket or device)"), "\(run.stderr)")
        }
    }

    /// The same in a catalog: a FIFO (or a folder) under an image slot's file name is refused at
    /// once, by name, not taken for a missing file (a warning) nor opened (a hang).
    @Test func aFIFOInACatalogSlotIsRefusedAtOnce() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/Pipe.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try #"{"images": [{"idiom": "universal", "filename": "pipe.png", "scale": "1x"}, {"idiom": "universal", "filename": "dir.png", "scale": "2x"}]}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        #expect(mkfifo(set.appendingPathComponent("pipe.png").path, 0o644) == 0)
        try FileManager.default.createDirectory(at: set.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
        for command in [["check", "App.xcassets"], ["build", "App.xcassets", "--output", "out"], ["build", "App.xcassets", "--car", "--output", "out"]] {
            let run = try Harness.assetc(command, in: work)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("Pipe.imageset/pipe.png: error: \"pipe.png\" of the image set \"Pipe\" is not a regular file"), "\(run.stderr)")
            #expect(run.stderr.contains("Pipe.imageset/dir.png: error: \"dir.png\" of the image set \"Pipe\" is not a regular file"), "\(run.stderr)")
            #expect(!run.stderr.contains("does not exist"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    @Test func depfilePathsMakeCannotExpressAreRefusedAndNothingIsOverwritten() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let art = try Harness.read(Harness.fixtures.appendingPathComponent("art/star-fill.pdf"))
        for name in ["evil\n\tnewline.pdf", "semi;colon.pdf"] {
            try Data(art).write(to: work.appendingPathComponent(name))
            let escaped = name.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
            try manifest(["A": escaped]).write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
            let run = try Harness.assetc(["build", "--depfile", "assets.d"], in: work)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("cannot be listed in the dependency file"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("assets.d").path))
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "built before refusing")
        }
        // A depfile may not replace an input or land in the output folder.
        try Data(art).write(to: work.appendingPathComponent("plain.pdf"))
        try manifest(["A": "plain.pdf"]).write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let manifestBytes = try Harness.read(work.appendingPathComponent("assets.json"))
        for (target, message) in [("assets.json", "is an input of this build"), ("./plain.pdf", "is an input of this build"),
                                  ("out/deps.d", "lies inside the output folder")] {
            let run = try Harness.assetc(["build", "--depfile", target], in: work)
            #expect(run.status == 1 && run.stderr.contains(message), "\(target): \(run.stderr)")
        }
        #expect(try Harness.read(work.appendingPathComponent("assets.json")) == manifestBytes)
        #expect(try Harness.read(work.appendingPathComponent("plain.pdf")) == art)
        let fine = try Harness.assetc(["build", "--depfile", "./assets.d"], in: work)
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test func namesAreComparedAsTheFileSystemStoresThem() throws {
        let work = try builtWorkspace()
        defer { Harness.removeTemporary(work) }
        let decomposed = "Cafe\u{301}", composed = "Caf\u{E9}"
        // Written as NFD in the manifest, stored as NFC.
        try manifest(["Star": "star.pdf", decomposed: "clean.pdf"]).write(to: work.appendingPathComponent("assets.json"),
                                                                          atomically: true, encoding: .utf8)
        #expect(try Harness.assetc(["build"], in: work).status == 0)
        func names() throws -> [[UInt8]] {
            try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out/Resources").path)
                .map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        #expect(try names().contains(Array("\(composed).png".utf8)))
        #expect(try !names().contains(Array("\(decomposed).png".utf8)))
        // Renaming to the NFC spelling changes nothing.
        try manifest(["Star": "star.pdf", composed: "clean.pdf"]).write(to: work.appendingPathComponent("assets.json"),
                                                                        atomically: true, encoding: .utf8)
        let before = try names()
        #expect(try Harness.assetc(["build"], in: work).status == 0)
        #expect(try names() == before)
        // A file an older build wrote under the NFD spelling (recorded in its state) is removed, not orphaned.
        let old = work.appendingPathComponent("out/Resources/\(decomposed)@2x.png")
        try Data([1, 2, 3]).write(to: old)
        // Edited as text: a Swift dictionary would merge the two spellings into one key.
        let stateURL = work.appendingPathComponent("out/.assetc/state.json")
        let stateText = try String(contentsOf: stateURL, encoding: .utf8)
        #expect(stateText.contains("\"outputs\": {\n"))
        try stateText.replacingOccurrences(
            of: "\"outputs\": {\n",
            with: "\"outputs\": {\n\"Resources/\(decomposed)@2x.png\": {\"key\": \"old\", \"bytes\": 3, \"sha256\": \"old\"},\n")
            .write(to: stateURL, atomically: true, encoding: .utf8)
        #expect(try Harness.assetc(["build"], in: work).status == 0)
        let after = try names()
        #expect(after == before, "\(after.map { String(decoding: $0, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) } })")
    }

    @Test func invisibleAndDirectionCharactersInNamesAreRefused() throws {
        let work = try builtWorkspace()
        defer { Harness.removeTemporary(work) }
        for name in ["Star\u{200B}", "gnp.\u{202E}live", "A\u{FEFF}B"] {
            try manifest(["Star": "star.pdf", name: "clean.pdf"]).write(to: work.appendingPathComponent("assets.json"),
                                                                        atomically: true, encoding: .utf8)
            let run = try Harness.assetc(["check"], in: work)
            #expect(run.status == 1 && run.stderr.contains("invisible or text-direction character"), "\(run.stderr)")
        }
    }
}
