import AssetModel
import AssetPlatform
import Foundation

/// Reads what planning needs from PDFs — page count and sizes, unembedded fonts, an opacity probe
/// — in supervised worker processes (`assetc render-worker`), under the same time and memory budgets
/// as renders. Poppler parses more than the page tree to answer these (a font scan walks every
/// page's annotations and the form), and a hostile file found in the wild (qpdf's
/// `shared-unnamed-field.pdf`, 2.5 KB) expands its form tree to 2^25 paths: in-process, `check` never
/// finished and ignored SIGTERM. Here it costs its time budget and fails with a message naming it.
public final class SourceSupervisor: @unchecked Sendable {
    public struct Facts: Sendable, Equatable {
        public var pageCount: Int
        public var pageSizes: [Int: PointSize]
        public var unembeddedFonts: [String]
    }

    let executable: String
    let timeLimit: Double
    let memoryLimit: Int
    let arguments: [String]
    let isCancelled: @Sendable () -> Bool
    private let lock = NSLock()
    private var idle: [ChildProcess] = []
    private var facts: [String: Facts] = [:]

    public init(executable: String, timeLimit: Double, memoryLimit: Int, fontsDirectory: String?,
                isCancelled: @escaping @Sendable () -> Bool) {
        self.executable = executable
        self.timeLimit = timeLimit
        self.memoryLimit = memoryLimit
        self.isCancelled = isCancelled
        var pool = WorkerPool(jobs: 1, executable: executable, encoder: PNGEncoderSettings(), pixelBudget: Int.max,
                              timeLimit: timeLimit, memoryLimit: memoryLimit)
        pool.fontsDirectory = fontsDirectory
        arguments = pool.workerArguments
    }

    deinit {
        for worker in idle { worker.finish() }
    }

    /// Page count, the sizes of `pages`, and the fonts the document uses without embedding them.
    public func pdfFacts(path: String, pages: Set<Int>) throws(SourceError) -> Facts {
        if let known = lock.withLock({ facts[path] }), pages.allSatisfy({ $0 > known.pageCount || known.pageSizes[$0] != nil }) {
            return known
        }
        let body = try ask(Inspection.encoded(path: path, pages: pages.sorted(), kind: "pdf"), doing: "reading the PDF")
        guard let root = try? JSONParser.parse(body), case .object(let members) = root.value,
              case .number(let count, _)? = members.first(where: { $0.key == "pageCount" })?.value.value,
              case .array(let sizes)? = members.first(where: { $0.key == "sizes" })?.value.value,
              case .array(let fonts)? = members.first(where: { $0.key == "fonts" })?.value.value else {
            throw .renderer("the render worker's answer could not be read")
        }
        var pageSizes: [Int: PointSize] = [:]
        for entry in sizes {
            guard case .array(let triple) = entry.value, triple.count == 3, case .number(let page, _) = triple[0].value,
                  case .number(let width, _) = triple[1].value, case .number(let height, _) = triple[2].value else { continue }
            pageSizes[Int(page)] = PointSize(width: width, height: height)
        }
        let names = fonts.compactMap { node -> String? in if case .string(let name) = node.value { name } else { nil } }
        let result = Facts(pageCount: Int(count), pageSizes: pageSizes, unembeddedFonts: names)
        lock.withLock { facts[path] = result }
        return result
    }

    /// An SVG's intrinsic size (nil when it gives none): librsvg parses the whole document for it,
    /// and a file of a million elements took 1.8 GB in the main process before this.
    public func svgSize(path: String) throws(SourceError) -> PointSize? {
        let body = try ask(Inspection.encoded(path: path, pages: [], kind: "svg"), doing: "reading the SVG")
        guard let root = try? JSONParser.parse(body), case .object(let members) = root.value else {
            throw .renderer("the render worker's answer could not be read")
        }
        guard case .number(let width, _)? = members.first(where: { $0.key == "width" })?.value.value,
              case .number(let height, _)? = members.first(where: { $0.key == "height" })?.value.value else { return nil }
        return PointSize(width: width, height: height)
    }

    /// A small render of `variant` (its PNG), for the opacity probe.
    public func render(_ variant: Variant) throws(SourceError) -> [UInt8] {
        try ask(RenderRequest(variants: [variant]).encoded(), doing: "probing the image")
    }

    /// Sends one request to an idle worker (or a new one) and returns the body of its answer. A
    /// worker that times out, runs out of memory, dies or is stopped is killed and not reused.
    private func ask(_ request: [UInt8], doing: String) throws(SourceError) -> [UInt8] {
        if isCancelled() { throw .renderer("stopped") }
        var worker = lock.withLock { idle.popLast() }
        if worker == nil {
            do {
                worker = try ChildProcess.spawn(executable, arguments)
            } catch {
                throw .renderer("cannot start a render worker (\(executable)): \(error.reasonText)")
            }
        }
        guard let process = worker else { throw .renderer("no render worker") }
        var keep = false
        defer {
            if keep { lock.withLock { idle.append(process) } } else { process.terminate() }
        }
        guard process.send(request) else { throw .renderer("the render worker exited before answering") }
        let deadline = Clock.seconds() + timeLimit
        func failure(_ outcome: ChildProcess.ReadOutcome) -> SourceError {
            switch outcome {
            case .stopped:
                return .renderer("stopped")
            case .timedOut:
                return .overLimit("\(doing) took longer than the limit of \(SizeReport.oneDecimal(timeLimit)) s; it was stopped (the render budget applies, --render-timeout or \"render\": {\"timeoutSeconds\"})")
            case .closed, .bytes:
                let printed = process.drainErrors().trimmingCharacters(in: .whitespacesAndNewlines)
                if WorkerPool.reportsExhaustedMemory(printed) {
                    return .overLimit("\(doing) ran out of memory (limit \(memoryLimit >> 20) MiB; --render-memory or \"render\": {\"memoryMiB\"})")
                }
                let detail = printed.isEmpty ? "" : ": " + WorkerPool.summary(ofPrinted: printed)
                return .renderer("the renderer crashed while \(doing)\(detail)")
            }
        }
        let lengthRead = process.receive(4, deadline: deadline, shouldStop: isCancelled)
        guard case .bytes(let lengthBytes) = lengthRead else { throw failure(lengthRead) }
        let length = Frame.length(lengthBytes)
        let headerRead = length <= Frame.maximumHeader ? process.receive(length, deadline: deadline, shouldStop: isCancelled) : .closed
        guard case .bytes(let headerBytes) = headerRead, let header = RenderReply.parse(headerBytes) else { throw failure(headerRead) }
        _ = process.drainErrors()
        switch header {
        case .failure(let error):
            keep = true
            throw error
        case .success(let count, _):
            let bodyRead = process.receive(count, deadline: deadline, shouldStop: isCancelled)
            guard case .bytes(let body) = bodyRead else { throw failure(bodyRead) }
            keep = true
            return body
        }
    }
}

/// The worker's side of an inspection: the facts as JSON.
enum Inspection {
    static func answer(path: String, pages: [Int], kind: String) -> [UInt8] {
        do throws(SourceError) {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(path)
            } catch {
                throw .file(error)
            }
            _ = silenceGLibLogging
            if kind == "svg" {
                let size = try SVGDocument(bytes: bytes).size
                let fields: [String: JSONOutput] = size.map { ["width": .number($0.width), "height": .number($0.height)] } ?? [:]
                return RenderReply.success(png: JSONOutput.object(fields).serializedBytes(), sha256: "")
            }
            let document = try PDFDocument(bytes: bytes)
            let count = document.pageCount
            var sizes: [JSONOutput] = []
            for page in pages where page >= 1 && page <= count {
                let size = try document.pageSize(page)
                sizes.append(.array([.integer(page), .number(size.width), .number(size.height)]))
            }
            let fonts = count > 0 ? document.unembeddedFonts() : []
            let body = JSONOutput.object(["pageCount": .integer(count), "sizes": .array(sizes),
                                          "fonts": .array(fonts.map(JSONOutput.string))]).serializedBytes()
            return RenderReply.success(png: body, sha256: "")
        } catch {
            return RenderReply.failure(error)
        }
    }

    /// The framed request the parent sends (`request` reads it back in the worker).
    static func encoded(path: String, pages: [Int], kind: String) -> [UInt8] {
        Frame.wrap(JSONOutput.object(["inspect": .object([
            "path": .string(path), "pages": .array(pages.map { .integer($0) }), "kind": .string(kind),
        ])]).serializedBytes())
    }

    static func request(_ body: [UInt8]) -> (path: String, pages: [Int], kind: String)? {
        guard let root = try? JSONParser.parse(body), case .object(let members) = root.value,
              case .object(let fields)? = members.first(where: { $0.key == "inspect" })?.value.value,
              case .string(let path)? = fields.first(where: { $0.key == "path" })?.value.value,
              case .array(let pages)? = fields.first(where: { $0.key == "pages" })?.value.value else { return nil }
        var kind = "pdf"
        if case .string(let text)? = fields.first(where: { $0.key == "kind" })?.value.value { kind = text }
        return (path, pages.compactMap { node -> Int? in if case .number(let page, _) = node.value { Int(page) } else { nil } }, kind)
    }
}
