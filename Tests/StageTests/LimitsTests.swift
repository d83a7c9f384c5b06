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
        #expect(LimitCheck.sizeProblem(fileName: "A.png", width: side + 1, height: 1)?.text.contains("at most \(side) pixels a side") == true)
        #expect(LimitCheck.sizeProblem(fileName: "A.png", width: 10_000, height: 10_000)?.text.contains("pixels per image") == true)
    }

    /// Sizes no Int holds (an SVG 1e20 units wide, a NaN page) used to trap converting to Int: a
    /// crash with no message. They now reach the size check and are refused with one.
    @Test func sizesPastAnyIntegerAreRefusedNotTrapped() {
        for points in [1e20, 5e18, -1e20, .infinity, .nan] {
            let pixels = FileNaming.pixels(points, scale: 2)
            #expect(pixels >= 1 && pixels <= FileNaming.unrepresentable, "\(points)")
        }
        #expect(FileNaming.pixels(1e20, scale: 3) == FileNaming.unrepresentable)
        #expect(FileNaming.pixels(11.25, scale: 2) == 23)
        let problem = LimitCheck.sizeProblem(fileName: "H.png", width: FileNaming.pixels(1e20, scale: 1), height: 30)
        #expect(problem == "H.png would be over \(FileNaming.unrepresentable)x30 pixels; Cairo draws at most \(Limits.maximumSidePixels) pixels a side")
    }

    @Test func outputPathsAreCheckedAgainstTheFileSystemsLimits() {
        let check = LimitCheck(manifestPath: "assets.json", outputRoot: "/out")
        #expect(check.pathProblem("Resources/A.png") == nil)
        let longName = String(repeating: "n", count: Limits.maximumFileNameBytes + 1)
        #expect(check.pathProblem("Resources/\(longName).bundle/A.png")?.text.contains("at most 255 bytes per name") == true)
        let deepRoot = "/" + String(repeating: "d", count: Limits.maximumPathBytes - Limits.stagingPathReserve - 20)
        #expect(LimitCheck(manifestPath: "m", outputRoot: deepRoot).pathProblem("Resources/Abcdefghijk.png") != nil)
        #expect(LimitCheck(manifestPath: "m", outputRoot: deepRoot).pathProblem("AppStore/a.png") == nil)
    }
}
