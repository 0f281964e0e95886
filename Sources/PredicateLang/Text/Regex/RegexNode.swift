// RegexNode: the parsed form of a MATCHES pattern (RegexParser output, RegexCompiler input).
// Case and diacritic folding are already applied to literals and classes when a node is built.

/// A zero-width assertion.
enum RegexAssertion: Hashable, Sendable {
    /// `^` in multiline mode: at the start, or after a line terminator (not between `\r` and `\n`).
    case startOfLine
    /// `$` in multiline mode: at the end, or before a line terminator (not between `\r` and `\n`).
    case endOfLine
    /// `\A`, and `^` without multiline.
    case startOfInput
    /// `\z`.
    case endOfInput
    /// `\Z`, and `$` without multiline: at the end, or before a line terminator that ends the input.
    case endOfInputOrFinalTerminator
    /// `\b`: between a word and a non-word scalar (`\w` definition).
    case wordBoundary
    /// `\B`.
    case notWordBoundary
}

/// A node of a parsed regular expression.
indirect enum RegexNode: Hashable, Sendable {
    /// Matches the empty string.
    case empty
    /// One scalar, compared exactly.
    case scalar(Unicode.Scalar)
    /// One scalar, compared after simple case folding of the subject (the literal is folded).
    case foldedScalar(Unicode.Scalar)
    /// One scalar in a class; `folded` compares the subject scalar's simple case folding.
    case characterClass(RegexCharacterClass, folded: Bool)
    /// Any scalar (`.` with DOTALL).
    case anyScalar
    /// A sequence.
    case concatenation([RegexNode])
    /// Alternatives.
    case alternation([RegexNode])
    /// `node{minimum,maximum}`; `maximum == nil` is unbounded.
    case repetition(RegexNode, minimum: Int, maximum: Int?)
    /// A zero-width assertion.
    case assertion(RegexAssertion)
    /// Look-ahead `(?= )` / `(?! )` (`isAhead`) or look-behind `(?<= )` / `(?<! )`: zero width, true
    /// when the body matches starting (ending) here, or does not when `isNegated`.
    case lookaround(RegexNode, isAhead: Bool, isNegated: Bool)

    /// Instructions this node compiles to, saturating at `Int.max` (used to bound expansion of
    /// counted repetition before compiling).
    var programSize: Int {
        switch self {
        case .empty: return 0
        case .scalar, .foldedScalar, .characterClass, .anyScalar, .assertion: return 1
        case .lookaround(let body, _, _): return Self.saturatingAdd(body.programSize, 2)
        case .concatenation(let nodes):
            return nodes.reduce(0) { Self.saturatingAdd($0, $1.programSize) }
        case .alternation(let nodes):
            // One split and one jump per alternative.
            return nodes.reduce(0) { Self.saturatingAdd($0, Self.saturatingAdd($1.programSize, 2)) }
        case .repetition(let node, let minimum, let maximum):
            let body = node.programSize
            let required = Self.saturatingMultiply(body, minimum)
            guard let maximum else { return Self.saturatingAdd(required, Self.saturatingAdd(body, 2)) }
            let optional = Self.saturatingMultiply(Self.saturatingAdd(body, 1), max(0, maximum - minimum))
            return Self.saturatingAdd(required, optional)
        }
    }

    private static func saturatingAdd(_ left: Int, _ right: Int) -> Int {
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? Int.max : sum
    }

    private static func saturatingMultiply(_ left: Int, _ right: Int) -> Int {
        let (product, overflow) = left.multipliedReportingOverflow(by: right)
        return overflow ? Int.max : product
    }
}
