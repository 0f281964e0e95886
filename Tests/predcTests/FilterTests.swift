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
        #expect(
            result.stderr.split(separator: "\n").last == "<stdin>: note: skipped 2 of 6 records (2 malformed)")
        #expect(result.stderr.split(separator: "\n").count == 3)
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

    /// `count` records whose `age` is a string (an evaluation error for `age >= 18`), then one that matches.
    static func failingStream(_ count: Int) -> String {
        (0..<count).map { #"{"age": "\#($0)"}"# }.joined(separator: "\n") + "\n" + #"{"age": 40}"# + "\n"
    }

    struct MaxErrorsCase: CustomTestStringConvertible, Sendable {
        let options: [String]
        let failing: Int
        let reported: Int
        let summary: String
        var testDescription: String { "\(options) over \(failing) failing records" }
    }

    @Test(
        "--max-errors caps the reports (default 10, 0: no limit) and a summary counts every skipped record",
        arguments: [
            MaxErrorsCase(
                options: [], failing: 200_000, reported: 10,
                summary:
                    "<stdin>: note: skipped 200000 of 200001 records (200000 failed to evaluate); the first 10 reported (--max-errors 0 reports all)"
            ),
            MaxErrorsCase(
                options: ["--max-errors", "3"], failing: 50, reported: 3,
                summary:
                    "<stdin>: note: skipped 50 of 51 records (50 failed to evaluate); the first 3 reported (--max-errors 0 reports all)"
            ),
            MaxErrorsCase(
                options: ["--max-errors=0"], failing: 50, reported: 50,
                summary: "<stdin>: note: skipped 50 of 51 records (50 failed to evaluate)"),
            MaxErrorsCase(
                options: [], failing: 1, reported: 1,
                summary: "<stdin>: note: skipped 1 of 2 records (1 failed to evaluate)"
            ),
        ])
    func maxErrors(_ testCase: MaxErrorsCase) {
        let result = predc(["filter", "age >= 18"] + testCase.options, stdin: Self.failingStream(testCase.failing))
        #expect(result.status == .evaluationError)
        #expect(result.stdout == #"{"age": 40}"# + "\n")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == testCase.reported + 1)
        #expect(lines.first == #"<stdin>:1:1: error: Can't compare string "0" with integer 18 (at <argument>:1:1)"#)
        #expect(lines.last.map(String.init) == testCase.summary)
    }

    @Test("--max-errors takes a count of at least 0", arguments: ["-1", "x", "", "1.5"])
    func badMaxErrors(_ value: String) {
        let result = predc(["filter", "a == 1", "--max-errors", value], stdin: "{}\n")
        #expect(result.status == .usage)
        #expect(result.stderr.contains("'--max-errors' takes a number of at least 0"))
    }

    @Test("a clean run prints no summary; --count still counts")
    func noSummaryWhenClean() {
        let result = predc(["filter", "age >= 18", "--count"], stdin: #"{"age": 3}"# + "\n" + #"{"age": 30}"# + "\n")
        #expect(result.status == .success && result.stderr.isEmpty && result.stdout == "1\n")
    }

    @Test("control characters in a record never reach standard error raw")
    func escapesReports() {
        let result = predc(["filter", "age >= 18"], stdin: #"{"age": "\u001b[2J\u202e"}"# + "\n" + "\u{1B}]0;x\u{7}\n")
        #expect(result.status == .dataError)
        #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{7}" })
        #expect(result.stderr.contains(#"string "\u001B[2J<U+202E>""#), "\(result.stderr)")
    }

    @Test("a 5,000-line stream is filtered and counted in one pass") func largeStreamIsCounted() {
        let line = #"{"id": 1, "name": "someone", "tags": ["a", "b", "c"], "score": 12.5}"#
        let input = String(repeating: line + "\n", count: 5_000)
        let result = predc(["filter", "score > 10 AND ANY tags == 'c'", "--count"], stdin: input)
        #expect(result.stdout == "5000\n")
    }
}

/// `filter` builds only the members its predicate reads (a projected read): the lines it selects and
/// the malformed lines it reports are the same as when the whole object is read.
@Suite("filter reads only what the predicate reads")
struct FilterProjectionTests {
    static let stream =
        [
            #"{"a": 1, "skip": [1, [2, "x\u00e9"], {"$date": 0}, null], "b": "yes"}"#,
            #"{"a": 2, "skip": {"k": {"k": 1, "k": 2}}, "b": "yes"}"#,
            #"{"a": 3, "skip": [1, 2,], "b": "yes"}"#,
            #"{"a": 4, "skip": 1e999, "b": "yes"}"#,
            #"{"a": 5, "a": 6, "b": "yes"}"#,
            #"{"b": "yes", "a": 7, "skip": "\ud800"}"#,
            #"{"\u0061": 8, "b": "yes"}"#,
            #"{"a": 9, "b": "yes", "skip": {"$date": "2001-01-01"}}"#,
            #"{"a": 10, "b": "no"}"#,
            #"[1, 2]"#,
        ].joined(separator: "\n") + "\n"

    /// A predicate that reads `a` and `b` (projected) and its twin that reads the whole object through
    /// `SELF` (read whole) select the same lines and report the same errors at the same positions.
    @Test(
        arguments: [
            ("a > 0 AND b == 'yes'", "a > 0 AND b == 'yes' AND SELF != nil", [0, 6, 7]),
            ("a > 0", "#self.a > 0", [0, 6, 7, 8]),
        ])
    func sameAnswersAsTheWholeRead(_ projected: String, _ whole: String, _ selected: [Int]) {
        let narrow = predc(["filter", projected], stdin: Self.stream)
        let wide = predc(["filter", whole], stdin: Self.stream)
        #expect(narrow.stdout == wide.stdout)
        #expect(narrow.stderr == wide.stderr)
        #expect(narrow.status == wide.status)
        let lines = Self.stream.split(separator: "\n")
        #expect(narrow.stdout == selected.map { lines[$0] }.joined(separator: "\n") + "\n")
        for line in [2, 3, 10] { #expect(narrow.stderr.contains("<stdin>:\(line):"), "line \(line)") }
        #expect(narrow.stderr.contains("<stdin>:4:") && narrow.stderr.contains("<stdin>:5:"))
        #expect(narrow.stderr.contains("<stdin>:6:"))
    }
}
