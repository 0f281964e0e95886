// TypedJSONReader: a one-pass reader from UTF-8 bytes straight to typed-JSON Values, with no
// JSONNode tree and no positions. It accepts exactly what JSONParser + JSONNodeConverter accept and
// builds the same Value; on anything else (a syntax error, a bad wrapper, a duplicate key, a limit,
// invalid UTF-8 in a string) it answers nil, and TypedJSON.parse runs the positioned parser, which
// produces the error with its line, column and caret. Non-recursive: open containers live on an
// explicit stack bounded by JSONLimits.maxDepth.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fast path of ``TypedJSON/parse(_:limits:)``: bytes → ``Value`` in one pass, or nil when the
/// input is not accepted (the caller then reports the error with the positioned parser).
struct TypedJSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    var position = 0
    /// Whether a `-0` integer was read: `{"$date": -0}` then goes to the positioned parser, whose
    /// `Double("-0")` keeps the sign that `.int(0)` lost.
    var sawNegativeZero = false

    /// Reads one typed-JSON document from `bytes`; nil if the positioned parser would reject it.
    ///
    /// With a `projection`, a document that is an object keeps only the projection's members: the
    /// others are checked as thoroughly as when they are built (so the same documents are accepted)
    /// but not built. Documents the projected read does not handle (not an object, a key with an
    /// escape or a non-ASCII byte, a wrapper, many members) are read whole.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits, projection: JSONProjection? = nil
    ) -> Value? {
        var reader = TypedJSONReader(bytes: bytes, limits: limits)
        if let projection {
            switch reader.readProjected(projection) {
            case .value(let value): return value
            case .rejected: return nil
            case .unsupported: reader = TypedJSONReader(bytes: bytes, limits: limits)
            }
        }
        return reader.readDocument()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// An array or object that is still open. Its elements (and an object's keys) wait on the
    /// reader's shared `pendingValues` / `pendingKeys` stacks from `valueStart` / `keyStart` on, so an
    /// open container allocates nothing, and an object hashes each key once, into a dictionary
    /// created at its final size.
    private struct Frame {
        var isArray: Bool
        var valueStart: Int
        var keyStart: Int
        /// Whether some key is `$date` or `$set` (the object must then be a wrapper).
        var hasWrapperKey = false
    }

    private var pendingValues: [Value] = []
    private var pendingKeys: [String] = []

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    private mutating func readDocument() -> Value? {
        guard bytes.count <= limits.maxBytes else { return nil }
        skipByteOrderMark()
        guard let value = readValue(depth: 0) else { return nil }
        skipWhitespace()
        // (Not a ternary: `nil` there would be Value's nil literal, `.null`.)
        guard position == bytes.count else { return Optional.none }
        return value
    }

    /// One complete value at the cursor, inside `depth` containers that are open outside it.
    mutating func readValue(depth: Int) -> Value? {
        var stack: [Frame] = []
        var value: Value
        readValue: while true {
            skipWhitespace()
            guard let byte = current else { return nil }
            switch byte {
            case UInt8(ascii: "["):
                guard stack.count + depth < limits.maxDepth else { return nil }
                position += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isArray: true, valueStart: pendingValues.count, keyStart: pendingKeys.count))
                    continue readValue
                }
            case UInt8(ascii: "{"):
                guard stack.count + depth < limits.maxDepth else { return nil }
                position += 1
                skipWhitespace()
                if current == UInt8(ascii: "}") {
                    position += 1
                    value = .dictionary([:])
                } else {
                    var frame = Frame(isArray: false, valueStart: pendingValues.count, keyStart: pendingKeys.count)
                    guard readKey(into: &frame) else { return nil }
                    stack.append(frame)
                    continue readValue
                }
            case UInt8(ascii: "\""):
                guard let string = readString() else { return nil }
                value = .string(string)
            case UInt8(ascii: "t"):
                guard expect(0x74, 0x72, 0x75, 0x65) else { return nil }
                value = .bool(true)
            case UInt8(ascii: "f"):
                guard expect(0x66, 0x61, 0x6C, 0x73), current == 0x65 else { return nil }
                position += 1
                value = .bool(false)
            case UInt8(ascii: "n"):
                guard expect(0x6E, 0x75, 0x6C, 0x6C) else { return nil }
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let number = readNumber() else { return nil }
                value = number
            default:
                return nil
            }
            // A value is complete: hand it to the open containers, closing those that end.
            while true {
                guard !stack.isEmpty else { return value }
                let top = stack.count - 1
                skipWhitespace()
                pendingValues.append(value)
                if stack[top].isArray {
                    if current == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        if current == UInt8(ascii: "]") { return nil }
                        continue readValue
                    }
                    guard current == UInt8(ascii: "]") else { return nil }
                    position += 1
                    let frame = stack.removeLast()
                    value = .array(Array(pendingValues[frame.valueStart...]))
                    pendingValues.removeSubrange(frame.valueStart...)
                } else {
                    if current == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        guard readKey(into: &stack[top]) else { return nil }
                        continue readValue
                    }
                    guard current == UInt8(ascii: "}") else { return nil }
                    position += 1
                    let frame = stack.removeLast()
                    guard let object = closeObject(frame) else { return nil }
                    value = object
                }
            }
        }
    }

    /// The dictionary (or wrapped value) of an object whose members are pending; nil on a
    /// duplicate key or a bad wrapper.
    private mutating func closeObject(_ frame: Frame) -> Value? {
        defer {
            pendingKeys.removeSubrange(frame.keyStart...)
            pendingValues.removeSubrange(frame.valueStart...)
        }
        var members = ValueDictionary()
        members.reserveCapacity(pendingKeys.count - frame.keyStart)
        var valueIndex = frame.valueStart
        for keyIndex in frame.keyStart..<pendingKeys.count {
            guard valueIndex < pendingValues.count,
                members.updateValue(pendingValues[valueIndex], forKey: pendingKeys[keyIndex]) == nil
            else { return nil }
            valueIndex += 1
        }
        guard frame.hasWrapperKey else { return .dictionary(members) }
        guard !sawNegativeZero else { return nil }
        return Self.unwrap(members)
    }

    /// The value of a `$date` / `$set` wrapper object, or nil if it is not a valid one.
    private static func unwrap(_ members: ValueDictionary) -> Value? {
        guard members.count == 1, let (key, value) = members.first else { return nil }
        if key == "$date" {
            switch value {
            case .string(let string): return ISO8601.parse(string).map(Value.date)
            case .int(let integer): return .date(Date(timeIntervalSinceReferenceDate: Double(integer)))
            case .double(let double): return .date(Date(timeIntervalSinceReferenceDate: double))
            default: return nil
            }
        }
        guard key == "$set", case .array(let elements) = value else { return nil }
        return .set(ValueSet(elements))
    }

    /// `"key" :` onto `pendingKeys`; false on a syntax error. (Duplicates are found when the object
    /// closes.)
    private mutating func readKey(into frame: inout Frame) -> Bool {
        guard current == UInt8(ascii: "\""), let key = readString() else { return false }
        if key.utf8.count <= 5, key == "$date" || key == "$set" { frame.hasWrapperKey = true }
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { return false }
        position += 1
        pendingKeys.append(key)
        return true
    }

    /// The four bytes of `true`, `null` or the start of `false`.
    mutating func expect(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Bool {
        guard bytes.count - position >= 4, bytes[position] == a, bytes[position + 1] == b,
            bytes[position + 2] == c, bytes[position + 3] == d
        else { return false }
        position += 4
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A number: `.int` when spelled as an integer within `Int64`, else a finite `.double`.
    mutating func readNumber() -> Value? {
        let start = position
        var negative = false
        if current == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard let first = current, Self.isDigit(first) else { return nil }
        var magnitude: UInt64 = 0
        var overflow = false
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = current, Self.isDigit(next) { return nil }
        } else {
            while let byte = current, Self.isDigit(byte) {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
                magnitude = sum
                overflow = overflow || o1 || o2
                position += 1
            }
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let digit = current, Self.isDigit(digit) else { return nil }
            while let byte = current, Self.isDigit(byte) { position += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, Self.isDigit(digit) else { return nil }
            while let byte = current, Self.isDigit(byte) { position += 1 }
        }
        if isInteger && !overflow {
            if negative && magnitude == 0 { sawNegativeZero = true }
            if !negative, let integer = Int64(exactly: magnitude) { return .int(integer) }
            if negative {
                if magnitude == UInt64(1) << 63 { return .int(.min) }
                if let integer = Int64(exactly: magnitude) { return .int(-integer) }
            }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let double = Double(literal), double.isFinite else { return nil }
        return .double(double)
    }

    /// A string literal at its opening quote; the cursor ends after the closing quote. Nil on a
    /// control character, a bad escape, a lone surrogate, invalid UTF-8 or a missing closing quote.
    mutating func readString() -> String? {
        position += 1
        let contentStart = position
        var nonASCII = false
        // Common case: no escapes, the content is one slice.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
                position += 1
                return nonASCII
                    ? String(validating: content, as: UTF8.self)
                    : String(decoding: content, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { nonASCII = true }
            position += 1
        }
        guard position < bytes.count else { return nil }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return nonASCII ? String(validating: buffer, as: UTF8.self) : String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard readEscape(into: &buffer) else { return nil }
            case 0x00..<0x20:
                return nil
            default:
                if byte >= 0x80 { nonASCII = true }
                buffer.append(byte)
                position += 1
            }
        }
        return nil
    }

    /// One escape sequence at the backslash; appends its UTF-8 to `buffer`.
    private mutating func readEscape(into buffer: inout [UInt8]) -> Bool {
        position += 1
        guard let letter = current else { return false }
        position += 1
        if let byte = JSONEscape.byte(for: letter) {
            buffer.append(byte)
            return true
        }
        guard letter == UInt8(ascii: "u"), var code = hexQuad(), !JSONEscape.lowSurrogates.contains(code) else {
            return false
        }
        if JSONEscape.highSurrogates.contains(code) {
            guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { return false }
            position += 2
            guard let low = hexQuad(), JSONEscape.lowSurrogates.contains(low) else { return false }
            code = JSONEscape.codePoint(high: code, low: low)
        }
        guard let scalar = Unicode.Scalar(code) else { return false }
        Unicode.UTF8.encode(scalar) { buffer.append($0) }
        return true
    }

    /// Four hex digits after `\u`.
    private mutating func hexQuad() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONEscape.hexDigit(bytes[position]) else { return nil }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
