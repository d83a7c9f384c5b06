import Foundation
import Testing

/// The commit is all-or-nothing, seen from the binary: a commit cut short by a crash is rolled back
/// by the next build, leaving no orphan; paths outside the folder that cannot be written fail first.
@Suite struct CommitJournalTests {
    static let before = #"{"version": 1, "output": "out", "scales": [1, 2], "images": [{"name": "Star", "source": "art/star-fill.pdf"}, {"name": "Card", "source": "art/certificate.pdf"}]}"#
    static let after = #"{"version": 1, "output": "out", "scales": [1, 2, 3], "images": [{"name": "Star", "source": "art/cleanup.pdf"}, {"name": "Extra", "source": "art/feedly.pdf"}]}"#

    static func prepare(_ name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try before.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let first = try Harness.assetc(["build"], in: work)
        try #require(first.status == 0, "\(first.stderr)")
        return work
    }

    /// Every file of the output folder but the lock, with its bytes.
    static func snapshot(_ work: URL) throws -> [String: [UInt8]] {
        try Harness.tree(under: work.appendingPathComponent("out")) { $0 == ".assetc/lock" }
    }

    // A failure in the middle of the commit (after some files were moved in) is tested through the
    // transaction's file-system seam: StageTests' `OutputTransactionTests`.

    /// Generated code and the depfile are written outside the output folder. A path there that
    /// cannot be written (a component is a file) fails the build before the commit, so the earlier
    /// tree stays as it was, and no temporary file is left beside the destinations.
    @Test func anUnwritableCodeOrDepfilePathFailsBeforeTheCommit() throws {
        let work = try Self.prepare()
        defer { Harness.removeTemporary(work) }
        let earlier = try Self.snapshot(work)
        try "a file, not a folder".write(to: work.appendingPathComponent("blocker"), atomically: true, encoding: .utf8)
        let withCode = Self.after.replacingOccurrences(of: #""output": "out","#, with: #""output": "out", "codegen": {"swift": "blocker/Gen.swift"},"#)
        try withCode.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        for arguments in [["build"], ["build", "--objc", "blocker/Assets"]] {
            let run = try Harness.assetc(arguments, in: work)
            #expect(run.status == 3, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("blocker/Gen.swift: error: cannot write"), "\(run.stderr)")
            let now = try Self.snapshot(work)
            #expect(now.keys.sorted() == earlier.keys.sorted(), "\(arguments)")
            for (file, bytes) in earlier where now[file] != bytes { Issue.record("\(file) changed though the build failed") }
        }
        // The code can be written but the depfile cannot: still nothing committed, and the code's
        // temporary file is gone.
        try Self.after.replacingOccurrences(of: #""output": "out","#, with: #""output": "out", "codegen": {"swift": "Gen.swift"},"#)
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let depfile = try Harness.assetc(["build", "--depfile", "blocker/deps.d"], in: work)
        #expect(depfile.status == 3, "\(depfile.stderr)")
        let now = try Self.snapshot(work)
        for (file, bytes) in earlier where now[file] != bytes { Issue.record("\(file) changed though the build failed") }
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.contains(".assetc-") || $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("Gen.swift").path))
        // Writable paths: the build goes through and writes both.
        let good = try Harness.assetc(["build", "--depfile", "deps.d"], in: work)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("Gen.swift").path))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("deps.d").path))
    }

    /// A file where the outputs need a folder (the output folder's parent, or `Resources`) is named
    /// as that: not a folder (the message used to call it "not a regular file", which it is).
    @Test func aFileWhereAFolderIsNeededIsSaidSo() throws {
        let work = try Self.prepare()
        defer { Harness.removeTemporary(work) }
        try "a file".write(to: work.appendingPathComponent("blocker"), atomically: true, encoding: .utf8)
        let parent = try Harness.assetc(["build", "--output", "blocker/out"], in: work)
        #expect(parent.status == 3)
        #expect(parent.stderr.contains("blocker: error: is not a folder, and the outputs need a folder here"), "\(parent.stderr)")
        let resources = work.appendingPathComponent("out2/Resources")
        try FileManager.default.createDirectory(at: resources.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "a file".write(to: resources, atomically: true, encoding: .utf8)
        let inside = try Harness.assetc(["build", "--output", "out2"], in: work)
        #expect(inside.status == 3)
        #expect(inside.stderr.contains("out2/Resources: error: is not a folder, and the outputs need a folder here"), "\(inside.stderr)")
    }

    @Test func aCommitCutShortIsRolledBackByTheNextBuild() throws {
        let work = try Self.prepare()
        defer { Harness.removeTemporary(work) }
        let earlier = try Self.snapshot(work)
        // What a commit killed half-way leaves: Star.png set aside into the backup with a new one in
        // its place, a new Orphan.png, and the journal that lists both.
        let out = work.appendingPathComponent("out")
        let state = out.appendingPathComponent(".assetc")
        try FileManager.default.createDirectory(at: state.appendingPathComponent("backup"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: out.appendingPathComponent("Resources/Star.png"), to: state.appendingPathComponent("backup/0"))
        try Data("new".utf8).write(to: out.appendingPathComponent("Resources/Star.png"))
        try Data("orphan".utf8).write(to: out.appendingPathComponent("Resources/Orphan.png"))
        try "1\tResources/Star.png\n0\tResources/Orphan.png\n0\t../outside.txt\n".write(to: state.appendingPathComponent("journal"), atomically: true, encoding: .utf8)
        try "keep".write(to: work.appendingPathComponent("outside.txt"), atomically: true, encoding: .utf8)

        let build = try Harness.assetc(["build"], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("(0 rendered, 4 up to date)"), "the earlier files were back before planning reuse: \(build.stderr)")
        let now = try Self.snapshot(work)
        for (file, bytes) in earlier where !file.hasPrefix(".assetc/") { #expect(now[file] == bytes, "\(file)") }
        #expect(now["Resources/Orphan.png"] == nil, "no orphan")
        #expect(now[".assetc/journal"] == nil && !now.keys.contains { $0.hasPrefix(".assetc/backup") })
        #expect(try String(contentsOf: work.appendingPathComponent("outside.txt"), encoding: .utf8) == "keep", "a forged entry is ignored")
    }
}
