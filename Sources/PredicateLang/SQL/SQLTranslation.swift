// SQLTranslation: the public face of the SQL translator. A predicate checked against a schema becomes a
// SQL boolean expression for a WHERE clause, its parameters, and the residual predicate — the top-level
// AND terms SQL does not decide — to run in process on the rows that come back. The article "Running
// predicates in a database" describes the mapping and the rules.

/// A predicate translated to SQL: what the database decides, and what is left to run in process.
///
/// ```swift
/// let translation = SQLTranslation.translate(
///     "country == 'NZ' AND total > 100 AND ANY tags BEGINSWITH[c] 'gift'", schema: orders, dialect: .sqlite)
/// // translation.sql: the WHERE condition, with ?1, ?2 … for translation.parameters
/// // translation.residualPredicate: evaluate it on each row that comes back (nil when SQL decides all)
/// ```
///
/// Every constant and format argument is a bound parameter; no value is ever spliced into the text.
/// What cannot be translated exactly is never approximated: it stays in ``residual``, and
/// ``diagnostics`` says which part and why.
public struct SQLTranslation: Sendable {
    /// The dialect of ``sql``.
    public var dialect: SQLDialect
    /// The condition for a WHERE clause, or nil when no part of the predicate translates (or the
    /// predicate has errors). Parameters are `?1`, `?2` … in SQLite and `$1::type`, `$2::type` … in
    /// PostgreSQL.
    public var sql: String?
    /// The values of the parameters, in order: integers, doubles, strings (dates are their column text)
    /// and, in PostgreSQL, booleans.
    public var parameters: [Value]
    /// The top-level AND terms the database does not decide on every row, to evaluate in process on the
    /// rows ``sql`` returns; nil when the SQL is the whole answer.
    public var residual: SyntaxTree.Predicate?
    /// The residual predicate compiled against the schema, ready to evaluate on each returned row.
    public var residualPredicate: CompiledPredicate?
    /// Errors from checking the predicate against the schema, and warnings that say which parts were
    /// not translated (`sql-not-translated`) or are rechecked in process on some rows (`sql-rechecked`).
    public var diagnostics: [Diagnostic]
    /// The predicate's text, which the diagnostics' ranges point into.
    public var source: SourceText

    /// The residual predicate as a format string, or nil. Unlike the canonical format, its constants
    /// read back as the same kinds (booleans `YES`/`NO`, doubles with `.0`), so the text evaluates as
    /// ``residualPredicate`` does.
    public var residualFormat: String? { residual?.exactFormat }

    /// Parses `text`, checks it against `schema` and translates it for `dialect`.
    ///
    /// - Parameters:
    ///   - text: The predicate, in NSPredicate's format-string syntax.
    ///   - arguments: Values for `%@`, `%K`, `%d` … in `text`; they become parameters.
    ///   - schema: The schema of one table row: each top-level field is a column.
    ///   - dialect: The database the SQL is for.
    ///   - table: The table's name or alias in the query, to qualify columns (`"orders"."total"`). Needed
    ///     only when a column shares a name with a column of SQLite's `json_each`.
    ///   - columnNames: Column names that differ from the top-level field names.
    ///   - variables: Values of the `$variables` the predicate reads; they become parameters.
    ///   - sourceName: The name diagnostics give the predicate's text.
    ///   - limits: The parser's and compiler's limits.
    public static func translate(
        _ text: String, arguments: [Value] = [], schema: Schema, dialect: SQLDialect, table: String? = nil,
        columnNames: [String: String] = [:], variables: [String: Value] = [:], sourceName: String = "<input>",
        limits: Limits = .default
    ) -> SQLTranslation {
        let parsed = SyntaxTree.parse(text, arguments: arguments, sourceName: sourceName, limits: limits)
        guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else {
            return SQLTranslation(
                dialect: dialect, sql: nil, parameters: [], residual: nil, residualPredicate: nil,
                diagnostics: parsed.diagnostics, source: parsed.source)
        }
        var translation = SQLTranslation(
            tree, source: parsed.source, schema: schema, dialect: dialect, table: table, columnNames: columnNames,
            variables: variables, limits: limits)
        translation.diagnostics = parsed.diagnostics.followed(by: translation.diagnostics)
        return translation
    }

    /// Translates a compiled predicate for `dialect`, after checking it against `schema` (a predicate
    /// compiled without the schema is checked here, before any SQL is made).
    public init(
        _ predicate: CompiledPredicate, schema: Schema, dialect: SQLDialect, table: String? = nil,
        columnNames: [String: String] = [:], variables: [String: Value] = [:]
    ) {
        self.init(
            predicate.tree, source: predicate.source, schema: schema, dialect: dialect, table: table,
            columnNames: columnNames, variables: variables, limits: predicate.limits)
    }

    private init(
        dialect: SQLDialect, sql: String?, parameters: [Value], residual: SyntaxTree.Predicate?,
        residualPredicate: CompiledPredicate?, diagnostics: [Diagnostic], source: SourceText
    ) {
        self.dialect = dialect
        self.sql = sql
        self.parameters = parameters
        self.residual = residual
        self.residualPredicate = residualPredicate
        self.diagnostics = diagnostics
        self.source = source
    }

    init(
        _ tree: SyntaxTree.Predicate, source: SourceText, schema: Schema, dialect: SQLDialect, table: String?,
        columnNames: [String: String], variables: [String: Value], limits: Limits
    ) {
        self.init(
            dialect: dialect, sql: nil, parameters: [], residual: nil, residualPredicate: nil, diagnostics: [],
            source: source)
        diagnostics = schema.diagnostics(for: tree, limits: limits)
        guard !diagnostics.hasErrors else { return }
        var translator = SQLTranslator(
            schema: schema, dialect: dialect, table: table, columnNames: columnNames, variables: variables,
            limits: limits)
        let folded = tree.folded(limits: limits)
        let terms: [SyntaxTree.Predicate]
        if case .and(let operands, _) = folded { terms = operands } else { terms = [folded] }
        var pushed: [String] = []
        var residualTerms: [SyntaxTree.Predicate] = []
        for term in terms {
            switch translator.translateTerm(term) {
            case .success(let condition):
                switch condition.form {
                case .constant(true):
                    break
                case .constant(false):
                    pushed.append(dialect.literal(false))
                case .sql(let sql) where !condition.mayBeUnknown:
                    pushed.append(sql)
                case .sql(let sql):
                    pushed.append("(\(sql)) IS NOT FALSE")
                    residualTerms.append(term)
                    diagnostics.append(.warning(.rechecked(dialect, translator.rechecks), at: term.range))
                }
            case .failure(let refusal):
                residualTerms.append(term)
                diagnostics.append(.warning(.notTranslatedToSQL(dialect, refusal.reason), at: refusal.range))
            }
        }
        if !pushed.isEmpty {
            (sql, parameters) = translator.finalize(pushed.joined(separator: " AND "))
        } else if residualTerms.isEmpty {
            sql = dialect.literal(true)
        }
        guard !residualTerms.isEmpty else { return }
        let residualTree = residualTerms.count == 1 ? residualTerms[0] : .and(residualTerms, folded.range)
        residual = residualTree
        residualPredicate =
            CompiledPredicate.compile(residualTree, source: source, symbols: nil, schema: schema, limits: limits)
            .predicate
    }
}

extension SQLTranslator {
    /// Translates one top-level term; a refusal leaves no parameters behind.
    mutating func translateTerm(_ term: SyntaxTree.Predicate) -> Result<SQLCondition, SQLRefusal> {
        let parameterCount = parameters.count
        rechecks = []
        capturedColumn = nil
        usesSubquery = false
        do throws(SQLRefusal) {
            let condition = try translate(term)
            if usesSubquery, let (name, range) = capturedColumn {
                throw SQLRefusal(
                    "the column '\(name)' would be read from a JSON array's rows inside a subquery; give the table's name",
                    at: range)
            }
            return .success(condition)
        } catch {
            parameters.removeSubrange(parameterCount...)
            parameterTypes.removeSubrange(parameterCount...)
            return .failure(error)
        }
    }
}
