import Foundation

/// Reads each source file once per build and shares the immutable bytes between workers.
///
/// It also carries the previous build's `SourceRecord`s: while a file's fingerprint (size, mtime,
/// inode) is unchanged, its hash and page sizes come from the record and the file is not opened,
/// which is what makes a no-op build nearly free.
public final class SourceStore: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: Result<[UInt8], SourceError>] = [:]
    private var hashes: [String: String] = [:]
    private let previous: [String: SourceRecord]
    /// Per path, this build's fingerprint taken before the first read, and what was learned since.
    private var learned: [String: SourceRecord] = [:]
    /// Per path, whether the previous record was found still valid (asked once per build).
    private var trusted: [String: Bool] = [:]
    /// Every file this build read or trusted: the prerequisites of a Make dependency file.
    private var inputs: Set<String> = []

    public init(previous: [String: SourceRecord] = [:]) {
        self.previous = previous
    }

    /// SHA-256 of a source's bytes, computed once per build (or taken from an unchanged record).
    public func sha256(_ path: String) throws(SourceError) -> String {
        noteInput(path)
        if let record = validRecord(path) { return record.sha256 }
        lock.lock()
        if let hash = hashes[path] {
            lock.unlock()
            return hash
        }
        lock.unlock()
        let hash = sha256Hex(try bytes(path))
        lock.lock()
        hashes[path] = hash
        learned[path]?.sha256 = hash
        lock.unlock()
        return hash
    }

    public func bytes(_ path: String) throws(SourceError) -> [UInt8] {
        noteInput(path)
        lock.lock()
        if let cached = cache[path] {
            lock.unlock()
            return try cached.get()
        }
        lock.unlock()
        // Fingerprint before reading: if the file changes during the read, the next build sees a
        // different fingerprint and reads it again.
        let fingerprint = FileFingerprint.of(path)
        let result: Result<[UInt8], SourceError>
        do {
            result = .success(try FileSystem.read(path))
        } catch {
            result = .failure(error)
        }
        lock.lock()
        cache[path] = result
        if let fingerprint, case .success = result, learned[path] == nil {
            learned[path] = SourceRecord(fingerprint: fingerprint, sha256: hashes[path] ?? "")
        }
        lock.unlock()
        return try result.get()
    }

    func noteInput(_ path: String) {
        lock.withLock { _ = inputs.insert(path) }
    }

    /// Every file read (or trusted unread) so far, sorted.
    public func inputPaths() -> [String] {
        lock.withLock { inputs.sorted() }
    }

    /// The previous build's record for `path` when the file's fingerprint still matches it.
    private func validRecord(_ path: String) -> SourceRecord? {
        noteInput(path)
        lock.lock()
        defer { lock.unlock() }
        guard let record = previous[path] else { return nil }
        if let valid = trusted[path] { return valid ? learned[path] : nil }
        let valid = cache[path] == nil && learned[path] == nil && FileFingerprint.of(path) == record.fingerprint
        trusted[path] = valid
        if valid { learned[path] = record }
        return valid ? record : nil
    }

    /// Planning facts from an unchanged record, when they cover every page asked for.
    func recordedInfo(_ path: String, pages: Set<Int>) -> SourceInfo? {
        guard let info = validRecord(path)?.info else { return nil }
        if case .pdf(let count, let sizes) = info, !pages.allSatisfy({ $0 > count || sizes[$0] != nil }) { return nil }
        return info
    }

    func recordedOpacity(_ path: String, page: Int) -> Bool? {
        validRecord(path)?.opaque[page]
    }

    /// Remembers what planning read from a file this build, for the next build's records.
    func remember(_ path: String, info: SourceInfo? = nil, opaque: (page: Int, value: Bool)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        guard var record = learned[path] else { return }
        if let info {
            if case .pdf(let count, let newSizes) = info, case .pdf(_, let oldSizes)? = record.info {
                record.info = .pdf(pageCount: count, pageSizes: oldSizes.merging(newSizes) { $1 })
            } else {
                record.info = info
            }
        }
        if let opaque { record.opaque[opaque.page] = opaque.value }
        learned[path] = record
    }

    /// Records for the next build: every source this build read or trusted, hashed, except files
    /// modified so recently that their fingerprint cannot be trusted yet.
    func records(now: Int = Int(time(nil))) -> [String: SourceRecord] {
        let paths = lock.withLock { Array(learned.keys) }
        var result: [String: SourceRecord] = [:]
        for path in paths {
            guard let hash = try? sha256(path), var record = lock.withLock({ learned[path] }),
                  !record.fingerprint.isRacy(now: now) else { continue }
            record.sha256 = hash
            result[path] = record
        }
        return result
    }
}

/// Opens sources for planning: page sizes from Poppler, headers from libpng. No pixels are decoded.
public struct LiveSourceInspector: SourceInspecting, Sendable {
    let store: SourceStore

    public init(store: SourceStore) { self.store = store }

    public func inspect(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) throws(SourceError) -> SourceInfo {
        if let recorded = store.recordedInfo(path, pages: pages) { return recorded }
        let info = try read(path: path, kind: kind, pages: pages)
        store.remember(path, info: info)
        return info
    }

    private func read(path: String, kind: ResolvedSource.Kind, pages: Set<Int>) throws(SourceError) -> SourceInfo {
        let bytes = try store.bytes(path)
        switch kind {
        case .pdf:
            if !bytes.starts(with: Array("%PDF".utf8)) && !bytes.prefix(1024).containsSequence(Array("%PDF-".utf8)) {
                throw SourceError(bytes.isEmpty ? "not a PDF file: it is empty" : "not a PDF file (no %PDF header)")
            }
            _ = silenceGLibLogging
            let document = try PDFDocument(bytes: bytes)
            let count = document.pageCount
            if count == 0 { throw SourceError("PDF has no pages") }
            var sizes: [Int: PointSize] = [:]
            for page in pages where page <= count {
                let size = try document.pageSize(page)
                guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
                    throw SourceError("page \(page) has an empty or invalid size (\(size))")
                }
                sizes[page] = size
            }
            return .pdf(pageCount: count, pageSizes: sizes)
        case .png:
            let header = try PNGCodec.readHeader(bytes)
            if header.width * header.height > Limits.maximumSourcePixels {
                throw SourceError("PNG is \(header.width)x\(header.height) pixels, more than the limit of \(Limits.maximumSourcePixels) pixels")
            }
            // Decode it all once, so `check` finds a truncated or corrupt raster, not only the render.
            _ = try PNGCodec.decode(bytes)
            return .png(width: header.width, height: header.height, scale: declaredScale(ofFileName: path),
                        interlaced: header.interlaced)
        }
    }
}

extension LiveSourceInspector {
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
        return board.collect().map { $0 ?? .failure(SourceError("not inspected")) }
    }

    public func contents(of path: String) throws(SourceError) -> [UInt8] {
        store.noteInput(path)
        return try FileSystem.read(path, limit: 16 << 20)
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
        case .pdf:
            // 256 px is enough to see transparent corners or margins without a full-size render.
            let document = try PDFDocument(bytes: try store.bytes(path))
            let size = try document.pageSize(page)
            let variant = Variant(
                name: "probe", bundle: nil, relativePath: "probe.png", fileName: "probe.png", scale: 1, idiom: nil,
                tall: false, pointSize: size, pixelWidth: 256, pixelHeight: 256,
                source: ResolvedSource(path: path, kind: .pdf, page: page), contentSize: size,
                placement: Placement.map(content: size, intoWidth: 256, height: 256, fit: nil), background: nil,
                manifestLocation: SourceLocation(line: 1, column: 1))
            return try Rasterizer(store: store).render(variant).isOpaque
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
            let canvas = try CairoCanvas(width: variant.pixelWidth, height: variant.pixelHeight)
            if let background = variant.background { canvas.fill(background) }
            canvas.apply(variant.placement)
            try document.render(page: variant.source.page, into: canvas.context)
            return canvas.straightRGBA()
        case .png:
            let raster = try raster(at: variant.source.path)
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
