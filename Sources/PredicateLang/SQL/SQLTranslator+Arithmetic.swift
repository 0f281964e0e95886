// SQLTranslator, arithmetic: `+ - * /` and unary minus on integers and doubles. The VM wraps integer
// overflow, divides an integer by zero to 0 and raises on a nil or boolean operand; SQLite turns overflow
// into a REAL and division by zero into NULL, PostgreSQL raises on both, and on double overflow and
// underflow too. So an integer operation runs only where its operands cannot overflow (a range worked out
// from the constant operand, or a conservative one), a PostgreSQL double operation only on moderate
// magnitudes, and the result is NULL — undecided, rechecked in process — everywhere else, as it is where
// an operand is nil.

extension SQLTranslator {
    /// `lhs op rhs` as a computed scalar.
    mutating func arithmetic(
        _ op: ArithmeticOperator, _ lhs: SyntaxTree.Expression, _ rhs: SyntaxTree.Expression, _ range: SourceRange
    ) throws(SQLRefusal) -> SQLTerm {
        guard [.add, .subtract, .multiply, .divide].contains(op) else {
            throw SQLRefusal("'\(op.rawValue)' is not translated", at: range)
        }
        let left = try term(lhs)
        let right = try term(rhs)
        if case .constant(let a) = left, case .constant(let b) = right {
            do {
                return .constant(try Value.arithmetic(op, a, b))
            } catch {
                throw SQLRefusal("this arithmetic raises: \(error.message)", at: range)
            }
        }
        let a = try number(left, lhs.range)
        let b = try number(right, rhs.range)
        recheck("arithmetic on nil, or where SQL would overflow or divide by zero")
        var result =
            a.kind == .integer && b.kind == .integer
            ? integerArithmetic(op, a, b) : try doubleArithmetic(op, a, b, range)
        // A nil operand makes the VM raise.
        result.mayRaise = a.mayRaise || b.mayRaise
        return .scalar(result)
    }

    /// `-operand`.
    mutating func negation(_ operand: SyntaxTree.Expression, _ range: SourceRange) throws(SQLRefusal) -> SQLTerm {
        let inner = try term(operand)
        if case .constant(let value) = inner {
            do {
                return .constant(try value.negated())
            } catch {
                throw SQLRefusal("this negation raises: \(error.message)", at: range)
            }
        }
        let x = try number(inner, operand.range)
        recheck("arithmetic on nil, or where SQL would overflow or divide by zero")
        guard x.kind == .integer else {
            // SQLite negates a REAL as `0 - x`, which turns 0.0 into 0.0; `x * -1.0` gives -0.0, as the VM.
            let sql = dialect == .sqlite ? "(\(x.sql) * -1.0)" : "(-\(x.sql))"
            var negated = computed(sql, .double, unknown: x.nilCondition != nil || x.mayBeUnknown)
            negated.mayBeNaN = x.mayBeNaN
            negated.mayRaise = x.mayRaise
            return .scalar(negated)
        }
        // -Int64.min wraps to itself in the VM; SQL would overflow.
        let minimum = bind(.int(.min), as: .bigint)
        var negated = computed(
            "CASE WHEN \(x.sql) = \(minimum) THEN \(x.sql) ELSE -(\(x.sql)) END", .integer, unknown: x.mayRaise)
        negated.mayRaise = x.mayRaise
        return .scalar(negated)
    }

    /// An arithmetic operand.
    private struct Operand {
        var sql: String
        var kind: SQLScalar.Kind
        /// The value, when it is a constant.
        var constant: Value?
        var nilCondition: String?
        var mayBeUnknown: Bool
        var mayBeNaN = false
        /// Whether it comes from arithmetic that may raise.
        var raisesBelow = false

        /// Whether the VM may raise on it: it may be nil, or it comes from arithmetic that may raise.
        var mayRaise: Bool { nilCondition != nil || raisesBelow }
    }

    private mutating func number(_ term: SQLTerm, _ range: SourceRange) throws(SQLRefusal) -> Operand {
        switch term {
        case .constant(let value):
            switch value {
            case .int(let integer):
                return Operand(
                    sql: bind(.int(integer), as: .bigint), kind: .integer, constant: value, nilCondition: nil,
                    mayBeUnknown: false)
            case .double(let double):
                return Operand(
                    sql: bind(.double(double), as: .float8), kind: .double, constant: value, nilCondition: nil,
                    mayBeUnknown: false)
            default:
                throw SQLRefusal("arithmetic on a \(value.kindName) raises in the VM", at: range)
            }
        case .scalar(let scalar) where scalar.kind == .integer || scalar.kind == .double:
            return Operand(
                sql: scalar.sql, kind: scalar.kind, constant: nil, nilCondition: scalar.nilCondition,
                mayBeUnknown: scalar.mayBeUnknown, mayBeNaN: scalar.mayBeNaN, raisesBelow: scalar.mayRaise)
        case .scalar(let scalar):
            throw SQLRefusal("arithmetic on a \(scalar.kind) is not translated", at: range)
        default:
            throw SQLRefusal("arithmetic on a collection raises in the VM", at: range)
        }
    }

    private func computed(_ sql: String, _ kind: SQLScalar.Kind, unknown: Bool) -> SQLScalar {
        var scalar = SQLScalar(sql: sql, kind: kind, nilCondition: nil, mayBeUnknown: unknown)
        if kind == .double { scalar.negativeZero = .detectable }
        return scalar
    }

    // MARK: Integers

    private mutating func integerArithmetic(_ op: ArithmeticOperator, _ a: Operand, _ b: Operand) -> SQLScalar {
        let symbol = op.rawValue
        let plain = "(\(a.sql) \(symbol) \(b.sql))"
        var guards: [String] = []
        switch op {
        case .divide:
            return integerDivision(a, b)
        default:
            if case .int(let k) = b.constant {
                guards += range(of: a.sql, Self.safeRange(op, constant: k, onRight: true))
            } else if case .int(let k) = a.constant {
                guards += range(of: b.sql, Self.safeRange(op, constant: k, onRight: false))
            } else {
                let bound: Int64 = op == .multiply ? 3_037_000_499 : 4_611_686_018_427_387_903
                guards += ["\(a.sql) BETWEEN -\(bound) AND \(bound)", "\(b.sql) BETWEEN -\(bound) AND \(bound)"]
            }
        }
        let sql = guards.isEmpty ? plain : "CASE WHEN \(guards.joined(separator: " AND ")) THEN \(plain) END"
        return computed(sql, .integer, unknown: true)
    }

    /// `x` within `range` (nil: no value is safe).
    private func range(of x: String, _ range: ClosedRange<Int64>?) -> [String] {
        guard let range else { return ["FALSE"] }
        var tests: [String] = []
        if range.lowerBound > .min { tests.append("\(x) >= \(range.lowerBound)") }
        if range.upperBound < .max { tests.append("\(x) <= \(range.upperBound)") }
        return tests
    }

    /// The values of the other operand for which `x op k` (or `k op x`) does not overflow.
    static func safeRange(_ op: ArithmeticOperator, constant k: Int64, onRight: Bool) -> ClosedRange<Int64>? {
        switch (op, onRight) {
        case (.add, _):
            return k >= 0 ? Int64.min...(Int64.max - k) : (Int64.min - k)...Int64.max
        case (.subtract, true):
            // x - k
            return k >= 0 ? (Int64.min + k)...Int64.max : Int64.min...(Int64.max + k)
        case (.subtract, false):
            // k - x: fits when x lies in [k - max, k - min].
            let low = k >= -1 ? k - Int64.max : Int64.min
            let high = k >= 0 ? Int64.max : k - Int64.min
            return low <= high ? low...high : nil
        case (.multiply, _):
            if k == 0 { return Int64.min...Int64.max }
            if k == -1 { return (Int64.min + 1)...Int64.max }
            // x * k fits when x lies between min / k and max / k (in either order); Swift's division
            // truncates toward zero, which rounds each bound inward. For k = Int64.min that is 0...1.
            return k > 0 ? (Int64.min / k)...(Int64.max / k) : (Int64.max / k)...(Int64.min / k)
        default:
            return nil
        }
    }

    /// Integer division, truncating toward zero in the VM and both engines; by zero the VM answers 0, and
    /// `Int64.min / -1` wraps to `Int64.min`.
    private mutating func integerDivision(_ a: Operand, _ b: Operand) -> SQLScalar {
        if case .int(let k) = b.constant {
            if k == 0 { return computed("CASE WHEN \(a.sql) IS NOT NULL THEN 0 END", .integer, unknown: true) }
            if k == -1 {
                return computed(
                    "CASE WHEN \(a.sql) > \(Int64.min) THEN (\(a.sql) / \(b.sql)) END", .integer, unknown: true)
            }
            return computed("(\(a.sql) / \(b.sql))", .integer, unknown: a.nilCondition != nil || a.mayBeUnknown)
        }
        var numeratorIsMinimum = "FALSE"
        if a.constant == nil || a.constant == .int(.min) {
            numeratorIsMinimum = a.constant == nil ? "\(a.sql) = \(bind(.int(.min), as: .bigint))" : "TRUE"
        }
        let sql =
            "CASE WHEN \(a.sql) IS NOT NULL AND \(b.sql) = 0 THEN 0 WHEN \(numeratorIsMinimum) AND \(b.sql) = -1 THEN NULL ELSE (\(a.sql) / \(b.sql)) END"
        return computed(sql, .integer, unknown: true)
    }

    // MARK: Doubles

    private mutating func doubleArithmetic(
        _ op: ArithmeticOperator, _ a: Operand, _ b: Operand, _ range: SourceRange
    ) throws(SQLRefusal) -> SQLScalar {
        switch dialect {
        case .sqlite:
            // IEEE arithmetic as in the VM; a division by zero or a NaN result is NULL (undecided).
            let left = a.kind == .integer ? "CAST(\(a.sql) AS REAL)" : a.sql
            return computed("(\(left) \(op.rawValue) \(b.sql))", .double, unknown: true)
        case .postgres:
            var guards: [String] = []
            for operand in [a, b] {
                let value = "(\(operand.sql))::float8"
                if let constant = operand.constant?.doubleValue {
                    guard constant == 0 || (1e-150...1e150).contains(constant.magnitude) else {
                        throw SQLRefusal(
                            "PostgreSQL raises on overflow and underflow, and this constant is too large or too small",
                            at: range)
                    }
                } else {
                    guards.append("(\(value) = 0 OR abs(\(value)) BETWEEN 1e-150 AND 1e150)")
                }
            }
            if op == .divide {
                if b.constant?.doubleValue == 0 {
                    throw SQLRefusal("PostgreSQL raises on a division by zero", at: range)
                }
                if b.constant == nil { guards.append("(\(b.sql))::float8 <> 0") }
            }
            let plain = "((\(a.sql))::float8 \(op.rawValue) (\(b.sql))::float8)"
            let sql = guards.isEmpty ? plain : "CASE WHEN \(guards.joined(separator: " AND ")) THEN \(plain) END"
            return computed(sql, .double, unknown: true)
        }
    }
}
