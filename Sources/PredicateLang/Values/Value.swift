// Value: the one concrete value type every stage below the VM shares. Constants, row values,
// JSON input and evaluation results are all Values; there is no `Any` on the evaluation path.

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A value a predicate reads, computes or compares: the Swift counterpart of the Foundation objects
/// NSPredicate works with (NSNull, NSNumber, NSString, NSDate, NSArray, NSSet, NSDictionary).
///
/// Equality (`==`) follows `-isEqual:` as NSPredicate uses it:
/// - numbers compare by value across kinds, and booleans are the numbers 1 and 0
///   (`.bool(true) == .int(1)`, `.int(42) == .double(42.0)`);
/// - a string never equals a number; strings compare by their exact Unicode scalars;
/// - arrays compare element-wise, sets and dictionaries regardless of order, dates by time.
///
/// Hashing agrees with that equality, so `Set<Value>` behaves like `NSSet`.
public enum Value: Sendable {
    /// `nil` / `NSNull`: a missing value. NSPredicate turns NSNull into nil before comparing, so one
    /// case serves both.
    case null
    /// A boolean NSNumber (`YES`, `TRUE`, JSON `true`).
    case bool(Bool)
    /// A 64-bit integer NSNumber.
    case int(Int64)
    /// A double NSNumber.
    case double(Double)
    /// A string.
    case string(String)
    /// A date (an absolute point in time).
    case date(Date)
    /// An ordered array.
    case array([Value])
    /// An unordered set of distinct values (kept in first-insertion order, for stable output).
    case set(ValueSet)
    /// A dictionary with string keys (``ValueDictionary``; `Value.dictionary(_:)` also takes a Swift
    /// `[String: Value]`).
    case dictionary(ValueDictionary)
}

extension Value {
    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Whether this is a number or a boolean (an NSNumber).
    public var isNumber: Bool {
        switch self {
        case .bool, .int, .double: true
        default: false
        }
    }

    /// The value as a string, if it is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The numeric value as a Double, for numbers and booleans.
    public var doubleValue: Double? {
        switch self {
        case .bool(let flag): flag ? 1 : 0
        case .int(let integer): Double(integer)
        case .double(let double): double
        default: nil
        }
    }

    /// The elements of an array or set; `nil` for every other kind.
    public var collectionElements: [Value]? {
        switch self {
        case .array(let elements): elements
        case .set(let set): set.elements
        default: nil
        }
    }

    /// The name of the value's kind, as diagnostics and error messages show it.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "double"
        case .string: "string"
        case .date: "date"
        case .array: "array"
        case .set: "set"
        case .dictionary: "dictionary"
        }
    }
}

// MARK: - Equality and hashing (NSObject -isEqual: semantics)

extension Value: Hashable {
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.string(let left), .string(let right)): return left.hasSameScalars(as: right)
        case (.date(let left), .date(let right)): return left == right
        case (.array(let left), .array(let right)): return left == right
        case (.set(let left), .set(let right)): return left == right
        case (.dictionary(let left), .dictionary(let right)): return left == right
        default:
            guard let order = Value.numericOrder(lhs, rhs) else { return false }
            return order == 0
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let flag):
            Value.hashNumber(flag ? 1 : 0, into: &hasher)
        case .int(let integer):
            Value.hashNumber(integer, into: &hasher)
        case .double(let double):
            if let exact = Int64(exactly: double) {
                Value.hashNumber(exact, into: &hasher)
            } else {
                hasher.combine(2 as UInt8)
                hasher.combine(double.isNaN ? Double.nan.bitPattern : double.bitPattern)
            }
        case .string(let string):
            hasher.combine(3 as UInt8)
            for scalar in string.unicodeScalars { hasher.combine(scalar.value) }
        case .date(let date):
            hasher.combine(4 as UInt8)
            hasher.combine(date)
        case .array(let elements):
            hasher.combine(5 as UInt8)
            hasher.combine(elements)
        case .set(let set):
            hasher.combine(6 as UInt8)
            hasher.combine(set)
        case .dictionary(let dictionary):
            hasher.combine(7 as UInt8)
            hasher.combine(dictionary)
        }
    }

    private static func hashNumber(_ integer: Int64, into hasher: inout Hasher) {
        hasher.combine(1 as UInt8)
        hasher.combine(integer)
    }

    /// Compares two numbers (booleans count as 0 and 1) as `CFNumberCompare` does, exactly, without
    /// rounding large integers through Double. Returns -1, 0 or 1, or nil when either side is not a
    /// number.
    ///
    /// The order is total, as NSNumber's `compare:` is: a NaN equals a NaN, sorts above a number whose
    /// sign is negative and below every other number (`0` and `0.0` included), and `-0.0` sorts below
    /// `0.0` and `0`. Equality (`isEqual:`) is this order's `0`, so `NaN == NaN` holds and
    /// `-0.0 == 0` does not.
    public static func numericOrder(_ lhs: Value, _ rhs: Value) -> Int? {
        switch (lhs, rhs) {
        case (.int(let left), .int(let right)):
            return left < right ? -1 : (left == right ? 0 : 1)
        case (.double(let left), .double(let right)):
            return compareDoubles(left, right)
        default:
            break
        }
        switch (integerOrDouble(lhs), integerOrDouble(rhs)) {
        case (.some(.integer(let left)), .some(.integer(let right))):
            return left < right ? -1 : (left == right ? 0 : 1)
        case (.some(.integer(let left)), .some(.floating(let right))):
            return compareMixed(left, right)
        case (.some(.floating(let left)), .some(.integer(let right))):
            return -compareMixed(right, left)
        case (.some(.floating(let left)), .some(.floating(let right))):
            return compareDoubles(left, right)
        default:
            return nil
        }
    }

    private enum Numeric {
        case integer(Int64)
        case floating(Double)
    }

    private static func integerOrDouble(_ value: Value) -> Numeric? {
        switch value {
        case .bool(let flag): .integer(flag ? 1 : 0)
        case .int(let integer): .integer(integer)
        case .double(let double): .floating(double)
        default: nil
        }
    }

    /// Two doubles in `CFNumberCompare`'s order: NaNs are equal; a NaN sorts above a number with a
    /// negative sign and below the others; otherwise the sign bit first (`-0.0 < 0.0`), then the values.
    static func compareDoubles(_ left: Double, _ right: Double) -> Int {
        switch (left.isNaN, right.isNaN) {
        case (true, true): return 0
        case (true, false): return right.sign == .minus ? 1 : -1
        case (false, true): return left.sign == .minus ? -1 : 1
        case (false, false): break
        }
        if left.sign != right.sign { return left.sign == .minus ? -1 : 1 }
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    /// Orders an integer against a double exactly (no precision loss above 2^53), as `CFNumberCompare`
    /// does: a NaN sorts above negative integers and below the others, and `-0.0` below `0`.
    private static func compareMixed(_ integer: Int64, _ double: Double) -> Int {
        if double.isNaN { return integer < 0 ? -1 : 1 }
        if double >= 9_223_372_036_854_775_808.0 { return -1 }
        if double < -9_223_372_036_854_775_808.0 { return 1 }
        let truncated = Int64(double.rounded(.towardZero))
        if integer != truncated { return integer < truncated ? -1 : 1 }
        let fraction = double - double.rounded(.towardZero)
        if fraction != 0 { return fraction > 0 ? -1 : 1 }
        // Equal in value: only a zero's sign can still separate them.
        return integer == 0 && double.sign == .minus ? 1 : 0
    }
}

// MARK: - Literals

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .dictionary(ValueDictionary(elements))
    }
}
