import Foundation
import Testing
import TestSupport

/// The actool mode places its files as one step (ActoolPlacement): a run killed with SIGKILL
/// between two renames — here two new icons moved in and the new car moved over the old one, the
/// plist not yet — is undone by the next run into the same `--compile`, before it checks or places
/// anything. The fault is injected with `ASSETC_TEST_KILL_AFTER_RENAME`, which nothing sets in use.
@Suite struct ActoolPlacementTests {
    @Test func aRunKilledBetweenRenamesIsUndoneByTheNextRun() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let out = work.appendingPathComponent("out")
        let temporary = work.appendingPathComponent("tmp")
        for folder in [out, temporary] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let plist = work.appendingPathComponent("partial.plist").path
        // Private work folders (no cache), in a TMPDIR of the test's own.
        let environment = ["TMPDIR": temporary.path, "ASSETC_CACHE_DIR": "none"]
        // The earlier run: the catalog without its app icon, so the next run adds a file and replaces another.
        let first = try Harness.assetc(ActoolOutputPathTests.actool(catalog, into: out.path, icon: false) + ["--output-partial-info-plist", plist],
                                       in: work, environment: environment)
        try #require(first.status == 0, "\(first.stdout)")
        let earlier = try ActoolOutputPathTests.snapshot(out)
        let earlierPlist = try Data(contentsOf: URL(fileURLWithPath: plist))
        #expect(earlier.keys.sorted() == ["Assets.car"])

        let withIcon = ActoolOutputPathTests.actool(catalog, into: out.path) + ["--output-partial-info-plist", plist]
        var killing = environment
        killing["ASSETC_TEST_KILL_AFTER_RENAME"] = "2"
        let killed = try Harness.assetc(withIcon, in: work, environment: killing)
        #expect(killed.signaled && killed.status == SIGKILL, "ended by \(killed.signaled ? "signal" : "exit") \(killed.status): \(killed.stdout)")
        // What the kill left: the new icon and car in place, the plist's temporary, the journal,
        // the old car set aside, and the private work folder.
        let left = Harness.files(under: out)
        #expect(left.contains("AppIcon60x60@2x.png") && left.contains(".assetc-actool-journal"), "\(left)")
        #expect(left.contains { $0.hasPrefix("Assets.car.assetc-") && $0.hasSuffix(".bak") }, "\(left)")
        #expect(try Data(contentsOf: out.appendingPathComponent("Assets.car")) != earlier["Assets.car"], "the kill came after the car was replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).contains { $0.hasPrefix("assetc-actool-") })

        // The next run is refused before it places anything (its dependency file is an input), so
        // what the folder holds afterwards is the recovery's work alone.
        let refused = try Harness.assetc(withIcon + ["--export-dependency-info", catalog.appendingPathComponent("Contents.json").path],
                                         in: work, environment: environment)
        #expect(refused.status == 1 && refused.stdout.contains("inside an input of this run"), "\(refused.stdout)")
        #expect(try ActoolOutputPathTests.snapshot(out) == earlier, "the earlier --compile folder, byte for byte, and nothing else")
        #expect(try Data(contentsOf: URL(fileURLWithPath: plist)) == earlierPlist, "the earlier plist")
        #expect(!Harness.files(under: work).contains { $0.contains(".assetc-") }, "no temporary, backup or journal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "the killed run's work folder is gone")

        // And a run that goes through places the new files.
        let again = try Harness.assetc(withIcon, in: work, environment: environment)
        #expect(again.status == 0, "\(again.stdout)")
        #expect(Set(Harness.files(under: out)) == ["Assets.car", "AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png"])
    }
}
