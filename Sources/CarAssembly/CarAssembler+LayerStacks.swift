import AssetModel
import CompiledCatalog
import Rendering

// A tvOS Brand Assets set's image stacks in the car (docs/tvos.md).
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
                throw BuildFailure(.invalidInput, [.error(stack.contentsPath, .imageStackNameTaken(appIcon.name))])
            }
            // The written layer images, by name and scale.
            var files: [String: [Int: String]] = [:]
            // The layers' plain images (not a dark or high-contrast one: tvOS's icon has no appearances).
            for (written, path) in sources.entries where written.variant.appearance.isAny && layers.contains(where: { $0.1 == written.variant.name }) {
                files[written.variant.name, default: [:]][written.variant.scale] = path
            }
            let scales = Set(files.values.flatMap(\.keys)).sorted()
            var flattened: [CompiledCatalog.Rendition] = []
            for scale in scales {
                let width = stack.width * scale, height = stack.height * scale
                var canvas = [UInt8](repeating: 0, count: width * height * 4)
                // Back to front: Contents.json lists the front layer first.
                for (layer, name) in layers.reversed() {
                    guard let path = files[name]?[scale] else {
                        made.append(.warning(stack.contentsPath, .layerHasNoImage(layer.name, ofStack: stack.name, scale: scale)))
                        continue
                    }
                    let image: RGBAImage
                    do {
                        image = try SRGBConversion.convert(try PNGCodec.decode(try sources.reader.read(path, Limits.maximumSourceBytes)).image)
                    } catch {
                        throw BuildFailure(.invalidInput, [.error(path, .layerImageUnreadable(layer.name, ofStack: stack.name, error))])
                    }
                    LayerCompositing.drawCentred(image, onto: &canvas, width: width, height: height)
                }
                // Opaque, as actool's flattened images are ("…-1.1.0-…" even over translucent
                // layers): what shows through is black (its premultiplied colours, alpha made 255;
                // kagurasumusun/mac's selfgen-stacks car).
                LayerCompositing.overBlack(&canvas)
                var rendition = CompiledCatalog.Rendition(idiom: stack.isAppStoreIcon ? .marketing : .tv, scale: scale, appearance: .any,
                                                          fileName: "ZZZZFlattenedImage", width: width, height: height, rgba: canvas)
                rendition.thorough = sources.request.optimizesForSpace
                flattened.append(rendition)
            }
            let sizes = layers.map { (name: $0.1, width: stack.width, height: stack.height) }
            stacks.append(CompiledCatalog.LayerStack(name: appIcon.name, recordIdiom: stack.isAppStoreIcon ? .marketing : .universal,
                                                     imageIdiom: stack.isAppStoreIcon ? .marketing : .tv, width: stack.width, height: stack.height,
                                                     layers: sizes, flattened: flattened))
        }
        return stacks
    }
}

/// How stacks are written; raised when that changes, so a car cached by an earlier version is made again.
enum LayerStackVersion {
    static let current = 1
}

/// Source-over compositing of straight-alpha RGBA, for a stack's flattened image.
enum LayerCompositing {
    /// `canvas` drawn over opaque black: each colour times its alpha, every alpha 255.
    static func overBlack(_ canvas: inout [UInt8]) {
        for pixel in stride(from: 0, to: canvas.count, by: 4) {
            let alpha = Int(canvas[pixel + 3])
            guard alpha != 255 else { continue }
            for channel in 0..<3 { canvas[pixel + channel] = UInt8((Int(canvas[pixel + channel]) * alpha + 127) / 255) }
            canvas[pixel + 3] = 255
        }
    }

    /// `image` drawn over `canvas` (straight RGBA, `width`×`height`), centred: Xcode's layers are
    /// the canvas's size, and one of another size sits in its middle (Apple's "frame-center"
    /// defaults to the canvas's centre).
    static func drawCentred(_ image: RGBAImage, onto canvas: inout [UInt8], width: Int, height: Int) {
        let left = (width - image.width) / 2, top = (height - image.height) / 2
        for y in 0..<image.height {
            let cy = y + top
            guard cy >= 0, cy < height else { continue }
            for x in 0..<image.width {
                let cx = x + left
                guard cx >= 0, cx < width else { continue }
                let s = (y * image.width + x) * 4, d = (cy * width + cx) * 4
                let sa = Int(image.pixels[s + 3])
                if sa == 0 { continue }
                let da = Int(canvas[d + 3])
                if sa == 255 || da == 0 {
                    for c in 0..<4 { canvas[d + c] = image.pixels[s + c] }
                    continue
                }
                // out = src·αs + dst·αd·(1−αs), over αout = αs + αd·(1−αs), in 0…255 units.
                let outA = sa * 255 + da * (255 - sa)
                for c in 0..<3 {
                    let value = Int(image.pixels[s + c]) * sa * 255 + Int(canvas[d + c]) * da * (255 - sa)
                    canvas[d + c] = UInt8((value + outA / 2) / outA)
                }
                canvas[d + 3] = UInt8((outA + 127) / 255)
            }
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func imageStackNameTaken(_ name: String) -> Diagnostic.Message {
        "the image stack \"\(name)\" has the name of an image, data "
            + "or colour set; Assets.car holds one asset by a name: rename one"
    }

    fileprivate static func layerHasNoImage(_ layer: String, ofStack stack: String, scale: Int) -> Diagnostic.Message {
        "the layer \"\(layer)\" of the image stack \"\(stack)\" has no @\(scale)x "
            + "image; the flattened image at @\(scale)x is drawn without it"
    }

    fileprivate static func layerImageUnreadable(_ layer: String, ofStack stack: String, _ error: any Error) -> Diagnostic.Message {
        "the layer \"\(layer)\" of \"\(stack)\": " + CarMessage.cannotRead(error)
    }
}
