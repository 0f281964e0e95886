// Linter: the table of lint rules and running them over one predicate, findings sorted by position.

import PredicateLang

/// Runs every lint rule.
enum Linter {
    /// The rules, in the order `predc lint --help` lists them.
    static let rules: [any LintRule] = [
        UnknownTagRule(), IncompatibleTypesRule(), ConstantConditionRule(), MixedAndOrRule(),
        CatastrophicRegexRule(), EmptySubstringRule(),
    ]

    /// The findings of every rule for `input`, sorted by position then rule id.
    static func findings(_ input: LintInput) -> [LintFinding] {
        rules.flatMap { $0.check(input) }.sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.rule) < ($1.range.lowerBound, $1.range.upperBound, $1.rule)
        }
    }
}
