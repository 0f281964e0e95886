// RegexParser: MATCHES pattern text (ICU syntax) → RegexNode. A transcription of ICU's pattern grammar (the
// state table in ICU's regexcst.txt), so what ICU accepts is accepted and what it rejects is an
// invalid-pattern error naming ICU's error code. Case-insensitive literal runs are folded as they are
// flushed, as ICU does; sets are parsed in RegexParser+Sets, escapes in RegexParser+Escapes.
//
// Grammar (the states of ICU's table):
//   term      := literal | '[' set ']' | '(' group | '.' | '^' | '$' | '\' escape | '|' term | ')' | end
//   quantify  := ('*' | '+' | '?' | '{' n (',' m?)? '}') ('?' | '+')?  | '(?#' … ')' quantify
//   group     := '?:' | '?>' | '?=' | '?!' | '?<=' | '?<!' | '?<' name '>' | '?#' … ')' | '?' flags (')' | ':')
//   flags     := [idmsuwx-]+
// After a literal, set, `.`, `^`, `$`, escape class or group comes `quantify` (ICU lets `^` and `$` be
// repeated); after a quantifier or a look-around only `|`, `)` or a new term; after `\b`, `\A` and the other
// backslash anchors, `(?i)` or a comment, a new term.

/// Parses one pattern. Error offsets are code point offsets into the pattern as compiled.
struct RegexParser {
    /// The match flags in force; a group saves them on entry and restores them when it closes.
    struct Flags: Equatable {
        var caseInsensitive = false
        var dotAll = false
        var multiline = false
        var comments = false
        var unixLines = false
        var unicodeWords = false
    }

    /// Where the grammar stands between tokens.
    enum State {
        case term
        case quantify
        case continuation
        case done
    }

    enum GroupKind {
        case root
        case capture(Int)
        case plain
        case atomic
        case lookahead(isNegated: Bool)
        case lookbehind(isNegated: Bool)
    }

    /// An open group: its alternatives so far, the items of the current alternative and the flags to restore.
    struct Frame {
        var kind: GroupKind
        var savedFlags: Flags
        var resume: State
        var start: Int
        var alternatives: [RegexNode] = []
        var items: [RegexNode] = []
    }

    /// Deepest nesting of groups, and of sets, accepted.
    static let maxNesting = 64
    /// Largest count accepted in `{n,m}`.
    static let maxRepetitionCount = 100_000

    var scanner: RegexScanner
    var token = RegexToken()
    /// The raw offset where `token` starts.
    var tokenStart = 0
    var flags: Flags
    var frames: [Frame]
    /// Literal code points not yet made into a node (ICU merges a run into one string).
    var literal: [UInt32] = []
    var groupCount = 0
    var groupNames: [String: Int] = [:]
    /// Back references and where they were written, checked against the group count at the end.
    var backreferences: [(group: Int, offset: Int)] = []
    /// The last literal added to a set (ICU keeps it across sets: `[a&-z]` ranges from `a`).
    var lastSetLiteral: UInt32?
    /// Set operands and operators while a set is parsed (RegexParser+Sets).
    var setOperands: [(set: RegexSet, depth: Int)] = []
    var setOperators: [RegexSetOperator] = []

    init(_ scalars: [Unicode.Scalar], caseInsensitive: Bool) {
        scanner = RegexScanner(scalars)
        flags = Flags(caseInsensitive: caseInsensitive, dotAll: true, multiline: true)
        frames = [Frame(kind: .root, savedFlags: flags, resume: .term, start: 0)]
    }

    /// Parses the whole pattern.
    mutating func parse() throws(EvaluationError) -> RegexNode {
        try advance()
        var state = State.term
        while true {
            switch state {
            case .term: state = try parseTerm()
            case .quantify: state = try parseQuantifier()
            case .continuation: state = try parseContinuation()
            case .done: return try finish()
            }
        }
    }

    // MARK: - Tokens

    /// Reads the next token.
    mutating func advance() throws(EvaluationError) {
        scanner.freeSpacing = flags.comments
        tokenStart = scanner.position
        token = try scanner.next()
    }

    /// Whether the current token is the unquoted character `character`.
    func at(_ character: Unicode.Scalar) -> Bool { token.isSyntax(character) }

    /// The current token as an unquoted ASCII letter or digit.
    var asciiWordCharacter: (value: UInt32, isLetter: Bool)? {
        guard !token.isQuoted, let value = token.value else { return nil }
        if (value | 0x20) &- 0x61 < 26 { return (value, true) }
        if value &- 0x30 < 10 { return (value, false) }
        return nil
    }

    // MARK: - States

    /// term: a literal, set, group, `.`, anchor, escape, `|`, `)` or the end.
    mutating func parseTerm() throws(EvaluationError) -> State {
        if token.isQuoted, let value = token.value {
            literal.append(value)
            try advance()
            return .quantify
        }
        guard let value = token.value else { return .done }
        switch value {
        case 0x5B:
            try advance()
            try parseSet()
            return .quantify
        case 0x28:
            let start = tokenStart
            try advance()
            return try parseOpenParenthesis(at: start)
        case 0x2E:
            append(.dot(flags.dotAll ? .all : flags.unixLines ? .unixLine : .line))
            try advance()
            return .quantify
        case 0x5E:
            append(.assertion(flags.multiline ? (flags.unixLines ? .startOfUnixLine : .startOfLine) : .startOfInput))
            try advance()
            return .quantify
        case 0x24:
            let assertion: RegexAssertion =
                flags.multiline
                ? (flags.unixLines ? .endOfUnixLine : .endOfLine)
                : (flags.unixLines ? .endOfInputOrFinalNewline : .endOfInputOrFinalTerminator)
            append(.assertion(assertion))
            try advance()
            return .quantify
        case 0x5C:
            try advance()
            return try parseEscape(at: tokenStart - 1)
        case 0x7C:
            closeAlternative()
            try advance()
            return .term
        case 0x29:
            try advance()
            return try closeGroup()
        case 0x2A, 0x2B, 0x3F, 0x7B, 0x7D:
            throw Self.error(.ruleSyntax, at: tokenStart)
        default:
            literal.append(value)
            try advance()
            return .quantify
        }
    }

    /// After a quantifiable item: a quantifier, a comment before one, or on to the continuation.
    mutating func parseQuantifier() throws(EvaluationError) -> State {
        let start = tokenStart
        if at("*") {
            try advance()
            return try applyQuantifier(minimum: 0, maximum: nil, isInterval: false)
        }
        if at("+") {
            try advance()
            return try applyQuantifier(minimum: 1, maximum: nil, isInterval: false)
        }
        if at("?") {
            try advance()
            return try applyQuantifier(minimum: 0, maximum: 1, isInterval: false)
        }
        if at("{") {
            try advance()
            let (minimum, maximum) = try parseInterval(at: start)
            return try applyQuantifier(minimum: minimum, maximum: maximum, isInterval: true)
        }
        if at("(") {
            try advance()
            guard at("?") else { return try parseOpenParenthesis(at: start) }
            scanner.commentsAllowed = false
            try advance()
            guard at("#") else { return try parseGroupType(at: start) }
            try advance()
            try skipComment(at: start)
            return .quantify
        }
        return .continuation
    }

    /// After a quantifier or look-around: `|`, `)` or a new term.
    mutating func parseContinuation() throws(EvaluationError) -> State {
        if at("|") {
            closeAlternative()
            try advance()
            return .term
        }
        if at(")") {
            try advance()
            return try closeGroup()
        }
        return .term
    }

    // MARK: - Quantifiers

    /// `{n}`, `{n,}` or `{n,m}` after the brace.
    mutating func parseInterval(at start: Int) throws(EvaluationError) -> (Int, Int?) {
        let minimum = try parseIntervalNumber(at: start)
        var maximum: Int? = minimum
        if at(",") {
            try advance()
            maximum = asciiWordCharacter?.isLetter == false ? try parseIntervalNumber(at: start) : nil
        }
        guard at("}") else { throw Self.error(.badInterval, at: start) }
        try advance()
        if let maximum, maximum < minimum { throw Self.error(.maxLessThanMin, at: start) }
        return (minimum, maximum)
    }

    private mutating func parseIntervalNumber(at start: Int) throws(EvaluationError) -> Int {
        guard let first = asciiWordCharacter, !first.isLetter else { throw Self.error(.badInterval, at: start) }
        var value = 0
        while let digit = asciiWordCharacter, !digit.isLetter {
            value = value * 10 + Int(digit.value - 0x30)
            if value > Int(Int32.max) { throw Self.error(.numberTooBig, at: start) }
            try advance()
        }
        if value > 0xFF_FFFF { throw Self.error(.numberTooBig, at: start) }
        if value > Self.maxRepetitionCount {
            throw EvaluationError(
                .regexLimit,
                "Can't do regex matching, reason: (repetition count above \(Self.maxRepetitionCount) at offset \(start))"
            )
        }
        return value
    }

    /// Reads the `?` (lazy) or `+` (possessive) suffix and wraps the last item.
    private mutating func applyQuantifier(minimum: Int, maximum: Int?, isInterval: Bool) throws(EvaluationError)
        -> State
    {
        var mode = RegexQuantifierMode.greedy
        if at("?") {
            mode = .lazy
            try advance()
        } else if at("+") {
            mode = .possessive
            try advance()
        }
        let item = takeQuantifiable()
        frames[frames.count - 1].items.append(
            .repetition(item, minimum: minimum, maximum: maximum, mode: mode, isInterval: isInterval))
        return .continuation
    }

    /// The item a quantifier applies to: the last literal of a pending run (ICU splits the run), else the
    /// last item.
    private mutating func takeQuantifiable() -> RegexNode {
        if let last = literal.popLast() {
            flushLiteral()
            return literalNode([last])
        }
        return frames[frames.count - 1].items.popLast() ?? .empty
    }

    // MARK: - Items

    /// Appends `node` to the current alternative, after any pending literal run.
    mutating func append(_ node: RegexNode) {
        flushLiteral()
        frames[frames.count - 1].items.append(node)
    }

    /// Turns the pending literal run into a node (folded when case-insensitive).
    mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        frames[frames.count - 1].items.append(literalNode(literal))
        literal.removeAll()
    }

    func literalNode(_ codePoints: [UInt32]) -> RegexNode {
        flags.caseInsensitive ? .foldedLiteral(RegexCaseFolding.fullFold(codePoints)) : .literal(codePoints)
    }

    mutating func closeAlternative() {
        flushLiteral()
        let items = frames[frames.count - 1].items
        frames[frames.count - 1].alternatives.append(.sequence(items))
        frames[frames.count - 1].items = []
    }

    /// The finished body of the innermost group.
    mutating func finishFrame() -> (Frame, RegexNode) {
        closeAlternative()
        let frame = frames.removeLast()
        let body = frame.alternatives.count == 1 ? frame.alternatives[0] : .alternation(frame.alternatives)
        flags = frame.savedFlags
        return (frame, body)
    }

    /// The end of the pattern.
    mutating func finish() throws(EvaluationError) -> RegexNode {
        guard frames.count == 1 else { throw Self.error(.mismatchedParenthesis, at: frames[frames.count - 1].start) }
        let (_, body) = finishFrame()
        for reference in backreferences where reference.group > groupCount {
            throw Self.error(.invalidBackReference, at: reference.offset)
        }
        return body
    }
}
