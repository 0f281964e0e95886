// Tests of `predc eval`: results and exit statuses, objects from options and files, variables and
// format arguments, compile and evaluation errors rendered with positions, and --trace.

import Foundation
import Testing

@testable import predc

@Suite("eval")
struct EvalTests {
    @Test(arguments: [
        ("age >= 18", "{\"age\": 21}", ExitCode.success, "true\n"),
        ("age >= 18", "{\"age\": 7}", .falseOrFindings, "false\n"),
        ("name BEGINSWITH[c] 'jo'", "{\"name\": \"John\"}", .success, "true\n"),
        ("ANY tags == 'b'", "{\"tags\": {\"$set\": [\"a\", \"b\"]}}", .success, "true\n"),
        ("SELF == nil", "null", .success, "true\n"),
    ])
    func evaluates(_ predicate: String, _ object: String, _ status: ExitCode, _ output: String) {
        let result = predc("eval", predicate, "--object", object)
        #expect(result.status == status, "\(result)")
        #expect(result.stdout == output)
    }

    @Test func objectFromExampleFile() {
        let path = TestPaths.examples.appendingPathComponent("profile.json").path
        let result = predc(
            "eval", "address.city == 'London' AND 'French' IN languages AND age > 30", "--object-file", path)
        #expect(result.status == .success, "\(result)")
        #expect(result.stdout == "true\n")
    }

    @Test func objectFromStandardInput() {
        let result = predc(["eval", "age < 18", "--object-file", "-"], stdin: "{\"age\": 12}")
        #expect(result.stdout == "true\n")
    }

    @Test func predicateFromStandardInput() {
        let result = predc(["eval", "-", "--object", "{\"a\": 1}"], stdin: "a == 1\n")
        #expect(result.stdout == "true\n", "\(result)")
    }

    @Test func variablesAndFormatArguments() {
        let result = predc(
            "eval", "name == %@ AND age > %d AND $role IN roles", "--arg", "\"Jo\"", "--arg", "18", "--var",
            "role=\"admin\"", "--object", "{\"name\": \"Jo\", \"age\": 30, \"roles\": [\"admin\"]}")
        #expect(result.status == .success, "\(result)")
        #expect(result.stdout == "true\n")
    }

    @Test func compileErrorIsRenderedWithCaretAndExits65() {
        let result = predc("eval", "age >= 18 AND", "--object", "{}")
        #expect(result.status == .dataError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("<argument>:1:"))
        #expect(result.stderr.contains(": error: "))
        #expect(result.stderr.contains("age >= 18 AND\n"))
        #expect(result.stderr.contains("^"))
    }

    @Test func evaluationErrorIsPositionedAndExits70() {
        let result = predc("eval", "name == 'x' AND $missing == 1", "--object", "{\"name\": \"x\"}")
        #expect(result.status == .evaluationError, "\(result)")
        #expect(result.stderr.hasPrefix("<argument>:1:17: error: "), "\(result)")
        #expect(result.stderr.contains("^"))
    }

    @Test(arguments: [
        (["eval"], ExitCode.usage),
        (["eval", "a == 1", "extra"], .usage),
        (["eval", "a == 1", "--var", "novalue"], .usage),
        (["eval", "a == 1", "--object", "{", "--object-file", "x"], .usage),
        (["eval", "a == 1", "--object", "{bad json"], .dataError),
        (["eval", "-", "--object-file", "-"], .usage),
        (["eval", "a == 1", "--object-file", "/nonexistent/predc/object.json"], .noInput),
    ])
    func badCommandLines(_ arguments: [String], _ status: ExitCode) {
        #expect(predc(arguments).status == status)
    }

    @Test func malformedObjectFileIsReportedWithPosition() throws {
        let file = try TestPaths.temporaryFile("{\n  \"a\": [1,\n}", suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = predc("eval", "a == 1", "--object-file", file.path)
        #expect(result.status == .dataError)
        #expect(result.stderr.hasPrefix("\(file.path):3:"), "\(result)")
    }

    @Test func traceListsInstructionsWithTheStack() {
        let result = predc(
            "eval", "age + 0 >= 18 AND name == 'Jo'", "--object", "{\"age\": 30, \"name\": \"Jo\"}", "--trace")
        #expect(result.status == .success)
        #expect(result.stdout == "true\n")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("== trace: ") == true)
        #expect(lines.last?.hasSuffix("instructions executed ==") == true)
        #expect(lines.contains { $0.contains("flag=") })
        #expect(lines.count > 4)
    }

    @Test("a program of leaves is traced node by node, the nodes `explain` lists")
    func traceWalksTheDecisionGraph() {
        let text = "age >= 18 AND (name == 'Jo' OR name == 'Al')"
        let object = "{\"age\": 30, \"name\": \"Al\"}"
        let traced = predc("eval", text, "--object", object, "--trace")
        #expect(traced.status == .success)
        let lines = traced.stderr.split(separator: "\n").map(String.init)
        #expect(lines.last == "== 3 decision nodes walked ==")
        let walked = lines.filter { $0.hasPrefix("n") }
        #expect(walked.map { String($0.prefix(2)) } == ["n0", "n1", "n2"])
        let explained = predc("explain", text).stdout.split(separator: "\n").map(String.init)
        let graph = explained.drop { !$0.hasPrefix("decision graph") }.dropFirst().map { String($0.dropFirst(2)) }
        #expect(graph.count == 3)
        #expect(walked == graph, "\(traced.stderr)")
    }
}

/// Golden files of whole `predc eval` runs: `Golden/eval/<name>.args` (one argument a line) gives the
/// command line, `<name>.out` the exit status, standard output and standard error (diagnostics).
@Suite("eval golden")
struct EvalGoldenTests {
    @Test(arguments: Golden.names(in: "eval", ext: "args"))
    func golden(_ name: String) throws {
        let arguments = try #require(Golden.read("eval/\(name).args")).split(separator: "\n").map(String.init)
        let result = predc(arguments)
        Golden.check(
            "exit: \(result.status.rawValue)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)",
            "eval/\(name).out")
    }
}
