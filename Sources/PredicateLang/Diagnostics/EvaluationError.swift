// EvaluationError: the one error evaluation throws, where Apple's NSPredicate raises an exception.
// Value operations throw it without a position; the VM fills in the range of the failing construct
// from the program's source map.

/// A failure while evaluating a predicate, where NSPredicate would raise an exception.
///
/// Carries a stable ``Kind``, a message in Apple's wording where Apple has one, and the source range
/// of the construct that failed.
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

    public init(_ kind: Kind, _ message: String, at range: SourceRange = .synthesized) {
        self.kind = kind
        self.message = message
        self.range = range
    }

    /// The same error positioned at `range`.
    public func at(_ range: SourceRange) -> EvaluationError {
        var copy = self
        copy.range = range
        return copy
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}
