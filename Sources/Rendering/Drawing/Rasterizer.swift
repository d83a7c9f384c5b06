import AssetModel

/// Renders jobs to pixels. One per worker thread: it keeps the last opened document so a
/// source's jobs share one parse, and Poppler objects never cross threads.
final class Rasterizer {
    private let store: SourceStore
    private var openDocument: OpenPDF?

    /// The last PDF opened, and what its repair gave (`repairedDocument`).
    private struct OpenPDF {
        var path: String
        var document: PDFDocument
        /// nil until a repair was tried; then the repaired file and its note, or nil for none.
        var repair: (document: PDFDocument, note: [UInt8])?? = nil
        /// Pages Poppler gave up on in the original, drawn from the repaired file.
        var repairedPages: Set<Int> = []
    }
    private var openRaster: (path: String, header: PNGHeader, image: RGBAImage)?
    private var openSVG: (path: String, document: SVGDocument)?

    init(store: SourceStore) {
        self.store = store
        _ = silenceGLibLogging
    }

    /// The file's bytes: a PNG rendered and encoded, or a JPEG copied as it is. A 16-bit PNG source
    /// copied at its own size is written as it is too: the encoder works in 8 bits a sample, and
    /// re-encoding would silently drop the low bits (a catalog slot's pixels are the contract).
    /// With `recompressCopies` (`max`), its image data is compressed again, samples and chunks kept.
    /// Icons and launch images are always re-encoded: the App Store icon must lose its alpha
    /// channel, which a copy would keep.
    func produce(_ job: RenderJob, encoder: PNGEncoderSettings) throws(SourceError) -> [UInt8] {
        if job.source.kind == .png, job.mayCopySource {
            let (header, raster) = try raster(at: job.source.path)
            if header.bitDepth == 16, !header.interlaced, try isExactCopy(job, of: raster) {
                let bytes = try store.bytes(job.source.path)
                return encoder.recompressCopies ? try PNGCodec.recompress(bytes, settings: encoder) : bytes
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
            throw .recordMismatch(.jpegNotPlannedSize(width: size.width, height: size.height, planned: job.contentSize))
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
            throw SourceError(.jpegIsCopiedNotRendered)
        case .iconComposer:
            // The bundle's icon.json; `page` says which appearance (1 light, 2 dark, 3 tinted), and
            // past `macOSShapePage`, that it is drawn in the macOS icon shape.
            let macOSShape = job.source.page > ResolvedSource.macOSShapePage
            let page = macOSShape ? job.source.page - ResolvedSource.macOSShapePage : job.source.page
            let appearance: IconComposerDocument.Appearance = page == 2 ? .dark : page == 3 ? .tinted : .light
            let document = try IconComposerSource.open(iconJSON: job.source.path, store: store).document(appearance)
            let canvas = try CairoCanvas(width: job.pixelWidth, height: job.pixelHeight)
            if let background = job.background { canvas.fill(background) }
            if macOSShape {
                try IconComposerRenderer.drawMacOSIcon(document, iconJSON: job.source.path, into: canvas, store: store)
            } else {
                try IconComposerRenderer.draw(document, iconJSON: job.source.path, into: canvas, store: store)
            }
            // The tinted icon is grey: the system tints its luminance.
            if appearance == .tinted { return .raster(try canvas.straightRGBA().luminance()) }
            return .canvas(canvas, color: nil)
        case .svg:
            let document = try svg(at: job.source.path)
            guard let size = document.size, size == job.contentSize else {
                throw .recordMismatch(.svgNotPlannedSize(document.size, planned: job.contentSize))
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
            let pageSize = try document.pageSize(job.source.page)
            if pageSize != job.contentSize {
                throw .recordMismatch(.pageNotPlannedSize(job.source.page, size: pageSize, planned: job.contentSize))
            }
            func drawn(from document: PDFDocument) throws(SourceError) -> CairoCanvas {
                let canvas = try CairoCanvas(width: job.pixelWidth, height: job.pixelHeight)
                if let background = job.background { canvas.fill(background) }
                canvas.apply(job.placement)
                try document.render(page: job.source.page, into: canvas.context)
                return canvas
            }
            let page = job.source.page
            if openDocument?.repairedPages.contains(page) == true, let repaired = openDocument?.repair ?? nil {
                // Drawn from the repaired file, as this page's other scales were.
                PopplerMessages.report(repaired.note)
                return .canvas(try drawn(from: repaired.document), color: nil)
            }
            let nan = PopplerMessages.nonFiniteOperandComplaints.load(ordering: .relaxed)
            let short = PopplerMessages.operandShortfallComplaints.load(ordering: .relaxed)
            let mark = PopplerMessages.mark()
            let canvas = try drawn(from: document)
            if PopplerMessages.nonFiniteOperandComplaints.load(ordering: .relaxed) != nan,
               PopplerMessages.operandShortfallComplaints.load(ordering: .relaxed) != short,
               let repaired = try repairedDocument(at: job.source.path) {
                // A `nan` left an operator short of operands and Poppler gave up the rest of the
                // page: drawn again from the file with such operators dropped, as Ghostscript draws
                // it. What Poppler said about the abandoned drawing is taken back; the note says why.
                PopplerMessages.discard(after: mark)
                PopplerMessages.report(repaired.note)
                openDocument?.repairedPages.insert(page)
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
        openDocument = OpenPDF(path: path, document: document)
        return document
    }

    /// The open document's file with the operators Poppler gave a page up on dropped, made once
    /// per file (kept for its other pages and scales), or nil when qpdf finds none or cannot
    /// rewrite the file — then not tried again for this file.
    private func repairedDocument(at path: String) throws(SourceError) -> (document: PDFDocument, note: [UInt8])? {
        if let tried = openDocument?.repair { return tried }
        var made: (document: PDFDocument, note: [UInt8])?
        if let repair = QPDFRepair.droppingNonFiniteOperators(try store.bytes(path)) {
            let count = repair.droppedOperators
            made = (try PDFDocument(bytes: repair.bytes),
                    Array((Diagnostic.Message.droppedNonFiniteOperators(count).text + "\n").utf8))
        }
        openDocument?.repair = .some(made)
        return made
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
            throw .recordMismatch(.rasterNotPlannedSize(width: raster.width, height: raster.height, planned: job.contentSize))
        }
        return job.background == nil && raster.width == job.pixelWidth && raster.height == job.pixelHeight
            && job.placement == Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0)
    }
}

extension Diagnostic.Message {
    fileprivate static func jpegNotPlannedSize(width: Int, height: Int, planned: PointSize) -> Diagnostic.Message { "the JPEG is \(width)x\(height) pixels, but the plan was made for \(planned)" }
    fileprivate static let jpegIsCopiedNotRendered: Diagnostic.Message = "a JPEG is copied, not rendered"
    fileprivate static func svgNotPlannedSize(_ size: PointSize?, planned: PointSize) -> Diagnostic.Message { "the SVG is \(size?.description ?? "of unknown size"), but the plan was made for \(planned)" }
    fileprivate static func pageNotPlannedSize(_ page: Int, size: PointSize, planned: PointSize) -> Diagnostic.Message { "page \(page) is \(size) pt, but the plan was made for \(planned) pt" }
    fileprivate static func rasterNotPlannedSize(width: Int, height: Int, planned: PointSize) -> Diagnostic.Message { "the raster is \(width)x\(height) pixels, but the plan was made for \(planned)" }
    /// The note a page drawn again from the repaired file carries, as Poppler's own lines are carried.
    fileprivate static func droppedNonFiniteOperators(_ count: Int) -> Diagnostic.Message { "Poppler stops drawing a page at an operator left without its operands by a non-finite number (nan); assetc dropped \(count) such operator\(count == 1 ? "" : "s") and drew the rest, as Ghostscript does" }
}
