/// How hard the PNG encoder works for smaller files (`--png-effort`, `"render": {"pngEffort"}`).
/// The pixels are the same at every effort; only the bytes and the time differ (the table of both is
/// in docs/performance.md).
public enum PNGEffort: String, Sendable, Hashable, CaseIterable {
    /// Quick builds while iterating: fast deflate, no second layout tried.
    case fast
    /// Balanced for every build: what `make bench` measures.
    case `default`
    /// For release builds: near-optimal deflate and every layout tried.
    case max
}
