// Lint rule `empty-substring`: `x CONTAINS ''`, `x BEGINSWITH ''`, `x ENDSWITH ''` are always false
// in NSPredicate (an empty search string is never found), which is rarely what was meant.

import PredicateLang

/// `name BEGINSWITH ''`.
struct EmptySubstringRule: LintRule {
    let id = "empty-substring"
    let summary = "CONTAINS / BEGINSWITH / ENDSWITH with an empty string (always false)"

    func check(_ input: LintInput) -> [LintFinding] {
        var findings: [LintFinding] = []
        SyntaxWalk.comparisons(in: input.tree) { comparison in
            guard [.contains, .beginsWith, .endsWith].contains(comparison.op),
                SyntaxWalk.constantString(comparison.rhs) == ""
            else { return }
            if comparison.op == .contains, let tag = SyntaxWalk.taggedValue(comparison.lhs),
                input.rowKinds[tag] == .collection
            {
                return
            }
            findings.append(
                LintFinding(
                    rule: id,
                    message: "'\(comparison.op.rawValue)' with an empty string is always false "
                        + "(an empty search string is never found)",
                    range: comparison.range))
        }
        return findings
    }
}
