// Exit statuses of the real binary, run as a subprocess: each row of the table in `predc --help`.

import Foundation
import Testing

@testable import predc

@Suite("exit statuses (subprocess)")
struct ExitStatusTests {
    @Test(arguments: [
        (["eval", "1 == 1"], ExitCode.success),
        (["eval", "1 == 2"], .falseOrFindings),
        (["eval", "--bogus"], .usage),
        (["frobnicate"], .usage),
        (["eval", "1 =="], .dataError),
        (["eval", "a == 1", "--object-file", "/nonexistent/predc.json"], .noInput),
        (["eval", "$unbound == 1"], .evaluationError),
        (["lint", "a == 1 OR b == 2 AND c == 3", "--strict"], .falseOrFindings),
        (["--help"], .success),
    ])
    func binaryExitStatus(_ arguments: [String], _ status: ExitCode) throws {
        let run = try predcProcess(arguments)
        #expect(run.status == status.rawValue, "stderr: \(run.stderr)")
    }

    @Test func jsonlThroughThePipe() throws {
        let input =
            #"{"id": "a", "format": "x > 1", "object": {"x": 2}}"# + "\n" + "garbage\n"
            + #"{"id": "b", "format": "x >"}"# + "\n"
        let run = try predcProcess(["eval", "--jsonl"], stdin: input)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == #"{"id": "a", "result": true}"#)
        #expect(lines.last?.contains(#""phase": "parse""#) == true)
        #expect(run.status == ExitCode.falseOrFindings.rawValue)
    }

    @Test func diagnosticsAreNotColouredWhenPiped() throws {
        let run = try predcProcess(["eval", "1 =="], environment: ["TERM": "xterm-256color"])
        #expect(!run.stderr.contains("\u{1B}["))
        let forced = try predcProcess(["--color", "always", "eval", "1 =="])
        #expect(forced.stderr.contains("\u{1B}["))
    }

    /// Runs predc under a pseudo-terminal with util-linux `script`, so stderr is a TTY.
    private func onTerminal(_ command: String, noColor: String?) throws -> String {
        guard let binary = TestPaths.binary else { throw HarnessError.binaryNotFound }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment["NO_COLOR"] = noColor
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(binary.path)' \(command)", "/dev/null"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnATerminalUnlessNoColor() throws {
        #expect(try onTerminal("eval '1 =='", noColor: nil).contains("\u{1B}["))
        #expect(!(try onTerminal("eval '1 =='", noColor: "1").contains("\u{1B}[")))
        #expect(try onTerminal("eval '1 =='", noColor: "").contains("\u{1B}["))
    }
}
