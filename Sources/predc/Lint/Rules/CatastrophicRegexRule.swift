// Lint rule `catastrophic-regex`: a MATCHES pattern with a nested unbounded quantifier (`(a+)+`,
// `(a*)*`, `(\w+\s?)*`) or a repeated group whose alternatives can start with the same character
// (`(a|a)*`, `(a|ab)+`) takes exponential time in backtracking engines (ICU, NSRegularExpression,
// PCRE). PredicateLang's matcher is linear, but the same predicate on Apple platforms is not.

import PredicateLang

/// `name MATCHES '(a+)+b'`.
struct CatastrophicRegexRule: LintRule {
    let id = "catastrophic-regex"
    let summary = "a MATCHES pattern that backtracks catastrophically (nested quantifiers, (a|a)*)"

    func check(_ input: LintInput) -> [LintFinding] {
        var findings: [LintFinding] = []
        SyntaxWalk.comparisons(in: input.tree) { comparison in
            guard comparison.op == .matches, let pattern = SyntaxWalk.constantString(comparison.rhs) else { return }
            var parser = RegexShapeParser(pattern)
            if let problem = CatastrophicRegexRule.problem(in: parser.parse()) {
                findings.append(
                    LintFinding(
                        rule: id,
                        message: "pattern '\(pattern)' can take exponential time in backtracking regex engines: "
                            + problem,
                        range: comparison.rhs.range))
            }
        }
        return findings
    }

    /// The first problem found in `alternatives`, described.
    static func problem(in alternatives: [[RegexNode]]) -> String? {
        for sequence in alternatives {
            for node in sequence {
                if let found = problem(in: node) { return found }
            }
        }
        return nil
    }

    private static func problem(in node: RegexNode) -> String? {
        switch node {
        case .atom, .empty:
            return nil
        case .group(let alternatives):
            return problem(in: alternatives)
        case .quantified(let inner, _, let max, let possessive):
            if max == nil, !possessive {
                if inner.containsUnboundedRepetition {
                    return "a quantified group contains another unbounded quantifier (nested quantifiers)"
                }
                if case .group(let alternatives) = inner, overlapping(alternatives) {
                    return "a repeated group has alternatives that can match the same text"
                }
            }
            return problem(in: inner)
        }
    }

    /// Whether two alternatives can start with the same character.
    private static func overlapping(_ alternatives: [[RegexNode]]) -> Bool {
        guard alternatives.count > 1 else { return false }
        let firsts = alternatives.map { RegexNode.firstCharacters(of: $0) ?? [.any] }
        for i in firsts.indices {
            for j in firsts.indices where j > i {
                if firsts[i].contains(where: { a in firsts[j].contains { b in a.overlaps(b) } }) { return true }
            }
        }
        return false
    }
}
