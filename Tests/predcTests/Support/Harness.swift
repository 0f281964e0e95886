// Harness: runs predc in-process (through CommandTable with a capturing Context) or as a
// subprocess (the built binary next to the test bundle), and returns status, stdout and stderr.

import Foundation

@testable import predc

/// What one predc run produced.
struct RunResult: CustomStringConvertible {
    var status: ExitCode
    var stdout: String
    var stderr: String

    var description: String { "status \(status.rawValue)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs predc in-process with `arguments`, `stdin` as standard input and no colour.
func predc(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) -> RunResult {
    let context = Context.capturing(stdin: stdin, environment: environment)
    let status = CommandTable.run(arguments, in: context)
    return RunResult(status: status, stdout: context.stdout.capturedText, stderr: context.stderr.capturedText)
}

/// Variadic convenience.
func predc(_ arguments: String..., stdin: String = "") -> RunResult { predc(arguments, stdin: stdin) }

/// Paths used by tests.
enum TestPaths {
    /// `Tests/predcTests`.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    /// The package root.
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// `Examples/` at the package root.
    static let examples = packageRoot.appendingPathComponent("Examples")

    /// The built `predc` binary: next to the test bundle, else in `.build/debug`.
    static var binary: URL? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            var directory = executable.deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("predc"))
                directory = directory.deletingLastPathComponent()
            }
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/predc"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A fresh temporary file with `contents`.
    static func temporaryFile(_ contents: String, suffix: String = ".txt") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("predc-test-\(UUID().uuidString)\(suffix)")
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// Runs the built predc binary as a subprocess.
func predcProcess(_ arguments: [String], stdin: String = "", environment: [String: String]? = nil) throws
    -> (status: Int32, stdout: String, stderr: String)
{
    guard let binary = TestPaths.binary else { throw HarnessError.binaryNotFound }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let environment { process.environment = environment }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

enum HarnessError: Error { case binaryNotFound }
