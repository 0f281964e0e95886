// Suggestion: the "did you mean" behind every diagnostic that names a misspelt word (an operator
// keyword, a function, a tag, a command-line option). One edit distance, shared by the parser, the
// compiler, the form checker and predc.

/// Finds the known spelling closest to a misspelt word.
package enum Suggestion {
    /// Words longer than this get no suggestion, so the cost stays bounded on hostile input.
    package static let maxWordLength = 64

    /// The candidate closest to `word`, compared case-insensitively, if it is near enough to be a typo:
    /// at most a third of the word's length in edits (at least 1, at most `maxEdits` when given).
    /// `word` itself is never suggested; ties go to the earlier candidate.
    package static func closest(
        to word: String, among candidates: some Sequence<String>, maxEdits: Int? = nil
    ) -> String? {
        let target = Array(word.lowercased())
        guard target.count <= maxWordLength else { return nil }
        let limit = min(max(1, target.count / 3), maxEdits ?? Int.max)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let letters = Array(candidate.lowercased())
            guard abs(letters.count - target.count) <= limit else { continue }
            let distance = editDistance(target, letters)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance: an insertion, deletion, substitution or swap of neighbours
    /// each costs one edit, so `nmae` is one edit from `name`.
    package static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[rhs.count]
    }
}
