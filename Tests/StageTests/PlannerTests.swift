import TestSupport
import Testing
@testable import AssetModel
@testable import Planning
import CatalogInput

/// Page sizes and raster headers from a table, so planning is tested without files.
struct TableInspector: SourceInspecting {
    var sources: [String: SourceInfo]
    /// Text files (Contents.json) by path.
    var texts: [String: String] = [:]
    /// Sources with transparent pixels.
    var translucent: Set<String> = []
    /// PNGs that declare an alpha channel (whatever their pixels hold).
    var alphaChannel: Set<String> = []

    func hasAlphaChannel(path: String) throws(SourceError) -> Bool { alphaChannel.contains(path) || translucent.contains(path) }

    func inspect(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) throws(SourceError) -> SourceInfo {
        guard let info = sources[path] else { throw .file(FileError(.read, path: path, reason: .missing)) }
        return info
    }

    /// The manifest's sets read as the input stage reads them, from the table's texts.
    func slotSets(for manifest: Manifest, catalogs: [CatalogContents] = []) -> CatalogSlotSets {
        let table = self
        let files = SlotSetReader.Files(
            read: { path throws(FileError) in
                guard let text = table.texts[path] else { throw FileError(.read, path: path, reason: .missing) }
                return Array(text.utf8)
            },
            list: { table.entries(ofFolder: $0) })
        return SlotSetReader.read(SlotSetReader.paths(for: BuildRequest(manifest), catalogs: catalogs), files: files).sets
    }

    func isOpaque(path: String, kind: ResolvedSource.Kind, page: Int) throws(SourceError) -> Bool {
        !translucent.contains(path)
    }

    /// A folder's entries: the table's files directly inside it.
    func entries(ofFolder path: String) -> [String]? {
        let prefix = path + "/"
        let names = Set((Array(sources.keys) + Array(texts.keys)).filter { $0.hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)) }.filter { !$0.contains("/") })
        return names.isEmpty ? nil : names.sorted()
    }
}

func pdf(_ width: Double, _ height: Double, pages: Int = 1) -> SourceInfo {
    var sizes: [Int: PointSize] = [:]
    for page in 1...pages { sizes[page] = PointSize(width: width, height: height) }
    return .pdf(pageCount: pages, pageSizes: sizes)
}

func plan(_ text: String, _ sources: [String: SourceInfo]) -> Result<BuildPlan, InputError> {
    plan(text, TableInspector(sources: sources))
}

func plan(_ text: String, _ inspector: TableInspector) -> Result<BuildPlan, InputError> {
    decodeManifest(text).flatMap { decoded in
        Result { () throws(InputError) in
            try Planner(inspector: inspector).plan(BuildRequest(decoded.manifest), slotSets: inspector.slotSets(for: decoded.manifest))
        }
    }
}

func summary(_ plan: BuildPlan) -> [String] {
    plan.variants.map { "\($0.relativePath) \($0.pixelWidth)x\($0.pixelHeight)" }
}

@Suite struct PlannerTests {
    @Test func pageSizeVariantsRoundHalfAwayFromZero() throws {
        let result = try plan(#"{"version": 1, "scales": [1, 2, 3], "images": [{"name": "Star", "source": "star.pdf"}]}"#,
                              ["star.pdf": pdf(55.6016, 58.7812)]).get()
        #expect(summary(result) == ["Star.png 56x59", "Star@2x.png 111x118", "Star@3x.png 167x176"])
        #expect(result.variants[1].pointSize == PointSize(width: 55.6016, height: 58.7812))
        // The page fills the pixel rectangle exactly.
        #expect(result.variants[2].placement.scaleX == 167 / 55.6016)
        #expect(result.variants[2].placement.scaleY == 176 / 58.7812)
    }

    @Test func pixelsAreAtLeastOneAndHalvesGoUp() {
        #expect(FileNaming.pixels(0.2, scale: 1) == 1)
        #expect(FileNaming.pixels(20.5, scale: 1) == 21)
        #expect(FileNaming.pixels(11.25, scale: 2) == 23)  // 22.5 rounds away from zero
        #expect(FileNaming.pixels(83.5, scale: 2) == 167)
    }

    @Test func namesFollowApplesModifierOrder() {
        #expect(FileNaming.fileName(base: "Name", scale: 2, idiom: .ipad) == "Name@2x~ipad.png")
        #expect(FileNaming.fileName(base: "Name", scale: 1, idiom: .iphone) == "Name~iphone.png")
        #expect(FileNaming.fileName(base: "Default", tall: true, scale: 2, idiom: nil) == "Default-568h@2x.png")
        #expect(FileNaming.fileName(base: "Bg", tall: true, scale: 2, idiom: .iphone) == "Bg-568h@2x~iphone.png")
    }

    @Test func explicitSizeWithEachFit() throws {
        let text = """
        {"version": 1, "scales": [2], "images": [
          {"name": "Contain", "source": "wide.pdf", "size": [100, 100]},
          {"name": "Fill", "source": "wide.pdf", "size": [100, 100], "fit": "fill"},
          {"name": "Stretch", "source": "wide.pdf", "size": [100, 100], "fit": "stretch"}]}
        """
        let result = try plan(text, ["wide.pdf": pdf(200, 100)]).get()
        #expect(summary(result) == ["Contain@2x.png 200x200", "Fill@2x.png 200x200", "Stretch@2x.png 200x200"])
        let contain = result.variants[0].placement, fill = result.variants[1].placement, stretch = result.variants[2].placement
        #expect(contain == Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 50))
        #expect(fill == Placement(scaleX: 2, scaleY: 2, offsetX: -100, offsetY: 0))
        #expect(stretch == Placement(scaleX: 1, scaleY: 2, offsetX: 0, offsetY: 0))
        #expect(!contain.covers(content: PointSize(width: 200, height: 100), width: 200, height: 200))
        #expect(fill.covers(content: PointSize(width: 200, height: 100), width: 200, height: 200))
    }

    @Test func tallVariantIsEightyEightPointsTallerAtTwoX() throws {
        let text = #"{"version": 1, "images": [{"name": "Background", "source": "bg.pdf", "size": [320, 480], "fit": "fill", "tall": true}]}"#
        let result = try plan(text, ["bg.pdf": pdf(375, 229)]).get()
        #expect(summary(result) == ["Background.png 320x480", "Background@2x.png 640x960", "Background-568h@2x.png 640x1136"])
        let tall = result.variants[2]
        #expect(tall.tall && tall.scale == 2 && tall.pointSize == PointSize(width: 320, height: 568))
        #expect(tall.placement.covers(content: PointSize(width: 375, height: 229), width: 640, height: 1136))
    }

    @Test func tallWithoutSizeUsesThePageSizePlus88() throws {
        let text = #"{"version": 1, "scales": [1], "images": [{"name": "Bg", "source": "bg.pdf", "tall": true}]}"#
        #expect(summary(try plan(text, ["bg.pdf": pdf(320, 480)]).get()) == ["Bg.png 320x480", "Bg-568h@2x.png 640x1136"])
        let own = #"{"version": 1, "scales": [1], "images": [{"name": "Bg", "source": "bg.pdf", "tall": {"source": "t.pdf"}}]}"#
        #expect(summary(try plan(own, ["bg.pdf": pdf(320, 480), "t.pdf": pdf(320, 568)]).get())
                == ["Bg.png 320x480", "Bg-568h@2x.png 640x1136"])
    }

    @Test func idiomsGetTheirOwnSizesSourcesAndBundlesGetFolders() throws {
        let text = """
        {"version": 1, "bundles": [{"name": "Shop", "path": "Shop.bundle"}], "images": [
          {"name": "Logo", "source": "logo.pdf", "idioms": {"iphone": {}, "ipad": {"source": "big.pdf", "scales": [1, 2]}}, "tall": true},
          {"name": "Card", "source": "logo.pdf", "bundle": "Shop", "scales": [3]}]}
        """
        let result = try plan(text, ["logo.pdf": pdf(10, 20), "big.pdf": pdf(30, 40)]).get()
        #expect(summary(result) == [
            "Logo~iphone.png 10x20", "Logo@2x~iphone.png 20x40", "Logo-568h@2x~iphone.png 20x216",
            "Logo~ipad.png 30x40", "Logo@2x~ipad.png 60x80", "Shop.bundle/Card@3x.png 30x60",
        ])
        #expect(result.variants.map(\.idiom) == [.iphone, .iphone, .iphone, .ipad, .ipad, nil])
    }

    @Test func rasterSourcesDownscaleButNeverUpscale() throws {
        let ok = #"{"version": 1, "images": [{"name": "Photo", "source": "photo@2x.png"}]}"#
        let result = try plan(ok, ["photo@2x.png": .png(width: 120, height: 80, scale: 2, interlaced: false)]).get()
        #expect(summary(result) == ["Photo.png 60x40", "Photo@2x.png 120x80"])
        #expect(result.variants[0].placement.scaleX == 0.5)

        let up = #"{"version": 1, "scales": [1, 2, 3], "images": [{"name": "Photo", "source": "photo@2x.png"}]}"#
        guard case .failure(let failure) = plan(up, ["photo@2x.png": .png(width: 120, height: 80, scale: 2, interlaced: false)])
        else { Issue.record("upscaling accepted"); return }
        #expect(failure.diagnostics.contains { $0.message.contains("is above 'photo@2x.png', an @2x raster") })

        let odd = #"{"version": 1, "scales": [1], "images": [{"name": "Photo", "source": "photo@2x.png"}]}"#
        guard case .failure(let oddFailure) = plan(odd, ["photo@2x.png": .png(width: 121, height: 80, scale: 2, interlaced: false)])
        else { Issue.record("fractional points accepted"); return }
        #expect(oddFailure.diagnostics.first?.message.contains("must come out whole") == true)
        #expect(oddFailure.diagnostics.first?.path == "photo@2x.png")
    }

    @Test func declaredScaleComesFromTheFileName() {
        #expect(declaredScale(ofFileName: "art/photo@2x.png") == 2)
        #expect(declaredScale(ofFileName: "photo@3x~ipad.png") == 3)
        #expect(declaredScale(ofFileName: "photo.png") == 1)
        #expect(declaredScale(ofFileName: "dir@2x/photo.png") == 1)
    }

    @Test func sourceProblemsNameTheFileAndTheManifestLine() {
        let marked = MarkedText("{\"version\": 1,\n \"images\": [\n  {\"name\": \"A\", \"source\": 1️⃣\"missing.pdf\"},\n  {\"name\": \"B\", \"source\": \"doc.pdf\", \"page\": 3}\n]}")
        guard case .failure(let failure) = plan(marked.text, ["doc.pdf": pdf(10, 10, pages: 2)]) else {
            Issue.record("missing source accepted")
            return
        }
        let lines = failure.diagnostics.map(\.description)
        #expect(lines.contains("missing.pdf: error: cannot read file: No such file or directory"))
        #expect(lines.contains("assets.json:\(marked.position("1️⃣")): note: source referenced here"))
        #expect(lines.contains("doc.pdf: error: page 3 is out of range; the PDF has 2 pages"))
    }

    @Test func absurdSizesAreRefusedBeforeRendering() {
        let text = #"{"version": 1, "scales": [3], "images": [{"name": "Poster", "source": "poster.pdf"}]}"#
        guard case .failure(let failure) = plan(text, ["poster.pdf": pdf(9000, 9000)]) else {
            Issue.record("a 27000x27000 variant was planned")
            return
        }
        #expect(failure.diagnostics.first?.message.contains("more than the limit") == true)
    }

    @Test func unsupportedSourceTypesAreErrors() {
        let text = #"{"version": 1, "images": [{"name": "A", "source": "a.gif"}]}"#
        guard case .failure(let failure) = plan(text, [:]) else { Issue.record("gif accepted"); return }
        #expect(failure.diagnostics.first?.message == "source 'a.gif' is not a .pdf, .svg or .png file")
        let jpeg = #"{"version": 1, "images": [{"name": "A", "source": "a.jpg"}]}"#
        guard case .failure(let refused) = plan(jpeg, [:]) else { Issue.record("jpeg accepted"); return }
        #expect(refused.diagnostics.first?.message.contains("is a JPEG; manifest images take PDF, SVG or PNG") == true)
    }
}

@Suite struct DeviceAwareVariantTests {
    private func files(_ header: String) throws -> [String] {
        let text = #"{"version": 1, "#
            + header
            + #""images": [{"name": "U", "source": "u.pdf", "scales": [1, 2, 3]}, {"name": "I", "source": "u.pdf", "scales": [1, 2, 3], "idioms": ["iphone", "ipad"]}]}"#
        return try plan(text, ["u.pdf": pdf(10, 10)]).get().variants.map(\.relativePath).sorted()
    }

    @Test(arguments: [
        // Without both keys nothing is left out.
        (#""deploymentTarget": "7.0", "#, ["I@2x~ipad.png", "I@2x~iphone.png", "I@3x~ipad.png", "I@3x~iphone.png", "I~ipad.png", "I~iphone.png", "U.png", "U@2x.png", "U@3x.png"]),
        // iPhone and iPad at 7.0: no iPhone @1x, no @3x~ipad; universal @1x stays for the iPad 2.
        (#""devices": ["iphone", "ipad"], "deploymentTarget": "7.0", "#, ["I@2x~ipad.png", "I@2x~iphone.png", "I@3x~iphone.png", "I~ipad.png", "U.png", "U@2x.png", "U@3x.png"]),
        // At 10.0 no device loads @1x at all.
        (#""devices": ["iphone", "ipad"], "deploymentTarget": "10.0", "#, ["I@2x~ipad.png", "I@2x~iphone.png", "I@3x~iphone.png", "U@2x.png", "U@3x.png"]),
        // iPad only: no iPhone variants, no @3x.
        (#""devices": ["ipad"], "deploymentTarget": "9.0", "#, ["I@2x~ipad.png", "I~ipad.png", "U.png", "U@2x.png"]),
        // iPhone at 6.1 still has non-Retina devices.
        (#""devices": ["iphone"], "deploymentTarget": "6.1", "#, ["I@2x~iphone.png", "I@3x~iphone.png", "I~iphone.png", "U.png", "U@2x.png", "U@3x.png"]),
    ])
    func leavesOutWhatNoSupportedDeviceLoads(header: String, expected: [String]) throws {
        let found = try files(header)
        #expect(found == expected.sorted(), "\(found)")
    }
}
