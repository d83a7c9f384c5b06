import AssetKit
import AssetPlatform
import Rendering
import Foundation
import Testing

/// `plan`, `--depfile`, `report.json` and the size budget, on the `full` fixture.
@Suite(.serialized) struct ReportingTests {
    private func workspace(_ name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        try Harness.copyFixtures(to: work)
        return work
    }

    private func json(_ url: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func planListsEveryFileABuildWritesWithoutWritingAnything() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        let plan = try Harness.assetc(["plan", "full/assets.json", "--json"], in: work)
        #expect(plan.status == 0, "\(plan.stderr)")
        let listed = try #require(JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        let files = try #require(listed["files"] as? [[String: Any]])
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("full/out").path))
        let planned = Dictionary(uniqueKeysWithValues: files.map { ($0["path"] as! String, $0["pixels"] as! [Int]) })
        #expect(planned.count == BuildTests.expected.count)
        for (file, expected) in BuildTests.expected {
            #expect(planned["Resources/" + file] == expected.pixels, "\(file)")
        }
        let text = try Harness.assetc(["plan", "full/assets.json"], in: work)
        #expect(text.stdout.split(separator: "\n").count == BuildTests.expected.count)
        #expect(text.stdout.contains("Resources/Background-568h@2x.png") && text.stdout.contains("640x1136"))
    }

    /// With `--car`, a catalog's images ship inside Assets.car: the listing shows them there (not at
    /// the hidden work files they are rendered to) and the summary counts the car once.
    @Test func planWithTheCarListsRenditionsInsideAssetsCar() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        let loose = try Harness.assetc(["plan", Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets").path, "-o", "out"], in: work)
        let car = try Harness.assetc(["plan", Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets").path, "-o", "out", "--car"], in: work)
        #expect(car.status == 0, "\(car.stderr)")
        let looseRows = loose.stdout.split(separator: "\n"), carRows = car.stdout.split(separator: "\n")
        #expect(!looseRows.isEmpty && carRows.count == looseRows.count)
        #expect(!car.stdout.contains(".assetc/"), "\(car.stdout)")
        #expect(carRows.allSatisfy { $0.hasPrefix("Resources/Assets.car: ") }, "\(car.stdout)")
        #expect(car.stdout.contains("Resources/Assets.car: maki-bus@2x.png") && car.stdout.contains("23x23"))
        #expect(car.stderr.contains("assetc: 0 files and Resources/Assets.car (\(carRows.count) renditions) planned"), "\(car.stderr)")
        #expect(loose.stderr.contains("assetc: \(looseRows.count) files planned"), "\(loose.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    @Test func reportListsEachBundleLargestFirstAndMatchesTheFiles() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("  main: ") && run.stderr.contains("  Checkout: "), "\(run.stderr)")
        let output = work.appendingPathComponent("full/out")
        let report = try json(output.appendingPathComponent("report.json"))
        let groups = try #require(report["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["main", "Checkout"])
        var total = 0
        for group in groups {
            let files = try #require(group["largestFirst"] as? [[String: Any]])
            let sizes = files.map { $0["bytes"] as! Int }
            #expect(sizes == sizes.sorted(by: >), "not largest first")
            for file in files {
                let path = output.appendingPathComponent(file["path"] as! String)
                #expect(try Harness.read(path).count == file["bytes"] as! Int)
            }
            #expect(group["bytes"] as? Int == sizes.reduce(0, +))
            total += sizes.reduce(0, +)
        }
        #expect(report["resourcesBytes"] as? Int == total)
    }

    @Test func aBuildOverBudgetFailsNamingTheManifestLineAndChangesNothing() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        let first = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(first.status == 0)
        let output = work.appendingPathComponent("full/out")
        let before = try Harness.files(under: output).filter { !$0.hasSuffix("lock") }
            .map { ($0, try Harness.read(output.appendingPathComponent($0))) }
        let manifest = work.appendingPathComponent("full/assets.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        // A bigger Star makes the tree grow past a budget the first build met.
        text = text.replacingOccurrences(of: #""output": "out","#, with: #""output": "out", "budget": {"maxBytes": 20000},"#)
        text = text.replacingOccurrences(of: #"{ "name": "Photo", "#, with: #"{ "name": "Big", "source": "../art/registration.pdf", "size": [1000, 1000] }, { "name": "Photo", "#)
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(run.status == 6, "\(run.stderr)")
        #expect(run.stderr.contains("full/assets.json:3:"), "\(run.stderr)")
        #expect(run.stderr.contains("over the budget of 20000 bytes"), "\(run.stderr)")
        #expect(run.stderr.contains("Resources/Big@2x.png"), "the largest file is not named: \(run.stderr)")
        for (file, content) in before {
            #expect(try Harness.read(output.appendingPathComponent(file)) == content, "\(file) changed")
        }
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Resources/Big.png").path))
        // Within budget, it builds.
        text = text.replacingOccurrences(of: #""maxBytes": 20000"#, with: #""maxBytes": 50000000"#)
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try Harness.assetc(["build", "full/assets.json"], in: work).status == 0)
    }

    @Test func depfileDrivesMakeToRebuildExactlyWhenAnInputChanges() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        let makefile = """
            out/asset-index.json:
            \t"\(Harness.binary)" build full/assets.json --output out --depfile assets.d --quiet
            -include assets.d

            """
        try makefile.write(to: work.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
        let first = try Harness.run("/usr/bin/make", [], in: work)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let depfile = try String(contentsOf: work.appendingPathComponent("assets.d"), encoding: .utf8)
        #expect(depfile.hasPrefix("out/asset-index.json: \\\n  full/assets.json \\\n"), "\(depfile)")
        for source in ["art/star-fill.pdf", "art/two-pages.pdf", "art/focus-icon@3x.png"] {
            #expect(depfile.contains("  \(source)"), "\(source) missing from \(depfile)")
        }
        let idle = try Harness.run("/usr/bin/make", [], in: work)
        #expect(idle.stdout.contains("is up to date"), "\(idle.stdout)")
        // Sources are older than the index now; a newer one makes Make run assetc again.
        Thread.sleep(forTimeInterval: 1.1)
        try FileManager.default.setAttributes([.modificationDate: Date()],
                                              ofItemAtPath: work.appendingPathComponent("art/cleanup.pdf").path)
        let rerun = try Harness.run("/usr/bin/make", [], in: work)
        #expect(rerun.status == 0 && rerun.stdout.contains("build full/assets.json"), "\(rerun.stdout)")
        let settled = try Harness.run("/usr/bin/make", [], in: work)
        #expect(settled.stdout.contains("is up to date"), "the stamp was not refreshed: \(settled.stdout)")
    }

    @Test func budgetMustBeAPositiveWholeNumberOfBytes() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        let manifest = work.appendingPathComponent("bad.json")
        for (budget, message) in [(#"{"maxBytes": 0}"#, "between 1 and"), (#"{"maxBytes": 1.5}"#, "whole number"),
                                  (#"{"maxByte": 10}"#, "maxBytes"), (#"{}"#, "needs \"maxBytes\"")] {
            try "{\"version\": 1,\n \"budget\": \(budget)}".write(to: manifest, atomically: true, encoding: .utf8)
            let run = try Harness.assetc(["check", "bad.json"], in: work)
            #expect(run.status == 1 && run.stderr.contains("bad.json:2:") && run.stderr.contains(message), "\(run.stderr)")
        }
    }
}
