// EvaluationError: the one error evaluation throws, where Apple's NSPredicate raises an exception.
// Value operations throw it without a position; the VM fills in the range of the failing construct
// from the program's source map, and the compiled predicate attaches its source text, so that printing
// the error shows the line and a caret as the compiler's diagnostics do.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#elseif canImport(Foundation)
    import Foundation
#endif

/// A failure while evaluating a predicate, where NSPredicate would raise an exception.
///
/// Carries a stable ``Kind``, a message in Apple's wording where Apple has one, the source range of the
/// construct that failed and, when a ``CompiledPredicate`` threw it, the predicate's ``source``. Values
/// in a message show their kind: strings in double quotes (`Can't compare integer 3 with string "3"`),
/// booleans as `YES`/`NO`, `nil` for null, doubles with a decimal point.
///
/// Printing the error (`print(error)`, `"\(error)"`, `localizedDescription`) shows it the way `predc`
/// does:
///
/// ```
/// <input>:1:1: error: Can't compare integer 3 with string "eighteen"
/// age < 'eighteen' OR name == 'x'
/// ^~~~~~~~~~~~~~~~
/// ```
///
/// ``DiagnosticRenderer/render(_:)-(EvaluationError)`` renders it against a source of your choice
/// (with colours, or another name). Two errors are equal when their kind, message and range are; the
/// source they point into is not compared.
public struct EvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a stable identifier.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Operands of the wrong kind for an operator (`'a' < 1`, `TRUE + 1`, `BEGINSWITH` on a number).
        case typeMismatch = "type-mismatch"
        /// A collection was required (`ANY` on a string, `IN` a number, `@sum` of a string).
        case notACollection = "not-a-collection"
        /// An index out of range or of the wrong kind.
        case invalidIndex = "invalid-index"
        /// A `$variable` with no binding.
        case unboundVariable = "unbound-variable"
        /// A key read from something that has no keys (KVC on a number).
        case invalidKey = "invalid-key"
        /// An invalid `LIKE` or `MATCHES` pattern.
        case invalidPattern = "invalid-pattern"
        /// `min:`/`max:`/`average:` of an empty collection and similar.
        case emptyCollection = "empty-collection"
        /// A `BETWEEN` whose right side is not a two-element array.
        case invalidBetweenBounds = "invalid-between-bounds"
        /// `CAST` to an unknown type or of an unconvertible value.
        case invalidCast = "invalid-cast"
        /// A construct NSPredicate supports only on Apple platforms (`UTI-CONFORMS-TO`, `ANYKEY`,
        /// `FUNCTION` with an arbitrary selector).
        case unsupported = "unsupported"
        /// The evaluation step budget ran out (large `SUBQUERY`/`ANY` or aggregates).
        case budgetExceeded = "budget-exceeded"
        /// A regular expression or subject beyond the matcher's limits.
        case regexLimit = "regex-limit"
    }

    /// The stable kind.
    public var kind: Kind
    /// A human-readable message (Apple's text where Apple defines one).
    public var message: String
    /// The range of the construct that failed; ``SourceRange/synthesized`` until the VM fills it.
    public var range: SourceRange
    /// The source text ``range`` points into: the predicate's, when a ``CompiledPredicate`` or a
    /// ``TypedPredicate`` threw the error; nil for an error made elsewhere (``Value/compare(_:_:_:options:limits:)``).
    public var source: SourceText? {
        get { sourceReference?.source }
        set { sourceReference = newValue.map(SourceReference.init) }
    }

    /// The source, behind one reference, so that the error stays small and attaching it copies nothing.
    private var sourceReference: SourceReference?

    public init(_ kind: Kind, _ message: String, at range: SourceRange = .synthesized, source: SourceText? = nil) {
        self.kind = kind
        self.message = message
        self.range = range
        self.sourceReference = source.map(SourceReference.init)
    }

    /// The same error positioned at `range`.
    public func at(_ range: SourceRange) -> EvaluationError {
        var copy = self
        copy.range = range
        return copy
    }

    /// The same error pointing into `source` (kept when the error already has one). The reference is made
    /// here, when an error is thrown, not by every compiled predicate in advance.
    package func attaching(_ source: SourceText) -> EvaluationError {
        guard sourceReference == nil else { return self }
        var copy = self
        copy.sourceReference = SourceReference(source)
        return copy
    }

    /// The error as `predc` prints it: `name:line:column: error: message`, the source line and a caret
    /// under the construct that failed; `error: message` alone when the error has no ``source``.
    public var description: String {
        guard let source else { return "error: " + DisplayText.escaping(message) }
        var text = DiagnosticRenderer(source: source).render(self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    public static func == (lhs: EvaluationError, rhs: EvaluationError) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
        hasher.combine(range)
    }
}

/// A source text behind one reference, so that an error holding it stays small.
package final class SourceReference: Sendable {
    /// The source text.
    package let source: SourceText

    package init(_ source: SourceText) {
        self.source = source
    }
}

#if canImport(FoundationEssentials) || canImport(Foundation)
    extension EvaluationError: LocalizedError {
        /// The same text as ``description``: what `localizedDescription` shows.
        public var errorDescription: String? { description }
    }
#endif
