@testable import AssetKit
import AssetModel
import Rendering
import Foundation
import Testing

/// Real torture PDFs from public corpora (Tests/Fixtures/LICENSES.md), found by running 1,936 files
/// of pdf.js's, PDFium's and qpdf's test suites through `assetc build`. Each case: the error names
/// the file and stays within its budget (exit 1), the earlier tree is untouched, and what Poppler
/// complains about is never silence.
@Suite struct TorturePDFTests {
    /// A workspace with a finished build of a good image, then a manifest adding `file`.
    private func workspace(_ file: String, render: String, name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"),
                                         to: work.appendingPathComponent("star-fill.pdf"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("hostile/torture/" + file),
                                         to: work.appendingPathComponent(file))
        try #"{"version": 1, "output": "out", "images": [{"name": "Star", "source": "star-fill.pdf"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let first = try Harness.assetc(["build"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        try #"{"version": 1, "output": "out", "render": \#(render), "images": [{"name": "Star", "source": "star-fill.pdf"}, {"name": "T", "source": "\#(file)", "size": [64, 64]}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        return work
    }

    private func snapshot(_ output: URL) throws -> [String: [UInt8]] {
        try Harness.tree(under: output, excluding: Harness.isLock)
    }

    private func timed(_ arguments: [String], in work: URL) throws -> (Harness.Run, Double) {
        let start = Date()
        let run = try Harness.assetc(arguments, in: work)
        return (run, Date().timeIntervalSince(start))
    }

    /// qpdf's `shared-unnamed-field.pdf` (2.5 KB): a form whose field tree Poppler expands to 2^25
    /// paths while scanning fonts. Before planning read PDFs in supervised workers, `check` and
    /// `build` never finished and ignored SIGTERM.
    @Test func aFormTreeBombFailsCheckAndBuildWithinTheBudget() throws {
        let work = try workspace("shared-unnamed-field.pdf", render: #"{"timeoutSeconds": 2}"#)
        defer { Harness.removeTemporary(work) }
        let before = try snapshot(work.appendingPathComponent("out"))
        for command in ["check", "build"] {
            let (run, seconds) = try timed([command], in: work)
            #expect(!run.signaled && run.status == 1, "\(command): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("shared-unnamed-field.pdf: error: reading the PDF took longer than the limit of 2.0 s"), "\(run.stderr)")
            #expect(seconds < 20, "\(command) took \(seconds) s")
        }
        #expect(try snapshot(work.appendingPathComponent("out")) == before, "the earlier tree changed")
    }

    @Test(arguments: ["check", "build"])
    func sigtermWhilePlanningExitsFive(_ command: String) throws {
        let work = try workspace("shared-unnamed-field.pdf", render: #"{"timeoutSeconds": 600}"#)
        defer { Harness.removeTemporary(work) }
        let before = try snapshot(work.appendingPathComponent("out"))
        let stopped = try Harness.terminate([command], in: work, after: 1.5)
        #expect(stopped.wasRunning, "planning finished before the signal")
        #expect(stopped.exitedWithStatus == 5, "\(stopped.stderr)")
        #expect(stopped.seconds < 3, "exit took \(stopped.seconds) s after SIGTERM")
        #expect(try snapshot(work.appendingPathComponent("out")) == before, "the earlier tree changed")
        #expect(try Harness.renderWorkersLeft(in: work) == "0", "render workers left running")
    }

    /// pdf.js's `function_based_shading.pdf`: a shading Poppler takes minutes over.
    @Test func aSlowShadingHitsTheTimeBudget() throws {
        let work = try workspace("function_based_shading.pdf", render: #"{"timeoutSeconds": 2}"#)
        defer { Harness.removeTemporary(work) }
        let (run, seconds) = try timed(["build"], in: work)
        #expect(run.status == 1 && run.stderr.contains("function_based_shading.pdf: error: T@2x.png: rendering (page 1) took longer than the limit of 2.0 s"),
                "\(run.stderr)")
        #expect(seconds < 20, "took \(seconds) s")
    }

    /// pdf.js's `bomb_giant.pdf` (123 KB of JBIG2 that decompresses without bound), and its
    /// `ContentStreamCycleType3insideType3.pdf`, whose glyphs draw each other: before Poppler's
    /// messages were passed on, the second gave exit 0 and a mostly empty image.
    @Test(arguments: ["bomb_giant.pdf", "ContentStreamCycleType3insideType3.pdf"])
    func memoryExhaustionIsAnErrorNamingTheFile(_ file: String) throws {
        let work = try workspace(file, render: #"{"memoryMiB": 384, "timeoutSeconds": 60}"#)
        defer { Harness.removeTemporary(work) }
        let before = try snapshot(work.appendingPathComponent("out"))
        let run = try Harness.assetc(["build"], in: work)
        #expect(!run.signaled && run.status == 1, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("\(file): error: T") && run.stderr.contains("ran out of memory (limit 384 MiB per worker"), "\(run.stderr)")
        #expect(try snapshot(work.appendingPathComponent("out")) == before, "the earlier tree changed")
    }

    /// PDFium's `bug_325_a.pdf` (82 bytes, no usable cross-reference table): refused at planning,
    /// by the worker, with Poppler's reason.
    @Test func aDamagedFileIsRefusedAtPlanning() throws {
        let work = try workspace("bug_325_a.pdf", render: #"{"memoryMiB": 256}"#)
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["check"], in: work)
        #expect(run.status == 1 && run.stderr.contains("bug_325_a.pdf: error: PDF document is damaged"), "\(run.stderr)")
    }

    /// An SVG of 1.1 million elements: librsvg refuses it past a million, but parsing that far
    /// took 1.8 GB in the main process; planning now reads SVGs in the workers too.
    @Test func aHugeSVGIsReadUnderTheBudget() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"# + String(repeating: "<g/>", count: 1_100_000) + "</svg>"
        try svg.write(to: work.appendingPathComponent("many.svg"), atomically: true, encoding: .utf8)
        try #"{"version": 1, "output": "out", "images": [{"name": "Many", "source": "many.svg"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        for memory in ["256", "4096"] {
            let run = try Harness.assetc(["build", "--render-memory", memory], in: work)
            #expect(!run.signaled && run.status == 1, "\(memory): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("many.svg: error: "), "\(run.stderr)")
            #expect(!run.stderr.contains("Program crashed") && !run.stderr.contains("Backtrac"), "\(run.stderr)")
        }
    }

    /// What a worker printed becomes one line: distinct lines, no Swift crash report.
    @Test func printedTextIsSummarised() {
        #expect(WorkerPool.summary(ofPrinted: "memory allocation of 8 bytes failed\nx\nx\n\n*** Signal 6: Backtracing\n*** Program crashed") == "memory allocation of 8 bytes failed; x")
        #expect(WorkerPool.summary(ofPrinted: "a\nb\nc\nd") == "a; b; c; …")
    }

    /// A PDF drawn at three scales that makes the renderer complain the same way each time is one
    /// warning on the source naming the three files; another message, or another source, its own.
    @Test func aRendererComplaintIsSaidOncePerSourceAndMessage() {
        func variant(_ file: String, _ source: String) -> Variant {
            Variant(name: "Shield", relativePath: file, fileName: file, scale: 1, tall: false, pointSize: PointSize(width: 10, height: 10),
                    pixelWidth: 10, pixelHeight: 10, source: ResolvedSource(path: source, kind: .pdf, page: 1),
                    contentSize: PointSize(width: 10, height: 10), placement: Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0),
                    origin: .manifest(SourceLocation(line: 1, column: 1)))
        }
        let nan = "Poppler: Syntax Error (120): Bad number"
        let warnings = Pipeline.rendererWarnings([
            (variant("Shield.png", "shield.pdf"), nan), (variant("Shield@2x.png", "shield.pdf"), nan),
            (variant("Other.png", "other.pdf"), nan), (variant("Shield@3x.png", "shield.pdf"), nan),
            (variant("Shield@3x.png", "shield.pdf"), "Poppler: something else"),
        ])
        #expect(warnings.map(\.description) == [
            "shield.pdf: warning: Shield.png, Shield@2x.png, Shield@3x.png: the renderer reported problems; check the image: \(nan)",
            "other.pdf: warning: Other.png: the renderer reported problems; check the image: \(nan)",
            "shield.pdf: warning: Shield@3x.png: the renderer reported problems; check the image: Poppler: something else",
        ])
    }

    /// PDFium's `bug_603518.pdf`: a corrupt JPEG inside. The image is drawn, with a warning that says
    /// what the renderer reported.
    @Test func aRendererComplaintIsAWarning() throws {
        let work = try workspace("bug_603518.pdf", render: #"{"timeoutSeconds": 60}"#)
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        // One worker renders both variants from one open document; whether the broken JPEG is
        // decoded (and complained about) again for the second depends on Poppler's caching, so the
        // warning is checked on the source, for whichever variant carried it.
        #expect(run.stderr.contains("bug_603518.pdf: warning: T") && run.stderr.contains(
            ".png: the renderer reported problems; check the image: Corrupt JPEG data: bad Huffman code"), "\(run.stderr)")
        #expect(try Harness.assetc(["build", "--werror"], in: work).status == 1, "--werror fails on it")
    }

    /// `--werror` on a renderer's complaint fails before the commit: no fresh index is left for Make
    /// to take as an up-to-date target, and the build fails again the next time.
    @Test func werrorOnARendererComplaintWritesNothing() throws {
        let work = try workspace("bug_603518.pdf", render: #"{"timeoutSeconds": 60}"#)
        defer { Harness.removeTemporary(work) }
        let output = work.appendingPathComponent("out")
        let earlier = try snapshot(output)
        for _ in 0..<2 {
            let run = try Harness.assetc(["build", "--werror"], in: work)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("warnings treated as errors (--werror); nothing was written"), "\(run.stderr)")
            #expect(try snapshot(output) == earlier, "a build that failed on --werror changed the tree")
        }
    }
    /// `nan` operands, as design tools write them (DuckDuckGo's shield icons hold `-nan -nan l`):
    /// Poppler alone stops drawing at the first and loses the rest of the page. The operator given
    /// the non-finite number is dropped and the page drawn again, as Ghostscript draws these three
    /// files (measured with `gs -sDEVICE=ppmraw`, docs/catalogs.md): a line segment dropped and the
    /// square closed without it; a `moveto` dropped, so the path has no start and is not drawn; a
    /// curve dropped, leaving a triangle. What comes after is drawn in every case. Said once per
    /// source, naming every scale; `check --render --werror` fails on it.
    @Test func operatorsGivenNanAreDroppedAndThePageDrawnAsGhostscriptDrawsIt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        for name in ["segment", "moveto", "curve"] {
            let set = work.appendingPathComponent("A.xcassets/\(name).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("pdf-nan/\(name).pdf"), to: set.appendingPathComponent("\(name).pdf"))
            try #"{"images": [{"idiom": "universal", "filename": "\#(name).pdf"}]}"#
                .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        }
        let run = try Harness.assetc(["build", "A.xcassets", "--output", "out"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["segment", "moveto", "curve"] {
            #expect(run.stderr.contains("\(name).pdf: warning: \(name).png, \(name)@2x.png, \(name)@3x.png: the renderer reported problems; check the image: "
                + "Poppler stops drawing a page at an operator left without its operands by a non-finite number (nan); assetc dropped 1 such operator and drew the rest, as Ghostscript does"),
                    "\(run.stderr)")
        }
        // Points of the 100 pt pages, top-left origin, at 2x: what each colour should be there.
        let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [0, 0, 255, 255], clear: [UInt8] = [0, 0, 0, 0]
        let expected: [String: [(x: Int, y: Int, color: [UInt8])]] = [
            "segment": [(10, 90, red), (60, 40, green), (85, 15, green), (85, 65, green), (90, 90, blue)],
            "moveto": [(60, 40, clear), (85, 65, clear), (90, 90, blue)],
            "curve": [(35, 65, green), (80, 30, clear), (70, 20, clear), (90, 90, blue)],
        ]
        for (name, points) in expected {
            let image = try CompiledCatalogBuildTests.decode(work.appendingPathComponent("out/Resources/\(name)@2x.png"))
            #expect(image.width == 200 && image.height == 200)
            for point in points {
                let at = ((point.y * 2) * image.width + point.x * 2) * 4
                #expect(Array(image.pixels[at..<(at + 4)]) == point.color, "\(name) at (\(point.x), \(point.y))")
            }
        }
        let check = try Harness.assetc(["check", "A.xcassets", "--render", "--werror"], in: work)
        #expect(check.status == 1 && check.stderr.contains("non-finite number (nan)"), "\(check.stderr)")
    }
    /// The repair touches only pages Poppler gave up on, and only the operators it gave them up at:
    /// a `nan` Poppler copes with (a `moveto` still given its two operands) is drawn as Poppler and
    /// Ghostscript draw it, with Poppler's own complaint; in a two-page file whose first page has
    /// no content, the second page is repaired and the first is not warned about, whatever the job
    /// count; a bad segment inside a form XObject is repaired there.
    @Test func theRepairIsLimitedToWhatPopplerGaveUpOn() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        for file in ["untouched.pdf", "pages.pdf", "form.pdf"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("pdf-nan/" + file), to: work.appendingPathComponent(file))
        }
        try #"""
            {"version": 1, "output": "out", "images": [
              {"name": "Untouched", "source": "untouched.pdf"}, {"name": "Blank", "source": "pages.pdf", "page": 1},
              {"name": "Second", "source": "pages.pdf", "page": 2}, {"name": "Form", "source": "form.pdf"}]}
            """#.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        var warnings: [[String]] = []
        for jobs in ["1", "2"] {
            let run = try Harness.assetc(["build", "-j", jobs], in: work)
            #expect(run.status == 0, "\(run.stderr)")
            warnings.append(run.stderr.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init).sorted())
            try FileManager.default.removeItem(at: work.appendingPathComponent("out"))
        }
        #expect(warnings[0] == warnings[1], "the same warnings with one job and two")
        let lines = warnings[0]
        #expect(lines.contains { $0.hasPrefix("pages.pdf: warning: Second.png, Second@2x.png: ") && $0.contains("assetc dropped 1 such operator") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("form.pdf: warning: Form.png, Form@2x.png: ") && $0.contains("assetc dropped 1 such operator") }, "\(lines)")
        #expect(!lines.contains { $0.contains("Blank") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("untouched.pdf: warning: Untouched.png, Untouched@2x.png: ") && $0.contains("Unknown operator 'nan'")
            && !$0.contains("assetc dropped") }, "\(lines)")
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0)
        let blue: [UInt8] = [0, 0, 255, 255], green: [UInt8] = [0, 255, 0, 255], clear: [UInt8] = [0, 0, 0, 0]
        for (name, x, y, color) in [("Untouched", 80, 80, blue), ("Untouched", 20, 20, clear), ("Second", 60, 40, green), ("Second", 90, 90, blue),
                                    ("Form", 60, 40, green), ("Form", 85, 15, green), ("Form", 90, 90, blue), ("Blank", 50, 50, clear)] {
            let image = try CompiledCatalogBuildTests.decode(work.appendingPathComponent("out/Resources/\(name).png"))
            let at = (y * image.width + x) * 4
            #expect(Array(image.pixels[at..<(at + 4)]) == color, "\(name) at (\(x), \(y))")
        }
    }
}
