import AssetModel

/// App Store Connect's asset rejections, judged before upload (`check --app-store`, `build
/// --app-store`): against what the build writes (its plan and its partial Info.plist) and, when
/// given, the app's own Info.plist. Each finding names its rule (`AppStoreRule`); a rule the
/// planner already reported (a required icon slot left empty, a transparent App Store icon) is not
/// said twice. Only iOS apps are judged: the Mac App Store's rules are not these
/// (docs/app-store.md says which rules stay out, and why).
public struct AppStoreRules {
    /// The app's Info.plist, as read (`--info-plist`).
    public struct AppInfoPlist: Sendable {
        public var path: String
        public var keys: [String: PlistValue]
        public init(path: String, keys: [String: PlistValue]) { (self.path, self.keys) = (path, keys) }
    }

    let plan: BuildPlan
    let partialInfoPlist: [String: PlistValue]
    let appInfoPlist: AppInfoPlist?
    let inspector: SourceInspecting
    let severity: Diagnostic.Severity
    let deploymentTarget: OSVersion
    /// A catalog's path as the manifest writes it, resolved against the manifest's folder.
    var resolve: (String) -> String = { $0 }

    public init(plan: BuildPlan, deploymentTarget: OSVersion, partialInfoPlist: PlistValue, appInfoPlist: AppInfoPlist?,
                inspector: SourceInspecting, severity: Diagnostic.Severity, resolve: @escaping (String) -> String = { $0 }) {
        (self.plan, self.deploymentTarget, self.resolve) = (plan, deploymentTarget, resolve)
        if case .dictionary(let keys) = partialInfoPlist { self.partialInfoPlist = keys } else { self.partialInfoPlist = [:] }
        (self.appInfoPlist, self.inspector, self.severity) = (appInfoPlist, inspector, severity)
    }

    /// The Info.plist the app ships: the app's keys with the partial one's merged in as Xcode's
    /// Info.plist step merges them (swift-build's `InfoPlistProcessorTaskAction`): dictionaries
    /// key by key, arrays joined, any other value the partial one's.
    var shipped: [String: PlistValue] { Self.merge(appInfoPlist?.keys ?? [:], partialInfoPlist) }

    static func merge(_ base: [String: PlistValue], _ added: [String: PlistValue]) -> [String: PlistValue] {
        base.merging(added) { old, new in
            switch (old, new) {
            case (.dictionary(let old), .dictionary(let new)): .dictionary(merge(old, new))
            case (.array(let old), .array(let new)): .array(old + new.filter { !old.contains($0) })
            default: new
            }
        }
    }

    /// Where a finding about the Info.plist points: the app's, else the manifest (or catalog).
    var infoPlistPath: String { appInfoPlist?.path ?? plan.inputPath }

    public func findings(alreadyReported: [Diagnostic]) -> [Diagnostic] {
        guard plan.infoPlist.platform == .iOS else { return [] }
        let reported = Set(alreadyReported.compactMap(\.rule))
        var findings: [Diagnostic] = []
        func add(_ rule: AppStoreRule, _ diagnostic: Diagnostic) {
            if !reported.contains(rule.rawValue) { findings.append(diagnostic.reporting(rule)) }
        }
        for diagnostic in iconName() { add(.missingIconName, diagnostic) }
        for (rule, diagnostic) in requiredIcons() { add(rule, diagnostic) }
        for diagnostic in appStoreIconAlpha() { add(.appStoreIconAlpha, diagnostic) }
        for diagnostic in iconFilesInTheBundle() { add(.iconFileNotInBundle, diagnostic) }
        for diagnostic in wideGamutBelowIOS10() { add(.wideGamutBelowIOS10, diagnostic) }
        findings += launchScreen()
        return findings
    }

    private func finding(_ path: String, _ message: Diagnostic.Message) -> Diagnostic { Diagnostic(severity, path: path, message) }

    // MARK: The app icon

    /// ITMS-90713: an iOS app names its icon in the asset catalog with `CFBundleIconName`.
    func iconName() -> [Diagnostic] {
        let primary = shipped["CFBundleIcons"]?["CFBundlePrimaryIcon"]
        guard shipped["CFBundleIconName"] == nil, primary?["CFBundleIconName"] == nil else { return [] }
        let hasAppIcon = plan.variants.contains { $0.role.kind == .appIcon }
        let why: Diagnostic.Message
        if !hasAppIcon {
            why = .buildHasNoAppIcon
        } else if plan.compiledCatalog == nil {
            why = .appIconIsLooseOnly
        } else {
            why = .buildWritesNoIconName
        }
        return [finding(infoPlistPath, .missingIconName(inPartialInfoPlist: appInfoPlist == nil, because: why))]
    }

    /// ITMS-90022, 90023, 90704: the icons App Store Connect requires for the devices the app runs
    /// on, and the 1024 App Store icon, which must be in the asset catalog.
    func requiredIcons() -> [(AppStoreRule, Diagnostic)] {
        let devices = plan.infoPlist.devices
        let icons = plan.variants.filter { ($0.role.kind == .appIcon || $0.role.kind == .appStoreIcon) && $0.appearance.isAny }
        var findings: [(AppStoreRule, Diagnostic)] = []
        // A single-size icon (one 1024 image, an Icon Composer icon) in the car stands for every
        // size, as Xcode 14's single size does: the loose files beside it are the home-screen ones only.
        let singleSize = plan.compiledCatalog?.singleSizeIcon == true && icons.contains { $0.role.kind == .appStoreIcon }
        for slot in DeviceTables.icons where !singleSize && slot.requirement == .required && slot.minimumOS != nil {
            guard let device = slot.idiom.device, devices.contains(device),
                  slot.isRequired(deploymentTarget: deploymentTarget),
                  let rule = AppStoreRule.requiredIcon(slot.idiom) else { continue }
            guard !icons.contains(where: { $0.iconSlot?.idiom == slot.idiom && $0.pixelWidth == slot.pixels }) else { continue }
            findings.append((rule, finding(plan.inputPath, .noRequiredIcon(slot))))
        }
        let appStoreIcons = icons.filter { $0.role.kind == .appStoreIcon }
        if appStoreIcons.isEmpty {
            findings.append((.missingAppStoreIcon, finding(plan.inputPath, .noAppStoreIcon)))
        } else if plan.compiledCatalog == nil {
            findings.append((.missingAppStoreIcon, finding(plan.inputPath, .appStoreIconNotInACatalog)))
        }
        return findings
    }

    /// ITMS-90717: the App Store icon has no alpha channel, even one whose every pixel is opaque (a
    /// transparent one the planner has already refused). assetc's own renders are written opaque;
    /// a PNG of the set is judged as the file it is, since actool copies it.
    func appStoreIconAlpha() -> [Diagnostic] {
        var seen: Set<String> = []
        var findings: [Diagnostic] = []
        // The tinted icon counts too ("Invalid large app icon", refused for iOS 18's tinted icon,
        // yattee#755); the dark one keeps its transparency.
        for icon in plan.variants where icon.role.kind == .appStoreIcon && icon.source.kind == .png
            && (icon.appearance.isAny || icon.appearance == Appearance(luminosity: .tinted)) {
            guard seen.insert(icon.source.path).inserted, (try? inspector.hasAlphaChannel(path: icon.source.path)) == true else { continue }
            let opaque = (try? inspector.isOpaque(path: icon.source.path, kind: .png, page: 1)) == true
            findings.append(finding(icon.source.path, .appStoreIconHasAlphaChannel(tinted: !icon.appearance.isAny, everyPixelOpaque: opaque)))
        }
        return findings
    }

    /// ITMS-90032: every icon file the shipped Info.plist names is in the bundle: the app's names
    /// the partial Info.plist leaves standing, and the partial one's own (the primary icon's and
    /// each alternate's), looked for among the files the build writes as iOS finds them
    /// (`Icon-60` is `Icon-60@2x.png`, …).
    func iconFilesInTheBundle() -> [Diagnostic] {
        let keys = shipped
        func names(_ value: PlistValue?) -> [String] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        var named: [(key: String, name: String)] = names(keys["CFBundleIconFiles"]).map { ("CFBundleIconFiles", $0) }
        if case .string(let name)? = keys["CFBundleIconFile"] { named.append(("CFBundleIconFile", name)) }
        for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            named += names(keys[key]?["CFBundlePrimaryIcon"]?["CFBundleIconFiles"]).map { (key, $0) }
            if case .dictionary(let alternates)? = keys[key]?["CFBundleAlternateIcons"] {
                for alternate in alternates.keys.sorted() {
                    named += names(alternates[alternate]?["CFBundleIconFiles"]).map { ("CFBundleAlternateIcons", $0) }
                }
            }
        }
        let written = Set(plan.variants.filter { $0.destination == .resources && $0.bundle == .main && !$0.isOutsideBundle }
            .map { Self.lookupName($0.relativePath) })
        var seen: Set<String> = []
        var findings: [Diagnostic] = []
        for (key, name) in named where !name.contains("$(") && !written.contains(Self.lookupName(name)) && seen.insert(key + "/" + name).inserted {
            findings.append(finding(infoPlistPath, .iconFileNotInTheBundle(name, key: key)))
        }
        return findings
    }

    /// ITMS-90682: a car with Display P3 art for an app that runs on iOS 9.3 or earlier. The
    /// catalog's own `display-P3` slots are judged; the P3 companions assetc makes of a wide-gamut
    /// PNG are decided when the car is written, and are not.
    func wideGamutBelowIOS10() -> [Diagnostic] {
        // A watchOS or visionOS target's version is no iOS one.
        guard plan.compiledCatalog != nil, plan.infoPlist.platform != .watchOS, plan.infoPlist.platform != .visionOS,
              deploymentTarget < OSVersion(10) else { return [] }
        var findings: [Diagnostic] = []
        for image in plan.catalogRecords.images where image.bundle == .main {
            let slots = image.properties.traitSlots.filter(\.isWideGamut)
            guard let first = slots.first else { continue }
            let contents = FilePath(resolve(image.catalog)).appending(image.setPath).appending("Contents.json").string
            findings.append(finding(contents, .displayP3BelowIOS10(imageSet: image.name, first: first.filename, slots: slots.count,
                                                                   deploymentTarget: deploymentTarget)))
        }
        return findings
    }

    /// The name iOS looks a file up by: without its folder, `.png`, `@2x`/`@3x` and `~ipad`/`~iphone`.
    static func lookupName(_ path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? Substring(path))
        if name.lowercased().hasSuffix(".png") { name = name.dropLast(4) }
        for suffix in ["~ipad", "~iphone"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        for suffix in ["@2x", "@3x"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        return String(name)
    }

    // MARK: The launch screen

    /// The 2020 rule (an iPhone app launches from a storyboard or, from iOS 14, a `UILaunchScreen`
    /// dictionary) and ITMS-90475 (an iPad app that multitasks needs a launch storyboard).
    func launchScreen() -> [Diagnostic] {
        let devices = plan.infoPlist.devices
        let keys = shipped
        func has(_ key: String, on device: String) -> Bool {
            [key, "\(key)~\(device)"].contains { name in
                switch keys[name] {
                case .string(let text)?: !text.isEmpty
                case .dictionary?: true
                default: false
                }
            }
        }
        // iOS 13 and earlier ignore UILaunchScreen: below 14 it does not count (App Store Connect's
        // 90475 wording: "or using UILaunchScreen if the app's MinimumOSVersion is 14 or higher").
        let readsLaunchScreen = deploymentTarget >= OSVersion(14)
        func hasLaunchScreen(on device: String) -> Bool {
            has("UILaunchStoryboardName", on: device) || readsLaunchScreen && has("UILaunchScreen", on: device)
        }
        // Said after each launch-screen rule when the deployment target is below iOS 14.
        let below14 = readsLaunchScreen ? nil : deploymentTarget
        var findings: [Diagnostic] = []
        let launchImages = plan.variants.contains { $0.role.kind == .launchImage }
        if devices.contains(.iphone), !hasLaunchScreen(on: "iphone") {
            if appInfoPlist != nil {
                findings.append(finding(infoPlistPath, .iPhoneAppNeedsLaunchScreen(deploymentTargetBelow14: below14, writesLaunchImages: launchImages))
                    .reporting(AppStoreRule.launchScreen))
            } else {
                findings.append(.note(plan.inputPath, .launchScreenNeedsInfoPlist(writesLaunchImages: launchImages)))
            }
        }
        if devices.contains(.ipad), let app = appInfoPlist, !hasLaunchScreen(on: "ipad"),
           !Self.isTrue(keys["UIRequiresFullScreen"]) && !Self.isTrue(keys["UIRequiresFullScreen~ipad"]) {
            findings.append(finding(app.path, .multitaskingIPadAppNeedsLaunchStoryboard(deploymentTargetBelow14: below14))
                .reporting(AppStoreRule.iPadLaunchStoryboard))
        }
        // ITMS-90474: an iPad app that multitasks supports all four orientations.
        if devices.contains(.ipad), let app = appInfoPlist,
           !Self.isTrue(keys["UIRequiresFullScreen"]) && !Self.isTrue(keys["UIRequiresFullScreen~ipad"]) {
            let all = ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                       "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]
            var found: [String] = []
            for key in ["UISupportedInterfaceOrientations~ipad", "UISupportedInterfaceOrientations"] {
                guard case .array(let items)? = keys[key] else { continue }
                found = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
                break
            }
            let missing = all.filter { !found.contains($0) }
            if !missing.isEmpty {
                findings.append(finding(app.path, .multitaskingIPadAppLacksOrientations(missing,
                                                                                        iPadKey: keys["UISupportedInterfaceOrientations~ipad"] != nil))
                    .reporting(AppStoreRule.iPadOrientations))
            }
        }
        return findings
    }

    static func isTrue(_ value: PlistValue?) -> Bool {
        switch value {
        case .bool(true)?: true
        case .string(let text)?: ["yes", "true", "1"].contains(text.lowercased())
        case .integer(let number)?: number != 0
        default: false
        }
    }
}

extension Diagnostic.Message {
    /// ITMS-90713, with why the build writes no name (`buildHasNoAppIcon`, `appIconIsLooseOnly`,
    /// `buildWritesNoIconName`).
    fileprivate static func missingIconName(inPartialInfoPlist: Bool, because why: Diagnostic.Message) -> Diagnostic.Message { "\(inPartialInfoPlist ? "the partial Info.plist assetc writes" : "the Info.plist") has no CFBundleIconName, which App Store Connect requires of an iOS app (naming its app icon in the asset catalog): \(why)" }

    fileprivate static let buildHasNoAppIcon: Diagnostic.Message =
        "the build has no app icon; name the app icon set (--app-icon NAME, or \"appIcon\": {\"set\": NAME}) and build it into Assets.car (--car)"

    fileprivate static let appIconIsLooseOnly: Diagnostic.Message = "the app icon is written as loose files only; build it into Assets.car as well (--car, or \"car\": true)"

    fileprivate static let buildWritesNoIconName: Diagnostic.Message = "the build writes none"

    /// ITMS-90022, 90023.
    fileprivate static func noRequiredIcon(_ slot: IconSlot) -> Diagnostic.Message { "the app has no \(slot.idiom == .iphone ? "iPhone / iPod Touch" : "iPad") app icon of exactly \(slot.pixels)x\(slot.pixels) px (the \(slot.label) slot), which App Store Connect requires: give the app icon set that image, or one universal 1024x1024 image" }

    /// ITMS-90704.
    fileprivate static let noAppStoreIcon: Diagnostic.Message = "the app has no 1024x1024 App Store icon, which App Store Connect requires in the asset catalog: fill the app icon set's App Store (ios-marketing) slot, or give it one universal 1024x1024 image"

    fileprivate static let appStoreIconNotInACatalog: Diagnostic.Message = "the 1024x1024 App Store icon is not in an asset catalog, where App Store Connect looks for it: build the app icon into Assets.car (--car, or \"car\": true)"

    /// ITMS-90717.
    fileprivate static func appStoreIconHasAlphaChannel(tinted: Bool, everyPixelOpaque opaque: Bool) -> Diagnostic.Message { "\(tinted ? "the tinted App Store icon" : "the App Store icon") has an alpha channel\(opaque ? ", though every pixel is opaque" : ""); App Store Connect refuses a large app icon with one: save it without alpha (RGB), or flatten it onto an opaque background" }

    /// ITMS-90032.
    fileprivate static func iconFileNotInTheBundle(_ name: String, key: String) -> Diagnostic.Message { "\(key) names the icon file '\(name)', which is not in the bundle assetc writes; App Store Connect refuses a bundle whose Info.plist names an icon it lacks: take the name out, or let assetc write the app icon (--app-icon), whose keys replace these" }

    /// ITMS-90682: `first`, the first of the set's `slots` Display P3 slots.
    fileprivate static func displayP3BelowIOS10(imageSet name: String, first: String, slots count: Int,
                                                deploymentTarget: OSVersion) -> Diagnostic.Message {
        "the image set \"\(name)\" has Display P3 art (\(first)\(count > 1 ? " and \(count - 1) more" : "")), which App Store Connect refuses in the asset catalog of an app that runs on iOS 9.3 or earlier (deployment target \(deploymentTarget)): raise the deployment target to 10.0, or remove the slots"
    }

    /// What follows a launch-screen rule when the deployment target is below iOS 14 (nil: it is not).
    private static func below14(_ deploymentTarget: OSVersion?) -> String {
        deploymentTarget.map { " (UILaunchScreen counts from a deployment target of iOS 14; this build's is \($0))" } ?? ""
    }

    /// What follows when the build writes launch images.
    private static func launchImages(_ written: Bool) -> String {
        written ? " (the launch images this build writes are no longer enough)" : ""
    }

    /// The 2020 rule.
    fileprivate static func iPhoneAppNeedsLaunchScreen(deploymentTargetBelow14: OSVersion?, writesLaunchImages: Bool) -> Diagnostic.Message { "an iPhone app needs a launch screen: UILaunchScreen (iOS 14) or a launch storyboard (UILaunchStoryboardName)\(below14(deploymentTargetBelow14)); App Store Connect has refused launch images alone since 30 June 2020\(launchImages(writesLaunchImages)): give the build a \"launchScreen\" (or --launch-screen-color, --launch-screen-image), or name the storyboard" }

    fileprivate static func launchScreenNeedsInfoPlist(writesLaunchImages: Bool) -> Diagnostic.Message { "whether the app has a launch storyboard is in its Info.plist: give it (--info-plist) to check the launch screen App Store Connect requires\(launchImages(writesLaunchImages))" }

    /// ITMS-90475.
    fileprivate static func multitaskingIPadAppNeedsLaunchStoryboard(deploymentTargetBelow14: OSVersion?) -> Diagnostic.Message { "an iPad app that multitasks (UIRequiresFullScreen is not set) needs a launch storyboard (UILaunchStoryboardName), or UILaunchScreen from iOS 14\(below14(deploymentTargetBelow14)): App Store Connect refuses it otherwise; add one, or set UIRequiresFullScreen" }

    /// ITMS-90474. `iPadKey`: the orientations are read from `UISupportedInterfaceOrientations~ipad`.
    fileprivate static func multitaskingIPadAppLacksOrientations(_ missing: [String], iPadKey: Bool) -> Diagnostic.Message {
        "an iPad app that multitasks (UIRequiresFullScreen is not set) supports all four orientations; UISupportedInterfaceOrientations\(iPadKey ? "~ipad" : "") lacks \(missing.joined(separator: ", ")): App Store Connect refuses it otherwise; add them, or set UIRequiresFullScreen"
    }
}
