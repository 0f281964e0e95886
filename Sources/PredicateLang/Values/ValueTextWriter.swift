// ValueTextWriter: renders a Value as text without recursion, so a value nested hundreds of levels deep
// prints on a 512 KiB thread stack. The walk is here; what each part looks like is a ValueTextStyle's
// choice: predicate-format constants (PredicateTextStyle, below) or typed JSON (in Interchange/).

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a ``ValueTextWriter`` renders the parts of a value.
protocol ValueTextStyle {
    /// Appends a scalar (anything but an array, set or dictionary).
    static func writeScalar(_ value: Value, to output: inout String)
    /// The text that opens a container.
    static func opening(_ container: Value) -> String
    /// The text that closes a container.
    static func closing(_ container: Value) -> String
    /// Appends a dictionary key and what separates it from its value.
    static func writeKey(_ key: String, to output: inout String)
    /// What separates two elements.
    static var separator: String { get }
    /// What stands for a container nested too deeply to print.
    static var elided: String { get }
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

    /// Appends `root` to `output`; containers nested deeper than `maxDepth` print as `Style.elided`.
    static func write<Style: ValueTextStyle>(_ root: Value, style: Style.Type, maxDepth: Int, to output: inout String) {
        var stack: [Frame] = []
        var pending: Value? = root
        while true {
            if let value = pending {
                pending = nil
                if let frame = open(value, style: style) {
                    if stack.count >= maxDepth {
                        output += Style.elided
                    } else {
                        output += Style.opening(value)
                        stack.append(frame)
                    }
                } else {
                    Style.writeScalar(value, to: &output)
                }
            }
            guard let top = stack.indices.last else { return }
            let index = stack[top].index
            if index < stack[top].elements.count {
                if index > 0 { output += Style.separator }
                if let keys = stack[top].keys { Style.writeKey(keys[index], to: &output) }
                pending = stack[top].elements[index]
                stack[top].index = index + 1
            } else {
                output += stack[top].close
                stack.removeLast()
            }
        }
    }

    /// The frame for a container value; nil for scalars. Dictionary keys are written in UTF-16 order.
    private static func open<Style: ValueTextStyle>(_ value: Value, style: Style.Type) -> Frame? {
        switch value {
        case .array(let elements):
            return Frame(elements: elements, close: Style.closing(value))
        case .set(let set):
            return Frame(elements: set.elements, close: Style.closing(value))
        case .dictionary(let dictionary):
            let keys = dictionary.keys.sorted { ValueOrdering.compareUTF16($0, $1) < 0 }
            return Frame(elements: keys.compactMap { dictionary[$0] }, keys: keys, close: Style.closing(value))
        default:
            return nil
        }
    }
}

/// Constants as a canonical format string writes them: `{1, "a"}`, `{"k" = v}`, `CAST(..., "NSDate")`.
enum PredicateTextStyle: ValueTextStyle {
    static func writeScalar(_ value: Value, to output: inout String) {
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
    }

    static func opening(_ container: Value) -> String { "{" }
    static func closing(_ container: Value) -> String { "}" }
    static func writeKey(_ key: String, to output: inout String) { output += Value.quotedString(key) + " = " }
    static var separator: String { ", " }
    static var elided: String { "{...}" }
}

/// Constants as text that reads back to the same kinds and values, where the canonical format does not:
/// booleans `YES`/`NO` (not `1`/`0`, which read back as integers), integral doubles with `.0` (`2` would
/// read back as an integer and divide as one), infinities `1e999`/`-1e999`, NaN `(1e999 - 1e999)`, and
/// dates with the shortest seconds that read back to the same instant. Everything else as
/// ``PredicateTextStyle``.
enum ExactPredicateTextStyle: ValueTextStyle {
    static func writeScalar(_ value: Value, to output: inout String) {
        switch value {
        case .bool(let flag): output += flag ? "YES" : "NO"
        case .double(let double): output += exactNumber(double)
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            output += "CAST(" + exactNumber(seconds) + ", \"NSDate\")"
        default: PredicateTextStyle.writeScalar(value, to: &output)
        }
    }

    /// A double as a number literal that reads back as this double.
    static func exactNumber(_ double: Double) -> String {
        if double.isNaN { return "(1e999 - 1e999)" }
        if double.isInfinite { return double < 0 ? "-1e999" : "1e999" }
        // Swift's description is the shortest text that reads back to the same double, and keeps `.0`.
        return double.description
    }

    static func opening(_ container: Value) -> String { PredicateTextStyle.opening(container) }
    static func closing(_ container: Value) -> String { PredicateTextStyle.closing(container) }
    static func writeKey(_ key: String, to output: inout String) { PredicateTextStyle.writeKey(key, to: &output) }
    static var separator: String { PredicateTextStyle.separator }
    static var elided: String { PredicateTextStyle.elided }
}
