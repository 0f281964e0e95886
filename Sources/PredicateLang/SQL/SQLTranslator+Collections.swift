// SQLTranslator, collections: JSON arrays read row by row through a subquery (SQLite `json_each`,
// PostgreSQL `jsonb_array_elements`). `ANY` is an EXISTS, `ALL` a NOT EXISTS of the negation, both lifted
// so that an undecided element leaves the whole quantifier undecided instead of silently false; `x IN
// column` looks for an equal element; `SUBQUERY(…).@count` counts the elements its predicate holds for.
// A nil collection has no rows: `ANY` is false, `ALL` true, a SUBQUERY count 0, as in the VM.

extension SQLTranslator {
    /// The rows of a JSON array, ready for a subquery.
    struct Iteration {
        /// `json_each(…) AS j1` / `jsonb_array_elements(…) AS e1`.
        var from: String
        var element: SQLElement
        /// Conditions every element must meet to count (a key path over a set drops nil results).
        var filter: [String]
    }

    /// The rows of `collection` with its key path applied to each element.
    mutating func iterate(_ collection: SQLCollection) throws(SQLRefusal) -> Iteration {
        guard let type = collection.mappedType else {
            throw SQLRefusal("the key path below the elements is not translated", at: collection.range)
        }
        usesSubquery = true
        let alias = nextAlias()
        let array = collection.json.sql
        let from: String
        let base: String
        switch dialect {
        case .sqlite:
            from = "json_each(\(array)) AS \(alias)"
            base = alias + ".value"
        case .postgres:
            let guarded =
                collection.json.mayBeJSONNull ? "CASE WHEN jsonb_typeof(\(array)) = 'array' THEN \(array) END" : array
            from = "jsonb_array_elements(\(guarded)) AS \(alias)"
            base = alias
        }
        let place = SQLJSONPlace(base: base, path: collection.mapping, isColumn: false)
        var filter: [String] = []
        if collection.isSet && !collection.mapping.isEmpty {
            // `-[NSSet valueForKey:]` leaves out the elements that answer nil.
            filter.append("NOT (\(place.isNil(dialect)))")
        }
        return Iteration(from: from, element: SQLElement(place: place, type: type), filter: filter)
    }

    /// The term for the current element of an iteration.
    mutating func term(of element: SQLElement, _ range: SourceRange) throws(SQLRefusal) -> SQLTerm {
        try walk(.json(element.place, element.type), [], range)
    }

    /// `EXISTS (SELECT 1 FROM from WHERE conditions…)`.
    func exists(_ from: String, _ conditions: [String]) -> String {
        let clause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return "EXISTS (SELECT 1 FROM \(from)\(clause))"
    }

    /// `ANY` (some element) or `ALL` (every element) of `condition` over an iteration's elements, in
    /// Kleene logic: an undecided element makes the answer undecided unless another element decides it.
    func quantified(_ modifier: ComparisonModifier, _ rows: Iteration, _ condition: SQLCondition) -> SQLCondition {
        let isAll = modifier == .all
        switch condition.form {
        case .constant(let value):
            if value == !isAll { return .exact((isAll ? "NOT " : "") + exists(rows.from, rows.filter)) }
            return .constant(isAll)
        case .sql(let sql) where condition.mayRaise:
            // An error on any element stops the VM, whatever the other elements say.
            let failing = exists(rows.from, rows.filter + ["(\(sql)) IS NULL"])
            let decided =
                isAll
                ? "NOT " + exists(rows.from, rows.filter + ["NOT (\(sql))"]) : exists(rows.from, rows.filter + [sql])
            return SQLCondition(
                form: .sql("CASE WHEN \(failing) THEN NULL ELSE \(decided) END"), mayBeUnknown: true, mayRaise: true)
        case .sql(let sql) where !condition.mayBeUnknown:
            if isAll { return .exact("NOT " + exists(rows.from, rows.filter + ["NOT (\(sql))"])) }
            return .exact(exists(rows.from, rows.filter + [sql]))
        case .sql(let sql):
            let deciding = exists(rows.from, rows.filter + ["(\(sql)) IS \(isAll ? "FALSE" : "TRUE")"])
            let undecided = exists(rows.from, rows.filter + ["(\(sql)) IS NULL"])
            return .unknownable(
                "CASE WHEN \(deciding) THEN \(dialect.literal(!isAll)) WHEN \(undecided) THEN NULL ELSE \(dialect.literal(isAll)) END"
            )
        }
    }

    /// `SUBQUERY(collection, $variable, predicate).@count`: never nil (a nil collection counts 0).
    mutating func subqueryCount(
        _ collectionExpression: SyntaxTree.Expression, _ variable: String, _ predicate: SyntaxTree.Predicate,
        _ range: SourceRange
    ) throws(SQLRefusal) -> SQLScalar {
        guard case .collection(let collection) = try term(collectionExpression) else {
            throw SQLRefusal("SUBQUERY needs an array or a set the schema describes", at: collectionExpression.range)
        }
        if collection.isSet && !collection.mapping.isEmpty {
            throw SQLRefusal(
                "a key path over a set removes duplicates, which SQL does not reproduce", at: collectionExpression.range
            )
        }
        let rows = try iterate(collection)
        scopes.append((variable, rows.element))
        defer { scopes.removeLast() }
        let condition = try translate(predicate)
        let count: String
        switch condition.form {
        case .constant(false):
            count = "0"
        case .constant(true):
            count = "(SELECT count(*) FROM \(rows.from)\(where: rows.filter))"
        case .sql(let sql):
            let counted = "(SELECT count(*) FROM \(rows.from)\(where: rows.filter + [sql]))"
            count =
                condition.mayBeUnknown
                ? "CASE WHEN \(exists(rows.from, rows.filter + ["(\(sql)) IS NULL"])) THEN NULL ELSE \(counted) END"
                : counted
        }
        var scalar = SQLScalar(sql: count, kind: .integer, nilCondition: nil, mayBeUnknown: condition.mayBeUnknown)
        scalar.mayRaise = condition.mayRaise
        return scalar
    }

    /// `element IN collection` (`collection CONTAINS element`): an element equal to it; false when either
    /// is nil.
    mutating func membership(
        _ element: SQLTerm, in collection: SQLCollection, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        if collection.isSet && !collection.mapping.isEmpty {
            throw SQLRefusal(
                "a key path over a set removes duplicates, which SQL does not reproduce", at: collection.range)
        }
        let rows = try iterate(collection)
        let candidate = try term(of: rows.element, collection.range)
        let equal = try compare(candidate, .equalTo, [], element, comparison)
        let found = quantified(.any, rows, equal)
        switch element {
        case .constant(let value):
            return value.isNull ? .alwaysFalse : found
        case .scalar(let scalar):
            guard let isNil = scalar.nilCondition else { return found }
            return .all([SQLCondition.exact("NOT (\(isNil))"), found])
        case .collection, .json:
            throw SQLRefusal("looking for a collection in a collection is not translated", at: comparison.range)
        }
    }
}

extension String.StringInterpolation {
    /// ` WHERE a AND b`, or nothing for no conditions.
    mutating func appendInterpolation(where conditions: [String]) {
        if !conditions.isEmpty { appendLiteral(" WHERE " + conditions.joined(separator: " AND ")) }
    }
}
