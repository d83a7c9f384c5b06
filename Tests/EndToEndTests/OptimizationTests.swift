import Foundation
import Testing
import TestSupport

/// `--optimization space` (actool's flag, `ASSETCATALOG_COMPILER_OPTIMIZATION`): a smaller car of the
/// same renditions, read back to the same pixels; `time` is the default; anything else is refused.
@Suite struct OptimizationTests {
    @Test func spaceGivesASmallerCarOfTheSamePixels() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"), to: work.appendingPathComponent("Real.xcassets"))
        var cars: [String: [UInt8]] = [:]
        for way in ["time", "space"] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(way), withIntermediateDirectories: true)
            let run = try Harness.assetc(["actool", "Real.xcassets", "--compile", way, "--platform", "iphoneos", "--minimum-deployment-target", "15.0",
                                          "--app-icon", "AppIcon", "--optimization", way, "--output-format", "human-readable-text"], in: work)
            #expect(run.status == 0, "\(run.stdout)")
            cars[way] = try Harness.read(work.appendingPathComponent("\(way)/Assets.car"))
        }
        let time = try CARReader(try #require(cars["time"])), space = try CARReader(try #require(cars["space"]))
        #expect(cars["space"]!.count < cars["time"]!.count, "\(cars["space"]!.count) against \(cars["time"]!.count)")
        #expect(space.renditions.count == time.renditions.count)
        for (ours, theirs) in zip(space.renditions, time.renditions) where ours.layout == 12 {
            #expect(ours.name == theirs.name && ours.pixels == theirs.pixels, "\(ours.name)")
        }
        let wrong = try Harness.assetc(["actool", "Real.xcassets", "--compile", "time", "--optimization", "smallest",
                                        "--output-format", "human-readable-text"], in: work)
        #expect(wrong.status == 1 && wrong.stdout.contains("--optimization takes space or time, not \"smallest\""), "\(wrong.stdout)")
    }
}
