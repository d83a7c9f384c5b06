import AssetModel
import CompiledCatalog
import Rendering

// Layered images in the car: a tvOS Brand Assets set's image stacks (docs/tvos.md) and visionOS's
// solid image stacks (docs/visionos.md).
extension CarAssembler {
    /// Each stack of `set` as a layered image: its record and its flattened image at each scale
    /// its layers have, drawn back to front from the PNGs the build wrote for the layers. The App
    /// Store icon's layers are keyed by the marketing idiom, as actool keys them (`assets` is
    /// changed for them), and its record and flattened images go under the App Icon's name.
    static func layerStacks(_ set: CatalogBrandAssets, _ sources: CarSources, assets: inout [String: CompiledCatalog.Asset],
                            made: inout [Diagnostic]) throws(BuildFailure) -> [CompiledCatalog.LayerStack] {
        // A flat App Store icon is an image of its own name, keyed marketing (MARLIN's assetutil dump).
        if let image = set.appStoreImage, var asset = assets[image.name] {
            for index in asset.renditions.indices { asset.renditions[index].idiom = .marketing }
            assets[image.name] = asset
        }
        let appIcon = set.stacks.first { $0.width == 400 && $0.height == 240 } ?? set.stacks.first
        guard let appIcon else { return [] }
        var stacks: [CompiledCatalog.LayerStack] = []
        for stack in set.stacks {
            let layers = stack.layers.filter(\.hasContent).compactMap { layer in layer.content.map { (layer, $0.name) } }
            guard layers.count >= 2 else { continue }
            if stack.isAppStoreIcon {
                for (_, name) in layers {
                    guard var asset = assets[name] else { continue }
                    for index in asset.renditions.indices { asset.renditions[index].idiom = .marketing }
                    assets[name] = asset
                }
            }
            if assets[appIcon.name] != nil {
                throw BuildFailure(.invalidInput, [.error(stack.contentsPath, .imageStackNameTaken(appIcon.name, kind: stack.kind))])
            }
            let idiom: RenditionIdiom = stack.isAppStoreIcon ? .marketing : .tv
            var flattened: [CompiledCatalog.Rendition] = []
            var radiosity: CompiledCatalog.RadiosityImage?
            let imagesByScale = try layerImages(stack, layers: layers, sources, made: &made)
            for (scale, images) in imagesByScale {
                let width = stack.width * scale, height = stack.height * scale
                var canvas = LayerCompositing.composite(images.map(\.2), width: width, height: height)
                // The light tvOS casts from the icon, from the composite before it is made opaque; at
                // 1x, as both public cars hold it (docs/tvos.md).
                if scale == 1 { radiosity = Radiosity.image(premultiplied: canvas, width: width, height: height, idiom: idiom) }
                // Opaque, as actool's flattened images are ("…-1.1.0-…" even over translucent layers):
                // what shows through is black (kagurasumusun/mac's selfgen-stacks car).
                LayerCompositing.makeOpaque(&canvas)
                var rendition = CompiledCatalog.Rendition(idiom: idiom, scale: scale, appearance: .any, fileName: "ZZZZFlattenedImage",
                                                          width: width, height: height, rgba: canvas)
                rendition.thorough = sources.request.optimizesForSpace
                flattened.append(rendition)
            }
            let sizes = layers.map { Self.layerPoints((name: $0.1, width: stack.width, height: stack.height), imagesByScale: imagesByScale) }
            var compiled = CompiledCatalog.LayerStack(name: appIcon.name, recordIdiom: stack.isAppStoreIcon ? .marketing : .universal,
                                                      imageIdiom: idiom, width: stack.width, height: stack.height, layers: sizes, flattened: flattened)
            compiled.radiosity = radiosity
            stacks.append(compiled)
        }
        return stacks
    }

    /// A layer's size in points, as the stack's record gives it: its image's at the lowest scale
    /// it has (a layer smaller than the canvas is centred on it), else the canvas's.
    static func layerPoints(_ layer: (name: String, width: Int, height: Int),
                            imagesByScale: [(Int, [(CatalogImageStack.Layer, CatalogImageSet, RGBAImage)])]) -> (name: String, width: Int, height: Int) {
        for (scale, images) in imagesByScale {
            if let image = images.first(where: { $0.1.name == layer.name })?.2 {
                return (layer.name, min(layer.width, image.width / scale), min(layer.height, image.height / scale))
            }
        }
        return layer
    }

    /// visionOS's solid image stacks, each under its own name: its record (universal, as the one
    /// public car has it), its flattened image at each scale its layers have (keyed vision) and
    /// each layer's textures.
    static func solidImageStacks(_ stacks: [CatalogImageStack], _ sources: CarSources, assets: [String: CompiledCatalog.Asset],
                                 made: inout [Diagnostic]) throws(BuildFailure) -> [CompiledCatalog.LayerStack] {
        var result: [CompiledCatalog.LayerStack] = []
        for stack in stacks {
            let layers = stack.layers.filter(\.hasContent).compactMap { layer in layer.content.map { (layer, $0) } }
            guard !layers.isEmpty else { continue }
            if assets[stack.name] != nil {
                throw BuildFailure(.invalidInput, [.error(stack.contentsPath, .imageStackNameTaken(stack.name, kind: stack.kind))])
            }
            var flattened: [CompiledCatalog.Rendition] = []
            var textures: [LayerTexture] = []
            for (scale, images) in try layerImages(stack, layers: layers.map { ($0.0, $0.1.name) }, sources, made: &made) {
                let width = stack.width * scale, height = stack.height * scale
                // Back to front, each layer premultiplied in 8 bits and drawn over what is below
                // (actool's flattened image of dusklight's icon, byte for byte), then opaque.
                var canvas = LayerCompositing.composite(images.map(\.2), width: width, height: height)
                LayerCompositing.makeOpaque(&canvas)
                var rendition = CompiledCatalog.Rendition(idiom: .vision, scale: scale, appearance: .any, fileName: "ZZZZFlattenedImage",
                                                          width: width, height: height, rgba: canvas)
                rendition.thorough = sources.request.optimizesForSpace
                flattened.append(rendition)
                for (layer, set, image) in images {
                    let alpha = (0..<(image.width * image.height)).map { image.pixels[4 * $0 + 3] }
                    let distances = SolidLayerTextures.distances(alpha: alpha, width: image.width, height: image.height)
                    let directions = SolidLayerTextures.directions(distances: distances, width: image.width, height: image.height)
                    let file = set.slots.first { $0.scale == scale }?.filename ?? layer.name
                    textures.append(LayerTexture(layer: set.name, fileName: file, width: image.width, height: image.height, scale: scale,
                                                 distances: distances, directions: directions, isOpaque: alpha.allSatisfy { $0 == 255 }))
                }
            }
            var compiled = CompiledCatalog.LayerStack(name: stack.name, recordIdiom: .universal, imageIdiom: .vision, width: stack.width,
                                                      height: stack.height, layers: layers.map { (name: $0.1.name, width: stack.width, height: stack.height) },
                                                      flattened: flattened)
            compiled.kind = .solid
            compiled.textures = textures
            result.append(compiled)
        }
        return result
    }

    /// The layers' images as the build wrote them, decoded and in sRGB, front first, by scale
    /// (ascending); a layer without an image at a scale is said and left out of that scale.
    static func layerImages(_ stack: CatalogImageStack, layers: [(CatalogImageStack.Layer, String)], _ sources: CarSources,
                            made: inout [Diagnostic]) throws(BuildFailure) -> [(Int, [(CatalogImageStack.Layer, CatalogImageSet, RGBAImage)])] {
        // The written layer images, by name and scale: the plain ones (a layered icon has no appearances).
        var files: [String: [Int: String]] = [:]
        for (written, path) in sources.entries where written.variant.appearance.isAny && layers.contains(where: { $0.1 == written.variant.name }) {
            files[written.variant.name, default: [:]][written.variant.scale] = path
        }
        var result: [(Int, [(CatalogImageStack.Layer, CatalogImageSet, RGBAImage)])] = []
        for scale in Set(files.values.flatMap(\.keys)).sorted() {
            var images: [(CatalogImageStack.Layer, CatalogImageSet, RGBAImage)] = []
            for (layer, name) in layers {
                guard let path = files[name]?[scale], let set = layer.content else {
                    made.append(.warning(stack.contentsPath, .layerHasNoImage(layer.name, ofStack: stack.name, kind: stack.kind, scale: scale)))
                    continue
                }
                do {
                    // A JPEG layer is drawn too (moonlight-ios's back layers are JPEGs), though a
                    // catalog's JPEG is otherwise copied, never decoded.
                    let bytes = try sources.reader.read(path, Limits.maximumSourceBytes)
                    let image = JPEGHeader.isJPEG(bytes) ? try JPEGCodec.decode(bytes) : try PNGCodec.decode(bytes).image
                    images.append((layer, set, try SRGBConversion.convert(image)))
                } catch {
                    // Named by the catalog's file, not the build's copy of it.
                    let source = set.slots.first { $0.scale == scale }?.path ?? path
                    throw BuildFailure(.invalidInput, [.error(source, .layerImageUnreadable(layer.name, ofStack: stack.name, error))])
                }
            }
            result.append((scale, images))
        }
        return result
    }
}

/// How stacks are written; raised when that changes, so a car cached by an earlier version is made again.
/// 2: one premultiplied compositing for tvOS and visionOS; tvOS's radiosity image.
enum LayerStackVersion {
    static let current = 2
}

/// A layered image's layers drawn into one, as actool draws its flattened images: in premultiplied
/// 8-bit RGBA, back to front, each layer's colours premultiplied and rounded, then added to what is
/// below times one less its alpha, rounded. Byte for byte actool's for dusklight's visionOS icon and
/// for both public tvOS cars' stacks (whose flattened images are this, made opaque; their radiosity
/// images are drawn from it as it is).
enum LayerCompositing {
    /// `images` (straight RGBA, front first) drawn back to front, each centred on a `width`×`height`
    /// canvas (Xcode's layers are the canvas's size; one of another size sits in its middle, as
    /// Apple's "frame-center" defaults to the centre). Premultiplied RGBA.
    static func composite(_ images: [RGBAImage], width: Int, height: Int) -> [UInt8] {
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for image in images.reversed() { drawCentred(image, onto: &canvas, width: width, height: height) }
        return canvas
    }

    /// Every alpha made 255, the premultiplied colours kept: the composite over black.
    static func makeOpaque(_ canvas: inout [UInt8]) {
        for pixel in stride(from: 3, to: canvas.count, by: 4) { canvas[pixel] = 255 }
    }

    static func drawCentred(_ image: RGBAImage, onto canvas: inout [UInt8], width: Int, height: Int) {
        let left = (width - image.width) / 2, top = (height - image.height) / 2
        for y in 0..<image.height where (0..<height).contains(y + top) {
            for x in 0..<image.width where (0..<width).contains(x + left) {
                let s = (y * image.width + x) * 4, d = ((y + top) * width + x + left) * 4
                let alpha = Int(image.pixels[s + 3])
                for c in 0..<3 {
                    let premultiplied = (Int(image.pixels[s + c]) * alpha + 127) / 255
                    canvas[d + c] = UInt8(premultiplied + (Int(canvas[d + c]) * (255 - alpha) + 127) / 255)
                }
                canvas[d + 3] = UInt8(alpha + (Int(canvas[d + 3]) * (255 - alpha) + 127) / 255)
            }
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func imageStackNameTaken(_ name: String, kind: CatalogImageStack.Kind) -> Diagnostic.Message { "the \(kind.setKind.rawValue) \"\(name)\" has the name of an image, data or colour set; Assets.car holds one asset by a name: rename one" }

    fileprivate static func layerHasNoImage(_ layer: String, ofStack stack: String, kind: CatalogImageStack.Kind, scale: Int) -> Diagnostic.Message { "the layer \"\(layer)\" of the \(kind.setKind.rawValue) \"\(stack)\" has no @\(scale)x image; the flattened image at @\(scale)x is drawn without it" }

    fileprivate static func layerImageUnreadable(_ layer: String, ofStack stack: String, _ error: any Error) -> Diagnostic.Message {
        "the layer \"\(layer)\" of \"\(stack)\": " + CarMessage.cannotRead(error)
    }
}
