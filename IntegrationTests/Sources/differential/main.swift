// differential: runs the differential suite by hand, to reproduce a failure or to try many seeds.
//   swift run --package-path IntegrationTests differential [sqlite|postgres] [--seed N] [--predicates N]
//       [--rows N] [--predicate TEXT [--arg JSON]...] [--show]
// With --predicate, only that predicate is compared (and, with --show, its SQL printed). PostgreSQL needs
// the environment scripts/with-postgres.sh sets.

import Differential
import Foundation
import PredicateLang

let arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let dialect = arguments.first.flatMap(SQLDialect.init(rawValue:)) ?? .sqlite
let seed = option("--seed").flatMap(UInt64.init) ?? 1
let predicateCount = option("--predicates").flatMap(Int.init) ?? 2000
let rowCount = option("--rows").flatMap(Int.init) ?? 200

do throws(DatabaseError) {
    let database: any TestDatabase
    switch dialect {
    case .sqlite: database = try SQLiteDatabase()
    case .postgres:
        guard let postgres = try PostgresDatabase() else {
            print("differential: PGHOST is not set; run under scripts/with-postgres.sh")
            exit(64)
        }
        database = postgres
    }
    var run = try DifferentialRun(database: database, seed: seed, rowCount: rowCount)
    if let text = option("--predicate") {
        let predicateArguments = arguments.indices.filter { arguments[$0] == "--arg" && $0 + 1 < arguments.count }
            .compactMap { try? TypedJSON.parse(arguments[$0 + 1]) }
        let predicate = GeneratedPredicate(text, arguments: predicateArguments)
        if arguments.contains("--show") {
            let translation = SQLTranslation.translate(
                text, arguments: predicateArguments, schema: TestTable.schema, dialect: dialect,
                columnNames: TestTable.columnNames)
            print(translation.sql ?? "(no SQL)")
            print(translation.parameters.map(\.predicateDescription))
            print(translation.residualFormat ?? "(no residual)")
            print(DiagnosticRenderer(source: translation.source).render(translation.diagnostics))
        }
        if let rowText = option("--row"), let id = Int64(rowText), let row = run.rows.first(where: { $0.id == id }) {
            print("row \(id): \(row.value.predicateDescription)")
            for schema in [Optional(TestTable.schema), nil] {
                let compiled =
                    schema.map {
                        CompiledPredicate.compile(text, arguments: predicateArguments, schema: $0)
                    } ?? CompiledPredicate.compile(text, arguments: predicateArguments)
                do {
                    print(
                        schema == nil ? "VM without schema:" : "VM with schema:",
                        try compiled.predicate?.evaluate(with: row.value) as Any)
                } catch {
                    print(schema == nil ? "VM without schema:" : "VM with schema:", error)
                }
            }
        }
        run.check(predicate, index: arguments.contains("--table") ? 0 : 1)
    } else {
        let only = option("--only").map { Set($0.split(separator: ",").compactMap { Int($0) }) }
        run.run(predicates: predicateCount, only: only)
    }
    print(run.report.summary)
    for mismatch in run.report.mismatches.prefix(20) { print(mismatch) }
    for text in run.report.residualTextMismatches.prefix(10) { print("residual text: " + text) }
    exit(run.report.mismatches.isEmpty ? 0 : 1)
} catch {
    print("differential: \(error)")
    exit(70)
}
