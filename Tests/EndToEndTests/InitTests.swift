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
                           ("focus-icon@3x.png", "photo@3x.png"),
                           // Loose app icons and launch images of the pre-catalog kind: kept apart, named.
                           ("focus-icon@3x.png", "Icon-60@3x.png"), ("focus-icon@3x.png", "Default-568h@2x.png")] {
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
        #expect(run.stderr.contains("design/art/Default-568h@2x.png: note: left out with design/art/Icon-60@3x.png: app icon and launch image PNGs are not images"),
                "\(run.stderr)")
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

    /// A repository with its macOS app, a widget and a share extension beside the app: only the
    /// app's catalog goes into the manifest (by the nearest Info.plist, else the folder's name), the
    /// others are named as left out; the manifest passes `check --werror` (their sets no longer
    /// clash with the app's). A catalog already broken in the repository is reported by `init`,
    /// which says `check` fails until it is fixed.
    @Test func otherProductsCatalogsAreLeftOutAndBrokenArtIsSaid() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let real = Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/CWA")
        for folder in ["iOS/Resources", "Mac/Resources", "Widget", "ShareToApp"] {
            let catalog = work.appendingPathComponent("\(folder)/Assets.xcassets")
            try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
            // The same set in each: put in one bundle, every copy would clash with the app's.
            try FileManager.default.copyItem(at: real.appendingPathComponent("flag.at.imageset"), to: catalog.appendingPathComponent("flag.at.imageset"))
        }
        try #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSExtension</key><dict/></dict></plist>"#
            .write(to: work.appendingPathComponent("ShareToApp/Info.plist"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["init"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote assets.json with 0 images and 1 catalog"), "\(run.stderr)")
        for (path, what) in [("Mac/Resources/Assets.xcassets", "a macOS app"), ("Widget/Assets.xcassets", "an app extension"),
                             ("ShareToApp/Assets.xcassets", "an app extension")] {
            #expect(run.stderr.contains("\(path): note: left out: the catalog of \(what)"), "\(path): \(run.stderr)")
        }
        let text = try String(contentsOf: work.appendingPathComponent("assets.json"), encoding: .utf8)
        #expect(text.contains("iOS/Resources/Assets.xcassets") && !text.contains("Mac/") && !text.contains("Widget") && !text.contains("ShareToApp"), "\(text)")
        let check = try Harness.assetc(["check", "--werror"], in: work)
        #expect(check.status == 0, "\(check.stderr)")

        // The app's catalog names a file the repository lost.
        try FileManager.default.removeItem(at: work.appendingPathComponent("iOS/Resources/Assets.xcassets/flag.at.imageset/Flags - Austria.pdf"))
        let broken = try Harness.assetc(["init", "--force"], in: work)
        #expect(broken.status == 0, "\(broken.stderr)")
        #expect(broken.stderr.contains("flag.at.imageset/Contents.json:3:5: error: The file \"Flags - Austria.pdf\" for the image set \"flag.at\" does not exist."), "\(broken.stderr)")
        #expect(broken.stderr.contains("`assetc check assets.json` fails until the 1 problem above in the artwork is fixed"), "\(broken.stderr)")
        #expect(try Harness.assetc(["check"], in: work).status == 1)
    }

    /// An Icon Composer bundle is the app's icon, as in Xcode 26: `appIcon.source`, and its layer
    /// files are not taken for images; the manifest checks.
    @Test func anIconComposerBundleIsTheAppIcon() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/KeepingYouAwake.icon"),
                                         to: work.appendingPathComponent("App/AppIcon.icon"))
        let run = try Harness.assetc(["init"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("App/AppIcon.icon: note: the app icon: an Icon Composer icon"), "\(run.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("assets.json"))) as? [String: Any])
        #expect((manifest["appIcon"] as? [String: String])?["source"] == "App/AppIcon.icon")
        #expect((manifest["images"] as? [Any])?.isEmpty == true, "the layer SVG is not an image")
        let check = try Harness.assetc(["check", "assets.json"], in: work)
        #expect(check.status == 0 && check.stderr.contains("is valid (18 variants)"), "\(check.stderr)")
    }

}
