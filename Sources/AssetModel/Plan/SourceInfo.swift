/// What planning needs to know about a source without rendering it.
public enum SourceInfo: Sendable, Hashable {
    /// Page sizes in points (crop box, rotation applied), indexed by page - 1.
    case pdf(pageCount: Int, pageSizes: [Int: PointSize])
    /// A raster's pixel size and the scale its `@Nx` suffix declares.
    case png(width: Int, height: Int, scale: Int, interlaced: Bool)
    /// An SVG's intrinsic size in CSS pixels (= points): `width`/`height`, else the `viewBox`.
    case svg(PointSize)
    /// A JPEG's pixel size; JPEGs are copied byte for byte, never decoded.
    case jpeg(width: Int, height: Int)
    /// An Icon Composer bundle, read through its `icon.json`: a 1024-point square, and the Icon
    /// Composer 2.0 features it uses (`IconComposerFile.features`).
    case iconComposer(features: [String] = [])
}

/// One source to inspect, with every page the manifest uses from it.
public struct SourceRequest: Sendable, Hashable {
    public var path: String
    public var kind: ResolvedSource.Kind
    public var pages: Set<Int>

    public init(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) { (self.path, self.kind, self.pages) = (path, kind, pages) }
}

extension ResolvedSource.Kind {
    /// The kind a source path names, by extension.
    public static func forPath(_ path: String) -> ResolvedSource.Kind? {
        let lower = path.lowercased()
        if lower.hasSuffix(".pdf") { return .pdf }
        // `.png` is any raster decoded to pixels: PNG, and WebP and HEIC (written out as PNG).
        if [".png", ".webp", ".heic", ".heif"].contains(where: lower.hasSuffix) { return .png }
        if lower.hasSuffix(".svg") { return .svg }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return .jpeg }
        if lower.hasSuffix(".icon/icon.json") { return .iconComposer }
        return nil
    }
}

/// The scale a raster file name declares (`photo@2x.png` is 2, `photo.png` 1).
public func declaredScale(ofFileName path: String) -> Int {
    let file = FilePath(path).lastComponent
    var stem = file
    if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
    if let tilde = stem.firstIndex(of: "~") { stem = String(stem[..<tilde]) }
    for scale in [3, 2, 1] where stem.hasSuffix("@\(scale)x") { return scale }
    return 1
}

extension SourceInfo {
    public var kind: ResolvedSource.Kind {
        switch self {
        case .pdf: .pdf
        case .png: .png
        case .svg: .svg
        case .jpeg: .jpeg
        case .iconComposer: .iconComposer
        }
    }
}
