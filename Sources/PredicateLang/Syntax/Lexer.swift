// Lexer: SourceText bytes → [Token]. Reads UTF-8 bytes directly (keywords are matched without
// allocating), decodes string escapes, and resolves format specifiers (%@ %K %d %f ...) against the
// argument array, so the parser never sees a `%`. Problems become diagnostics and `.invalid` tokens.

/// Turns the bytes of a predicate into tokens, ending with one `.end` token.
struct Lexer {
    let bytes: [UInt8]
    let limits: Limits
    var arguments: FormatArguments
    var offset = 0
    var diagnostics: [Diagnostic] = []
    /// Token payloads; `Token.payloadIndex` points here and index 0 is `.none`.
    var payloads: [Token.Payload] = []

    init(source: SourceText, arguments: [Value], limits: Limits) {
        self.bytes = source.utf8
        self.limits = limits
        self.arguments = FormatArguments(arguments)
        // About one payload per two tokens of three bytes or more, in one allocation that stays below
        // malloc's small-block limit for predicates of a few hundred bytes.
        payloads.reserveCapacity(bytes.count / 6 + 2)
        payloads.append(.none)
    }

    /// Lexes the whole input. The last token is always `.end`.
    mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        // A token per two bytes and the end: short predicates are dense in tokens (`$t.value.@count = 0`
        // has 8 in 19 bytes), and growing the array costs another allocation and a copy.
        tokens.reserveCapacity(bytes.count / 2 + 2)
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .end { break }
        }
        if let warning = arguments.unusedArgumentsWarning(at: bytes.count) {
            diagnostics.append(warning)
        }
        return tokens
    }

    /// The byte at `offset + ahead`, or 0 past the end.
    func peek(_ ahead: Int = 0) -> UInt8 {
        let index = offset + ahead
        return index < bytes.count ? bytes[index] : 0
    }

    /// A token with a payload, recorded in the payload table.
    mutating func token(_ kind: Token.Kind, _ range: SourceRange, _ payload: Token.Payload) -> Token {
        payloads.append(payload)
        return Token(kind: kind, range: range, payloadIndex: payloads.count - 1)
    }

    /// The bytes from `start` to `end`, decoded in place: decoding the array's slice goes through the
    /// collection's generic path first (about 100 more instructions for each name and string literal).
    func text(from start: Int, to end: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            let end = min(max(end, 0), buffer.count)
            let start = min(max(start, 0), end)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    mutating func report(_ message: DiagnosticMessage, _ range: SourceRange, fixIts: [FixIt] = []) {
        diagnostics.append(.error(message, at: range, fixIts: fixIts))
    }

    /// Lexes one token.
    mutating func next() -> Token {
        skipWhitespace()
        let start = offset
        guard offset < bytes.count else { return Token(kind: .end, range: .empty(at: offset)) }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return lexString()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return lexNumber()
        case UInt8(ascii: "%"):
            return lexFormatSpecifier()
        case UInt8(ascii: "$"):
            return lexVariable()
        case UInt8(ascii: "#"):
            offset += 1
            if peek() == UInt8(ascii: "'") || peek() == UInt8(ascii: "\"") {
                return lexQuotedName(.escapedIdentifier, start: start)
            }
            guard let word = lexWord() else {
                report(.expectedWordAfterHash, SourceRange(start, offset))
                return Token(kind: .invalid, range: SourceRange(start, offset))
            }
            return token(.escapedIdentifier, SourceRange(start, offset), .text(word))
        case UInt8(ascii: "@"):
            offset += 1
            guard scanWord() else {
                report(.expectedWordAfterAt, SourceRange(start, offset))
                return Token(kind: .invalid, range: SourceRange(start, offset))
            }
            // The `@` and the word decoded at once (appending the word to "@" costs a string append).
            let name = text(from: start, to: offset)
            return token(.atIdentifier, SourceRange(start, offset), .text(name))
        default:
            if isIdentifierStart(at: offset) { return lexIdentifier() }
            return lexSymbol()
        }
    }

    mutating func skipWhitespace() {
        while offset < bytes.count, Self.isWhitespace(bytes[offset]) { offset += 1 }
    }

    /// Whether `byte` separates tokens: space, tab, line feed, vertical tab, form feed, carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    // MARK: Names

    /// Whether an identifier starts at `index`: an ASCII letter or `_`, or a non-ASCII letter.
    ///
    /// The ASCII test is inlined; a non-ASCII scalar's Unicode properties are read out of line, so the
    /// usual ASCII call does not set up room for them.
    @inline(__always)
    func isIdentifierStart(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        if byte < 0x80 { return Self.isASCIILetter(byte) || byte == UInt8(ascii: "_") }
        return isNonASCIIIdentifierStart(at: index)
    }

    @inline(never)
    private func isNonASCIIIdentifierStart(at index: Int) -> Bool {
        guard let (scalar, _) = decodeScalar(at: index) else { return false }
        return Lexer.isIdentifierStart(scalar)
    }

    /// The length of the identifier character at `index`, or 0 if none is there.
    @inline(__always)
    func identifierContinuationLength(at index: Int) -> Int {
        guard index < bytes.count else { return 0 }
        let byte = bytes[index]
        if byte < 0x80 { return Self.isASCIIWordByte(byte) ? 1 : 0 }
        return nonASCIIContinuationLength(at: index)
    }

    @inline(never)
    private func nonASCIIContinuationLength(at index: Int) -> Int {
        guard let (scalar, length) = decodeScalar(at: index) else { return 0 }
        return Lexer.isIdentifierContinuation(scalar) ? length : 0
    }

    /// Whether `scalar` can start an identifier-shaped word.
    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" }
        return scalar.properties.isAlphabetic
    }

    /// Whether `scalar` can continue an identifier-shaped word.
    static func isIdentifierContinuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isIdentifierStart(scalar) || ("0"..."9").contains(scalar) }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Whether `text` lexes as exactly one identifier-shaped word (a WORD of the grammar: an
    /// IDENTIFIER, or a reserved word). The printer writes other names in the quoted form `#"..."`.
    static func isWord(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isIdentifierStart(first) else { return false }
        while let scalar = scalars.next() {
            guard isIdentifierContinuation(scalar) else { return false }
        }
        return true
    }

    /// Reads an identifier-shaped word at `offset`, or returns nil without moving.
    mutating func lexWord() -> String? {
        let start = offset
        guard scanWord() else { return nil }
        return text(from: start, to: offset)
    }

    /// Moves past an identifier-shaped word; false (not moving) if none starts at `offset`.
    ///
    /// A run of ASCII word bytes is read in place (one bounds check per byte, each classified by one bit of a
    /// mask); a non-ASCII scalar is decoded out of line.
    mutating func scanWord() -> Bool {
        guard isIdentifierStart(at: offset) else { return false }
        var index = offset
        while true {
            index = bytes.withUnsafeBufferPointer { buffer in
                var position = index
                while position < buffer.count, buffer[position] < 0x80, Self.isASCIIWordByte(buffer[position]) {
                    position &+= 1
                }
                return position
            }
            guard index < bytes.count, bytes[index] >= 0x80 else { break }
            let length = identifierContinuationLength(at: index)
            if length == 0 { break }
            index &+= length
        }
        offset = index
        return true
    }

    /// Digits (bits 48–57 of the low mask), `A`–`Z`, `_` and `a`–`z` (bits 1–26, 31 and 33–58 of the high mask).
    private static let wordBytesBelow64: UInt64 = 0x03FF_0000_0000_0000
    private static let wordBytesFrom64: UInt64 = 0x07FF_FFFE_87FF_FFFE

    /// Whether the ASCII byte `byte` (below 0x80) continues an identifier: a letter, a digit or `_`.
    @inline(__always)
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        byte < 64 ? (wordBytesBelow64 >> byte) & 1 != 0 : (wordBytesFrom64 >> (byte & 63)) & 1 != 0
    }

    /// identifier, keyword, `UTI-CONFORMS-TO`/`UTI-EQUALS`, or a selector such as `raise:toPower:`.
    mutating func lexIdentifier() -> Token {
        let start = offset
        _ = scanWord()
        if let keyword = Keyword.lookUp(bytes[start..<offset]) {
            return Token(kind: .keyword(keyword), range: SourceRange(start, offset))
        }
        if let hyphenated = lexHyphenatedKeyword(start: start) {
            return Token(kind: .keyword(hyphenated), range: SourceRange(start, offset))
        }
        if peek() == UInt8(ascii: ":") && peek(1) != UInt8(ascii: "=") {
            return lexSelector(start: start)
        }
        return token(
            .identifier, SourceRange(start, offset), .text(text(from: start, to: offset)))
    }

    /// After `UTI` (any case), reads `-CONFORMS-TO` or `-EQUALS` if present. Compares the bytes in place:
    /// every three-letter key (`sku`, `age`) asks.
    mutating func lexHyphenatedKeyword(start: Int) -> Keyword? {
        guard offset - start == 3, spells("UTI", at: start) else { return nil }
        for (tail, keyword) in [("-CONFORMS-TO", Keyword.utiConformsTo), ("-EQUALS", .utiEquals)]
            as [(StaticString, Keyword)]
        where spells(tail, at: offset) && identifierContinuationLength(at: offset + tail.utf8CodeUnitCount) == 0 {
            offset += tail.utf8CodeUnitCount
            return keyword
        }
        return nil
    }

    /// `name:` or `name:part:...`; the colons are kept in the payload.
    mutating func lexSelector(start: Int) -> Token {
        offset += 1
        while scanWord() {
            if peek() == UInt8(ascii: ":") && peek(1) != UInt8(ascii: "=") { offset += 1 } else { break }
        }
        return token(
            .selector, SourceRange(start, offset), .text(text(from: start, to: offset)))
    }

    /// `$name`, `$#name` or `$#"any name"`.
    mutating func lexVariable() -> Token {
        let start = offset
        offset += 1
        if peek() == UInt8(ascii: "#") {
            offset += 1
            if peek() == UInt8(ascii: "'") || peek() == UInt8(ascii: "\"") {
                return lexQuotedName(.variable, start: start)
            }
        }
        guard let name = lexWord() else {
            report(.expectedVariableName, SourceRange(start, offset))
            return Token(kind: .invalid, range: SourceRange(start, offset))
        }
        return token(.variable, SourceRange(start, offset), .text(name))
    }

    /// `#"name"` or `$#"name"` (either quote kind, with string escapes): a key or variable name that is
    /// not identifier-shaped, such as a `%K` key with a space or a leading digit. The token is a `kind`
    /// token whose payload is the decoded text, so the parser treats it as the name itself; the
    /// canonical printer writes such names this way so that they read back as one name.
    mutating func lexQuotedName(_ kind: Token.Kind, start: Int) -> Token {
        let string = lexString()
        let range = SourceRange(start, offset)
        guard string.kind == .string else { return Token(kind: .invalid, range: range) }
        return Token(kind: kind, range: range, payloadIndex: string.payloadIndex)
    }

    // MARK: Operators and punctuation

    mutating func lexSymbol() -> Token {
        let start = offset
        let first = peek()
        let second = peek(1)
        if first == UInt8(ascii: "/"), second == UInt8(ascii: "/") || second == UInt8(ascii: "*") {
            return lexComment()
        }
        guard let (symbol, length) = Token.symbol(first, second) else { return lexUnexpectedCharacter() }
        offset += length
        return Token(kind: .symbol(symbol), range: SourceRange(start, offset))
    }

    /// `//` or `/*`: the language has no comments. Skips the would-be comment to avoid cascades.
    mutating func lexComment() -> Token {
        let start = offset
        if peek(1) == UInt8(ascii: "/") {
            while offset < bytes.count && bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
        } else {
            offset += 2
            while offset < bytes.count && !(peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
                offset += 1
            }
            offset = min(bytes.count, offset + 2)
        }
        report(.commentNotSupported, SourceRange(start, min(start + 2, bytes.count)))
        return Token(kind: .invalid, range: SourceRange(start, offset))
    }

    /// Any character that starts no token: `?`, a backslash, `;`, a stray symbol or letter.
    mutating func lexUnexpectedCharacter() -> Token {
        let start = offset
        // One whole Character (an emoji with its modifiers is one unexpected character).
        let window = String(decoding: bytes[offset..<min(bytes.count, offset + 64)], as: UTF8.self)
        offset += max(1, window.first.map { String($0).utf8.count } ?? 1)
        let range = SourceRange(start, offset)
        let character = String(decoding: bytes[start..<offset], as: UTF8.self)
        switch bytes[start] {
        case UInt8(ascii: "?"): report(.questionMarkOutsideString, range)
        case UInt8(ascii: "\\"): report(.backslashOutsideString, range)
        default: report(.unexpectedCharacter(character), range)
        }
        return Token(kind: .invalid, range: range)
    }

    // MARK: Byte helpers

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether the bytes at `index` spell `upper` (upper-case ASCII) in any letter case.
    func spells(_ upper: StaticString, at index: Int) -> Bool {
        let count = upper.utf8CodeUnitCount
        guard index >= 0, count <= bytes.count &- index else { return false }
        return Keyword.spells(bytes[index..<(index &+ count)], upper)
    }

    /// Decodes the Unicode scalar starting at `index` and its byte length; nil for malformed bytes.
    func decodeScalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard index < bytes.count else { return nil }
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0..<0x80: return Unicode.Scalar(UInt32(lead)).map { ($0, 1) }
        case 0xC2..<0xE0:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0..<0xF0:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0..<0xF5:
            length = 4
            value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for continuation in bytes[(index + 1)..<(index + length)] {
            guard continuation & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }
}
