// SQLTranslator, collection operators: `@count` is the JSON array's length; `@sum` and `@avg` of integers
// add exactly in SQL, under a guard that no partial sum can overflow (the VM then switches to doubles,
// which SQL would not); `@min` and `@max` are SQL's min and max, for strings only when every element is
// ASCII. A nil collection gives nil, an empty one 0 for `@sum` and 0.0 for `@avg`, as in the VM.

extension SQLTranslator {
    /// `collection.@operator.rest` as a scalar.
    mutating func aggregate(
        _ collection: SQLCollection, _ component: SyntaxTree.KeyPathComponent,
        rest: ArraySlice<SyntaxTree.KeyPathComponent>, _ range: SourceRange
    ) throws(SQLRefusal) -> SQLScalar {
        if collection.isSet && !collection.mapping.isEmpty {
            throw SQLRefusal(
                "a key path over a set removes duplicates, which SQL does not reproduce", at: collection.range)
        }
        switch component.name {
        case "@count":
            return count(collection)
        case "@sum", "@avg", "@min", "@max":
            break
        default:
            throw SQLRefusal("'\(component.name)' is not translated", at: component.range)
        }
        var values = collection
        for key in rest where key.name != "self" && key.name != "SELF" {
            guard !KeyValueCoding.isOperatorKey(key.name) else {
                throw SQLRefusal("an operator after '\(component.name)' is not translated", at: key.range)
            }
            guard case .object(let object)? = values.mappedType?.nonOptional, object.field(named: key.name) != nil
            else { throw SQLRefusal("the key path after '\(component.name)' is not translated", at: key.range) }
            try checkKey(key.name, key.range)
            values.mapping.append(key.name)
        }
        guard !rest.isEmpty else {
            throw SQLRefusal(
                "'\(component.name)' needs a key path on its right (the VM raises without one)", at: component.range)
        }
        let rows = try iterate(values)
        guard case .scalar(let value) = try term(of: rows.element, range) else {
            throw SQLRefusal(
                "'\(component.name)' of values that are not numbers, strings or dates", at: component.range)
        }
        if component.name == "@sum" || component.name == "@avg" {
            return try sum(of: value, rows, collection, average: component.name == "@avg", component.range)
        }
        return try extreme(of: value, rows, isMax: component.name == "@max", component.range)
    }

    /// `@count`: the array's length, nil for a nil collection.
    private func count(_ collection: SQLCollection) -> SQLScalar {
        let array = collection.json.sql
        let length: String
        switch dialect {
        case .sqlite:
            length = "json_array_length(\(array))"
        case .postgres:
            length =
                collection.json.mayBeJSONNull
                ? "jsonb_array_length(CASE WHEN jsonb_typeof(\(array)) = 'array' THEN \(array) END)"
                : "jsonb_array_length(\(array))"
        }
        return SQLScalar.nullable(length, .integer, isOptional: collection.json.nilCondition != nil)
    }

    /// `@sum` (an integer) or `@avg` (a double) of integers.
    private mutating func sum(
        of value: SQLScalar, _ rows: Iteration, _ collection: SQLCollection, average: Bool, _ range: SourceRange
    ) throws(SQLRefusal) -> SQLScalar {
        guard value.kind == .integer else {
            throw SQLRefusal(
                value.kind == .double
                    ? "a sum of doubles depends on the order and the method of addition, which SQL does not fix"
                    : "'\(average ? "@avg" : "@sum")' is translated for integers only", at: range)
        }
        recheck("a sum that could overflow 64-bit integers")
        let v = value.sql
        let from = rows.from + "\(where: rows.filter)"
        let isSafe: String
        let result: String
        switch dialect {
        case .sqlite:
            isSafe = "(SELECT total(abs(CAST(\(v) AS REAL))) FROM \(from)) <= 9.0e18"
            result =
                average
                ? "(SELECT CASE WHEN count(*) = 0 THEN 0.0 ELSE CAST(coalesce(sum(\(v)), 0) AS REAL) / count(*) END FROM \(from))"
                : "(SELECT coalesce(sum(\(v)), 0) FROM \(from))"
        case .postgres:
            isSafe = "(SELECT coalesce(sum(abs((\(v))::numeric)), 0) FROM \(from)) < 9223372036854775808"
            result =
                average
                ? "(SELECT CASE WHEN count(*) = 0 THEN 0.0::float8 ELSE coalesce(sum(\(v)), 0)::float8 / count(*)::float8 END FROM \(from))"
                : "(SELECT coalesce(sum(\(v)), 0)::bigint FROM \(from))"
        }
        let isNil = collection.json.nilCondition
        let sql =
            isNil.map { "CASE WHEN \($0) THEN NULL WHEN \(isSafe) THEN \(result) END" }
            ?? "CASE WHEN \(isSafe) THEN \(result) END"
        return SQLScalar(sql: sql, kind: average ? .double : .integer, nilCondition: isNil, mayBeUnknown: true)
    }

    /// `@min` / `@max`: the smallest or largest non-nil value; nil when there is none.
    private mutating func extreme(
        of value: SQLScalar, _ rows: Iteration, isMax: Bool, _ range: SourceRange
    ) throws(SQLRefusal) -> SQLScalar {
        let function = isMax ? "max" : "min"
        let from = rows.from + "\(where: rows.filter)"
        switch value.kind {
        case .boolean:
            throw SQLRefusal("'@\(function)' of booleans is not translated", at: range)
        case .integer, .date:
            return SQLScalar.nullable("(SELECT \(function)(\(value.sql)) FROM \(from))", value.kind, isOptional: true)
        case .double:
            var scalar = SQLScalar.nullable(
                "(SELECT \(function)(\(value.sql)) FROM \(from))", .double, isOptional: true)
            // min/max may hand back either of `0.0` and `-0.0`, which the VM orders.
            scalar.negativeZero = value.negativeZero == .absent ? .absent : .unreliable
            return scalar
        case .string:
            recheck("text that is not ASCII")
            let nonASCII = exists(rows.from, rows.filter + ["NOT (\(dialect.isASCII(value.sql)))"])
            let extreme = "(SELECT \(function)(\(dialect.bytewise(value.sql))) FROM \(from))"
            return SQLScalar(
                sql: "CASE WHEN \(nonASCII) THEN NULL ELSE \(extreme) END", kind: .string,
                nilCondition: "NOT " + exists(rows.from, rows.filter + ["\(value.sql) IS NOT NULL"]),
                mayBeUnknown: true)
        }
    }
}
