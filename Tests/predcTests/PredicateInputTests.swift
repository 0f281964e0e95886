// Where a command's predicate comes from: the PREDICATE argument is always the predicate (a file of that
// name is not read, and a note points at `-f` when the text does not compile); `-f FILE` and `-f -`
// read it; and a bare word given as a JSON value gets the quoted spelling as a hint.

import Foundation
import Testing

@testable import predc

@Suite("predicate input and value arguments")
struct PredicateInputTests {
    static let people = TestPaths.examples.appendingPathComponent("people.jsonl").path
    static let profile = TestPaths.examples.appendingPathComponent("profile.json").path

    @Test("eval and filter read the predicate from a file with -f, or standard input with -f -")
    func fromFile() throws {
        let file = try TestPaths.temporaryFile("age >= 18 AND\n  country == 'GB'\n", suffix: ".predicate")
        defer { try? FileManager.default.removeItem(at: file) }
        let eval = predc("eval", "-f", file.path, "--object", #"{"age": 30, "country": "GB"}"#)
        #expect(eval.status == .success && eval.stdout == "true\n", "\(eval)")
        let filter = predc("filter", "-f", file.path, Self.people, "--count")
        let positional = predc("filter", "age >= 18 AND country == 'GB'", Self.people, "--count")
        #expect(filter.status == .success && filter.stdout == positional.stdout, "\(filter)")
        let long = predc("filter", "--from-file", file.path, Self.people, "--count")
        #expect(long.stdout == filter.stdout)
        let stdin = predc(["eval", "-f", "-", "--object", #"{"age": 3}"#], stdin: "age < 18")
        #expect(stdin.status == .success && stdin.stdout == "true\n", "\(stdin)")
        let filterStdin = predc(["filter", "-f", "-", Self.people, "--count"], stdin: "age < 18")
        #expect(filterStdin.stdout == predc("filter", "age < 18", Self.people, "--count").stdout, "\(filterStdin)")
        for command in ["explain", "lint", "format"] {
            #expect(predc(command, "-f", file.path).status == .success, "\(command)")
        }
    }

    @Test("diagnostics of a predicate read with -f name the file and its lines")
    func fileDiagnostics() throws {
        let file = try TestPaths.temporaryFile("age >= 18 AND\n  country =! 'GB'\n", suffix: ".predicate")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = predc("filter", "-f", file.path, Self.people)
        #expect(result.status == .dataError)
        #expect(result.stderr.hasPrefix("\(file.path):2:12: error: "), "\(result)")
    }

    @Test(
        "a PREDICATE that names a file is the predicate itself, with a note pointing at -f when it fails",
        arguments: ["eval", "filter", "format", "lint", "explain"])
    func argumentIsNeverAFile(_ command: String) throws {
        let file = try TestPaths.temporaryFile("a == 1\n", suffix: ".predicate")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = predc([command, file.path], stdin: "{}\n")
        #expect(result.status == .dataError, "\(result)")
        #expect(result.stderr.hasPrefix("<argument>:1:1: error: "), "\(result)")
        #expect(
            result.stderr.hasSuffix(
                "predc \(command): note: '\(file.path)' is also a file's name; the argument is the predicate itself "
                    + "(to read the file, use -f \(file.path))\n"), "\(result)")
        let plain = predc([command, "a =="], stdin: "{}\n")
        #expect(!plain.stderr.contains("note: 'a =='"))
    }

    @Test(
        "giving the predicate twice, or reading it and the records both from standard input, is a usage error",
        arguments: [
            ["eval", "a == 1", "-f", "x.predicate"], ["format", "a == 1", "-f", "-"],
            ["filter", "-f", "-"], ["filter", "-f", "-", "-"], ["eval", "-f", "-", "--object-file", "-"],
            ["eval", "--jsonl", "-f", "x"], ["format", "--jsonl", "-f", "x"], ["filter", "-f", "a", "b", "c"],
        ])
    func usage(_ arguments: [String]) {
        let result = predc(arguments, stdin: "a == 1")
        #expect(result.status == .usage, "\(result)")
    }

    @Test("a missing -f file is exit status 66")
    func missingFile() {
        #expect(predc("eval", "-f", "/nonexistent/x.predicate").status == .noInput)
        #expect(predc("filter", "-f", "/nonexistent/x.predicate", Self.people).status == .noInput)
    }

    struct HintCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let hint: String?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "a bare word where a JSON value was expected gets the quoted spelling",
        arguments: [
            HintCase(arguments: ["--arg", "a"], hint: #"for the string "a", write --arg '"a"'"#),
            HintCase(arguments: ["--arg", "'Ada'"], hint: #"for the string "Ada", write --arg '"Ada"'"#),
            HintCase(arguments: ["--arg", "Ada Lovelace"], hint: #"write --arg '"Ada Lovelace"'"#),
            HintCase(arguments: ["--arg", "O'Brien"], hint: #"write --arg '"O'\''Brien"'"#),
            HintCase(arguments: ["--var", "who=Ada"], hint: #"write --var who='"Ada"'"#),
            HintCase(arguments: ["--arg", "{a"], hint: nil),
            HintCase(arguments: ["--arg", "1.2.3"], hint: nil),
            HintCase(arguments: ["--arg", "\"unterminated"], hint: nil),
        ])
    func bareWordHint(_ testCase: HintCase) {
        let result = predc(["eval", "name == %@ OR name == $who", "--var", "who=1"] + testCase.arguments)
        #expect(result.status == .dataError, "\(result)")
        if let hint = testCase.hint {
            #expect(result.stderr.contains("a bare word is not JSON; ") && result.stderr.contains(hint), "\(result)")
        } else {
            #expect(!result.stderr.contains("bare word"), "\(result)")
        }
    }

    @Test("the suggested spelling, run through a shell, gives the intended value")
    func hintRoundTrips() throws {
        let result = predc("eval", "name == %@", "--arg", "O'Brien", "--object", #"{"name": "O'Brien"}"#)
        let hint = try #require(result.stderr.split(separator: "write ").last).dropLast()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf '%s\\n' \(hint)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let words = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(words == "--arg\n\"O'Brien\"\n")
    }
}
