/// A `.xcassets` catalog named by the manifest's `catalogs` or on the command line.
public struct CatalogSpec: Sendable, Hashable {
    /// The path as written (relative to the manifest's folder, or absolute).
    public var path: String
    /// The bundle (from `bundles`) its images and colours go into.
    public var bundle: BundleRef
    /// Scales an unscaled PDF or SVG is rendered at.
    public var scales: [Int]
    public var location: SourceLocation

    public static let defaultScales = [1, 2, 3]

    /// The scales a vector is drawn at by default: Macs have 1x and 2x screens only (acextract's Xcode
    /// 7.3 Mac car holds no 3x rendition of its universal 1x/2x/3x sets).
    public static func defaultScales(for platform: ApplePlatform) -> [Int] { platform != .iOS ? [1, 2] : defaultScales }

    public init(path: String, bundle: BundleRef = .main, scales: [Int] = CatalogSpec.defaultScales, location: SourceLocation) {
        (self.path, self.bundle, self.scales, self.location) = (path, bundle, scales, location)
    }
}

/// What one catalog holds, as the catalog reader understood it. Paths are usable to open files
/// (the catalog path joined with the set's folder).
public struct CatalogContents: Sendable {
    public var spec: CatalogSpec
    /// The catalog folder as opened (manifest folder joined with the path as written).
    public var path: String
    public var imageSets: [CatalogImageSet]
    public var colorSets: [CatalogColorSet]
    public var dataSets: [CatalogDataSet] = []
    public var symbolSets: [CatalogSymbolSet] = []
    /// App icon and launch image sets by qualified name, with their folder.
    public var appIconSets: [CatalogSetReference]
    public var launchImageSets: [CatalogSetReference]
    /// tvOS Brand Assets sets (read for a tvOS build only).
    public var brandAssets: [CatalogBrandAssets] = []
    /// visionOS solid image stacks, the app's icons (read for a visionOS build only).
    public var solidImageStacks: [CatalogImageStack] = []
    /// Another platform's icon sets, by qualified name (a `.brandassets` in an iOS build): not
    /// read, but named, so `--app-icon` naming one is told what it is.
    public var otherPlatformIcons: [String: ApplePlatform] = [:]
    /// Every folder the walk entered, which places the messages about the catalog
    /// (`Diagnostic.place`).
    public var folders = CatalogFolders()

    public init(spec: CatalogSpec, path: String, imageSets: [CatalogImageSet] = [], colorSets: [CatalogColorSet] = [],
                appIconSets: [CatalogSetReference] = [], launchImageSets: [CatalogSetReference] = []) {
        (self.spec, self.path, self.imageSets, self.colorSets, self.appIconSets) = (spec, path, imageSets, colorSets, appIconSets)
        self.launchImageSets = launchImageSets
    }

    /// A set's folder as the manifest names it (the catalog's path as written, then the set's path),
    /// to be resolved against the manifest's folder like any other path in it.
    public func folderAsWritten(of set: CatalogSetReference) -> String {
        FilePath(spec.path).appending(set.setPath).string
    }
}

public struct CatalogSetReference: Sendable, Hashable {
    /// The name as `--app-icon` or `--launch-image` gives it (the folder name without extension).
    public var name: String
    /// The set's folder relative to the catalog.
    public var setPath: String
    /// The name with the groups that provide a namespace in front (`Icons/Alt`), as actool names it.
    public var qualifiedName: String

    public init(name: String, setPath: String, qualifiedName: String? = nil) {
        self.name = name
        self.setPath = setPath
        self.qualifiedName = qualifiedName ?? name
    }
}

/// Light/dark and normal/high contrast, as `appearances` in Contents.json select them.
public struct Appearance: Sendable, Hashable, Comparable {
    public enum Luminosity: String, Sendable, Hashable, Comparable {
        /// `tinted` is iOS 18's tinted app icon; image and colour sets have no such appearance.
        case any, light, dark, tinted
        public static func < (a: Luminosity, b: Luminosity) -> Bool { a.rank < b.rank }
        private var rank: Int {
            switch self {
            case .any: 0
            case .light: 1
            case .dark: 2
            case .tinted: 3
            }
        }
    }

    public var luminosity: Luminosity
    public var highContrast: Bool

    public init(luminosity: Luminosity = .any, highContrast: Bool = false) { (self.luminosity, self.highContrast) = (luminosity, highContrast) }

    public static let any = Appearance()

    public var isAny: Bool { self == .any }

    /// The part of a loose file name that tells the appearance apart (docs/catalogs.md):
    /// "" for any, `-dark`, `-light`, `-highcontrast`, `-dark-highcontrast`.
    public var fileNameSuffix: String {
        (luminosity == .any ? "" : "-" + luminosity.rawValue) + (highContrast ? "-highcontrast" : "")
    }

    public static func < (a: Appearance, b: Appearance) -> Bool {
        (a.luminosity, a.highContrast ? 1 : 0) < (b.luminosity, b.highContrast ? 1 : 0)
    }
}

/// One filled slot of an imageset.
public struct CatalogImageSlot: Sendable, Hashable {
    /// nil is `universal`.
    public var idiom: Idiom?
    /// nil when the entry has no `scale` (a single-scale PDF, SVG or raster).
    public var scale: Int?
    public var appearance: Appearance
    /// `subtype: retina4` (the `-568h` tall variant).
    public var tall: Bool
    public var filename: String
    /// The file, openable.
    public var path: String
    /// The entry in Contents.json.
    public var location: SourceLocation

    public init(idiom: Idiom?, scale: Int?, appearance: Appearance, tall: Bool = false, filename: String, path: String, location: SourceLocation) {
        (self.idiom, self.scale, self.appearance, self.tall, self.filename, self.path) = (idiom, scale, appearance, tall, filename, path)
        self.location = location
    }
}

/// What an imageset's `properties` say that a loose PNG cannot carry; recorded in the index.
public struct CatalogImageProperties: Sendable, Hashable {
    /// `template` or `original`.
    public var templateRenderingIntent: String?
    public var preservesVectorRepresentation: Bool?
    /// `resizing` and `alignment-insets` of the first slot that has them, as written.
    public var resizing: JSONOutput?
    public var alignmentInsets: JSONOutput?
    /// Each scale's `resizing` as cap insets in points (the first slot of each scale), for the
    /// generated accessors, which apply them as Xcode's slicing does.
    public var capInsets: [ScaledCapInsets] = []
    /// Each scale's `alignment-insets`, in pixels.
    public var alignment: [ScaledAlignmentInsets] = []
    /// PNG slots chosen by size class, memory or graphics family, for Assets.car only.
    public var traitSlots: [CatalogTraitSlot] = []

    public init(templateRenderingIntent: String? = nil, preservesVectorRepresentation: Bool? = nil, resizing: JSONOutput? = nil, alignmentInsets: JSONOutput? = nil) {
        (self.templateRenderingIntent, self.preservesVectorRepresentation) = (templateRenderingIntent, preservesVectorRepresentation)
        (self.resizing, self.alignmentInsets) = (resizing, alignmentInsets)
    }

    public var isEmpty: Bool { self == CatalogImageProperties() }
}

public struct CatalogImageSet: Sendable, Hashable {
    /// The name `UIImage(named:)` knows: namespace groups joined with `/`, then the set name.
    public var name: String
    /// The set folder relative to the catalog (`Icons/Star.imageset`), for messages and the index.
    public var setPath: String
    /// `<set>/Contents.json`, openable (diagnostics point into it).
    public var contentsPath: String
    public var slots: [CatalogImageSlot]
    public var properties: CatalogImageProperties

    public init(name: String, setPath: String, contentsPath: String, slots: [CatalogImageSlot], properties: CatalogImageProperties) {
        (self.name, self.setPath, self.contentsPath, self.slots, self.properties) = (name, setPath, contentsPath, slots, properties)
    }

    /// Its Contents.json and every image it names, openable.
    public var readPaths: [String] { [contentsPath] + slots.map(\.path) }
}

/// One colour of a colorset: components in a colour space, or a reference to a system colour.
public struct CatalogColor: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        /// Components by name (`red`, `green`, `blue`, `alpha`, or `white`, `alpha`) as numbers,
        /// 0–1 (extended spaces may go beyond), in the order written.
        case components(colorSpace: String, [ColorComponent])
        /// `"platform": "ios", "reference": "systemBlueColor"`.
        case reference(platform: String?, name: String)
    }

    public var idiom: Idiom?
    public var appearance: Appearance
    public var value: Value
    /// A localized colour's `locale` (a language tag): only Assets.car selects on it; the index
    /// lists it, the run-time table (which has no language to choose by) leaves it out.
    public var locale: String?

    public init(idiom: Idiom?, appearance: Appearance, value: Value, locale: String? = nil) {
        (self.idiom, self.appearance, self.value, self.locale) = (idiom, appearance, value, locale)
    }
}

public struct ColorComponent: Sendable, Hashable {
    public var name: String
    public var value: Double

    public init(name: String, value: Double) { (self.name, self.value) = (name, value) }
}

public struct CatalogColorSet: Sendable, Hashable {
    public var name: String
    public var setPath: String
    public var colors: [CatalogColor]

    public init(name: String, setPath: String, colors: [CatalogColor]) { (self.name, self.setPath, self.colors) = (name, setPath, colors) }
}

/// Where a variant came from in a catalog, recorded in the index.
public struct CatalogOrigin: Sendable, Hashable, Codable {
    private enum CodingKeys: String, CodingKey {
        case catalog, setPath = "set", filename = "file", contentsPath = "contents", location = "at"
    }

    /// The catalog as named by the manifest or command line.
    public var catalog: String
    public var setPath: String
    /// The filename in the slot.
    public var filename: String
    /// The set's Contents.json and the slot's entry in it, for messages about this variant.
    public var contentsPath: String
    public var location: SourceLocation

    public init(catalog: String, setPath: String, filename: String, contentsPath: String, location: SourceLocation) {
        (self.catalog, self.setPath, self.filename, self.contentsPath, self.location) = (catalog, setPath, filename, contentsPath, location)
    }
}

/// What the index records per catalog image and colour, by bundle.
public struct CatalogRecords: Sendable, Codable {
    public struct Image: Sendable, Hashable {
        public var bundle: BundleRef
        public var name: String
        /// The catalog as named, and the set folder inside it.
        public var catalog: String
        public var setPath: String
        public var properties: CatalogImageProperties
        public var key: AssetKey { AssetKey(name, in: bundle) }
        public init(bundle: BundleRef, name: String, catalog: String, setPath: String, properties: CatalogImageProperties) {
            (self.bundle, self.name, self.catalog, self.setPath, self.properties) = (bundle, name, catalog, setPath, properties)
        }
    }

    public struct Color: Sendable, Hashable {
        public var bundle: BundleRef
        public var name: String
        public var colors: [CatalogColor]
        public var key: AssetKey { AssetKey(name, in: bundle) }
        public init(bundle: BundleRef, name: String, colors: [CatalogColor]) { (self.bundle, self.name, self.colors) = (bundle, name, colors) }
    }

    /// A data set of a catalog, by bundle.
    public struct DataSet: Sendable, Hashable {
        public var bundle: BundleRef
        public var name: String
        public var catalog: String
        public var setPath: String
        public var entries: [CatalogDataSet.Entry]
        public var key: AssetKey { AssetKey(name, in: bundle) }
        public init(bundle: BundleRef, name: String, catalog: String, setPath: String, entries: [CatalogDataSet.Entry]) {
            (self.bundle, self.name, self.catalog, self.setPath, self.entries) = (bundle, name, catalog, setPath, entries)
        }
    }

    public var images: [Image]
    public var colors: [Color]
    public var dataSets: [DataSet] = []
    /// The symbol sets of the catalogs, by bundle.
    public var symbolSets: [SymbolSet] = []

    /// A symbol set of a catalog, by bundle.
    public struct SymbolSet: Sendable, Hashable {
        public var bundle: BundleRef
        public var catalog: String
        public var symbolSet: CatalogSymbolSet
        public var name: String { symbolSet.name }
        public var key: AssetKey { AssetKey(name, in: bundle) }
        public init(bundle: BundleRef, catalog: String, symbolSet: CatalogSymbolSet) {
            (self.bundle, self.catalog, self.symbolSet) = (bundle, catalog, symbolSet)
        }
    }

    public init(images: [Image] = [], colors: [Color] = []) { (self.images, self.colors) = (images, colors) }

    private enum CodingKeys: String, CodingKey { case images, colors, dataSets, symbolSets }

    // Data sets are written only when there are some, so a plan without any reads as before.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(images, forKey: .images)
        try c.encode(colors, forKey: .colors)
        if !dataSets.isEmpty { try c.encode(dataSets, forKey: .dataSets) }
        if !symbolSets.isEmpty { try c.encode(symbolSets, forKey: .symbolSets) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        images = try c.decode([Image].self, forKey: .images)
        colors = try c.decode([Color].self, forKey: .colors)
        dataSets = try c.decodeIfPresent([DataSet].self, forKey: .dataSets) ?? []
        symbolSets = try c.decodeIfPresent([SymbolSet].self, forKey: .symbolSets) ?? []
    }
}
