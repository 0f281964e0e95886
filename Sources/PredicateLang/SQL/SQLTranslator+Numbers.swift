// SQLTranslator, numbers: `x op constant` with the VM's number order (CFNumberCompare: integers and
// doubles compared exactly, a NaN equal to a NaN and between -0.0 and 0, -0.0 below 0). The constant is
// known, so the answer is worked out here with the VM's own order and handed to SQL as comparisons that
// both engines do exactly: an integer against integer thresholds found by bisection, a boolean by its two
// values, a double against doubles, with the zeros and NaN the database may hold decided case by case.

extension SQLTranslator {
    /// `x op value` for a non-nil `x` and a number (or boolean) `value`.
    mutating func numericCore(
        _ x: SQLScalar, _ op: ComparisonOperator, _ value: Value, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        switch x.kind {
        case .integer: return integerCore(x.sql, op, value)
        case .boolean: return booleanCore(x.sql, op, value)
        case .double: return doubleCore(x, op, value)
        case .string, .date: throw SQLRefusal("a \(x.kind) is not a number", at: comparison.range)
        }
    }

    // MARK: Integers

    /// An integer `x` against any number: the integers for which the VM's answer holds form a range.
    private mutating func integerCore(_ x: String, _ op: ComparisonOperator, _ value: Value) -> SQLCondition {
        let order = { (candidate: Int64) in Value.numericOrder(.int(candidate), value) ?? 0 }
        let notBelow = Self.firstInteger { order($0) >= 0 }
        let above = Self.firstInteger { order($0) > 0 }
        switch op {
        case .lessThan: return below(x, notBelow)
        case .lessThanOrEqualTo: return below(x, above)
        case .greaterThan: return atLeast(x, above)
        case .greaterThanOrEqualTo: return atLeast(x, notBelow)
        case .equalTo, .notEqualTo:
            guard let equal = Self.integerEquality(value) else { return .constant(op == .notEqualTo) }
            return .exact("\(x) \(op.sqlSymbol) \(bind(.int(equal), as: .bigint))")
        default:
            return .alwaysFalse
        }
    }

    /// `x < threshold`; no threshold means every integer is below.
    private mutating func below(_ x: String, _ threshold: Int64?) -> SQLCondition {
        guard let threshold else { return .alwaysTrue }
        if threshold == .min { return .alwaysFalse }
        return .exact("\(x) < \(bind(.int(threshold), as: .bigint))")
    }

    /// `x >= threshold`; no threshold means no integer is that large.
    private mutating func atLeast(_ x: String, _ threshold: Int64?) -> SQLCondition {
        guard let threshold else { return .alwaysFalse }
        if threshold == .min { return .alwaysTrue }
        return .exact("\(x) >= \(bind(.int(threshold), as: .bigint))")
    }

    /// The integer equal to `value` in the VM's order, if there is one.
    static func integerEquality(_ value: Value) -> Int64? {
        guard let candidate = firstInteger(where: { (Value.numericOrder(.int($0), value) ?? 0) >= 0 }) else {
            return nil
        }
        return Value.numericOrder(.int(candidate), value) == 0 ? candidate : nil
    }

    /// The smallest `Int64` for which `holds` is true, for a `holds` that is false and then true as its
    /// argument grows; nil when it never holds. Bisection over the 2^64 integers: 64 steps.
    static func firstInteger(where holds: (Int64) -> Bool) -> Int64? {
        func integer(_ offset: UInt64) -> Int64 { Int64(bitPattern: offset ^ (1 << 63)) }
        guard holds(.max) else { return nil }
        if holds(.min) { return .min }
        var low: UInt64 = 0
        var high = UInt64.max
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if holds(integer(middle)) { high = middle } else { low = middle }
        }
        return integer(high)
    }

    // MARK: Booleans

    /// A boolean `x`: the VM's answers for false (0) and true (1) say which values pass.
    private func booleanCore(_ x: String, _ op: ComparisonOperator, _ value: Value) -> SQLCondition {
        let forFalse = (try? Value.compare(.bool(false), op, value, options: [])) ?? false
        let forTrue = (try? Value.compare(.bool(true), op, value, options: [])) ?? false
        switch (forFalse, forTrue) {
        case (false, false): return .alwaysFalse
        case (true, true): return .alwaysTrue
        case (false, true): return .exact(dialect == .sqlite ? "\(x) = 1" : x)
        case (true, false): return .exact(dialect == .sqlite ? "\(x) = 0" : "NOT \(x)")
        }
    }

    // MARK: Doubles

    /// What a double `x` that is neither zero nor NaN must satisfy.
    private enum RegularDoubles {
        case constant(Bool)
        /// `x op bound` in IEEE arithmetic (the bound is neither NaN nor -0.0).
        case compare(String, Double)

        /// The answer SQL gives for `x = 0` (either zero).
        var atZero: Bool {
            switch self {
            case .constant(let value): return value
            case .compare(let op, let bound):
                switch op {
                case "<": return 0 < bound
                case "<=": return 0 <= bound
                case ">": return 0 > bound
                case ">=": return 0 >= bound
                case "=": return 0 == bound
                default: return 0 != bound
                }
            }
        }
    }

    /// A double `x` against any number. For a double that is neither zero nor NaN the VM's order is
    /// IEEE's, exact for an integer constant that a double holds exactly and otherwise a comparison with
    /// its neighbouring doubles; zeros and NaN get the VM's answers in their own CASE branches.
    private mutating func doubleCore(_ x: SQLScalar, _ op: ComparisonOperator, _ value: Value) -> SQLCondition {
        func vm(_ double: Double) -> Bool { (try? Value.compare(.double(double), op, value, options: [])) ?? false }
        let regular = Self.regularDoubles(op, value)
        var branches: [(when: String, then: SQLCondition)] = []
        let (negative, positive, sqlZero) = (vm(-0.0), vm(0.0), regular.atZero)
        if positive != sqlZero || (x.negativeZero != .absent && negative != sqlZero) {
            let isZero = "\(x.sql) = 0"
            if x.negativeZero == .absent || negative == positive {
                branches.append((isZero, .constant(positive)))
            } else if x.negativeZero == .detectable {
                branches.append((isZero, .exact("atan2(\(x.sql), -1) \(negative ? "<" : ">") 0")))
            } else {
                recheck("a zero whose sign SQL does not keep")
                branches.append((isZero, .unknownable("NULL")))
            }
        }
        var otherwise: SQLCondition
        switch regular {
        case .constant(let answer): otherwise = .constant(answer)
        case .compare(let symbol, let bound):
            otherwise = .exact("\(x.sql) \(symbol) \(bind(.double(bound), as: .float8))")
        }
        if x.mayBeNaN {
            // PostgreSQL sorts NaN above every number and equal to itself; the VM between -0.0 and 0.
            otherwise =
                vm(.nan)
                ? .any([otherwise, .exact("\(x.sql) = 'NaN'::float8")])
                : .all([otherwise, .exact("\(x.sql) <> 'NaN'::float8")])
        }
        return branches.isEmpty ? otherwise : .cases(branches, otherwise: otherwise, dialect: dialect)
    }

    /// The VM's answer for doubles that are neither zero nor NaN, as one IEEE comparison (or a constant).
    private static func regularDoubles(_ op: ComparisonOperator, _ value: Value) -> RegularDoubles {
        let holdsBelow = op.holds(order: -1)
        let holdsAbove = op.holds(order: 1)
        switch value {
        case .double(let bound) where bound.isNaN:
            // Such a double is above NaN when positive, below when negative.
            switch (holdsBelow, holdsAbove) {
            case (true, true): return .constant(true)
            case (false, false): return .constant(false)
            case (true, false): return .compare("<", 0)
            case (false, true): return .compare(">", 0)
            }
        case .double(let bound):
            return .compare(op.sqlSymbol, bound == 0 ? 0 : bound)
        default:
            let integer: Int64
            switch value {
            case .int(let number): integer = number
            case .bool(let flag): integer = flag ? 1 : 0
            default: return .constant(false)
            }
            let nearest = Double(integer)
            if Int64(exactly: nearest) == integer { return .compare(op.sqlSymbol, nearest) }
            // No double equals it: compare with the doubles on either side.
            let isBelowNearest = Value.numericOrder(.int(integer), .double(nearest)) == -1
            let lower = isBelowNearest ? nearest.nextDown : nearest
            let upper = isBelowNearest ? nearest : nearest.nextUp
            switch op {
            case .lessThan, .lessThanOrEqualTo: return .compare("<=", lower)
            case .greaterThan, .greaterThanOrEqualTo: return .compare(">=", upper)
            case .notEqualTo: return .constant(true)
            default: return .constant(false)
            }
        }
    }
}
