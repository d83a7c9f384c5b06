import AssetModel

/// Renders variants to pixels. One per worker thread: it keeps the last opened document so a
/// source's variants share one parse, and Poppler objects never cross threads.
final class Rasterizer {
    private let store: SourceStore
    private var openDocument: (path: String, document: PDFDocument)?
    private var openRaster: (path: String, image: RGBAImage)?

    init(store: SourceStore) {
        self.store = store
        _ = silenceGLibLogging
    }

    func render(_ variant: Variant) throws(SourceError) -> RGBAImage {
        switch variant.source.kind {
        case .pdf:
            let document = try document(at: variant.source.path)
            // The plan may come from recorded page sizes (the no-op fast path); the render checks
            // them against the file, so a stale or forged record can never change an image.
            let page = try document.pageSize(variant.source.page)
            if page != variant.contentSize {
                throw .recordMismatch("page \(variant.source.page) is \(page) pt, but the plan was made for \(variant.contentSize) pt")
            }
            let canvas = try CairoCanvas(width: variant.pixelWidth, height: variant.pixelHeight)
            if let background = variant.background { canvas.fill(background) }
            canvas.apply(variant.placement)
            try document.render(page: variant.source.page, into: canvas.context)
            return canvas.straightRGBA()
        case .png:
            let raster = try raster(at: variant.source.path)
            if Double(raster.width) != variant.contentSize.width || Double(raster.height) != variant.contentSize.height {
                throw .recordMismatch("the raster is \(raster.width)x\(raster.height) pixels, but the plan was made for \(variant.contentSize)")
            }
            if variant.background == nil, raster.width == variant.pixelWidth, raster.height == variant.pixelHeight,
               variant.placement == Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0) {
                return raster  // same size: copy exactly instead of resampling
            }
            let canvas = try CairoCanvas(width: variant.pixelWidth, height: variant.pixelHeight)
            if let background = variant.background { canvas.fill(background) }
            canvas.apply(variant.placement)
            try canvas.paint(raster)
            return canvas.straightRGBA()
        }
    }

    private func document(at path: String) throws(SourceError) -> PDFDocument {
        if let open = openDocument, open.path == path { return open.document }
        openDocument = nil
        let document = try PDFDocument(bytes: try store.bytes(path))
        openDocument = (path, document)
        return document
    }

    private func raster(at path: String) throws(SourceError) -> RGBAImage {
        if let open = openRaster, open.path == path { return open.image }
        openRaster = nil
        let image = try PNGCodec.decode(try store.bytes(path)).image
        openRaster = (path, image)
        return image
    }
}
