// RegexParser+Escapes: what follows a backslash outside a set: anchors (`\A \b \B \G \z \Z`), classes
// (`\d \s \w \h \v` and negations, `\p{…}`), `\R`, `\X`, `\N{NAME}`, back references (`\1`, `\k<name>`)
// and escaped literals. (`\n \t \xhh \uhhhh \0ooo \cX \Q…\E` are handled by RegexScanner.)

extension RegexParser {
    /// After `\` at `start`; the current token is the character after it.
    mutating func parseEscape(at start: Int) throws(EvaluationError) -> State {
        guard let value = token.value else { throw Self.error(.badEscapeSequence, at: start) }
        switch value {
        case 0x41, 0x47: return try anchor(.startOfInput)
        case 0x62: return try anchor(flags.unicodeWords ? .unicodeWordBoundary : .wordBoundary)
        case 0x42: return try anchor(flags.unicodeWords ? .notUnicodeWordBoundary : .notWordBoundary)
        case 0x5A: return try anchor(.endOfInputOrFinalTerminator)
        case 0x7A: return try anchor(.endOfInput)
        case 0x64, 0x44, 0x73, 0x53, 0x77, 0x57, 0x68, 0x48, 0x76, 0x56:
            append(.set(Self.classEscape(value)))
            try advance()
            return .quantify
        case 0x52:
            append(.lineBreak)
            try advance()
            return .quantify
        case 0x58:
            append(.graphemeCluster)
            try advance()
            return .quantify
        case 0x4E:
            literal.append(try parseNamedCharacter(at: start))
            return .quantify
        case 0x70, 0x50:
            flushLiteral()
            compile(try parseProperty(at: start))
            return .quantify
        case 0x6B:
            try advance()
            try parseNamedBackreference(at: start)
            return .quantify
        case 0x31...0x39:
            try parseBackreference(value, at: start)
            return .quantify
        default:
            literal.append(value)
            try advance()
            return .quantify
        }
    }

    private mutating func anchor(_ assertion: RegexAssertion) throws(EvaluationError) -> State {
        append(.assertion(assertion))
        try advance()
        return .term
    }

    /// `\d \D \s \S \w \W \h \H \v \V` as sets (`letter` is the escape's letter).
    static func classEscape(_ letter: UInt32) -> RegexSet {
        let set: RegexSet
        switch letter | 0x20 {
        case 0x64: set = .property(.generalCategories(1 << 9))
        case 0x73: set = .property(.binary(.whiteSpace))
        case 0x77: set = .property(.word)
        case 0x68: set = RegexSet.property(.generalCategories(1 << 12)).union(.single(0x09))
        default:
            var terminators = RegexRangeList(0x0A, 0x0D)
            terminators.insert(0x85, 0x85)
            terminators.insert(0x2028, 0x2029)
            set = .ranges(terminators)
        }
        return letter & 0x20 == 0 ? set.complemented() : set
    }

    /// Adds a finished set as ICU's compileSet does: no member fails, one member joins the literal run.
    mutating func compile(_ set: RegexSet) {
        if let members = set.explicitMembers, members.count == 1, let only = members.ranges.first {
            literal.append(only.lowerBound)
        } else {
            append(.set(set))
        }
    }

    /// `\1`…: as many digits as name an existing group (ICU reads `\10` as group 1 then `0` when fewer
    /// than ten groups are open so far). The group may come later; it must exist by the end.
    private mutating func parseBackreference(_ first: UInt32, at start: Int) throws(EvaluationError) {
        var group = Int(first - 0x30)
        while group < groupCount, let next = scanner.peekRaw(), next &- 0x30 < 10 {
            group = group * 10 + Int(next - 0x30)
            _ = scanner.nextRaw()
        }
        backreferences.append((group, start))
        append(.backreference(group, caseInsensitive: flags.caseInsensitive))
        try advance()
    }

    /// `\k<name>`: a group named earlier in the pattern.
    private mutating func parseNamedBackreference(at start: Int) throws(EvaluationError) {
        guard at("<") else { throw Self.error(.invalidCaptureGroupName, at: start) }
        try advance()
        guard asciiWordCharacter?.isLetter == true else { throw Self.error(.invalidCaptureGroupName, at: start) }
        var name = String.UnicodeScalarView()
        while let character = asciiWordCharacter {
            name.append(Unicode.Scalar(UInt8(character.value)))
            try advance()
        }
        guard at(">"), let group = groupNames[String(name)] else {
            throw Self.error(.invalidCaptureGroupName, at: start)
        }
        append(.backreference(group, caseInsensitive: flags.caseInsensitive))
        try advance()
    }

    /// `\N{NAME}` (the current token is `N`): a character by its Unicode name, ASCII case ignored.
    mutating func parseNamedCharacter(at start: Int) throws(EvaluationError) -> UInt32 {
        try advance()
        guard token.value == 0x7B else { throw Self.error(.propertySyntax, at: start) }
        var name = String.UnicodeScalarView()
        while true {
            try advance()
            guard let value = token.value else { throw Self.error(.propertySyntax, at: start) }
            if value == 0x7D { break }
            name.append(Unicode.Scalar(value) ?? " ")
        }
        guard name.count < 100, name.allSatisfy(Self.isInvariant),
            let codePoint = RegexNames.codePoint(named: String(name))
        else { throw Self.error(.propertySyntax, at: start) }
        try advance()
        return codePoint
    }

    /// `\p{…}` or `\P{…}` (the current token is `p` or `P`).
    mutating func parseProperty(at start: Int) throws(EvaluationError) -> RegexSet {
        let negated = token.value == 0x50
        try advance()
        guard token.value == 0x7B else { throw Self.error(.propertySyntax, at: start) }
        var name = String.UnicodeScalarView()
        while true {
            try advance()
            guard let value = token.value else { throw Self.error(.propertySyntax, at: start) }
            if value == 0x7D { break }
            name.append(Unicode.Scalar(value) ?? " ")
        }
        let set = try resolveProperty(String(name), negated: negated, at: start)
        try advance()
        return set
    }

    /// The set a property name stands for, under the current case-insensitivity.
    mutating func resolveProperty(_ name: String, negated: Bool, at start: Int) throws(EvaluationError) -> RegexSet {
        switch RegexPropertyNames.resolve(name, negated: negated, caseInsensitive: flags.caseInsensitive) {
        case .set(let set): return set
        case .invalid: throw Self.error(.propertySyntax, at: start)
        case .unsupported: throw Self.unsupported("property '\(name)'", at: start)
        }
    }

    /// ICU's invariant characters (the ones a name may contain).
    private static func isInvariant(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value < 0x80 else { return false }
        switch value {
        case 0x0A, 0x21, 0x23, 0x24, 0x40, 0x5B...0x5E, 0x60, 0x7B...0x7E: return false
        default: return true
        }
    }
}
