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
        var converter = JSONNodeConverter(text: text)
        return try converter.value(of: try JSONParser.parse(text, limits: limits), depth: 0)
    }

    /// Converts an already parsed node (from `text`, used for error positions) into a value.
    public static func value(of node: JSONNode, in text: String) throws(JSONError) -> Value {
        var converter = JSONNodeConverter(text: text)
        return try converter.value(of: node, depth: 0)
    }

    /// The number a `.number` node denotes: `.int` for integer spelling within `Int64`, else `.double`.
    static func numberValue(_ node: JSONNode) -> Value {
        guard let literal = node.numberLiteral else { return .null }
        if node.isIntegerLiteral, let integer = Int64(literal) { return .int(integer) }
        return .double(Double(literal) ?? .nan)
    }
}

extension JSONNode {
    /// The node as a typed-JSON ``Value`` (`$date` and `$set` wrappers understood). `text` is the
    /// JSON the node was parsed from; it gives errors their line and column.
    public func typedValue(in text: String) throws(JSONError) -> Value {
        try TypedJSON.value(of: self, in: text)
    }
}

/// Node-to-value conversion; recursion is bounded by the parser's depth limit.
private struct JSONNodeConverter {
    /// The source text; only read to position an error.
    let text: String

    func error(_ message: String, at offset: Int) -> JSONError {
        JSONError.at(offset, in: Array(text.utf8), message)
    }

    mutating func value(of node: JSONNode, depth: Int) throws(JSONError) -> Value {
        switch node {
        case .null:
            return .null
        case .bool(let flag, _):
            return .bool(flag)
        case .number:
            return TypedJSON.numberValue(node)
        case .string(let string, _):
            return .string(string)
        case .array(let elements, _):
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try value(of: element, depth: depth + 1)) }
            return .array(values)
        case .object(let members, let range):
            if let wrapper = members.first(where: { $0.key == "$date" || $0.key == "$set" }) {
                guard members.count == 1 else {
                    throw error("a \(wrapper.key) object must have no other members", at: range.lowerBound)
                }
                return wrapper.key == "$date" ? try date(wrapper.value) : try set(wrapper.value, depth: depth)
            }
            var dictionary: [String: Value] = [:]
            dictionary.reserveCapacity(members.count)
            for member in members { dictionary[member.key] = try value(of: member.value, depth: depth + 1) }
            return .dictionary(dictionary)
        }
    }

    func date(_ node: JSONNode) throws(JSONError) -> Value {
        switch node {
        case .string(let text, let range):
            guard let date = ISO8601.parse(text) else {
                throw error("invalid $date \(Value.quotedString(text)): expected ISO 8601 such as \"2001-01-01T00:00:00Z\"", at: range.lowerBound)
            }
            return .date(date)
        case .number(_, let range):
            guard let seconds = node.doubleValue else {
                throw error("invalid $date number", at: range.lowerBound)
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            throw error("$date must be an ISO 8601 string or a number of seconds since 2001-01-01, not \(node.kindName)", at: node.range.lowerBound)
        }
    }

    mutating func set(_ node: JSONNode, depth: Int) throws(JSONError) -> Value {
        guard let elements = node.arrayValue else {
            throw error("$set must be an array, not \(node.kindName)", at: node.range.lowerBound)
        }
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        for element in elements { values.append(try value(of: element, depth: depth + 1)) }
        return .set(ValueSet(values))
    }
}
