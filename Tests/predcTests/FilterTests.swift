// Tests of `predc filter`: matching lines copied verbatim, malformed lines in the middle of the
// stream reported with their line numbers and skipped, --count, standard input, the example data.

import Foundation
import Testing

@testable import predc

@Suite("filter")
struct FilterTests {
    static let stream =
        [
            #"{"name": "Ada", "age": 36}"#,
            #"{"name": "Kid", "age": 9}"#,
            #"{"name": "broken", "age": "#,
            "",
            #"{"name":"Grace",   "age": 85}"#,
            "not json at all",
            #"{"name": "Bob", "age": 18}"#,
        ].joined(separator: "\n") + "\n"

    @Test func malformedLinesAreReportedAndSkipped() {
        let result = predc(["filter", "age >= 18"], stdin: FilterTests.stream)
        #expect(
            result.stdout == [
                #"{"name": "Ada", "age": 36}"#, #"{"name":"Grace",   "age": 85}"#, #"{"name": "Bob", "age": 18}"#,
            ].joined(separator: "\n") + "\n")
        #expect(result.stderr.contains("<stdin>:3:"))
        #expect(result.stderr.contains("<stdin>:6:"))
        #expect(result.stderr.split(separator: "\n").count == 2)
        #expect(result.status == .dataError)
    }

    @Test func counts() {
        let result = predc(["filter", "age < 18", "--count", "-"], stdin: FilterTests.stream)
        #expect(result.stdout == "1\n")
    }

    @Test func cleanStreamSucceeds() {
        let path = TestPaths.examples.appendingPathComponent("people.jsonl").path
        let result = predc("filter", "country == 'GB' AND ANY languages ==[c] 'french'", path)
        #expect(result.status == .success, "\(result)")
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.hasPrefix(#"{"name": "Ada Lovelace""#))
        #expect(predc("filter", "age >= 18", path, "--count").stdout == "9\n")
    }

    @Test func evaluationErrorsAreReportedPerLine() {
        let result = predc(["filter", "$limit < age"], stdin: #"{"age": 3}"# + "\n")
        #expect(result.status == .evaluationError)
        #expect(result.stderr.hasPrefix("<stdin>:1:"))
    }

    @Test func lastLineWithoutNewlineAndCRLF() {
        let result = predc(["filter", "a == 1"], stdin: "{\"a\": 1}\r\n{\"a\": 2}\r\n{\"a\": 1, \"b\": 0}")
        #expect(result.stdout == "{\"a\": 1}\n{\"a\": 1, \"b\": 0}\n")
    }

    @Test func usage() {
        #expect(predc("filter").status == .usage)
        #expect(predc("filter", "a ==", "x").status == .dataError)
        #expect(predc("filter", "a == 1", "/nonexistent/predc.jsonl").status == .noInput)
    }

    @Test("a 5,000-line stream is filtered and counted in one pass") func largeStreamIsCounted() {
        let line = #"{"id": 1, "name": "someone", "tags": ["a", "b", "c"], "score": 12.5}"#
        let input = String(repeating: line + "\n", count: 5_000)
        let result = predc(["filter", "score > 10 AND ANY tags == 'c'", "--count"], stdin: input)
        #expect(result.stdout == "5000\n")
    }
}
