/// "did you mean": the closest of a few names, by edit distance, when it is close enough to be a typo.
public enum NameSuggestion {
    /// The candidate closest to `word` (ignoring case), when within a third of its length (at least 2).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = distance(lower, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, best.candidate.count / 3) else { return nil }
        return best.candidate
    }

    /// Levenshtein distance over the first 100 scalars of each (names, not hostile input's lengths).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars.prefix(100)), b = Array(b.unicodeScalars.prefix(100))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
