import AssetModel
import AssetPlatform
import Foundation

/// Opens sources for planning: page sizes from Poppler, headers from libpng. No pixels are decoded.
public struct SourceReader: Sendable {
    let store: SourceStore
    /// When set, PDFs are opened in supervised workers, never in this process (hostile files).
    let supervisor: SourceSupervisor?

    public init(store: SourceStore, supervisor: SourceSupervisor? = nil) { (self.store, self.supervisor) = (store, supervisor) }

    func inspect(_ request: SourceRequest) -> Result<SourceInfo, SourceError> {
        Result { () throws(SourceError) in try inspect(path: request.path, kind: request.kind, pages: request.pages) }
    }

    public func inspect(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) throws(SourceError) -> SourceInfo {
        if let recorded = store.recordedInfo(path, pages: pages) { return recorded }
        let info = try read(path: path, kind: kind, pages: pages)
        store.remember(path, info: info)
        return info
    }

    private func read(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) throws(SourceError) -> SourceInfo {
        let bytes = try store.bytes(path)
        if let size = GitLFSPointer.pointedSize(of: bytes) { throw SourceError(GitLFSPointer.message(pointedSize: size)) }
        switch kind {
        case .iconComposer:
            // Every layer of every appearance: inside the bundle's Assets, an SVG or PNG of sane size.
            let file = try IconComposerSource.open(iconJSON: path, store: store)
            for name in file.imageNames {
                let layer = try IconComposerSource.layerPath(of: name, iconJSON: path)
                // A layer's own problem names the layer: the message is located at icon.json.
                func naming(_ error: SourceError) -> SourceError {
                    if error.message.hasPrefix("the layer file ") { return error }
                    let message: Diagnostic.Message = .layerFile(name, problem: error.message)
                    switch error {
                    case .overLimit: return .overLimit(message)
                    case .renderer: return .renderer(message)
                    case .file, .recordMismatch: return error
                    case .content: return .content(message)
                    }
                }
                do throws(SourceError) {
                    let layerBytes = try store.bytes(layer)
                    if name.lowercased().hasSuffix(".svg") {
                        let size: PointSize?
                        if let supervisor { size = try supervisor.svgSize(path: layer) } else { _ = silenceGLibLogging; size = try SVGDocument(bytes: layerBytes).size }
                        guard let size, size.width > 0, size.height > 0, size.width <= 100_000, size.height <= 100_000 else {
                            throw SourceError(.layerWithoutUsableSize(name))
                        }
                    } else if name.lowercased().hasSuffix(".png") {
                        let header = try PNGCodec.readHeader(layerBytes)
                        if header.width * header.height > Limits.maximumSourcePixels {
                            throw SourceError.overLimit(.layerOverPixelLimit(name, width: header.width, height: header.height, limit: Limits.maximumSourcePixels))
                        }
                    } else {
                        throw SourceError(.layerNotSVGOrPNG(name))
                    }
                } catch {
                    throw naming(error)
                }
            }
            return .iconComposer(features: file.features)
        case .pdf:
            if !bytes.starts(with: Array("%PDF".utf8)) && !bytes.prefix(1024).containsSequence(Array("%PDF-".utf8)) {
                throw SourceError(bytes.isEmpty ? .pdfFileIsEmpty : .noPDFHeader)
            }
            let count: Int
            let pageSize: (Int) throws(SourceError) -> PointSize
            if let supervisor {
                let facts = try supervisor.pdfFacts(path: path, pages: pages)
                count = facts.pageCount
                pageSize = { page throws(SourceError) in
                    guard let size = facts.pageSizes[page] else { throw SourceError(.cannotReadPage(page)) }
                    return size
                }
            } else {
                _ = silenceGLibLogging
                let document = try PDFDocument(bytes: bytes)
                count = document.pageCount
                pageSize = { page throws(SourceError) in try document.pageSize(page) }
            }
            if count == 0 { throw SourceError(.pdfHasNoPages) }
            var sizes: [Int: PointSize] = [:]
            for page in pages where page <= count {
                let size = try pageSize(page)
                guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
                    throw SourceError(.pageSizeInvalid(page, size: size))
                }
                sizes[page] = size
            }
            return .pdf(pageCount: count, pageSizes: sizes)
        case .png:
            let header = try PNGCodec.readHeader(bytes)
            if header.width * header.height > Limits.maximumSourcePixels {
                throw SourceError.overLimit(.imageOverPixelLimit("PNG", width: header.width, height: header.height, limit: Limits.maximumSourcePixels))
            }
            // Decode it all once, so `check` finds a truncated or corrupt raster, not only the render.
            _ = try PNGCodec.decode(bytes)
            return .png(width: header.width, height: header.height, scale: declaredScale(ofFileName: path),
                        interlaced: header.interlaced)
        case .svg:
            let measured: PointSize?
            if let supervisor {
                measured = try supervisor.svgSize(path: path)
            } else {
                _ = silenceGLibLogging
                measured = try SVGDocument(bytes: bytes).size
            }
            guard let size = measured else {
                throw SourceError(.svgWithoutSize)
            }
            guard size.width.isFinite, size.height.isFinite else { throw SourceError(.svgSizeInvalid(size)) }
            return .svg(size)
        case .jpeg:
            let size = try JPEGHeader.size(bytes)
            if size.width * size.height > Limits.maximumSourcePixels {
                throw SourceError.overLimit(.imageOverPixelLimit("JPEG", width: size.width, height: size.height, limit: Limits.maximumSourcePixels))
            }
            return .jpeg(width: size.width, height: size.height)
        }
    }
}

extension SourceReader {
    /// Opening PDFs to read page sizes dominates `check` and planning; each worker opens its own
    /// documents (no Poppler object crosses threads), so the sources are spread over the cores.
    public func inspectAll(_ requests: [SourceRequest]) -> [Result<SourceInfo, SourceError>] {
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, requests.count)
        guard workers > 1 else { return requests.map(inspect) }
        _ = silenceGLibLogging
        let board = WorkBoard<Result<SourceInfo, SourceError>>(count: requests.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let position = board.take() {
                _ = board.finish(position, inspect(requests[position]))
            }
        }
        return board.collect().map { $0 ?? .failure(SourceError(.notInspected)) }
    }

    /// Fonts a PDF uses without embedding them (from an unchanged record when there is one).
    public func unembeddedFonts(path: String) throws(SourceError) -> [String] {
        if let recorded = store.recordedFonts(path) { return recorded }
        let fonts: [String]
        if let supervisor {
            fonts = try supervisor.pdfFacts(path: path, pages: []).unembeddedFonts
        } else {
            _ = silenceGLibLogging
            fonts = try PDFDocument(bytes: try store.bytes(path)).unembeddedFonts()
        }
        store.remember(path, unembeddedFonts: fonts)
        return fonts
    }

    /// An Icon Composer 2.0 file's keys assetc does not read (`IconComposerFile.unknownKeys`).
    public func iconComposerUnknownKeys(path: String) throws(SourceError) -> [String] {
        try IconComposerSource.open(iconJSON: path, store: store).unknownKeys
    }

    /// Whether a PNG declares an alpha channel (`PNGCodec.declaresAlpha`).
    public func hasAlphaChannel(path: String) throws(SourceError) -> Bool {
        guard let declared = PNGCodec.declaresAlpha(try store.bytes(path)) else { throw SourceError(.notAPNGFile) }
        return declared
    }

    public func isOpaque(path: String, kind: ResolvedSource.Kind, page: Int) throws(SourceError) -> Bool {
        if let recorded = store.recordedOpacity(path, page: page) { return recorded }
        let opaque = try probeOpacity(path: path, kind: kind, page: page)
        store.remember(path, opaque: (page, opaque))
        return opaque
    }

    private func probeOpacity(path: String, kind: ResolvedSource.Kind, page: Int) throws(SourceError) -> Bool {
        switch kind {
        case .png:
            return try PNGCodec.decode(try store.bytes(path)).image.isOpaque
        case .svg, .jpeg:
            throw SourceError(.transparencyCheckUnsupported)
        case .iconComposer:
            let side = IconComposerDocument.canvasPoints
            let job = RenderJob(source: ResolvedSource(path: path, kind: .iconComposer, page: page), pixelWidth: 256, pixelHeight: 256,
                                contentSize: PointSize(width: side, height: side),
                                placement: Placement.map(content: PointSize(width: side, height: side), intoWidth: 256, height: 256, fit: nil))
            if let supervisor {
                return try PNGCodec.decode(try supervisor.render(job)).image.isOpaque
            }
            return try Rasterizer(store: store).render(job).isOpaque
        case .pdf:
            // 256 px is enough to see transparent corners or margins without a full-size render.
            guard case .pdf(_, let sizes) = try inspect(path: path, kind: .pdf, pages: [page]), let size = sizes[page] else {
                throw SourceError(.cannotReadPage(page))
            }
            let job = RenderJob(source: ResolvedSource(path: path, kind: .pdf, page: page), pixelWidth: 256, pixelHeight: 256,
                                contentSize: size, placement: Placement.map(content: size, intoWidth: 256, height: 256, fit: nil))
            if let supervisor {
                return try PNGCodec.decode(try supervisor.render(job)).image.isOpaque
            }
            return try Rasterizer(store: store).render(job).isOpaque
        }
    }
}

extension Collection where Element: Equatable {
    func containsSequence(_ needle: [Element]) -> Bool {
        guard !needle.isEmpty else { return true }
        let haystack = Array(self)
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return true }
        }
        return false
    }
}

extension Diagnostic.Message {
    /// A layer's own problem, named by the layer: the message is located at icon.json.
    static func layerFile(_ name: String, problem: String) -> Diagnostic.Message { "the layer file \(name): \(problem)" }
    static func layerWithoutUsableSize(_ name: String) -> Diagnostic.Message { "the layer file \(name) has no usable size" }
    static func layerOverPixelLimit(_ name: String, width: Int, height: Int, limit: Int) -> Diagnostic.Message { "the layer file \(name) is \(width)x\(height) pixels, more than the limit of \(limit)" }
    fileprivate static func layerNotSVGOrPNG(_ name: String) -> Diagnostic.Message { "the layer file \(name) is not an SVG or a PNG" }
    fileprivate static let pdfFileIsEmpty: Diagnostic.Message = "not a PDF file: it is empty"
    fileprivate static let noPDFHeader: Diagnostic.Message = "not a PDF file (no %PDF header)"
    static func cannotReadPage(_ page: Int) -> Diagnostic.Message { "cannot read page \(page)" }
    fileprivate static let pdfHasNoPages: Diagnostic.Message = "PDF has no pages"
    fileprivate static func pageSizeInvalid(_ page: Int, size: PointSize) -> Diagnostic.Message { "page \(page) has an empty or invalid size (\(size))" }
    /// `format` is the kind of file: PNG, JPEG, HEIF, WebP.
    static func imageOverPixelLimit(_ format: String, width: Int, height: Int, limit: Int) -> Diagnostic.Message { "\(format) is \(width)x\(height) pixels, more than the limit of \(limit) pixels" }
    fileprivate static let svgWithoutSize: Diagnostic.Message = "the SVG has neither width and height nor a viewBox; its size is unknown"
    fileprivate static func svgSizeInvalid(_ size: PointSize) -> Diagnostic.Message { "the SVG's size (\(size)) is invalid" }
    fileprivate static let notInspected: Diagnostic.Message = "not inspected"
    fileprivate static let notAPNGFile: Diagnostic.Message = "is not a PNG file"
    fileprivate static let transparencyCheckUnsupported: Diagnostic.Message = "only PDF, PNG and Icon Composer sources can be checked for transparency"
}
