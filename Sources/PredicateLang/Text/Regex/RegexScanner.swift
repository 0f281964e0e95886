// RegexScanner: the character level of ICU's pattern syntax (its nextChar): `\Q…\E` quoting, `(?x)`
// white space and `#` comments, and the escapes that stand for one character (`\n`, `\t`, `\x{…}`, `\uhhhh`,
// `\cX`, `\0ooo`, …), which come out "quoted" so the grammar treats them as literals.

/// One character of the pattern as the grammar sees it.
struct RegexToken: Equatable {
    /// The code point, or nil at the end of the pattern.
    var value: UInt32?
    /// Whether it came from an escape or a `\Q…\E` quote (a literal, never syntax).
    var isQuoted = false

    /// Whether the token is the unquoted character `character`.
    func isSyntax(_ character: Unicode.Scalar) -> Bool { !isQuoted && value == character.value }
}

/// Reads the pattern one token at a time, as ICU's regex compiler does.
struct RegexScanner {
    let scalars: [Unicode.Scalar]
    /// The next raw position.
    private(set) var position = 0
    private var quoteMode = false
    private var afterBackslash = false
    /// Whether `#` starts a comment (ICU turns it off for the character after `(?`).
    var commentsAllowed = true
    /// Free-spacing mode (`(?x)`): white space and comments are skipped.
    var freeSpacing = false

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// The raw code point at the next position, without consuming it.
    func peekRaw(_ offset: Int = 0) -> UInt32? {
        let index = position + offset
        return index < scalars.count ? scalars[index].value : nil
    }

    /// Consumes and returns the next raw code point.
    mutating func nextRaw() -> UInt32? {
        guard position < scalars.count else { return nil }
        defer { position += 1 }
        return scalars[position].value
    }

    /// The next token (ICU's nextChar); throws for malformed escapes.
    mutating func next() throws(EvaluationError) -> RegexToken {
        defer { commentsAllowed = true }
        var token = RegexToken(value: nextRaw())
        if quoteMode {
            token.isQuoted = true
            if token.value == nil || token.value == 0x5C && peekRaw() == 0x45 {
                quoteMode = false
                _ = nextRaw()
                return try next()
            }
            return token
        }
        if afterBackslash {
            afterBackslash = false
            return token
        }
        if freeSpacing { skipFreeSpace(&token) }
        guard token.value == 0x5C else { return token }
        let escapeStart = position - 1
        switch peekRaw() {
        case let letter? where Self.unescapedLetters.contains(letter):
            _ = nextRaw()
            token.value = try unescape(letter, start: escapeStart)
            token.isQuoted = true
        case 0x30:
            _ = nextRaw()
            token.value = try octal(start: escapeStart)
            token.isQuoted = true
        case 0x51:
            quoteMode = true
            _ = nextRaw()
            return try next()
        default:
            afterBackslash = true
        }
        return token
    }

    /// Skips Pattern_White_Space and, where allowed, `#` comments to the end of the line.
    private mutating func skipFreeSpace(_ token: inout RegexToken) {
        while let value = token.value {
            if value == 0x23 && commentsAllowed {
                repeat {
                    token.value = nextRaw()
                } while token.value.map { !Self.isCommentEnd($0) } ?? false
            }
            guard let current = token.value, Self.isPatternWhiteSpace(current) else { return }
            token.value = nextRaw()
        }
    }

    /// The letters after `\` that ICU's `u_unescapeAt` turns into one character.
    private static let unescapedLetters: Set<UInt32> = [0x61, 0x63, 0x65, 0x66, 0x6E, 0x72, 0x74, 0x75, 0x55, 0x78]

    static func isPatternWhiteSpace(_ value: UInt32) -> Bool {
        value &- 0x09 < 5 || value == 0x20 || value == 0x85 || value == 0x200E || value == 0x200F
            || value == 0x2028 || value == 0x2029
    }

    private static func isCommentEnd(_ value: UInt32) -> Bool {
        value == 0x0D || value == 0x0A || value == 0x85 || value == 0x2028
    }

    /// `\a \c \e \f \n \r \t \uhhhh \Uhhhhhhhh \xhh \x{h…}` after the backslash and `letter`.
    private mutating func unescape(_ letter: UInt32, start: Int) throws(EvaluationError) -> UInt32 {
        switch letter {
        case 0x61: return 0x07
        case 0x65: return 0x1B
        case 0x66: return 0x0C
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        case 0x63:
            guard let control = nextRaw() else { return 0x63 }
            return control & 0x1F
        default:
            let value = try hexadecimal(letter, start: start)
            return joinedSurrogate(value)
        }
    }

    private mutating func hexadecimal(_ letter: UInt32, start: Int) throws(EvaluationError) -> UInt32 {
        var minimum = 4
        var maximum = 4
        var braces = false
        if letter == 0x55 {
            (minimum, maximum) = (8, 8)
        } else if letter == 0x78 {
            minimum = 1
            maximum = 2
            if peekRaw() == 0x7B {
                _ = nextRaw()
                braces = true
                maximum = 8
            }
        }
        var value: UInt32 = 0
        var digits = 0
        while digits < maximum, let next = peekRaw(), let digit = Self.hexValue(next) {
            value = value << 4 | digit
            digits += 1
            _ = nextRaw()
        }
        // ICU reads the brace after at most seven digits: eight digits and a brace is an error.
        guard digits >= minimum, !braces || digits < maximum && nextRaw() == 0x7D, value < 0x11_0000 else {
            throw RegexParser.error(.badEscapeSequence, at: start)
        }
        return value
    }

    /// A lead surrogate from an escape joins a trail surrogate escape that follows (`\uD83D\uDE00`).
    private mutating func joinedSurrogate(_ value: UInt32) -> UInt32 {
        guard value & 0xFC00 == 0xD800, peekRaw() == 0x5C, let letter = peekRaw(1),
            letter == 0x75 || letter == 0x55 || letter == 0x78
        else { return value }
        let saved = position
        position += 2
        if let trail = try? hexadecimal(letter, start: saved), trail & 0xFC00 == 0xDC00 {
            return 0x1_0000 + (value - 0xD800) << 10 + (trail - 0xDC00)
        }
        position = saved
        return value
    }

    /// `\0` followed by one to three octal digits, stopping before a digit that would pass 0o377.
    private mutating func octal(start: Int) throws(EvaluationError) -> UInt32 {
        var value: UInt32 = 0
        for index in 0..<3 {
            guard let next = peekRaw(), next &- 0x30 < 8 else {
                if index == 0 { throw RegexParser.error(.badEscapeSequence, at: start) }
                break
            }
            let candidate = value << 3 | (next - 0x30)
            if candidate > 0xFF { break }
            value = candidate
            _ = nextRaw()
        }
        return value
    }

    static func hexValue(_ value: UInt32) -> UInt32? {
        if value &- 0x30 < 10 { return value - 0x30 }
        if (value | 0x20) &- 0x61 < 6 { return (value | 0x20) - 0x61 + 10 }
        return nil
    }
}
