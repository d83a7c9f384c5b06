import AssetKit
import Foundation
import Rendering
import Testing
import TestSupport

/// `check` must reject everything `build` would reject for a reason known before rendering: both
/// come from the one table in `Limits`, applied at planning. Each case runs both commands and
/// expects the same errors, exit 1, and nothing written.
@Suite struct LimitParityTests {
    private func errorLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
    }

    /// `expected`: fragments that one error line must all contain.
    private func expectSameRefusal(_ manifest: String, files: [String: [UInt8]], expected: [String],
                                   sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        for (name, bytes) in files { try Data(bytes).write(to: work.appendingPathComponent(name)) }
        try manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let check = try Harness.assetc(["check"], in: work)
        let build = try Harness.assetc(["build"], in: work)
        #expect(check.status == 1 && build.status == 1, "\(check.status) \(build.status)", sourceLocation: sourceLocation)
        #expect(errorLines(check.stderr).contains { line in expected.allSatisfy(line.contains) }, "\(check.stderr)",
                sourceLocation: sourceLocation)
        #expect(errorLines(check.stderr) == errorLines(build.stderr), "check: \(check.stderr)\nbuild: \(build.stderr)",
                sourceLocation: sourceLocation)
        let written = Harness.files(under: work).filter { !["assets.json"].contains($0) && files[$0] == nil }
        #expect(written.isEmpty, "wrote \(written)", sourceLocation: sourceLocation)
    }

    @Test func aPageTooWideForCairoFailsCheckAsItFailsBuild() throws {
        // 12000 x 300 pt at @3x is 36000 px wide; Cairo's image surfaces stop at 32767.
        let manifest = MarkedText(#"{"version": 1, "output": "out", "images": [{"name": 1️⃣"Wide", "source": "wide.pdf", "scales": [3]}]}"#)
        try expectSameRefusal(
            manifest.text, files: ["wide.pdf": BrokenInputTests.pdf(pages: 1, mediaBox: "0 0 12000 300")],
            expected: ["assets.json:\(manifest.position("1️⃣")): error: Wide@3x.png would be 36000x900 pixels; Cairo draws at most 32767 pixels a side"])
    }

    @Test func aPathTooLongForTheFileSystemFailsCheckAsItFailsBuild() throws {
        // 20 folders of 200 bytes: the output paths pass PATH_MAX (4096 bytes on Linux).
        let deep = (0..<20).map { _ in String(repeating: "d", count: 200) }.joined(separator: "/")
        try expectSameRefusal(
            #"{"version": 1, "output": "\#(deep)", "images": [{"name": "A", "source": "a.pdf"}]}"#,
            files: ["a.pdf": BrokenInputTests.pdf(pages: 1)],
            expected: ["assets.json:1:", ": error: the output path of Resources/A.png would be ",
                       "bytes long, more than the limit of 4047 bytes"])
    }

    @Test func theWidestImageCairoDrawsStillBuilds() throws {
        // 10922 pt at @3x is 32766 px: inside the limit, so it must render.
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Data(BrokenInputTests.pdf(pages: 1, mediaBox: "0 0 10922 1")).write(to: work.appendingPathComponent("wide.pdf"))
        try #"{"version": 1, "output": "out", "images": [{"name": "Wide", "source": "wide.pdf", "scales": [3]}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let decoded = try PNGCodec.decode(Harness.read(work.appendingPathComponent("out/Resources/Wide@3x.png")))
        #expect(decoded.header.width == 32766 && decoded.header.height == 3)
    }
}
