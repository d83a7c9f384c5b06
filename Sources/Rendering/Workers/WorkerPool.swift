import AssetModel
import AssetPlatform
import Foundation

/// Counts finished variants for the progress line.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment(by amount: Int, of total: Int, _ progress: (@Sendable (Int, Int) -> Void)?) {
        let now = lock.withLock { count += amount; return count }
        progress?(now, total)
    }
}

/// Renders in supervised worker processes of this same binary (`assetc render-worker`), one per
/// job, kept for the whole build. Poppler and Cairo cannot be cancelled in-process; a worker can be
/// killed. Each variant gets a time budget and each worker an address-space budget: a render that
/// hangs, dies or runs out of memory costs only its variant (an error naming the source and page),
/// and a stop request kills the workers at once. What the libraries print while rendering is
/// returned with the variant, never lost.
public struct WorkerPool: Sendable {
    public var settings: BatchSettings
    public var executable: String
    /// Seconds one variant may take to render and encode.
    public var timeLimit: Double
    /// Address space each worker may use, in bytes.
    public var memoryLimit: Int
    /// The manifest's fonts folder: workers restrict fontconfig to it before rendering.
    public var fontsDirectory: String?
    /// Idle workers planning started, taken before starting new ones (`WorkerShelf`).
    public var shelf: WorkerShelf?

    public init(_ settings: BatchSettings, executable: String, timeLimit: Double, memoryLimit: Int) {
        self.settings = settings
        self.executable = executable
        self.timeLimit = timeLimit
        self.memoryLimit = memoryLimit
    }

    static let maximumBatch = 4

    /// Arguments that start a worker; the encoder settings travel here, once.
    var workerArguments: [String] {
        ["render-worker", "--memory-bytes", String(memoryLimit),
         "--encoder", settings.encoder.description] + (fontsDirectory.map { ["--fonts", $0] } ?? [])
    }

    public func run<SinkError: Error & Sendable>(
        _ variants: [Variant], sink: @escaping @Sendable (Int, [UInt8], String) throws(SinkError) -> Void
    ) -> [Result<EncodedVariant, VariantFailure<SinkError>>] {
        typealias Outcome = Result<EncodedVariant, VariantFailure<SinkError>>
        guard !variants.isEmpty else { return [] }
        ChildProcess.ignoreBrokenPipes()
        let order = renderOrder(variants)
        // Batches: up to `maximumBatch` variants of one source and page, in order, so a worker parses a
        // document once for several variants (it keeps the last one open) while a source with many
        // variants (an icon set, launch images) is still spread over every worker.
        var grouped: [[Int]] = []
        for index in order {
            if let batch = grouped.last, batch.count < Self.maximumBatch, let last = batch.last,
               variants[last].source.path == variants[index].source.path,
               variants[last].source.page == variants[index].source.page {
                grouped[grouped.count - 1].append(index)
            } else {
                grouped.append([index])
            }
        }
        let batches = grouped
        let board = WorkBoard<[Outcome]>(count: batches.count)
        let budget = PixelBudget(limit: settings.pixelBudget)
        let completed = Counter()
        let workers = max(1, min(settings.jobs, batches.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var worker: ChildProcess? = shelf?.take(executable: executable, arguments: workerArguments)
            defer { worker?.finish() }
            while !settings.isCancelled(), let position = board.take() {
                let batch = batches[position]
                let pixels = batch.reduce(0) { $0 + variants[$1].pixelCount }
                budget.acquire(pixels)
                let rendered: [Result<(EncodedVariant, [UInt8]), VariantFailure<SinkError>>] =
                    supervise(batch.map { variants[$0] }, worker: &worker) { completed.increment(by: 1, of: order.count, settings.progress) }
                let outcomes: [Outcome] = zip(batch, rendered).map { index, result in
                    result.flatMap { encoded, png in
                        do throws(SinkError) {
                            try sink(index, png, encoded.sha256)
                        } catch {
                            return .failure(.sink(error))
                        }
                        return .success(encoded)
                    }
                }
                budget.release(pixels)
                _ = board.finish(position, outcomes)
            }
        }
        var results = Array(repeating: Outcome.failure(.cancelled), count: variants.count)
        for (position, outcomes) in board.collect().enumerated() {
            guard let outcomes else { continue }
            for (index, outcome) in zip(batches[position], outcomes) { results[index] = outcome }
        }
        return results
    }

    /// One batch through a worker (started if needed, replaced after a failure). Each variant has
    /// its own deadline, counted from the previous variant's answer.
    private func supervise<SinkError>(_ batch: [Variant], worker: inout ChildProcess?, onEach: () -> Void)
        -> [Result<(EncodedVariant, [UInt8]), VariantFailure<SinkError>>] {
        var results: [Result<(EncodedVariant, [UInt8]), VariantFailure<SinkError>>] = []
        if worker == nil {
            do {
                worker = try ChildProcess.spawn(executable, workerArguments)
            } catch {
                return batch.map { _ in .failure(.source(.renderer(.cannotStartRenderWorker(executable, error: error)))) }
            }
        }
        guard var process = worker else { return batch.map { _ in .failure(.cancelled) } }
        let request = WorkerRequest.render(batch.map(\.renderJob)).framed()
        if !process.send(request) {
            // A worker that cannot take the batch (one kept from planning may have died while it
            // waited on the shelf) is replaced once before the batch is failed.
            process.terminate()
            worker = nil
            let fresh = try? ChildProcess.spawn(executable, workerArguments)
            guard let fresh, fresh.send(request) else {
                fresh?.terminate()
                return batch.map { _ in .failure(.source(.renderer(.workerExitedBeforeRendering))) }
            }
            process = fresh
            worker = fresh
        }
        for (position, variant) in batch.enumerated() {
            let (result, workerLost): (Result<(EncodedVariant, [UInt8]), VariantFailure<SinkError>>, Bool) =
                receive(variant, from: process)
            results.append(result)
            onEach()
            if workerLost, case .failure(let failure) = result {
                // The worker is gone or stopped: the rest of the batch was never rendered.
                process.terminate()
                worker = nil
                let page: Int? = variant.source.kind == .pdf ? variant.source.page : nil
                for _ in batch[(position + 1)...] {
                    if case .cancelled = failure {
                        results.append(.failure(.cancelled))
                    } else {
                        results.append(.failure(.source(.renderer(.notRenderedAfterEarlierStop(page: page)))))
                    }
                }
                break
            }
        }
        return results
    }

    /// What a worker printed, for a message: distinct lines in order, at most three, joined by "; ".
    /// Swift's crash report (after a line starting with `***`) is left out: the libraries' own lines
    /// before it say what happened.
    public static func summary(ofPrinted printed: String) -> String {
        var seen: Set<Substring> = []
        let ownLines = printed.components(separatedBy: "\n*** ").first ?? printed
        let lines = ownLines.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces)[...] }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        return lines.prefix(3).joined(separator: "; ") + (lines.count > 3 ? "; …" : "")
    }

    /// Whether what a worker printed says memory ran out (Poppler's and GLib's wording, C++'s).
    static func reportsExhaustedMemory(_ printed: String) -> Bool {
        let lower = printed.lowercased()
        // Poppler's and GLib's wording, C++'s, and Rust's (librsvg): "memory allocation of N bytes failed".
        return lower.contains("out of memory") || lower.contains("bad_alloc")
            || (lower.contains("memory allocation of") && lower.contains("failed"))
    }

    /// One variant's answer from a worker that was sent its batch, and whether the worker is lost
    /// (timed out, stopped, died or garbled its reply): then the rest of its batch was never rendered.
    private func receive<SinkError>(_ variant: Variant, from process: ChildProcess)
        -> (Result<(EncodedVariant, [UInt8]), VariantFailure<SinkError>>, workerLost: Bool) {
        let page: Int? = variant.source.kind == .pdf ? variant.source.page : nil
        switch process.readAnswer(deadline: Clock.seconds() + timeLimit, shouldStop: settings.isCancelled) {
        case .refused(let error, let printed):
            return (.failure(.source(Self.withPrinted(error, printed))), false)
        case .body(let png, let sha256, let printed):
            // Text from Poppler or Cairo during a render means the image may not be what the file
            // describes: it becomes a message on the variant, never silence.
            if Self.reportsExhaustedMemory(printed) {
                return (.failure(.source(.overLimit(.renderingOutOfMemory(page: page, memoryLimit: memoryLimit, printed: Self.summary(ofPrinted: printed))))), false)
            }
            return (.success((EncodedVariant(bytes: png.count, sha256: sha256, libraryMessages: printed), png)), false)
        case .lost(.stopped):
            return (.failure(.cancelled), true)
        case .lost(.timedOut):
            return (.failure(.source(.overLimit(.renderingTimedOut(page: page, timeLimit: timeLimit)))), true)
        case .lost(.died(let printed)):
            let summary = printed.isEmpty ? nil : Self.summary(ofPrinted: printed)
            if Self.reportsExhaustedMemory(printed) {
                return (.failure(.source(.overLimit(.renderingOutOfMemory(page: page, memoryLimit: memoryLimit, printed: summary)))), true)
            }
            return (.failure(.source(.renderer(.rendererCrashed(while: .rendering(page: page), printed: summary)))), true)
        }
    }

    private static func withPrinted(_ error: SourceError, _ printed: String) -> SourceError {
        let text = printed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return error }
        switch error {
        case .recordMismatch: return error
        default: return .content(.withRendererOutput(error.message, printed: summary(ofPrinted: text)))
        }
    }
}

extension Diagnostic.Message {
    static func cannotStartRenderWorker(_ executable: String, error: FileError) -> Diagnostic.Message { "cannot start a render worker (\(executable)): \(error.reasonText)" }
    /// `printed`: what the worker printed before it died (`WorkerPool.summary(ofPrinted:)`), if anything.
    static func rendererCrashed(while doing: Diagnostic.Message, printed: String?) -> Diagnostic.Message { "the renderer crashed while \(doing.text)\(printed.map { ": " + $0 } ?? "")" }
    /// What a render worker was doing: rendering, and which page of a PDF.
    fileprivate static func rendering(page: Int?) -> Diagnostic.Message { "rendering\(pageSuffix(page))" }
    /// ` (page 3)` after what a worker did with a PDF's page; nothing for another source.
    private static func pageSuffix(_ page: Int?) -> String {
        page.map { " (page \($0))" } ?? ""
    }
    fileprivate static let workerExitedBeforeRendering: Diagnostic.Message = "the render worker exited before rendering"
    fileprivate static func notRenderedAfterEarlierStop(page: Int?) -> Diagnostic.Message { "not rendered: the renderer was stopped while rendering an earlier image of this source\(pageSuffix(page))" }
    /// `memoryLimit` in bytes, said in MiB; `printed`: what the worker printed (summarized), if anything.
    fileprivate static func renderingOutOfMemory(page: Int?, memoryLimit: Int, printed: String?) -> Diagnostic.Message { "\(rendering(page: page).text) ran out of memory (limit \(memoryLimit >> 20) MiB per worker; raise it with --render-memory)\(printed.map { ": " + $0 } ?? "")" }
    fileprivate static func renderingTimedOut(page: Int?, timeLimit: Double) -> Diagnostic.Message { "\(rendering(page: page).text) took longer than the limit of \(SizeReport.oneDecimal(timeLimit)) s; the renderer was stopped (raise it with --render-timeout)" }
    fileprivate static func withRendererOutput(_ message: String, printed: String) -> Diagnostic.Message { "\(message) (the renderer printed: \(printed))" }
}
