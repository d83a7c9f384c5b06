import AssetModel
import CQPDF
#if canImport(Glibc)
import Glibc
#endif

/// The only file that touches qpdf: it takes the content streams out of a PDF held in memory
/// (every page's, and those of the form XObjects the pages draw), hands each to
/// `ContentStreamRepair`, and writes the PDF again with the repaired streams. qpdf parses, decodes
/// and writes; the decision of what to drop is `ContentStreamRepair`'s. Glibc is imported for
/// `free`, which releases the buffers qpdf hands back.
enum QPDFRepair {
    struct Repaired {
        var bytes: [UInt8]
        var droppedOperators: Int
    }

    /// Form XObjects visited at most: a file of nested or shared forms cannot make the walk long.
    static let maximumForms = 10_000

    /// The PDF with every operator Poppler would abandon its page on dropped, or nil when none was
    /// found (or qpdf could not read or write the file: the caller keeps what Poppler drew).
    static func droppingNonFiniteOperators(_ bytes: [UInt8]) -> Repaired? {
        guard !bytes.isEmpty else { return nil }
        // qpdf reads from the caller's buffer for as long as the session lasts: all of it runs here.
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                repair(base, count: buffer.count)
            }
        }
    }

    private static func repair(_ base: UnsafePointer<CChar>, count: Int) -> Repaired? {
        guard let qpdf = qpdf_init() else { return nil }
        defer {
            var owned: qpdf_data? = qpdf
            qpdf_cleanup(&owned)
        }
        // Nothing may be printed by a library: errors are read back, warnings discarded.
        qpdf_silence_errors(qpdf)
        qpdf_set_suppress_warnings(qpdf, QPDF_TRUE)
        var logger = qpdflogger_create()
        qpdflogger_set_info(logger, qpdf_log_dest_discard, nil, nil)
        qpdflogger_set_warn(logger, qpdf_log_dest_discard, nil, nil)
        qpdflogger_set_error(logger, qpdf_log_dest_discard, nil, nil)
        qpdf_set_logger(qpdf, logger)
        qpdflogger_cleanup(&logger)

        guard qpdf_read_memory(qpdf, "source.pdf", base, UInt64(count), nil) & QPDF_ERRORS == 0,
              qpdf_has_error(qpdf) == QPDF_FALSE else { return nil }
        // Resources a page inherits from its page tree: its forms are found on the page itself.
        _ = qpdf_push_inherited_attributes_to_page(qpdf)
        guard qpdf_has_error(qpdf) == QPDF_FALSE else { return nil }

        var dropped = 0
        var forms = FormWalk()
        let pages = qpdf_get_num_pages(qpdf)
        guard pages >= 0 else { return nil }
        for index in 0..<Int(pages) {
            let page = qpdf_get_page_n(qpdf, index)
            var data: UnsafeMutablePointer<UInt8>?
            var length = 0
            guard qpdf_oh_get_page_content_data(qpdf, page, &data, &length) & QPDF_ERRORS == 0 else { return nil }
            // A page without content answers with no buffer at all.
            let content = data.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
            free(data)
            if let repaired = ContentStreamRepair.droppingNonFiniteOperators(content) {
                // One new stream in place of the page's (possibly several) content streams.
                let stream = qpdf_oh_new_stream(qpdf)
                replaceData(qpdf, stream, repaired.bytes)
                qpdf_oh_replace_key(qpdf, page, "/Contents", stream)
                dropped += repaired.droppedOperators
            }
            dropped += forms.repair(qpdf, resourcesOf: page)
            guard qpdf_has_error(qpdf) == QPDF_FALSE else { return nil }
        }
        guard dropped > 0 else { return nil }

        // Write settings belong to the writer `qpdf_init_write_memory` makes: set before it, they crash.
        guard qpdf_init_write_memory(qpdf) & QPDF_ERRORS == 0 else { return nil }
        qpdf_set_deterministic_ID(qpdf, QPDF_TRUE)  // the same source gives the same bytes
        guard qpdf_write(qpdf) & QPDF_ERRORS == 0, let written = qpdf_get_buffer(qpdf) else { return nil }
        return Repaired(bytes: Array(UnsafeBufferPointer(start: written, count: qpdf_get_buffer_length(qpdf))), droppedOperators: dropped)
    }

    /// The form XObjects reachable from the pages, each repaired once, walked with a list rather
    /// than recursion (a chain of nested forms is only as deep as the file is long).
    private struct FormWalk {
        var visited: Set<Int32> = []
        var count = 0

        mutating func repair(_ qpdf: qpdf_data, resourcesOf page: qpdf_oh) -> Int {
            var dropped = 0
            var owners = [page]
            while let owner = owners.popLast(), count < QPDFRepair.maximumForms {
                for form in Self.forms(qpdf, in: owner) {
                    // Forms are shared between pages and may draw themselves: each object once.
                    let id = qpdf_oh_get_object_id(qpdf, form)
                    guard id == 0 || visited.insert(id).inserted, count < QPDFRepair.maximumForms else { continue }
                    count += 1
                    var data: UnsafeMutablePointer<UInt8>?
                    var length = 0
                    var filtered: QPDF_BOOL = QPDF_FALSE
                    guard qpdf_oh_get_stream_data(qpdf, form, qpdf_dl_all, &filtered, &data, &length) & QPDF_ERRORS == 0 else { continue }
                    let content = data.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
                    free(data)
                    if filtered == QPDF_TRUE, let repaired = ContentStreamRepair.droppingNonFiniteOperators(content) {
                        QPDFRepair.replaceData(qpdf, form, repaired.bytes)
                        dropped += repaired.droppedOperators
                    }
                    owners.append(qpdf_oh_get_dict(qpdf, form))
                }
            }
            return dropped
        }

        /// The form XObjects in `owner`'s `/Resources /XObject`.
        private static func forms(_ qpdf: qpdf_data, in owner: qpdf_oh) -> [qpdf_oh] {
            let resources = qpdf_oh_get_key_if_dict(qpdf, owner, "/Resources")
            let objects = qpdf_oh_get_key_if_dict(qpdf, resources, "/XObject")
            guard qpdf_oh_is_dictionary(qpdf, objects) == QPDF_TRUE else { return [] }
            var keys: [String] = []
            qpdf_oh_begin_dict_key_iter(qpdf, objects)
            while qpdf_oh_dict_more_keys(qpdf) == QPDF_TRUE {
                if let key = qpdf_oh_dict_next_key(qpdf) { keys.append(String(cString: key)) }
            }
            return keys.map { qpdf_oh_get_key(qpdf, objects, $0) }.filter { form in
                qpdf_oh_is_stream(qpdf, form) == QPDF_TRUE
                    && qpdf_oh_is_name_and_equals(qpdf, qpdf_oh_get_key(qpdf, qpdf_oh_get_dict(qpdf, form), "/Subtype"), "/Form") == QPDF_TRUE
            }
        }
    }

    /// The stream's data, stored unfiltered (qpdf compresses it again when it writes).
    private static func replaceData(_ qpdf: qpdf_data, _ stream: qpdf_oh, _ bytes: [UInt8]) {
        // An empty array has no buffer to hand over; a lone space is an empty content stream too.
        (bytes.isEmpty ? [32] : bytes).withUnsafeBufferPointer { buffer in
            qpdf_oh_replace_stream_data(qpdf, stream, buffer.baseAddress, buffer.count, qpdf_oh_new_null(qpdf), qpdf_oh_new_null(qpdf))
        }
    }

    static var version: String { String(cString: qpdf_get_qpdf_version()) }
}
