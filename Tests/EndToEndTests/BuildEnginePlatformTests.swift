import Foundation
import Testing

/// The build as actions for the other platforms: a Mac app's icon set and Icon Composer icon, a
/// watch app's icon, a tvOS Brand Assets set and a visionOS solid image stack go through `plan`, `render` and
/// `assemble` to the same tree as `assetc build` (the internal `.assetc/` aside), partial
/// Info.plist included: the plan file carries the platform, the Mac slots and the layered images.
@Suite struct BuildEnginePlatformTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var manifest: String
        var arguments: [String]
        /// A line the partial Info.plist must hold: the platform's own icon key.
        var plistLine: String
    }

    static let cases = [
        Case(description: "a Mac app icon set", manifest: #"{"version": 1, "images": [], "catalogs": [{"path": "Mac.xcassets"}]}"#,
             arguments: ["--platform", "macos", "--app-icon", "AppIcon"], plistLine: "<key>CFBundleIconFile</key>"),
        Case(description: "a Mac Icon Composer icon", manifest: #"{"version": 1, "images": [], "appIcon": {"source": "MinusOne.icon"}}"#,
             arguments: ["--platform", "macos"], plistLine: "<key>CFBundleIconName</key>"),
        Case(description: "a watch app's icon", manifest: #"{"version": 1, "images": [], "appIcon": {"source": "art/newsblur.pdf"}}"#,
             arguments: ["--platform", "watchos"], plistLine: "<key>CFBundleIconName</key>"),
        Case(description: "a tvOS Brand Assets set",
             manifest: #"""
                 {"version": 1, "images": [],
                  "brandAssets": {"layers": ["art/star-fill.pdf", "art/certificate.pdf"], "topShelf": "art/registration.pdf"}}
                 """#,
             arguments: ["--platform", "tvos"], plistLine: "<key>TVTopShelfPrimaryImage</key>"),
        Case(description: "a visionOS solid image stack",
             manifest: ##"{"version": 1, "images": [], "solidImageStack": {"layers": ["art/star-fill.pdf", "art/certificate.pdf"], "background": "#336699"}}"##,
             arguments: ["--platform", "visionos"], plistLine: "<string>AppIcon</string>"),
    ]

    @Test(arguments: cases) func theActionsMakeTheBuildsTree(_ example: Case) throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let files = FileManager.default
        try files.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try files.copyItem(at: Harness.fixtures.appendingPathComponent("macos/mcfans-Catalog.xcassets"), to: work.appendingPathComponent("Mac.xcassets"))
        try files.copyItem(at: Harness.fixtures.appendingPathComponent("iconcomposer/MinusOne.icon"), to: work.appendingPathComponent("MinusOne.icon"))
        try example.manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)

        let build = try Harness.assetc(["build", "assets.json", "--output", "built"] + example.arguments, in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let plan = try Harness.assetc(["plan", "assets.json", "--json", "--quiet", "--output", "acted"] + example.arguments, in: work)
        try #require(plan.status == 0, "\(plan.stderr)")
        try plan.stdout.write(to: work.appendingPathComponent("plan.json"), atomically: true, encoding: .utf8)
        for action in ["render", "assemble"] {
            let run = try Harness.assetc([action, "plan.json", "--output", "acted"], in: work)
            #expect(run.status == 0, "\(action): \(run.stderr)")
        }
        let built = try BuildEngineTests.tree(work.appendingPathComponent("built"))
        #expect(built.keys.contains("Resources/Assets.car"), "\(built.keys.sorted())")
        #expect(try BuildEngineTests.tree(work.appendingPathComponent("acted")) == built)
        let plist = String(decoding: built["partial-Info.plist"] ?? [], as: UTF8.self)
        #expect(plist.contains(example.plistLine), "\(plist)")
    }
}
