// Value+Cast: `CAST(value, 'Type')` (`castObject:toType:`) for the value types the language knows:
// NSDate, NSNumber, NSDecimalNumber and NSString. No class is ever looked up or instantiated.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Value {
    /// Converts the value as `CAST(value, 'typeName')` does.
    ///
    /// | type | accepts | result |
    /// |---|---|---|
    /// | `NSDate` | number (seconds since 2001-01-01), date, ISO-8601 string | date |
    /// | `NSNumber` | number (unchanged), date (seconds since 2001-01-01 as a double), numeric string | number |
    /// | `NSDecimalNumber` | number (unchanged, booleans become 1/0), date (seconds), numeric string | number |
    /// | `NSString`, `NSMutableString` | anything | its description: numbers as NSNumber prints them (`1`, `1.5`), dates as `2001-01-01 00:00:00 +0000`, collections as in a format string |
    ///
    /// Strings become numbers as Apple's `_convertStringToNumber:` reads them: with a `.` as a
    /// double (`strtod`), otherwise as a C integer literal (`strtoll` base 0: `42`, `-7`, `0x1F`,
    /// `017` octal; out of `Int64` range it becomes a double); if that fails, the longest decimal
    /// prefix counts, as NSDecimalNumber reads it (`"12abc"` → 12); with no digits at all the cast
    /// fails. Casting nil raises, as Apple's `castObject:toType:` does for every class except the
    /// string classes, where nil's description is nil and the cast gives nil.
    ///
    /// Differences from Apple, on purpose: an ISO-8601 string casts to `NSDate` (Apple raises),
    /// and a date casts to `NSDecimalNumber` as its seconds (Apple parses the leading year from its
    /// description).
    ///
    /// - Throws: `invalidCast` — "Cannot cast to class %@ which does not exist" for an unknown type,
    ///   "Don't know how to cast (%@) into type %@" for an unconvertible value or another Foundation
    ///   class, and a refusal for `'Class'` (Apple's deprecated class-object cast, a code-execution
    ///   vector).
    package func cast(to typeName: String) throws(EvaluationError) -> Value {
        switch typeName {
        case "Class":
            throw EvaluationError(
                .invalidCast,
                "CAST to 'Class' is not supported: it would create a class object from \(shortDescription)")
        case "NSDate":
            switch self {
            case .date: return self
            case .bool, .int, .double: return .date(Date(timeIntervalSinceReferenceDate: doubleValue ?? 0))
            case .string(let text):
                if let date = ISO8601.parse(text) { return .date(date) }
            default: break
            }
        case "NSNumber":
            switch self {
            case .bool, .int, .double: return self
            case .date(let date): return .double(date.timeIntervalSinceReferenceDate)
            case .string(let text):
                if let number = NumberReader.number(from: text) { return number }
            default: break
            }
        case "NSDecimalNumber":
            switch self {
            case .int, .double: return self
            case .bool(let flag): return .int(flag ? 1 : 0)
            case .date(let date): return .double(date.timeIntervalSinceReferenceDate)
            case .string(let text):
                if let number = NumberReader.decimalPrefix(of: text) { return number }
            default: break
            }
        case "NSString", "NSMutableString":
            switch self {
            case .null: return .null
            case .date(let date):
                return .string(
                    ISO8601.foundationDescription(date) ?? Value.numberDescription(date.timeIntervalSinceReferenceDate))
            case .double(let double):
                // NSNumber's description (`-0` for negative zero; the printer writes `-0.0` instead).
                return .string(Value.numberDescription(double))
            default: return .string(description)
            }
        default:
            guard Value.foundationClassNames.contains(typeName) else {
                throw EvaluationError(.invalidCast, "Cannot cast to class \(typeName) which does not exist")
            }
        }
        throw EvaluationError(.invalidCast, "Don't know how to cast (\(shortDescription)) into type \(typeName)")
    }

    /// Foundation classes that exist but that CAST cannot convert to.
    static let foundationClassNames: Set<String> = [
        "NSObject", "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSDictionary",
        "NSMutableDictionary", "NSNull", "NSValue", "NSData", "NSMutableData", "NSURL", "NSUUID", "NSLocale",
        "NSTimeZone", "NSCalendar", "NSAttributedString", "NSExpression", "NSPredicate", "NSCountedSet",
    ]
}

/// String-to-number conversion as Apple's `_convertStringToNumber:` and NSDecimalNumber do it.
enum NumberReader {
    /// `strtod` for text with a `.`, `strtoll` base 0 otherwise, then the decimal-prefix fallback.
    static func number(from text: String) -> Value? {
        let trimmed = String(text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        if trimmed.contains(".") {
            if let double = Double(trimmed), !trimmed.isEmpty { return .double(double) }
        } else if let integer = cInteger(trimmed) {
            return integer
        }
        return decimalPrefix(of: text)
    }

    /// A C integer literal (optional sign, `0x` hex, leading-`0` octal, decimal), whole text.
    static func cInteger(_ text: String) -> Value? {
        var body = Substring(text)
        var negative = false
        if let sign = body.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        var radix = 10
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            radix = 16
            body = body.dropFirst(2)
        } else if body.count > 1, body.hasPrefix("0") {
            radix = 8
            body = body.dropFirst()
        }
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        guard let magnitude = UInt64(body, radix: radix) else {
            // Valid digits but too large: keep the magnitude as a double.
            guard radix == 10, let double = Double(body) else { return nil }
            return .double(negative ? -double : double)
        }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .int(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return .int(.min) }
            return .double(-Double(magnitude))
        }
        return magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .double(Double(magnitude))
    }

    /// The longest leading decimal number (`[+-]digits[.digits][e[+-]digits]`, leading spaces
    /// skipped), as `+[NSDecimalNumber decimalNumberWithString:]` reads it; an integer when it has
    /// no fraction or exponent and fits in `Int64`. Nil when there are no digits.
    static func decimalPrefix(of text: String) -> Value? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var count = digits()
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let dot = index
            index += 1
            let fraction = digits()
            if fraction == 0 && count == 0 { index = dot }
            count += fraction
            isInteger = fraction == 0
        }
        guard count > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if digits() == 0 { index = mark } else { isInteger = false }
        }
        var literal = String(decoding: bytes[start..<index], as: UTF8.self)
        if literal.hasSuffix(".") { literal.removeLast() }
        if isInteger, let integer = Int64(literal) { return .int(integer) }
        guard let double = Double(literal) else { return nil }
        return .double(double)
    }
}
