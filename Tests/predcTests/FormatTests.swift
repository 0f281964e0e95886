// Tests of `predc format`: canonical output, idempotence, --check, files and standard input,
// substitution with --var, and syntax errors.

import Foundation
import Testing

@testable import predc

@Suite("format")
struct FormatTests {
    @Test(arguments: [
        "a==1 and b=2 or not c<>3",
        "name beginswith[cd] 'jo' && age between {18, 65}",
        "ANY kids.age > 12 OR SUBQUERY(items, $i, $i.price > 10).@count == 0",
        "x IN {1, 2.5, 'three', nil, YES}",
    ])
    func formattingIsIdempotent(_ text: String) {
        let once = predc("format", text)
        #expect(once.status == .success, "\(once)")
        let canonical = String(once.stdout.dropLast())
        let twice = predc("format", canonical)
        #expect(twice.stdout == once.stdout)
        #expect(predc("format", "--check", canonical).status == .success)
    }

    @Test func prints() {
        #expect(predc("format", "a==1 and b=2").stdout == "a == 1 AND b == 2\n")
    }

    @Test func checkFailsOnNonCanonicalText() {
        let result = predc("format", "--check", "a==1")
        #expect(result.status == .falseOrFindings)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("not in canonical form"))
    }

    @Test func readsFilesAndStandardInput() throws {
        let file = try TestPaths.temporaryFile("a==1\n", suffix: ".predicate")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(predc("format", "-f", file.path).stdout == "a == 1\n")
        #expect(predc(["format", "-f", "-"], stdin: "d==4").stdout == "d == 4\n")
        #expect(predc(["format", "-"], stdin: "b==2").stdout == "b == 2\n")
        #expect(predc(["format"], stdin: "c==3").stdout == "c == 3\n")
    }

    @Test func substitutesVariables() {
        #expect(predc("format", "name == $who", "--var", "who=\"Jo\"").stdout == "name == \"Jo\"\n")
    }

    @Test func syntaxErrorsAreDiagnosed() throws {
        let file = try TestPaths.temporaryFile("a == 1 AND\n(b == 2", suffix: ".predicate")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = predc("format", "-f", file.path)
        #expect(result.status == .dataError)
        #expect(result.stderr.hasPrefix(file.path + ":"))
        #expect(result.stderr.contains(": error: "))
    }
}
