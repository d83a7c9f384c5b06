import AssetModel
import CCairo

/// The only file that touches Cairo pointers: an ARGB32 image surface with a context, and the
/// access to its premultiplied pixels (the PNG shim reads or converts them).
final class CairoCanvas {
    let width: Int
    let height: Int
    private let surface: OpaquePointer
    let context: OpaquePointer

    init(width: Int, height: Int) throws(SourceError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw SourceError(.cannotAllocateDrawingSurface(width: width, height: height))
        }
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw SourceError(.cannotCreateDrawingContext)
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.context = context
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    func fill(_ color: RGBAColor) {
        cairo_save(context)
        cairo_set_source_rgba(context, Double(color.red) / 255, Double(color.green) / 255,
                              Double(color.blue) / 255, Double(color.alpha) / 255)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_restore(context)
    }

    func apply(_ placement: Placement) {
        cairo_translate(context, placement.offsetX, placement.offsetY)
        cairo_scale(context, placement.scaleX, placement.scaleY)
    }

    /// Paints a straight-alpha RGBA raster through the current transform with Cairo's good
    /// (box-filtered when shrinking) resampling.
    func paint(_ image: RGBAImage) throws(SourceError) {
        guard let source = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              cairo_surface_status(source) == CAIRO_STATUS_SUCCESS else {
            throw SourceError(.cannotAllocateRasterSurface(width: image.width, height: image.height))
        }
        defer { cairo_surface_destroy(source) }
        cairo_surface_flush(source)
        let stride = Int(cairo_image_surface_get_stride(source))
        guard let data = cairo_image_surface_get_data(source) else { throw SourceError(.cannotAccessRasterSurface) }
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                var index = y * image.width * 4
                for x in 0..<image.width {
                    let a = UInt32(pixels[index + 3])
                    let r = premultiply(pixels[index], a), g = premultiply(pixels[index + 1], a)
                    let b = premultiply(pixels[index + 2], a)
                    row[x] = a << 24 | r << 16 | g << 8 | b
                    index += 4
                }
            }
        }
        cairo_surface_mark_dirty(source)
        cairo_set_source_surface(context, source, 0, 0)
        let pattern = cairo_get_source(context)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // Clip to the raster's own rectangle so PAD only smooths the edges instead of smearing them.
        cairo_rectangle(context, 0, 0, Double(image.width), Double(image.height))
        cairo_clip(context)
        cairo_paint(context)
        cairo_reset_clip(context)
    }

    /// Clips what is drawn next to a square of `side` at the origin of the current user space, its
    /// corners rounded with `radius`.
    func clipToRoundedSquare(side: Double, radius: Double) {
        let r = min(radius, side / 2)
        cairo_new_path(context)
        cairo_arc(context, side - r, r, r, -Double.pi / 2, 0)
        cairo_arc(context, side - r, side - r, r, 0, Double.pi / 2)
        cairo_arc(context, r, side - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, r, r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
        cairo_clip(context)
    }

    // MARK: Layered drawing (Icon Composer)

    /// What a layer is painted with: a colour, or a linear gradient between two points in pixels.
    enum Paint {
        case solid(red: Double, green: Double, blue: Double, alpha: Double)
        case linear(from: (Double, Double), to: (Double, Double), stops: [(offset: Double, red: Double, green: Double, blue: Double, alpha: Double)])
    }

    /// How a layer meets what is under it; Cairo's operators for Icon Composer's modes.
    enum Blend {
        case normal, multiply, screen, overlay, darken, lighten, softLight, hardLight, add
    }

    /// Paints the whole surface (under the current clip) with `paint`.
    func fill(_ paint: Paint) {
        cairo_save(context)
        cairo_identity_matrix(context)
        let pattern = makePattern(paint)
        cairo_set_source(context, pattern)
        cairo_paint(context)
        cairo_pattern_destroy(pattern)
        cairo_restore(context)
    }

    /// Starts a layer: what is drawn until `endLayer` goes to a group of its own.
    func beginLayer() {
        cairo_push_group(context)
    }

    /// Composites the layer begun last onto what is under it: recoloured with `recolour` (the layer's
    /// alpha the mask) when given, at `opacity`, with `blend`.
    func endLayer(recolour: Paint?, opacity: Double, blend: Blend) {
        let layer = cairo_pop_group(context)
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_operator(context, Self.cairoOperator(blend))
        if let recolour {
            // Recolour in a group of its own, so opacity applies once to the result.
            cairo_push_group(context)
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            let pattern = makePattern(recolour)
            cairo_set_source(context, pattern)
            cairo_mask(context, layer)
            cairo_pattern_destroy(pattern)
            let recoloured = cairo_pop_group(context)
            cairo_set_source(context, recoloured)
            cairo_paint_with_alpha(context, opacity)
            cairo_pattern_destroy(recoloured)
        } else {
            cairo_set_source(context, layer)
            cairo_paint_with_alpha(context, opacity)
        }
        cairo_restore(context)
        cairo_pattern_destroy(layer)
    }

    /// Runs `body` with the user space moved to `(x, y)` and scaled by `scale` (pixels per unit).
    func withTransform<T>(x: Double, y: Double, scale: Double, _ body: () throws(SourceError) -> T) throws(SourceError) -> T {
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_identity_matrix(context)
        cairo_translate(context, x, y)
        cairo_scale(context, scale, scale)
        return try body()
    }

    private func makePattern(_ paint: Paint) -> OpaquePointer? {
        switch paint {
        case let .solid(red, green, blue, alpha):
            return cairo_pattern_create_rgba(red, green, blue, alpha)
        case let .linear(from, to, stops):
            let pattern = cairo_pattern_create_linear(from.0, from.1, to.0, to.1)
            for stop in stops {
                cairo_pattern_add_color_stop_rgba(pattern, stop.offset, stop.red, stop.green, stop.blue, stop.alpha)
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            return pattern
        }
    }

    private static func cairoOperator(_ blend: Blend) -> cairo_operator_t {
        switch blend {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .add: CAIRO_OPERATOR_ADD
        }
    }

    /// The surface's premultiplied pixels where they lie, for the encoder to read without a copy.
    func withPixels<T>(_ body: (PixelView) throws(SourceError) -> T) throws(SourceError) -> T {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw SourceError(.cannotAccessDrawingSurface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return try body(PixelView(base: UnsafeRawPointer(data), width: width, height: height, stride: stride,
                                  format: .premultipliedARGB32))
    }

    /// The surface's pixels as straight (unpremultiplied) RGBA bytes.
    func straightRGBA() throws(SourceError) -> RGBAImage {
        try withPixels { pixels throws(SourceError) in
            RGBAImage(width: width, height: height, pixels: PNGCodec.straightRGBA(pixels))
        }
    }
}

@inline(__always)
private func premultiply(_ channel: UInt8, _ alpha: UInt32) -> UInt32 {
    (UInt32(channel) * alpha + 127) / 255
}

extension Diagnostic.Message {
    fileprivate static func cannotAllocateDrawingSurface(width: Int, height: Int) -> Diagnostic.Message { "cannot allocate a \(width)x\(height) drawing surface" }
    fileprivate static let cannotCreateDrawingContext: Diagnostic.Message = "cannot create a drawing context"
    fileprivate static func cannotAllocateRasterSurface(width: Int, height: Int) -> Diagnostic.Message { "cannot allocate a \(width)x\(height) raster surface" }
    fileprivate static let cannotAccessRasterSurface: Diagnostic.Message = "cannot access raster surface"
    fileprivate static let cannotAccessDrawingSurface: Diagnostic.Message = "cannot access the drawing surface"
}
