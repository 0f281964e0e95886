// SQLTranslator, operands: what each kind of expression becomes. Constants (literals, format arguments,
// bound `$variables`) stay values until a comparison binds them; key paths become columns, JSON reads or
// collections (SQLTranslator+KeyPaths); arithmetic has its own file. Everything else — functions,
// FUNCTION, subscripts, set operations, TERNARY, CAST, assignments, ANYKEY, a SUBQUERY without `@count` —
// is refused with its range.

extension SQLTranslator {
    /// What `expression` becomes in SQL.
    mutating func term(_ expression: SyntaxTree.Expression) throws(SQLRefusal) -> SQLTerm {
        try enter(expression.range)
        defer { leave() }
        switch expression {
        case .constant(let value, _):
            return .constant(value)
        case .variable(let name, let range):
            return try variable(name, components: [], range)
        case .evaluatedObject(let range):
            throw SQLRefusal("SELF, the whole row, has no SQL value", at: range)
        case .keyPath(let base, let components, let range):
            return try keyPath(base, components, range)
        case .arithmetic(let op, let lhs, let rhs, let range):
            return try arithmetic(op, lhs, rhs, range)
        case .negate(let operand, let range):
            return try negation(operand, range)
        case .aggregate(_, let range):
            throw SQLRefusal("a collection literal with values that are not constants is not translated", at: range)
        case .function(let selector, _, let range):
            throw SQLRefusal("the function '\(selector)' is not translated", at: range)
        case .customFunction(_, _, _, let range):
            throw SQLRefusal("FUNCTION is not translated", at: range)
        case .index(_, _, let range):
            throw SQLRefusal("subscripts are not translated", at: range)
        case .setOperation(let op, _, _, let range):
            throw SQLRefusal("\(op.rawValue) is not translated", at: range)
        case .subquery(_, _, _, let range):
            throw SQLRefusal("SUBQUERY is translated only as SUBQUERY(…).@count", at: range)
        case .ternary(_, _, _, let range):
            throw SQLRefusal("TERNARY is not translated", at: range)
        case .cast(_, _, let range):
            throw SQLRefusal("CAST of a value that is not constant is not translated", at: range)
        case .assignment(_, _, let range):
            throw SQLRefusal("assignments are not translated", at: range)
        case .anyKey(let range):
            throw SQLRefusal("ANYKEY is not translated", at: range)
        }
    }

    /// `$name` followed by `components`: a SUBQUERY variable (an element of the array being iterated) or
    /// a variable given a value for the translation (a constant).
    mutating func variable(
        _ name: String, components: [SyntaxTree.KeyPathComponent], _ range: SourceRange
    ) throws(SQLRefusal) -> SQLTerm {
        if let element = scopes.last(where: { $0.name == name })?.element {
            return try walk(.json(element.place, element.type), components[...], range)
        }
        guard let value = variables[name] else {
            throw SQLRefusal("the variable $\(name) has no value for the translation", at: range)
        }
        guard !components.isEmpty else { return .constant(value) }
        do {
            return .constant(try value.value(forKeyPath: components.map(\.name)))
        } catch {
            throw SQLRefusal("reading the key path of $\(name) raises: \(error.message)", at: range)
        }
    }

    /// The SQL name of the column of top-level field `field`, qualified with the table's name when there
    /// is one.
    mutating func column(_ field: String, at range: SourceRange) throws(SQLRefusal) -> String {
        let name = columnNames[field] ?? field
        for text in [name, table ?? ""] where text.unicodeScalars.contains(where: { $0 == "\0" || $0 == Self.marker }) {
            throw SQLRefusal("a table or column name cannot hold a NUL or U+FFFF", at: range)
        }
        if let table { return SQLDialect.quoteIdentifier(table) + "." + SQLDialect.quoteIdentifier(name) }
        if capturedColumn == nil && isCapturable(name) { capturedColumn = (name, range) }
        return SQLDialect.quoteIdentifier(name)
    }

    /// Whether an unqualified column called `name` would be read from a JSON array's rows inside a
    /// subquery instead of from the table (SQLite's `json_each` has columns `key`, `value`, `type` …).
    private func isCapturable(_ name: String) -> Bool {
        let lowered = name.lowercased()
        switch dialect {
        case .sqlite:
            let eachColumns: Set = ["key", "value", "type", "atom", "id", "parent", "fullkey", "path", "json", "root"]
            return eachColumns.contains(lowered) || Self.isAlias(lowered, prefix: "j")
        case .postgres:
            return Self.isAlias(name, prefix: "e")
        }
    }

    private static func isAlias(_ name: String, prefix: Character) -> Bool {
        name.first == prefix && name.count > 1 && name.dropFirst().allSatisfy(\.isASCIIDigit)
    }

    /// The SQL scalar kind of a schema type, or nil when it is not a scalar.
    static func scalarKind(_ type: SchemaType) -> SQLScalar.Kind? {
        switch type.nonOptional {
        case .boolean: .boolean
        case .integer: .integer
        case .double: .double
        case .string: .string
        case .date: .date
        case .array, .set, .dictionary, .object, .any, .optional: nil
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
