/// Apple's icon and launch-image slots as data. Every row cites where its numbers come from; the
/// table version is part of every output's cache key, so correcting a row rebuilds what it affects.
///
/// Sources (abbreviations used in the rows):
/// - QA1686: Apple Technical Q&A QA1686, "App Icons on iPad and iPhone" (2010–2015 revisions).
/// - HIG-2017: iOS Human Interface Guidelines, "Icon and Image Sizes" / "App Icon" / "Launch Screen"
///   (2013–2017 editions).
/// - ACFR: Xcode "Asset Catalog Format Reference", AppIconType and LaunchImageType (size, scale,
///   subtype, extent and minimum-system-version values).
/// - APG: "App Programming Guide for iOS", App-Related Resources, launch-image file-name rules.
public enum DeviceTables {
    public static let version = "2026.12-1"

    /// An Icon Composer icon's flattened images in a macOS car, as actool of Xcode 26.2–26.6 stores
    /// them (JustSing's, AM-MiniPlayer's, cardflow's and readinglist's cars; docs/macos-evidence.md):
    /// 16 to 512 points at @2x only, 64 points among them, and 1024 points at @1x; all in the System
    /// appearance (no dark or tinted flattened image: the stack has those).
    public static let macIconComposerIcons: [IconSlot] = [16.0, 32, 64, 128, 256, 512].map {
        IconSlot(.mac, $0, 2, .app, .required, source: "actool 26.2-26.6 macOS cars of an .icon: part 220 at @2x")
    } + [IconSlot(.mac, 1024, 1, .app, .required, source: "actool 26.2-26.6 macOS cars of an .icon: part 220, 1024 at @1x")]

    /// A Mac app icon set's slots (Xcode's "macOS" icon set: 16, 32, 128, 256 and 512 points, each at
    /// @1x and @2x), as actool of Xcode 26.3 compiles them: every one a part-220 rendition of the car,
    /// four of them (16 and 128 @1x, 16 and 128 @2x) also the `.icns` (mcfans/actool@f9e28c8d,
    /// tests/ref_samples: the AppIcon.appiconset and actool's car and AppIcon.icns; docs/macos-evidence.md).
    public static let macAppIconSet: [IconSlot] = [16.0, 32, 128, 256, 512].flatMap { points in
        [1, 2].map { IconSlot(.mac, points, $0, .app, .required, source: "Xcode macOS app icon set; actool 26.3 car (mcfans ref_samples)") }
    }

    /// The 16-point @1x image of an Icon Composer icon, drawn for `AppIcon.icns` only (its `ic04`).
    public static let macIcnsOnlyIcon = IconSlot(.mac, 16, 1, .app, .required, source: "actool AppIcon.icns: ic04, 16x16 ARGB")

    public static let icons: [IconSlot] = [
        // iOS 7 and later
        IconSlot(.iphone, 60, 2, .app, .required, minimumOS: OSVersion(7), source: "HIG-2017 App Icon; ACFR iphone 60x60 2x"),
        IconSlot(.iphone, 60, 3, .app, .recommended, minimumOS: OSVersion(8), source: "HIG-2017 App Icon (iPhone 6 Plus); ACFR iphone 60x60 3x"),
        IconSlot(.iphone, 40, 2, .spotlight, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Spotlight; ACFR iphone 40x40 2x"),
        IconSlot(.iphone, 40, 3, .spotlight, .recommended, minimumOS: OSVersion(8), source: "HIG-2017 Spotlight; ACFR iphone 40x40 3x"),
        IconSlot(.iphone, 29, 2, .settings, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Settings; ACFR iphone 29x29 2x"),
        IconSlot(.iphone, 29, 3, .settings, .recommended, minimumOS: OSVersion(8), source: "HIG-2017 Settings; ACFR iphone 29x29 3x"),
        IconSlot(.iphone, 20, 2, .notification, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Notification; ACFR iphone 20x20 2x"),
        IconSlot(.iphone, 20, 3, .notification, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Notification; ACFR iphone 20x20 3x"),
        IconSlot(.ipad, 76, 1, .app, .required, minimumOS: OSVersion(7), requiredUntil: OSVersion(9, 3),
                 source: "HIG-2017 App Icon; ACFR ipad 76x76 1x; required while the app runs on iPads without Retina displays, whose last iOS is 9.3.5"),
        IconSlot(.ipad, 76, 2, .app, .required, minimumOS: OSVersion(7), source: "HIG-2017 App Icon; ACFR ipad 76x76 2x"),
        IconSlot(.ipad, 83.5, 2, .app, .required, minimumOS: OSVersion(9), source: "HIG-2017 App Icon (iPad Pro); ACFR ipad 83.5x83.5 2x"),
        IconSlot(.ipad, 40, 1, .spotlight, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Spotlight; ACFR ipad 40x40 1x"),
        IconSlot(.ipad, 40, 2, .spotlight, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Spotlight; ACFR ipad 40x40 2x"),
        IconSlot(.ipad, 29, 1, .settings, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Settings; ACFR ipad 29x29 1x"),
        IconSlot(.ipad, 29, 2, .settings, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Settings; ACFR ipad 29x29 2x"),
        IconSlot(.ipad, 20, 1, .notification, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Notification; ACFR ipad 20x20 1x"),
        IconSlot(.ipad, 20, 2, .notification, .recommended, minimumOS: OSVersion(7), source: "HIG-2017 Notification; ACFR ipad 20x20 2x"),
        IconSlot(.appStore, 1024, 1, .appStore, .recommended, minimumOS: nil, source: "HIG-2017 App Store 1024x1024; ACFR ios-marketing 1024x1024 1x"),
        // iOS 6.1 and earlier (deployment targets below 7.0 only)
        IconSlot(.iphone, 57, 1, .app, .required, maximumOS: OSVersion(6, 1), source: "QA1686 Icon.png 57x57"),
        IconSlot(.iphone, 57, 2, .app, .required, maximumOS: OSVersion(6, 1), source: "QA1686 Icon@2x.png 114x114"),
        IconSlot(.iphone, 29, 1, .spotlight, .recommended, maximumOS: OSVersion(6, 1), source: "QA1686 Icon-Small.png 29x29 (Spotlight and Settings)"),
        IconSlot(.ipad, 72, 1, .app, .required, maximumOS: OSVersion(6, 1), source: "QA1686 Icon-72.png 72x72"),
        IconSlot(.ipad, 72, 2, .app, .required, maximumOS: OSVersion(6, 1), source: "QA1686 Icon-72@2x.png 144x144"),
        IconSlot(.ipad, 50, 1, .spotlight, .recommended, maximumOS: OSVersion(6, 1), source: "QA1686 Icon-Small-50.png 50x50"),
        IconSlot(.ipad, 50, 2, .spotlight, .recommended, maximumOS: OSVersion(6, 1), source: "QA1686 Icon-Small-50@2x.png 100x100"),
        // The iOS 6 iPhone 29@2x and iPad 29@1x/@2x settings icons equal the iOS 7 rows above (same files).
    ]

    /// A watch app's single-size icon (Xcode 14's and Xcode 26's app icon set for watchOS: one
    /// `universal` entry with `platform: watchos`, 1024x1024), kept in the car alone as one image of
    /// the watch idiom: the form public builds of Xcode 26 report (`assetutil`: an Icon Image
    /// 1024x1024, idiom watch; semantic-craft/iOS-vibebuddy PR #30) and rules_apple's watch fixture
    /// (bazelbuild/rules_apple@6f1a2d3c, WatchAppIcon.xcassets). docs/watchos.md.
    public static let watchSingleSizeIcon = IconSlot(.watch, 1024, 1, .app, .required,
                                                     source: "Xcode 14+ watchOS single-size icon set: universal, platform watchos, 1024x1024")

    /// A watch app's per-size icon images (the icon set of Xcode 7 to 13, which Xcode 14 to 26 keep
    /// as "All Sizes"): loose `<set><points>x<points>@<scale>x.png` files listed under
    /// `CFBundleIcons` → `CFBundlePrimaryIcon` → `CFBundleIconFiles`, as a compiled watch app of
    /// Xcode 7.2 has them (bitrise-io/ipa_analyzer@fc76980b's README: `AppIcon24x24` …
    /// `AppIcon98x98`) and as App Store Connect names them (`…/WatchApp.app/AppIcon27.5x27.5@2x.png`
    /// in its alpha-channel refusal, quoted in Xamarin's watchOS deployment notes). The sizes are
    /// Xcode's watch templates' (LoopKit/Loop's and pixlwave/Watch-The-Matrix's sets) and Apple's
    /// watchOS icon sizes; a file is named by its size alone, so the case sizes sharing one
    /// (the 40 and 42 mm home-screen icon, 44 points) share its file. docs/watchos.md.
    public static let watchPerSizeIcons: [IconSlot] = [
        IconSlot(.watch, 24, 2, .notification, .recommended, source: "Xcode watch AppIcon: notificationCenter 38mm 24x24@2x"),
        IconSlot(.watch, 27.5, 2, .notification, .recommended, source: "Xcode watch AppIcon: notificationCenter 42mm 27.5x27.5@2x"),
        IconSlot(.watch, 33, 2, .notification, .recommended, source: "Xcode watch AppIcon: notificationCenter 45mm 33x33@2x"),
        IconSlot(.watch, 29, 2, .settings, .recommended, source: "Xcode watch AppIcon: companionSettings 29x29@2x"),
        IconSlot(.watch, 29, 3, .settings, .recommended, source: "Xcode watch AppIcon: companionSettings 29x29@3x"),
        IconSlot(.watch, 40, 2, .app, .recommended, source: "Xcode watch AppIcon: appLauncher 38mm 40x40@2x"),
        IconSlot(.watch, 44, 2, .app, .recommended, source: "Xcode watch AppIcon: appLauncher 40mm (and 42mm) 44x44@2x"),
        IconSlot(.watch, 46, 2, .app, .recommended, source: "Xcode watch AppIcon: appLauncher 41mm 46x46@2x"),
        IconSlot(.watch, 50, 2, .app, .recommended, source: "Xcode watch AppIcon: appLauncher 44mm 50x50@2x"),
        IconSlot(.watch, 51, 2, .app, .recommended, source: "Xcode watch AppIcon: appLauncher 45mm 51x51@2x"),
        IconSlot(.watch, 54, 2, .app, .recommended, source: "Xcode watch AppIcon: appLauncher 49mm 54x54@2x"),
        IconSlot(.watch, 86, 2, .shortLook, .recommended, source: "Xcode watch AppIcon: quickLook 38mm 86x86@2x"),
        IconSlot(.watch, 98, 2, .shortLook, .recommended, source: "Xcode watch AppIcon: quickLook 42mm 98x98@2x"),
        IconSlot(.watch, 108, 2, .shortLook, .recommended, source: "Xcode watch AppIcon: quickLook 44mm 108x108@2x"),
        IconSlot(.watch, 117, 2, .shortLook, .recommended, source: "Xcode watch AppIcon: quickLook 45mm 117x117@2x"),
        IconSlot(.watch, 129, 2, .shortLook, .recommended, source: "Xcode watch AppIcon: quickLook 49mm 129x129@2x"),
    ]

    /// Every icon slot a plan file can name, by its position here (`Variant`'s coding): the iOS rows
    /// first, so their numbers are what they were before the Mac rows joined.
    public static let plannedIconSlots: [IconSlot] = icons + macAppIconSet + macIconComposerIcons + [macIcnsOnlyIcon, watchSingleSizeIcon]
        + watchPerSizeIcons

    /// Ad-hoc distribution artwork: files named `iTunesArtwork` and `iTunesArtwork@2x`, no extension.
    public static let artwork: [ArtworkSlot] = [
        ArtworkSlot(fileName: "iTunesArtwork", pixels: 512, source: "QA1686 iTunesArtwork 512x512"),
        ArtworkSlot(fileName: "iTunesArtwork@2x", pixels: 1024, source: "QA1686 iTunesArtwork@2x 1024x1024"),
    ]

    public static let launchImages: [LaunchSlot] = [
        LaunchSlot(.iphone, .portrait, nil, 1, 320, 480, minimumOS: nil, source: "APG Default.png 320x480; ACFR iphone 1x"),
        LaunchSlot(.iphone, .portrait, nil, 2, 640, 960, minimumOS: OSVersion(7), source: "APG Default@2x.png 640x960; ACFR iphone 2x 7.0"),
        LaunchSlot(.iphone, .portrait, .h568, 2, 640, 1136, minimumOS: OSVersion(7), source: "APG Default-568h@2x.png; ACFR subtype retina4 7.0"),
        LaunchSlot(.iphone, .portrait, .h667, 2, 750, 1334, minimumOS: OSVersion(8), source: "HIG-2017 Launch Screen 750x1334; ACFR subtype 667h 8.0"),
        LaunchSlot(.iphone, .portrait, .h736, 3, 1242, 2208, minimumOS: OSVersion(8), source: "HIG-2017 Launch Screen 1242x2208; ACFR subtype 736h 8.0"),
        LaunchSlot(.iphone, .landscape, .h736, 3, 2208, 1242, minimumOS: OSVersion(8), source: "HIG-2017 Launch Screen 2208x1242; ACFR subtype 736h 8.0"),
        LaunchSlot(.iphone, .portrait, .h2436, 3, 1125, 2436, minimumOS: OSVersion(11), source: "HIG-2017 Launch Screen 1125x2436 (iPhone X); ACFR subtype 2436h 11.0"),
        LaunchSlot(.iphone, .landscape, .h2436, 3, 2436, 1125, minimumOS: OSVersion(11), source: "Xcode 9+ launch image set, iPhone X landscape 2436x1125; ACFR subtype 2436h 11.0"),
        // iPhone XR and XS Max (414x896 pt): Xcode 10's launch image set, actool's
        // LaunchImage-1200-Portrait-1792h@2x.png / -2688h@3x.png (a public Xcode 12 build log);
        // without them such an app runs letterboxed on those phones.
        LaunchSlot(.iphone, .portrait, .h1792, 2, 828, 1792, minimumOS: OSVersion(12), source: "Xcode 10 launch image set, iPhone XR 828x1792; subtype 1792h 12.0"),
        LaunchSlot(.iphone, .landscape, .h1792, 2, 1792, 828, minimumOS: OSVersion(12), source: "Xcode 10 launch image set, iPhone XR landscape 1792x828; subtype 1792h 12.0"),
        LaunchSlot(.iphone, .portrait, .h2688, 3, 1242, 2688, minimumOS: OSVersion(12), source: "Xcode 10 launch image set, iPhone XS Max 1242x2688; subtype 2688h 12.0"),
        LaunchSlot(.iphone, .landscape, .h2688, 3, 2688, 1242, minimumOS: OSVersion(12), source: "Xcode 10 launch image set, iPhone XS Max landscape 2688x1242; subtype 2688h 12.0"),
        LaunchSlot(.ipad, .portrait, nil, 1, 768, 1024, minimumOS: OSVersion(7), source: "APG Default-Portrait~ipad.png 768x1024; ACFR ipad 1x 7.0"),
        LaunchSlot(.ipad, .portrait, nil, 2, 1536, 2048, minimumOS: OSVersion(7), source: "APG Default-Portrait@2x~ipad.png 1536x2048; ACFR ipad 2x 7.0"),
        LaunchSlot(.ipad, .landscape, nil, 1, 1024, 768, minimumOS: OSVersion(7), source: "APG Default-Landscape~ipad.png 1024x768; ACFR ipad 1x 7.0"),
        LaunchSlot(.ipad, .landscape, nil, 2, 2048, 1536, minimumOS: OSVersion(7), source: "APG Default-Landscape@2x~ipad.png 2048x1536; ACFR ipad 2x 7.0"),
        // Status-bar-excluded sizes: iOS 6.1 and earlier only; accepted when validating, never generated.
        LaunchSlot(.iphone, .portrait, nil, 1, 320, 460, minimumOS: nil, statusBarExcluded: true, source: "APG 320x460 (to-status-bar); ACFR extent to-status-bar"),
        LaunchSlot(.iphone, .portrait, nil, 2, 640, 920, minimumOS: nil, statusBarExcluded: true, source: "APG 640x920 (to-status-bar); ACFR extent to-status-bar"),
        LaunchSlot(.ipad, .portrait, nil, 1, 768, 1004, minimumOS: nil, statusBarExcluded: true, source: "APG 768x1004 (to-status-bar); ACFR extent to-status-bar"),
        LaunchSlot(.ipad, .landscape, nil, 1, 1024, 748, minimumOS: nil, statusBarExcluded: true, source: "APG 1024x748 (to-status-bar); ACFR extent to-status-bar"),
        LaunchSlot(.ipad, .portrait, nil, 2, 1536, 2008, minimumOS: nil, statusBarExcluded: true, source: "APG 1536x2008 (to-status-bar); ACFR extent to-status-bar"),
        LaunchSlot(.ipad, .landscape, nil, 2, 2048, 1496, minimumOS: nil, statusBarExcluded: true, source: "APG 2048x1496 (to-status-bar); ACFR extent to-status-bar"),
    ]

    /// iOS refuses launch images whose decoded RGBA size exceeds this many bytes.
    public static let maximumLaunchImageBytes = 25_000_000
}

public enum SlotIdiom: String, Sendable, Hashable, CaseIterable, Comparable {
    case iphone, ipad
    /// The App Store (`ios-marketing` in Xcode).
    case appStore = "ios-marketing"
    /// A Mac app's icon (macOS only: `DeviceTables.macIconComposerIcons`).
    case mac
    /// A watch app's icon (watchOS only: `DeviceTables.watchSingleSizeIcon`).
    case watch

    public static func < (lhs: SlotIdiom, rhs: SlotIdiom) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public var device: Idiom? {
        switch self {
        case .iphone: .iphone
        case .ipad: .ipad
        case .appStore, .mac, .watch: nil
        }
    }
}

public enum Requirement: String, Sendable, Hashable {
    case required, recommended, optional
}

public struct IconSlot: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable {
        case app, spotlight, settings, notification
        case appStore = "app-store"
        /// A watch's short-look notification icon (Xcode's `quickLook` role).
        case shortLook = "short-look"
    }

    public var idiom: SlotIdiom
    public var points: Double
    public var scale: Int
    public var role: Role
    public var requirement: Requirement
    /// First iOS version that uses the slot (nil: every version).
    public var minimumOS: OSVersion?
    /// Last iOS version that uses the slot (nil: still used). Slots with one apply only to
    /// deployment targets at or below it.
    public var maximumOS: OSVersion?
    /// A required slot that only devices up to this iOS version need (the 1x iPad icon: no iPad
    /// without a Retina display runs iOS 10): for deployment targets above it, recommended.
    public var requiredUntil: OSVersion?
    public var source: String

    public init(_ idiom: SlotIdiom, _ points: Double, _ scale: Int, _ role: Role, _ requirement: Requirement,
         minimumOS: OSVersion? = nil, maximumOS: OSVersion? = nil, requiredUntil: OSVersion? = nil, source: String) {
        (self.idiom, self.points, self.scale, self.role, self.requirement) = (idiom, points, scale, role, requirement)
        (self.minimumOS, self.maximumOS, self.requiredUntil, self.source) = (minimumOS, maximumOS, requiredUntil, source)
    }

    /// Whether an app with this deployment target must fill the slot.
    public func isRequired(deploymentTarget: OSVersion) -> Bool {
        guard requirement == .required else { return false }
        if let until = requiredUntil, deploymentTarget > until { return false }
        return true
    }

    public var pixels: Int { Int((points * Double(scale)).rounded()) }

    /// actool's loose-file name: `<name><W>x<H>[@Nx][~ipad].png`.
    public func fileName(base: String) -> String {
        let size = formatPoints(points)
        var name = "\(base)\(size)x\(size)"
        if scale > 1 { name += "@\(scale)x" }
        if idiom == .ipad { name += "~ipad" }
        return name + ".png"
    }

    /// The name listed in `CFBundleIconFiles`: no scale, idiom or extension.
    public func bundleIconName(base: String) -> String {
        let size = formatPoints(points)
        return "\(base)\(size)x\(size)"
    }

    public var label: String {
        "\(idiom == .appStore ? "App Store" : idiom == .iphone ? "iPhone" : idiom == .mac ? "Mac" : idiom == .watch ? "Apple Watch" : "iPad") \(role.rawValue) \(formatPoints(points))x\(formatPoints(points))@\(scale)x"
    }
}

public struct ArtworkSlot: Sendable, Hashable {
    public var fileName: String
    public var pixels: Int
    public var source: String
}

public enum Orientation: String, Sendable, Hashable, CaseIterable {
    case portrait, landscape

    public var capitalized: String { self == .portrait ? "Portrait" : "Landscape" }
}

public enum LaunchSubtype: String, Sendable, Hashable, CaseIterable {
    case h568 = "568h", h667 = "667h", h736 = "736h", h2436 = "2436h", h1792 = "1792h", h2688 = "2688h"

    /// Xcode's `subtype` value in a launchimage Contents.json.
    public var catalogName: String { self == .h568 ? "retina4" : rawValue }
}

public struct LaunchSlot: Sendable, Hashable {
    public var idiom: Idiom
    public var orientation: Orientation
    public var subtype: LaunchSubtype?
    public var scale: Int
    public var width: Int
    public var height: Int
    /// Value for `UILaunchImageMinimumOSVersion` (nil: only used by name on iOS 6 and earlier).
    public var minimumOS: OSVersion?
    /// Legacy sizes that leave out the 20-point status bar (iOS 6.1 and earlier).
    public var statusBarExcluded: Bool
    public var source: String

    public init(_ idiom: Idiom, _ orientation: Orientation, _ subtype: LaunchSubtype?, _ scale: Int, _ width: Int, _ height: Int,
         minimumOS: OSVersion?, statusBarExcluded: Bool = false, source: String) {
        (self.idiom, self.orientation, self.subtype, self.scale, self.width) = (idiom, orientation, subtype, scale, width)
        (self.height, self.minimumOS, self.statusBarExcluded, self.source) = (height, minimumOS, statusBarExcluded, source)
    }

    /// Apple's launch-image name without scale, idiom or extension: `Default-568h`,
    /// `Default-Landscape-736h`, `Default-Portrait` (iPad).
    public func baseName(_ base: String) -> String {
        var name = base
        switch (idiom, subtype) {
        case (.ipad, _):
            name += "-\(orientation.capitalized)"
        case (.iphone, .h568?):
            name += "-568h"
        case (.iphone, let subtype?):
            if orientation == .landscape { name += "-Landscape" }
            name += "-\(subtype.rawValue)"
        case (.iphone, nil), (.tv, _), (.watch, _), (.vision, _):
            break
        }
        return name
    }

    public func fileName(base: String) -> String {
        FileNaming.fileName(base: baseName(base), scale: scale, idiom: idiom == .ipad ? .ipad : nil)
    }

    /// `UILaunchImageSize`: points in portrait order.
    public var portraitPoints: (width: Int, height: Int) {
        let w = width / scale, h = height / scale
        return (min(w, h), max(w, h))
    }

    public var label: String {
        var text = "\(idiom == .iphone ? "iPhone" : "iPad") \(orientation.rawValue)"
        if let subtype { text += " \(subtype.rawValue)" }
        text += " @\(scale)x \(width)x\(height)"
        if statusBarExcluded { text += " (status bar excluded)" }
        return text
    }
}

/// An app icon of another platform than iOS, one row per scale, as `assetc tables` lists it: the
/// sizes the Mac, Apple Watch, Apple TV and Vision Pro builds check and write, from the constants
/// the planner and the car step use, each with where its numbers come from.
public struct PlatformIconRow: Sendable, Hashable {
    public var platform: ApplePlatform
    /// What the image is (`app icon set`, `App Icon (image stack)`…).
    public var icon: String
    public var width: Double
    public var height: Double
    public var scale: Int
    public var source: String

    public var pixels: (width: Int, height: Int) { (Int(width * Double(scale)), Int(height * Double(scale))) }
}

extension DeviceTables {
    public static let otherPlatformIcons: [PlatformIconRow] = {
        func rows(_ slots: [IconSlot], _ platform: ApplePlatform, _ icon: String) -> [PlatformIconRow] {
            slots.map { PlatformIconRow(platform: platform, icon: icon, width: $0.points, height: $0.points, scale: $0.scale, source: $0.source) }
        }
        let brandAssets = "Asset Catalog Format Reference, Brand Assets Type; actool 26 cars (docs/tvos.md)"
        var result = rows(macAppIconSet, .macOS, "app icon set") + rows(macIconComposerIcons, .macOS, "Icon Composer icon")
            + rows([watchSingleSizeIcon], .watchOS, "single-size icon") + rows(watchPerSizeIcons, .watchOS, "per-size icon (loose file)")
        let appIcon = CatalogBrandAssets.stackSizes[0], appStore = CatalogBrandAssets.stackSizes[1]
        result += [1, 2].map { PlatformIconRow(platform: .tvOS, icon: "App Icon (image stack, 2-5 layers)", width: Double(appIcon.width),
                                               height: Double(appIcon.height), scale: $0, source: brandAssets) }
        result.append(PlatformIconRow(platform: .tvOS, icon: "App Store icon (image stack)", width: Double(appStore.width),
                                      height: Double(appStore.height), scale: 1, source: brandAssets))
        for role in CatalogBrandAssets.TopShelfRole.allCases {
            result += [1, 2].map { PlatformIconRow(platform: .tvOS, icon: role.rawValue, width: Double(role.points.width),
                                                   height: Double(role.points.height), scale: $0, source: brandAssets) }
        }
        let vision = CatalogImageStack.visionIconSize
        result.append(PlatformIconRow(platform: .visionOS, icon: "App icon (solid image stack, 2-3 layers)", width: Double(vision.width),
                                      height: Double(vision.height), scale: 2,
                                      source: "Apple, Configuring your app icon: 1024x1024 px per layer; rebelancap/dusklight-ios's actool car"))
        return result
    }()
}
