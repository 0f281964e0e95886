// SQLTranslator: turns a checked predicate into SQL for one dialect. The predicate is constant-folded
// first (as the compiler does); each top-level AND term is then translated on its own: a term either
// becomes SQL (exact, or exact except on rows it leaves NULL for a recheck) or is refused with a reason
// and a range and stays in the residual predicate. Recursion follows the tree's nesting, which the
// parser bounds; a second bound here keeps a hand-built tree from going deeper.

/// Translates predicates into SQL conditions for one table.
struct SQLTranslator {
    let schema: Schema
    let dialect: SQLDialect
    /// The name the query gives the table (its name or alias), used to qualify columns; nil leaves them
    /// unqualified.
    let table: String?
    /// Column names that differ from the schema's field names.
    let columnNames: [String: String]
    /// Values of the `$variables` the predicate reads (bound as parameters).
    let variables: [String: Value]
    let limits: Limits

    /// Every parameter bound so far, and its type.
    var parameters: [Value] = []
    var parameterTypes: [SQLParameterType] = []
    /// Why the term being translated may leave rows undecided (NULL), in the order found.
    var rechecks: [String] = []
    /// SUBQUERY variables in scope, innermost last.
    var scopes: [(name: String, element: SQLElement)] = []
    /// The first unqualified column of the current term whose name a JSON array's rows also have.
    var capturedColumn: (name: String, range: SourceRange)?
    /// Whether the current term reads a JSON array through a subquery.
    var usesSubquery = false
    private var aliasCount = 0
    private var depth = 0
    private let maxDepth: Int

    init(
        schema: Schema, dialect: SQLDialect, table: String?, columnNames: [String: String],
        variables: [String: Value], limits: Limits
    ) {
        self.schema = schema
        self.dialect = dialect
        self.table = table
        self.columnNames = columnNames
        self.variables = variables
        self.limits = limits
        maxDepth = max(64, limits.maxNestingDepth * 2)
    }

    // MARK: Parameters and names

    /// Binds `value` as a parameter and answers a marker for its placeholder. The markers are numbered
    /// in ``finalize(_:)``, once the SQL is complete: conditions folded away leave parameters unused, and
    /// PostgreSQL refuses a parameter the statement does not use.
    mutating func bind(_ value: Value, as type: SQLParameterType) -> String {
        parameters.append(value)
        parameterTypes.append(type)
        return "\(Self.marker)\(parameters.count)\(Self.marker)"
    }

    /// Brackets a parameter's number in the SQL being built; no identifier or key may hold it.
    static let marker: Unicode.Scalar = "\u{FFFF}"

    /// `sql` with each marker replaced by its placeholder (`?1`, `$1::bigint`), numbered in order of
    /// first use, and the parameters it uses in that order.
    func finalize(_ sql: String) -> (sql: String, parameters: [Value]) {
        var output = String.UnicodeScalarView()
        var numbers: [Int: Int] = [:]
        var used: [Value] = []
        var scalars = sql.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == Self.marker else {
                output.append(scalar)
                continue
            }
            var digits = ""
            while let digit = scalars.next(), digit != Self.marker { digits.unicodeScalars.append(digit) }
            guard let index = Int(digits), index >= 1, index <= parameters.count else { continue }
            let number: Int
            if let known = numbers[index] {
                number = known
            } else {
                used.append(parameters[index - 1])
                number = used.count
                numbers[index] = number
            }
            output.append(contentsOf: dialect.placeholder(number, parameterTypes[index - 1]).unicodeScalars)
        }
        return (String(output), used)
    }

    /// A fresh alias for the rows of a JSON array (`j1`, `j2`, … in SQLite; `e1`, … in PostgreSQL).
    mutating func nextAlias() -> String {
        aliasCount += 1
        return (dialect == .sqlite ? "j" : "e") + String(aliasCount)
    }

    /// Notes that the current term leaves some rows undecided, and why.
    mutating func recheck(_ reason: String) {
        if !rechecks.contains(reason) { rechecks.append(reason) }
    }

    /// Counts one level of nesting; throws past the bound.
    mutating func enter(_ range: SourceRange) throws(SQLRefusal) {
        depth += 1
        if depth > maxDepth { throw SQLRefusal("the predicate is nested too deeply", at: range) }
    }

    mutating func leave() { depth -= 1 }

    // MARK: Predicates

    /// The SQL condition of `predicate`.
    mutating func translate(_ predicate: SyntaxTree.Predicate) throws(SQLRefusal) -> SQLCondition {
        try enter(predicate.range)
        defer { leave() }
        switch predicate {
        case .constant(let value, _):
            return .constant(value)
        case .comparison(let comparison):
            return try translate(comparison)
        case .and(let operands, _):
            var conditions: [SQLCondition] = []
            for operand in operands { conditions.append(try translate(operand)) }
            return .all(conditions)
        case .or(let operands, _):
            var conditions: [SQLCondition] = []
            for operand in operands { conditions.append(try translate(operand)) }
            return .any(conditions)
        case .not(let operand, _):
            return try translate(operand).negated
        }
    }
}
