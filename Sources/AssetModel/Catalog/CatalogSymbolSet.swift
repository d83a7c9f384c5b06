/// A `.symbolset`: a custom SF Symbol, one SVG template whose glyphs (weights and sizes) go into
/// Assets.car; code loads it by name (`UIImage(named:)`, `Image(_:)`). It has no loose-file form
/// (docs/catalogs.md).
public struct CatalogSymbolSet: Sendable, Hashable, Codable {
    /// The name code asks for: namespace groups joined with `/`, then the set name.
    public var name: String
    public var setPath: String
    public var contentsPath: String
    /// The template's file name as Contents.json gives it (recorded in the car's renditions).
    public var filename: String
    /// The template, openable.
    public var path: String
    /// `properties.symbol-rendering-intent` (`template`, `monochrome`, `multicolor`, `hierarchical`).
    public var renderingIntent: String?

    public static let knownRenderingIntents: Set<String> = ["template", "monochrome", "multicolor", "hierarchical"]

    public init(name: String, setPath: String, contentsPath: String, filename: String, path: String, renderingIntent: String? = nil) {
        (self.name, self.setPath, self.contentsPath, self.filename, self.path) = (name, setPath, contentsPath, filename, path)
        self.renderingIntent = renderingIntent
    }
}
