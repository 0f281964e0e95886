// `predc sql`: the JSON object it prints (SQL, parameters, residual), the diagnostics with carets for
// parts that stay in process, exit status 65 when nothing translates or the schema finds an error, and
// its usage errors. No database is involved.

import Foundation
import Testing

@testable import predc

@Suite("predc sql")
struct SQLCommandTests {
    static let schema = TestPaths.examples.appendingPathComponent("orders.schema.json").path

    static func sql(_ dialect: String, _ predicate: String, _ extra: [String] = []) -> RunResult {
        predc(["sql", "--dialect", dialect, "--schema", schema, predicate] + extra)
    }

    /// The printed JSON object, decoded.
    static func object(_ result: RunResult) throws -> [String: Any] {
        let data = Data(result.stdout.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(
        "a predicate that translates wholly prints its SQL, its parameters and a null residual",
        arguments: [
            ("sqlite", #""total" > ?1"#),
            ("postgres", #"("total" > $1::float8 AND "total" <> 'NaN'::float8)"#),
        ])
    func whole(_ dialect: String, _ expected: String) throws {
        let result = Self.sql(dialect, "total > 100.5")
        #expect(result.status == .success, "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasSuffix("\n"))
        let object = try Self.object(result)
        #expect(object["sql"] as? String == expected)
        #expect((object["parameters"] as? [Double]) == [100.5])
        #expect(object["residual"] is NSNull)
    }

    @Test("hostile constants are parameters, printed as JSON strings")
    func hostile() throws {
        let result = Self.sql("sqlite", "customer.name == %@", ["--arg", #""'); DROP TABLE orders; --""#])
        #expect(result.status == .success, "\(result)")
        let object = try Self.object(result)
        #expect((object["parameters"] as? [String]) == ["'); DROP TABLE orders; --"])
        #expect((object["sql"] as? String)?.contains("DROP") == false)
    }

    @Test("a split: the terms that translate are SQL, the rest the residual, each with a caret")
    func split() throws {
        let result = Self.sql("sqlite", "total > 100 AND customer.name MATCHES 'A.*'")
        #expect(result.status == .success, "\(result)")
        let object = try Self.object(result)
        #expect(object["sql"] as? String == #""total" > ?1"#)
        #expect(object["residual"] as? String == #"customer.name MATCHES "A.*""#)
        #expect(
            result.stderr
                == """
                <argument>:1:31: warning: not translated to SQLite: SQLite has no regular expressions; this runs in process
                total > 100 AND customer.name MATCHES 'A.*'
                                              ^~~~~~~

                """)
    }

    @Test("nothing translates: the reasons, a closing error and exit status 65")
    func nothing() {
        let result = Self.sql("sqlite", "customer.name MATCHES 'A.*'")
        #expect(result.status == .dataError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("warning: not translated to SQLite: SQLite has no regular expressions"))
        #expect(result.stderr.contains("error: no part of the predicate translates to SQLite"))
    }

    @Test("a key the schema lacks is the schema's error, before any SQL")
    func schemaError() {
        let result = Self.sql("postgres", "totl > 1")
        #expect(result.status == .dataError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error: unknown key 'totl' in Order"))
        #expect(result.stderr.contains("^~~~"))
    }

    @Test("-f reads the predicate from a file")
    func fromFile() throws {
        let url = try TestPaths.temporaryFile("total > 1")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = predc(["sql", "--dialect", "sqlite", "--schema", Self.schema, "-f", url.path])
        #expect(result.status == .success, "\(result)")
        #expect(try Self.object(result)["sql"] as? String == #""total" > ?1"#)
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["sql", "--schema", schema, "total > 1"],
            ["sql", "--dialect", "mysql", "--schema", schema, "total > 1"],
            ["sql", "--dialect", "sqlite", "total > 1"],
            ["sql", "--dialect", "sqlite", "--schema", schema, "total > 1", "--column", "total"],
        ])
    func usage(_ arguments: [String]) {
        #expect(predc(arguments).status == .usage)
    }
}
