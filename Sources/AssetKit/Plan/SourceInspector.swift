/// What planning needs to know about a source without rendering it.
public enum SourceInfo: Sendable, Hashable {
    /// Page sizes in points (crop box, rotation applied), indexed by page - 1.
    case pdf(pageCount: Int, pageSizes: [Int: PointSize])
    /// A raster's pixel size and the scale its `@Nx` suffix declares.
    case png(width: Int, height: Int, scale: Int, interlaced: Bool)
}

/// Reads page sizes and raster headers. The real one opens files with Poppler and libpng; tests
/// substitute a table so planning is tested without any file.
public protocol SourceInspecting {
    func inspect(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) throws(SourceError) -> SourceInfo
    /// The raw bytes of a small text file (Contents.json).
    func contents(of path: String) throws(SourceError) -> [UInt8]
    /// Whether the art is fully opaque: decodes a PNG, or renders a PDF page small.
    func isOpaque(path: String, kind: ResolvedSource.Kind, page: Int) throws(SourceError) -> Bool
    /// Inspects many sources, in any order or in parallel; results in request order.
    func inspectAll(_ requests: [SourceRequest]) -> [Result<SourceInfo, SourceError>]
}

/// One source to inspect, with every page the manifest uses from it.
public struct SourceRequest: Sendable, Hashable {
    public var path: String
    public var kind: ResolvedSource.Kind
    public var pages: Set<Int>
}

extension SourceInspecting {
    func inspect(_ request: SourceRequest) -> Result<SourceInfo, SourceError> {
        Result { () throws(SourceError) in try inspect(path: request.path, kind: request.kind, pages: request.pages) }
    }

    /// Inspects many sources; results in request order. The default goes one by one.
    public func inspectAll(_ requests: [SourceRequest]) -> [Result<SourceInfo, SourceError>] {
        requests.map(inspect)
    }
}

extension ResolvedSource.Kind {
    /// The kind a source path names, by extension.
    public static func forPath(_ path: String) -> ResolvedSource.Kind? {
        let lower = path.lowercased()
        if lower.hasSuffix(".pdf") { return .pdf }
        if lower.hasSuffix(".png") { return .png }
        return nil
    }
}

/// The scale a raster file name declares (`photo@2x.png` is 2, `photo.png` 1).
public func declaredScale(ofFileName path: String) -> Int {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    var stem = file
    if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
    if let tilde = stem.firstIndex(of: "~") { stem = String(stem[..<tilde]) }
    for scale in [3, 2, 1] where stem.hasSuffix("@\(scale)x") { return scale }
    return 1
}
