/// A source file after path resolution, with what planning learnt about it.
public struct ResolvedSource: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable {
        case pdf, png, svg, jpeg
        /// An Icon Composer bundle's `icon.json`; `page` is the appearance (1 light, 2 dark, 3 tinted),
        /// plus `macOSShapePage` when drawn in the macOS icon shape.
        case iconComposer = "icon"
    }

    /// Added to an Icon Composer source's page: the icon drawn as a Mac app's flattened icon, the
    /// artwork inset in the rounded-square body of macOS icons (`IconComposerRenderer.macOSBody`).
    public static let macOSShapePage = 10

    /// The path as shown in diagnostics (manifest folder joined with the path as written).
    public var path: String
    public var kind: Kind
    /// 1-based page for PDFs; 1 for PNGs.
    public var page: Int

    public init(path: String, kind: Kind, page: Int) { (self.path, self.kind, self.page) = (path, kind, page) }
}

/// How the source is mapped onto the variant's pixels: `device = source × scale + offset`, where
/// source units are PDF points or raster pixels.
public struct Placement: Sendable, Hashable {
    public var scaleX: Double
    public var scaleY: Double
    public var offsetX: Double
    public var offsetY: Double

    /// Maps content of `contentSize` into a `width`×`height` pixel rectangle.
    /// `fit == nil` fills the rectangle exactly (used when the manifest gives no size).
    public static func map(content: PointSize, intoWidth width: Int, height: Int, fit: Fit?) -> Placement {
        let sx = Double(width) / content.width
        let sy = Double(height) / content.height
        switch fit {
        case nil, .stretch?:
            return Placement(scaleX: sx, scaleY: sy, offsetX: 0, offsetY: 0)
        case .contain?, .fill?:
            let s = fit == .contain ? min(sx, sy) : max(sx, sy)
            return Placement(scaleX: s, scaleY: s,
                             offsetX: (Double(width) - content.width * s) / 2,
                             offsetY: (Double(height) - content.height * s) / 2)
        }
    }

    /// True when the content covers every pixel of the variant (no transparent margins from `contain`).
    public func covers(content: PointSize, width: Int, height: Int) -> Bool {
        offsetX <= 0.0001 && offsetY <= 0.0001
            && content.width * scaleX + offsetX >= Double(width) - 0.0001
            && content.height * scaleY + offsetY >= Double(height) - 0.0001
    }

    public init(scaleX: Double, scaleY: Double, offsetX: Double, offsetY: Double) {
        (self.scaleX, self.scaleY, self.offsetX, self.offsetY) = (scaleX, scaleY, offsetX, offsetY)
    }
}

/// An RGBA colour, 8 bits per channel, straight alpha.
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
}

/// Which bundle a variant ships in. The main bundle has no name of its own: "main" is how the
/// files assetc writes spell it (`BundleRef.writtenName`), and a manifest bundle may not take it.
public enum BundleRef: Sendable, Hashable, Comparable {
    case main
    case named(String)

    /// The name a manifest gave, nil for the main bundle.
    public var name: String? {
        if case .named(let name) = self { return name }
        return nil
    }

    public init(_ name: String?) { self = name.map(BundleRef.named) ?? .main }

    /// How plan files, the index, the run-time table and reports name the bundle.
    public var writtenName: String { name ?? Self.mainName }

    /// Reserved: a manifest bundle called this would share the main bundle's entries.
    public static let mainName = "main"
}

/// An asset's identity: its name within its bundle. Every table keyed by "which asset" (duplicate
/// names, template and slicing lookups, generated accessors) uses this, never a joined string.
public struct AssetKey: Sendable, Hashable, Comparable {
    public var bundle: BundleRef
    public var name: String

    public init(_ name: String, in bundle: BundleRef = .main) { (self.bundle, self.name) = (bundle, name) }

    public static func < (lhs: AssetKey, rhs: AssetKey) -> Bool {
        (lhs.bundle, lhs.name) < (rhs.bundle, rhs.name)
    }
}

/// Where a variant was asked for, so a message about it points at the right file and line.
public enum VariantOrigin: Sendable, Hashable {
    /// An image, icon or launch entry of the manifest, at this position in it.
    case manifest(SourceLocation)
    /// A file in a catalog set's slot, at the slot's entry in the set's Contents.json.
    case catalog(CatalogOrigin)

    public var catalog: CatalogOrigin? {
        if case .catalog(let origin) = self { return origin }
        return nil
    }

    /// The file a diagnostic about this variant names: the manifest, or the set's Contents.json.
    public func file(manifestPath: String) -> String {
        catalog?.contentsPath ?? manifestPath
    }

    /// An error about this variant, at the file and position that asked for it.
    public func error(_ message: Diagnostic.Message, manifestPath: String) -> Diagnostic {
        .error(file(manifestPath: manifestPath), at: location, message)
    }

    public var location: SourceLocation {
        switch self {
        case .manifest(let location): location
        case .catalog(let origin): origin.location
        }
    }
}

/// What a variant is for; icon and launch roles carry the device-table row they fill.
public enum VariantRole: Sendable, Hashable {
    case image
    case appIcon(IconSlot)
    case appStoreIcon(IconSlot)
    /// An alternate app icon (`setAlternateIconName(_:)`), from a catalog's other app icon sets.
    case alternateAppIcon(IconSlot)
    /// The manifest's icon artwork at its own size (`AppStore/`), no slot of the table.
    case artwork
    case launchImage(LaunchSlot)

    /// The role without its slot, as files spell it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case image
        case appIcon = "app-icon"
        case appStoreIcon = "app-store-icon"
        case alternateAppIcon = "alternate-app-icon"
        case artwork
        case launchImage = "launch-image"
    }

    public var kind: Kind {
        switch self {
        case .image: .image
        case .appIcon: .appIcon
        case .appStoreIcon: .appStoreIcon
        case .alternateAppIcon: .alternateAppIcon
        case .artwork: .artwork
        case .launchImage: .launchImage
        }
    }

    public var iconSlot: IconSlot? {
        switch self {
        case .appIcon(let slot), .appStoreIcon(let slot), .alternateAppIcon(let slot): slot
        default: nil
        }
    }

    public var launchSlot: LaunchSlot? {
        if case .launchImage(let slot) = self { return slot }
        return nil
    }
}

/// What drawing one file takes, and nothing else: a source page mapped onto a pixel rectangle.
/// Render workers and the opacity probe receive only this, so nothing is invented for them.
public struct RenderJob: Sendable, Hashable, Codable {
    public var source: ResolvedSource
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Size of the source page (points) or raster (pixels).
    public var contentSize: PointSize
    public var placement: Placement
    /// Painted under the artwork (opaque outputs such as icons); nil keeps transparency.
    public var background: RGBAColor?
    /// A 16-bit PNG drawn at its own size may be written byte for byte (images only: icons and
    /// launch images are re-encoded, the App Store icon must lose its alpha channel).
    public var mayCopySource: Bool

    public init(source: ResolvedSource, pixelWidth: Int, pixelHeight: Int, contentSize: PointSize,
                placement: Placement, background: RGBAColor? = nil, mayCopySource: Bool = false) {
        (self.source, self.pixelWidth, self.pixelHeight, self.contentSize) = (source, pixelWidth, pixelHeight, contentSize)
        (self.placement, self.background, self.mayCopySource) = (placement, background, mayCopySource)
    }

    public var pixelCount: Int { pixelWidth * pixelHeight }
}

/// Where a planned file lands in the output folder.
public enum VariantDestination: Sendable, Hashable {
    /// `Resources/<relativePath>`: shipped loose in the app or its bundle.
    case resources
    /// A path relative to the output folder, outside what is copied into the app (the App Store
    /// icon, `AppStore/…`).
    case outsideBundle(String)
    /// Shipped only inside `Resources/Assets.car`, as actool ships image sets. The PNG is kept at
    /// `.assetc/renditions/<relativePath>` so a later build reuses it without rendering, and
    /// the car is made again from it.
    case compiledCatalog

    public static let renditionsFolder = ".assetc/renditions"
}

/// What selects a car-only rendition besides its name, idiom, scale and appearance: a locale
/// (LOCALIZATIONKEYS) and CoreUI's key attributes (`CatalogTraitSlot.attributeValues`).
public struct CarTraits: Sendable, Hashable, Codable {
    public var locale: String?
    public var attributes: [UInt16: UInt16]

    public init(locale: String?, attributes: [UInt16: UInt16]) { (self.locale, self.attributes) = (locale, attributes) }

    /// Chosen by a watch's screen width (CoreUI's subtype, 16) and nothing else.
    public var isWatchScreenWidthAlone: Bool { locale == nil && attributes.count == 1 && attributes[16] != nil }

    private enum CodingKeys: String, CodingKey { case locale, attributes }

    /// The attributes as `[[number, value], …]` in the numbers' order: a dictionary would be
    /// written in the process's hash order, and plan files must be the same bytes every run.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(locale, forKey: .locale)
        try c.encode(attributes.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }, forKey: .attributes)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        locale = try c.decodeIfPresent(String.self, forKey: .locale)
        var attributes: [UInt16: UInt16] = [:]
        for pair in try c.decode([[UInt16]].self, forKey: .attributes) {
            guard pair.count == 2 else { throw JSONValueDecoder.Failure(.carTraitIsNotAPair) }
            attributes[pair[0]] = pair[1]
        }
        self.attributes = attributes
    }

    /// One line, for cache keys and file names: `fr` / `4=5` / `fr,4=5`.
    public var summary: String {
        ([locale].compactMap { $0 } + attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: ",")
    }
}

/// One output file: everything needed to render, encode and index it. Produced by `Planner`.
///
/// Adding a field: declare it here, then give it a key in `Variant.CodingKeys` and a line in
/// `encode(to:)` and `init(from:)` below; plan files, fragments and `assetc plan --json` follow.
public struct Variant: Sendable, Hashable {
    /// The logical name passed to `imageNamed:`.
    public var name: String
    public var bundle: BundleRef
    /// Path inside `Resources/`, e.g. `Checkout.bundle/Card@2x.png`.
    public var relativePath: String
    public var fileName: String
    public var scale: Int
    public var idiom: Idiom?
    public var tall: Bool
    public var pointSize: PointSize
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var source: ResolvedSource
    /// Size of the source page (points) or raster (pixels).
    public var contentSize: PointSize
    public var placement: Placement
    /// Painted under the artwork (opaque outputs such as icons); nil keeps transparency.
    public var background: RGBAColor?
    /// The manifest entry or catalog slot that asked for this file.
    public var origin: VariantOrigin
    public var role: VariantRole = .image
    /// `Resources/`, outside the bundle (the App Store icon) or only in `Assets.car`.
    public var destination: VariantDestination = .resources
    /// Light/dark and contrast (catalog images); `.any` otherwise.
    public var appearance: Appearance = .any
    /// A car-only slot drawn from a vector (a localized or directional PDF): what the car keys
    /// its rendition by besides name, idiom, scale and appearance. nil for every other file.
    public var carTraits: CarTraits?

    public var pixelCount: Int { pixelWidth * pixelHeight }

    /// Path relative to the output folder.
    public var outputPath: String {
        switch destination {
        case .resources: "Resources/" + relativePath
        case .outsideBundle(let path): path
        case .compiledCatalog: VariantDestination.renditionsFolder + "/" + relativePath
        }
    }

    /// A file copied into the app as it is (not outside the bundle, not only in the car).
    public var isLooseInBundle: Bool { destination == .resources }
    public var isOutsideBundle: Bool {
        if case .outsideBundle = destination { return true }
        return false
    }

    /// The table row an icon or launch image fills (for Info.plist and the index).
    public var iconSlot: IconSlot? { role.iconSlot }
    public var launchSlot: LaunchSlot? { role.launchSlot }
    /// The catalog, set and slot file a catalog variant came from.
    public var catalogOrigin: CatalogOrigin? { origin.catalog }

    /// What a render worker needs to draw this file.
    public var renderJob: RenderJob {
        RenderJob(source: source, pixelWidth: pixelWidth, pixelHeight: pixelHeight, contentSize: contentSize,
                  placement: placement, background: background, mayCopySource: role == .image)
    }

    public init(name: String, bundle: BundleRef = .main, relativePath: String, fileName: String, scale: Int, idiom: Idiom? = nil, tall: Bool, pointSize: PointSize, pixelWidth: Int, pixelHeight: Int, source: ResolvedSource, contentSize: PointSize, placement: Placement, background: RGBAColor? = nil, origin: VariantOrigin, role: VariantRole = .image, destination: VariantDestination = .resources) {
        self.name = name
        self.bundle = bundle
        self.relativePath = relativePath
        self.fileName = fileName
        self.scale = scale
        self.idiom = idiom
        self.tall = tall
        self.pointSize = pointSize
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.source = source
        self.contentSize = contentSize
        self.placement = placement
        self.background = background
        self.origin = origin
        self.role = role
        self.destination = destination
    }
}

/// Apple's file-name rules: base name, then `-568h`, then `@Nx`, then `~idiom`, then `.png`.
public enum FileNaming {
    public static func fileName(base: String, tall: Bool = false, scale: Int, idiom: Idiom?, extension ext: String = "png") -> String {
        var name = base
        if tall { name += "-568h" }
        if scale > 1 { name += "@\(scale)x" }
        if let idiom { name += "~\(idiom.rawValue)" }
        return name + "." + ext
    }

    /// Pixels for `points` at `scale`: `max(1, round(points × scale))`, halves away from zero.
    /// Sizes past `unrepresentable` (a 1e20-unit SVG, a NaN page) come out as `unrepresentable`,
    /// which the size limits refuse with a message: converting them to Int would trap.
    public static func pixels(_ points: Double, scale: Int) -> Int {
        let value = (points * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard value.isFinite, value < Double(unrepresentable) else { return unrepresentable }
        return max(1, Int(max(value, 0)))
    }

    /// Larger than every limit (Cairo's 32767 px side), small enough that width × height × 4 fits an Int.
    public static let unrepresentable = 1 << 30
}

extension Diagnostic.Message {
    fileprivate static let carTraitIsNotAPair: Diagnostic.Message = "a car trait must be [attribute, value]"
}
