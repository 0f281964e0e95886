// TypedJSON+Serialization: Value → typed JSON text, the inverse of TypedJSON.parse. The CLI prints
// results and form values with it; output is compact and deterministic (keys sorted).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TypedJSON {
    /// Writes `value` as compact typed JSON that ``parse(_:limits:)`` reads back to an equal value.
    ///
    /// - dictionary keys are sorted (UTF-16 order, which is byte order for ASCII keys);
    /// - integers print as digits; doubles always read back as doubles: `1.0`, `0.5`, `1e+20`;
    ///   **NaN and ±infinity, which JSON cannot express, print `null`**;
    /// - dates print `{"$date":"2001-01-01T00:00:00Z"}` in UTC with up to six fraction digits
    ///   (microsecond precision; a date outside years 0...9999 prints its seconds since 2001 as
    ///   `{"$date":<number>}` instead);
    /// - sets print `{"$set":[...]}` in their iteration order;
    /// - strings escape `"`, `\` and control characters (`\n`, `\u001b`); other characters are
    ///   written as UTF-8;
    /// - collections nested deeper than ``Value/maxPrintingDepth`` print `null` at the cut.
    public static func serialize(_ value: Value) -> String {
        var output = ""
        JSONWriter.write(value, to: &output, depth: 0)
        return output
    }
}

enum JSONWriter {
    static func write(_ value: Value, to output: inout String, depth: Int) {
        switch value {
        case .null:
            output += "null"
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .int(let integer):
            output += String(integer)
        case .double(let double):
            output += double.isFinite ? double.description : "null"
        case .string(let string):
            writeString(string, to: &output)
        case .date(let date):
            output += "{\"$date\":"
            if let text = ISO8601.format(date) {
                writeString(text, to: &output)
            } else {
                write(.double(date.timeIntervalSinceReferenceDate), to: &output, depth: depth)
            }
            output += "}"
        case .array(let elements):
            writeArray(elements, to: &output, depth: depth)
        case .set(let set):
            output += "{\"$set\":"
            writeArray(set.elements, to: &output, depth: depth)
            output += "}"
        case .dictionary(let dictionary):
            guard depth < Value.maxPrintingDepth else {
                output += "null"
                return
            }
            output += "{"
            let keys = dictionary.keys.sorted { ValueOrdering.compareUTF16($0, $1) < 0 }
            for (index, key) in keys.enumerated() {
                if index > 0 { output += "," }
                writeString(key, to: &output)
                output += ":"
                write(dictionary[key] ?? .null, to: &output, depth: depth + 1)
            }
            output += "}"
        }
    }

    static func writeArray(_ elements: [Value], to output: inout String, depth: Int) {
        guard depth < Value.maxPrintingDepth else {
            output += "null"
            return
        }
        output += "["
        for (index, element) in elements.enumerated() {
            if index > 0 { output += "," }
            write(element, to: &output, depth: depth + 1)
        }
        output += "]"
    }

    /// A JSON string literal.
    static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
