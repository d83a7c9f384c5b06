import AssetModel
import CRSVG
import Foundation

/// The only file that touches librsvg. Like `PDFDocument`, an `SVGDocument` stays on the thread
/// that made it.
///
/// Documents are parsed from memory with no base URI, so an SVG cannot pull in other files
/// (`<image href="/etc/…">`, external `<use>`): librsvg refuses references without a base.
final class SVGDocument {
    private let handle: UnsafeMutablePointer<RsvgHandle>

    init(bytes: [UInt8]) throws(SourceError) {
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let handle else { throw SourceError(Self.describe(error, fallback: .cannotReadSVG)) }
        // CSS's 96 px to the inch, as browsers and rsvg-convert use: librsvg's own default is 90,
        // which made `width="24pt"` 30 px instead of 32 (and mm, cm and in likewise 6% small).
        rsvg_handle_set_dpi(handle, Self.cssPixelsPerInch)
        self.handle = handle
    }

    static let cssPixelsPerInch = 96.0

    deinit { g_object_unref(gpointer(handle)) }

    /// The intrinsic size in CSS pixels, taken as points: `width`/`height` when they are absolute
    /// lengths, else the `viewBox`. nil when the SVG gives neither.
    var size: PointSize? {
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0 {
            return PointSize(width: width, height: height)
        }
        var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
        var viewBox = RsvgRectangle()
        rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, nil, &hasHeight, nil, &hasViewBox, &viewBox)
        if hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 {
            return PointSize(width: viewBox.width, height: viewBox.height)
        }
        return nil
    }

    /// Draws the whole document into `size` user units of a Cairo context whose transform is set.
    func render(into context: OpaquePointer, size: PointSize) throws(SourceError) {
        var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
        var error: UnsafeMutablePointer<GError>?
        if rsvg_handle_render_document(handle, context, &viewport, &error) == 0 {
            throw SourceError.renderer(Self.describe(error, fallback: .librsvgCannotRenderSVG))
        }
    }

    private static func describe(_ error: UnsafeMutablePointer<GError>?, fallback: Diagnostic.Message) -> Diagnostic.Message {
        guard let error else { return fallback }
        defer { g_error_free(error) }
        guard let message = error.pointee.message else { return fallback }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? fallback : .notAReadableSVG(librsvgError: text)
    }
}

extension Diagnostic.Message {
    fileprivate static let cannotReadSVG: Diagnostic.Message = "cannot read SVG"
    fileprivate static let librsvgCannotRenderSVG: Diagnostic.Message = "librsvg could not render the SVG"
    fileprivate static func notAReadableSVG(librsvgError: String) -> Diagnostic.Message { "not a readable SVG: \(librsvgError)" }
}
