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
        ValueTextWriter.write(value, style: TypedJSONTextStyle.self, maxDepth: Value.maxPrintingDepth, to: &output)
        return output
    }
}

/// Typed JSON: `[1,"a"]`, `{"k":v}`, `{"$date":"..."}`, `{"$set":[...]}`.
enum TypedJSONTextStyle: ValueTextStyle {
    static func writeScalar(_ value: Value, to output: inout String) {
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

    static func opening(_ container: Value) -> String {
        switch container {
        case .array: "["
        case .set: "{\"$set\":["
        default: "{"
        }
    }

    static func closing(_ container: Value) -> String {
        switch container {
        case .array: "]"
        case .set: "]}"
        default: "}"
        }
    }

    static func writeKey(_ key: String, to output: inout String) {
        JSONWriter.writeString(key, to: &output)
        output += ":"
    }

    static var separator: String { "," }
    static var elided: String { "null" }
}

/// JSON string escaping, shared by typed JSON, the form protocol and predc.
package enum JSONWriter {
    /// Appends `string` as a JSON string literal (quotes, backslashes and control characters escaped).
    package static func writeString(_ string: String, to output: inout String) {
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
