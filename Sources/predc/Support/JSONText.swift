// JSONText: writing the JSON that predc prints (--jsonl responses, --json listings, form check).
// Values go through TypedJSON.serialize; this file builds objects with keys in a fixed order.

/// Builds one compact JSON object with keys in insertion order.
struct JSONObjectWriter {
    private var text = "{"
    private var first = true

    init() {}

    /// Adds `"key": <raw JSON>`.
    mutating func raw(_ key: String, _ json: String) {
        if !first { text += ", " }
        first = false
        text += JSONText.quote(key) + ": " + json
    }

    /// Adds a string member.
    mutating func string(_ key: String, _ value: String) { raw(key, JSONText.quote(value)) }
    /// Adds an integer member.
    mutating func int(_ key: String, _ value: Int) { raw(key, String(value)) }
    /// Adds a boolean member.
    mutating func bool(_ key: String, _ value: Bool) { raw(key, value ? "true" : "false") }
    /// Adds an array of strings.
    mutating func strings(_ key: String, _ values: [String]) { raw(key, JSONText.array(values.map(JSONText.quote))) }

    /// The finished object.
    var result: String { text + "}" }
}

/// JSON spelling helpers.
enum JSONText {
    /// `string` as a JSON string literal (quotes, backslashes and control characters escaped).
    static func quote(_ string: String) -> String {
        var out = "\""
        out.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `[a, b, ...]` from already-encoded elements.
    static func array(_ elements: [String]) -> String { "[" + elements.joined(separator: ", ") + "]" }
}
