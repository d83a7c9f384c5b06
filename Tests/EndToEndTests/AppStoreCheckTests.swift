import Foundation
import Testing
import TestSupport

/// `check --app-store` and `build --app-store` on icon sets shaped as real apps shipped them to App
/// Store Connect (the shapes are described, not copied: solid-colour PNGs of the same sizes and
/// colour types), and the iOS 14 launch screen built into the car.
@Suite struct AppStoreCheckTests {
    /// Every iOS 7+ slot of a full iPhone + iPad set as Xcode writes it, and the App Store icon.
    static let fullSet: [(idiom: String, size: String, scale: Int)] = [
        ("iphone", "20x20", 2), ("iphone", "20x20", 3), ("iphone", "29x29", 2), ("iphone", "29x29", 3), ("iphone", "40x40", 2),
        ("iphone", "40x40", 3), ("iphone", "60x60", 2), ("iphone", "60x60", 3), ("ipad", "20x20", 1), ("ipad", "20x20", 2),
        ("ipad", "29x29", 1), ("ipad", "29x29", 2), ("ipad", "40x40", 1), ("ipad", "40x40", 2), ("ipad", "76x76", 1),
        ("ipad", "76x76", 2), ("ipad", "83.5x83.5", 2), ("ios-marketing", "1024x1024", 1),
    ]

    /// An app icon set in `<work>/App.xcassets/AppIcon.appiconset` with these slots; `alpha` makes
    /// the App Store icon RGBA with every pixel opaque.
    static func iconSet(in work: URL, slots: [(idiom: String, size: String, scale: Int)], alpha: Bool = false) throws {
        let set = work.appendingPathComponent("App.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try #"{"info": {"version": 1, "author": "xcode"}}"#.write(to: work.appendingPathComponent("App.xcassets/Contents.json"), atomically: true, encoding: .utf8)
        var images: [String] = []
        for slot in slots {
            let points = Double(slot.size.split(separator: "x")[0])!
            let pixels = Int(points * Double(slot.scale))
            let name = "icon-\(slot.idiom)-\(slot.size)@\(slot.scale)x.png"
            let rgba = alpha && slot.idiom == "ios-marketing"
            let png = PNGSamples.png(width: pixels, height: pixels, depth: 8, colorType: rgba ? 6 : 2,
                                     rows: PNGSamples.solidRows(rgba ? [20, 90, 200, 255] : [20, 90, 200], width: pixels, height: pixels))
            try Data(png).write(to: set.appendingPathComponent(name))
            images.append(#"{"idiom": "\#(slot.idiom)", "size": "\#(slot.size)", "scale": "\#(slot.scale)x", "filename": "\#(name)"}"#)
        }
        try #"{"images": [\#(images.joined(separator: ", "))], "info": {"version": 1, "author": "xcode"}}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
    }

    static func infoPlist(in work: URL, _ body: String) throws -> String {
        let path = work.appendingPathComponent("Info.plist")
        try #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>\#(body)</dict></plist>"#.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    static let storyboard = "<key>UILaunchStoryboardName</key><string>LaunchScreen</string><key>UISupportedInterfaceOrientations</key><array>"
        + "<string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationPortraitUpsideDown</string>"
        + "<string>UIInterfaceOrientationLandscapeLeft</string><string>UIInterfaceOrientationLandscapeRight</string></array>"

    @Test func aCompleteAppPassesAndItsBuildIsQuiet() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.iconSet(in: work, slots: Self.fullSet)
        let plist = try Self.infoPlist(in: work, Self.storyboard)
        let check = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", plist], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stderr.contains("ITMS"), "\(check.stderr)")
        let build = try Harness.assetc(["build", "App.xcassets", "--app-icon", "AppIcon", "--car", "-o", "out", "--app-store", "--info-plist", plist], in: work)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
    }

    /// capacitor-assets 3.0.0 wrote an icon set of one `ios-marketing` image (ionic-team/capacitor-assets#558,
    /// fixed in PR #560): App Store Connect refused the upload with ITMS-90022 and ITMS-90023.
    @Test func anIconSetOfOnlyTheAppStoreIconIsRefusedForIPhoneAndIPad() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.iconSet(in: work, slots: [("ios-marketing", "1024x1024", 1)])
        let check = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store"], in: work)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("error: [ITMS-90022] AppIcon.appiconset has no image for the required iPhone app 60x60@2x slot (120x120 px)"), "\(check.stderr)")
        #expect(check.stderr.contains("error: [ITMS-90023]"))
        #expect(!check.stderr.contains("ITMS-90704"))
    }

    /// mapbox/ios-sdk-examples@27afd41a added the `ios-marketing` entry its set lacked (ITMS-90704).
    @Test func aSetWithoutTheAppStoreIconIsRefused() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.iconSet(in: work, slots: Array(Self.fullSet.dropLast()))
        let plist = try Self.infoPlist(in: work, Self.storyboard)
        let check = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", plist], in: work)
        #expect(check.status == 1)
        #expect(check.stderr.contains("App.xcassets: error: [ITMS-90704] the app has no 1024x1024 App Store icon"), "\(check.stderr)")
        // `build --app-store` says the same as a warning and writes the app.
        let build = try Harness.assetc(["build", "App.xcassets", "--app-icon", "AppIcon", "--car", "-o", "out", "--app-store", "--info-plist", plist], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("warning: [ITMS-90704]"), "\(build.stderr)")
        let json = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", plist,
                                       "--message-format", "json"], in: work)
        #expect(json.stderr.contains(#""rule": "ITMS-90704""#), "\(json.stderr)")
    }

    /// pagopa/io-app@455f0bbc: an RGBA App Store icon, every pixel opaque, refused with ITMS-90717.
    @Test func anOpaqueAppStoreIconWithAnAlphaChannelIsRefused() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.iconSet(in: work, slots: Self.fullSet, alpha: true)
        let plist = try Self.infoPlist(in: work, Self.storyboard)
        let check = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", plist], in: work)
        #expect(check.status == 1)
        #expect(check.stderr.contains("icon-ios-marketing-1024x1024@1x.png: error: [ITMS-90717] the App Store icon has an alpha channel, though every pixel is opaque"),
                "\(check.stderr)")
        // Without --app-store, the build's rules stand as before: an opaque icon is usable.
        #expect(try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car"], in: work).status == 0)
    }

    @Test func theInfoPlistsLaunchScreenAndIconNamesAreJudged() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.iconSet(in: work, slots: Self.fullSet)
        let plist = try Self.infoPlist(in: work, "<key>CFBundleIconFiles</key><array><string>Icon-Small</string></array>")
        let check = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", plist], in: work)
        #expect(check.status == 1)
        #expect(check.stderr.contains("Info.plist: error: [launch-screen] an iPhone app needs a launch screen"), "\(check.stderr)")
        #expect(check.stderr.contains("error: [ITMS-90475] an iPad app that multitasks"))
        #expect(check.stderr.contains("error: [ITMS-90474] an iPad app that multitasks (UIRequiresFullScreen is not set) supports all four orientations"))
        #expect(check.stderr.contains("error: [ITMS-90032] CFBundleIconFiles names the icon file 'Icon-Small'"))
    }

    /// TGCameraViewController#75: Display P3 art in the car of an app for iOS 9.3 or earlier, ITMS-90682.
    @Test func displayP3ArtBelowIOS10IsRefused() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.iconSet(in: work, slots: Self.fullSet)
        let set = work.appendingPathComponent("App.xcassets/Badge.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for name in ["badge@2x.png", "badge-p3@2x.png"] {
            try Data(PNGSamples.png(width: 8, height: 8, depth: 8, colorType: 2, rows: PNGSamples.solidRows([200, 30, 30], width: 8, height: 8)))
                .write(to: set.appendingPathComponent(name))
        }
        try #"{"images": [{"idiom": "universal", "filename": "badge@2x.png", "scale": "2x"}, {"idiom": "universal", "filename": "badge-p3@2x.png", "scale": "2x", "display-gamut": "display-P3"}]}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let plist = try Self.infoPlist(in: work, Self.storyboard)
        let old = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", plist,
                                      "--deployment-target", "9.0"], in: work)
        #expect(old.status == 1)
        #expect(old.stderr.contains("error: [ITMS-90682] the image set \"Badge\" has Display P3 art (badge-p3@2x.png)"), "\(old.stderr)")
        let current = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", plist,
                                          "--deployment-target", "10.0"], in: work)
        #expect(!current.stderr.contains("ITMS-90682"), "\(current.stderr)")
    }

    @Test func anUnreadableInfoPlistIsNamed() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.iconSet(in: work, slots: Self.fullSet)
        let missing = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", "Nope.plist"], in: work)
        #expect(missing.status == 1 && missing.stderr.contains("Nope.plist: error: cannot read the app's Info.plist"), "\(missing.stderr)")
        try "not a plist".write(to: work.appendingPathComponent("Bad.plist"), atomically: true, encoding: .utf8)
        let bad = try Harness.assetc(["check", "App.xcassets", "--app-icon", "AppIcon", "--car", "--app-store", "--info-plist", "Bad.plist"], in: work)
        #expect(bad.status == 1 && bad.stderr.contains("Bad.plist: error: is not a property list"), "\(bad.stderr)")
        let alone = try Harness.assetc(["check", "App.xcassets", "--info-plist", "Bad.plist"], in: work)
        #expect(alone.status == 64 && alone.stderr.contains("--info-plist is read by --app-store"), "\(alone.stderr)")
    }
}
