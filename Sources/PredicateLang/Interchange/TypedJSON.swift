// TypedJSON: the JSON dialect the CLI, the conformance runner and form definitions use to carry
// Values: plain JSON plus `{"$date": ...}` and `{"$set": [...]}` wrappers, integers vs doubles by
// spelling. Parsing goes through JSONParser (positions); serializing is compact with sorted keys.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads and writes ``Value``s as typed JSON (see `conformance/README.md`, "Typed JSON").
///
/// | JSON | Value |
/// |---|---|
/// | `null` | `.null` |
/// | `true` / `false` | `.bool` |
/// | number without `.`, `e` or `E` | `.int`; beyond `Int64` it becomes `.double` (`9223372036854775808` → `9.223372036854775808e18`) |
/// | other numbers | `.double` |
/// | string | `.string` |
/// | array | `.array` |
/// | `{"$date": "2001-01-01T00:00:00Z"}` | `.date`: ISO 8601 with optional fractional seconds and an optional `Z`/`±HH:MM` offset (none means UTC), or a date alone (midnight UTC) |
/// | `{"$date": 0}` | `.date`: a number is seconds since 2001-01-01 00:00:00 UTC (NSDate's reference date) |
/// | `{"$set": [...]}` | `.set` |
/// | any other object | `.dictionary` |
///
/// A `$date` or `$set` object must have exactly that one member; `{"$date": 1, "x": 2}` is an
/// error rather than a dictionary, so a typo cannot silently change a value's kind.
public enum TypedJSON {
    /// Parses typed JSON text into a value.
    ///
    /// - Throws: ``JSONError`` with the position of the syntax error or of the bad wrapper.
    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONError) -> Value {
        let fast = text.utf8.withContiguousStorageIfAvailable { TypedJSONReader.read($0, limits: limits) }
        if let value = fast ?? nil { return value }
        return try parsePositioned(text, limits: limits)
    }

    /// Parses one line of typed JSON given as UTF-8 bytes, as `parse(String(decoding: bytes, as: UTF8.self))`
    /// would (invalid UTF-8 is repaired to U+FFFD first), without building the intermediate string
    /// when the line is well formed.
    ///
    /// - Throws: ``JSONError`` with the position of the syntax error or of the bad wrapper.
    public static func parse(utf8 bytes: ArraySlice<UInt8>, limits: JSONLimits = .default) throws(JSONError) -> Value {
        if let value = bytes.withUnsafeBufferPointer({ TypedJSONReader.read($0, limits: limits) }) { return value }
        return try parsePositioned(String(decoding: bytes, as: UTF8.self), limits: limits)
    }

    /// Parses one line like ``parse(utf8:limits:)``, but when the line is an object, builds only the
    /// members `projection` names: the others are checked as thoroughly (a line is accepted, or rejected
    /// with the same error, exactly as by the whole read) but not built, which is most of the cost of
    /// reading a line a predicate reads a few members of. A document that is not an object, and the rare
    /// documents only the positioned parser accepts, come back whole.
    ///
    /// - Throws: ``JSONError`` with the position of the syntax error or of the bad wrapper.
    public static func parse(
        utf8 bytes: ArraySlice<UInt8>, limits: JSONLimits = .default, keeping projection: JSONProjection
    ) throws(JSONError) -> Value {
        let fast = bytes.withUnsafeBufferPointer {
            TypedJSONReader.read($0, limits: limits, projection: projection)
        }
        if let value = fast { return value }
        return try parsePositioned(String(decoding: bytes, as: UTF8.self), limits: limits)
    }

    /// The positioned path: a ``JSONNode`` tree, then its conversion; gives errors their position.
    static func parsePositioned(_ text: String, limits: JSONLimits = .default) throws(JSONError) -> Value {
        let node = try JSONParser.parse(text, limits: limits)
        return try JSONNodeConverter(text: text, typed: true).convert(node)
    }

    /// Reads `text` with the one-pass reader only: nil where ``parse(_:limits:)`` would fall back to
    /// the positioned parser (tests compare the two paths).
    static func parseFast(_ text: String, limits: JSONLimits = .default) -> Value? {
        var text = text
        return text.withUTF8 { TypedJSONReader.read($0, limits: limits) }
    }

    /// Converts an already parsed node (from `text`, used for error positions) into a value.
    package static func value(of node: JSONNode, in text: String) throws(JSONError) -> Value {
        try JSONNodeConverter(text: text, typed: true).convert(node)
    }

    /// The number a `.number` node denotes: `.int` for integer spelling within `Int64`, else `.double`.
    package static func numberValue(_ node: JSONNode) -> Value {
        guard let literal = node.numberLiteral else { return .null }
        if node.isIntegerLiteral, let integer = Int64(literal) { return .int(integer) }
        return .double(Double(literal) ?? .nan)
    }
}

extension JSONNode {
    /// The node as a typed-JSON ``Value`` (`$date` and `$set` wrappers understood). `text` is the
    /// JSON the node was parsed from; it gives errors their line and column.
    package func typedValue(in text: String) throws(JSONError) -> Value {
        try TypedJSON.value(of: self, in: text)
    }
}
