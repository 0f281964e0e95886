// The SQL translator's diagnostics catalogue: a part of the predicate left to run in process, and a part
// pushed down that leaves some rows for the process to check again. Ids never collide with the parser's,
// the compiler's or the schema checker's.

extension DiagnosticMessage {
    /// A top-level term that stays in the residual predicate, and why.
    public static func notTranslatedToSQL(_ dialect: SQLDialect, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "sql-not-translated", text: "not translated to \(dialect.displayName): \(reason); this runs in process")
    }

    /// A top-level term pushed down that SQL leaves undecided on some rows, which the residual predicate
    /// checks again.
    public static func rechecked(_ dialect: SQLDialect, _ reasons: [String]) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "sql-rechecked",
            text: "translated to \(dialect.displayName) except for rows with "
                + reasons.joined(separator: ", ") + ", which are checked again in process")
    }

    /// A predicate of which no part could be translated.
    public static func nothingTranslatedToSQL(_ dialect: SQLDialect) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "sql-nothing-translated", text: "no part of the predicate translates to \(dialect.displayName)")
    }
}
