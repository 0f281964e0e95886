// JSONParser: a hand-written, non-recursive RFC 8259 parser producing JSONNode trees with exact
// source ranges. Nesting is tracked on an explicit stack, so depth is bounded by JSONLimits, never
// by the thread's stack; every malformed input is a positioned JSONError.

/// Parses JSON text into a ``JSONNode`` tree.
///
/// Strict RFC 8259: no comments, no trailing commas, no leading zeros, no `NaN`; strings must
/// escape control characters, and `\u` escapes must pair surrogates. Choices where the RFC leaves
/// room:
/// - **duplicate keys are an error** (`duplicate key "a"`, pointing at the second one): in a
///   form definition a repeated key is a mistake that "last one wins" would hide;
/// - numbers keep their literal; one whose magnitude is beyond `Double` (`1e400`) is an error;
/// - a leading UTF-8 byte-order mark is skipped;
/// - depth beyond ``JSONLimits/maxDepth`` and input beyond ``JSONLimits/maxBytes`` are errors.
package enum JSONParser {
    /// Parses `text`.
    package static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONError) -> JSONNode {
        var parser = Parser(bytes: Array(text.utf8), limits: limits)
        return try parser.parseDocument()
    }

    /// Parses raw bytes, which must be valid UTF-8 (the first invalid byte is reported).
    package static func parse(bytes: [UInt8], limits: JSONLimits = .default) throws(JSONError) -> JSONNode {
        if let offset = firstInvalidUTF8Offset(bytes) {
            throw JSONError.at(offset, in: bytes, "invalid UTF-8")
        }
        var parser = Parser(bytes: bytes, limits: limits)
        return try parser.parseDocument()
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let sequence): offset += sequence.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

extension JSONError {
    /// An error at `offset` of `bytes`; the column counts Characters of the line up to `offset`.
    static func at(_ offset: Int, in bytes: [UInt8], _ message: String) -> JSONError {
        let clamped = max(0, min(offset, bytes.count))
        var line = 1
        var lineStart = 0
        for index in 0..<clamped where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<clamped], as: UTF8.self).count + 1
        return JSONError(message: message, offset: clamped, line: line, column: column)
    }
}

/// The parser's state: the bytes, a cursor and the stack of open containers.
private struct Parser {
    let bytes: [UInt8]
    let limits: JSONLimits
    var position = 0

    init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// A container that is still open.
    /// A container that is still open. A struct mutated in place on the stack, so appending to a
    /// long array never copies it.
    struct Frame {
        var isArray: Bool
        var start: Int
        var elements: [JSONNode] = []
        var members: [JSONNode.Member] = []
        /// Each key's member index, once the object has ``Parser/indexedMemberCount`` members (a smaller
        /// object is scanned for a duplicate instead of hashing every key twice).
        var keys: [String: Int] = [:]
        var pendingKey: (String, SourceRange)?
    }

    /// How many members an object has before its keys are indexed for the duplicate check.
    static let indexedMemberCount = 16

    /// The room a non-empty container starts with: a form's row objects have one to four members
    /// (`{"tag": "t", "value": 10}`), which then take one allocation instead of growing 1, 2, 4.
    static let initialCapacity = 4

    func error(_ message: String, at offset: Int? = nil) -> JSONError {
        JSONError.at(offset ?? position, in: bytes, message)
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func parseDocument() throws(JSONError) -> JSONNode {
        guard bytes.count <= limits.maxBytes else {
            throw error("input is \(bytes.count) bytes, more than the limit of \(limits.maxBytes)", at: 0)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        var stack: [Frame] = []
        var node: JSONNode
        parseValue: while true {
            // Expecting a value.
            skipWhitespace()
            guard let byte = current else {
                throw error(stack.isEmpty ? "empty input" : "unexpected end of input, expected a value")
            }
            switch byte {
            case UInt8(ascii: "["):
                guard stack.count < limits.maxDepth else {
                    throw error("nesting deeper than \(limits.maxDepth) levels")
                }
                let start = position
                position += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") {
                    position += 1
                    node = .array([], SourceRange(start, position))
                } else {
                    stack.append(Frame(isArray: true, start: start))
                    stack[stack.count &- 1].elements.reserveCapacity(Self.initialCapacity)
                    continue parseValue
                }
            case UInt8(ascii: "{"):
                guard stack.count < limits.maxDepth else {
                    throw error("nesting deeper than \(limits.maxDepth) levels")
                }
                let start = position
                position += 1
                skipWhitespace()
                if current == UInt8(ascii: "}") {
                    position += 1
                    node = .object([], SourceRange(start, position))
                } else {
                    let key = try parseKey(members: [], keys: [:])
                    stack.append(Frame(isArray: false, start: start, pendingKey: key))
                    stack[stack.count &- 1].members.reserveCapacity(Self.initialCapacity)
                    continue parseValue
                }
            default:
                node = try parseScalar()
            }
            // A value is complete: hand it to the enclosing containers, closing them as they end.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    guard position == bytes.count else {
                        throw error("unexpected \(describe(current)) after the JSON value")
                    }
                    return node
                }
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isArray {
                    stack[top].elements.append(node)
                    if current == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        if current == UInt8(ascii: "]") { throw error("trailing comma in array") }
                        continue parseValue
                    } else if current == UInt8(ascii: "]") {
                        position += 1
                        let frame = stack.removeLast()
                        node = .array(frame.elements, SourceRange(frame.start, position))
                    } else {
                        throw error(
                            current == nil
                                ? "unterminated array" : "expected ',' or ']' in array, found \(describe(current))")
                    }
                } else {
                    if let (key, keyRange) = stack[top].pendingKey {
                        stack[top].members.append(JSONNode.Member(key: key, keyRange: keyRange, value: node))
                        let count = stack[top].members.count
                        if count == Self.indexedMemberCount {
                            for (index, member) in stack[top].members.enumerated() {
                                stack[top].keys[member.key] = index
                            }
                        } else if count > Self.indexedMemberCount {
                            stack[top].keys[key] = count - 1
                        }
                        stack[top].pendingKey = nil
                    }
                    if current == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        if current == UInt8(ascii: "}") { throw error("trailing comma in object") }
                        stack[top].pendingKey = try parseKey(members: stack[top].members, keys: stack[top].keys)
                        continue parseValue
                    } else if current == UInt8(ascii: "}") {
                        position += 1
                        let frame = stack.removeLast()
                        node = .object(frame.members, SourceRange(frame.start, position))
                    } else {
                        throw error(
                            current == nil
                                ? "unterminated object" : "expected ',' or '}' in object, found \(describe(current))")
                    }
                }
            }
        }
    }

    /// `"key" :` — the key and its range; the cursor ends after the colon.
    mutating func parseKey(members: [JSONNode.Member], keys: [String: Int]) throws(JSONError) -> (String, SourceRange) {
        guard current == UInt8(ascii: "\"") else {
            throw error(
                current == nil ? "unterminated object" : "expected a string key in object, found \(describe(current))")
        }
        let start = position
        let key = try parseString()
        let range = SourceRange(start, position)
        let isDuplicate = keys.isEmpty ? members.contains { $0.key == key } : keys[key] != nil
        if isDuplicate { throw error("duplicate key \(Value.quotedString(key))", at: start) }
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
            throw error("expected ':' after object key, found \(describe(current))")
        }
        position += 1
        return (key, range)
    }

    mutating func parseScalar() throws(JSONError) -> JSONNode {
        let start = position
        switch current {
        case UInt8(ascii: "\""):
            let string = try parseString()
            return .string(string, SourceRange(start, position))
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true, SourceRange(start, position))
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false, SourceRange(start, position))
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null(SourceRange(start, position))
        case let byte? where byte == UInt8(ascii: "-") || isDigit(byte):
            return try parseNumber()
        default:
            throw error("expected a value, found \(describe(current))")
        }
    }

    mutating func expectWord(_ word: String) throws(JSONError) {
        let start = position
        for byte in word.utf8 {
            guard current == byte else { throw error("invalid literal, expected '\(word)'", at: start) }
            position += 1
        }
    }

    mutating func parseNumber() throws(JSONError) -> JSONNode {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit after '-'") }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = current, isDigit(next) { throw error("leading zeros are not allowed in numbers", at: start) }
        } else {
            skipDigits()
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let digit = current, isDigit(digit) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, isDigit(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let literal = String(decoding: bytes[start..<position], as: UTF8.self)
        // An integer of up to 300 digits is within Double's range (about 1.8e308): only other literals
        // are converted to find out (a conversion costs several hundred instructions).
        guard (isInteger && position - start <= 300) || Double(literal).map(\.isFinite) == true else {
            throw error("number \(literal) is out of range", at: start)
        }
        return .number(literal, SourceRange(start, position))
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }

    /// A string literal starting at the opening quote; the cursor ends after the closing quote.
    mutating func parseString() throws(JSONError) -> String {
        let start = position
        // Most strings (keys, tags, predicates) have no escape: found in one scan of the bytes in place and
        // decoded from them, where the loop below reads each byte through the array (its bounds and an
        // optional) and slices it. Any other string, and any error, is left to the loop.
        let plain = bytes.withUnsafeBufferPointer { buffer -> (string: String, end: Int)? in
            var index = start &+ 1
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") {
                    let contents = UnsafeBufferPointer(rebasing: buffer[(start &+ 1)..<index])
                    return (String(decoding: contents, as: UTF8.self), index)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index &+= 1
            }
            return nil
        }
        if let plain {
            position = plain.end &+ 1
            return plain.string
        }
        // An escape, a control character or the end of the input comes before the closing quote.
        position += 1
        var buffer: [UInt8] = []
        var chunkStart = position
        while true {
            guard let byte = current else { throw error("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                defer { position += 1 }
                buffer.append(contentsOf: bytes[chunkStart..<position])
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                buffer.append(contentsOf: bytes[chunkStart..<position])
                try parseEscape(into: &buffer)
                chunkStart = position
            case 0x00..<0x20:
                throw error("control character U+\(hex4(UInt32(byte))) must be escaped in a string")
            default:
                position += 1
            }
        }
    }

    /// One escape sequence at the backslash; appends its UTF-8 to `buffer`.
    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONError) {
        let start = position
        position += 1
        guard let letter = current else { throw error("unterminated string") }
        position += 1
        if let byte = JSONEscape.byte(for: letter) {
            buffer.append(byte)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw error("invalid escape '\\\(describeByte(letter))' in string", at: start)
        }
        var code = try hexQuad(escapeStart: start)
        if JSONEscape.lowSurrogates.contains(code) {
            throw error("lone low surrogate \\u\(hex4(code))", at: start)
        }
        if JSONEscape.highSurrogates.contains(code) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
            else {
                throw error("lone high surrogate \\u\(hex4(code))", at: start)
            }
            let lowStart = position
            position += 2
            let low = try hexQuad(escapeStart: lowStart)
            guard JSONEscape.lowSurrogates.contains(low) else {
                throw error("high surrogate \\u\(hex4(code)) not followed by a low surrogate", at: start)
            }
            code = JSONEscape.codePoint(high: code, low: low)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape", at: start) }
        Unicode.UTF8.encode(scalar) { buffer.append($0) }
    }

    /// Four hex digits after `\u`.
    mutating func hexQuad(escapeStart: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("unterminated \\u escape", at: escapeStart) }
            guard let digit = JSONEscape.hexDigit(byte) else {
                throw error("invalid \\u escape: expected four hex digits", at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func describeByte(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    /// `'x'` for the character at the cursor, or `end of input`.
    func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "end of input" }
        if byte < 0x80 { return "'\(describeByte(byte))'" }
        // Show the whole (multi-byte) character.
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[position..<end], as: UTF8.self))'"
    }
}
