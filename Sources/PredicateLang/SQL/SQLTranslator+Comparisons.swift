// SQLTranslator, comparisons: each operator with NSPredicate's nil rules around the SQL that compares
// two non-nil values. `==`, `!=` and the orderings go to the numeric, string and date kernels; BETWEEN is
// two orderings after the bounds are swapped as the VM swaps them; IN and CONTAINS are a membership in a
// constant list, a substring search or an EXISTS over a JSON array. Comparisons between constants are
// answered here with the VM's own semantics.

extension SQLTranslator {
    /// The SQL condition of one comparison, `ANY`/`ALL` included.
    mutating func translate(_ comparison: SyntaxTree.Comparison) throws(SQLRefusal) -> SQLCondition {
        guard comparison.modifier != .direct else {
            let lhs = try term(comparison.lhs)
            let rhs = try term(comparison.rhs)
            return try compare(lhs, comparison.op, comparison.options, rhs, comparison)
        }
        guard case .collection(let collection) = try term(comparison.lhs) else {
            throw SQLRefusal(
                "\(comparison.modifier == .any ? "ANY" : "ALL") needs an array or a set the schema describes",
                at: comparison.lhs.range)
        }
        let rows = try iterate(collection)
        let element = try term(of: rows.element, comparison.lhs.range)
        let rhs = try term(comparison.rhs)
        let condition = try compare(element, comparison.op, comparison.options, rhs, comparison)
        return quantified(comparison.modifier, rows, condition)
    }

    /// `lhs op[options] rhs` for two translated operands.
    mutating func compare(
        _ lhs: SQLTerm, _ op: ComparisonOperator, _ options: ComparisonOptions, _ rhs: SQLTerm,
        _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        if case .constant(let left) = lhs, case .constant(let right) = rhs {
            do {
                return .constant(try Value.compare(left, op, right, options: options, limits: limits))
            } catch {
                throw SQLRefusal("this comparison raises: \(error.message)", at: comparison.range)
            }
        }
        switch op {
        case .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return try ordering(lhs, op, options, rhs, comparison)
        case .between:
            return try between(lhs, rhs, comparison)
        case .in:
            return try contains(rhs, lhs, options, comparison)
        case .contains:
            return try contains(lhs, rhs, options, comparison)
        case .beginsWith, .endsWith:
            return try substring(lhs, rhs, op == .beginsWith ? .prefix : .suffix, options, comparison)
        case .like:
            return try like(lhs, rhs, options, comparison)
        case .matches:
            return try matches(lhs, rhs, options, comparison)
        case .utiConformsTo, .utiEquals:
            throw SQLRefusal("\(op.rawValue) needs Apple's type database", at: comparison.operatorRange)
        }
    }

    // MARK: Equality and ordering

    private mutating func ordering(
        _ lhs: SQLTerm, _ op: ComparisonOperator, _ options: ComparisonOptions, _ rhs: SQLTerm,
        _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        switch (lhs, rhs) {
        case (_, .constant(.null)):
            return try comparedWithNil(lhs, op, comparison)
        case (.constant(.null), _):
            return try comparedWithNil(rhs, op, comparison)
        case (.scalar(let x), .constant(let value)):
            return try ordering(x, op, options, value, comparison)
        case (.constant(let value), .scalar(let x)):
            return try ordering(x, op.mirrored, options, value, comparison)
        case (.scalar(let a), .scalar(let b)):
            let core = try ordering(a, op, options, b, comparison)
            return withNilRules(core, a, b, bothNil: op.holdsForTwoNils, oneNil: op == .notEqualTo)
        default:
            throw SQLRefusal("comparing collections or objects is not translated", at: comparison.range)
        }
    }

    /// `x op value` for a non-nil constant.
    private mutating func ordering(
        _ x: SQLScalar, _ op: ComparisonOperator, _ options: ComparisonOptions, _ value: Value,
        _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        let core: SQLCondition
        switch (x.kind, value) {
        case (.integer, _) where value.isNumber, (.double, _) where value.isNumber, (.boolean, _) where value.isNumber:
            core = try numericCore(x, op, value, comparison)
        case (.string, .string(let text)):
            core = try stringCore(x, op, options, text, comparison)
        case (.date, .date(let date)):
            core = try dateCore(x, op, date, comparison)
        default:
            guard op == .equalTo || op == .notEqualTo else {
                throw SQLRefusal(
                    "ordering a \(x.kind) against a \(value.kindName) raises in the VM", at: comparison.range)
            }
            if case .array = value {
                throw SQLRefusal("comparing with a collection is not translated", at: comparison.range)
            }
            if case .set = value {
                throw SQLRefusal("comparing with a collection is not translated", at: comparison.range)
            }
            // Values of different kinds are never equal.
            core = .constant(op == .notEqualTo)
        }
        return withNilRules(core, x, nilAnswer: op == .notEqualTo)
    }

    /// `a op b` for two non-nil scalars.
    private mutating func ordering(
        _ a: SQLScalar, _ op: ComparisonOperator, _ options: ComparisonOptions, _ b: SQLScalar,
        _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        let symbol = op.sqlSymbol
        switch (a.kind, b.kind) {
        case (.string, .string):
            return try stringCore(a, op, options, b, comparison)
        case (.date, .date):
            return .exact("\(a.sql) \(symbol) \(b.sql)")
        case (.integer, .integer), (.boolean, .boolean), (.integer, .boolean), (.boolean, .integer):
            return .exact("\(numeric(a)) \(symbol) \(numeric(b))")
        case (.double, .integer), (.integer, .double), (.double, .double), (.double, .boolean), (.boolean, .double):
            try checkDoublePair(a, b, comparison)
            return .exact("\(numeric(a)) \(symbol) \(numeric(b))")
        default:
            guard op == .equalTo || op == .notEqualTo else {
                throw SQLRefusal("ordering a \(a.kind) against a \(b.kind) raises in the VM", at: comparison.range)
            }
            return .constant(op == .notEqualTo)
        }
    }

    /// A boolean as a number where the dialect keeps them apart (PostgreSQL).
    private func numeric(_ x: SQLScalar) -> String {
        x.kind == .boolean && dialect == .postgres ? "(\(x.sql))::int" : x.sql
    }

    /// Two values, one a double, compared in SQL: exact only where neither can be `-0.0` or NaN (the VM
    /// orders them; SQL does not) and, in PostgreSQL, where both are doubles (it compares an integer
    /// with a double after rounding the integer).
    private func checkDoublePair(_ a: SQLScalar, _ b: SQLScalar, _ comparison: SyntaxTree.Comparison) throws(SQLRefusal)
    {
        for x in [a, b] where x.negativeZero != .absent || x.mayBeNaN {
            throw SQLRefusal(
                "comparing two doubles that may be -0.0 or NaN, which \(dialect.displayName) orders differently",
                at: comparison.range)
        }
        if dialect == .postgres && a.kind != b.kind {
            throw SQLRefusal(
                "PostgreSQL compares an integer with a double after rounding the integer", at: comparison.range)
        }
    }

    /// `x op nil`: two nils are `==`, `<=` and `>=`; one nil is only `!=`.
    private func comparedWithNil(
        _ x: SQLTerm, _ op: ComparisonOperator, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        let isNil: SQLCondition
        var unknownIfNull: String?
        switch x {
        case .scalar(let scalar):
            isNil = scalar.nilCondition.map(SQLCondition.exact) ?? .alwaysFalse
            if scalar.mayBeUnknown { unknownIfNull = scalar.sql }
        case .collection(let collection):
            isNil = collection.json.nilCondition.map(SQLCondition.exact) ?? .alwaysFalse
        case .json(let json):
            isNil = json.nilCondition.map(SQLCondition.exact) ?? .alwaysFalse
        case .constant:
            throw SQLRefusal("internal: a constant compared with nil", at: comparison.range)
        }
        let result: SQLCondition
        switch op {
        case .equalTo, .lessThanOrEqualTo, .greaterThanOrEqualTo: result = isNil
        case .notEqualTo:
            if case .scalar(let scalar) = x, let test = scalar.nilCondition {
                result = .exact(Self.negate(test, of: scalar))
            } else {
                result = isNil.negated
            }
        default: result = .alwaysFalse
        }
        guard let unknownIfNull else { return result }
        // A computed value that is NULL without being nil could not be computed (the VM raises there).
        var branches: [(when: String, then: SQLCondition)] = []
        if case .sql(let test) = isNil.form { branches.append((test, .constant(op.holdsForTwoNils))) }
        branches.append(("\(unknownIfNull) IS NULL", .unknownable("NULL")))
        let notNil = SQLCondition.constant(op == .notEqualTo)
        let raises: Bool
        if case .scalar(let scalar) = x { raises = scalar.mayRaise } else { raises = false }
        return .cases(branches, otherwise: notNil, dialect: dialect).raising(raises)
    }

    // MARK: Nil rules

    /// `core` (the comparison of `x` with a non-nil constant) with the answer for a nil `x`.
    func withNilRules(_ core: SQLCondition, _ x: SQLScalar, nilAnswer: Bool) -> SQLCondition {
        let core = undecidedWhereUnknown(core, [x])
        guard let isNil = x.nilCondition else { return core }
        if x.nullIsNil {
            // The nil test first: the VM answers for nil before it compares (and before anything raises).
            if nilAnswer { return .any([.exact(isNil), core]) }
            return .all([.exact(Self.negate(isNil, of: x)), core])
        }
        return .cases([(isNil, .constant(nilAnswer))], otherwise: core, dialect: dialect)
    }

    /// `core` (the comparison of two non-nil values) with the answers where one or both are nil.
    func withNilRules(_ core: SQLCondition, _ a: SQLScalar, _ b: SQLScalar, bothNil: Bool, oneNil: Bool)
        -> SQLCondition
    {
        let core = undecidedWhereUnknown(core, [a, b])
        var branches: [(when: String, then: SQLCondition)] = []
        switch (a.nilCondition, b.nilCondition) {
        case (nil, nil):
            return core
        case (let one?, nil), (nil, let one?):
            branches.append((one, .constant(oneNil)))
        case (let left?, let right?):
            if bothNil != oneNil { branches.append(("\(left) AND \(right)", .constant(bothNil))) }
            branches.append(("\(left) OR \(right)", .constant(oneNil)))
        }
        return .cases(branches, otherwise: core, dialect: dialect)
    }

    /// `core`, made NULL (undecided) where an operand that may be NULL without being nil is NULL. A
    /// core in SQL is NULL there already (every core is NULL when an operand is); a constant is not.
    func undecidedWhereUnknown(_ core: SQLCondition, _ operands: [SQLScalar]) -> SQLCondition {
        let unknown = operands.filter(\.mayBeUnknown)
        guard !unknown.isEmpty else { return core }
        let mayRaise = unknown.contains(where: \.mayRaise)
        guard case .constant = core.form else {
            return SQLCondition(form: core.form, mayBeUnknown: true, mayRaise: mayRaise || core.mayRaise)
        }
        let test = unknown.map { "\($0.sql) IS NULL" }.joined(separator: " OR ")
        return .cases([(test, .unknownable("NULL"))], otherwise: core, dialect: dialect).raising(mayRaise)
    }

    /// `NOT isNil`, written `x IS NOT NULL` when the nil test is `x IS NULL`.
    static func negate(_ isNil: String, of x: SQLScalar) -> String {
        isNil == "\(x.sql) IS NULL" ? "\(x.sql) IS NOT NULL" : "NOT (\(isNil))"
    }

    // MARK: BETWEEN and membership

    /// `x BETWEEN {lower, upper}` with constant bounds: swapped when descending, false with a nil.
    private mutating func between(
        _ x: SQLTerm, _ bounds: SQLTerm, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        guard case .constant(.array(let pair)) = bounds, pair.count == 2 else {
            throw SQLRefusal("BETWEEN is translated with two constant bounds", at: comparison.rhs.range)
        }
        var (lower, upper) = (pair[0], pair[1])
        if lower.isNull || upper.isNull { return .alwaysFalse }
        do {
            if let order = try Value.ordering(lower, upper, options: []), order > 0 { swap(&lower, &upper) }
        } catch {
            throw SQLRefusal("these bounds raise: \(error.message)", at: comparison.rhs.range)
        }
        let from = try compare(x, .greaterThanOrEqualTo, [], .constant(lower), comparison)
        let to = try compare(x, .lessThanOrEqualTo, [], .constant(upper), comparison)
        return .all([from, to])
    }

    /// `element IN container` (`container CONTAINS element`).
    private mutating func contains(
        _ container: SQLTerm, _ element: SQLTerm, _ options: ComparisonOptions, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        if case .constant(.null) = element { return .alwaysFalse }
        switch container {
        case .constant(.null):
            return .alwaysFalse
        case .constant(.string):
            return try substring(container, element, .anywhere, options, comparison)
        case .constant(let value):
            guard let values = value.collectionElements else {
                throw SQLRefusal("IN a \(value.kindName) is not translated", at: comparison.range)
            }
            guard case .scalar(let x) = element else {
                throw SQLRefusal("looking for a collection in a collection is not translated", at: comparison.range)
            }
            return withNilRules(try membershipCore(x, values, comparison), x, nilAnswer: false)
        case .scalar(let text) where text.kind == .string:
            return try substring(container, element, .anywhere, options, comparison)
        case .scalar(let x):
            throw SQLRefusal("IN a \(x.kind) raises in the VM", at: comparison.range)
        case .collection(let collection):
            return try membership(element, in: collection, comparison)
        case .json:
            throw SQLRefusal("IN a dictionary or an object is not translated", at: comparison.range)
        }
    }

    /// `x` equal to one of `values` (options do not apply to collections; nil elements never match).
    private mutating func membershipCore(
        _ x: SQLScalar, _ values: [Value], _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        var alternatives: [SQLCondition] = []
        var plain: [Value] = []
        for value in values where !value.isNull {
            switch (x.kind, value) {
            case (.string, .string):
                plain.append(value)
            case (.integer, _) where value.isNumber:
                if let equal = Self.integerEquality(value) { plain.append(.int(equal)) }
            default:
                if case .array = value { continue }
                if case .set = value { continue }
                if case .dictionary = value { continue }
                let equal = try ordering(x, .equalTo, [], value, comparison)
                alternatives.append(equal)
            }
        }
        if !plain.isEmpty {
            if dialect == .postgres, x.kind == .string,
                plain.contains(where: { $0.stringValue?.contains("\0") == true })
            {
                plain.removeAll { $0.stringValue?.contains("\0") == true }
            }
            let type: SQLParameterType = x.kind == .string ? .text : .bigint
            let placeholders = plain.map { bind($0, as: type) }
            if !placeholders.isEmpty {
                alternatives.append(.exact("\(x.sql) IN (\(placeholders.joined(separator: ", ")))"))
            }
        }
        return .any(alternatives)
    }
}

extension ComparisonOperator {
    /// The operator with its operands swapped (`a < b` is `b > a`).
    var mirrored: ComparisonOperator {
        switch self {
        case .lessThan: .greaterThan
        case .lessThanOrEqualTo: .greaterThanOrEqualTo
        case .greaterThan: .lessThan
        case .greaterThanOrEqualTo: .lessThanOrEqualTo
        default: self
        }
    }

    /// Whether the operator holds between two nils (`==`, `<=`, `>=`).
    var holdsForTwoNils: Bool { self == .equalTo || self == .lessThanOrEqualTo || self == .greaterThanOrEqualTo }

    /// The SQL spelling of an equality or ordering operator.
    var sqlSymbol: String {
        switch self {
        case .equalTo: "="
        case .notEqualTo: "<>"
        case .lessThan: "<"
        case .lessThanOrEqualTo: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqualTo: ">="
        default: rawValue
        }
    }
}
