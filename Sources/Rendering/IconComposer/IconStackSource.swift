import AssetModel

/// An Icon Composer bundle read for its stack in Assets.car (`IconStackPlan`): the plan, from each
/// layer's native size, and each layer's stored image — an SVG as its file, a PNG as its sRGB
/// pixels, at most 1024 wide (actool stores a wider one scaled to 1024 across, keeping its shape,
/// and records the file's size beside it).
public enum IconStackSource {
    public enum LayerImage: Sendable {
        case svg([UInt8])
        /// `extended`: a layer whose colours reach beyond sRGB (a Display P3 PNG) also in
        /// extended-range sRGB floats, for a wide-gamut copy as actool stores one.
        case bitmap(RGBAImage, sourceWidth: Int, sourceHeight: Int, extended: [Float]?)
    }

    /// Part of the car's key: raise it when the stacks' renditions change.
    public static let version = 2

    /// The widest layer bitmap actool stores.
    public static let maximumStoredWidth = 1024

    /// `decodingLayers` false reads what the plan needs alone (layer headers, not pixels): what
    /// `check --car` and every build's planning afford.
    public static func read(iconJSON: String, stem: String, store: SourceStore, xcode: XcodeGeneration = .default,
                            decodingLayers: Bool = true) throws(SourceError) -> (IconStackPlan, [String: LayerImage]) {
        let file = try IconComposerSource.open(iconJSON: iconJSON, store: store)
        let names = file.imageNames
        var sizes: [String: PointSize] = [:]
        var files: [String: [UInt8]] = [:]
        for name in names {
            let bytes = try store.bytes(try IconComposerSource.layerPath(of: name, iconJSON: iconJSON))
            files[name] = bytes
            if name.lowercased().hasSuffix(".svg") {
                sizes[name] = try svgSize(bytes, name: name)
            } else {
                let header = try PNGCodec.readHeader(bytes)
                if header.width * header.height > Limits.maximumSourcePixels {
                    throw SourceError.overLimit(.layerOverPixelLimit(name, width: header.width, height: header.height, limit: Limits.maximumSourcePixels))
                }
                sizes[name] = PointSize(width: Double(header.width), height: Double(header.height))
            }
        }
        let plan: IconStackPlan
        do {
            plan = try IconStackPlan.make(file, stem: stem, xcode: xcode) { sizes[$0] }
        } catch {
            throw SourceError(.notAReadableIconJSON(error))
        }
        // What the stored bitmaps will hold, from the headers alone, before any is decoded: at
        // the documented maximum (64 groups of 64 layers) the main process took 10 GB.
        let storedPixels = plan.layers.filter { !$0.isSVG }.reduce(0) { total, layer in
            guard let size = sizes[layer.imageName] else { return total }
            let width = min(Int(size.width), maximumStoredWidth)
            let height = Int(size.width) > maximumStoredWidth ? Int((size.height * Double(maximumStoredWidth) / size.width).rounded()) : Int(size.height)
            return total + width * height
        }
        if storedPixels > Limits.maximumIconStackPixels {
            throw SourceError.overLimit(.iconStackOverPixelLimit(storedPixels, storedWidth: maximumStoredWidth, limit: Limits.maximumIconStackPixels))
        }
        var images: [String: LayerImage] = [:]
        for layer in plan.layers where decodingLayers {
            guard let bytes = files[layer.imageName] else { continue }
            if layer.isSVG {
                images[layer.name] = .svg(bytes)
                continue
            }
            let decoded = try PNGCodec.decode(bytes).image
            let image: RGBAImage
            var extended: [Float]?
            do {
                // Kept at the file's own width only: a scaled copy would need its floats resampled.
                if let color = decoded.color, !color.isPlainSRGB, decoded.width <= maximumStoredWidth {
                    extended = (try? SRGBConversion.extendedRangeSRGB(decoded, onlyBeyondSRGB: true)).flatMap {
                        SRGBConversion.fitsHalfFloats($0) ? $0 : nil
                    }
                }
                image = try SRGBConversion.convert(decoded)
            } catch {
                throw SourceError(.layerFile(layer.imageName, problem: String(describing: error)))
            }
            images[layer.name] = .bitmap(try storedWidth(image), sourceWidth: image.width, sourceHeight: image.height, extended: extended)
        }
        return (plan, images)
    }

    /// A bitmap at most `maximumStoredWidth` across: a wider one scaled down to it, its height in
    /// proportion (rounded to nearest), with Cairo's box-filtered resampling.
    static func storedWidth(_ image: RGBAImage) throws(SourceError) -> RGBAImage {
        guard image.width > maximumStoredWidth else { return image }
        let scale = Double(maximumStoredWidth) / Double(image.width)
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        let canvas = try CairoCanvas(width: maximumStoredWidth, height: height)
        canvas.apply(Placement(scaleX: scale, scaleY: Double(height) / Double(image.height), offsetX: 0, offsetY: 0))
        try canvas.paint(image)
        return try canvas.straightRGBA()
    }

    /// An SVG layer's size as the flattened icon takes it: `width` and `height` in CSS units (96
    /// to the inch), else the `viewBox`'s, from the root element alone (`SVGRootSize`).
    static func svgSize(_ bytes: [UInt8], name: String) throws(SourceError) -> PointSize {
        guard let size = SVGRootSize.size(bytes), size.width <= 100_000, size.height <= 100_000 else {
            throw SourceError(.layerWithoutUsableSize(name))
        }
        return size
    }
}

extension Diagnostic.Message {
    fileprivate static func iconStackOverPixelLimit(_ storedPixels: Int, storedWidth: Int, limit: Int) -> Diagnostic.Message { "the icon's bitmap layers hold \(storedPixels) pixels as the car stores them (at most \(storedWidth) across each), more than the limit of \(limit); use fewer or smaller PNG layers, or SVG ones" }
}
