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
    /// Where idle workers go when planning is done, for the build's renders (nil: stopped).
    private let shelf: WorkerShelf?

    public init(executable: String, timeLimit: Double, memoryLimit: Int, fontsDirectory: String?,
                shelf: WorkerShelf? = nil, isCancelled: @escaping @Sendable () -> Bool) {
        self.shelf = shelf
        self.executable = executable
        self.timeLimit = timeLimit
        self.memoryLimit = memoryLimit
        self.isCancelled = isCancelled
        var pool = WorkerPool(BatchSettings(jobs: 1, encoder: PNGEncoderSettings(), pixelBudget: Int.max), executable: executable,
                              timeLimit: timeLimit, memoryLimit: memoryLimit)
        pool.fontsDirectory = fontsDirectory
        arguments = pool.workerArguments
    }

    deinit {
        for worker in idle {
            if let shelf { shelf.put(worker, executable: executable, arguments: arguments) } else { worker.finish() }
        }
    }

    /// Page count, the sizes of `pages`, and the fonts the document uses without embedding them.
    public func pdfFacts(path: String, pages: Set<Int>) throws(SourceError) -> Facts {
        if let known = lock.withLock({ facts[path] }), pages.allSatisfy({ $0 > known.pageCount || known.pageSizes[$0] != nil }) {
            return known
        }
        let body = try ask(.inspect(path: path, pages: pages.sorted(), kind: .pdf), doing: .readingThePDF)
        guard let answer = try? JSONValueDecoder().decode(Inspection.PDFFacts.self, from: body) else {
            throw .renderer(.workerAnswerUnreadable)
        }
        var pageSizes: [Int: PointSize] = [:]
        for entry in answer.sizes { pageSizes[entry.page] = entry.size }
        let result = Facts(pageCount: answer.pageCount, pageSizes: pageSizes, unembeddedFonts: answer.fonts)
        lock.withLock { facts[path] = result }
        return result
    }

    /// An SVG's intrinsic size (nil when it gives none): librsvg parses the whole document for it,
    /// and a file of a million elements took 1.8 GB in the main process before this.
    public func svgSize(path: String) throws(SourceError) -> PointSize? {
        let body = try ask(.inspect(path: path, pages: [], kind: .svg), doing: .readingTheSVG)
        guard let answer = try? JSONValueDecoder().decode(Inspection.SVGFacts.self, from: body) else {
            throw .renderer(.workerAnswerUnreadable)
        }
        return answer.size
    }

    /// A small render of `job` (its PNG), for the opacity probe.
    public func render(_ job: RenderJob) throws(SourceError) -> [UInt8] {
        try ask(.render([job]), doing: .probingTheImage)
    }

    /// Sends one request to an idle worker (or a new one) and returns the body of its answer. A
    /// worker that times out, runs out of memory, dies or is stopped is killed and not reused.
    private func ask(_ request: WorkerRequest, doing: Diagnostic.Message) throws(SourceError) -> [UInt8] {
        if isCancelled() { throw .renderer(.workerStopped) }
        var worker = lock.withLock { idle.popLast() }
        if worker == nil {
            do {
                worker = try ChildProcess.spawn(executable, arguments)
            } catch {
                throw .renderer(.cannotStartRenderWorker(executable, error: error))
            }
        }
        guard let process = worker else { throw .renderer(.noRenderWorker) }
        var keep = false
        defer {
            if keep { lock.withLock { idle.append(process) } } else { process.terminate() }
        }
        guard process.send(request.framed()) else { throw .renderer(.workerExitedBeforeAnswering) }
        switch process.readAnswer(deadline: Clock.seconds() + timeLimit, shouldStop: isCancelled) {
        case .body(let body, _, _):
            keep = true
            return body
        case .refused(let error, _):
            keep = true
            throw error
        case .lost(.stopped):
            throw .renderer(.workerStopped)
        case .lost(.timedOut):
            throw .overLimit(.workerTimedOut(doing, timeLimit: timeLimit))
        case .lost(.died(let printed)):
            if WorkerPool.reportsExhaustedMemory(printed) {
                throw .overLimit(.workerOutOfMemory(doing, memoryLimit: memoryLimit))
            }
            throw .renderer(.rendererCrashed(while: doing, printed: printed.isEmpty ? nil : WorkerPool.summary(ofPrinted: printed)))
        }
    }
}

/// The worker's side of an inspection: the facts as JSON.
enum Inspection {
    /// The worker's side: reads the file and answers with its facts (as the body of a reply).
    static func answer(path: String, pages: [Int], kind: ResolvedSource.Kind) -> [UInt8] {
        do throws(SourceError) {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(path)
            } catch {
                throw .file(error)
            }
            _ = silenceGLibLogging
            if kind == .svg {
                return RenderReply.success(body: SVGFacts(size: try SVGDocument(bytes: bytes).size))
            }
            let document = try PDFDocument(bytes: bytes)
            let count = document.pageCount
            var sizes: [PageSize] = []
            for page in pages where page >= 1 && page <= count {
                sizes.append(PageSize(page: page, size: try document.pageSize(page)))
            }
            let fonts = count > 0 ? document.unembeddedFonts() : []
            return RenderReply.success(body: PDFFacts(pageCount: count, sizes: sizes, fonts: fonts))
        } catch {
            return RenderReply.failure(error)
        }
    }

    struct PageSize: Codable {
        var page: Int
        var size: PointSize
    }

    struct PDFFacts: Codable {
        var pageCount: Int
        var sizes: [PageSize]
        var fonts: [String]
    }

    struct SVGFacts: Codable {
        var size: PointSize?
    }
}

extension Diagnostic.Message {
    fileprivate static func workerTimedOut(_ doing: Diagnostic.Message, timeLimit: Double) -> Diagnostic.Message { "\(doing.text) took longer than the limit of \(SizeReport.oneDecimal(timeLimit)) s; it was stopped (the render budget applies, --render-timeout or \"render\": {\"timeoutSeconds\"})" }
    /// `memoryLimit` in bytes, said in MiB.
    fileprivate static func workerOutOfMemory(_ doing: Diagnostic.Message, memoryLimit: Int) -> Diagnostic.Message { "\(doing.text) ran out of memory (limit \(memoryLimit >> 20) MiB; --render-memory or \"render\": {\"memoryMiB\"})" }

    fileprivate static let workerAnswerUnreadable: Diagnostic.Message = "the render worker's answer could not be read"
    fileprivate static let workerStopped: Diagnostic.Message = "stopped"
    fileprivate static let noRenderWorker: Diagnostic.Message = "no render worker"
    fileprivate static let workerExitedBeforeAnswering: Diagnostic.Message = "the render worker exited before answering"

    /// What a worker was asked to do, as the messages about it failing say it.
    fileprivate static let readingThePDF: Diagnostic.Message = "reading the PDF"
    fileprivate static let readingTheSVG: Diagnostic.Message = "reading the SVG"
    fileprivate static let probingTheImage: Diagnostic.Message = "probing the image"
}
