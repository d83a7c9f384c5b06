import Testing
@testable import AssetModel
@testable import Planning
@testable import Rendering

/// The limits in `Limits` are the real ones: planning refuses exactly what the libraries cannot do.
@Suite struct LimitsTests {
    @Test func cairosLargestSurfaceIsTheLimitPlanningChecks() throws {
        let side = Limits.maximumSidePixels
        #expect(throws: Never.self) { _ = try CairoCanvas(width: side, height: 1) }
        #expect(throws: SourceError.self) { _ = try CairoCanvas(width: side + 1, height: 1) }
        #expect(throws: SourceError.self) { _ = try CairoCanvas(width: 1, height: side + 1) }
        #expect(LimitCheck.sizeProblem(fileName: "A.png", width: side, height: 1) == nil)
        #expect(LimitCheck.sizeProblem(fileName: "A.png", width: side + 1, height: 1)?.contains("at most \(side) pixels a side") == true)
        #expect(LimitCheck.sizeProblem(fileName: "A.png", width: 10_000, height: 10_000)?.contains("pixels per image") == true)
    }

    @Test func outputPathsAreCheckedAgainstTheFileSystemsLimits() {
        let check = LimitCheck(manifestPath: "assets.json", outputRoot: "/out")
        #expect(check.pathProblem("Resources/A.png") == nil)
        let longName = String(repeating: "n", count: Limits.maximumFileNameBytes + 1)
        #expect(check.pathProblem("Resources/\(longName).bundle/A.png")?.contains("at most 255 bytes per name") == true)
        let deepRoot = "/" + String(repeating: "d", count: Limits.maximumPathBytes - Limits.stagingPathReserve - 20)
        #expect(LimitCheck(manifestPath: "m", outputRoot: deepRoot).pathProblem("Resources/Abcdefghijk.png") != nil)
        #expect(LimitCheck(manifestPath: "m", outputRoot: deepRoot).pathProblem("AppStore/a.png") == nil)
    }
}
