// Parser (PredicateParser) core: a cursor over the lexer's tokens, error reporting with cascade suppression, recovery
// to the next AND/OR/`)`, and the guards that keep hostile input from exhausting the stack or memory:
// a nesting-depth counter per syntactic level and a node counter. The productions are in
// Parser+Predicates.swift and Parser+Expressions.swift; each quotes its rule from Grammar/Predicate.ebnf.

/// What the parser reads and never changes, kept behind one reference so that the parser value
/// itself stays small: debug builds copy `self` for many calls, and a parse level must cost little
/// stack (128 levels must fit a 512 KiB thread).
final class ParserInput: Sendable {
    let source: SourceText
    let tokens: [Token]
    /// The lexer's payload table (`Token.payloadIndex` points into it).
    let payloads: [Token.Payload]
    let limits: Limits
    /// For each `(` token, the index of its matching `)`, or -1 (used to tell a parenthesised
    /// predicate from a parenthesised expression without backtracking).
    let matchingParen: [Int]

    init(source: SourceText, tokens: [Token], payloads: [Token.Payload], limits: Limits) {
        self.source = source
        self.tokens = tokens
        self.payloads = payloads
        self.limits = limits
        self.matchingParen = PredicateParser.matchParentheses(tokens)
    }
}

/// Recursive-descent parser for predicate format strings. One instance parses one input.
struct PredicateParser {
    let input: ParserInput
    var position = 0
    var diagnostics: [Diagnostic] = []
    var depth = 0
    var nodeCount = 0
    /// Set after an error until the parser resynchronises; further errors are dropped (cascades).
    var isRecovering = false
    /// Set when a limit is exceeded; every production then returns nil at once.
    var isAborted = false

    init(source: SourceText, tokens: [Token], payloads: [Token.Payload], limits: Limits) {
        self.input = ParserInput(source: source, tokens: tokens, payloads: payloads, limits: limits)
    }

    /// Whether the current token is `symbol` (cheap: no array or token temporaries).
    func currentIs(_ symbol: Token.Symbol) -> Bool { input.tokens[position].kind == .symbol(symbol) }

    var source: SourceText { input.source }
    var tokens: [Token] { input.tokens }
    var payloads: [Token.Payload] { input.payloads }
    var limits: Limits { input.limits }
    var matchingParen: [Int] { input.matchingParen }

    static func matchParentheses(_ tokens: [Token]) -> [Int] {
        // Without a `(` nothing is ever looked up: no table.
        guard tokens.contains(where: { $0.is(.leftParen) }) else { return [] }
        var matches = [Int](filled: -1, count: tokens.count)
        // The parentheses still open form a stack threaded through the table itself (no second array): an
        // open `(` holds `-2 - p`, where `p` is the `(` open below it (or -1), until its `)` overwrites it.
        var top = -1
        for (index, token) in tokens.enumerated() {
            if token.is(.leftParen) {
                matches[index] = -2 &- top
                top = index
            } else if token.is(.rightParen), top >= 0 {
                let below = -2 &- matches[top]
                matches[top] = index
                top = below
            }
        }
        // Parentheses never closed match nothing.
        while top >= 0 {
            let below = -2 &- matches[top]
            matches[top] = -1
            top = below
        }
        return matches
    }

    // MARK: Cursor

    var current: Token { tokens[position] }

    func peek(_ ahead: Int = 1) -> Token { tokens[min(position + ahead, tokens.count - 1)] }

    var isAtEnd: Bool { current.kind == .end }

    /// The token before the cursor, if any.
    var previous: Token? { position > 0 ? tokens[position - 1] : nil }

    /// Moves past the current token (never past `.end`) and returns it.
    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    /// Consumes the symbol if it is next.
    mutating func consume(_ symbol: Token.Symbol) -> Token? {
        current.is(symbol) ? advance() : nil
    }

    /// A token's payload.
    func payload(_ token: Token) -> Token.Payload { payloads[token.payloadIndex] }

    /// The name or decoded text of an identifier, variable, selector or string token.
    func text(_ token: Token) -> String {
        if case .text(let text) = payloads[token.payloadIndex] { return text }
        return ""
    }

    /// The source text of a token, as messages quote it.
    func spelling(_ token: Token) -> String { source.slice(token.range) }

    /// The spelling of the previous token, for "expected ... after 'X'".
    var previousSpelling: String? { previous.map(spelling) }

    /// Where an "expected ..." error points: the current token, or the end of the input.
    var currentRange: SourceRange {
        isAtEnd ? .empty(at: source.byteCount) : current.range
    }

    // MARK: Diagnostics

    /// Records an error unless the parser is recovering from another one, or the current token is
    /// one the lexer has already reported. Always puts the parser into recovery.
    mutating func error(
        _ message: DiagnosticMessage, at range: SourceRange, notes: [Diagnostic] = [], fixIts: [FixIt] = []
    ) {
        defer { isRecovering = true }
        guard !isRecovering, !isAborted, current.kind != .invalid else { return }
        diagnostics.append(.error(message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Error at the current token.
    mutating func errorHere(_ message: DiagnosticMessage, notes: [Diagnostic] = [], fixIts: [FixIt] = []) {
        error(message, at: currentRange, notes: notes, fixIts: fixIts)
    }

    /// Reports an exceeded limit once and stops the parse.
    mutating func abort(_ message: DiagnosticMessage, at range: SourceRange) {
        guard !isAborted else { return }
        diagnostics.append(.error(message, at: range))
        isAborted = true
    }

    /// Enters one syntactic nesting level; false (and the parse aborted) past `maxNestingDepth`.
    mutating func enterLevel() -> Bool {
        depth += 1
        if depth > limits.maxNestingDepth {
            abort(.nestingTooDeep(limit: limits.maxNestingDepth), at: currentRange)
        }
        return !isAborted
    }

    /// Checks the depth after the caller has incremented it.
    mutating func enterLevelChecked() -> Bool {
        if depth > limits.maxNestingDepth {
            abort(.nestingTooDeep(limit: limits.maxNestingDepth), at: currentRange)
        }
        return !isAborted
    }

    /// Counts one syntax node; false (and the parse aborted) past `maxNodeCount`.
    mutating func countNode() -> Bool {
        nodeCount += 1
        if nodeCount > limits.maxNodeCount {
            abort(.tooManyNodes(limit: limits.maxNodeCount), at: currentRange)
        }
        return !isAborted
    }

    /// Expects `)` closing the `(` at `opening`; reports "expected ')' to end <purpose>" with a note.
    mutating func expectClosingParen(opening: Token, purpose: String) -> Token? {
        if let closing = consume(.rightParen) { return closing }
        errorHere(
            .expectedClosing(")", purpose),
            notes: [.note(.toMatch("("), at: opening.range)])
        return nil
    }

    /// Consumes `(` and enters a nesting level.
    mutating func enterGroup() -> Bool {
        advance()
        return enterLevel()
    }

    /// Expects the `)` that closes the `(` at token index `opening`.
    mutating func closeGroup(opening: Int, purpose: String) -> Bool {
        expectClosingParen(opening: tokens[opening], purpose: purpose) != nil
    }

    /// Consumes a `,` if it is next.
    mutating func consumeComma() -> Bool {
        guard currentIs(.comma) else { return false }
        position += 1
        return true
    }

    /// Expects `,` between arguments.
    mutating func expectComma(_ purpose: String) -> Bool {
        if consume(.comma) != nil { return true }
        errorHere(.expectedComma(purpose))
        return false
    }

    // MARK: Recovery

    /// After a failed operand of AND/OR: skips to the next connective, `)`, `,` or the end, stepping
    /// over balanced parentheses. Returns true when a connective follows, and then leaves recovery
    /// if `clearingRecovery`.
    mutating func synchronize(clearingRecovery: Bool) -> Bool {
        var nesting = 0
        while !isAtEnd && !isAborted {
            let token = current
            if nesting == 0 {
                if isConnective(token) {
                    if clearingRecovery { isRecovering = false }
                    return true
                }
                if token.is(.rightParen) || token.is(.comma) { return false }
            }
            if token.is(.leftParen) { nesting += 1 }
            if token.is(.rightParen) { nesting -= 1 }
            advance()
        }
        return false
    }

    func isConnective(_ token: Token) -> Bool {
        token.is(.and) || token.is(.or) || token.is(.andAnd) || token.is(.orOr)
    }
}

extension PredicateParser {
    /// Words the "did you mean" suggestions are drawn from.
    static let operatorWords = [
        "LIKE", "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH", "BETWEEN", "IN",
        "UTI-CONFORMS-TO", "UTI-EQUALS",
    ]

    /// The candidate closest to `word` (case-insensitive), if it is close enough to be a typo; words of
    /// one letter get no suggestion.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        guard word.count >= 2 else { return nil }
        return Suggestion.closest(to: word.uppercased(), among: candidates)
    }
}
