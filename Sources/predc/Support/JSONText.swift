// JSONText: writing the JSON that predc prints (--jsonl responses, --json listings, form check).
// Values go through TypedJSON.serialize; this file builds objects with keys in a fixed order.

import PredicateLang

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
        var out = ""
        out.reserveCapacity(string.utf8.count + 2)
        JSONWriter.writeString(string, to: &out)
        return out
    }

    /// `[a, b, ...]` from already-encoded elements.
    static func array(_ elements: [String]) -> String { "[" + elements.joined(separator: ", ") + "]" }
}
