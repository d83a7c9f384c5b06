import AssetModel
import AssetPlatform
import Foundation

/// Renders in supervised worker processes of this same binary (`assetc render-worker`), one per
/// job, kept for the whole build. Poppler and Cairo cannot be cancelled in-process; a worker can be
/// killed. Each variant gets a time budget and each worker an address-space budget: a render that
/// hangs, dies or runs out of memory costs only its variant (an error naming the source and page),
/// and a stop request kills the workers at once. What the libraries print while rendering is
/// returned with the variant, never lost.
public struct WorkerPool: Sendable {
    public var jobs: Int
    public var executable: String
    public var encoder: PNGEncoderSettings
    public var pixelBudget: Int
    /// Seconds one variant may take to render and encode.
    public var timeLimit: Double
    /// Address space each worker may use, in bytes.
    public var memoryLimit: Int
    public var progress: (@Sendable (Int, Int) -> Void)?
    public var isCancelled: @Sendable () -> Bool = { false }

    public init(jobs: Int, executable: String, encoder: PNGEncoderSettings, pixelBudget: Int, timeLimit: Double,
                memoryLimit: Int, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.jobs = jobs
        self.executable = executable
        self.encoder = encoder
        self.pixelBudget = pixelBudget
        self.timeLimit = timeLimit
        self.memoryLimit = memoryLimit
        self.progress = progress
    }

    /// Arguments that start a worker; the encoder settings travel here, once.
    var workerArguments: [String] {
        ["render-worker", "--memory-bytes", String(memoryLimit),
         "--compression-level", String(encoder.compressionLevel),
         "--indexed-compression-level", String(encoder.indexedCompressionLevel),
         "--palette-share", String(encoder.fullColorTrialPaletteShare),
         "--reduce-color-type", encoder.reduceColorType ? "true" : "false"]
    }

    public func run<SinkError: Error & Sendable>(
        _ variants: [Variant], sink: @escaping @Sendable (Int, [UInt8], String) throws(SinkError) -> Void
    ) -> [Result<EncodedVariant, VariantFailure<SinkError>>] {
        typealias Outcome = Result<EncodedVariant, VariantFailure<SinkError>>
        guard !variants.isEmpty else { return [] }
        ChildProcess.ignoreBrokenPipes()
        let order = variants.indices.sorted { a, b in
            let va = variants[a], vb = variants[b]
            if va.source.path != vb.source.path { return va.source.path < vb.source.path }
            if va.source.page != vb.source.page { return va.source.page < vb.source.page }
            return va.pixelCount > vb.pixelCount
        }
        let board = WorkBoard<Outcome>(count: order.count)
        let budget = PixelBudget(limit: pixelBudget)
        let workers = max(1, min(jobs, order.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var worker: ChildProcess?
            defer { worker?.finish() }
            while !isCancelled(), let position = board.take() {
                let index = order[position]
                let variant = variants[index]
                budget.acquire(variant.pixelCount)
                let outcome: Outcome = supervise(variant, worker: &worker).flatMap { encoded, png in
                    do throws(SinkError) {
                        try sink(index, png, encoded.sha256)
                    } catch {
                        return .failure(.sink(error))
                    }
                    return .success(encoded)
                }
                budget.release(variant.pixelCount)
                let done = board.finish(position, outcome)
                progress?(done, order.count)
            }
        }
        var results = Array(repeating: Outcome.failure(.cancelled), count: variants.count)
        for (position, result) in board.collect().enumerated() {
            if let result { results[order[position]] = result }
        }
        return results
    }

    /// One variant through a worker (started if needed, replaced after a failure).
    private func supervise<SinkError>(_ variant: Variant, worker: inout ChildProcess?)
        -> Result<(EncodedVariant, [UInt8]), VariantFailure<SinkError>> {
        if worker == nil {
            do {
                worker = try ChildProcess.spawn(executable, workerArguments)
            } catch {
                return .failure(.source(.renderer("cannot start a render worker (\(executable)): \(error.reasonText)")))
            }
        }
        guard let process = worker else { return .failure(.cancelled) }
        let page = variant.source.kind == .pdf ? " (page \(variant.source.page))" : ""
        func lost(_ failure: VariantFailure<SinkError>) -> Result<(EncodedVariant, [UInt8]), VariantFailure<SinkError>> {
            process.terminate()
            worker = nil
            return .failure(failure)
        }
        guard process.send(RenderRequest(variant: variant).encoded()) else {
            return lost(.source(.renderer("the render worker exited before rendering\(page)")))
        }
        let deadline = Clock.seconds() + timeLimit
        func read(_ count: Int) -> ChildProcess.ReadOutcome {
            process.receive(count, deadline: deadline, shouldStop: isCancelled)
        }
        func failure(_ outcome: ChildProcess.ReadOutcome) -> VariantFailure<SinkError> {
            switch outcome {
            case .stopped:
                return .cancelled
            case .timedOut:
                return .source(.overLimit("rendering\(page) took longer than the limit of \(SizeReport.oneDecimal(timeLimit)) s; the renderer was stopped (raise it with --render-timeout)"))
            case .closed, .bytes:
                let printed = process.drainErrors().trimmingCharacters(in: .whitespacesAndNewlines)
                let memory = printed.lowercased().contains("out of memory") || printed.lowercased().contains("bad_alloc")
                let detail = printed.isEmpty ? "" : ": " + printed.split(separator: "\n").suffix(3).joined(separator: "; ")
                if memory {
                    return .source(.overLimit("rendering\(page) ran out of memory (limit \(memoryLimit >> 20) MiB per worker; raise it with --render-memory)\(detail)"))
                }
                return .source(.renderer("the renderer crashed while rendering\(page)\(detail)"))
            }
        }
        guard case .bytes(let lengthBytes) = read(4) else { return lost(failure(read(0))) }
        let length = Frame.length(lengthBytes)
        guard length <= Frame.maximumHeader, case .bytes(let headerBytes) = read(length),
              let header = RenderReply.parse(headerBytes) else {
            return lost(failure(.closed))
        }
        let printed = process.drainErrors()
        switch header {
        case .failure(let error):
            return .failure(.source(Self.withPrinted(error, printed)))
        case .success(let count, let sha256):
            guard case .bytes(let png) = read(count) else { return lost(failure(.closed)) }
            // Text from Poppler or Cairo during a render means the image may not be what the file
            // describes: it becomes a message on the variant, never silence.
            if printed.lowercased().contains("out of memory") {
                return .failure(.source(.overLimit("rendering\(page) ran out of memory: \(printed.trimmingCharacters(in: .whitespacesAndNewlines))")))
            }
            return .success((EncodedVariant(bytes: count, sha256: sha256, libraryMessages: printed), png))
        }
    }

    private static func withPrinted(_ error: SourceError, _ printed: String) -> SourceError {
        let text = printed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return error }
        switch error {
        case .recordMismatch: return error
        default: return .content(error.message + " (the renderer printed: " + text.split(separator: "\n").prefix(3).joined(separator: "; ") + ")")
        }
    }
}
