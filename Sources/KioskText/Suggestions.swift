/// Did-you-mean: the closest of some names to a misspelt one.
public enum Suggestions {
    /// The candidate nearest to `word`, compared without case, if it is at most two edits
    /// away (a swap of two neighbours counts as one) and shares at least one character.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty, target.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            guard abs(other.count - target.count) <= 2 else { continue }
            let d = distance(target, other)
            guard d <= 2, d < max(target.count, other.count) else { continue }
            if let current = best, current.distance <= d { continue }
            best = (candidate, d)
        }
        return best?.name
    }

    /// Optimal string alignment distance.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
