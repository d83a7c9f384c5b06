import AssetModel
import AssetPlatform
import Planning
import Rendering

/// Planning's view of real files: the rendering target's `SourceReader` (Poppler, libpng) behind
/// planning's `SourceInspecting` protocol. It lives here so neither stage depends on the other.
struct LiveSourceInspector: SourceInspecting {
    let reader: SourceReader

    func inspect(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) throws(SourceError) -> SourceInfo {
        try reader.inspect(path: path, kind: kind, pages: pages)
    }

    func isOpaque(path: String, kind: ResolvedSource.Kind, page: Int) throws(SourceError) -> Bool {
        try reader.isOpaque(path: path, kind: kind, page: page)
    }

    func iconComposerUnknownKeys(path: String) throws(SourceError) -> [String] {
        try reader.iconComposerUnknownKeys(path: path)
    }

    func hasAlphaChannel(path: String) throws(SourceError) -> Bool {
        try reader.hasAlphaChannel(path: path)
    }

    func unembeddedFonts(path: String) throws(SourceError) -> [String] {
        try reader.unembeddedFonts(path: path)
    }

    func inspectAll(_ requests: [SourceRequest]) -> [Result<SourceInfo, SourceError>] {
        reader.inspectAll(requests)
    }
}
