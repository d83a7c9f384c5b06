import Foundation

/// Bounds the pixels being rendered at once, so peak memory depends on the budget and the largest
/// image, not on how many assets the manifest has.
final class PixelBudget: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private var inFlight = 0

    init(limit: Int) { self.limit = limit }

    func acquire(_ pixels: Int) {
        condition.lock()
        // A single image larger than the budget still runs, alone.
        while inFlight > 0 && inFlight + pixels > limit { condition.wait() }
        inFlight += pixels
        condition.unlock()
    }

    func release(_ pixels: Int) {
        condition.lock()
        inFlight -= pixels
        condition.broadcast()
        condition.unlock()
    }
}

/// Hands out work items to worker threads and collects their results.
final class WorkBoard<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private var results: [Result?]
    private var completed = 0

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: Result) -> Int {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
        completed += 1
        return completed
    }

    func collect() -> [Result?] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

/// What one worker produced for one variant: a staged file ready to move into place.
struct StagedVariant: Sendable {
    var written: WrittenVariant
    var stagedPath: String
}

/// Renders and encodes variants across threads, writing each PNG to a temporary file.
struct ParallelRenderer: Sendable {
    var jobs: Int
    var store: SourceStore
    var encoder: PNGEncoderSettings
    var stagingDirectory: String
    var pixelBudget: Int
    var progress: (@Sendable (Int, Int) -> Void)?
    var isCancelled: @Sendable () -> Bool = { false }

    /// Renders every variant; after a cancellation the remaining ones are left unrendered (failures).
    func run(_ variants: [Variant]) -> [Result<StagedVariant, SourceError>] {
        guard !variants.isEmpty else { return [] }
        // Sources together (one parse per worker), largest first within a source for balance.
        let order = variants.indices.sorted { a, b in
            let va = variants[a], vb = variants[b]
            if va.source.path != vb.source.path { return va.source.path < vb.source.path }
            if va.source.page != vb.source.page { return va.source.page < vb.source.page }
            return va.pixelCount > vb.pixelCount
        }
        let board = WorkBoard<Result<StagedVariant, SourceError>>(count: order.count)
        let budget = PixelBudget(limit: pixelBudget)
        let work: @Sendable (Rasterizer) -> Void = { rasterizer in
            while !isCancelled(), let position = board.take() {
                let index = order[position]
                let variant = variants[index]
                budget.acquire(variant.pixelCount)
                let result = process(variant, index: index, rasterizer: rasterizer)
                budget.release(variant.pixelCount)
                let done = board.finish(position, result)
                progress?(done, order.count)
            }
        }
        // The first render runs alone: Poppler builds some shared state lazily (colour management),
        // which has raced between threads elsewhere.
        let first = Rasterizer(store: store)
        if let position = board.take() {
            let index = order[position]
            _ = board.finish(position, process(variants[index], index: index, rasterizer: first))
            progress?(1, order.count)
        }
        let workers = max(1, min(jobs, order.count - 1))
        if workers == 1 {
            work(first)
        } else {
            let store = self.store
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                work(Rasterizer(store: store))
            }
        }
        var results = Array(repeating: Result<StagedVariant, SourceError>.failure(SourceError("not rendered")),
                            count: variants.count)
        for (position, result) in board.collect().enumerated() {
            if let result { results[order[position]] = result }
        }
        return results
    }

    private func process(_ variant: Variant, index: Int, rasterizer: Rasterizer) -> Result<StagedVariant, SourceError> {
        do {
            let image = try rasterizer.render(variant)
            let png = try PNGOptimizer.encode(image, settings: encoder)
            let staged = "\(stagingDirectory)/\(index).png"
            try FileSystem.writeNew(staged, png)
            return .success(StagedVariant(
                written: WrittenVariant(variant: variant, bytes: png.count, sha256: sha256Hex(png)),
                stagedPath: staged))
        } catch {
            return .failure(error)
        }
    }
}
