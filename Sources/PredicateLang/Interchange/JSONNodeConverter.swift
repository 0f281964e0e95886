// JSONNodeConverter: JSONNode → Value without recursion. Documents may nest 512 levels, and a
// recursive walk that deep overflows a 512 KiB thread stack in debug builds, so the walk keeps its
// open arrays and objects on an explicit stack.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Converts a node tree into a ``Value``; `typed` enables the `$date` / `$set` wrappers.
struct JSONNodeConverter {
    /// The source text; only read to position an error.
    let text: String
    let typed: Bool

    /// An array, set or object whose children are being converted.
    private struct Frame {
        enum Kind { case array, set, object }
        var kind: Kind
        var children: [JSONNode]
        var keys: [String]
        var values: [Value] = []
    }

    func convert(_ root: JSONNode) throws(JSONError) -> Value {
        var stack: [Frame] = []
        var node = root
        while true {
            var result: Value
            // Descend: a scalar gives a value, a non-empty container opens a frame.
            switch try open(node) {
            case .value(let value):
                result = value
            case .frame(let frame):
                node = frame.children[0]
                stack.append(frame)
                continue
            }
            // Ascend: hand the value to the enclosing frames, closing the finished ones.
            while !stack.isEmpty {
                let top = stack.count - 1
                stack[top].values.append(result)
                let next = stack[top].values.count
                if next < stack[top].children.count {
                    node = stack[top].children[next]
                    break
                }
                result = Self.close(stack.removeLast())
            }
            if stack.isEmpty { return result }
        }
    }

    private enum Opened {
        case value(Value)
        case frame(Frame)
    }

    private func open(_ node: JSONNode) throws(JSONError) -> Opened {
        switch node {
        case .null: return .value(.null)
        case .bool(let flag, _): return .value(.bool(flag))
        case .number: return .value(TypedJSON.numberValue(node))
        case .string(let string, _): return .value(.string(string))
        case .array(let elements, _):
            if elements.isEmpty { return .value(.array([])) }
            return .frame(Frame(kind: .array, children: elements, keys: []))
        case .object(let members, let range):
            if typed, let wrapper = members.first(where: { $0.key == "$date" || $0.key == "$set" }) {
                guard members.count == 1 else {
                    throw error("a \(wrapper.key) object must have no other members", at: range.lowerBound)
                }
                if wrapper.key == "$date" { return .value(try date(wrapper.value)) }
                guard let elements = wrapper.value.arrayValue else {
                    throw error(
                        "$set must be an array, not \(wrapper.value.kindName)", at: wrapper.value.range.lowerBound)
                }
                if elements.isEmpty { return .value(.set(ValueSet())) }
                return .frame(Frame(kind: .set, children: elements, keys: []))
            }
            if members.isEmpty { return .value(.dictionary([:])) }
            return .frame(Frame(kind: .object, children: members.map(\.value), keys: members.map(\.key)))
        }
    }

    private static func close(_ frame: Frame) -> Value {
        switch frame.kind {
        case .array:
            return .array(frame.values)
        case .set:
            return .set(ValueSet(frame.values))
        case .object:
            var dictionary = ValueDictionary()
            dictionary.reserveCapacity(frame.keys.count)
            for (key, value) in zip(frame.keys, frame.values) { dictionary[key] = value }
            return .dictionary(dictionary)
        }
    }

    private func date(_ node: JSONNode) throws(JSONError) -> Value {
        switch node {
        case .string(let string, let range):
            guard let date = ISO8601.parse(string) else {
                throw error(
                    "invalid $date \(Value.quotedString(string)): expected ISO 8601 such as \"2001-01-01T00:00:00Z\"",
                    at: range.lowerBound)
            }
            return .date(date)
        case .number(_, let range):
            guard let seconds = node.doubleValue else { throw error("invalid $date number", at: range.lowerBound) }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            throw error(
                "$date must be an ISO 8601 string or a number of seconds since 2001-01-01, not \(node.kindName)",
                at: node.range.lowerBound)
        }
    }

    private func error(_ message: String, at offset: Int) -> JSONError {
        JSONError.at(offset, in: Array(text.utf8), message)
    }
}
