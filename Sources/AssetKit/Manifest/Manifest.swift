/// The decoded and validated `assets.json` (version 1). Paths are as written, relative to the
/// manifest's folder; `ManifestLoader` resolves them.
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
}

public struct BundleSpec: Sendable, Hashable {
    public var name: String
    /// A single folder name ending in `.bundle`, placed at the top of `Resources/`.
    public var path: String
    public var location: SourceLocation
}

public enum Idiom: String, Sendable, Hashable, CaseIterable, Comparable {
    case iphone, ipad

    public static func < (lhs: Idiom, rhs: Idiom) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
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

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

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
}

/// What to draw and how: a source page, an optional explicit point size and a fit.
public struct ArtSpec: Sendable, Hashable {
    public var source: SourceSpec
    public var page: Int
    public var size: PointSize?
    public var fit: Fit
}

/// An idiom-specific variant of an image (`idioms` in the manifest).
public struct IdiomArt: Sendable, Hashable {
    public var idiom: Idiom
    public var art: ArtSpec
    public var scales: [Int]
}

/// The `tall` (iPhone 5, `-568h@2x`) variant of an image.
public struct TallArt: Sendable, Hashable {
    public var art: ArtSpec
    /// Added to the base height when the tall variant derives its size from the base art.
    public static let extraHeight = 88.0
    /// True when `size` must be derived from the base size at planning time (base page size + 88 pt).
    public var derivesSize: Bool
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
    public var bundle: String?
    public var bundleLocation: SourceLocation?
}
