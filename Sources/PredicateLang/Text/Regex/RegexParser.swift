// RegexParser: MATCHES pattern text (ICU syntax) → RegexNode. Applies the [c]/[d] folding and the
// inline flags to literals and classes as it builds nodes, and rejects what a linear-time engine
// cannot do (backreferences) with a "not supported" invalid-pattern error.
//
// Grammar (ICU subset):
//   alternation   := concatenation ('|' concatenation)*
//   concatenation := quantified*
//   quantified    := atom (('*' | '+' | '?' | '{' n (',' m?)? '}') ('?' | '+')?)*
//   atom          := literal | '.' | '^' | '$' | escape | class | '(' group ')'
//   group         := '?:' alt | '?' flags ')' | '?' flags ':' alt | '?<' name '>' alt | '?#' … | '?>' alt
//                  | '?=' alt | '?!' alt | '?<=' alt | '?<!' alt | alt

/// Parses one pattern. Positions in errors are scalar offsets into the (normalised) pattern.
struct RegexParser {
    /// The scoped match flags, saved on entering a group and restored when it closes.
    struct Flags {
        var caseInsensitive: Bool
        var dotAll = true
        var multiline = true
        var extended = false
    }

    /// Deepest nesting of groups and classes accepted.
    static let maxNesting = 64
    /// Largest count accepted in `{n,m}`.
    static let maxRepetitionCount = 100_000

    let scalars: [Unicode.Scalar]
    var position = 0
    var flags: Flags
    var depth = 0
    /// Whether literals are diacritic-folded (`[d]`).
    let foldsDiacritics: Bool
    /// Whether literals are fully case-folded (`[c]`; the subject is folded the same way).
    let foldsCase: Bool

    init(_ pattern: String, options: ComparisonOptions) {
        let effective = StringFolding.effectiveOptions(options)
        let literal = effective.contains(.normalized)
        scalars = Array((literal ? pattern : StringFolding.composed(pattern)).unicodeScalars)
        foldsCase = effective.contains(.caseInsensitive)
        foldsDiacritics = effective.contains(.diacriticInsensitive)
        flags = Flags(caseInsensitive: foldsCase)
    }

    /// Parses the whole pattern.
    mutating func parse() throws(EvaluationError) -> RegexNode {
        let node = try parseAlternation()
        if position < scalars.count {
            throw Self.error("unmatched ')'", at: position)
        }
        return node
    }

    // MARK: - Structure

    /// alternation := concatenation ('|' concatenation)*
    mutating func parseAlternation() throws(EvaluationError) -> RegexNode {
        var alternatives = [try parseConcatenation()]
        while peek() == "|" {
            position += 1
            alternatives.append(try parseConcatenation())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    /// concatenation := quantified*
    mutating func parseConcatenation() throws(EvaluationError) -> RegexNode {
        var items: [RegexNode] = []
        while true {
            skipExtendedWhitespace()
            guard let next = peek(), next != "|", next != ")" else { break }
            let node = try parseQuantified()
            if node != .empty { items.append(node) }
        }
        return items.isEmpty ? .empty : (items.count == 1 ? items[0] : .concatenation(items))
    }

    /// quantified := atom quantifier?   (a second quantifier is an error, as in ICU)
    mutating func parseQuantified() throws(EvaluationError) -> RegexNode {
        let atomStart = position
        var node = try parseAtom()
        skipExtendedWhitespace()
        if let bounds = try parseQuantifier() {
            switch node {
            case .assertion, .lookaround: throw Self.error("quantifier after an assertion", at: atomStart)
            default: break
            }
            // Lazy `?` and possessive `+` suffixes: irrelevant to a yes/no whole-string match for
            // lazy; possessive is treated as greedy (see RegexPattern).
            if peek() == "?" || peek() == "+" { position += 1 }
            node = .repetition(node, minimum: bounds.minimum, maximum: bounds.maximum)
            skipExtendedWhitespace()
            let quantifierStart = position
            if try parseQuantifier() != nil {
                throw Self.error("nested quantifier", at: quantifierStart)
            }
        }
        return node
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, or nil when no quantifier follows.
    mutating func parseQuantifier() throws(EvaluationError) -> (minimum: Int, maximum: Int?)? {
        switch peek() {
        case "*":
            position += 1
            return (0, nil)
        case "+":
            position += 1
            return (1, nil)
        case "?":
            position += 1
            return (0, 1)
        case "{":
            let start = position
            position += 1
            let minimum = try parseCount()
            var maximum: Int? = minimum
            if peek() == "," {
                position += 1
                maximum = peek() == "}" ? nil : try parseCount()
            }
            guard peek() == "}" else { throw Self.error("malformed interval '{'", at: start) }
            position += 1
            if let maximum, maximum < minimum {
                throw Self.error("interval maximum is less than its minimum", at: start)
            }
            return (minimum, maximum)
        default:
            return nil
        }
    }

    mutating func parseCount() throws(EvaluationError) -> Int {
        let start = position
        var value = 0
        while let digit = peek(), digit.value &- 0x30 < 10 {
            value = value * 10 + Int(digit.value - 0x30)
            if value > Self.maxRepetitionCount {
                throw EvaluationError(
                    .regexLimit,
                    "Can't do regex matching, reason: (repetition count above \(Self.maxRepetitionCount) at offset \(start))"
                )
            }
            position += 1
        }
        guard position > start else { throw Self.error("malformed interval '{'", at: start - 1) }
        return value
    }

    /// atom := literal | '.' | '^' | '$' | escape | class | group
    mutating func parseAtom() throws(EvaluationError) -> RegexNode {
        let start = position
        guard let scalar = next() else { throw Self.error("unexpected end of pattern", at: start) }
        switch scalar {
        case "(":
            return try parseGroup(at: start)
        case "[":
            return classNode(try parseClass(at: start))
        case ".":
            return flags.dotAll
                ? .anyScalar
                : .characterClass(RegexCharacterClass(property: .lineTerminator, isNegated: true), folded: false)
        case "^":
            return .assertion(flags.multiline ? .startOfLine : .startOfInput)
        case "$":
            return .assertion(flags.multiline ? .endOfLine : .endOfInputOrFinalTerminator)
        case "\\":
            switch try parseEscape(at: start, inClass: false) {
            case .scalar(let literal): return literalNode(literal)
            case .characterClass(let characterClass): return classNode(characterClass)
            case .assertion(let assertion): return .assertion(assertion)
            case .quoted(let quoted):
                let nodes = quoted.map(literalNode).filter { $0 != .empty }
                return nodes.isEmpty ? .empty : (nodes.count == 1 ? nodes[0] : .concatenation(nodes))
            }
        case "*", "+", "?":
            throw Self.error("nothing to repeat before '\(scalar)'", at: start)
        case "{":
            throw Self.error("nothing to repeat before '{'", at: start)
        default:
            return literalNode(scalar)
        }
    }

    /// group := '(' ( '?:' | '?' flags ':' | '?<' name '>' | '?>' )? alternation ')' | '(?' flags ')'
    mutating func parseGroup(at start: Int) throws(EvaluationError) -> RegexNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxNesting else {
            throw EvaluationError(
                .regexLimit, "Can't do regex matching, reason: (groups nested deeper than \(Self.maxNesting))")
        }
        let saved = flags
        if peek() == "?" {
            position += 1
            switch next() {
            case ":", ">":
                break  // non-capturing; atomic groups are matched as plain groups (see RegexPattern)
            case "=", "!":
                let isNegated = scalars[position - 1] == "!"
                return .lookaround(try parseGroupBody(at: start, restoring: saved), isAhead: true, isNegated: isNegated)
            case "#":
                while let scalar = next(), scalar != ")" {}
                return .empty
            case "<":
                if let kind = peek(), kind == "=" || kind == "!" {
                    position += 1
                    let body = try parseGroupBody(at: start, restoring: saved)
                    return .lookaround(body, isAhead: false, isNegated: kind == "!")
                }
                try skipGroupName(at: start)
            case .some:
                position -= 1
                let scoped = try parseFlags(at: start)
                if !scoped { return .empty }  // `(?i)`: flags stay on until the enclosing group ends
            case nil:
                throw Self.error("missing ')'", at: start)
            }
        }
        return try parseGroupBody(at: start, restoring: saved)
    }

    /// alternation ')' — then the flags of the enclosing group are back in force.
    mutating func parseGroupBody(at start: Int, restoring saved: Flags) throws(EvaluationError) -> RegexNode {
        let body = try parseAlternation()
        guard next() == ")" else { throw Self.error("missing ')'", at: start) }
        flags = saved
        return body
    }

    /// `(?ismx-ismx)` or `(?ismx-ismx:`; returns whether the flags are scoped to a group body.
    mutating func parseFlags(at start: Int) throws(EvaluationError) -> Bool {
        var enable = true
        while let scalar = next() {
            switch scalar {
            case "i": flags.caseInsensitive = enable || foldsCase
            case "s": flags.dotAll = enable
            case "m": flags.multiline = enable
            case "x": flags.extended = enable
            case "w", "u": break  // Unicode word boundaries / Unicode case: our defaults already
            case "-": enable = false
            case ")": return false
            case ":": return true
            default: throw Self.error("unknown flag '\(scalar)' in group", at: start)
            }
        }
        throw Self.error("missing ')'", at: start)
    }

    mutating func skipGroupName(at start: Int) throws(EvaluationError) {
        while let scalar = next() {
            if scalar == ">" { return }
            guard RegexProperty.word.contains(scalar) else { throw Self.error("malformed group name", at: start) }
        }
        throw Self.error("missing '>' after group name", at: start)
    }

    // MARK: - Cursor

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    mutating func next() -> Unicode.Scalar? {
        guard position < scalars.count else { return nil }
        defer { position += 1 }
        return scalars[position]
    }

    /// In `(?x)` mode, skips whitespace and `#` comments to the end of the line.
    mutating func skipExtendedWhitespace() {
        guard flags.extended else { return }
        while let scalar = peek() {
            if RegexProperty.whitespace.contains(scalar) {
                position += 1
            } else if scalar == "#" {
                while let skipped = next(), !RegexProperty.lineTerminator.contains(skipped) {}
            } else {
                return
            }
        }
    }

    static func error(_ reason: String, at offset: Int) -> EvaluationError {
        EvaluationError(.invalidPattern, "Can't do regex matching, reason: (\(reason) at offset \(offset))")
    }

    static func unsupported(_ feature: String, at offset: Int) -> EvaluationError {
        EvaluationError(
            .invalidPattern, "Can't do regex matching, reason: (not supported: \(feature) at offset \(offset))")
    }
}
