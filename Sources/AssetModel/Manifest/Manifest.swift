/// The decoded and validated `assets.json` (version 1): what the file says, nothing else (the
/// command line's choices are resolved over it in `BuildRequest`). Paths are as written, relative
/// to the manifest's folder; the planner resolves them against `directory`.
public struct Manifest: Sendable {
    public static let supportedVersion = 1
    public static let defaultScales = [1, 2]
    public static let allowedScales = [1, 2, 3]

    /// The manifest file as given on the command line (used in diagnostics).
    public var path: String
    /// The manifest's folder; relative paths are resolved against it.
    public var directory: String
    public var output: String?
    public var outputLocation: SourceLocation?
    public var bundles: [BundleSpec]
    public var images: [ImageSpec]
    /// Devices the app runs on; chooses icon and launch-image slots.
    public var devices: [Idiom] = Idiom.iOSDevices
    public var deploymentTarget: OSVersion = Manifest.defaultDeploymentTarget
    public var appIcon: AppIconSpec?
    public var launchImage: LaunchImageSpec?
    public var budget: SizeBudget?
    /// Xcode asset catalogs compiled beside `images` (docs/catalogs.md).
    public var catalogs: [CatalogSpec] = []
    /// `"appIcon": {"set": NAME}`: the app icon set taken from the catalogs.
    public var appIconSetName: CatalogSetChoice?
    /// `"appIcon": {"set": NAME, "alternates": true}`: every other iOS app
    /// icon set of the catalogs is packaged as an alternate icon.
    public var alternateAppIcons = false
    /// `"codegen": {"swift": "Sources/App/Assets.swift"}`: generated accessors, relative to the manifest.
    public var swiftOutput: String?
    /// `"fonts": "fonts"`: the only fonts text a source does not embed may be drawn with (relative
    /// to the manifest), so renders do not depend on the machine's installed fonts.
    public var fontsDirectory: String?
    /// `"render": {"timeoutSeconds": 120, "memoryMiB": 4096}`: the render workers' budgets, unless
    /// the command line gives them.
    public var renderTimeoutSeconds: Double?
    public var renderMemoryMiB: Int?
    /// `"render": {"pngEffort": "max"}`.
    public var pngEffort: PNGEffort?
    public var fontsLocation: SourceLocation?
    /// `"codegen": {"objc": "Classes/Assets"}`: `Assets.h` and `Assets.m`, relative to the manifest.
    public var objcOutput: String?
    /// `"codegen": {"bundle": "module"}`: where the generated accessors look.
    public var accessorBundle: AccessorBundle?
    /// `"car": true`: the catalogs' image sets and the app icon are also compiled into
    /// `Resources/Assets.car` (docs/assets-car.md).
    public var compiledCatalog = false
    /// Folders outside the catalogs that links in them may lead into (`allowLinksTo`, relative to
    /// the manifest), resolved to be opened.
    public var allowedLinkRoots: [String] = []
    /// `"launchImage": {"set": NAME}`.
    public var launchImageSetName: CatalogSetChoice?
    /// `"launchScreen": {"color": NAME, "image": NAME, …}`: iOS 14's `UILaunchScreen`.
    public var launchScreen: LaunchScreenSpec?
    /// `"brandAssets"`: a tvOS app's Brand Assets set drawn from layered art.
    public var brandAssets: BrandAssetsSpec?
    /// `"solidImageStack"`: a visionOS app's icon drawn from layered art.
    public var solidImageStack: SolidImageStackSpec?

    /// True when the manifest itself names both `devices` and `deploymentTarget`: only then are
    /// variants that no supported device loads left out (`DeviceAwareVariants`).
    public var namesDevicesAndTarget = false

    public static let defaultDeploymentTarget = OSVersion(7)

    /// The target of a build of catalogs alone (no manifest, no `--deployment-target`): iOS 15.0,
    /// the oldest release today's Xcode builds for without a warning. A manifest keeps iOS 7, the
    /// loose-file world it describes; a catalog is Xcode's, and iOS 7 would add icon and launch
    /// slots no current app ships (docs/manifest.md).
    public static let catalogDefaultDeploymentTarget = OSVersion(15)

    public init(path: String, directory: String, output: String? = nil, outputLocation: SourceLocation? = nil, bundles: [BundleSpec], images: [ImageSpec], devices: [Idiom] = Idiom.iOSDevices, deploymentTarget: OSVersion = Manifest.defaultDeploymentTarget, appIcon: AppIconSpec? = nil, launchImage: LaunchImageSpec? = nil, budget: SizeBudget? = nil) {
        (self.path, self.directory, self.output, self.outputLocation, self.bundles) = (path, directory, output, outputLocation, bundles)
        (self.images, self.devices, self.deploymentTarget, self.appIcon) = (images, devices, deploymentTarget, appIcon)
        (self.launchImage, self.budget) = (launchImage, budget)
    }
}

/// A set picked by name from the catalogs, with where it was asked for.
public struct CatalogSetChoice: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation?

    public init(name: String, location: SourceLocation? = nil) { (self.name, self.location) = (name, location) }
}

/// `budget`: a build whose `Resources/` tree would exceed `maxBytes` fails and changes nothing.
public struct SizeBudget: Sendable, Hashable, Codable {
    private enum CodingKeys: String, CodingKey { case maxBytes, location = "at" }

    public var maxBytes: Int
    public var location: SourceLocation

    public init(maxBytes: Int, location: SourceLocation) { (self.maxBytes, self.location) = (maxBytes, location) }
}

/// `appIcon`: generate every slot from one source, or validate and package an Xcode set.
public struct AppIconSpec: Sendable, Hashable {
    public enum Input: Sendable, Hashable {
        case generate(SourceSpec, page: Int)
        case appiconset(SourceSpec)
    }

    public var input: Input
    public var name: String
    /// Explicit background; nil means white, with a warning if the art has transparency.
    public var background: RGBAColor?
    /// Also write `iTunesArtwork` and `iTunesArtwork@2x` (ad-hoc distribution).
    public var artwork: Bool
    public var location: SourceLocation

    public static let defaultName = "AppIcon"

    public init(input: Input, name: String, background: RGBAColor? = nil, artwork: Bool, location: SourceLocation) {
        (self.input, self.name, self.background, self.artwork, self.location) = (input, name, background, artwork, location)
    }
}

/// `launchImage`: generate every slot from one source, or validate an Xcode set or loose files.
public struct LaunchImageSpec: Sendable, Hashable {
    public enum Input: Sendable, Hashable {
        case generate(SourceSpec, page: Int, fit: Fit)
        case launchimage(SourceSpec)
        case files([SourceSpec])
    }

    public var input: Input
    public var basename: String
    public var background: RGBAColor?
    public var orientations: [Orientation]
    public var schemes: [String]
    public var location: SourceLocation

    public static let defaultBasename = "Default"

    public init(input: Input, basename: String, background: RGBAColor? = nil, orientations: [Orientation], schemes: [String], location: SourceLocation) {
        (self.input, self.basename, self.background, self.orientations, self.schemes) = (input, basename, background, orientations, schemes)
        self.location = location
    }
}

extension RGBAColor {
    /// Parses `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex: String) {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9 else { return nil }
        let digits = Array(hex.dropFirst())
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
            index += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }

    public var hex: String {
        let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + parts.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}

public struct BundleSpec: Sendable, Hashable, Codable {
    private enum CodingKeys: String, CodingKey { case name, path, location = "at" }

    public var name: String
    /// A single folder name ending in `.bundle`, placed at the top of `Resources/`.
    public var path: String
    public var location: SourceLocation

    public init(name: String, path: String, location: SourceLocation) { (self.name, self.path, self.location) = (name, path, location) }
}

public enum Idiom: String, Sendable, Hashable, CaseIterable, Comparable {
    case iphone, ipad
    /// Apple TV: a tvOS build's own idiom (the car's idiom 3).
    case tv
    /// Apple Watch: a watchOS build's own idiom (the car's idiom 5).
    case watch
    /// Apple Vision Pro: a visionOS build's own idiom (the car's idiom 8).
    case vision

    /// iOS's devices, a manifest's and an iOS build's default.
    public static let iOSDevices: [Idiom] = [.iphone, .ipad]

    public static func < (lhs: Idiom, rhs: Idiom) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// An Xcode catalog entry's `idiom` (`universal` when it has none), read once for every kind of
    /// set: every device's (`.universal`), an iOS device's, or another idiom's (mac, car, watch…),
    /// which each set kind treats its own way.
    public enum InCatalog: Equatable, Sendable {
        case universal
        case device(Idiom)
        case other(String)

        public init(_ name: String?) {
            switch name ?? "universal" {
            case "universal": self = .universal
            case "iphone": self = .device(.iphone)
            case "ipad": self = .device(.ipad)
            case "tv": self = .device(.tv)
            case "watch": self = .device(.watch)
            case "vision": self = .device(.vision)
            case let other: self = .other(other)
            }
        }

        /// The iOS device, nil for every device and for another idiom.
        public var device: Idiom? { if case .device(let idiom) = self { idiom } else { nil } }
        public var isOther: Bool { if case .other = self { true } else { false } }

        /// What the entry is to a build for `platform`: on iOS, universal and the iPhone and iPad
        /// entries apply; on macOS, universal and `mac` entries do, and a `mac` entry replaces the
        /// universal one with the same traits (a macOS car has no idiom in its key: acextract's
        /// Xcode 7.3 Mac car holds a set's mac images where it has both, docs/macos-evidence.md).
        public func applies(on platform: ApplePlatform) -> PlatformMatch {
            switch (platform, self) {
            case (_, .universal): return .everyDevice
            case (.iOS, .device(.iphone)): return .device(.iphone)
            case (.iOS, .device(.ipad)): return .device(.ipad)
            case (.tvOS, .device(.tv)): return .device(.tv)
            case (.watchOS, .device(.watch)): return .device(.watch)
            case (.visionOS, .device(.vision)): return .device(.vision)
            // An App Store icon set's entries (Brand Assets); keyed marketing in the car.
            case (.tvOS, .other("tv-marketing")): return .device(.tv)
            case (.macOS, .other("mac")): return .platformOnly
            // Mac Catalyst: the iPad's entries, and the Mac's, which win over universal ones as on
            // macOS (their images are stored without an idiom, as the Catalyst cars hold theirs).
            case (.macCatalyst, .device(.ipad)): return .device(.ipad)
            case (.macCatalyst, .other("mac")): return .platformOnly
            default: return .otherPlatform
            }
        }
    }

    /// How a catalog entry's idiom meets the build's platform (`InCatalog.applies(on:)`).
    public enum PlatformMatch: Equatable, Sendable {
        /// `universal`: every device of every platform.
        case everyDevice
        /// An iPhone or iPad entry of an iOS build (`~iphone`, `~ipad` loose names; the car's idiom).
        case device(Idiom)
        /// The platform's own idiom where the car has none (`mac` on macOS): it wins over universal.
        case platformOnly
        /// Another platform's or device's entry: not built.
        case otherPlatform

        /// The idiom the entry's output carries (nil for every device and for the platform's own).
        public var device: Idiom? { if case .device(let idiom) = self { idiom } else { nil } }
    }
}

/// How a page maps into an explicit `size`.
public enum Fit: String, Sendable, Hashable, CaseIterable {
    /// Uniform scale, centred, transparent margins.
    case contain
    /// Uniform scale, centred, cropped.
    case fill
    /// Independent horizontal and vertical scale.
    case stretch
}

public struct PointSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) { (self.width, self.height) = (width, height) }

    public var description: String { "\(formatPoints(width))x\(formatPoints(height))" }
}

/// Formats a point value without a trailing `.0` (83.5 stays 83.5, 60.0 becomes 60).
public func formatPoints(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// One source file reference as written in the manifest.
public struct SourceSpec: Sendable, Hashable {
    /// The path as written (relative to the manifest's folder, or absolute).
    public var path: String
    public var location: SourceLocation

    public init(path: String, location: SourceLocation) { (self.path, self.location) = (path, location) }
}

/// What to draw and how: a source page, an optional explicit point size and a fit.
public struct ArtSpec: Sendable, Hashable {
    public var source: SourceSpec
    public var page: Int
    public var size: PointSize?
    public var fit: Fit

    public init(source: SourceSpec, page: Int, size: PointSize? = nil, fit: Fit) {
        (self.source, self.page, self.size, self.fit) = (source, page, size, fit)
    }
}

/// An idiom-specific variant of an image (`idioms` in the manifest).
public struct IdiomArt: Sendable, Hashable {
    public var idiom: Idiom
    public var art: ArtSpec
    public var scales: [Int]

    public init(idiom: Idiom, art: ArtSpec, scales: [Int]) { (self.idiom, self.art, self.scales) = (idiom, art, scales) }
}

/// The `tall` (iPhone 5, `-568h@2x`) variant of an image.
public struct TallArt: Sendable, Hashable {
    public var art: ArtSpec
    /// Added to the base height when the tall variant derives its size from the base art.
    public static let extraHeight = 88.0
    /// True when `size` must be derived from the base size at planning time (base page size + 88 pt).
    public var derivesSize: Bool

    public init(art: ArtSpec, derivesSize: Bool) { (self.art, self.derivesSize) = (art, derivesSize) }
}

public struct ImageSpec: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation
    public var nameLocation: SourceLocation
    /// Universal art; nil only when every idiom names its own art.
    public var art: ArtSpec?
    public var scales: [Int]
    /// Empty for a universal image.
    public var idioms: [IdiomArt]
    public var tall: TallArt?
    public var bundle: BundleRef
    public var bundleLocation: SourceLocation?

    public init(name: String, location: SourceLocation, nameLocation: SourceLocation, art: ArtSpec? = nil, scales: [Int], idioms: [IdiomArt], tall: TallArt? = nil, bundle: BundleRef = .main, bundleLocation: SourceLocation? = nil) {
        (self.name, self.location, self.nameLocation, self.art, self.scales) = (name, location, nameLocation, art, scales)
        (self.idioms, self.tall, self.bundle, self.bundleLocation) = (idioms, tall, bundle, bundleLocation)
    }
}

extension Manifest {
    /// The folder a bundle's files go into (its `path` in `bundles`); nil for the main bundle.
    public func folder(of bundle: BundleRef) -> String? {
        bundle.name.flatMap { name in bundles.first { $0.name == name }?.path }
    }

    /// The one rule for paths written in a manifest (sources, sets, catalogs, fonts, outputs,
    /// generated code): absolute as written, else relative to the manifest's folder.
    public func resolve(_ path: String) -> String {
        FilePath(path).resolve(against: FilePath(directory)).string
    }
}
