// Lexer+Literals: string literals (both quote styles, C escapes, \x \u and octal) and numeric
// literals (decimal, fraction, exponent, 0x 0o 0b). Integers keep their magnitude as UInt64 so the
// parser can fold `-9223372036854775808`; anything that does not fit is a diagnostic, never a trap.

extension Lexer {
    /// `'text'` or `"text"`. The other quote kind is an ordinary character inside.
    mutating func lexString() -> Token {
        let start = offset
        let quote = bytes[offset]
        offset += 1
        // Common case, no escape before the closing quote: the text is one slice of the source.
        var end = offset
        while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == quote {
            let contentStart = offset
            offset = end + 1
            let range = SourceRange(start, offset)
            if end - contentStart > limits.maxStringLiteralBytes {
                report(.literalTooLong(limit: limits.maxStringLiteralBytes), range)
                return Token(kind: .invalid, range: range)
            }
            return token(.string, range, .text(text(from: contentStart, to: end)))
        }
        var decoded: [UInt8] = []
        var isValid = true
        while true {
            guard offset < bytes.count else {
                report(.unterminatedString, SourceRange(start, start + 1))
                return Token(kind: .invalid, range: SourceRange(start, offset))
            }
            let byte = bytes[offset]
            if byte == quote {
                offset += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                if !lexEscape(into: &decoded) { isValid = false }
            } else {
                decoded.append(byte)
                offset += 1
            }
        }
        let range = SourceRange(start, offset)
        if decoded.count > limits.maxStringLiteralBytes {
            report(.literalTooLong(limit: limits.maxStringLiteralBytes), range)
            return Token(kind: .invalid, range: range)
        }
        guard isValid else { return Token(kind: .invalid, range: range) }
        return token(.string, range, .text(String(decoding: decoded, as: UTF8.self)))
    }

    /// Decodes one escape sequence starting at the backslash; false if it was malformed (reported).
    mutating func lexEscape(into decoded: inout [UInt8]) -> Bool {
        let start = offset
        offset += 1
        guard offset < bytes.count else { return true }
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "a"): decoded.append(0x07)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "v"): decoded.append(0x0B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(letter - UInt8(ascii: "0"))
            var count = 1
            while count < 3, peek() >= UInt8(ascii: "0"), peek() <= UInt8(ascii: "7") {
                value = value * 8 + UInt32(peek() - UInt8(ascii: "0"))
                offset += 1
                count += 1
            }
            appendScalar(value, to: &decoded)
        case UInt8(ascii: "x"), UInt8(ascii: "X"):
            guard let value = lexHexDigits(maximum: 2), value.count > 0 else {
                report(.invalidEscape("\\x"), SourceRange(start, offset))
                return false
            }
            appendScalar(value.value, to: &decoded)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            return lexUnicodeEscape(start: start, into: &decoded)
        default:
            // `\` before any other character is that character (its remaining UTF-8 bytes follow).
            decoded.append(letter)
        }
        return true
    }

    /// `\uXXXX`, combining a high and a low surrogate written as two escapes.
    mutating func lexUnicodeEscape(start: Int, into decoded: inout [UInt8]) -> Bool {
        guard let high = lexHexDigits(maximum: 4), high.count == 4 else {
            report(.invalidEscape("\\u"), SourceRange(start, offset))
            return false
        }
        if (0xD800..<0xDC00).contains(high.value), peek() == UInt8(ascii: "\\"),
            peek(1) == UInt8(ascii: "u") || peek(1) == UInt8(ascii: "U")
        {
            let resume = offset
            offset += 2
            if let low = lexHexDigits(maximum: 4), low.count == 4, (0xDC00..<0xE000).contains(low.value) {
                appendScalar(0x10000 + ((high.value - 0xD800) << 10) + (low.value - 0xDC00), to: &decoded)
                return true
            }
            offset = resume
        }
        guard Unicode.Scalar(high.value) != nil else {
            report(.invalidUnicodeEscape, SourceRange(start, offset))
            return false
        }
        appendScalar(high.value, to: &decoded)
        return true
    }

    /// Up to `maximum` hex digits: their value and how many were read.
    mutating func lexHexDigits(maximum: Int) -> (value: UInt32, count: Int)? {
        var value: UInt32 = 0
        var count = 0
        while count < maximum, let digit = hexValue(peek()) {
            value = value * 16 + UInt32(digit)
            offset += 1
            count += 1
        }
        return (value, count)
    }

    func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    func appendScalar(_ value: UInt32, to decoded: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        decoded.append(contentsOf: String(Character(scalar)).utf8)
    }

    // MARK: Numbers

    /// `27`, `2.5`, `9.2e-5`, `0x1F`, `0o17`, `0b101`.
    mutating func lexNumber() -> Token {
        let start = offset
        if peek() == UInt8(ascii: "0") {
            let radix: UInt64? =
                switch peek(1) {
                case UInt8(ascii: "x"), UInt8(ascii: "X"): 16
                case UInt8(ascii: "o"), UInt8(ascii: "O"): 8
                case UInt8(ascii: "b"), UInt8(ascii: "B"): 2
                default: nil
                }
            if let radix { return lexRadixInteger(radix: radix, start: start) }
        }
        while Self.isDigit(peek()) { offset += 1 }
        var isDouble = false
        if peek() == UInt8(ascii: "."), Self.isDigit(peek(1)) {
            isDouble = true
            offset += 1
            while Self.isDigit(peek()) { offset += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            let sign = peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-") ? 1 : 0
            if Self.isDigit(peek(1 + sign)) {
                isDouble = true
                offset += 1 + sign
                while Self.isDigit(peek()) { offset += 1 }
            }
        }
        let range = SourceRange(start, offset)
        if isDouble {
            let literal = text(from: start, to: offset)
            return token(.double, range, .value(.double(Double(literal) ?? .infinity)))
        }
        // Decimal digits accumulated in place: no string is made unless the literal overflows.
        var magnitude: UInt64 = 0
        var overflowed = false
        for index in start..<offset {
            Self.append(digit: UInt64(bytes[index] &- UInt8(ascii: "0")), radix: 10, to: &magnitude, &overflowed)
        }
        if overflowed {
            report(.integerLiteralOverflow(String(decoding: bytes[start..<offset], as: UTF8.self)), range)
            return Token(kind: .invalid, range: range)
        }
        return token(.integer, range, .integer(magnitude))
    }

    /// `magnitude * radix + digit`, wrapping; `overflowed` becomes true when it did not fit.
    @inline(__always)
    static func append(digit: UInt64, radix: UInt64, to magnitude: inout UInt64, _ overflowed: inout Bool) {
        let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
        let (sum, overflow2) = shifted.addingReportingOverflow(digit)
        overflowed = overflowed || overflow1 || overflow2
        magnitude = sum
    }

    /// `0x…`, `0o…`, `0b…` integers.
    mutating func lexRadixInteger(radix: UInt64, start: Int) -> Token {
        offset += 2
        var magnitude: UInt64 = 0
        var digits = 0
        var overflowed = false
        while let digit = hexValue(peek()), UInt64(digit) < radix {
            Self.append(digit: UInt64(digit), radix: radix, to: &magnitude, &overflowed)
            digits += 1
            offset += 1
        }
        let range = SourceRange(start, offset)
        let literal = text(from: start, to: offset)
        if digits == 0 {
            report(.expectedDigits(after: literal), range)
            return Token(kind: .invalid, range: range)
        }
        if overflowed {
            report(.integerLiteralOverflow(literal), range)
            return Token(kind: .invalid, range: range)
        }
        return token(.integer, range, .integer(magnitude))
    }
}
