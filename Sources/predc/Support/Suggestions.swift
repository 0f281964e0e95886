// Suggestions: "did you mean" for misspelt options, commands and tags, through PredicateLang's one
// edit distance, with suggestions capped at three edits.

import PredicateLang

/// Finds the closest known spelling of a misspelt word.
enum Suggestions {
    /// The candidate closest to `word` (case-insensitive), if it is close enough to be a plausible
    /// typo: at most a third of its length in edits, at least 1 and at most 3. Ties go to the earlier
    /// candidate.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        Suggestion.closest(to: word, among: candidates, maxEdits: 3)
    }
}
