import Foundation
import Testing

/// `assetc init` on a folder of artwork: a manifest `assetc check` accepts as written.
@Suite struct InitTests {
    @Test func aStartingManifestThatChecks() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let art = work.appendingPathComponent("design/art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        let fixtures = Harness.fixtures.appendingPathComponent("art")
        for (from, to) in [("star-fill.pdf", "star-fill.pdf"), ("cleanup.pdf", "Clean Up.pdf"), ("feedly.pdf", "logo.v2@2x~ipad.pdf"),
                           ("focus-icon@3x.png", "photo@3x.png")] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(from), to: art.appendingPathComponent(to))
        }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("design/Real.xcassets"))
        // The one set that names files its snapshot lacks (Fixtures/LICENSES.md): `check` fails on it.
        try FileManager.default.removeItem(at: work.appendingPathComponent("design/Real.xcassets/CWA/Illu_Europe_Card.imageset"))
        // Build products are not artwork.
        try FileManager.default.createDirectory(at: work.appendingPathComponent("build/assets/Resources"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("cleanup.pdf"),
                                         to: work.appendingPathComponent("build/assets/Resources/old.pdf"))

        let run = try Harness.assetc(["init"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote assets.json with 4 images and 1 catalog"), "\(run.stderr)")
        let text = try String(contentsOf: work.appendingPathComponent("assets.json"), encoding: .utf8)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let images = try #require(manifest["images"] as? [[String: Any]])
        #expect(images.map { $0["name"] as? String } == ["Clean Up", "logo_v2", "photo", "star-fill"])
        #expect(images.first { $0["name"] as? String == "photo" }?["scales"] as? [Int] == [1, 2, 3])
        #expect((manifest["catalogs"] as? [[String: String]])?.map { $0["path"] } == ["design/Real.xcassets"])
        #expect(!text.contains("old.pdf"))

        let check = try Harness.assetc(["check", "assets.json"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        let again = try Harness.assetc(["init"], in: work)
        #expect(again.status == 1 && again.stderr.contains("assets.json: error: already exists; pass --force to replace it"))
        #expect(try Harness.assetc(["init", "--force"], in: work).status == 0)
    }

    /// `-o` in a subfolder: the artwork is looked for in the manifest's folder and its paths are
    /// relative to it, as manifest paths are read (they were relative to the working folder, and
    /// `check` failed); an earlier build's output folder is not artwork, whatever its name.
    @Test func aManifestInASubfolderChecksAndSkipsEarlierOutputs() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let folder = work.appendingPathComponent("Sources/AppAssets")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"),
                                         to: folder.appendingPathComponent("art/star-fill.pdf"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/cleanup.pdf"),
                                         to: work.appendingPathComponent("elsewhere.pdf"))
        let run = try Harness.assetc(["init", "-o", "Sources/AppAssets/assets.json"], in: work)
        #expect(run.status == 0 && run.stderr.contains("with 1 image"), "\(run.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("assets.json"), encoding: .utf8)
        #expect(text.contains("\"art/star-fill.pdf\"") && !text.contains("elsewhere"), "\(text)")
        let check = try Harness.assetc(["check", "Sources/AppAssets/assets.json"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        // Build into a folder not named build; init again does not take its PNGs for artwork.
        let build = try Harness.assetc(["build", "Sources/AppAssets/assets.json", "--output", "Sources/AppAssets/out"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let again = try Harness.assetc(["init", "-o", "Sources/AppAssets/assets.json", "--force"], in: work)
        #expect(again.status == 0 && again.stderr.contains("with 1 image"), "\(again.stderr)")
    }
}
