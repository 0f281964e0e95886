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

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var flags: Flags
    private var depth = 0
    /// Whether literals are diacritic-folded (`[d]`).
    private let foldsDiacritics: Bool
    /// Whether literals are fully case-folded (`[c]`; the subject is folded the same way).
    private let foldsCase: Bool

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
    private mutating func parseAlternation() throws(EvaluationError) -> RegexNode {
        var alternatives = [try parseConcatenation()]
        while peek() == "|" {
            position += 1
            alternatives.append(try parseConcatenation())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    /// concatenation := quantified*
    private mutating func parseConcatenation() throws(EvaluationError) -> RegexNode {
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
    private mutating func parseQuantified() throws(EvaluationError) -> RegexNode {
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
    private mutating func parseQuantifier() throws(EvaluationError) -> (minimum: Int, maximum: Int?)? {
        switch peek() {
        case "*": position += 1; return (0, nil)
        case "+": position += 1; return (1, nil)
        case "?": position += 1; return (0, 1)
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

    private mutating func parseCount() throws(EvaluationError) -> Int {
        let start = position
        var value = 0
        while let digit = peek(), digit.value &- 0x30 < 10 {
            value = value * 10 + Int(digit.value - 0x30)
            if value > Self.maxRepetitionCount {
                throw EvaluationError(
                    .regexLimit, "Can't do regex matching, reason: (repetition count above \(Self.maxRepetitionCount) at offset \(start))")
            }
            position += 1
        }
        guard position > start else { throw Self.error("malformed interval '{'", at: start - 1) }
        return value
    }

    /// atom := literal | '.' | '^' | '$' | escape | class | group
    private mutating func parseAtom() throws(EvaluationError) -> RegexNode {
        let start = position
        guard let scalar = next() else { throw Self.error("unexpected end of pattern", at: start) }
        switch scalar {
        case "(":
            return try parseGroup(at: start)
        case "[":
            return classNode(try parseClass(at: start))
        case ".":
            return flags.dotAll
                ? .anyScalar : .characterClass(RegexCharacterClass(property: .lineTerminator, isNegated: true), folded: false)
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
    private mutating func parseGroup(at start: Int) throws(EvaluationError) -> RegexNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxNesting else {
            throw EvaluationError(.regexLimit, "Can't do regex matching, reason: (groups nested deeper than \(Self.maxNesting))")
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
    private mutating func parseGroupBody(at start: Int, restoring saved: Flags) throws(EvaluationError) -> RegexNode {
        let body = try parseAlternation()
        guard next() == ")" else { throw Self.error("missing ')'", at: start) }
        flags = saved
        return body
    }

    /// `(?ismx-ismx)` or `(?ismx-ismx:`; returns whether the flags are scoped to a group body.
    private mutating func parseFlags(at start: Int) throws(EvaluationError) -> Bool {
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

    private mutating func skipGroupName(at start: Int) throws(EvaluationError) {
        while let scalar = next() {
            if scalar == ">" { return }
            guard RegexProperty.word.contains(scalar) else { throw Self.error("malformed group name", at: start) }
        }
        throw Self.error("missing '>' after group name", at: start)
    }

    // MARK: - Literals and classes

    /// A literal scalar under the current folding and flags.
    private func literalNode(_ scalar: Unicode.Scalar) -> RegexNode {
        var folded: [Unicode.Scalar] = [scalar]
        if foldsCase || foldsDiacritics {
            var options: ComparisonOptions = []
            if foldsCase { options.insert(.caseInsensitive) }
            if foldsDiacritics { options.insert(.diacriticInsensitive) }
            folded = Array(StringFolding.fold(String(scalar), options: options).unicodeScalars)
        }
        let nodes: [RegexNode] = folded.map {
            flags.caseInsensitive ? .foldedScalar(StringFolding.simpleCaseFolded($0)) : .scalar($0)
        }
        return nodes.isEmpty ? .empty : (nodes.count == 1 ? nodes[0] : .concatenation(nodes))
    }

    /// A class node under the current folding and flags.
    private func classNode(_ characterClass: RegexCharacterClass) -> RegexNode {
        let caseInsensitive = flags.caseInsensitive
        guard caseInsensitive || foldsDiacritics else { return .characterClass(characterClass, folded: false) }
        let diacritics = foldsDiacritics
        let closed = characterClass.closed(
            under: { scalar in
                var result = scalar
                if diacritics {
                    let stripped = StringFolding.fold(String(scalar), options: .diacriticInsensitive).unicodeScalars
                    if stripped.count == 1, let only = stripped.first { result = only }
                }
                return caseInsensitive ? StringFolding.simpleCaseFolded(result) : result
            }, caseInsensitive: caseInsensitive)
        return .characterClass(closed, folded: caseInsensitive)
    }

    /// class := '[' '^'? item+ ']'   item := class | '[:' name ':]' | escape | scalar ('-' scalar)?
    private mutating func parseClass(at start: Int) throws(EvaluationError) -> RegexCharacterClass {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxNesting else {
            throw EvaluationError(.regexLimit, "Can't do regex matching, reason: (classes nested deeper than \(Self.maxNesting))")
        }
        var result = RegexCharacterClass()
        if peek() == "^" {
            result.isNegated = true
            position += 1
        }
        var isFirst = true
        while true {
            guard let scalar = peek() else { throw Self.error("missing ']'", at: start) }
            let itemStart = position
            if scalar == "]" && !isFirst {
                position += 1
                return result
            }
            isFirst = false
            if scalar == "[" && peek(1) == ":" {
                result.insert(nested: try parsePosixClass(at: itemStart))
                continue
            }
            if scalar == "[" {
                position += 1
                result.insert(nested: try parseClass(at: itemStart))
                continue
            }
            if scalar == "&" && peek(1) == "&" { throw Self.unsupported("class intersection '&&'", at: itemStart) }
            if scalar == "-" && peek(1) == "-" { throw Self.unsupported("class difference '--'", at: itemStart) }
            guard case .scalar(let lower) = try parseClassAtom(into: &result) else { continue }
            if peek() == "-", let after = peek(1), after != "]" {
                position += 1
                let upperStart = position
                guard case .scalar(let upper) = try parseClassAtom(into: &result) else {
                    throw Self.error("class range ends in a class", at: upperStart)
                }
                guard lower.value <= upper.value else { throw Self.error("class range out of order", at: itemStart) }
                result.insert(lower.value, upper.value)
            } else {
                result.insert(lower.value, lower.value)
            }
        }
    }

    private enum ClassAtom { case scalar(Unicode.Scalar), inserted }

    /// One scalar of a class, or a class escape (`\d`, `\p{L}`) inserted into `result` directly.
    private mutating func parseClassAtom(into result: inout RegexCharacterClass) throws(EvaluationError) -> ClassAtom {
        let start = position
        guard let scalar = next() else { throw Self.error("missing ']'", at: start) }
        guard scalar == "\\" else { return .scalar(scalar) }
        switch try parseEscape(at: start, inClass: true) {
        case .scalar(let literal):
            return .scalar(literal)
        case .characterClass(let characterClass):
            result.insert(nested: characterClass)
            return .inserted
        case .quoted(let quoted):
            for literal in quoted { result.insert(literal.value, literal.value) }
            return .inserted
        case .assertion:
            throw Self.error("assertion inside a class", at: start)
        }
    }

    /// `[:name:]` or `[:^name:]` inside a class.
    private mutating func parsePosixClass(at start: Int) throws(EvaluationError) -> RegexCharacterClass {
        position += 2
        var isNegated = false
        if peek() == "^" {
            isNegated = true
            position += 1
        }
        var name = ""
        while let scalar = next() {
            if scalar == ":" {
                guard next() == "]" else { break }
                var characterClass = try RegexProperties.characterClass(named: name, at: start)
                characterClass.isNegated = characterClass.isNegated != isNegated
                return characterClass
            }
            name.unicodeScalars.append(scalar)
        }
        throw Self.error("malformed POSIX class", at: start)
    }

    // MARK: - Escapes

    enum Escape {
        case scalar(Unicode.Scalar)
        case characterClass(RegexCharacterClass)
        case assertion(RegexAssertion)
        case quoted([Unicode.Scalar])
    }

    /// The escape after a backslash at `start`.
    private mutating func parseEscape(at start: Int, inClass: Bool) throws(EvaluationError) -> Escape {
        guard let scalar = next() else { throw Self.error("trailing backslash", at: start) }
        switch scalar {
        case "d", "D": return .characterClass(RegexCharacterClass(property: .digit, isNegated: scalar == "D"))
        case "w", "W": return .characterClass(RegexCharacterClass(property: .word, isNegated: scalar == "W"))
        case "s", "S": return .characterClass(RegexCharacterClass(property: .whitespace, isNegated: scalar == "S"))
        case "h", "H":
            return .characterClass(RegexCharacterClass(property: .horizontalWhitespace, isNegated: scalar == "H"))
        case "v", "V":
            return .characterClass(RegexCharacterClass(property: .verticalWhitespace, isNegated: scalar == "V"))
        case "p", "P":
            var characterClass = try parsePropertyName(at: start)
            if scalar == "P" { characterClass.isNegated.toggle() }
            return .characterClass(characterClass)
        case "b" where inClass: return .scalar("\u{8}")
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "A": return .assertion(.startOfInput)
        case "z": return .assertion(.endOfInput)
        case "Z": return .assertion(.endOfInputOrFinalTerminator)
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{C}")
        case "a": return .scalar("\u{7}")
        case "e": return .scalar("\u{1B}")
        case "0": return .scalar(try parseCodePoint(radix: 8, maxDigits: 3, minDigits: 0, at: start))
        case "x":
            if peek() == "{" {
                position += 1
                let value = try parseCodePoint(radix: 16, maxDigits: 8, minDigits: 1, at: start)
                guard next() == "}" else { throw Self.error("malformed \\x{…}", at: start) }
                return .scalar(value)
            }
            return .scalar(try parseCodePoint(radix: 16, maxDigits: 2, minDigits: 2, at: start))
        case "u": return .scalar(try parseCodePoint(radix: 16, maxDigits: 4, minDigits: 4, at: start))
        case "U": return .scalar(try parseCodePoint(radix: 16, maxDigits: 8, minDigits: 8, at: start))
        case "c":
            guard let control = next(), control.isASCII else { throw Self.error("malformed \\c", at: start) }
            return .scalar(Unicode.Scalar(UInt8(control.value) ^ 0x40))
        case "Q":
            var quoted: [Unicode.Scalar] = []
            while let literal = next() {
                if literal == "\\" && peek() == "E" {
                    position += 1
                    break
                }
                quoted.append(literal)
            }
            return .quoted(quoted)
        case "E": return .quoted([])
        case "1"..."9": throw Self.unsupported("backreference '\\\(scalar)'", at: start)
        case "k": throw Self.unsupported("named backreference '\\k'", at: start)
        case "G": throw Self.unsupported("'\\G'", at: start)
        case "X": throw Self.unsupported("grapheme cluster '\\X'", at: start)
        case "R": throw Self.unsupported("line break sequence '\\R'", at: start)
        case "N": throw Self.unsupported("named character '\\N{…}'", at: start)
        default:
            if scalar.isASCII && RegexProperty.alphabetic.contains(scalar) || RegexProperty.digit.contains(scalar) {
                throw Self.error("unknown escape '\\\(scalar)'", at: start)
            }
            return .scalar(scalar)
        }
    }

    /// `\p{Name}`, `\p{^Name}` or `\pL`.
    private mutating func parsePropertyName(at start: Int) throws(EvaluationError) -> RegexCharacterClass {
        var name = ""
        var isNegated = false
        if peek() == "{" {
            position += 1
            if peek() == "^" {
                isNegated = true
                position += 1
            }
            while let scalar = next() {
                if scalar == "}" {
                    var characterClass = try RegexProperties.characterClass(named: name, at: start)
                    if isNegated { characterClass.isNegated.toggle() }
                    return characterClass
                }
                name.unicodeScalars.append(scalar)
            }
            throw Self.error("missing '}' in property", at: start)
        }
        guard let letter = next() else { throw Self.error("malformed property", at: start) }
        name.unicodeScalars.append(letter)
        return try RegexProperties.characterClass(named: name, at: start)
    }

    private mutating func parseCodePoint(
        radix: UInt32, maxDigits: Int, minDigits: Int, at start: Int
    ) throws(EvaluationError) -> Unicode.Scalar {
        var value: UInt32 = 0
        var digits = 0
        while digits < maxDigits, let scalar = peek(), let digit = Self.digitValue(scalar, radix: radix) {
            value = value * radix + digit
            digits += 1
            position += 1
        }
        guard digits >= minDigits, value <= 0x10FFFF, let scalar = Unicode.Scalar(value) else {
            throw Self.error("malformed code point escape", at: start)
        }
        return scalar
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value = scalar.value
        let digit: UInt32
        if value &- 0x30 < 10 {
            digit = value - 0x30
        } else if (value | 0x20) &- 0x61 < 6 {
            digit = (value | 0x20) - 0x61 + 10
        } else {
            return nil
        }
        return digit < radix ? digit : nil
    }

    // MARK: - Cursor

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    private mutating func next() -> Unicode.Scalar? {
        guard position < scalars.count else { return nil }
        defer { position += 1 }
        return scalars[position]
    }

    /// In `(?x)` mode, skips whitespace and `#` comments to the end of the line.
    private mutating func skipExtendedWhitespace() {
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
        EvaluationError(.invalidPattern, "Can't do regex matching, reason: (not supported: \(feature) at offset \(offset))")
    }
}
