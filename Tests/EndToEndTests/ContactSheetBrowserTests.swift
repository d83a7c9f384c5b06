import Foundation
import Testing

/// report.html in headless Chromium: every image loads (each marks `data-loaded`). Heavy (a
/// browser), so only with `make test-browser`, which installs Debian's `chromium` and sets
/// ASSETC_BROWSER_TESTS=1. With ASSETC_RECORD_SCREENSHOT=1 it also refreshes docs/contact-sheet.png.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["ASSETC_BROWSER_TESTS"] == "1", "headless Chromium: run by `make test-browser` (ASSETC_BROWSER_TESTS=1)"))
struct ContactSheetBrowserTests {
    @Test func everyImageLoadsInChromium() throws {
        let chromium = try #require(["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        let build = try Harness.assetc(["build", "Real.xcassets", "--output", "out", "--app-icon", "AppIcon"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let page = "file://" + work.appendingPathComponent("out/report.html").path
        let browser = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--hide-scrollbars",
                       "--user-data-dir=" + work.appendingPathComponent("profile").path]
        let dom = try Harness.run("/usr/bin/timeout", ["120", chromium] + browser + ["--virtual-time-budget=10000", "--dump-dom", page])
        try #require(dom.status == 0, "\(dom.stderr)")
        let images = dom.stdout.components(separatedBy: "<img ").count - 1
        let loaded = dom.stdout.matches(of: /data-loaded="yes"/).count
        #expect(images > 40)
        #expect(loaded == images, "\(loaded) of \(images) images loaded")
        #expect(!dom.stdout.contains("data-loaded=\"no\""))

        let shot = work.appendingPathComponent("shot.png")
        let screenshot = try Harness.run("/usr/bin/timeout", ["120", chromium] + browser
            + ["--window-size=1100,1500", "--virtual-time-budget=10000", "--screenshot=" + shot.path, page])
        #expect(screenshot.status == 0, "\(screenshot.stderr)")
        #expect(FileManager.default.fileExists(atPath: shot.path))
        if ProcessInfo.processInfo.environment["ASSETC_RECORD_SCREENSHOT"] == "1" {
            let target = Harness.packageRoot.appendingPathComponent("docs/contact-sheet.png")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: shot, to: target)
        }
    }
}
