// `predc sql`: a predicate translated to a SQL condition for SQLite or PostgreSQL, checked first against
// the table's JSON Schema. Prints one JSON object — the SQL, its parameters and the residual predicate to
// run in process on the rows it returns — and, on standard error, a diagnostic with a caret for each part
// that is not translated or is rechecked in process. Exits 65 when no part translates.

import PredicateLang

/// `predc sql --dialect sqlite|postgres --schema FILE [PREDICATE | -f FILE | -] [options]`
enum SQLCommand: Command {
    static let name = "sql"

    static let options: [OptionSpec] = [
        .value("dialect"), .value("schema"), .value("table"), .value("column", repeatable: true),
        .value("arg", repeatable: true), .value("var", repeatable: true), PredicateInput.fileOption,
    ]

    static let help = HelpText(
        summary: "Translate a predicate into a SQL condition for SQLite or PostgreSQL.",
        usage: [
            "sql --dialect sqlite|postgres --schema FILE [PREDICATE | -f FILE | -] [--table NAME]"
                + " [--column FIELD=COLUMN]... [--arg JSON]... [--var NAME=JSON]..."
        ],
        examples: [
            "sql --dialect sqlite --schema orders.schema.json 'total > 100 AND ANY tags == \"gift\"'",
            "sql --dialect postgres --schema orders.schema.json 'customer.name BEGINSWITH[c] %@' --arg '\"jo\"'",
            "sql --dialect postgres --schema orders.schema.json 'createdAt > $since' --var 'since={\"$date\": \"2024-01-01T00:00:00Z\"}'",
        ],
        options: PredicateInput.fileHelp + [
            ("--dialect NAME", "sqlite or postgres."),
            ("--schema FILE", "The JSON Schema of a row: each top-level property is a column;"),
            ("", "objects, arrays and sets are JSON (TEXT in SQLite, jsonb in"),
            ("", "PostgreSQL); dates are TEXT 'YYYY-MM-DDTHH:MM:SS.sssZ' (UTC) in"),
            ("", "SQLite, timestamptz in PostgreSQL. FILE#/POINTER picks one schema"),
            ("", "of a file."),
            ("--table NAME", "The table's name or alias in the query, to qualify columns."),
            ("--column FIELD=COLUMN", "The column of a top-level field, when its name differs (repeatable)."),
            ("--arg JSON", "A format argument for %@ %K %d %f ..., in order (repeatable)."),
            ("--var NAME=JSON", "The value of $NAME (repeatable)."),
        ],
        discussion: [
            PredicateInput.discussion,
            """
            The output is one JSON object: {"sql": "...", "parameters": [...], "residual": null}. "sql" is
            a condition for a WHERE clause; its parameters are ?1, ?2 ... (SQLite) or $1, $2 ...
            (PostgreSQL), every constant and argument among them. "residual" is the part of the predicate
            the database does not decide on every row, or null; evaluate it on each row the query returns
            (predc filter does). Each part that stays in the residual is a warning with a caret on
            standard error; when no part translates, nothing is printed on standard output and the
            exit status is 65.
            """,
        ],
        exitStatuses: [
            (.success, "translated, wholly or in part"),
            (.usage, "usage error"),
            (.dataError, "the predicate does not compile, --schema finds errors, or no part translates"),
            (.noInput, "an input file cannot be opened"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            do throws(UsageError) { try arguments.requireAtMost(1) } catch { throw .usage(error) }
            guard let dialectName = arguments.value("dialect") else {
                throw .usage(UsageError("missing '--dialect sqlite|postgres'"))
            }
            guard let dialect = SQLDialect(rawValue: dialectName) else {
                throw .usage(UsageError("invalid value '\(dialectName)' for '--dialect'; expected sqlite or postgres"))
            }
            guard arguments.value("schema") != nil else { throw .usage(UsageError("missing '--schema FILE'")) }
            let columns = try columnNames(arguments)
            let formatArguments = try ValueArguments.arguments(arguments)
            let variables = try ValueArguments.variables(arguments)
            guard let schema = try SchemaFile.load(arguments, variables: variables, in: context) else {
                throw .usage(UsageError("missing '--schema FILE'"))
            }
            let input = try PredicateInput.resolve(
                arguments.positionals.first, arguments, readsStandardInputWhenAbsent: false, in: context)
            let translation = SQLTranslation.translate(
                input.text, arguments: formatArguments, schema: schema, dialect: dialect,
                table: arguments.value("table"), columnNames: columns, variables: variables, sourceName: input.name)
            let output = DiagnosticOutput(source: translation.source, context: context)
            output.print(translation.diagnostics)
            if translation.diagnostics.hasErrors {
                input.noteIfFileName(command: name, in: context)
                throw .reported(.dataError)
            }
            guard let sql = translation.sql else {
                output.print([
                    .error(
                        .nothingTranslatedToSQL(dialect),
                        at: SourceRange(0, translation.source.text.utf8.count))
                ])
                throw .reported(.dataError)
            }
            var json = JSONObjectWriter()
            json.string("sql", sql)
            json.raw("parameters", JSONText.array(translation.parameters.map(parameter)))
            json.raw("residual", translation.residualFormat.map(JSONText.quote) ?? "null")
            context.stdout.line(json.result)
            return .success
        } catch {
            return try error.report(name, in: context)
        }
    }

    /// The `--column FIELD=COLUMN` pairs.
    private static func columnNames(_ arguments: ParsedArguments) throws(CommandFailure) -> [String: String] {
        var columns: [String: String] = [:]
        for pair in arguments.all("column") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex,
                equals != pair.index(before: pair.endIndex)
            else { throw .usage(UsageError("expected FIELD=COLUMN for '--column', got '\(pair)'")) }
            columns[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return columns
    }

    /// A parameter as JSON: a number, a string or a boolean; a double JSON cannot write (an infinity)
    /// as the text SQL reads it.
    private static func parameter(_ value: Value) -> String {
        if case .double(let double) = value, !double.isFinite {
            return JSONText.quote(double.isNaN ? "NaN" : (double < 0 ? "-Infinity" : "Infinity"))
        }
        return TypedJSON.serialize(value)
    }
}
