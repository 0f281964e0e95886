// Tests of the `--jsonl` batch protocols of `predc eval` and `predc format`: one response per request
// line, in order, with bad lines (not JSON, no format, parse and evaluation errors) in the middle.

import Foundation
import Testing

@testable import predc

@Suite("JSON Lines protocol")
struct JSONLProtocolTests {
    private func responses(_ command: String, _ lines: [String]) -> (ExitCode, [[String: Any]]) {
        let result = predc([command, "--jsonl"], stdin: lines.joined(separator: "\n") + "\n")
        let objects = result.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? ["unparsable": String(line)]
        }
        return (result.status, objects)
    }

    private func error(_ response: [String: Any]) -> [String: Any]? { response["error"] as? [String: Any] }

    @Test func evalBadLinesInTheMiddleNeverStopTheStream() {
        let (status, out) = responses(
            "eval",
            [
                #"{"id": "ok1", "format": "name BEGINSWITH[c] %@", "args": ["jo"], "object": {"name": "John"}}"#,
                #"{"id": "broken json"#,
                #"{"id": "noformat", "object": {}}"#,
                #"{"id": "parse", "format": "a == 1 AND"}"#,
                "",
                #"{"id": "args", "format": "a == %@"}"#,
                #"{"id": "eval", "format": "$x == 1"}"#,
                #"{"id": 7, "format": "SELF == nil"}"#,
                #"{"id": "vars", "format": "$x + 1 == 3", "variables": {"x": 2}}"#,
                #"{"id": "false", "format": "n > 2.5", "object": {"n": 2}}"#,
            ])
        #expect(status == .falseOrFindings)
        #expect(out.count == 9)
        #expect(
            out.map { "\($0["id"] ?? "nil")" } == [
                "ok1", "<null>", "noformat", "parse", "args", "eval", "7", "vars", "false",
            ])
        #expect(out[0]["result"] as? Bool == true)
        #expect(error(out[1])?["phase"] as? String == "input")
        #expect(error(out[2])?["phase"] as? String == "input")
        #expect(error(out[3])?["phase"] as? String == "parse")
        #expect(error(out[3])?["line"] as? Int == 1)
        #expect((error(out[3])?["column"] as? Int ?? 0) >= 8)
        #expect(error(out[4])?["phase"] as? String == "parse")
        #expect(error(out[5])?["phase"] as? String == "eval")
        #expect(error(out[5])?["column"] as? Int == 1)
        #expect(out[6]["result"] as? Bool == true)
        #expect(out[7]["result"] as? Bool == true)
        #expect(out[8]["result"] as? Bool == false)
    }

    @Test func evalSucceedsWhenEveryRequestSucceeds() {
        let (status, out) = responses("eval", [#"{"id": "a", "format": "1 == 1"}"#])
        #expect(status == .success)
        #expect(out.count == 1)
    }

    @Test func formatSubstitutesVariablesAndReportsErrors() {
        let (_, out) = responses(
            "format",
            [
                #"{"id": "f1", "format": "name==$who AND age>%d", "args": [18], "variables": {"who": "Jo"}}"#,
                #"not json"#,
                #"{"id": "f2", "format": "(a == 1"}"#,
                #"{"id": "f3", "format": "a = $unbound"}"#,
            ])
        #expect(out.count == 4)
        #expect(out[0]["format"] as? String == #"name == "Jo" AND age > 18"#)
        #expect(error(out[1])?["phase"] as? String == "input")
        #expect(error(out[2])?["phase"] as? String == "parse")
        #expect(out[3]["format"] as? String == "a == $unbound")
    }

    @Test func requestFromAFile() throws {
        let file = try TestPaths.temporaryFile(#"{"id": 1, "format": "2 > 1"}"# + "\n", suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = predc("eval", "--jsonl", file.path)
        #expect(result.stdout == "{\"id\": 1, \"result\": true}\n")
    }

    @Test func batchRejectsPerRequestOptions() {
        #expect(predc("eval", "--jsonl", "--object", "{}").status == .usage)
        #expect(predc("format", "--jsonl", "--check").status == .usage)
    }
}

/// Without a flush per answer these tests wait for an answer that never comes; the time limit turns that
/// into a failure.
@Suite("JSON Lines conversation", .timeLimit(.minutes(1)))
struct JSONLConversationTests {
    /// Sends one request at a time on an open pipe and reads each answer before sending the next.
    static func converse(_ arguments: [String], _ requests: [String]) throws -> [String] {
        guard let binary = TestPaths.binary else { throw HarnessError.binaryNotFound }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        var answers: [String] = []
        for request in requests {
            input.fileHandleForWriting.write(Data((request + "\n").utf8))
            var line: [UInt8] = []
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard let first = byte.first else { break }
                if first == UInt8(ascii: "\n") { break }
                line.append(first)
            }
            answers.append(String(decoding: line, as: UTF8.self))
        }
        return answers
    }

    @Test("eval --jsonl answers each request while standard input is still open")
    func evalAnswersEachLine() throws {
        let answers = try Self.converse(
            ["eval", "--jsonl"],
            [#"{"id": 1, "format": "1 < 2"}"#, #"{"id": 2, "format": "a == 1", "object": {"a": 2}}"#])
        #expect(answers == [#"{"id": 1, "result": true}"#, #"{"id": 2, "result": false}"#])
    }

    @Test("format --jsonl answers each request while standard input is still open")
    func formatAnswersEachLine() throws {
        let answers = try Self.converse(["format", "--jsonl"], [#"{"id": "a", "format": "a=1"}"#])
        #expect(answers.count == 1)
        #expect(answers.first?.contains("a == 1") == true)
    }
}
