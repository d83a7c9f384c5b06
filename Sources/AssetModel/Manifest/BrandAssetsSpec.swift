/// `"brandAssets"`: a tvOS app's Brand Assets set drawn from layered art, as `"appIcon"` draws an
/// iOS icon (docs/tvos.md, "From layered art"): one PDF, SVG or PNG per layer, front first, drawn
/// as the App Icon (400x240 at 1x and 2x) and the App Store icon (1280x768 at 1x), with the parallax
/// layers kept apart; and the top-shelf images, each from its own art.
public struct BrandAssetsSpec: Sendable, Hashable {
    public static let defaultName = "App Icon & Top Shelf Image"
    /// tvOS draws a layered image of 2 to 5 layers (Apple's HIG).
    public static let layerCounts = 2...5

    public struct Layer: Sendable, Hashable {
        /// The layer's name in the car (`App Icon/<name>/Content`).
        public var name: String
        public var source: SourceSpec
        public var page: Int

        public init(name: String, source: SourceSpec, page: Int = 1) { (self.name, self.source, self.page) = (name, source, page) }
    }

    /// What `--app-icon` would name; the stacks are `App Icon` and `App Icon - App Store` in it.
    public var name: String
    /// Front first, as Xcode lists an image stack's layers.
    public var layers: [Layer]
    public var topShelf: SourceSpec?
    public var topShelfWide: SourceSpec?
    /// What the back layer and the top-shelf images are drawn on (tvOS asks for an opaque back
    /// layer, App Store Connect for top-shelf images without alpha); white unless the manifest says.
    public var background: RGBAColor = .white
    public var location: SourceLocation

    public init(name: String = defaultName, layers: [Layer], topShelf: SourceSpec? = nil, topShelfWide: SourceSpec? = nil,
                location: SourceLocation) {
        (self.name, self.layers, self.topShelf, self.topShelfWide, self.location) = (name, layers, topShelf, topShelfWide, location)
    }

    /// The layer names Xcode gives a stack of `count` layers, front first: Front, Back; Front,
    /// Middle, Back; then Front, Middle 1 … Back.
    public static func defaultLayerNames(count: Int) -> [String] {
        switch count {
        case ...2: return Array(["Front", "Back"].prefix(max(count, 0)))
        case 3: return ["Front", "Middle", "Back"]
        default: return ["Front"] + (1...(count - 2)).map { "Middle \($0)" } + ["Back"]
        }
    }

    /// The stacks drawn: name, size in points, scales.
    public static let stacks: [(name: String, width: Int, height: Int, scales: [Int])] = [
        ("App Icon", 400, 240, [1, 2]), ("App Icon - App Store", 1280, 768, [1]),
    ]
}

/// `"solidImageStack"`: a visionOS app's icon drawn from layered art (docs/visionos.md, "From
/// layered art"): one PDF, SVG or PNG per layer, front first, each drawn at the icon's 1024x1024
/// pixels (512 points at 2x), the back one filling it on `background`, the others fitting inside it
/// with their transparency kept.
public struct SolidImageStackSpec: Sendable, Hashable {
    public static let defaultName = "AppIcon"
    /// A back layer and one or two over it (Apple's "Configuring your app icon").
    public static let layerCounts = 2...3

    /// What `--app-icon` would name; the layers are `<name>/<layer>/Content`.
    public var name: String
    /// Front first.
    public var layers: [BrandAssetsSpec.Layer]
    /// What the back layer is drawn on (visionOS asks for an opaque back layer); white unless said.
    public var background: RGBAColor = .white
    public var location: SourceLocation

    public init(name: String = defaultName, layers: [BrandAssetsSpec.Layer], location: SourceLocation) {
        (self.name, self.layers, self.location) = (name, layers, location)
    }
}
