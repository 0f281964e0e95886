// ValueTextWriter: renders a Value as predicate-format text or as typed JSON without recursion,
// so a value nested hundreds of levels deep prints on a 512 KiB thread stack. Value+Description
// and TypedJSON+Serialization choose the style; this file only walks.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The two textual forms of a value.
enum ValueTextStyle {
    /// Constants in a format string: `{1, "a"}`, `{"k" = v}`, `CAST(..., "NSDate")`.
    case predicate
    /// Typed JSON: `[1,"a"]`, `{"k":v}`, `{"$date":"..."}`, `{"$set":[...]}`.
    case json
}

/// An explicit-stack walk over a value, writing text in a ``ValueTextStyle``.
enum ValueTextWriter {
    /// A container whose elements are being written.
    private struct Frame {
        var elements: [Value]
        var keys: [String]?
        var index = 0
        var close: String
    }

    /// Appends `root` to `output`; containers nested deeper than `maxDepth` are elided
    /// (`{...}` in predicate style, `null` in JSON).
    static func write(_ root: Value, style: ValueTextStyle, maxDepth: Int, to output: inout String) {
        var stack: [Frame] = []
        var pending: Value? = root
        while true {
            if let value = pending {
                pending = nil
                if let frame = open(value, style: style) {
                    if stack.count >= maxDepth {
                        output += style == .predicate ? "{...}" : "null"
                    } else {
                        output += opening(value, style: style)
                        stack.append(frame)
                    }
                } else {
                    writeScalar(value, style: style, to: &output)
                }
            }
            guard let top = stack.indices.last else { return }
            let index = stack[top].index
            if index < stack[top].elements.count {
                if index > 0 { output += style == .predicate ? ", " : "," }
                if let keys = stack[top].keys {
                    if style == .predicate {
                        output += Value.quotedString(keys[index]) + " = "
                    } else {
                        JSONWriter.writeString(keys[index], to: &output)
                        output += ":"
                    }
                }
                pending = stack[top].elements[index]
                stack[top].index = index + 1
            } else {
                output += stack[top].close
                stack.removeLast()
            }
        }
    }

    /// The frame for a container value; nil for scalars.
    private static func open(_ value: Value, style: ValueTextStyle) -> Frame? {
        switch value {
        case .array(let elements):
            return Frame(elements: elements, close: style == .predicate ? "}" : "]")
        case .set(let set):
            return Frame(elements: set.elements, close: style == .predicate ? "}" : "]}")
        case .dictionary(let dictionary):
            let keys = dictionary.keys.sorted { ValueOrdering.compareUTF16($0, $1) < 0 }
            return Frame(elements: keys.compactMap { dictionary[$0] }, keys: keys, close: "}")
        default:
            return nil
        }
    }

    private static func opening(_ value: Value, style: ValueTextStyle) -> String {
        switch (value, style) {
        case (.array, .json): "["
        case (.set, .json): "{\"$set\":["
        default: "{"
        }
    }

    private static func writeScalar(_ value: Value, style: ValueTextStyle, to output: inout String) {
        switch style {
        case .predicate:
            switch value {
            case .null: output += "nil"
            case .bool(let flag): output += flag ? "1" : "0"
            case .int(let integer): output += String(integer)
            case .double(let double):
                // Negative zero keeps its `.0`: NSNumber's `-0` would read back as the integer 0.
                output += double == 0 && double.sign == .minus ? "-0.0" : Value.numberDescription(double)
            case .string(let string): output += Value.quotedString(string)
            case .date(let date):
                output += "CAST(" + Value.fixedPointDescription(date.timeIntervalSinceReferenceDate) + ", \"NSDate\")"
            case .array, .set, .dictionary: break
            }
        case .json:
            switch value {
            case .null: output += "null"
            case .bool(let flag): output += flag ? "true" : "false"
            case .int(let integer): output += String(integer)
            case .double(let double): output += double.isFinite ? double.description : "null"
            case .string(let string): JSONWriter.writeString(string, to: &output)
            case .date(let date):
                output += "{\"$date\":"
                if let text = ISO8601.format(date) {
                    JSONWriter.writeString(text, to: &output)
                } else {
                    let seconds = date.timeIntervalSinceReferenceDate
                    output += seconds.isFinite ? seconds.description : "null"
                }
                output += "}"
            case .array, .set, .dictionary: break
            }
        }
    }
}
