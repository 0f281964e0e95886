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

    @Test func diagnosticsAreNotColouredWhenPiped() throws {
        let run = try predcProcess(["eval", "1 =="], environment: ["TERM": "xterm-256color"])
        #expect(!run.stderr.contains("\u{1B}["))
        let forced = try predcProcess(["--color", "always", "eval", "1 =="])
        #expect(forced.stderr.contains("\u{1B}["))
    }
}
