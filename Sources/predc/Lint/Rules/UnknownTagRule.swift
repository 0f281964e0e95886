// Lint rule `unknown-tag`: a `$tag` that names no row or section of the form (or no tag given with
// `--tags`) reads as null; suggests the closest known tag.

import PredicateLang

/// `$hobbys` when the form has `hobbies`.
struct UnknownTagRule: LintRule {
    let id = "unknown-tag"
    let summary = "a $tag that is not a row or section of the form (with a did-you-mean)"

    func check(_ input: LintInput) -> [LintFinding] {
        guard let known = input.knownTags else { return [] }
        let knownSet = Set(known)
        return input.tree.dependencies.variables.compactMap { read in
            guard !knownSet.contains(read.name) else { return nil }
            var finding = LintFinding(rule: id, message: "unknown tag '\(read.name)'", range: read.range)
            if let suggestion = Suggestions.closest(to: read.name, in: known) {
                finding.notes.append(("did you mean '\(suggestion)'?", read.range))
            }
            return finding
        }
    }
}
