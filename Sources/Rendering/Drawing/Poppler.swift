import AssetModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import CPoppler

/// The only file that touches Poppler and GLib pointers. Glibc is imported for `write`: the GLib
/// messages a worker relays go to standard error unbuffered, where its parent reads them.
///
/// A `PDFDocument` must stay on the thread that made it: one document shared between threads
/// crashed inside Cairo every time (see docs/architecture.md). It is deliberately not `Sendable`.
public final class PDFDocument {
    private let document: OpaquePointer

    /// Parses a PDF held in memory (Poppler copies the bytes, so `bytes` may be freed afterwards).
    public init(bytes: [UInt8]) throws(SourceError) {
        _ = popplerGlobalsAnchor
        var error: UnsafeMutablePointer<GError>?
        let gbytes = bytes.withUnsafeBytes { buffer in
            g_bytes_new(buffer.baseAddress, gsize(buffer.count))
        }
        defer { g_bytes_unref(gbytes) }
        guard let document = poppler_document_new_from_bytes(gbytes, nil, &error) else {
            throw SourceError(Self.describe(error, fallback: .cannotOpenPDF))
        }
        self.document = document
    }

    deinit { g_object_unref(gpointer(document)) }

    public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// The page's size in points (crop box, with the page's rotation applied).
    public func pageSize(_ pageNumber: Int) throws(SourceError) -> PointSize {
        try withPage(pageNumber) { page in
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            return PointSize(width: width, height: height)
        }
    }

    /// Names of the fonts the document uses without embedding them, sorted and without repeats:
    /// such text renders in whatever font the machine substitutes (docs/hardening.md).
    public func unembeddedFonts() -> [String] {
        guard let info = poppler_font_info_new(document) else { return [] }
        defer { g_object_unref(gpointer(info)) }
        var names: Set<String> = []
        var iterator: OpaquePointer?
        // Scans every page: fonts are per document resource, and a page's may be shared.
        guard poppler_font_info_scan(info, Int32(pageCount), &iterator) != 0, let iterator else { return [] }
        defer { poppler_fonts_iter_free(iterator) }
        repeat {
            if poppler_fonts_iter_is_embedded(iterator) == 0 {
                let name = poppler_fonts_iter_get_name(iterator).map { String(cString: $0) } ?? "(unnamed)"
                names.insert(name)
            }
        } while poppler_fonts_iter_next(iterator) != 0
        return names.sorted()
    }

    /// Renders a page into a Cairo context whose transform is already set.
    func render(page pageNumber: Int, into context: OpaquePointer) throws(SourceError) {
        try withPage(pageNumber) { page in poppler_page_render(page, context) }
    }

    private func withPage<T>(_ pageNumber: Int, _ body: (OpaquePointer) -> T) throws(SourceError) -> T {
        // Checked first: an out-of-range index makes Poppler print a CRITICAL line to stderr.
        guard pageNumber >= 1, pageNumber <= pageCount else {
            throw SourceError(SourceMessage.pageOutOfRange(pageNumber, pageCount: pageCount))
        }
        guard let page = poppler_document_get_page(document, Int32(pageNumber - 1)) else {
            throw SourceError(.cannotReadPage(pageNumber))
        }
        defer { g_object_unref(gpointer(page)) }
        return body(page)
    }

    private static func describe(_ error: UnsafeMutablePointer<GError>?, fallback: Diagnostic.Message) -> Diagnostic.Message {
        guard let error else { return fallback }
        defer { g_error_free(error) }
        guard let message = error.pointee.message else { return fallback }
        let text = String(cString: message)
        if text.lowercased().contains("encrypted") {
            return .pdfIsEncrypted
        }
        return text.isEmpty ? fallback : Diagnostic.Message(relaying: text)
    }
}

/// poppler-glib creates Poppler's global state (it scans /usr/share/poppler's cMap, unicodeMap and
/// nameToUnicode folders and builds colour transforms) when the first document opens and destroys
/// it when the last one closes. A build that opens one small PDF at a time paid that for every
/// document, twice per image (planning and render): 12 file opens and about 2 ms each, most of a
/// 20,000-image clean build (docs/performance.md). One tiny document, opened once and never freed,
/// keeps the state alive for the whole process.
nonisolated(unsafe) private let popplerGlobalsAnchor: OpaquePointer? = {
    var pdf = "%PDF-1.4\n"
    var offsets: [Int] = []
    for object in ["<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[3 0 R]/Count 1>>",
                   "<</Type/Page/Parent 2 0 R/MediaBox[0 0 1 1]>>"] {
        offsets.append(pdf.utf8.count)
        pdf += "\(offsets.count) 0 obj\(object)endobj\n"
    }
    let crossReference = pdf.utf8.count
    pdf += "xref\n0 4\n0000000000 65535 f \n"
    for offset in offsets {
        let digits = String(offset)
        pdf += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    pdf += "trailer<</Size 4/Root 1 0 R>>\nstartxref\n\(crossReference)\n%%EOF\n"
    let bytes = Array(pdf.utf8)
    let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(gbytes) }
    return poppler_document_new_from_bytes(gbytes, nil, nil)
}()

/// Poppler (through GLib) logs the problems it works around — a damaged cross-reference table
/// rebuilt, a stream without `endstream`, a broken JPEG 2000 image — and draws on. The library must
/// never print, so in this process those messages are dropped; in a render worker
/// (`reportPopplerMessages`) each goes to standard error, which the parent reads as that image's
/// messages and turns into a warning on the source, so a damaged file never passes silently.
let silenceGLibLogging: Void = {
    g_log_set_default_handler({ _, _, _, _ in }, nil)
    _ = g_log_set_handler("Poppler", GLogLevelFlags(rawValue: 0xFF), { _, _, message, _ in
        guard let message else { return }
        // Poppler escapes the newline ending its own messages as "<0a>".
        let text = String(cString: message).replacingOccurrences(of: "<0a>", with: " ").trimmingCharacters(in: .whitespaces)
        if PopplerMessages.isNonFiniteOperandComplaint(text) {
            PopplerMessages.nonFiniteOperandComplaints.add(1, ordering: .relaxed)
        } else if text.contains("Too few (") && text.contains(" args to '") {
            PopplerMessages.operandShortfallComplaints.add(1, ordering: .relaxed)
        }
        guard reportPopplerMessages.load(ordering: .relaxed) else { return }
        PopplerMessages.report(Array("Poppler: ".utf8) + Array(text.utf8.prefix(500)) + [10])
    }, nil)
}()

/// Set by a render worker: Poppler's messages go to standard error (see `silenceGLibLogging`).
let reportPopplerMessages = Atomic<Bool>(false)

/// What Poppler says while a page is drawn: counted, and in a worker held back until the page is
/// done, so that a drawing redrawn from a repaired file (`Rasterizer`) reports what was done
/// instead of the complaints of the drawing it replaced.
enum PopplerMessages {
    /// Every `Unknown operator 'nan'` (or `-nan`, `inf`) in this process: a rise while a page is
    /// drawn means the page may hold non-finite operands (another thread's page can raise it too;
    /// the repair then finds nothing and changes nothing).
    static let nonFiniteOperandComplaints = Atomic<Int>(0)
    /// Every `Too few (N) args to 'op' operator`: Poppler abandons the rest of the content stream
    /// after it. Both rising while a page is drawn means a `nan` cost the page its drawing.
    static let operandShortfallComplaints = Atomic<Int>(0)
    /// Lines held back while a page is drawn (nil when lines go straight to standard error), and
    /// their bytes, kept as a running total: a page that makes Poppler complain 80,000 times must
    /// not cost a sum over every held line for each complaint.
    private static let held = Mutex<(lines: [[UInt8]], bytes: Int)?>(nil)
    /// Held text at most, as the parent reads at most 64 KiB of a worker's standard error: a file
    /// that makes Poppler complain a million times must not make an answer too long to send.
    static let maximumHeldBytes = 65_536

    static func isNonFiniteOperandComplaint(_ text: String) -> Bool {
        guard let range = text.range(of: "Unknown operator '") else { return false }
        let name = text[range.upperBound...].prefix { $0 != "'" }
        return ContentStreamRepair.isNonFinite(ArraySlice(name.utf8))
    }

    static func report(_ line: [UInt8]) {
        let written: Bool = held.withLock { state in
            guard state != nil else { return false }
            if state!.bytes + line.count <= maximumHeldBytes {
                state!.lines.append(line)
                state!.bytes += line.count
            }
            return true
        }
        if !written { write(line) }
    }

    /// Holds lines back until `releasedText` (a render worker, for each file it makes).
    static func hold() { held.withLock { $0 = ([], 0) } }

    /// The lines held since `hold`, as text; lines go straight out again.
    static func releasedText() -> String {
        held.withLock { state in
            defer { state = nil }
            return String(decoding: (state?.lines ?? []).joined(), as: UTF8.self)
        }
    }

    /// How many lines are held (nil when none are): the lines after it can be taken back.
    static func mark() -> Int? { held.withLock { $0?.lines.count } }

    /// Takes back the lines held after `mark`: a drawing that was abandoned and made again.
    static func discard(after mark: Int?) {
        guard let mark else { return }
        held.withLock { state in
            guard let count = state?.lines.count, count > mark else { return }
            state!.bytes -= state!.lines[mark...].reduce(0) { $0 + $1.count }
            state!.lines.removeLast(count - mark)
        }
    }

    /// Writes lines to standard error, where a worker's parent reads them (only in a worker).
    static func write(_ line: [UInt8]) {
        guard reportPopplerMessages.load(ordering: .relaxed) else { return }
        var line = line
        _ = line.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

extension Diagnostic.Message {
    fileprivate static let cannotOpenPDF: Diagnostic.Message = "cannot open PDF"
    fileprivate static let pdfIsEncrypted: Diagnostic.Message = "PDF is encrypted; assetc cannot render password-protected documents"
}
