import AssetModel
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

/// Indices of `variants` with each source's variants together (one parse per worker), largest
/// first within a source. Sources go in order of their pages' pixels, most first: a big photograph
/// that started last would leave the other workers idle while it alone is compressed (longest first
/// is the usual cure for that tail). Only the order of the work changes; every output's bytes are
/// the same in any order.
func renderOrder(_ variants: [Variant]) -> [Int] {
    struct Page: Hashable { var path: String; var page: Int }
    var pagePixels: [Page: Int] = [:]
    for variant in variants {
        pagePixels[Page(path: variant.source.path, page: variant.source.page), default: 0] += variant.pixelCount
    }
    return variants.indices.sorted { a, b in
        let va = variants[a], vb = variants[b]
        let pa = Page(path: va.source.path, page: va.source.page)
        let pb = Page(path: vb.source.path, page: vb.source.page)
        if pa != pb {
            let (sa, sb) = (pagePixels[pa, default: 0], pagePixels[pb, default: 0])
            if sa != sb { return sa > sb }
            if pa.path != pb.path { return pa.path < pb.path }
            return pa.page < pb.page
        }
        if va.pixelCount != vb.pixelCount { return va.pixelCount > vb.pixelCount }
        return a < b
    }
}

/// What one worker produced for one variant.
public struct EncodedVariant: Sendable {
    public var bytes: Int
    public var sha256: String
    /// What Poppler or Cairo printed while rendering it (render workers only).
    public var libraryMessages: String = ""
}

/// Why a variant has no file: its source failed (invalid input), or the sink that stores the
/// encoded bytes failed with its own error (the output stage's, which this target cannot name).
public enum VariantFailure<SinkError: Error & Sendable>: Error, Sendable {
    case source(SourceError)
    case sink(SinkError)
    /// Stopped before this variant was rendered.
    case cancelled
}

/// Renders and encodes variants across threads and hands each PNG to `sink` (on the worker's
/// thread), which stages it; the renderer itself writes nothing.
public struct ParallelRenderer: Sendable {
    public var settings: BatchSettings
    public var store: SourceStore

    public init(_ settings: BatchSettings, store: SourceStore) {
        self.settings = settings
        self.store = store
    }

    /// Renders every variant; after a cancellation the remaining ones are `.cancelled`.
    public func run<SinkError: Error & Sendable>(
        _ variants: [Variant], sink: @escaping @Sendable (Int, [UInt8], String) throws(SinkError) -> Void
    ) -> [Result<EncodedVariant, VariantFailure<SinkError>>] {
        typealias Outcome = Result<EncodedVariant, VariantFailure<SinkError>>
        guard !variants.isEmpty else { return [] }
        let order = renderOrder(variants)
        let board = WorkBoard<Outcome>(count: order.count)
        let budget = PixelBudget(limit: settings.pixelBudget)
        let process: @Sendable (Int, Rasterizer) -> Outcome = { index, rasterizer in
            let png: [UInt8]
            do throws(SourceError) {
                png = try rasterizer.produce(variants[index].renderJob, encoder: settings.encoder)
            } catch {
                return .failure(.source(error))
            }
            let hash = sha256Hex(png)
            do throws(SinkError) {
                try sink(index, png, hash)
            } catch {
                return .failure(.sink(error))
            }
            return .success(EncodedVariant(bytes: png.count, sha256: hash))
        }
        let work: @Sendable (Rasterizer) -> Void = { rasterizer in
            while !settings.isCancelled(), let position = board.take() {
                let index = order[position]
                let variant = variants[index]
                budget.acquire(variant.pixelCount)
                let result = process(index, rasterizer)
                budget.release(variant.pixelCount)
                let done = board.finish(position, result)
                settings.progress?(done, order.count)
            }
        }
        // The first render runs alone: Poppler builds some shared state lazily (colour management),
        // which has raced between threads elsewhere.
        let first = Rasterizer(store: store)
        if let position = board.take() {
            _ = board.finish(position, process(order[position], first))
            settings.progress?(1, order.count)
        }
        let workers = max(1, min(settings.jobs, order.count - 1))
        if workers == 1 {
            work(first)
        } else {
            let store = self.store
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                work(Rasterizer(store: store))
            }
        }
        var results = Array(repeating: Outcome.failure(.cancelled), count: variants.count)
        for (position, result) in board.collect().enumerated() {
            if let result { results[order[position]] = result }
        }
        return results
    }
}
