import Foundation
import Testing
import TestSupport

/// iOS 14's launch screen (`UILaunchScreen`): a colour set and an image set of the catalog, checked
/// to be in the car for every device, named in the partial Info.plist, drawn on the contact sheet.
@Suite struct LaunchScreenTests {
    /// `App.xcassets` with a colour set `LaunchBackground` (light and dark) and an image set
    /// `LaunchLogo` (one universal @2x PNG, 120x80 px: 60x40 pt), or an iPhone-only one.
    static func catalog(in work: URL, logoIdiom: String = "universal") throws {
        let root = work.appendingPathComponent("App.xcassets")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("LaunchBackground.colorset"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("LaunchLogo.imageset"), withIntermediateDirectories: true)
        let info = #""info": {"version": 1, "author": "xcode"}"#
        try "{\(info)}".write(to: root.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try #"""
        {"colors": [
          {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0.100", "green": "0.200", "blue": "0.300", "alpha": "1.000"}}},
          {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
           "color": {"color-space": "srgb", "components": {"red": "0.900", "green": "0.800", "blue": "0.700", "alpha": "1.000"}}}
        ], \#(info)}
        """#.write(to: root.appendingPathComponent("LaunchBackground.colorset/Contents.json"), atomically: true, encoding: .utf8)
        let png = PNGSamples.png(width: 120, height: 80, depth: 8, colorType: 2, rows: PNGSamples.solidRows([250, 250, 250], width: 120, height: 80))
        try Data(png).write(to: root.appendingPathComponent("LaunchLogo.imageset/logo@2x.png"))
        try #"{"images": [{"idiom": "\#(logoIdiom)", "filename": "logo@2x.png", "scale": "2x"}], \#(info)}"#
            .write(to: root.appendingPathComponent("LaunchLogo.imageset/Contents.json"), atomically: true, encoding: .utf8)
    }

    @Test func theManifestsLaunchScreenIsInThePlistAndItsColourAndImageInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.catalog(in: work)
        try #"""
        {"version": 1, "output": "out", "car": true, "catalogs": [{"path": "App.xcassets"}],
         "launchScreen": {"color": "LaunchBackground", "image": "LaunchLogo", "respectsSafeArea": true}}
        """#.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "assets.json"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let plist = try String(contentsOf: work.appendingPathComponent("out/partial-Info.plist"), encoding: .utf8)
        #expect(plist.contains("""
        \t<key>UILaunchScreen</key>
        \t<dict>
        \t\t<key>UIColorName</key>
        \t\t<string>LaunchBackground</string>
        \t\t<key>UIImageName</key>
        \t\t<string>LaunchLogo</string>
        \t\t<key>UIImageRespectsSafeAreaInsets</key>
        \t\t<true/>
        \t</dict>
        """), "\(plist)")
        let car = try CARReader(Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(Set(car.facets.keys).isSuperset(of: ["LaunchBackground", "LaunchLogo"]), "\(car.facets.keys)")
        // The contact sheet draws it for iPhone and iPad, light and dark: the colour, the logo at 60x40 pt (40%: 24x16).
        let html = try String(contentsOf: work.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("<h2>Launch screen</h2>"))
        #expect(html.components(separatedBy: "background: color(srgb 0.1 0.2 0.3 / 1)").count == 3, "light, iPhone and iPad")
        #expect(html.components(separatedBy: "background: color(srgb 0.9 0.8 0.7 / 1)").count == 3, "dark, iPhone and iPad")
        #expect(html.contains("style=\"width: 24px; height: 16px;\""))
    }

    @Test func aNameNotInTheCatalogOrNotForEveryDeviceIsAnError() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.catalog(in: work, logoIdiom: "iphone")
        let wrong = try Harness.assetc(["build", "App.xcassets", "--car", "-o", "out", "--launch-screen-color", "LaunchBackgroud"], in: work)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains(#"App.xcassets: error: the launch screen's colour "LaunchBackgroud" is not a colour set of the main bundle's catalogs"#), "\(wrong.stderr)")
        #expect(wrong.stderr.contains(#"note: did you mean "LaunchBackground"?"#))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "nothing written")
        let ipad = try Harness.assetc(["build", "App.xcassets", "--car", "-o", "out", "--launch-screen-image", "LaunchLogo"], in: work)
        #expect(ipad.status == 1)
        #expect(ipad.stderr.contains(#"error: the launch screen's image "LaunchLogo" has no image for iPad"#), "\(ipad.stderr)")
        let iphone = try Harness.assetc(["build", "App.xcassets", "--car", "-o", "out", "--launch-screen-image", "LaunchLogo", "--devices", "iphone"], in: work)
        #expect(iphone.status == 0, "\(iphone.stderr)")
        let noCar = try Harness.assetc(["build", "App.xcassets", "-o", "out2", "--launch-screen-image", "LaunchLogo"], in: work)
        #expect(noCar.status == 1 && noCar.stderr.contains("takes its colour and image from Assets.car: build with --car"), "\(noCar.stderr)")
    }

    /// The actool mode takes the same two options (assetc's own; actool has none).
    @Test func theActoolModeWritesItIntoThePartialPlist() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.catalog(in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", "App.xcassets", "--compile", "out", "--platform", "iphoneos", "--minimum-deployment-target", "15.0",
                                      "--output-partial-info-plist", "partial.plist", "--launch-screen-color", "LaunchBackground",
                                      "--launch-screen-image", "LaunchLogo", "--output-format", "human-readable-text"], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let plist = try String(contentsOf: work.appendingPathComponent("partial.plist"), encoding: .utf8)
        #expect(plist.contains("<key>UILaunchScreen</key>") && plist.contains("<string>LaunchLogo</string>"), "\(plist)")
    }
}
