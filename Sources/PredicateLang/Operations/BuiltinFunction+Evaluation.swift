// BuiltinFunction+Evaluation: what each built-in function computes, following Apple's
// `_NSPredicateUtilities`: result types, empty-collection rules and messages. The
// statistics (sum, min, max, average, median, mode, stddev) are in BuiltinFunction+Statistics.swift.

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension BuiltinFunction {
    /// Evaluates the function on already evaluated arguments.
    ///
    /// Results and errors follow Apple's implementation:
    /// - `sum:` — integers stay integers (a double makes the sum a double; integer overflow becomes a
    ///   double), empty collection → `0`; `count:` — arrays and sets only;
    /// - `min:` / `max:` — numbers only, empty raises "Invoked min with empty collection.";
    ///   `average:` — a double, empty raises; `median:` — the middle element, or the mean of the
    ///   two middle ones (truncated integer mean for integers); `mode:` — an **array** of the most
    ///   frequent values in ascending order; `stddev:` — population standard deviation;
    /// - `sqrt: log: ln: exp: floor: ceiling: trunc:` — doubles; `abs:` keeps integers integral;
    /// - `add:to:` ... `raise:toPower:`, bitwise functions — as ``Value/arithmetic(_:_:_:)``,
    ///   `modulus:by:` as ``Value/modulus(_:_:)``; `onesComplement:` — `~integerValue`;
    /// - `uppercase: lowercase:` — Unicode case mapping; `length:` — UTF-16 length;
    /// - `random` — a double in `0..<1`; `randomn:` — an integer in `0..<|n|` (`n == 0` raises);
    ///   `now` — the environment's date; `noindex:` — identity; `objectFrom:withIndex:` — the `[ ]`
    ///   operator; `castObject:toType:` — `CAST`;
    /// - `distanceToLocation:fromLocation:` — raises `unsupported` (no CoreLocation on Linux).
    ///
    /// Booleans are rejected where Apple checks the number's objCType (`sum:`, `min:`, `max:`,
    /// `average:`, `mode:`, `stddev:`, `abs:`, `+ - * /`, `modulus:by:`) and accepted where it only
    /// asks for `doubleValue`/`integerValue` (`sqrt:` and the other one-number functions,
    /// `raise:toPower:`, bitwise functions).
    ///
    /// - Throws: ``EvaluationError``; a wrong number of arguments is a `typeMismatch`.
    package func apply(_ arguments: [Value], environment: FunctionEnvironment) throws(EvaluationError) -> Value {
        guard arguments.count == arity else {
            throw EvaluationError(
                .typeMismatch,
                "\(selector) takes \(arity) argument\(arity == 1 ? "" : "s"), but \(arguments.count) \(arguments.count == 1 ? "was" : "were") given"
            )
        }
        let first = arguments.first ?? .null
        let second = arguments.count > 1 ? arguments[1] : .null
        switch self {
        case .sum: return try Statistics.sum(first)
        case .count: return try Statistics.count(first)
        case .min: return try Statistics.extreme(first, wantMax: false)
        case .max: return try Statistics.extreme(first, wantMax: true)
        case .average: return try Statistics.average(first)
        case .median: return try Statistics.median(first)
        case .mode: return try Statistics.mode(first)
        case .standardDeviation: return try Statistics.standardDeviation(first)
        case .squareRoot: return .double(try Self.numberArgument(first).squareRoot())
        case .logarithm: return .double(log10(try Self.numberArgument(first)))
        case .naturalLogarithm: return .double(log(try Self.numberArgument(first)))
        case .exponential: return .double(exp(try Self.numberArgument(first)))
        case .floor: return .double(try Self.numberArgument(first).rounded(.down))
        case .ceiling: return .double(try Self.numberArgument(first).rounded(.up))
        case .truncate: return .double(try Self.numberArgument(first).rounded(.towardZero))
        case .absoluteValue: return try Self.absoluteValue(first)
        case .onesComplement:
            guard let integer = Arithmetic.integerValue(first) else {
                throw EvaluationError(.typeMismatch, "Can't do bit operators on non-numbers")
            }
            return .int(~integer)
        case .add: return try Value.arithmetic(.add, first, second)
        case .subtract: return try Value.arithmetic(.subtract, first, second)
        case .multiply: return try Value.arithmetic(.multiply, first, second)
        case .divide: return try Value.arithmetic(.divide, first, second)
        case .modulus: return try Value.modulus(first, second)
        case .power: return try Value.arithmetic(.power, first, second)
        case .bitwiseAnd: return try Value.arithmetic(.bitwiseAnd, first, second)
        case .bitwiseOr: return try Value.arithmetic(.bitwiseOr, first, second)
        case .bitwiseXor: return try Value.arithmetic(.bitwiseXor, first, second)
        case .leftShift: return try Value.arithmetic(.leftShift, first, second)
        case .rightShift: return try Value.arithmetic(.rightShift, first, second)
        case .uppercase:
            guard case .string(let string) = first else {
                throw EvaluationError(.typeMismatch, "Can't uppercase non-string")
            }
            return .string(string.uppercased())
        case .lowercase:
            guard case .string(let string) = first else {
                throw EvaluationError(.typeMismatch, "Can't lowercase non-string")
            }
            return .string(string.lowercased())
        case .length:
            guard case .string(let string) = first else {
                throw EvaluationError(.typeMismatch, "Can't apply length: to a non-string")
            }
            return .int(Int64(string.utf16.count))
        case .random:
            return .double(Self.unitRandom(environment))
        case .randomBelow:
            return try Self.randomBelow(first, environment)
        case .now:
            return .date(environment.now())
        case .noIndex:
            return first
        case .objectAtIndex:
            return try first.element(at: .value(second))
        case .cast:
            switch second {
            case .null: return first
            case .string(let type): return try first.cast(to: type)
            default: throw EvaluationError(.invalidCast, "Cannot cast to unknown class \"\(second.shortDescription)\"")
            }
        case .distanceToLocation:
            throw EvaluationError(.unsupported, "Can't calculate distance unless CLLocation is linked.")
        }
    }

    /// `doubleValue` of an NSNumber argument (booleans are 1 and 0).
    static func numberArgument(_ value: Value) throws(EvaluationError) -> Double {
        guard let double = value.doubleValue else {
            throw EvaluationError(.typeMismatch, "mathematical functions require NSNumber parameters")
        }
        return double
    }

    static func absoluteValue(_ value: Value) throws(EvaluationError) -> Value {
        guard value.isNumber else {
            throw EvaluationError(.typeMismatch, "mathematical functions require NSNumber parameters")
        }
        switch try Arithmetic.operand(value) {
        case .integer(let integer):
            // `llabs`: `abs(Int64.min)` wraps to itself, as every integer overflow does.
            return integer < 0 ? .int(0 &- integer) : value
        case .floating(let double):
            return .double(double.magnitude)
        }
    }

    static func unitRandom(_ environment: FunctionEnvironment) -> Double {
        let value = environment.random()
        guard value.isFinite, value > 0 else { return 0 }
        return value < 1 ? value : 1.0.nextDown
    }

    /// `randomn:` — an integer in `0..<|n|`; `n` must be a non-zero number.
    static func randomBelow(_ bound: Value, _ environment: FunctionEnvironment) throws(EvaluationError) -> Value {
        guard let limit = Arithmetic.integerValue(bound) else {
            throw EvaluationError(.typeMismatch, "randomn: requires a number, not \(bound.shortDescription)")
        }
        guard limit != 0 else { throw EvaluationError(.typeMismatch, "randomn: requires a non-zero bound") }
        let magnitude = Double(limit.magnitude)
        let drawn = (unitRandom(environment) * magnitude).rounded(.down)
        let result = Swift.min(Arithmetic.clampedInteger(drawn), Int64(clamping: limit.magnitude - 1))
        return .int(result)
    }
}
