// DifferentialRun: the comparison itself. For each predicate, the VM's answer on every row is the truth;
// the translation's answer is the rows the database returns for its SQL, kept or dropped by the residual
// predicate evaluated in process. A row on which the VM raises must not come back as a match. Any other
// difference is a failure, reported with the seed, the predicate, the SQL, its parameters, the residual
// and each differing row.

import Foundation
import PredicateLang

/// One predicate's outcome on one row.
public enum Outcome: Equatable, Sendable, CustomStringConvertible {
    case match, noMatch, raises

    public var description: String {
        switch self {
        case .match: "true"
        case .noMatch: "false"
        case .raises: "raises"
        }
    }
}

/// A predicate on which the translation and the VM disagree.
public struct Mismatch: CustomStringConvertible, Sendable {
    public var seed: UInt64
    public var index: Int
    public var predicate: GeneratedPredicate
    public var table: String?
    public var sql: String?
    public var parameters: [Value]
    public var residual: String?
    /// The rows that differ: id, the VM's outcome, the translation's, and the row.
    public var rows: [(id: Int64, vm: Outcome, translated: Outcome, row: String)]
    public var error: String?

    public var description: String {
        var lines = [
            "seed \(seed), predicate #\(index): \(predicate)",
            "  table: \(table ?? "(unqualified)")",
            "  sql: \(sql ?? "(none)")",
            "  parameters: " + parameters.map(\.predicateDescription).joined(separator: ", "),
            "  residual: \(residual ?? "(none)")",
        ]
        if let error { lines.append("  database error: \(error)") }
        for row in rows.prefix(8) {
            lines.append("  row \(row.id): VM \(row.vm), translated \(row.translated): \(row.row)")
        }
        if rows.count > 8 { lines.append("  … and \(rows.count - 8) more rows") }
        return lines.joined(separator: "\n")
    }
}

/// What a run compared and found.
public struct DifferentialReport: Sendable {
    public var dialect: SQLDialect
    public var seed: UInt64
    public var rows = 0
    public var generated = 0
    /// Predicates that compiled against the schema and were compared.
    public var compared = 0
    /// Row comparisons made (compared predicates × rows).
    public var rowComparisons = 0
    /// Predicates whose whole answer came from SQL.
    public var wholly = 0
    /// Predicates split into SQL and a residual.
    public var partly = 0
    /// Predicates of which nothing translated.
    public var none = 0
    /// Rows the database returned for the residual to recheck, over all predicates.
    public var recheckedRows = 0
    /// Why generated predicates did not compile against the schema (their first error), with how often.
    public var notCompiled: [String: Int] = [:]
    /// Why top-level terms were not translated, with how often.
    public var refusals: [String: Int] = [:]
    public var mismatches: [Mismatch] = []
    /// Residual texts that did not read back to the same answers as the residual tree.
    public var residualTextMismatches: [String] = []

    public var summary: String {
        var lines = [
            "\(dialect.displayName), seed \(seed): \(compared) predicates compared (of \(generated) generated) over "
                + "\(rows) rows = \(rowComparisons) row comparisons; wholly in SQL \(wholly), split \(partly), "
                + "not translated \(none); \(recheckedRows) returned rows rechecked in process; "
                + "\(mismatches.count) mismatches",
            "refused, by reason:",
        ]
        for (reason, count) in refusals.sorted(by: { $0.value > $1.value || $0.value == $1.value && $0.key < $1.key }) {
            lines.append("  \(count)\t\(reason)")
        }
        if !notCompiled.isEmpty { lines.append("not compiled (the VM's errors), by reason:") }
        for (reason, count) in notCompiled.sorted(by: { $0.value > $1.value || $0.value == $1.value && $0.key < $1.key }
        ) {
            lines.append("  \(count)\t\(reason)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Runs generated (or given) predicates against a database and the VM.
public struct DifferentialRun {
    public let database: any TestDatabase
    public let rows: [TestRow]
    public let seed: UInt64
    public private(set) var report: DifferentialReport

    /// Fills `database` with `rowCount` rows drawn from `seed`.
    public init(database: any TestDatabase, seed: UInt64, rowCount: Int) throws(DatabaseError) {
        self.database = database
        self.seed = seed
        var generator = RowGenerator(dialect: database.dialect, seed: seed)
        rows = generator.rows(rowCount)
        try database.load(rows)
        report = DifferentialReport(dialect: database.dialect, seed: seed)
        report.rows = rows.count
    }

    /// Compares `count` predicates drawn from the seed.
    public mutating func run(predicates count: Int, only: Set<Int>? = nil) {
        var generator = PredicateGenerator(seed: seed)
        for index in 0..<count {
            let predicate = generator.next()
            if only?.contains(index) ?? true { check(predicate, index: index) }
        }
    }

    /// Compares one predicate; the table name alternates so both qualified and plain columns are used.
    public mutating func check(_ predicate: GeneratedPredicate, index: Int) {
        report.generated += 1
        let schema = TestTable.schema
        let compiled = CompiledPredicate.compile(predicate.text, arguments: predicate.arguments, schema: schema)
        guard let program = compiled.predicate else {
            let error = compiled.diagnostics.first { $0.severity == .error }
            report.notCompiled[error?.text ?? "no error", default: 0] += 1
            return
        }
        report.compared += 1
        report.rowComparisons += rows.count
        let expected = rows.map { outcome(program, $0, predicate.variables) }
        let table = index % 2 == 0 ? TestTable.name : nil
        let translation = SQLTranslation(
            program, schema: schema, dialect: database.dialect, table: table, columnNames: TestTable.columnNames,
            variables: predicate.variables)
        for diagnostic in translation.diagnostics where diagnostic.id == "sql-not-translated" {
            report.refusals[Self.reason(diagnostic.text), default: 0] += 1
        }
        switch (translation.sql, translation.residual) {
        case (nil, _): report.none += 1
        case (_, nil): report.wholly += 1
        default: report.partly += 1
        }
        var mismatch = Mismatch(
            seed: seed, index: index, predicate: predicate, table: table, sql: translation.sql,
            parameters: translation.parameters, residual: translation.residualFormat, rows: [])
        var returned = Set(rows.map(\.id))
        if let sql = translation.sql {
            do throws(DatabaseError) {
                returned = Set(try database.ids(where: sql, parameters: translation.parameters))
            } catch {
                mismatch.error = error.message
                report.mismatches.append(mismatch)
                return
            }
        }
        if translation.residual != nil { report.recheckedRows += returned.count }
        let residualText = residualFromText(translation)
        for (row, vm) in zip(rows, expected) {
            var translated = Outcome.noMatch
            if returned.contains(row.id) {
                translated = translation.residualPredicate.map { outcome($0, row, predicate.variables) } ?? .match
                if let residualText, translation.residual != nil {
                    let again = outcome(residualText, row, predicate.variables)
                    if again != translated {
                        report.residualTextMismatches.append(
                            "\(predicate) | residual \(translation.residualFormat ?? ""): row \(row.id) tree \(translated), text \(again)"
                        )
                    }
                }
            }
            let agrees = vm == translated || (vm == .raises && translated == .noMatch)
            if !agrees {
                mismatch.rows.append((row.id, vm, translated, row.value.predicateDescription))
            }
        }
        if !mismatch.rows.isEmpty { report.mismatches.append(mismatch) }
    }

    private func outcome(_ predicate: CompiledPredicate, _ row: TestRow, _ variables: [String: Value]) -> Outcome {
        do {
            return try predicate.evaluate(with: row.value, variables: variables) ? .match : .noMatch
        } catch {
            return .raises
        }
    }

    /// The residual read back from its text and compiled against the schema.
    private func residualFromText(_ translation: SQLTranslation) -> CompiledPredicate? {
        guard let text = translation.residualFormat else { return nil }
        return CompiledPredicate.compile(text, schema: TestTable.schema).predicate
    }

    /// A refusal's reason without the parts that vary (quoted names).
    static func reason(_ text: String) -> String {
        var reason = text
        if let colon = reason.firstIndex(of: ":") { reason = String(reason[reason.index(after: colon)...]) }
        if let end = reason.range(of: "; this runs in process") { reason = String(reason[..<end.lowerBound]) }
        if let raises = reason.range(of: "raises in the VM: ") { reason = String(reason[..<raises.upperBound]) + "…" }
        if let raises = reason.range(of: "raises: ") { reason = String(reason[..<raises.upperBound]) + "…" }
        if let detail = reason.range(of: " ("), reason.hasSuffix(")") && reason.contains("differ from ICU") {
            reason = String(reason[..<detail.lowerBound])
        }
        return reason.trimmingCharacters(in: .whitespaces)
    }
}
