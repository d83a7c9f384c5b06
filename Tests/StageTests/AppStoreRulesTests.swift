import Testing
@testable import AssetModel
@testable import Planning
import Output

/// App Store Connect's asset rules over plans made from manifests (no files): each rule fires on the
/// case App Store Connect rejects and stays quiet on the one it accepts.
@Suite struct AppStoreRulesTests {
    static let icon = [("icon.pdf", pdf(1024, 1024))]

    /// A manifest (its `"car"`, `"devices"`, `"deploymentTarget"` and `"appIcon"` as given), planned, then judged.
    func findings(_ fields: String, sources: [String: SourceInfo] = ["icon.pdf": pdf(1024, 1024)], alpha: Set<String> = [],
                  translucent: Set<String> = [], infoPlist: [String: PlistValue]? = nil, deploymentTarget: OSVersion = OSVersion(15)) throws -> [Diagnostic] {
        let inspector = TableInspector(sources: sources, translucent: translucent, alphaChannel: alpha)
        let planned = try plan(#"{"version": 1, "output": "out" \#(fields.isEmpty ? "" : ", " + fields)}"#, inspector).get()
        let rules = AppStoreRules(plan: planned, deploymentTarget: deploymentTarget,
                                  partialInfoPlist: InfoPlist.make(planned.infoPlist, variants: planned.variants),
                                  appInfoPlist: infoPlist.map { AppStoreRules.AppInfoPlist(path: "Info.plist", keys: $0) },
                                  inspector: inspector, severity: .error)
        return rules.findings(alreadyReported: planned.warnings)
    }

    func rules(_ findings: [Diagnostic]) -> [String] { findings.compactMap(\.rule).sorted() }

    static let orientations = PlistValue.array(["UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                                                "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"].map(PlistValue.string))
    static let storyboard: [String: PlistValue] = ["UILaunchStoryboardName": .string("LaunchScreen"), "UISupportedInterfaceOrientations": orientations]

    @Test func anAppWithItsIconInTheCarAndAStoryboardPasses() throws {
        let found = try findings(#""car": true, "appIcon": {"source": "icon.pdf"}"#, infoPlist: Self.storyboard)
        #expect(found.isEmpty, "\(found)")
    }

    @Test func anAppWithNoIconBreaksEveryIconRule() throws {
        let found = try findings(#""images": []"#, infoPlist: Self.storyboard)
        // 120 for iPhone; 152 and 167 for iPad; the App Store icon; CFBundleIconName.
        #expect(rules(found) == ["ITMS-90022", "ITMS-90023", "ITMS-90023", "ITMS-90704", "ITMS-90713"], "\(found)")
        #expect(found.contains { $0.message.contains("iPhone / iPod Touch app icon of exactly 120x120 px") })
        #expect(found.contains { $0.message.contains("167x167") })
        #expect(found.allSatisfy { $0.severity == .error })
    }

    @Test func onlyTheTargetedDevicesIconsAreRequired() throws {
        let found = try findings(#""devices": ["iphone"], "images": []"#, infoPlist: Self.storyboard)
        #expect(!rules(found).contains("ITMS-90023"), "\(found)")
        #expect(rules(found).contains("ITMS-90022"))
    }

    /// Loose icons alone: no CFBundleIconName, and the App Store icon in no asset catalog.
    @Test func anIconOutsideTheCarIsNotInTheAssetCatalog() throws {
        let found = try findings(#""appIcon": {"source": "icon.pdf"}"#, infoPlist: Self.storyboard)
        #expect(rules(found) == ["ITMS-90704", "ITMS-90713"], "\(found)")
        #expect(found.contains { $0.rule == "ITMS-90713" && $0.message.contains("--car") && $0.path == "Info.plist" })
    }

    /// The app's own CFBundleIconName counts, as Xcode merges the two property lists.
    @Test func theAppsOwnIconNameCounts() throws {
        var keys = Self.storyboard
        keys["CFBundleIcons"] = .dictionary(["CFBundlePrimaryIcon": .dictionary(["CFBundleIconName": .string("AppIcon")])])
        let found = try findings(#""car": true, "images": []"#, infoPlist: keys)
        #expect(!rules(found).contains("ITMS-90713"), "\(found)")
    }

    /// An RGBA App Store icon whose every pixel is opaque is still refused (pagopa/io-app@455f0bbc was).
    @Test func anAlphaChannelInTheAppStoreIconIsFoundEvenWhenOpaque() throws {
        let sources: [String: SourceInfo] = ["icon.png": .png(width: 1024, height: 1024, scale: 1, interlaced: false)]
        let found = try findings(#""car": true, "appIcon": {"source": "icon.png"}"#, sources: sources, alpha: ["icon.png"], infoPlist: Self.storyboard)
        #expect(rules(found) == ["ITMS-90717"], "\(found)")
        #expect(found.first?.message.contains("though every pixel is opaque") == true)
        #expect(found.first?.path == "icon.png")
        let clean = try findings(#""car": true, "appIcon": {"source": "icon.png"}"#, sources: sources, infoPlist: Self.storyboard)
        #expect(clean.isEmpty, "\(clean)")
    }

    @Test func anIconFileTheInfoPlistNamesMustBeInTheBundle() throws {
        var keys = Self.storyboard
        keys["CFBundleIconName"] = .string("AppIcon")
        keys["CFBundleIcons"] = .dictionary(["CFBundlePrimaryIcon": .dictionary(["CFBundleIconFiles": .array([.string("Icon-60")])])])
        let found = try findings(#""car": true, "images": []"#, infoPlist: keys)
        #expect(found.contains { $0.rule == "ITMS-90032" && $0.message.contains("'Icon-60'") }, "\(found)")
        // With the app icon built, Xcode merges the two: the app's stale name still ships beside assetc's.
        let built = try findings(#""car": true, "appIcon": {"source": "icon.pdf"}"#, infoPlist: keys)
        #expect(built.filter { $0.rule == "ITMS-90032" }.map(\.message).allSatisfy { $0.contains("'Icon-60'") }, "\(built)")
        #expect(built.contains { $0.rule == "ITMS-90032" })
    }

    /// Xcode's Info.plist step merges the partial one in: dictionaries key by key, arrays joined.
    @Test func thePartialInfoPlistIsMergedAsXcodeMergesIt() {
        let app: [String: PlistValue] = ["CFBundleIcons": .dictionary(["CFBundleAlternateIcons": .dictionary(["Beta": .dictionary([:])]),
                                                                       "CFBundlePrimaryIcon": .dictionary(["CFBundleIconFiles": .array([.string("Old")])])]),
                                         "CFBundleIconFiles": .array([.string("Old"), .string("Shared")]), "Name": .string("App")]
        let partial: [String: PlistValue] = ["CFBundleIcons": .dictionary(["CFBundlePrimaryIcon": .dictionary(["CFBundleIconName": .string("AppIcon"),
                                                                                                              "CFBundleIconFiles": .array([.string("AppIcon60x60")])])]),
                                             "CFBundleIconFiles": .array([.string("Shared"), .string("New")]), "Name": .string("Partial")]
        let merged = AppStoreRules.merge(app, partial)
        #expect(merged["Name"] == .string("Partial"))
        #expect(merged["CFBundleIconFiles"] == .array([.string("Old"), .string("Shared"), .string("New")]))
        #expect(merged["CFBundleIcons"]?["CFBundleAlternateIcons"]?["Beta"] == .dictionary([:]))
        #expect(merged["CFBundleIcons"]?["CFBundlePrimaryIcon"]?["CFBundleIconName"] == .string("AppIcon"))
        #expect(merged["CFBundleIcons"]?["CFBundlePrimaryIcon"]?["CFBundleIconFiles"] == .array([.string("Old"), .string("AppIcon60x60")]))
    }

    /// A single-size icon in the car (here an Icon Composer icon) stands for every size: only the
    /// home-screen icons stay loose, and no required size is missing.
    @Test func aSingleSizeIconInTheCarNeedsNoOtherSizes() throws {
        let found = try findings(#""car": true, "deploymentTarget": "15.0", "appIcon": {"source": "AppIcon.icon"}"#,
                                 sources: ["AppIcon.icon/icon.json": .iconComposer()], infoPlist: Self.storyboard)
        #expect(found.isEmpty, "\(found)")
    }

    @Test func aLooseIconIsFoundAsIOSLooksItUp() {
        #expect(AppStoreRules.lookupName("Resources/AppIcon60x60@2x.png") == "AppIcon60x60")
        #expect(AppStoreRules.lookupName("AppIcon76x76@2x~ipad.png") == "AppIcon76x76")
        #expect(AppStoreRules.lookupName("Icon-60") == "Icon-60")
        #expect(AppStoreRules.lookupName("Icon-60.png") == "Icon-60")
    }

    @Test func anIPhoneAppNeedsAStoryboardOrUILaunchScreen() throws {
        let icon = #""car": true, "appIcon": {"source": "icon.pdf"}"#
        let none = try findings(icon, infoPlist: ["UISupportedInterfaceOrientations": Self.orientations])
        #expect(rules(none) == ["ITMS-90475", "launch-screen"], "\(none)")
        let screen = try findings(icon, infoPlist: ["UILaunchScreen": .dictionary([:]), "UISupportedInterfaceOrientations": Self.orientations])
        #expect(screen.isEmpty, "\(screen)")
        // Below iOS 14, UILaunchScreen is not read: a storyboard is needed.
        let old = try findings(icon, infoPlist: ["UILaunchScreen": .dictionary([:]), "UISupportedInterfaceOrientations": Self.orientations],
                               deploymentTarget: OSVersion(13))
        #expect(rules(old) == ["ITMS-90475", "launch-screen"], "\(old)")
        #expect(old.allSatisfy { $0.message.contains("this build's is 13.0") })
        // Without the Info.plist, whether there is a storyboard cannot be told: a note says so.
        let unknown = try findings(icon)
        #expect(unknown.count == 1 && unknown[0].severity == .note, "\(unknown)")
    }

    /// pilll (bannzai/Pilll#738) was refused for two orientations on iPad: ITMS-90474.
    @Test func anIPadAppThatMultitasksSupportsEveryOrientation() throws {
        var keys = Self.storyboard
        keys["UISupportedInterfaceOrientations~ipad"] = .array([.string("UIInterfaceOrientationPortrait"), .string("UIInterfaceOrientationPortraitUpsideDown")])
        let found = try findings(#""car": true, "appIcon": {"source": "icon.pdf"}"#, infoPlist: keys)
        #expect(rules(found) == ["ITMS-90474"], "\(found)")
        #expect(found.first?.message.contains("lacks UIInterfaceOrientationLandscapeLeft, UIInterfaceOrientationLandscapeRight") == true)
    }

    @Test func anIPadAppThatRequiresFullScreenNeedsNoStoryboard() throws {
        let found = try findings(#""car": true, "devices": ["ipad"], "appIcon": {"source": "icon.pdf"}"#,
                                 infoPlist: ["UIRequiresFullScreen": .bool(true)])
        #expect(found.isEmpty, "\(found)")
    }

    /// A rule the planner has reported (a required slot, a transparent App Store icon) is not said again.
    @Test func aRuleAlreadyReportedIsNotRepeated() throws {
        let planned = try plan(#"{"version": 1, "output": "out"}"#, TableInspector(sources: [:])).get()
        let rules = AppStoreRules(plan: planned, deploymentTarget: OSVersion(15), partialInfoPlist: .dictionary([:]),
                                  appInfoPlist: AppStoreRules.AppInfoPlist(path: "Info.plist", keys: Self.storyboard),
                                  inspector: TableInspector(sources: [:]), severity: .warning)
        let earlier = [Diagnostic.error("AppIcon.appiconset/Contents.json", "the required iPhone app 60x60@2x slot is empty").reporting(.missingIPhoneIcon)]
        let found = rules.findings(alreadyReported: earlier)
        #expect(!found.contains { $0.rule == "ITMS-90022" }, "\(found)")
        #expect(found.contains { $0.rule == "ITMS-90704" && $0.severity == .warning })
    }

    /// A Mac app is not judged by iOS's rules.
    @Test func aMacAppIsNotJudged() throws {
        var planned = try plan(#"{"version": 1, "output": "out"}"#, TableInspector(sources: [:])).get()
        planned.infoPlist.platform = .macOS
        let rules = AppStoreRules(plan: planned, deploymentTarget: OSVersion(15), partialInfoPlist: .dictionary([:]), appInfoPlist: nil,
                                  inspector: TableInspector(sources: [:]), severity: .error)
        #expect(rules.findings(alreadyReported: []).isEmpty)
    }

    /// The rule is printed before the message, as swift-format prints its rule names.
    @Test func theRuleIsPrintedBeforeTheMessage() {
        let finding = Diagnostic.error("Info.plist", "no CFBundleIconName").reporting(.missingIconName)
        #expect(finding.description == "Info.plist: error: [ITMS-90713] no CFBundleIconName")
        #expect(finding.message == "no CFBundleIconName")
    }
}
