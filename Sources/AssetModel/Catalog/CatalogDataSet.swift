/// A `.dataset` (`NSDataAsset`): files of any kind, each for an idiom, with the type Xcode records
/// for it (`universal-type-identifier`). They have no loose-file form: the app finds them only in
/// Assets.car (docs/catalogs.md).
public struct CatalogDataSet: Sendable, Hashable {
    public struct Entry: Sendable, Hashable, Codable {
        /// nil is `universal`.
        public var idiom: Idiom?
        public var filename: String
        /// The file, openable.
        public var path: String
        /// `public.json`, `com.apple.coreml.model`…, when Contents.json gives one.
        public var typeIdentifier: String?
        /// A localized entry's `locale` (a language tag, `CatalogTraitSlot.isLocaleName`); nil is
        /// every language.
        public var locale: String?

        public init(idiom: Idiom?, filename: String, path: String, typeIdentifier: String?, locale: String? = nil) {
            (self.idiom, self.filename, self.path, self.typeIdentifier, self.locale) = (idiom, filename, path, typeIdentifier, locale)
        }
    }

    /// The name `NSDataAsset(name:)` takes: namespace groups joined with `/`, then the set name.
    public var name: String
    public var setPath: String
    public var contentsPath: String
    public var entries: [Entry]

    public init(name: String, setPath: String, contentsPath: String, entries: [Entry]) {
        (self.name, self.setPath, self.contentsPath, self.entries) = (name, setPath, contentsPath, entries)
    }
}
