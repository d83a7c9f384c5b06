import AssetModel

/// Reads page sizes and raster headers. The real one opens files with Poppler and libpng; tests
/// substitute a table so planning is tested without any file.
public protocol SourceInspecting {
    func inspect(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) throws(SourceError) -> SourceInfo
    /// Whether the art is fully opaque: decodes a PNG, or renders a PDF page small.
    func isOpaque(path: String, kind: ResolvedSource.Kind, page: Int) throws(SourceError) -> Bool
    /// Whether a PNG declares an alpha channel, whatever its pixels hold (ITMS-90717).
    func hasAlphaChannel(path: String) throws(SourceError) -> Bool
    /// An Icon Composer 2.0 file's keys assetc does not read (`IconComposerFile.unknownKeys`).
    func iconComposerUnknownKeys(path: String) throws(SourceError) -> [String]
    /// Inspects many sources, in any order or in parallel; results in request order.
    func inspectAll(_ requests: [SourceRequest]) -> [Result<SourceInfo, SourceError>]
    /// Fonts a PDF uses without embedding them.
    func unembeddedFonts(path: String) throws(SourceError) -> [String]
}

extension SourceInspecting {
    func inspect(_ request: SourceRequest) -> Result<SourceInfo, SourceError> {
        Result { () throws(SourceError) in try inspect(path: request.path, kind: request.kind, pages: request.pages) }
    }

    /// Tables in tests have no Icon Composer 2.0 keys.
    public func iconComposerUnknownKeys(path: String) throws(SourceError) -> [String] { [] }

    /// Tables in tests declare no alpha channel unless they say so.
    public func hasAlphaChannel(path: String) throws(SourceError) -> Bool { false }

    /// Without a way to read fonts (tables in tests), a PDF embeds everything it uses.
    public func unembeddedFonts(path: String) throws(SourceError) -> [String] { [] }

    /// Inspects many sources; results in request order. The default goes one by one.
    public func inspectAll(_ requests: [SourceRequest]) -> [Result<SourceInfo, SourceError>] {
        requests.map(inspect)
    }
}
