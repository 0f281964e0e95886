// Value+KVCProperties: the zero-argument methods of NSString, NSNumber, NSDate and NSDictionary
// that key-value coding reaches on Apple platforms (`name.length`, `code.uppercaseString`,
// `dict.@allKeys`). A fixed allow-list: no key ever reaches arbitrary code.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension KeyValueCoding {
    /// The value of a built-in property `key` of a scalar receiver, or nil when the receiver's
    /// Foundation class has no such zero-argument method in our allow-list.
    ///
    /// | receiver | keys |
    /// |---|---|
    /// | string | `length` (UTF-16), `uppercaseString`, `lowercaseString`, `intValue`, `integerValue`, `longLongValue`, `doubleValue`, `floatValue`, `boolValue` (NSString's lenient parsing: leading number, else 0) |
    /// | number | `intValue`, `integerValue`, `longLongValue` (truncated), `doubleValue`, `floatValue`, `boolValue`, `stringValue` |
    /// | date | `timeIntervalSinceReferenceDate`, `timeIntervalSince1970` |
    /// | any | `description` |
    static func scalarProperty(_ key: String, of receiver: Value) -> Value? {
        if key == "description" { return .string(receiver.description) }
        switch receiver {
        case .string(let string):
            switch key {
            case "length": return .int(Int64(string.utf16.count))
            case "uppercaseString": return .string(string.uppercased())
            case "lowercaseString": return .string(string.lowercased())
            case "intValue": return .int(Int64(Int32(clamping: leadingInteger(string))))
            case "integerValue", "longLongValue": return .int(leadingInteger(string))
            case "doubleValue", "floatValue": return .double(NumberReader.decimalPrefix(of: string)?.doubleValue ?? 0)
            case "boolValue": return .bool(leadingBool(string))
            default: return nil
            }
        case .bool, .int, .double:
            switch key {
            case "intValue": return .int(Int64(Int32(clamping: Arithmetic.integerValue(receiver) ?? 0)))
            case "integerValue", "longLongValue": return .int(Arithmetic.integerValue(receiver) ?? 0)
            case "doubleValue", "floatValue": return .double(receiver.doubleValue ?? 0)
            case "boolValue": return .bool((receiver.doubleValue ?? 0) != 0)
            case "stringValue": return .string(receiver.description)
            default: return nil
            }
        case .date(let date):
            switch key {
            case "timeIntervalSinceReferenceDate": return .double(date.timeIntervalSinceReferenceDate)
            case "timeIntervalSince1970": return .double(date.timeIntervalSince1970)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `@allKeys` / `@allValues` of a dictionary (NSDictionary strips the `@` and calls the method),
    /// sorted by key for a stable order.
    static func dictionaryProperty(_ key: String, of dictionary: ValueDictionary) -> Value? {
        switch key {
        case "@count": return .int(Int64(dictionary.count))
        case "@allKeys":
            return .array(dictionary.keys.sorted { ValueOrdering.compareUTF16($0, $1) < 0 }.map(Value.string))
        case "@allValues":
            return .array(
                dictionary.keys.sorted { ValueOrdering.compareUTF16($0, $1) < 0 }.compactMap { dictionary[$0] })
        default: return nil
        }
    }

    /// NSString `longLongValue`: optional leading spaces and sign, then digits; saturates.
    static func leadingInteger(_ string: String) -> Int64 {
        guard let number = NumberReader.decimalPrefix(of: string) else { return 0 }
        switch number {
        case .int(let integer): return integer
        default: return Arithmetic.clampedInteger(number.doubleValue ?? 0)
        }
    }

    /// NSString `boolValue`: true when the first non-space character after an optional sign and
    /// leading zeros is `Y`, `y`, `T`, `t` or a digit 1–9.
    static func leadingBool(_ string: String) -> Bool {
        var scalars = string.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" }[...]
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        scalars = scalars.drop { $0 == "0" }
        guard let first = scalars.first else { return false }
        return "YyTt123456789".unicodeScalars.contains(first)
    }
}
