// Value+Description: how a value prints for people. `predicateDescription` is the constant as Apple's
// predicateFormat and NSNumber print it (listings, traces, messages); `description` is the short form
// error messages and test output use. The canonical printer spells constants so that they read back
// as the same value (Syntax/SyntaxPrinter+Constants.swift), which differs for the cases listed below.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Value: CustomStringConvertible {
    /// How this value prints as a constant in Apple's `predicateFormat`, for listings, traces and
    /// messages:
    ///
    /// | value | prints |
    /// |---|---|
    /// | `.null` | `nil` |
    /// | booleans | `1` / `0` (NSNumber's description) |
    /// | integers | decimal digits |
    /// | doubles | shortest text that reads back to the same double, without a trailing `.0` (`2`, `1.5`, `1e+20`), as NSNumber's description; `nan`, `inf`, `-inf` for non-finite values; negative zero prints `-0.0` (NSNumber's `-0` would read back as the integer 0) |
    /// | strings | in double quotes; `\` and `"` escaped with a backslash, and `\n` `\r` `\t` and other control characters (C0, DEL and C1) escaped (`\u001B`) so the text re-parses to the same string |
    /// | dates | `CAST(<seconds since 2001-01-01 with 6 decimals>, "NSDate")` |
    /// | arrays, sets | `{a, b}` |
    /// | dictionaries | `{"key" = value, ...}`, keys sorted by UTF-16 order and quoted, as Apple prints them |
    ///
    /// Values nested deeper than ``Value/maxPrintingDepth`` print `...` in place of the deeper levels.
    ///
    /// This text does not always read back as the same value: `2.0` prints `2` (an integer when
    /// parsed), booleans `1`/`0`, infinities `inf`, sets like arrays. The canonical printer,
    /// ``SyntaxTree/Predicate/format``, writes constants that do.
    public var predicateDescription: String {
        var output = ""
        ValueTextWriter.write(self, style: PredicateTextStyle.self, maxDepth: Value.maxPrintingDepth, to: &output)
        return output
    }

    /// The constant as text that reads back to the same kind and value (``predicateDescription`` prints
    /// booleans and integral doubles as integers, as Apple does): booleans `YES`/`NO`, doubles with
    /// `.0`, infinities `1e999`, NaN `(1e999 - 1e999)`.
    package var exactPredicateDescription: String {
        var output = ""
        ValueTextWriter.write(
            self, style: ExactPredicateTextStyle.self, maxDepth: Value.maxPrintingDepth, to: &output)
        return output
    }

    /// A short human-readable description: strings print without quotes, everything else as in
    /// ``predicateDescription``.
    public var description: String {
        if case .string(let string) = self { return string }
        return predicateDescription
    }

    /// The value inside an error message: the same text as ``messageDescription`` (kind-revealing, cut
    /// to a few dozen characters).
    var shortDescription: String { messageDescription }

    /// How deep nested collections print before they are elided.
    public static let maxPrintingDepth = 512

    /// NSNumber's description of a double: the shortest round-trip digits, without `.0`.
    package static func numberDescription(_ double: Double) -> String {
        if double.isNaN { return "nan" }
        if double.isInfinite { return double < 0 ? "-inf" : "inf" }
        var text = double.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// A double in `%f` style: fixed point with six decimals. Magnitudes of 1.8e13 and more (dates
    /// 570,000 years away) fall back to ``numberDescription(_:)``.
    package static func fixedPointDescription(_ double: Double) -> String {
        guard double.isFinite else { return numberDescription(double) }
        let scaled = (double.magnitude * 1_000_000).rounded()
        guard let micro = UInt64(exactly: scaled) else { return numberDescription(double) }
        let whole = micro / 1_000_000
        let fraction = String(micro % 1_000_000)
        let sign = double.sign == .minus ? "-" : ""  // C's %f keeps the sign of -0.0 and -1e-9
        return sign + String(whole) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// A string in double quotes with the escapes the predicate lexer reads back.
    package static func quotedString(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
