import AssetKit
import AssetPlatform
import Rendering
import Foundation
import Testing

/// Runs the real binary on `Tests/Fixtures/full`, which uses every manifest option.
@Suite(.serialized) struct BuildTests {
    static let expected: [String: (pixels: [Int], scale: Int, idiom: String, tall: Bool)] = [
        "Star.png": ([56, 59], 1, "universal", false),
        "Star@2x.png": ([111, 118], 2, "universal", false),
        "Star@3x.png": ([167, 176], 3, "universal", false),
        "Certificate.png": ([21, 21], 1, "universal", false),
        "Certificate@2x.png": ([42, 42], 2, "universal", false),
        "Header.png": ([320, 44], 1, "universal", false),
        "Header@2x.png": ([640, 88], 2, "universal", false),
        "Header@3x.png": ([960, 132], 3, "universal", false),
        "Background.png": ([320, 480], 1, "universal", false),
        "Background@2x.png": ([640, 960], 2, "universal", false),
        "Background-568h@2x.png": ([640, 1136], 2, "universal", true),
        "Banner.png": ([300, 100], 1, "universal", false),
        "Banner@2x.png": ([600, 200], 2, "universal", false),
        "Logo~iphone.png": ([149, 113], 1, "iphone", false),
        "Logo@2x~iphone.png": ([298, 226], 2, "iphone", false),
        "Logo~ipad.png": ([149, 113], 1, "ipad", false),
        "Logo@2x~ipad.png": ([298, 226], 2, "ipad", false),
        "Result~iphone.png": ([90, 112], 1, "iphone", false),
        "Result@2x~iphone.png": ([180, 224], 2, "iphone", false),
        "Result-568h@2x~iphone.png": ([640, 1136], 2, "iphone", true),
        "Result~ipad.png": ([120, 100], 1, "ipad", false),
        "Result@2x~ipad.png": ([240, 200], 2, "ipad", false),
        "Checkout.bundle/Card.png": ([21, 21], 1, "universal", false),
        "Checkout.bundle/Card@2x.png": ([42, 42], 2, "universal", false),
        "Checkout.bundle/Star@2x.png": ([111, 118], 2, "universal", false),
        "Photo.png": ([60, 60], 1, "universal", false),
        "Photo@2x.png": ([120, 120], 2, "universal", false),
        "Photo@3x.png": ([180, 180], 3, "universal", false),
    ]

    /// Variants whose page fills the whole pixel rectangle (no size, or `stretch`): source and page.
    static let filledByPage: [String: (source: String, page: Int)] = [
        "Star.png": ("star-fill.pdf", 1), "Star@2x.png": ("star-fill.pdf", 1), "Star@3x.png": ("star-fill.pdf", 1),
        "Certificate.png": ("certificate.pdf", 1), "Certificate@2x.png": ("certificate.pdf", 1),
        "Banner.png": ("registration.pdf", 1), "Banner@2x.png": ("registration.pdf", 1),
        "Logo~iphone.png": ("cleanup.pdf", 1), "Logo@2x~ipad.png": ("cleanup.pdf", 1),
        "Result~iphone.png": ("two-pages.pdf", 2), "Result@2x~iphone.png": ("two-pages.pdf", 2),
        "Checkout.bundle/Card@2x.png": ("two-pages.pdf", 1), "Checkout.bundle/Star@2x.png": ("star-fill.pdf", 1),
    ]

    private func buildFixture(_ arguments: [String] = []) throws -> (URL, Harness.Run) {
        let work = try Harness.temporaryDirectory()
        try Harness.copyFixtures(to: work)
        let run = try Harness.assetc(["build", "full/assets.json"] + arguments, in: work)
        return (work, run)
    }

    @Test func writesEveryVariantWithApplesNamesExactSizesAndAnIndex() throws {
        let (work, run) = try buildFixture()
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("28 variants (28 rendered"), "\(run.stderr)")
        let output = work.appendingPathComponent("full/out")
        let resources = output.appendingPathComponent("Resources")
        // Nothing but the variants and the runtime table in Resources/.
        #expect(Harness.files(under: resources) == (Self.expected.keys + ["asset-table.json"]).sorted())
        let index = try readIndex(output.appendingPathComponent("asset-index.json"))
        #expect(index.map(\.file) == Self.expected.keys.sorted())
        for entry in index {
            let expected = try #require(Self.expected[entry.file])
            #expect(entry.pixels == expected.pixels, "\(entry.file)")
            #expect(entry.scale == expected.scale && entry.idiom == expected.idiom && entry.tall == expected.tall, "\(entry.file)")
            #expect(entry.bundle == (entry.file.hasPrefix("Checkout.bundle/") ? "Checkout" : "main"))
            let bytes = try Harness.read(resources.appendingPathComponent(entry.file))
            #expect(bytes.count == entry.bytes && sha256Hex(bytes) == entry.sha256, "\(entry.file)")
            let decoded = try PNGCodec.decode(bytes)
            #expect([decoded.header.width, decoded.header.height] == expected.pixels, "\(entry.file)")
            #expect(!decoded.header.interlaced && decoded.header.bitDepth <= 8, "\(entry.file)")
            #expect(abs(entry.points[0] * Double(entry.scale) - Double(entry.pixels[0])) <= 0.5, "\(entry.file)")
            #expect(abs(entry.points[1] * Double(entry.scale) - Double(entry.pixels[1])) <= 0.5, "\(entry.file)")
        }
        let background = try #require(index.first { $0.file == "Background-568h@2x.png" })
        #expect(background.points == [320, 568])
    }

    @Test func pixelsMatchPdftocairoWhereThePageFillsTheVariant() throws {
        let pdftocairo = ["/usr/bin/pdftocairo", "/usr/local/bin/pdftocairo"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let reference = try #require(pdftocairo, "pdftocairo (poppler-utils) is needed as the reference renderer; `make test` installs it")
        let (work, run) = try buildFixture()
        defer { Harness.removeTemporary(work) }
        #expect(run.status == 0, "\(run.stderr)")
        let resources = work.appendingPathComponent("full/out/Resources")
        for (file, source) in Self.filledByPage.sorted(by: { $0.key < $1.key }) {
            let ours = try PNGCodec.decode(try Harness.read(resources.appendingPathComponent(file))).image
            let prefix = work.appendingPathComponent("ref-\(file.replacingOccurrences(of: "/", with: "_"))").path
            // -scale-to-x/-y can round a fractional page up by one pixel; crop the reference to the
            // exact size (-x 0 -y 0 -W -H) so both images cover the same rectangle.
            let args = ["-png", "-transp", "-singlefile", "-f", "\(source.page)", "-l", "\(source.page)",
                        "-scale-to-x", "\(ours.width)", "-scale-to-y", "\(ours.height)",
                        "-x", "0", "-y", "0", "-W", "\(ours.width)", "-H", "\(ours.height)",
                        work.appendingPathComponent("art/\(source.source)").path, prefix]
            let result = try Harness.run(reference, args)
            #expect(result.status == 0, "\(result.stderr)")
            let theirs = try PNGCodec.decode(try Harness.read(URL(fileURLWithPath: prefix + ".png"))).image
            try #require(theirs.width == ours.width && theirs.height == ours.height,
                         "\(file): reference is \(theirs.width)x\(theirs.height), ours \(ours.width)x\(ours.height)")
            let difference = meanPremultipliedDifference(ours, theirs)
            #expect(difference <= 2, "\(file): mean difference \(difference)/255")
        }
    }

    /// At every effort: `max` compresses with runflate or libdeflate 12 per image, on whichever
    /// render thread takes it.
    @Test(arguments: ["default", "max"])
    func cleanBuildsAreByteIdenticalAcrossJobCounts(effort: String) throws {
        let (first, runA) = try buildFixture(["--jobs", "1", "--png-effort", effort])
        defer { Harness.removeTemporary(first) }
        let (second, runB) = try buildFixture(["--jobs", "2", "--png-effort", effort])
        defer { Harness.removeTemporary(second) }
        #expect(runA.status == 0 && runB.status == 0)
        let a = first.appendingPathComponent("full/out"), b = second.appendingPathComponent("full/out")
        // Build state (.assetc/) holds file-system metadata such as inode numbers, so it is compared
        // by presence only; everything an app or a build system consumes must be byte-identical.
        let files = Harness.files(under: a).filter { !$0.hasPrefix(".assetc/") }
        #expect(files == Harness.files(under: b).filter { !$0.hasPrefix(".assetc/") })
        #expect(files.contains("asset-index.json") && files.contains("partial-Info.plist"))
        #expect(FileManager.default.fileExists(atPath: a.appendingPathComponent(".assetc/state.json").path))
        for file in files {
            #expect(try Harness.read(a.appendingPathComponent(file)) == Harness.read(b.appendingPathComponent(file)),
                    "\(file) differs between clean builds")
        }
    }

    @Test func rebuildSkipsUpToDateVariantsAndRerendersOnlyAChangedSource() throws {
        let (work, first) = try buildFixture()
        defer { Harness.removeTemporary(work) }
        #expect(first.status == 0)
        let again = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(again.stderr.contains("28 variants (0 rendered, 28 up to date)"), "\(again.stderr)")
        // Replace the star artwork: only Star's four variants are rendered again.
        let star = work.appendingPathComponent("art/star-fill.pdf")
        try FileManager.default.removeItem(at: star)
        try FileManager.default.copyItem(at: work.appendingPathComponent("art/certificate.pdf"), to: star)
        let changed = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stderr.contains("28 variants (4 rendered, 24 up to date)"), "\(changed.stderr)")
        let forced = try Harness.assetc(["build", "full/assets.json", "--force"], in: work)
        #expect(forced.stderr.contains("28 variants (28 rendered, 0 up to date)"), "\(forced.stderr)")
    }

    @Test func noOpRebuildTrustsUnchangedFileMetadataAndRehashesWhenItChanges() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        // Sources modified in the last seconds are never trusted by metadata (they could change again
        // within one timestamp tick), so age them first.
        let art = work.appendingPathComponent("art")
        let anHourAgo = Date(timeIntervalSinceNow: -3600)
        for name in try FileManager.default.contentsOfDirectory(atPath: art.path) {
            try FileManager.default.setAttributes([.modificationDate: anHourAgo],
                                                  ofItemAtPath: art.appendingPathComponent(name).path)
        }
        let first = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        let state = try String(contentsOf: work.appendingPathComponent("full/out/.assetc/state.json"), encoding: .utf8)
        #expect(state.contains("star-fill.pdf") && state.contains("\"pageSizes\""), "sources not recorded")

        // Same size, inode and mtime but different bytes: the fast path does not open the file.
        let star = art.appendingPathComponent("star-fill.pdf")
        let size = try Harness.read(star).count
        let handle = try FileHandle(forWritingTo: star)
        try handle.write(contentsOf: Data(repeating: 0x20, count: size))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: star.path)
        let trusted = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stderr.contains("28 variants (0 rendered, 28 up to date)"), "\(trusted.stderr)")

        // A new mtime makes it read and hash the file again, which now fails naming the file.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: star.path)
        let rehashed = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(rehashed.status == 1, "\(rehashed.stderr)")
        #expect(rehashed.stderr.contains("star-fill.pdf"), "\(rehashed.stderr)")

        // Touching a file without changing its bytes re-hashes it and renders nothing.
        let certificate = art.appendingPathComponent("certificate.pdf")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: certificate.path)
        try FileManager.default.removeItem(at: star)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"), to: star)
        let touched = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(touched.stderr.contains("28 variants (0 rendered, 28 up to date)"), "\(touched.stderr)")
    }

    @Test func removesItsOwnStaleOutputsButNeverForeignFiles() throws {
        let (work, first) = try buildFixture()
        defer { Harness.removeTemporary(work) }
        #expect(first.status == 0)
        let resources = work.appendingPathComponent("full/out/Resources")
        let foreign = resources.appendingPathComponent("Checkout.bundle/Notes.txt")
        try Data("mine".utf8).write(to: foreign)
        let manifest = work.appendingPathComponent("full/assets.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: #"{ "name": "Card", "source": "../art/two-pages.pdf", "page": 1, "bundle": "Checkout" },"#, with: "")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "full/assets.json", "--verbose"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("removed Resources/Checkout.bundle/Card.png"))
        let files = Harness.files(under: resources)
        #expect(!files.contains("Checkout.bundle/Card.png") && !files.contains("Checkout.bundle/Card@2x.png"))
        #expect(files.contains("Checkout.bundle/Notes.txt"), "a file assetc did not write was removed")
    }

    @Test func failedBuildLeavesTheEarlierOutputsIntact() throws {
        let (work, first) = try buildFixture()
        defer { Harness.removeTemporary(work) }
        #expect(first.status == 0)
        let output = work.appendingPathComponent("full/out")
        let before = try Harness.tree(under: output, excluding: Harness.isLock)
        // Corrupt a source after planning can still read it: truncate the PDF body.
        let source = work.appendingPathComponent("art/registration.pdf")
        let bytes = try Harness.read(source)
        try Data(bytes.prefix(bytes.count / 3)).write(to: source)
        let run = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("registration.pdf: error:"), "\(run.stderr)")
        for (file, content) in before {
            #expect(try Harness.read(output.appendingPathComponent(file)) == content, "\(file) changed by a failed build")
        }
        #expect(Harness.files(under: output).filter { $0.contains("staging") }.isEmpty)
    }
}
