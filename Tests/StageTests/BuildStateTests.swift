import Foundation
import Testing
@testable import AssetModel
@testable import AssetPlatform
@testable import Rendering
@testable import Output

@Suite struct BuildStateTests {
    private let fingerprint = FileFingerprint(size: 1234, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 123_456_789,
                                              inode: UInt64.max - 7, device: 2049)

    @Test func sourceRecordsRoundTripExactly() {
        let pdf = SourceRecord(fingerprint: fingerprint, sha256: "ab",
                               info: .pdf(pageCount: 3, pageSizes: [1: PointSize(width: 55.8, height: 1.0 / 3.0)]),
                               opaque: [1: false])
        let png = SourceRecord(fingerprint: fingerprint, sha256: "cd",
                               info: .png(width: 120, height: 60, scale: 2, interlaced: true))
        let state = BuildState(outputs: ["Resources/A.png": .init(key: "k", bytes: 10, sha256: "s")],
                               sources: ["art/a.pdf": pdf, "art/b@2x.png": png])
        let parsed = BuildState.parse(Array(state.serialized().utf8))
        #expect(parsed == state)
    }

    /// Written entry by entry, the state is the same bytes as the one JSON value it was written as
    /// before (`JSONOutput`'s sorted keys and formatting), empty tables included.
    @Test func writtenEntryByEntryAsTheWholeValueWasWritten() {
        let pdf = SourceRecord(fingerprint: fingerprint, sha256: "ab",
                               info: .pdf(pageCount: 3, pageSizes: [1: PointSize(width: 55.8, height: 1.0 / 3.0), 2: PointSize(width: 1, height: 2)]),
                               opaque: [1: false])
        let png = SourceRecord(fingerprint: fingerprint, sha256: "cd", info: .png(width: 120, height: 60, scale: 2, interlaced: true))
        let states = [
            BuildState(),
            BuildState(outputs: ["Resources/A.png": .init(key: "k", bytes: 10, sha256: "s")]),
            BuildState(outputs: ["Resources/b.png": .init(key: "k2", bytes: 3, sha256: "t", rendererMessages: "a \"quoted\"\nline"),
                                 "Resources/A.png": .init(key: "k", bytes: 10, sha256: "s"),
                                 "Resources/Caf\u{E9}.png": .init(key: "k3", bytes: 1, sha256: "u"),
                                 "Resources/Assets.car": .init(key: "car", bytes: 99, sha256: "v", parts: ["p1", "", "p3", "p4", "p5"]),
                                 ".assetc/renditions/x.png": .init(key: "k4", bytes: 2, sha256: "w", parts: ["one"])],
                       sources: ["art/a.pdf": pdf, "art/b@2x.png": png, "Z.svg": SourceRecord(fingerprint: fingerprint, sha256: "ef", info: .svg(PointSize(width: 3, height: 4)))]),
        ]
        for state in states {
            var members: [String: JSONOutput] = [:]
            for (path, output) in state.outputs { members[path.path] = output.json }
            var records: [String: JSONOutput] = [:]
            for (path, record) in state.sources { records[path] = BuildState(sources: [path: record]).sourceJSON(path) }
            let whole = JSONOutput.object(["formatVersion": .integer(BuildState.formatVersion), "producer": .string(BuildState.producer),
                                           "outputs": .object(members), "sources": .object(records)]).serializedBytes()
            #expect(state.serializedBytes() == whole, "\(state.serialized())")
        }
    }

    /// The state of 80,000 images at two scales is over 16 MiB (the manifest's limit); it must read
    /// back whole, or every image is rendered again by a build that had nothing to do.
    @Test func aStateOverTheManifestLimitReadsBack() throws {
        var state = BuildState()
        let sha = String(repeating: "5", count: 64)
        for index in 0..<90_000 {
            state.outputs[ByteExactPath("Resources/Img\(index)@2x.png")] = .init(key: String(repeating: "k", count: 64), bytes: index, sha256: sha)
        }
        let bytes = state.serializedBytes()
        #expect(bytes.count > Limits.maximumJSONBytes, "\(bytes.count) bytes")
        let root = NSTemporaryDirectory() + "/assetc-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { FileSystem.removeTree(root) }
        try FileManager.default.createDirectory(atPath: root + "/.assetc", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/.assetc/state.json"))
        #expect(RecordedState.read(root: root).state.outputs.count == 90_000)
    }

    @Test func recordsFromAnotherAssetcOrTableVersionAreDropped() {
        let state = BuildState(sources: ["a.pdf": SourceRecord(fingerprint: fingerprint, sha256: "ab")])
        let text = state.serialized().replacingOccurrences(of: BuildState.producer, with: "assetc 0.0.1, tables 2000")
        let parsed = BuildState.parse(Array(text.utf8))
        #expect(parsed.sources.isEmpty)
    }

    @Test func damagedStateMeansAFullRebuildNotAnError() {
        #expect(BuildState.parse(Array("{\"formatVersion\": 2, \"outputs\": [".utf8)) == BuildState())
        #expect(BuildState.parse(Array("{\"formatVersion\": 1, \"outputs\": {}}".utf8)) == BuildState())
    }

    @Test func storeTrustsARecordOnlyWhileTheFingerprintMatches() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-store-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a.pdf").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        let current = try #require(FileSystem.fingerprint(path))
        let info = SourceInfo.pdf(pageCount: 3, pageSizes: [1: PointSize(width: 10, height: 20)])
        let record = SourceRecord(fingerprint: current, sha256: "recorded", info: info)

        let trusting = SourceStore(previous: [path: record])
        #expect(try trusting.sha256(path) == "recorded")
        #expect(trusting.recordedInfo(path, pages: [1]) == info)
        #expect(trusting.recordedInfo(path, pages: [2]) == nil, "page 2 was never recorded")

        var stale = record
        stale.fingerprint.modifiedNanoseconds += 1
        let rehashing = SourceStore(previous: [path: stale])
        #expect(try rehashing.sha256(path) == sha256Hex(Array("hello".utf8)))
        #expect(rehashing.recordedInfo(path, pages: [1]) == nil)
    }

    @Test func recentlyModifiedFilesAreNotRecorded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-racy-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fresh = directory.appendingPathComponent("fresh.pdf").path
        let old = directory.appendingPathComponent("old.pdf").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: fresh))
        try Data("y".utf8).write(to: URL(fileURLWithPath: old))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: old)
        let store = SourceStore()
        _ = try store.sha256(fresh)
        _ = try store.sha256(old)
        let records = store.records()
        #expect(records[fresh] == nil)
        #expect(records[old]?.sha256 == sha256Hex(Array("y".utf8)))
    }
}
