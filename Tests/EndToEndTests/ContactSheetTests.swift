import Foundation
import Testing

/// `report.html`: every variant shown from its own file, grouped, with warnings beside the image
/// they concern. (Opening it in a browser is `make test-browser`, `ContactSheetBrowserTests`.)
@Suite struct ContactSheetTests {
    @Test func everyVariantIsShownFromItsFileWithItsWarnings() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        let run = try Harness.assetc(["build", "Real.xcassets", "--output", "out", "--app-icon", "AppIcon"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: work.appendingPathComponent("out/report.html"), encoding: .utf8)
        let sources = html.matches(of: /<img src="([^"]+)" width="(\d+)" height="(\d+)"/).map { (String($0.1), Int($0.2)!, Int($0.3)!) }
        let index = try readIndex(work.appendingPathComponent("out/asset-index.json"))
        // Every image of the index (icons included) and the App Store icon, once each.
        #expect(sources.count == index.count + 1, "\(sources.count) images for \(index.count) variants")
        for (source, width, height) in sources {
            let path = try #require(source.removingPercentEncoding)
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/" + path).path), "\(path)")
            if let entry = index.first(where: { "Resources/" + $0.file == path }) {
                #expect([width, height] == entry.pixels, "\(path) is shown at its pixel size")
            }
        }
        #expect(html.contains("src=\"Resources/Icons%20-%20Test%20Tube%402x.png\""))
        #expect(html.contains("<h3>Onboarding/Rocket</h3>"))
        // A warning about a set shows beside that set's images; the missing files leave no image.
        #expect(!html.contains("Illu_Europe_Card.png"))
        #expect(html.contains("data-bg=\"dark\"") && html.contains("data-bg=\"checker\""))
        #expect(!html.contains("http://") && !html.contains("https://"), "no network")
        let again = try Harness.assetc(["build", "Real.xcassets", "--output", "out2", "--app-icon", "AppIcon"], in: work)
        #expect(again.status == 0)
        #expect(try String(contentsOf: work.appendingPathComponent("out2/report.html"), encoding: .utf8) == html)
    }

    /// The page shows paths relative to the manifest's folder: run from the project, from its
    /// parent, or with an absolute path, the same inputs give the same bytes.
    @Test func thePageIsTheSameFromAnyWorkingFolder() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let project = work.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("art"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"),
                                         to: project.appendingPathComponent("art/star-fill.pdf"))
        try #"{"version": 1, "output": "out", "images": [{"name": "Star", "source": "art/star-fill.pdf"}]}"#
            .write(to: project.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        // (arguments, the folder assetc runs in, the output folder below `work`)
        let runs = [(["build", "assets.json", "--output", "../a"], project, "a"),
                    (["build", "project/assets.json", "--output", "b"], work, "b"),
                    (["build", project.path + "/assets.json", "--output", work.path + "/c"], URL(fileURLWithPath: "/"), "c")]
        var pages: [String] = []
        for (arguments, folder, output) in runs {
            let run = try Harness.assetc(arguments, in: folder)
            try #require(run.status == 0, "\(arguments): \(run.stderr)")
            pages.append(try String(contentsOf: work.appendingPathComponent(output + "/report.html"), encoding: .utf8))
        }
        #expect(pages[0].contains("files from assets.json") && pages[0].contains("<br>art/star-fill.pdf page 1"), "\(pages[0])")
        #expect(pages[1] == pages[0] && pages[2] == pages[0])
    }

    @Test func warningsStandBesideTheImageTheyConcern() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try HermeticRenderTests.pdfWithUnembeddedFont().write(to: work.appendingPathComponent("label.pdf"), atomically: true, encoding: .utf8)
        try #"{"version": 1, "output": "out", "images": [{"name": "Label", "source": "label.pdf"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "assets.json"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: work.appendingPathComponent("out/report.html"), encoding: .utf8)
        let figure = try #require(html.firstMatch(of: /<figure>.*Label@2x\.png.*<\/figure>/))
        #expect(figure.0.contains("warning: uses the font 'Helvetica' without embedding it"))
    }
}
