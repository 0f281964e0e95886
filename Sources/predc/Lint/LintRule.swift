// LintRule: what a lint rule is (a stable id and a check over the syntax tree) and what it finds.
// The rules are listed in Linter.swift; each lives in its own file under Lint/Rules/.

import PredicateLang

/// One lint finding: a rule id, a message and the range it concerns, with optional notes.
struct LintFinding: Equatable {
    /// The rule's stable id, printed in brackets: `[mixed-and-or]`.
    var rule: String
    /// Lower-case message without a final period.
    var message: String
    /// The bytes the finding is about.
    var range: SourceRange
    /// Further explanations at their own positions ("did you mean 'hobbies'?").
    var notes: [(String, SourceRange)] = []

    static func == (lhs: LintFinding, rhs: LintFinding) -> Bool {
        lhs.rule == rhs.rule && lhs.message == rhs.message && lhs.range == rhs.range
            && lhs.notes.map(\.0) == rhs.notes.map(\.0) && lhs.notes.map(\.1) == rhs.notes.map(\.1)
    }

    /// The finding as a diagnostic whose text starts with `[rule]`.
    func diagnostic(severity: Severity) -> Diagnostic {
        Diagnostic(
            severity, DiagnosticMessage(id: rule, text: "[\(rule)] \(message)"), at: range,
            notes: notes.map { .note(DiagnosticMessage(id: rule, text: $0.0), at: $0.1) })
    }
}

/// What rules look at: the tree, its source, and what is known about the form it belongs to.
struct LintInput {
    /// The parsed predicate.
    var tree: SyntaxTree.Predicate
    /// Its text.
    var source: SourceText
    /// The tags that exist (from `--tags` or `--form`); nil when unknown.
    var knownTags: [String]?
    /// The kind of value each row holds, from `--form`.
    var rowKinds: [String: RowKind] = [:]
}

/// A lint rule.
protocol LintRule: Sendable {
    /// The stable id, such as `mixed-and-or`.
    var id: String { get }
    /// One line for `predc lint --help`.
    var summary: String { get }
    /// The findings for `input`.
    func check(_ input: LintInput) -> [LintFinding]
}
