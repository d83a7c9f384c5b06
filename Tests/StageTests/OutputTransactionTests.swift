import Foundation
import Testing
@testable import AssetModel
@testable import Output

/// The live file system, but moving the new version of the file whose path ends with `failing`
/// into place fails, as a full disk would (a rename from staging, or a replacement). Putting the
/// earlier version back (a rename from the journal's backup) still works, as it does on a full disk.
private struct FailingWriter: TreeWriter {
    let failing: String
    let live = LiveTreeWriter()

    private func check(_ path: String) throws(FileError) {
        if path.hasSuffix("/" + failing) { throw FileError(.rename, path: path, reason: .noSpace) }
    }

    func rename(_ from: String, to: String) throws(FileError) {
        if !from.contains("/.assetc/backup/") { try check(to) }
        try live.rename(from, to: to)
    }

    func replaceIfChanged(_ path: String, _ bytes: [UInt8], temporary: String?) throws(FileError) -> Bool {
        try check(path)
        return try live.replaceIfChanged(path, bytes, temporary: temporary)
    }

    func makeDirectories(_ path: String, under root: String) throws(FileError) { try live.makeDirectories(path, under: root) }
    func writeNew(_ path: String, _ bytes: [UInt8], sync: Bool) throws(FileError) { try live.writeNew(path, bytes, sync: sync) }
    func remove(_ path: String) { live.remove(path) }
    func removeTree(_ path: String) { live.removeTree(path) }
    func pruneEmptyDirectories(from path: String, upTo root: String) { live.pruneEmptyDirectories(from: path, upTo: root) }
}

/// The output transaction through its file-system seam, without the binary: a change that fails
/// at any point of the commit leaves the earlier tree byte for byte, and the next commit succeeds.
@Suite struct OutputTransactionTests {
    static func variant(_ name: String) -> Variant {
        Variant(name: name, relativePath: name + ".png", fileName: name + ".png", scale: 1, tall: false,
                pointSize: PointSize(width: 1, height: 1), pixelWidth: 1, pixelHeight: 1,
                source: ResolvedSource(path: name.lowercased() + ".png", kind: .png, page: 1),
                contentSize: PointSize(width: 1, height: 1), placement: Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0),
                origin: .manifest(SourceLocation(line: 1, column: 1)))
    }

    /// Commits one file per name with `content` as its bytes.
    static func commit(_ files: [String: String], into root: String, writer: any TreeWriter = LiveTreeWriter()) throws(OutputError) {
        let transaction = try OutputTransaction(root: root, writer: writer)
        let variants = files.keys.sorted().map(variant)
        let plan = BuildPlan(inputPath: "assets.json", variants: variants, bundles: [],
                             infoPlist: InfoPlistRequest(devices: [.iphone], targetsLegacyOS: false, iconName: "AppIcon", launchBasename: nil),
                             budget: nil, warnings: [])
        var outputs: [PlannedOutput] = []
        for (index, variant) in variants.enumerated() {
            let content = files[variant.name]!
            let staged = try transaction.stage(Array(content.utf8), sha256: "sha-" + content, for: variant, index: index)
            outputs.append(PlannedOutput(key: "key-" + content, content: .staged(staged)))
        }
        _ = try transaction.commit(plan, outputs: outputs, sources: [:], budgetLocation: "assets.json")
    }

    /// Every file under `root` but the lock, with its bytes.
    static func tree(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = URL(fileURLWithPath: root)
        for case let url as URL in FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])! {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let relative = String(url.path.dropFirst(base.path.count + 1))
            if relative != ".assetc/lock" { files[relative] = try Data(contentsOf: url) }
        }
        return files
    }

    @Test(arguments: ["Resources/A.png", "Resources/C.png", "asset-index.json", ".assetc/state.json"])
    func aFailedChangeLeavesTheEarlierTree(failing: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-transaction-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.commit(["A": "a1", "B": "b1"], into: root)
        let earlier = try Self.tree(root)
        #expect(earlier["Resources/A.png"] == Data("a1".utf8) && earlier["asset-index.json"] != nil)

        #expect(throws: OutputError.self, "\(failing)") {
            try Self.commit(["A": "a2", "C": "c2"], into: root, writer: FailingWriter(failing: failing))
        }
        let after = try Self.tree(root)
        let changed = Set(after.keys).union(earlier.keys).filter { after[$0] != earlier[$0] }.sorted()
        #expect(changed.isEmpty, "changed after \(failing) failed: \(changed)")

        try Self.commit(["A": "a2", "C": "c2"], into: root)
        let now = try Self.tree(root)
        #expect(now["Resources/A.png"] == Data("a2".utf8) && now["Resources/C.png"] == Data("c2".utf8))
        #expect(now["Resources/B.png"] == nil && now[".assetc/journal"] == nil)
    }
}
