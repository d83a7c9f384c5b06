/// A tvOS Brand Assets set (`.brandassets`): the app icon as layered image stacks, the App Store
/// icon, and the top-shelf images (Apple's Asset Catalog Format Reference, "Brand Assets Type";
/// docs/tvos.md). Read only for a tvOS build.
public struct CatalogBrandAssets: Sendable, Hashable {
    /// What `--app-icon` names: the folder's name without `.brandassets`.
    public var name: String
    /// The folder relative to the catalog.
    public var setPath: String
    /// `<set>/Contents.json`, openable.
    public var contentsPath: String
    /// The `primary-app-icon` entries that are image stacks, in Contents.json's order.
    public var stacks: [CatalogImageStack]
    /// The `top-shelf-image` and `top-shelf-image-wide` entries: image sets, by role.
    public var topShelf: [TopShelfRole: CatalogImageSet] = [:]
    /// The App Store icon as a flat image set (`primary-app-icon`, idiom `tv-marketing`, 1280x768),
    /// as newer Xcode writes it instead of a stack: an image of its own name, keyed marketing.
    public var appStoreImage: CatalogImageSet?
    /// Roles the set names that assetc does not know, as written.
    public var unknownRoles: [String] = []

    public init(name: String, setPath: String, contentsPath: String, stacks: [CatalogImageStack]) {
        (self.name, self.setPath, self.contentsPath, self.stacks) = (name, setPath, contentsPath, stacks)
    }

    /// The image sets it holds: the stacks' layers', the top-shelf ones, a flat App Store icon.
    public var imageSets: [CatalogImageSet] {
        stacks.flatMap { $0.layers.compactMap(\.content) } + TopShelfRole.allCases.compactMap { topShelf[$0] } + [appStoreImage].compactMap { $0 }
    }

    /// Every file read for it (its Contents.json files and images), openable: none may lead out
    /// of the catalog (`CatalogReader`'s rule for links).
    public var readPaths: [String] {
        [contentsPath] + stacks.map(\.contentsPath) + stacks.flatMap(\.layerContentsPaths) + imageSets.flatMap(\.readPaths)
    }

    /// The stack sizes Apple's format has for `primary-app-icon`: the App Icon and the App Store icon.
    public static let stackSizes = [(width: 400, height: 240), (width: 1280, height: 768)]

    /// The top-shelf roles and the Info.plist key each image's name goes under.
    public enum TopShelfRole: String, Sendable, Hashable, CaseIterable {
        case standard = "top-shelf-image"
        case wide = "top-shelf-image-wide"

        /// `TVTopShelfImage`'s key for the role.
        public var infoPlistKey: String { self == .standard ? "TVTopShelfPrimaryImage" : "TVTopShelfPrimaryImageWide" }
        /// The size Apple asks for, in points (@1x and @2x).
        public var points: (width: Int, height: Int) { self == .standard ? (1920, 720) : (2320, 720) }
    }
}

/// A layered image: a tvOS `.imagestack` (2–5 layers) or a visionOS `.solidimagestack` (an app
/// icon of 2 or 3), its layers front first as Contents.json lists them, each a `Content.imageset`
/// of the stack's size.
public struct CatalogImageStack: Sendable, Hashable {
    /// The two kinds of layered image, one format under two sets of folder extensions.
    public enum Kind: Sendable, Hashable {
        /// tvOS's `.imagestack` of `.imagestacklayer`s (a Brand Assets set's icons).
        case imageStack
        /// visionOS's `.solidimagestack` of `.solidimagestacklayer`s (the app icon).
        case solidImageStack

        public var layerExtension: String { self == .imageStack ? "imagestacklayer" : "solidimagestacklayer" }
        public var platform: ApplePlatform { self == .imageStack ? .tvOS : .visionOS }
        /// How actool's messages name the set.
        public var setKind: ActoolMessage.SetKind { self == .imageStack ? .imageStack : .solidImageStack }
        /// "an image stack layer", "a solid image stack layer".
        public var layerDescription: String { self == .imageStack ? "an image stack layer" : "a solid image stack layer" }
    }

    /// A visionOS icon's canvas, in points: its layers are 1024x1024 pixels at 2x (Apple's "Configuring
    /// your app icon": "1024x1024 pixels" per layer; the one public actool car, rebelancap/dusklight-ios,
    /// records 512x512 at scale 1 and 1024x1024 images at 2x).
    public static let visionIconSize = (width: 512, height: 512)

    public var kind = Kind.imageStack
    /// The folder's name without `.imagestack` (`App Icon`).
    public var name: String
    public var setPath: String
    public var contentsPath: String
    /// The Brand Assets entry's `size`, in points: 400x240 (the App Icon) or 1280x768 (the App
    /// Store icon).
    public var width: Int
    public var height: Int
    public var layers: [Layer]

    public init(name: String, setPath: String, contentsPath: String, width: Int, height: Int, layers: [Layer]) {
        (self.name, self.setPath, self.contentsPath, self.width, self.height, self.layers) = (name, setPath, contentsPath, width, height, layers)
    }

    /// Every file read for it: its Contents.json, its layers', their image sets' and images.
    public var readPaths: [String] {
        [contentsPath] + layerContentsPaths + layers.compactMap(\.content).flatMap(\.readPaths)
    }

    /// Each layer folder's (optional) Contents.json.
    var layerContentsPaths: [String] { layers.compactMap { $0.folder.map { $0 + "/Contents.json" } } }

    /// The App Store icon (1280x768), whose renditions carry the marketing idiom.
    public var isAppStoreIcon: Bool { width == 1280 && height == 768 }

    /// One layer: its name (the folder's, without `.imagestacklayer`) and its image set, whose
    /// name in the car is `<stack>/<layer>/Content`.
    public struct Layer: Sendable, Hashable {
        public var name: String
        /// nil when the layer has no readable `Content.imageset`.
        public var content: CatalogImageSet?
        /// The layer's folder, openable (nil for one generated from a manifest).
        public var folder: String?
        /// The stack lists a folder that is not there (said once, by the catalog's reader).
        public var isMissing = false

        public init(name: String, content: CatalogImageSet?, folder: String? = nil) {
            (self.name, self.content, self.folder) = (name, content, folder)
        }

        /// Whether the layer has an image a tvOS build takes ("applicable content", as actool says).
        public var hasContent: Bool { !(content?.slots.isEmpty ?? true) }
    }
}
