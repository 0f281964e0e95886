// RegexNode: the parsed form of a MATCHES pattern (RegexParser output; RegexProgram and
// RegexBacktrackProgram compile it). Case folding is already applied: case-insensitive literal runs are
// fully folded, case-insensitive sets are closed over case.

/// A zero-width assertion.
enum RegexAssertion: Hashable, Sendable {
    /// `\A`, `\G`, and `^` without multiline.
    case startOfInput
    /// `^` in multiline mode: at the start, or after a line terminator unless at the end.
    case startOfLine
    /// `^` in multiline and UNIX_LINES mode (`(?md)`): at the start, or after `\n`.
    case startOfUnixLine
    /// `\z`.
    case endOfInput
    /// `\Z`, and `$` without multiline: at the end, or before a line terminator (or CR LF) that ends the input.
    case endOfInputOrFinalTerminator
    /// `$` in UNIX_LINES mode without multiline: at the end, or before a `\n` that ends the input.
    case endOfInputOrFinalNewline
    /// `$` in multiline mode: at the end, or before a line terminator (not between CR and LF).
    case endOfLine
    /// `$` in multiline and UNIX_LINES mode: at the end, or before `\n`.
    case endOfUnixLine
    /// `\b`: between a word and a non-word character, skipping marks and format characters (ICU's rule).
    case wordBoundary
    /// `\B`.
    case notWordBoundary
    /// `\b` in `(?w)` mode: a Unicode (UAX #29) word boundary.
    case unicodeWordBoundary
    /// `\B` in `(?w)` mode.
    case notUnicodeWordBoundary
    /// Internal (`\X`): at a grapheme cluster boundary.
    case graphemeBoundary
    /// Internal (`\X`): inside a grapheme cluster.
    case notGraphemeBoundary
    /// Internal (`.` and `\R`): a CR followed by LF starts here.
    case atCarriageReturnLineFeed
    /// Internal (`.` and `\R`): no CR LF starts here.
    case notAtCarriageReturnLineFeed
}

/// The kinds of `.`.
enum RegexDot: Hashable, Sendable {
    /// DOTALL: any code point, and CR LF as one.
    case all
    /// Any code point but a line terminator.
    case line
    /// UNIX_LINES: any code point but `\n`.
    case unixLine
}

/// How a quantifier chooses how many times to repeat.
enum RegexQuantifierMode: Hashable, Sendable {
    /// As many as possible first, giving back on failure (`*`).
    case greedy
    /// As few as possible first (`*?`).
    case lazy
    /// As many as possible, never giving back (`*+`).
    case possessive
}

/// A node of a parsed regular expression.
indirect enum RegexNode: Hashable, Sendable {
    /// Matches the empty string.
    case empty
    /// A run of code points matched exactly. A surrogate code point (from `\uD800`) matches nothing.
    case literal([UInt32])
    /// A case-insensitive run, fully case folded: matches text whose full case folding is the run, ending
    /// on a code point boundary (ICU's STRING_I; `ß` is `ss` and matches `SS` or `ß`).
    case foldedLiteral([UInt32])
    /// One code point of the set.
    case set(RegexSet)
    /// `.`.
    case dot(RegexDot)
    /// `\R`: CR LF, or one line terminator.
    case lineBreak
    /// `\X`: one grapheme cluster (to the next boundary).
    case graphemeCluster
    /// A sequence.
    case concatenation([RegexNode])
    /// Alternatives, tried in order.
    case alternation([RegexNode])
    /// `node{minimum,maximum}` (`maximum == nil` is unbounded). `isInterval` tells `{…}` from `*`, `+` and
    /// `?`, which ICU compiles differently (it matters for look-behind lengths and lazy loops).
    case repetition(RegexNode, minimum: Int, maximum: Int?, mode: RegexQuantifierMode, isInterval: Bool)
    /// A capture group (numbered from 1).
    case capture(RegexNode, index: Int)
    /// `(?> )`: once the body has matched, its choices are not revisited.
    case atomic(RegexNode)
    /// `\n` / `\k<name>`: the text group `index` captured (case-insensitively when asked).
    case backreference(Int, caseInsensitive: Bool)
    /// A zero-width assertion.
    case assertion(RegexAssertion)
    /// Look-ahead `(?= )` / `(?! )` or look-behind `(?<= )` / `(?<! )`.
    case lookaround(RegexNode, isAhead: Bool, isNegated: Bool)

    /// Builds a sequence, flattening nested ones and dropping empties.
    static func sequence(_ nodes: [RegexNode]) -> RegexNode {
        var items: [RegexNode] = []
        for node in nodes {
            switch node {
            case .empty: continue
            case .concatenation(let inner): items.append(contentsOf: inner)
            default: items.append(node)
            }
        }
        return items.isEmpty ? .empty : (items.count == 1 ? items[0] : .concatenation(items))
    }
}
