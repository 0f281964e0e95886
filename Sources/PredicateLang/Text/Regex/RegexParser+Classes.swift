// RegexParser+Classes: the parts of the MATCHES parser that build single-position matchers:
// literals (with [c]/[d] folding), character classes, POSIX classes, properties and escapes.

extension RegexParser {
    // MARK: - Literals and classes

    /// A literal scalar under the current folding and flags.
    func literalNode(_ scalar: Unicode.Scalar) -> RegexNode {
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
    func classNode(_ characterClass: RegexCharacterClass) -> RegexNode {
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
    mutating func parseClass(at start: Int) throws(EvaluationError) -> RegexCharacterClass {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxNesting else {
            throw EvaluationError(
                .regexLimit, "Can't do regex matching, reason: (classes nested deeper than \(Self.maxNesting))")
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

    enum ClassAtom {
        case scalar(Unicode.Scalar)
        case inserted
    }

    /// One scalar of a class, or a class escape (`\d`, `\p{L}`) inserted into `result` directly.
    mutating func parseClassAtom(into result: inout RegexCharacterClass) throws(EvaluationError) -> ClassAtom {
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
    mutating func parsePosixClass(at start: Int) throws(EvaluationError) -> RegexCharacterClass {
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
    mutating func parseEscape(at start: Int, inClass: Bool) throws(EvaluationError) -> Escape {
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
    mutating func parsePropertyName(at start: Int) throws(EvaluationError) -> RegexCharacterClass {
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

    mutating func parseCodePoint(
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

    static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
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
}
