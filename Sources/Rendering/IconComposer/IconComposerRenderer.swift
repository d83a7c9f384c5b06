import AssetModel
import Foundation

/// Draws an Icon Composer bundle's flattened icon at a canvas's size: the background fill, then each
/// group and its layers from the back (the file lists the front-most first), each layer placed at
/// its native size times its and its group's scale, centred on the 1024-point canvas and moved by
/// the translations (y down), recoloured by its fill (its alpha the mask), at its opacity, with its
/// blend mode. Material effects (glass, shadows, specular, translucency) are not drawn: they belong
/// to the live icon of iOS 26 (docs/catalogs.md says what this covers and what it does not).
enum IconComposerRenderer {
    /// The body of a macOS icon on its canvas, as fractions of the side: 824 of 1024 points, 100
    /// points in from each edge, corners of a 185.4-point radius (Apple's macOS app icon template
    /// since Big Sur; its corners are a continuous curve, drawn here as circular arcs).
    static let macOSBody = (inset: 100.0 / 1024, side: 824.0 / 1024, cornerRadius: 185.4 / 1024)

    /// A Mac app's flattened icon: the icon drawn full-bleed at the body's size, then set into the
    /// body's rounded square, transparent around it. actool's also has a drop shadow under the body
    /// and the glass's highlights, which are not drawn here (docs/assets-car.md, "macOS").
    static func drawMacOSIcon(_ document: IconComposerDocument, iconJSON: String, into canvas: CairoCanvas, store: SourceStore) throws(SourceError) {
        let side = Double(canvas.width)
        let body = max(1, Int((side * macOSBody.side).rounded()))
        let inset = ((side - Double(body)) / 2).rounded()
        let full = try CairoCanvas(width: body, height: body)
        try draw(document, iconJSON: iconJSON, into: full, store: store)
        let image = try full.straightRGBA()
        try canvas.withTransform(x: inset, y: inset, scale: 1) { () throws(SourceError) in
            canvas.clipToRoundedSquare(side: Double(body), radius: side * macOSBody.cornerRadius)
            try canvas.paint(image)
        }
    }

    static func draw(_ document: IconComposerDocument, iconJSON: String, into canvas: CairoCanvas, store: SourceStore) throws(SourceError) {
        let side = Double(canvas.width)
        let pixelsPerPoint = side / IconComposerDocument.canvasPoints
        if let background = paint(document.background, side: side) { canvas.fill(background) }
        for group in document.groups.reversed() {
            canvas.beginLayer()
            for layer in group.layers.reversed() {
                canvas.beginLayer()
                try drawImage(of: layer, in: group, iconJSON: iconJSON, canvas: canvas, store: store, pixelsPerPoint: pixelsPerPoint)
                canvas.endLayer(recolour: layer.fill.flatMap { paint($0, side: side) }, opacity: layer.opacity, blend: blend(layer.blendMode))
            }
            canvas.endLayer(recolour: nil, opacity: group.opacity, blend: blend(group.blendMode))
        }
    }

    private static func drawImage(of layer: IconComposerDocument.Layer, in group: IconComposerDocument.Group, iconJSON: String,
                                  canvas: CairoCanvas, store: SourceStore, pixelsPerPoint: Double) throws(SourceError) {
        let path = try IconComposerSource.layerPath(of: layer.imageName, iconJSON: iconJSON)
        let bytes = try store.bytes(path)
        let scale = group.position.scale * layer.position.scale
        let x = group.position.scale * layer.position.x + group.position.x
        let y = group.position.scale * layer.position.y + group.position.y
        let centre = IconComposerDocument.canvasPoints / 2
        if layer.imageName.lowercased().hasSuffix(".svg") {
            _ = silenceGLibLogging
            let document = try SVGDocument(bytes: displayP3ColoursAsSRGB(bytes))
            guard let size = document.size else { throw SourceError(.layerWithoutSize(layer.imageName)) }
            try canvas.withTransform(x: (centre + x - size.width * scale / 2) * pixelsPerPoint,
                                     y: (centre + y - size.height * scale / 2) * pixelsPerPoint, scale: scale * pixelsPerPoint) { () throws(SourceError) in
                try document.render(into: canvas.context, size: size)
            }
        } else {
            // A PNG layer: one point per pixel, as Icon Composer places it.
            let image = try PNGCodec.decode(bytes).image
            try canvas.withTransform(x: (centre + x - Double(image.width) * scale / 2) * pixelsPerPoint,
                                     y: (centre + y - Double(image.height) * scale / 2) * pixelsPerPoint, scale: scale * pixelsPerPoint) { () throws(SourceError) in
                try canvas.paint(image)
            }
        }
    }

    /// A fill as Cairo paints it over a `side`-pixel canvas; nil for `none`.
    static func paint(_ fill: IconComposerDocument.Fill, side: Double) -> CairoCanvas.Paint? {
        switch fill {
        case .none, .automatic:
            return nil
        case .solid(let color):
            let c = sRGB(color)
            return .solid(red: c.0, green: c.1, blue: c.2, alpha: c.3)
        case .automaticGradient(let color):
            // The colour at 70% of the height and below, lightened by about a quarter at the top (as
            // measured on a real actool rendition; docs/catalogs.md).
            let c = sRGB(color)
            let top = (c.0 + (1 - c.0) * 0.27, c.1 + (1 - c.1) * 0.27, c.2 + (1 - c.2) * 0.27)
            return .linear(from: (0, 0), to: (0, side * 0.7), stops: [(0, top.0, top.1, top.2, c.3), (1, c.0, c.1, c.2, c.3)])
        case .linearGradient(let colors, let start, let stop):
            let stops = colors.enumerated().map { index, color in
                let c = sRGB(color)
                return (offset: Double(index) / Double(max(1, colors.count - 1)), red: c.0, green: c.1, blue: c.2, alpha: c.3)
            }
            return .linear(from: (start.x * side, start.y * side), to: (stop.x * side, stop.y * side), stops: stops)
        }
    }

    static func blend(_ mode: IconComposerDocument.BlendMode) -> CairoCanvas.Blend {
        switch mode {
        case .normal: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .softLight: .softLight
        case .hardLight: .hardLight
        case .plusLighter: .add
        // Cairo has no "plus darker"; drawn as normal (docs/catalogs.md).
        case .plusDarker: .normal
        }
    }

    /// sRGB components, clamped; Display P3 converted through linear light and the primaries' matrix.
    static func sRGB(_ color: IconComposerDocument.Color) -> (Double, Double, Double, Double) {
        func clamp(_ v: Double) -> Double { min(1, max(0, v)) }
        guard color.isDisplayP3 else { return (clamp(color.red), clamp(color.green), clamp(color.blue), clamp(color.alpha)) }
        let (r, g, b) = displayP3ToSRGB(color.red, color.green, color.blue)
        return (clamp(r), clamp(g), clamp(b), clamp(color.alpha))
    }

    static func displayP3ToSRGB(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> Double { v <= 0.0031308 ? 12.92 * v : 1.055 * pow(max(0, v), 1 / 2.4) - 0.055 }
        let r = linear(red), g = linear(green), b = linear(blue)
        return (encoded(1.2249401 * r - 0.2249404 * g), encoded(-0.0420569 * r + 1.0420571 * g),
                encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b))
    }

    /// `color(display-p3 r g b)` in an SVG, which Icon Composer writes and librsvg 2.54 draws as
    /// nothing, rewritten as the sRGB colour it is.
    static func displayP3ColoursAsSRGB(_ bytes: [UInt8]) -> [UInt8] {
        guard let text = String(bytes: bytes, encoding: .utf8), text.contains("color(display-p3") else { return bytes }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "color(display-p3") {
            guard let close = rest[start.upperBound...].firstIndex(of: ")") else { break }
            result += rest[..<start.lowerBound]
            let numbers = rest[start.upperBound..<close].split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if numbers.count >= 3 {
                let (r, g, b) = displayP3ToSRGB(numbers[0], numbers[1], numbers[2])
                func byte(_ v: Double) -> Int { Int((min(1, max(0, v)) * 255).rounded()) }
                result += "rgb(\(byte(r)),\(byte(g)),\(byte(b)))"
            } else {
                result += rest[start.lowerBound...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return Array(result.utf8)
    }
}

extension RGBAImage {
    /// The image as grey (Rec. 709 luminance of its sRGB values), alpha kept: what a tinted icon is.
    func luminance() -> RGBAImage {
        var grey = pixels
        for at in stride(from: 0, to: grey.count, by: 4) {
            let value = 0.2126 * Double(grey[at]) + 0.7152 * Double(grey[at + 1]) + 0.0722 * Double(grey[at + 2])
            let byte = UInt8(min(255, max(0, value.rounded())))
            (grey[at], grey[at + 1], grey[at + 2]) = (byte, byte, byte)
        }
        return RGBAImage(width: width, height: height, pixels: grey)
    }
}

extension Diagnostic.Message {
    fileprivate static func layerWithoutSize(_ name: String) -> Diagnostic.Message { "the layer file \(name) has no size" }
}
