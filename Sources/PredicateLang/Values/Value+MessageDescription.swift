// Value+MessageDescription: how a value appears inside an evaluation error message. Apple's messages
// print values with `%@`, where the string "100" and the number 100 look the same; here every value
// shows its kind, and the text stays short whatever the value's size, since messages repeat per failing
// object and go to terminals.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Value {
    /// How the longest value description in an error message is cut, in Characters.
    static let messageDescriptionLimit = 64

    /// The value inside an evaluation error message, unambiguous about its kind:
    ///
    /// | value | prints |
    /// |---|---|
    /// | `.null` | `nil` |
    /// | booleans | `YES` / `NO` |
    /// | integers | decimal digits |
    /// | doubles | with a decimal point or an exponent (`2.0`, `1e+20`, `nan`) |
    /// | strings | in double quotes, escaped as in a predicate (`"a\"b"`, `"\u001B"`) |
    /// | dates | Foundation's description, `2024-01-01 00:00:00 +0000` |
    /// | arrays, sets, dictionaries | Foundation's shapes: `(1, "a")`, `{(1, 2)}`, `{a = 1; b = "x"}` |
    ///
    /// At most ``messageDescriptionLimit`` Characters: a longer text ends in `…` (after the closing
    /// quote of a string that was cut).
    package var messageDescription: String {
        var writer = MessageDescriptionWriter(remaining: Value.messageDescriptionLimit)
        writer.write(self, depth: 0)
        return writer.output
    }
}

/// Writes a value's message description until its budget of Characters runs out.
private struct MessageDescriptionWriter {
    /// Collections nested deeper than this print `…`.
    static let maxDepth = 4

    var remaining: Int
    var output = ""
    private var isCut = false

    init(remaining: Int) {
        self.remaining = remaining
    }

    mutating func write(_ value: Value, depth: Int) {
        guard !isCut else { return }
        switch value {
        case .null: append("nil")
        case .bool(let flag): append(flag ? "YES" : "NO")
        case .int(let integer): append(String(integer))
        case .double(let double): append(String(double))
        case .string(let string): writeString(string)
        case .date(let date):
            // Not `String(describing: date)`: Foundation's `Date.description` traps for dates far outside
            // years 0...9999 and for NaN (`CAST(1e300, 'NSDate')` reaches here).
            append(
                ISO8601.foundationDescription(date)
                    ?? "\(Value.numberDescription(date.timeIntervalSinceReferenceDate)) seconds since 2001-01-01")
        case .array(let elements): writeElements(elements, open: "(", close: ")", depth: depth)
        case .set(let set): writeElements(set.elements, open: "{(", close: ")}", depth: depth)
        case .dictionary(let dictionary):
            guard depth < Self.maxDepth else { return append("{…}") }
            append("{")
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if isCut { break }
                if index > 0 { append("; ") }
                append(key + " = ")
                write(dictionary[key] ?? .null, depth: depth + 1)
            }
            append("}")
        }
    }

    private mutating func writeElements(_ elements: [Value], open: String, close: String, depth: Int) {
        guard depth < Self.maxDepth else { return append(open + "…" + close) }
        append(open)
        for (index, element) in elements.enumerated() {
            if isCut { break }
            if index > 0 { append(", ") }
            write(element, depth: depth + 1)
        }
        append(close)
    }

    /// A string in quotes; when it does not fit, as much of it as fits, the closing quote and `…`.
    private mutating func writeString(_ string: String) {
        let head = string.prefix(remaining + 1)
        let quoted = Value.quotedString(String(head))
        if head.endIndex == string.endIndex, quoted.count <= remaining { return append(quoted) }
        output += quoted.prefix(max(1, remaining - 2)) + "\""
        cut()
    }

    private mutating func append(_ text: String) {
        guard !isCut else { return }
        guard text.count <= remaining else {
            output += text.prefix(remaining)
            return cut()
        }
        output += text
        remaining -= text.count
    }

    private mutating func cut() {
        output += "…"
        remaining = 0
        isCut = true
    }
}
