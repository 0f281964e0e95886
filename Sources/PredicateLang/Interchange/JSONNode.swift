// JSONNode: a raw JSON tree in which every node remembers where it was written. Form definitions
// and typed-JSON inputs are parsed into it first (JSONParser), so later errors can point at the
// exact object, key or value that caused them; TypedJSON turns it into Values.

/// A JSON value with the UTF-8 range it was parsed from.
///
/// Not `indirect`: nested values live in the arrays of arrays and objects, so a node needs no box of its
/// own (an `indirect` enum allocates one per node, scalars included).
///
/// Objects keep their members in source order, with the range of each key. Numbers keep their
/// literal text so that integers and doubles can be told apart by spelling (`1` vs `1.0`).
///
/// ```swift
/// let root = try JSONParser.parse(text)
/// if let rows = root["sections"]?[1]?["rows"] { print(rows.range) }
/// ```
package enum JSONNode: Sendable, Hashable {
    /// `null`.
    case null(SourceRange)
    /// `true` or `false`.
    case bool(Bool, SourceRange)
    /// A number, as its literal text (valid JSON number syntax, finite).
    case number(String, SourceRange)
    /// A string, unescaped.
    case string(String, SourceRange)
    /// An array.
    case array([JSONNode], SourceRange)
    /// An object, members in source order (keys are unique: the parser rejects duplicates).
    case object([Member], SourceRange)

    /// One `"key": value` pair of an object.
    package struct Member: Sendable, Hashable {
        /// The key, unescaped.
        package var key: String
        /// The range of the key's string literal, quotes included.
        package var keyRange: SourceRange
        /// The value.
        package var value: JSONNode

        package init(key: String, keyRange: SourceRange, value: JSONNode) {
            self.key = key
            self.keyRange = keyRange
            self.value = value
        }
    }
}

extension JSONNode {
    /// The range of the whole value (brackets and quotes included).
    package var range: SourceRange {
        switch self {
        case .null(let range), .bool(_, let range), .number(_, let range), .string(_, let range),
            .array(_, let range), .object(_, let range):
            range
        }
    }

    /// `object`, `array`, `string`, `number`, `boolean` or `null`, for messages.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether this is `null`.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The members of an object; nil for other kinds.
    package var objectValue: [Member]? {
        if case .object(let members, _) = self { return members }
        return nil
    }

    /// The elements of an array; nil for other kinds.
    package var arrayValue: [JSONNode]? {
        if case .array(let elements, _) = self { return elements }
        return nil
    }

    /// The string; nil for other kinds.
    package var stringValue: String? {
        if case .string(let string, _) = self { return string }
        return nil
    }

    /// The boolean; nil for other kinds.
    package var boolValue: Bool? {
        if case .bool(let flag, _) = self { return flag }
        return nil
    }

    /// The literal text of a number; nil for other kinds.
    package var numberLiteral: String? {
        if case .number(let literal, _) = self { return literal }
        return nil
    }

    /// Whether a number is spelled as an integer (no `.`, `e` or `E`).
    package var isIntegerLiteral: Bool {
        guard let literal = numberLiteral else { return false }
        return !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// A number spelled as an integer that fits in `Int64`; nil otherwise.
    package var int64Value: Int64? {
        guard isIntegerLiteral, let literal = numberLiteral else { return nil }
        return Int64(literal)
    }

    /// Any number as a Double; nil for other kinds.
    package var doubleValue: Double? {
        guard let literal = numberLiteral else { return nil }
        return Double(literal)
    }

    /// The member named `key` of an object.
    package func member(_ key: String) -> Member? {
        objectValue?.first { $0.key == key }
    }

    /// The value of member `key` of an object; nil when absent or not an object.
    package subscript(key: String) -> JSONNode? {
        member(key)?.value
    }

    /// Element `index` of an array; nil when out of range or not an array.
    package subscript(index: Int) -> JSONNode? {
        guard let elements = arrayValue, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The node as a plain ``Value`` without typed-JSON wrappers: objects become dictionaries
    /// (`{"$date": ...}` stays a dictionary), integers by spelling become `.int` (or `.double` when
    /// out of `Int64` range), other numbers `.double`. See ``typedValue(in:)`` for the typed form.
    package var plainValue: Value {
        (try? JSONNodeConverter(text: "", typed: false).convert(self)) ?? .null
    }
}
