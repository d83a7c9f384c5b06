/// A source file after path resolution, with what planning learnt about it.
public struct ResolvedSource: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case pdf, png, svg, jpeg
    }

    /// The path as shown in diagnostics (manifest folder joined with the path as written).
    public var path: String
    public var kind: Kind
    /// 1-based page for PDFs; 1 for PNGs.
    public var page: Int

    public init(path: String, kind: Kind, page: Int) {
        self.path = path
        self.kind = kind
        self.page = page
    }
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
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}

/// An RGBA colour, 8 bits per channel, straight alpha.
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
}

/// One output file: everything needed to render, encode and index it. Produced by `Planner`.
public struct Variant: Sendable, Hashable {
    /// The logical name passed to `imageNamed:`.
    public var name: String
    /// The bundle name from the manifest, nil for the main bundle.
    public var bundle: String?
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
    /// Where the manifest asked for this variant.
    public var manifestLocation: SourceLocation
    public var role: VariantRole = .image
    /// The table row an icon or launch image fills (for Info.plist and the index).
    public var iconSlot: IconSlot? = nil
    public var launchSlot: LaunchSlot? = nil
    /// Set for files outside `Resources/` (the App Store icon); relative to the output folder.
    public var outsideResourcesPath: String? = nil
    /// Light/dark and contrast (catalog images); `.any` otherwise.
    public var appearance: Appearance = .any
    /// The catalog, set and slot file a catalog variant came from.
    public var catalogOrigin: CatalogOrigin? = nil

    public var pixelCount: Int { pixelWidth * pixelHeight }

    /// Path relative to the output folder.
    public var outputPath: String { outsideResourcesPath ?? "Resources/" + relativePath }

    public init(name: String, bundle: String? = nil, relativePath: String, fileName: String, scale: Int, idiom: Idiom? = nil, tall: Bool, pointSize: PointSize, pixelWidth: Int, pixelHeight: Int, source: ResolvedSource, contentSize: PointSize, placement: Placement, background: RGBAColor? = nil, manifestLocation: SourceLocation, role: VariantRole = .image, iconSlot: IconSlot? = nil, launchSlot: LaunchSlot? = nil, outsideResourcesPath: String? = nil) {
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
        self.manifestLocation = manifestLocation
        self.role = role
        self.iconSlot = iconSlot
        self.launchSlot = launchSlot
        self.outsideResourcesPath = outsideResourcesPath
    }
}

public enum VariantRole: String, Sendable, Hashable {
    case image
    case appIcon = "app-icon"
    case appStoreIcon = "app-store-icon"
    /// An alternate app icon (`setAlternateIconName(_:)`), from a catalog's other app icon sets.
    case alternateAppIcon = "alternate-app-icon"
    case artwork
    case launchImage = "launch-image"
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
