import AssetKit
import Foundation
import Rendering
import Testing

/// `--png-effort fast|default|max` and `"render": {"pngEffort"}`: the same pixels at every effort,
/// fewer bytes for more effort, and a change of effort re-renders (it is part of every cache key).
@Suite struct PNGEffortTests {
    @Test func effortsKeepThePixelsAndOrderTheBytes() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        var bytes: [String: Int] = [:]
        var pixels: [String: [String: [UInt8]]] = [:]
        for effort in ["fast", "default", "max"] {
            let run = try Harness.assetc(["build", "full/assets.json", "--output", effort, "--png-effort", effort, "-q"], in: work)
            #expect(run.status == 0, "\(effort): \(run.stderr)")
            let resources = work.appendingPathComponent(effort + "/Resources")
            let files = Harness.files(under: resources).filter { $0.hasSuffix(".png") }
            #expect(!files.isEmpty)
            var total = 0
            for file in files {
                let data = try Harness.read(resources.appendingPathComponent(file))
                total += data.count
                pixels[effort, default: [:]][file] = try PNGCodec.decode(data).image.pixels
            }
            bytes[effort] = total
        }
        #expect(pixels["fast"] == pixels["default"] && pixels["max"] == pixels["default"], "the pixels differ between efforts")
        #expect(bytes["max"]! < bytes["default"]!, "\(bytes)")
        #expect(bytes["default"]! < bytes["fast"]!, "\(bytes)")
    }

    @Test func theManifestChoosesAndAChangeReRenders() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"),
                                         to: work.appendingPathComponent("star-fill.pdf"))
        func manifest(_ effort: String) throws {
            try #"{"version": 1, "output": "out", "render": {"pngEffort": "\#(effort)"}, "images": [{"name": "Star", "source": "star-fill.pdf"}]}"#
                .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        }
        try manifest("fast")
        #expect(try Harness.assetc(["build"], in: work).stderr.contains("(2 rendered, 0 up to date)"))
        #expect(try Harness.assetc(["build"], in: work).stderr.contains("(0 rendered, 2 up to date)"))
        try manifest("max")
        #expect(try Harness.assetc(["build"], in: work).stderr.contains("(2 rendered, 0 up to date)"))
        let cli = try Harness.assetc(["build", "--png-effort", "max"], in: work)
        #expect(cli.stderr.contains("(0 rendered, 2 up to date)"), "the command line's max is the manifest's max")
        try manifest("fastest")
        let bad = try Harness.assetc(["check"], in: work)
        #expect(bad.status == 1 && bad.stderr.contains("\"pngEffort\" of \"render\" must be \"fast\", \"default\" or \"max\", not \"fastest\""), "\(bad.stderr)")
    }
}
