import Reports
import Testing

/// The inputs a summary line names: catalogs and Icon Composer icons counted apart.
@Suite struct BuildSummaryTests {
    @Test func catalogsAndIconsAreCountedApart() {
        #expect(BuildSummary.inputs(manifest: nil, catalogs: ["A.xcassets"]) == "A.xcassets")
        #expect(BuildSummary.inputs(manifest: nil, catalogs: ["A.xcassets", "AppIcon.icon"]) == "A.xcassets and AppIcon.icon")
        #expect(BuildSummary.inputs(manifest: nil, catalogs: ["A.xcassets", "B.xcassets", "C.xcassets"]) == "3 catalogs (A.xcassets, …)")
        #expect(BuildSummary.inputs(manifest: nil, catalogs: ["App/Assets.xcassets", "AppIcon.icon", "Alt/Music.icon/", "Alt/Pride.icon"])
                == "1 catalog and 3 Icon Composer icons (App/Assets.xcassets, …)")
        #expect(BuildSummary.inputs(manifest: "assets.json", catalogs: ["A.xcassets", "Icon.icon"]) == "assets.json, 1 catalog and 1 Icon Composer icon")
        #expect(BuildSummary.inputs(manifest: "assets.json", catalogs: ["A.xcassets", "B.xcassets"]) == "assets.json and 2 catalogs")
    }
}
