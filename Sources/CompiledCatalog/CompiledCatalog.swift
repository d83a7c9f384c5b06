import AssetModel

/// What goes into `Assets.car`: named assets, each with bitmap renditions. Built by the façade from
/// the plan and the rendered PNGs; turned into bytes by `CompiledCatalogWriter`. Value types only.
public struct CompiledCatalog: Sendable {
    public struct Asset: Sendable {
        public enum Kind: Sendable {
            /// An app icon set: part 220, plus one multisize record per idiom.
            case appIcon
            /// An image set: part 181.
            case image
            /// A colour set: part 217, one layout-1009 rendition per appearance and idiom.
            case color
            /// A data set (`NSDataAsset`): part 181, one layout-1000 rendition per idiom.
            case data
            /// A symbol set (custom SF Symbol): part 59, one layout-1017 rendition per glyph of its
            /// template, keyed by glyph weight and size.
            case symbol
        }

        /// The name an app asks for (`UIImage(named:)`, `CFBundleIconName`).
        public var name: String
        public var kind: Kind
        public var renditions: [Rendition]
        /// A colour set's colours.
        public var colors: [ColorRendition] = []

        public init(name: String, kind: Kind, renditions: [Rendition]) { (self.name, self.kind, self.renditions) = (name, kind, renditions) }
    }

    /// How an image is drawn: as its pixels, as a mask in the tint colour, or as UIKit decides (a
    /// set without `template-rendering-intent`). actool records it in the rendition's flags.
    public enum RenderingIntent: Sendable {
        case automatic, original, template
    }

    /// One colour of a colour set (`RLOC`): its components in the space's order, alpha last.
    public struct ColorRendition: Sendable {
        public var idiom: RenditionIdiom
        public var appearance: RenditionAppearance
        public var space: ColorSpace
        public var components: [Double]
        /// A system colour the colour stands for (`systemBlueColor`), resolved by UIKit on the device;
        /// the components are then the colour used where the name does not resolve.
        public var systemColorName: String?
        /// A localized colour's `locale`, keyed as a localized image is; nil is every language.
        public var localization: String?

        public init(idiom: RenditionIdiom, appearance: RenditionAppearance, space: ColorSpace, components: [Double],
                    systemColorName: String? = nil, localization: String? = nil) {
            (self.idiom, self.appearance, self.space, self.components) = (idiom, appearance, space, components)
            (self.systemColorName, self.localization) = (systemColorName, localization)
        }
    }

    /// Xcode's Slicing at one scale, in pixels of the rendition's image.
    public struct Slicing: Sendable, Hashable {
        public enum Mode: Sendable, Hashable {
            case threePartHorizontal, threePartVertical, ninePart
        }

        public var mode: Mode
        public var tiles: Bool
        public var top: Int
        public var left: Int
        public var bottom: Int
        public var right: Int
        /// The centre part kept (`center.width`/`height`); nil keeps the whole centre.
        public var centerWidth: Int?
        public var centerHeight: Int?

        public init(mode: Mode, tiles: Bool, top: Int, left: Int, bottom: Int, right: Int, centerWidth: Int?, centerHeight: Int?) {
            (self.mode, self.tiles, self.top, self.left, self.bottom, self.right) = (mode, tiles, top, left, bottom, right)
            (self.centerWidth, self.centerHeight) = (centerWidth, centerHeight)
        }
    }

    /// Alignment insets at one scale, in pixels.
    public struct AlignmentInsets: Sendable, Hashable {
        public var top: Int
        public var left: Int
        public var bottom: Int
        public var right: Int

        public init(top: Int, left: Int, bottom: Int, right: Int) { (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right) }
    }

    /// A file stored in the car as it is (a `DWAR` payload) rather than as pixels.
    public enum EmbeddedFile: Sendable {
        /// A JPEG slot: actool keeps the file's bytes (layout 12, pixel format `JPEG`).
        case jpeg([UInt8])
        /// The vector rendition of a single-scale PDF, beside its bitmaps (layout 9, key scale 0).
        case pdf([UInt8])
        /// The vector rendition of a single-scale SVG, beside its bitmaps (layout 9, key scale 0).
        case svg([UInt8])
        /// A data set's file (layout 1000, pixel format `DATA`), with its type identifier.
        case data([UInt8], typeIdentifier: String?)
        /// One glyph of a custom symbol's template (layout 1017, pixel format `SVG `).
        case symbolGlyph(SymbolGlyph)
    }

    public struct Rendition: Sendable {
        public var idiom: RenditionIdiom
        public var scale: Int
        public var appearance: RenditionAppearance
        /// An icon's size in points (its `dimension2` index comes from it); nil for image sets.
        public var iconPoints: Double?
        /// The file name recorded in the rendition (actool records the source file's).
        public var fileName: String
        public var width: Int
        public var height: Int
        /// Straight (not premultiplied) RGBA, 8 bits per channel, top row first.
        public var rgba: [UInt8]
        /// A wide-gamut rendition's pixels (display gamut P3, `traits[.displayGamut] == 1`):
        /// extended-range sRGB as 4 floats a pixel, straight alpha, top row first. Stored as
        /// actool stores them: `RGBW`, half floats, premultiplied, colour space 4; `rgba` is then
        /// not used.
        public var extendedRGBA: [Float]?
        public var renderingIntent: RenderingIntent = .automatic
        /// Drawn from a PDF or SVG: actool flags these bitmaps as vector-based.
        public var isFromVector = false
        /// Set for a JPEG or a PDF kept as a file; `rgba` is then empty and `width`/`height` are the
        /// JPEG's pixels (0 for a PDF).
        public var embedded: EmbeddedFile?
        /// 568 for a tall (`-568h`, `retina4`) slot, as actool keys it; 0 otherwise.
        public var subtype: UInt16 = 0
        /// Size-class, memory and graphics-family slots: the attributes that select them.
        public var traits: [RenditionAttribute: UInt16] = [:]
        /// A localized slot's `locale` (`fr`, `zh-Hans`): the writer numbers the car's names and
        /// keys the rendition by that number under LOCALIZATIONKEYS; nil is localization 0.
        public var localization: String?
        /// The set's slicing at this scale, in pixels: the bitmap is stored cut down to its caps and
        /// one centre part, with the slice rectangles and the resizable layout actool writes.
        public var slicing: Slicing?
        /// The set's alignment insets at this scale, in pixels (TLV 1003).
        public var alignment: AlignmentInsets?
        /// The rendition's bytes, already made (`CompiledCatalogWriter.encode`, or copied out of the
        /// previous car); the pixels are then not needed.
        public var encoded: [UInt8]?
        /// What the bytes were made from, recorded beside the car so the next build can copy them
        /// out of it when nothing changed (nil: always made anew).
        public var cacheKey: String?
        /// `--optimization space`: its streams from a thorough LZFSE search.
        public var thorough = false

        public init(idiom: RenditionIdiom, scale: Int, appearance: RenditionAppearance, iconPoints: Double? = nil,
                    fileName: String, width: Int, height: Int, rgba: [UInt8]) {
            (self.idiom, self.scale, self.appearance, self.iconPoints, self.fileName) = (idiom, scale, appearance, iconPoints, fileName)
            (self.width, self.height, self.rgba) = (width, height, rgba)
        }
    }

    /// An Icon Composer icon's layers as iOS 26 draws them live (`IconStackPlan`): stacks under the
    /// app icon's name beside its flattened icons, and the groups, layers, colours and gradients
    /// they name, each an asset of its own.
    public struct IconStack: Sendable {
        /// A layer's stored image: an SVG as its file, or a PNG's pixels (`rendition.width`/`height`,
        /// at most 1024 wide) with the size of the file they were read from.
        public enum LayerImage: Sendable {
            case svg([UInt8])
            /// A rendition with `extendedRGBA` set is stored twice, as actool stores a Display P3
            /// layer: the sRGB bitmap, and a wide-gamut copy keyed by display gamut 1.
            case bitmap(Rendition, sourceWidth: Int, sourceHeight: Int)
        }

        public var plan: IconStackPlan
        /// By layer name (`AppIcon_Assets/Glyph`).
        public var images: [String: LayerImage]

        public init(plan: IconStackPlan, images: [String: LayerImage]) { (self.plan, self.images) = (plan, images) }
    }

    /// A tvOS layered image (an `.imagestack` of a Brand Assets set), stored as actool of Xcode
    /// 26.5 stores it (docs/tvos.md): a layout-1002 record listing its layers — each an image
    /// asset of its own (`App Icon/Front/Content`) — back to front, and the flattened image
    /// tvOS shows where it draws no parallax (part 208), both under `name`.
    /// A tvOS layered icon's radiosity image: per cell of the blurred canvas, its blue, green, red
    /// and alpha as 16-bit values of 6 fraction bits (CoreUI's "blurred" compression; docs/tvos.md).
    public struct RadiosityImage: Sendable {
        public var idiom: RenditionIdiom
        /// The canvas: the stack's, 80 pixels larger each way.
        public var width: Int
        public var height: Int
        public var cell: Int
        public var values: [Int16]

        public init(idiom: RenditionIdiom, width: Int, height: Int, cell: Int, values: [Int16]) {
            (self.idiom, self.width, self.height, self.cell, self.values) = (idiom, width, height, cell, values)
        }
    }

    public struct LayerStack: Sendable {
        /// tvOS's image stack (record layout 1002) or visionOS's solid image stack (layout 1018,
        /// with its layers' textures).
        public enum Kind: Sendable { case layered, solid }

        public var kind = Kind.layered
        /// The name the record and the flattened images are found by: the App Icon stack's,
        /// which the App Store icon's shares, keyed apart by idiom.
        public var name: String
        /// The record's idiom: universal for the App Icon, marketing for the App Store icon.
        public var recordIdiom: RenditionIdiom
        /// The flattened images' idiom: tv for the App Icon, marketing for the App Store icon.
        public var imageIdiom: RenditionIdiom
        /// The canvas at 1x, in pixels.
        public var width: Int
        public var height: Int
        /// The layer images' names, front first as the stack's Contents.json lists them, with
        /// their size at 1x.
        public var layers: [(name: String, width: Int, height: Int)]
        /// The layers drawn back to front, per scale (`rgba` straight, canvas size at the scale).
        public var flattened: [Rendition]
        /// A solid image stack's layers' textures (docs/visionos.md).
        public var textures: [LayerTexture] = []
        /// A tvOS stack's radiosity image, at 1x (docs/tvos.md).
        public var radiosity: RadiosityImage?

        public init(name: String, recordIdiom: RenditionIdiom, imageIdiom: RenditionIdiom, width: Int, height: Int,
                    layers: [(name: String, width: Int, height: Int)], flattened: [Rendition]) {
            (self.name, self.recordIdiom, self.imageIdiom, self.width, self.height) = (name, recordIdiom, imageIdiom, width, height)
            (self.layers, self.flattened) = (layers, flattened)
        }
    }

    public var assets: [Asset]
    public var iconStacks: [IconStack] = []
    /// tvOS layered images (a Brand Assets set's stacks).
    public var layerStacks: [LayerStack] = []
    /// Whose car it is: its key format, appearance names and metadata follow (CarPlatform.swift).
    public var platform: ApplePlatform = .iOS
    /// The deployment target written in the extended metadata (`"12.0"`).
    public var deploymentTarget: String
    /// The actool generation written as: CoreUI's version in the header, the icons' numbering.
    public var xcode = XcodeGeneration.default

    public init(assets: [Asset], deploymentTarget: String) { (self.assets, self.deploymentTarget) = (assets, deploymentTarget) }
}

/// Why a catalog cannot be written.
public struct CompiledCatalogError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
