/// What one build is asked to do: the manifest file as it was read, with the command line's choices
/// (assetc's options, or actool's invocation) resolved over it once. Planning and the steps after it
/// read this value, never the manifest and the command line separately; `Manifest` stays what the
/// file says.
///
/// Each resolved field is the command line's choice when it made one, else the manifest's, else the
/// default; the fields only a command line can set (`platform`, `actoolSeverities`, …) say so.
public struct BuildRequest: Sendable {
    /// The manifest file as decoded; for catalogs alone, an empty one named after the first input.
    public var manifest: Manifest
    /// False when no manifest file was read: the request is the command line's alone, and its
    /// positions point at nothing, so no "referenced here" note is made for them.
    public var hasManifestFile: Bool

    /// Catalogs: the manifest's, then the command line's (relative to the working folder).
    public var catalogs: [CatalogSpec]
    /// Icon Composer bundles named on the command line (or by actool's operands), resolved to be opened.
    public var iconComposerBundles: [String] = []
    /// Devices the app runs on; chooses icon and launch-image slots.
    public var devices: [Idiom]
    public var deploymentTarget: OSVersion
    /// Both the devices and the deployment target were named (by the manifest, or by the command
    /// line as actool always is): only then are variants no supported device loads left out.
    public var namesDevicesAndTarget: Bool
    /// The platform the app is for: a command-line choice (actool's `--platform`); iOS unless said.
    public var platform: ApplePlatform = .iOS
    /// macOS: a Mac app's Icon Composer icon is also written as `<icon>.icns` (`CFBundleIconFile`);
    /// off with actool's `--enable-icon-stack-fallback-generation disabled`. Command line only.
    public var writesIconFile = true
    public var appIcon: AppIconSpec?
    /// The app icon set taken from the catalogs (`--app-icon`, `"appIcon": {"set": NAME}`).
    public var appIconSetName: CatalogSetChoice?
    /// Every other app icon set becomes an alternate icon (or only `alternateAppIconNames`).
    public var alternateAppIcons: Bool
    /// `--alternate-app-icon NAME` (repeatable, actool's flag; command line only).
    public var alternateAppIconNames: [String] = []
    public var launchImage: LaunchImageSpec?
    public var launchImageSetName: CatalogSetChoice?
    /// The manifest's `launchScreen`, with `--launch-screen-color`/`--launch-screen-image` over it.
    public var launchScreen: LaunchScreenSpec?
    /// Images planning draws beside the manifest's (a tvOS Brand Assets set's layers from
    /// `"brandAssets"`); `images` lists both.
    public var generatedImages: [ImageSpec] = []
    public var images: [ImageSpec] { manifest.images + generatedImages }
    /// `--accent-color`, `--widget-background-color`: colour sets named in the partial Info.plist
    /// (`NSAccentColorName`, `NSWidgetBackgroundColorName`). Command line only.
    public var accentColorName: String?
    public var widgetBackgroundColorName: String?
    /// `--target-xcode` (or `ASSETC_TARGET_XCODE` in the actool mode): the actool generation the car
    /// and the answers follow. Command line only.
    public var xcode = XcodeGeneration.default
    /// `--optimization space`: the smallest car and PNGs assetc writes, at more time. Command line only.
    public var optimizesForSpace = false
    /// `--car` / `"car": true`: the catalogs are also compiled into `Assets.car`.
    public var compiledCatalog: Bool
    /// Folders outside the catalogs that links in them may lead into: the manifest's `allowLinksTo`
    /// and `--allow-links-to`, resolved to be opened.
    public var allowedLinkRoots: [String]
    /// The actool mode: a problem in a required icon slot (empty, missing, the wrong size) and a
    /// transparent App Store icon are warnings, as actool reports them, so that a build system
    /// calling assetc where it called actool fails where actool fails; `check` still fails on them.
    /// assetc's own commands keep them errors (docs/actool.md). Command line only.
    public var actoolSeverities = false
    /// Seconds one file may take in its render worker, and each worker's address space in bytes:
    /// `--render-timeout`/`--render-memory`, else the manifest's `render`, else `RenderBudget`'s defaults.
    public var renderTimeLimit: Double
    public var renderMemoryLimit: Int

    /// The manifest alone, as a request with no command line.
    public init(_ manifest: Manifest, hasManifestFile: Bool = true) {
        self.manifest = manifest
        self.hasManifestFile = hasManifestFile
        (catalogs, compiledCatalog, allowedLinkRoots) = (manifest.catalogs, manifest.compiledCatalog, manifest.allowedLinkRoots)
        (devices, deploymentTarget, namesDevicesAndTarget) = (manifest.devices, manifest.deploymentTarget, manifest.namesDevicesAndTarget)
        (appIcon, appIconSetName, alternateAppIcons) = (manifest.appIcon, manifest.appIconSetName, manifest.alternateAppIcons)
        (launchImage, launchImageSetName, launchScreen) = (manifest.launchImage, manifest.launchImageSetName, manifest.launchScreen)
        renderTimeLimit = RenderBudget.timeLimit(commandLine: nil, manifest: manifest)
        renderMemoryLimit = RenderBudget.memoryLimit(commandLine: nil, manifest: manifest)
    }

    /// The file messages about the request point at: the manifest, or the first input named.
    public var path: String { manifest.path }

    /// A path as written in the manifest, resolved against its folder.
    public func resolve(_ path: String) -> String { manifest.resolve(path) }

    /// True when iOS 6-era slots (57 pt icons, status-bar-excluded launch images) apply: an iOS
    /// app's (a watchOS 2.2 target is no iOS 2.2 one).
    public var targetsLegacyOS: Bool { platform == .iOS && deploymentTarget < .iOS7 }

    /// "<what> referenced here" at `location` in the manifest, after an error about a file it names;
    /// none for a request without a manifest file, whose locations point at nothing.
    public func referenceNote(_ what: String, at location: SourceLocation?) -> [Diagnostic] {
        hasManifestFile ? [.note(manifest.path, at: location, .referencedHere(what))] : []
    }
}

/// The render workers' budgets: their defaults and the ranges the command line and the manifest's
/// `render` accept, declared once for both.
public enum RenderBudget {
    public static let defaultTimeLimit = 120.0
    public static let defaultMemoryMiB = 4096
    /// Seconds: more than 0, at most a day.
    public static let maximumSeconds = 86_400.0
    public static let memoryMiBRange = 64...(1 << 20)

    /// Why `seconds` cannot be a render time limit, or nil: "must be more than 0 and at most 86400 seconds".
    public static func problem(seconds: Double) -> String? {
        seconds > 0 && seconds <= maximumSeconds ? nil : "must be more than 0 and at most \(Int(maximumSeconds)) seconds"
    }

    public static func problem(memoryMiB: Int) -> String? {
        memoryMiBRange.contains(memoryMiB) ? nil : "must be between \(memoryMiBRange.lowerBound) and \(memoryMiBRange.upperBound) MiB"
    }

    public static func timeLimit(commandLine: Double?, manifest: Manifest?) -> Double {
        commandLine ?? manifest?.renderTimeoutSeconds ?? defaultTimeLimit
    }

    /// In bytes.
    public static func memoryLimit(commandLine: Int?, manifest: Manifest?) -> Int {
        commandLine ?? (manifest?.renderMemoryMiB ?? defaultMemoryMiB) << 20
    }
}

extension Diagnostic.Message {
    /// `what` names the file's role: `source`, `app icon source`, `the launch screen`.
    fileprivate static func referencedHere(_ what: String) -> Diagnostic.Message { "\(what) referenced here" }
}
