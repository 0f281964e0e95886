// The differential suite: thousands of seeded random predicates, and a table of hostile and regression
// cases, translated for SQLite and PostgreSQL and run in both; every row's answer must be the VM's.
// DIFFERENTIAL_SEED, DIFFERENTIAL_PREDICATES and DIFFERENTIAL_ROWS change the run; PostgreSQL needs the
// environment scripts/with-postgres.sh sets (DIFFERENTIAL_REQUIRE_POSTGRES=1 makes its absence a failure).

import Differential
import Foundation
import PredicateLang
import Testing

/// The run's settings, from the environment.
enum Settings {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 20_240_517
    static let predicates = environment["DIFFERENTIAL_PREDICATES"].flatMap(Int.init) ?? 3_000
    static let rows = environment["DIFFERENTIAL_ROWS"].flatMap(Int.init) ?? 250
    static let hasPostgres = environment["PGHOST"]?.hasPrefix("/") ?? false
    static let requiresPostgres = environment["DIFFERENTIAL_REQUIRE_POSTGRES"] == "1"
}

/// The databases this run can reach.
func database(_ dialect: SQLDialect) throws -> (any TestDatabase)? {
    switch dialect {
    case .sqlite: return try SQLiteDatabase()
    case .postgres: return try PostgresDatabase()
    }
}

/// Records every mismatch of `report` as a test issue.
func expectNoMismatch(_ report: DifferentialReport) {
    print(report.summary)
    for mismatch in report.mismatches.prefix(10) {
        Issue.record("\(mismatch)")
    }
    // The residual's text (what predc sql prints) must read back to the same answers.
    for text in report.residualTextMismatches.prefix(5) {
        Issue.record("residual text: \(text)")
    }
}

@Suite("SQL translation against real databases")
struct DifferentialTests {
    @Test("seeded random predicates give the VM's answers", arguments: SQLDialect.allCases)
    func randomPredicates(_ dialect: SQLDialect) throws {
        guard let database = try database(dialect) else {
            if Settings.requiresPostgres { Issue.record("PGHOST is not set; run under scripts/with-postgres.sh") }
            return
        }
        var run = try DifferentialRun(database: database, seed: Settings.seed, rowCount: Settings.rows)
        run.run(predicates: Settings.predicates)
        #expect(run.report.compared > Settings.predicates * 8 / 10)
        #expect(run.report.wholly > 0 && run.report.partly > 0 && run.report.none > 0)
        expectNoMismatch(run.report)
    }

    @Test("hostile strings are parameters and match literally", arguments: SQLDialect.allCases)
    func hostileStrings(_ dialect: SQLDialect) throws {
        guard let database = try database(dialect) else { return }
        var run = try DifferentialRun(database: database, seed: Settings.seed, rowCount: Settings.rows)
        for (index, predicate) in HostileCases.all.enumerated() { run.check(predicate, index: index) }
        #expect(run.report.compared == HostileCases.all.count)
        expectNoMismatch(run.report)
    }

    @Test("cases that once disagreed", arguments: SQLDialect.allCases)
    func regressions(_ dialect: SQLDialect) throws {
        guard let database = try database(dialect) else { return }
        var run = try DifferentialRun(database: database, seed: Settings.seed, rowCount: Settings.rows)
        for (index, predicate) in RegressionCases.all.enumerated() {
            let compiled = CompiledPredicate.compile(
                predicate.text, arguments: predicate.arguments, schema: TestTable.schema)
            if compiled.predicate == nil {
                Issue.record("\(predicate) does not compile: \(compiled.diagnostics.map(\.text))")
            }
            run.check(predicate, index: index)
        }
        #expect(run.report.compared == RegressionCases.all.count)
        expectNoMismatch(run.report)
    }
}

/// Hostile constants, written as literals and passed as arguments, against every string operator.
enum HostileCases {
    static let strings = [
        "'); DROP TABLE t; --", "\"; DROP TABLE \"t\"; --", "%", "_", "a%b", "a_b", "100%", "*", "?", "[", "]", "a[b]",
        "\\", "c:\\dir", "\\%", "it's", "'", "''", "\"", "ab\u{0}cd", "\u{0}", "$1", "?1", ":name", "line\nbreak", "",
    ]

    static let all: [GeneratedPredicate] = strings.flatMap { hostile -> [GeneratedPredicate] in
        let literal = PredicateGenerator.literal(hostile)
        var cases: [GeneratedPredicate] = []
        for form in [
            "name == %@", "name != %@", "name < %@", "name >=[c] %@", "name BEGINSWITH %@", "name ENDSWITH[c] %@",
            "name CONTAINS %@", "%@ IN name", "name LIKE %@", "name LIKE[c] %@", "name IN {%@, 'x'}",
            "ANY tags == %@", "ANY tags CONTAINS %@", "%@ IN labels", "select == %@", "code == %@",
            "address.city == %@", "ANY items.sku BEGINSWITH %@", "name MATCHES %@",
        ] {
            cases.append(GeneratedPredicate(form, arguments: [.string(hostile)]))
            cases.append(GeneratedPredicate(form.replacingOccurrences(of: "%@", with: literal)))
        }
        return cases
    }
}

/// Predicates that disagreed with the VM during development, kept so they stay fixed.
enum RegressionCases {
    static let all: [GeneratedPredicate] = [
        // A NaN in a double column negated is still NaN (PostgreSQL sorts it above every number).
        GeneratedPredicate("-score > 0"), GeneratedPredicate("NOT (-score <= 4611686018427387904)"),
        // The VM raises on arithmetic with nil before a later operand can decide.
        GeneratedPredicate(
            "(score > 17 OR ANY items.added < %@) AND NOT (score / -8 >= 2.5 AND age > nil)",
            arguments: [.date(Date(timeIntervalSinceReferenceDate: 1_169_176_447.000001))]),
        GeneratedPredicate("(address.zip + 1 <= 42 AND address.geo.lat > 2.5) OR tags.@count >= -18"),
        // `NOT x IS NULL` reads as `NOT (x IS NULL)`.
        GeneratedPredicate("NOT (name LIKE[d] '*a') OR NOT (name IN {'A-2', 'paris', '\u{E000}', 'i'})"),
        // Conditions folded away leave no parameter behind (PostgreSQL refuses unused ones).
        GeneratedPredicate("NOT ((name MATCHES[d] 'c:\\\\dir' AND name IN {}))"),
        GeneratedPredicate(
            "code ==[cd] 'K' OR address.geo.lon != %@ OR ANY scores BETWEEN {%@, YES}",
            arguments: [.int(9_223_372_036_854_775_806), .double(.nan)]),
        // Dates near year 1, where microseconds are finer than a double.
        GeneratedPredicate("created == CAST(-63113904000.0, 'NSDate')"),
        GeneratedPredicate(
            "created IN {CAST('0001-01-01T00:00:00.000Z', 'NSDate'), CAST('2024-01-01T00:00:00.000Z', 'NSDate')}"),
        GeneratedPredicate("created > %@", arguments: [.date(Date(timeIntervalSinceReferenceDate: 725_760_000.0004))]),
        // Signed zeros and NaN constants.
        GeneratedPredicate("score == %@", arguments: [.double(-0.0)]),
        GeneratedPredicate("score < %@", arguments: [.double(.nan)]),
        GeneratedPredicate("ANY ratios >= %@", arguments: [.double(-0.0)]),
        GeneratedPredicate("age < %@", arguments: [.double(.nan)]),
        GeneratedPredicate("ratios.@max.#self == 0"), GeneratedPredicate("age == 9007199254740993.0"),
        GeneratedPredicate("score == 9007199254740993"), GeneratedPredicate("score < 9223372036854775807"),
        // Integer overflow wraps in the VM.
        GeneratedPredicate("age + 1 < 0"), GeneratedPredicate("age * 2 > 0"), GeneratedPredicate("-age < 0"),
        // -1 × Int64.min overflows: only 0 and 1 are safe factors of the minimum.
        GeneratedPredicate("age * %@ < -5", arguments: [.int(.min)]),
        GeneratedPredicate("%@ * age != 17", arguments: [.int(.min)]),
        GeneratedPredicate("age * %@ > 5", arguments: [.int(-3)]),
        GeneratedPredicate("age / 0 == 0"), GeneratedPredicate("age / order > 1"),
        GeneratedPredicate("items.@sum.qty > 0"),
        GeneratedPredicate("scores.@sum.#self < 0"), GeneratedPredicate("scores.@avg.#self > 1.5"),
    ]
}
