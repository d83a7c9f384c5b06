/// Every output of a build, in a stable order, with what the output writers need besides the
/// variants. The writers take everything from here, never from the manifest, so a second input
/// kind (asset catalogs) only has to produce a plan.
public struct BuildPlan: Sendable {
    /// The manifest (or catalog) the plan came from, for diagnostics.
    public var inputPath: String
    public var variants: [Variant]
    /// Bundles by name with their folder inside `Resources/` (for the index); the main bundle is not listed.
    public var bundles: [BundleSpec]
    public var infoPlist: InfoPlistRequest
    public var budget: SizeBudget?
    public var warnings: [Diagnostic]
    /// Catalog image properties and colours for the index.
    public var catalogRecords = CatalogRecords()
    /// The manifest's fonts folder (openable), which every render restricts fontconfig to.
    public var fontsDirectory: String?
    /// The manifest's PNG effort; `--png-effort` overrides it.
    public var pngEffort: PNGEffort = .default
    /// Set when `Resources/Assets.car` is written (`--car`).
    public var compiledCatalog: CompiledCatalogRequest?

    public init(inputPath: String, variants: [Variant], bundles: [BundleSpec], infoPlist: InfoPlistRequest,
                budget: SizeBudget?, warnings: [Diagnostic]) {
        (self.inputPath, self.variants, self.bundles, self.infoPlist, self.budget) = (inputPath, variants, bundles, infoPlist, budget)
        self.warnings = warnings
    }
}

/// What the partial Info.plist depends on besides the icon and launch variants themselves.
public struct InfoPlistRequest: Sendable, Hashable {
    public var devices: [Idiom]
    /// iOS 6-era keys (`CFBundleIconFiles`) are written below a 7.0 deployment target.
    public var targetsLegacyOS: Bool
    /// The icon set's name, the base of loose icon file names (`AppIcon60x60`).
    public var iconName: String
    /// The launch-image base name when the build has launch images (`Default`).
    public var launchBasename: String?
    /// Alternate icons: the name `setAlternateIconName(_:)` takes, and the base of its files.
    public var alternateIcons: [AlternateIcon] = []
    /// The app icon's name in `Assets.car`, written as `CFBundleIconName` (with `--car`).
    public var compiledIconName: String?
    /// `NSAccentColorName` and `NSWidgetBackgroundColorName`: colour sets named on the command line
    /// (actool's `--accent-color`, `--widget-background-color`) or in the manifest.
    public var accentColorName: String?
    public var widgetBackgroundColorName: String?
    /// A Mac app's keys are its own (`CFBundleIconFile`, `CFBundleIconName` at the top level).
    public var platform: ApplePlatform = .iOS
    /// macOS: whether the `.icns` that `CFBundleIconFile` names is written.
    public var writesIconFile = true
    /// `UILaunchScreen`, once its colour and image are known to be in the car.
    public var launchScreen: LaunchScreenSpec?
    /// A tvOS app's icon and top-shelf images, by the names the car holds them under.
    public var brandAssets: TVIcons?
    /// A visionOS app's icon: the solid image stack `--app-icon` names, `CFBundleIcons`'
    /// `CFBundlePrimaryIcon` (a string, as on tvOS: Apple's `CFBundlePrimaryIcon` reference).
    public var solidImageStackIcon: String?

    public init(devices: [Idiom], targetsLegacyOS: Bool, iconName: String, launchBasename: String?) {
        (self.devices, self.targetsLegacyOS, self.iconName, self.launchBasename) = (devices, targetsLegacyOS, iconName, launchBasename)
    }
}

/// `Assets.car`: which variants it holds is the plan's (`compiledCatalogVariants`); this carries the rest.
public struct CompiledCatalogRequest: Sendable, Hashable {
    /// The app icon set's name in the catalog (`CFBundleIconName`), when the build has an app icon.
    public var appIconName: String?
    /// Written into the catalog's metadata, as actool does.
    public var deploymentTarget: OSVersion
    /// The icon set is one universal 1024-point image (Xcode 14's "single size"): as actool does for
    /// such a set, the catalog holds that image once per device idiom instead of every slot's size.
    public var singleSizeIcon = false
    /// The devices whose idioms a single-size icon is recorded for.
    public var devices: [Idiom] = Idiom.iOSDevices
    /// Whose car it is: how its renditions are keyed and named.
    public var platform: ApplePlatform = .iOS
    /// macOS: the app icon's `.icns` is made with the car (`Manifest.writesIconFile`).
    public var writesIconFile = true
    /// The actool generation the car is written as (`--target-xcode`).
    public var xcode = XcodeGeneration.default
    /// `--optimization space` (actool's flag, `ASSETCATALOG_COMPILER_OPTIMIZATION`): the smallest car
    /// assetc writes (a thorough LZFSE search), slower to make.
    public var optimizesForSpace = false
    /// A Mac app icon whose flattened icons come from its icon set while its stack comes from the
    /// Icon Composer icon of the same name (fallback generation disabled): that icon's `icon.json`.
    public var iconStackJSON: String?
    /// A tvOS app's Brand Assets set: its stacks are stored as layered images (docs/tvos.md).
    public var brandAssets: CatalogBrandAssets?
    /// A visionOS app's solid image stacks: stored as layered images (docs/visionos.md).
    public var solidImageStacks: [CatalogImageStack] = []

    public init(appIconName: String?, deploymentTarget: OSVersion) { (self.appIconName, self.deploymentTarget) = (appIconName, deploymentTarget) }

    /// The car of `request`: its target (deployment target, devices, platform, actool generation)
    /// and its choices (`.icns`, optimisation) as the request resolved them.
    public init(appIconName: String?, request: BuildRequest) {
        (self.appIconName, deploymentTarget, devices, platform) = (appIconName, request.deploymentTarget, request.devices, request.platform)
        (xcode, writesIconFile, optimizesForSpace) = (request.xcode, request.writesIconFile, request.optimizesForSpace)
    }

    public static let relativePath = "Resources/Assets.car"
}

extension BuildPlan {
    /// The alternate icons the car holds as single-size icons (the planner keeps a plain-appearance
    /// 1024 image for those alone): their other sizes are loose files only, never in the car.
    public static func singleSizeAlternates(_ variants: [Variant]) -> Set<String> {
        Set(variants.filter { $0.role.kind == .alternateAppIcon && $0.iconSlot?.idiom == .appStore && $0.appearance.isAny }.map(\.name))
    }

    /// The variants `Assets.car` holds: the app icon's iOS 7+ slots (the App Store icon included),
    /// its iOS 6 sizes from a set (car only)
    /// and the main bundle's catalog image sets in every appearance, retina4 slots included (JPEG
    /// slots as their files). Left loose only: image sets of other bundles and manifest images
    /// (docs/assets-car.md says why).
    public var compiledCatalogVariants: [Variant] {
        guard compiledCatalog != nil else { return [] }
        return variants.filter { variant in
            switch variant.role {
            case .appIcon, .appStoreIcon, .alternateAppIcon:
                // An iOS 6 size too: actool keeps a set's in the car, car only from iOS 7 on
                // (`IconPlanner.keepsInTheCar`), loose as well for an app that still runs on iOS 6.
                // A watch's per-size icons are loose files alone (DeviceTables.watchPerSizeIcons).
                return variant.iconSlot.map { !DeviceTables.watchPerSizeIcons.contains($0) } ?? false
            case .image:
                return variant.catalogOrigin != nil && variant.bundle == .main
                    && (variant.relativePath.hasSuffix(".png") || variant.source.kind == .jpeg)
            default:
                return false
            }
        }
    }
}

public struct AlternateIcon: Sendable, Hashable {
    /// The set's name: the icon's name in the car (`CFBundleIconName`).
    public var name: String
    public var fileBase: String
    /// The name the build asked for when it differs from the set's in case only (actool finds the
    /// set whatever the case, as a Mac's volumes do): the key under which the Info.plist lists the
    /// icon, the name the app passes to `setAlternateIconName(_:)`.
    public var requestedName: String?

    public init(name: String, fileBase: String, requestedName: String? = nil) {
        (self.name, self.fileBase, self.requestedName) = (name, fileBase, requestedName)
    }

    /// The icon's key in `CFBundleAlternateIcons`.
    public var infoPlistKey: String { requestedName ?? name }
}

/// What a tvOS app's partial Info.plist names of its Brand Assets set: `CFBundleIcons`'
/// `CFBundlePrimaryIcon` (a string on tvOS: the App Icon stack's name) and `TVTopShelfImage`'s
/// images (real actool output of Xcode 26: docs/tvos.md).
public struct TVIcons: Sendable, Hashable {
    /// The 400x240 stack's name, when it has layers with images.
    public var primaryIcon: String?
    /// `TVTopShelfPrimaryImage`, `TVTopShelfPrimaryImageWide`: the image sets' names.
    public var topShelf: [String: String] = [:]

    public init(primaryIcon: String?, topShelf: [String: String]) { (self.primaryIcon, self.topShelf) = (primaryIcon, topShelf) }

    public init(_ set: CatalogBrandAssets) {
        primaryIcon = set.stacks.first { $0.width == 400 && $0.height == 240 && $0.layers.contains(where: \.hasContent) }?.name
        for (role, image) in set.topShelf where !image.slots.isEmpty { topShelf[role.infoPlistKey] = image.name }
    }
}
