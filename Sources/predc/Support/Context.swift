// Context: what a command runs with — its output channels, standard input, the environment and the
// colour choice. The real process builds one from file descriptors; tests build one in memory.

/// The world a command sees. Commands never touch file descriptors or `exit` directly.
final class Context {
    /// Results.
    let stdout: OutputChannel
    /// Diagnostics and progress.
    let stderr: OutputChannel
    /// Standard input.
    let stdin: InputSource
    /// Environment variables (`NO_COLOR`, `TERM`).
    let environment: [String: String]
    /// `--color` as given on the command line.
    var colorMode: ColorMode = .auto

    init(stdout: OutputChannel, stderr: OutputChannel, stdin: InputSource, environment: [String: String]) {
        self.stdout = stdout
        self.stderr = stderr
        self.stdin = stdin
        self.environment = environment
    }

    /// A context that captures output and reads `input` as standard input (for tests).
    static func capturing(stdin input: String = "", environment: [String: String] = [:]) -> Context {
        Context(
            stdout: OutputChannel(capturing: ()), stderr: OutputChannel(capturing: ()),
            stdin: .memory(input), environment: environment)
    }

    /// Whether diagnostics on standard error are coloured.
    var colorsStderr: Bool { colorMode.useColor(on: stderr, environment: environment) }

    /// Prints `predc[ command]: error: message` on standard error (GNU style for errors with no file).
    func error(_ message: String, command: String? = nil) {
        let prefix = command.map { "predc \($0)" } ?? "predc"
        let label = ANSIStyle.red.apply("error:", enabled: colorsStderr)
        stderr.line("\(prefix): \(label) \(message)")
    }

    /// Opens a file argument; nil or `-` is standard input.
    func open(_ argument: String?) throws(InputError) -> InputSource {
        guard let argument, argument != "-" else { return stdin }
        return try InputSource.file(argument)
    }

    /// Writes pending output.
    func flush() {
        stdout.flush()
        stderr.flush()
    }
}
