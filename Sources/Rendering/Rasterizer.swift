import AssetModel

/// Renders jobs to pixels. One per worker thread: it keeps the last opened document so a
/// source's jobs share one parse, and Poppler objects never cross threads.
final class Rasterizer {
    private let store: SourceStore
    private var openDocument: (path: String, document: PDFDocument, repaired: (document: PDFDocument, note: [UInt8])?)?
    private var openRaster: (path: String, header: PNGHeader, image: RGBAImage)?
    private var openSVG: (path: String, document: SVGDocument)?

    init(store: SourceStore) {
        self.store = store
        _ = silenceGLibLogging
    }

    /// The file's bytes: a PNG rendered and encoded, or a JPEG copied as it is. A 16-bit PNG source
    /// copied at its own size is written as it is too: the encoder works in 8 bits a sample, and
    /// re-encoding would silently drop the low bits (a catalog slot's pixels are the contract).
    /// Icons and launch images are always re-encoded: the App Store icon must lose its alpha
    /// channel, which a copy would keep.
    func produce(_ job: RenderJob, encoder: PNGEncoderSettings) throws(SourceError) -> [UInt8] {
        if job.source.kind == .png, job.mayCopySource {
            let (header, raster) = try raster(at: job.source.path)
            if header.bitDepth == 16, !header.interlaced, try isExactCopy(job, of: raster) {
                return try store.bytes(job.source.path)
            }
        }
        guard job.source.kind == .jpeg else {
            switch try draw(job) {
            case .canvas(let canvas, let color):
                return try canvas.withPixels { pixels throws(SourceError) in
                    try PNGOptimizer.encode(pixels, color: color, settings: encoder)
                }
            case .raster(let image):
                return try PNGOptimizer.encode(image, settings: encoder)
            }
        }
        let bytes = try store.bytes(job.source.path)
        let size = try JPEGHeader.size(bytes)
        if Double(size.width) != job.contentSize.width || Double(size.height) != job.contentSize.height {
            throw .recordMismatch("the JPEG is \(size.width)x\(size.height) pixels, but the plan was made for \(job.contentSize)")
        }
        return bytes
    }

    /// The job's pixels as straight RGBA.
    func render(_ job: RenderJob) throws(SourceError) -> RGBAImage {
        switch try draw(job) {
        case .canvas(let canvas, let color):
            var image = try canvas.straightRGBA()
            image.color = color
            return image
        case .raster(let image):
            return image
        }
    }

    /// What drawing a job leaves: a Cairo surface (with the colour chunks its values mean), or
    /// the source raster itself when it needs no resampling.
    private enum Drawn {
        case canvas(CairoCanvas, color: PNGColorInfo?)
        case raster(RGBAImage)
    }

    private func draw(_ job: RenderJob) throws(SourceError) -> Drawn {
        switch job.source.kind {
        case .jpeg:
            throw SourceError("a JPEG is copied, not rendered")
        case .iconComposer:
            // The bundle's icon.json; `page` says which appearance (1 light, 2 dark, 3 tinted).
            let appearance: IconComposerDocument.Appearance = job.source.page == 2 ? .dark : job.source.page == 3 ? .tinted : .light
            let document: IconComposerDocument
            do {
                document = try IconComposerDocument.read(try store.bytes(job.source.path), appearance: appearance)
            } catch {
                throw SourceError("not a readable Icon Composer icon.json: \(error)")
            }
            let canvas = try CairoCanvas(width: job.pixelWidth, height: job.pixelHeight)
            if let background = job.background { canvas.fill(background) }
            try IconComposerRenderer.draw(document, iconJSON: job.source.path, into: canvas, store: store)
            // The tinted icon is grey: the system tints its luminance.
            if appearance == .tinted { return .raster(try canvas.straightRGBA().luminance()) }
            return .canvas(canvas, color: nil)
        case .svg:
            let document = try svg(at: job.source.path)
            guard let size = document.size, size == job.contentSize else {
                throw .recordMismatch("the SVG is \(document.size?.description ?? "of unknown size"), but the plan was made for \(job.contentSize)")
            }
            let canvas = try CairoCanvas(width: job.pixelWidth, height: job.pixelHeight)
            if let background = job.background { canvas.fill(background) }
            canvas.apply(job.placement)
            try document.render(into: canvas.context, size: size)
            return .canvas(canvas, color: nil)
        case .pdf:
            let document = try document(at: job.source.path)
            // The plan may come from recorded page sizes (the no-op fast path); the render checks
            // them against the file, so a stale or forged record can never change an image.
            let page = try document.pageSize(job.source.page)
            if page != job.contentSize {
                throw .recordMismatch("page \(job.source.page) is \(page) pt, but the plan was made for \(job.contentSize) pt")
            }
            func drawn(from document: PDFDocument) throws(SourceError) -> CairoCanvas {
                let canvas = try CairoCanvas(width: job.pixelWidth, height: job.pixelHeight)
                if let background = job.background { canvas.fill(background) }
                canvas.apply(job.placement)
                try document.render(page: job.source.page, into: canvas.context)
                return canvas
            }
            if let repaired = openDocument?.repaired {
                // Drawn from the repaired file, as the other scales of this source were.
                PopplerMessages.report(repaired.note)
                return .canvas(try drawn(from: repaired.document), color: nil)
            }
            let complaints = PopplerMessages.nonFiniteOperandComplaints.load(ordering: .relaxed)
            let mark = PopplerMessages.mark()
            let canvas = try drawn(from: document)
            if PopplerMessages.nonFiniteOperandComplaints.load(ordering: .relaxed) != complaints,
               let repaired = try repairedDocument(at: job.source.path) {
                // Poppler met an operator given `nan` and may have stopped drawing the page there:
                // drawn again from the file with such operators dropped, as Ghostscript draws it.
                // What Poppler said about the abandoned drawing is taken back; the note says why.
                PopplerMessages.discard(after: mark)
                PopplerMessages.report(repaired.note)
                return .canvas(try drawn(from: repaired.document), color: nil)
            }
            return .canvas(canvas, color: nil)
        case .png:
            let raster = try raster(at: job.source.path).image
            if try isExactCopy(job, of: raster) {
                return .raster(raster)  // same size: copy exactly instead of resampling
            }
            let canvas = try CairoCanvas(width: job.pixelWidth, height: job.pixelHeight)
            if let background = job.background { canvas.fill(background) }
            canvas.apply(job.placement)
            try canvas.paint(raster)
            // Resampled values are in the source's colour space still: keep saying which.
            return .canvas(canvas, color: raster.color)
        }
    }

    private func document(at path: String) throws(SourceError) -> PDFDocument {
        if let open = openDocument, open.path == path { return open.document }
        openDocument = nil
        let document = try PDFDocument(bytes: try store.bytes(path))
        openDocument = (path, document, nil)
        return document
    }

    /// The open document's file with the operators given non-finite numbers dropped (kept for its
    /// other pages and scales), or nil when qpdf finds none or cannot rewrite the file.
    private func repairedDocument(at path: String) throws(SourceError) -> (document: PDFDocument, note: [UInt8])? {
        guard let repair = QPDFRepair.droppingNonFiniteOperators(try store.bytes(path)) else { return nil }
        let document = try PDFDocument(bytes: repair.bytes)
        let count = repair.droppedOperators
        let note = Array(("Poppler stops drawing a page at an operator given a non-finite number (nan); assetc dropped "
            + "\(count) such operator\(count == 1 ? "" : "s") and drew the rest, as Ghostscript does\n").utf8)
        openDocument?.repaired = (document, note)
        return (document, note)
    }

    private func svg(at path: String) throws(SourceError) -> SVGDocument {
        if let open = openSVG, open.path == path { return open.document }
        openSVG = nil
        let document = try SVGDocument(bytes: try store.bytes(path))
        openSVG = (path, document)
        return document
    }

    /// The decoded source and its header, checked against the size the plan was made for.
    private func raster(at path: String) throws(SourceError) -> (header: PNGHeader, image: RGBAImage) {
        if let open = openRaster, open.path == path { return (open.header, open.image) }
        openRaster = nil
        let (header, image) = try PNGCodec.decode(try store.bytes(path))
        openRaster = (path, header, image)
        return (header, image)
    }

    /// True when the job is the raster at its own size: nothing to resample or fill. Throws when
    /// the raster is not the size the plan was made for.
    private func isExactCopy(_ job: RenderJob, of raster: RGBAImage) throws(SourceError) -> Bool {
        if Double(raster.width) != job.contentSize.width || Double(raster.height) != job.contentSize.height {
            throw .recordMismatch("the raster is \(raster.width)x\(raster.height) pixels, but the plan was made for \(job.contentSize)")
        }
        return job.background == nil && raster.width == job.pixelWidth && raster.height == job.pixelHeight
            && job.placement == Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0)
    }
}
