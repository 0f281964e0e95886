// Value+Arithmetic: `+ - * / ** & | ^ << >>`, unary minus and `modulus:by:` with NSPredicate's
// number rules (Apple's `_NSPredicateUtilities`), minus its traps: every integer edge
// case (overflow, division by zero, Int64.min / -1, over-long shifts) has a defined result, the one
// Apple's `long long` arithmetic gives (two's-complement wrapping).

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Value {
    /// Applies a binary arithmetic or bitwise operator with NSPredicate's semantics.
    ///
    /// Numbers:
    /// - two integers compute in `Int64` (`7 / 2 == 3`); if either operand is a double the
    ///   operation is done in `Double` (`7 / 2.0 == 3.5`);
    /// - integer division and `modulus:by:` by zero give `0`, as Apple's `divide:by:` does; a double
    ///   divided by zero gives `±inf` (or NaN for `0.0 / 0`);
    /// - integer overflow wraps, as Apple's `long long` arithmetic does, without trapping
    ///   (`9223372036854775807 * 2 == -2`, `Int64.max + 1 == Int64.min`, `Int64.min / -1 == Int64.min`);
    ///   `predc lint` warns where a constant expression wraps;
    /// - `**` always computes `pow` in `Double`;
    /// - booleans are rejected by `+ - * /` (`TRUE + 1` raises "Unknown number type or nil passed
    ///   to arithmetic function expression.", as Apple's objCType check does), but accepted as 1/0
    ///   by `**` and the bitwise operators, which Apple implements with `doubleValue`/`integerValue`.
    ///
    /// Bitwise operators work on 64-bit two's-complement integers: a double operand is truncated
    /// toward zero (NaN → 0, out-of-range values clamp to `Int64.min`/`Int64.max`). Shifts use
    /// Swift's smart-shift rules: `x << n` with `n >= 64` is `0`, `x >> n` with `n >= 64` is `0` or
    /// `-1` (sign fill), a negative count shifts the other way, and bits shifted out are dropped.
    ///
    /// Dates: `date + number`, `number + date` and `date - number` give a date (the number is
    /// seconds); `date - date` gives the seconds between them as a double.
    ///
    /// - Throws: ``EvaluationError`` of kind `typeMismatch` with Apple's message:
    ///   "incompatible parameters passed to mathematical function" (`+`/`-` of non-numbers, nil or
    ///   an impossible date combination), "mathematical functions require NSNumber parameters"
    ///   (`* / **` of non-numbers or nil), "Can't do bit operators on non-numbers" (bitwise), and
    ///   "Unknown number type or nil passed to arithmetic function expression." (booleans).
    package static func arithmetic(_ op: ArithmeticOperator, _ lhs: Value, _ rhs: Value) throws(EvaluationError)
        -> Value
    {
        switch op {
        case .add, .subtract:
            return try additive(op == .add, lhs, rhs)
        case .multiply, .divide:
            let (left, right) = try Arithmetic.numericOperands(lhs, rhs)
            return op == .multiply ? Arithmetic.multiply(left, right) : Arithmetic.divide(left, right)
        case .power:
            guard let base = lhs.doubleValue, let exponent = rhs.doubleValue else {
                throw Arithmetic.requiresNumbers()
            }
            return .double(pow(base, exponent))
        case .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift, .rightShift:
            guard let left = Arithmetic.integerValue(lhs), let right = Arithmetic.integerValue(rhs) else {
                throw EvaluationError(.typeMismatch, "Can't do bit operators on non-numbers")
            }
            switch op {
            case .bitwiseAnd: return .int(left & right)
            case .bitwiseOr: return .int(left | right)
            case .bitwiseXor: return .int(left ^ right)
            case .leftShift: return .int(left << right)
            default: return .int(left >> right)
            }
        }
    }

    /// Whether `lhs <op> rhs` is integer arithmetic whose exact result does not fit in `Int64`, so
    /// that it wraps (`Int64.max * 2`, `Int64.min / -1`); lint warns about such constants.
    package static func wrapsAround(_ op: ArithmeticOperator, _ lhs: Value, _ rhs: Value) -> Bool {
        guard case .int(let a) = lhs, case .int(let b) = rhs else { return false }
        switch op {
        case .add: return a.addingReportingOverflow(b).overflow
        case .subtract: return a.subtractingReportingOverflow(b).overflow
        case .multiply: return a.multipliedReportingOverflow(by: b).overflow
        case .divide: return b != 0 && a.dividedReportingOverflow(by: b).overflow
        case .power, .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift, .rightShift: return false
        }
    }

    /// `modulus:by:`: the C remainder (sign of the dividend) for integers, `0` for an integer
    /// divisor of zero (and `Int64.min % -1 == 0`), `fmod` when either operand is a double.
    /// Booleans and non-numbers raise as for `/`.
    package static func modulus(_ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
        let (left, right) = try Arithmetic.numericOperands(lhs, rhs)
        switch (left, right) {
        case (.integer(let a), .integer(let b)):
            guard b != 0 else { return .int(0) }
            let (remainder, overflow) = a.remainderReportingOverflow(dividingBy: b)
            return .int(overflow ? 0 : remainder)
        default:
            return .double(fmod(left.double, right.double))
        }
    }

    /// Unary minus: `-x` for numbers (an integer stays an integer; `-Int64.min` wraps to itself). Booleans raise "Unknown number type or nil passed to arithmetic
    /// function expression.", anything else "mathematical functions require NSNumber parameters".
    package func negated() throws(EvaluationError) -> Value {
        switch self {
        case .int(let integer):
            return .int(0 &- integer)
        case .double(let double):
            return .double(-double)
        case .bool, .null:
            throw Arithmetic.unknownNumberType()
        default:
            throw Arithmetic.requiresNumbers()
        }
    }

    private static func additive(_ isAddition: Bool, _ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
        switch (lhs, rhs) {
        case (.date(let date), _) where rhs.isNumber:
            let seconds = rhs.doubleValue ?? 0
            return .date(date.addingTimeInterval(isAddition ? seconds : -seconds))
        case (_, .date(let date)) where lhs.isNumber && isAddition:
            return .date(date.addingTimeInterval(lhs.doubleValue ?? 0))
        case (.date(let left), .date(let right)) where !isAddition:
            return .double(left.timeIntervalSinceReferenceDate - right.timeIntervalSinceReferenceDate)
        default:
            break
        }
        guard lhs.isNumber, rhs.isNumber else {
            throw EvaluationError(.typeMismatch, "incompatible parameters passed to mathematical function")
        }
        let (left, right) = try Arithmetic.numericOperands(lhs, rhs)
        return isAddition ? Arithmetic.add(left, right) : Arithmetic.subtract(left, right)
    }
}

/// Number helpers for ``Value/arithmetic(_:_:_:)`` and the built-in functions.
enum Arithmetic {
    /// A number as Apple's arithmetic sees it after the objCType check.
    enum Operand {
        case integer(Int64)
        case floating(Double)

        var double: Double {
            switch self {
            case .integer(let integer): Double(integer)
            case .floating(let double): double
            }
        }
    }

    /// The operand of an arithmetic function: integers and doubles; booleans and nil raise
    /// "Unknown number type ...", other kinds "mathematical functions require NSNumber parameters".
    static func operand(_ value: Value) throws(EvaluationError) -> Operand {
        switch value {
        case .int(let integer): return .integer(integer)
        case .double(let double): return .floating(double)
        case .bool: throw unknownNumberType()
        default: throw requiresNumbers()
        }
    }

    static func numericOperands(_ lhs: Value, _ rhs: Value) throws(EvaluationError) -> (Operand, Operand) {
        guard lhs.isNumber, rhs.isNumber else { throw requiresNumbers() }
        return (try operand(lhs), try operand(rhs))
    }

    static func add(_ lhs: Operand, _ rhs: Operand) -> Value {
        if case .integer(let a) = lhs, case .integer(let b) = rhs {
            return .int(a &+ b)
        }
        return .double(lhs.double + rhs.double)
    }

    static func subtract(_ lhs: Operand, _ rhs: Operand) -> Value {
        if case .integer(let a) = lhs, case .integer(let b) = rhs {
            return .int(a &- b)
        }
        return .double(lhs.double - rhs.double)
    }

    static func multiply(_ lhs: Operand, _ rhs: Operand) -> Value {
        if case .integer(let a) = lhs, case .integer(let b) = rhs {
            return .int(a &* b)
        }
        return .double(lhs.double * rhs.double)
    }

    static func divide(_ lhs: Operand, _ rhs: Operand) -> Value {
        if case .integer(let a) = lhs, case .integer(let b) = rhs {
            guard b != 0 else { return .int(0) }
            // `Int64.min / -1` is the one quotient that overflows; it wraps to `Int64.min`.
            return .int(a.dividedReportingOverflow(by: b).partialValue)
        }
        return .double(lhs.double / rhs.double)
    }

    /// `integerValue` of an NSNumber: booleans are 1/0, doubles truncate toward zero (NaN → 0,
    /// out of range clamps). Nil for non-numbers.
    static func integerValue(_ value: Value) -> Int64? {
        switch value {
        case .bool(let flag): return flag ? 1 : 0
        case .int(let integer): return integer
        case .double(let double): return clampedInteger(double)
        default: return nil
        }
    }

    /// A double truncated toward zero into Int64 without trapping.
    static func clampedInteger(_ double: Double) -> Int64 {
        if double.isNaN { return 0 }
        if double >= 9_223_372_036_854_775_807.0 { return .max }
        if double <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(double.rounded(.towardZero))
    }

    static func unknownNumberType() -> EvaluationError {
        EvaluationError(.typeMismatch, "Unknown number type or nil passed to arithmetic function expression.")
    }

    static func requiresNumbers() -> EvaluationError {
        EvaluationError(.typeMismatch, "mathematical functions require NSNumber parameters")
    }
}
