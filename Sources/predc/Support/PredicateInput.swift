// PredicateInput: where a command's predicate text comes from, by one rule for every command: the
// positional PREDICATE is always the predicate itself, never a file name; `-f FILE` reads it from a file
// (`-f -`, or a PREDICATE of `-`, from standard input). A PREDICATE that fails to compile and happens to
// name a file gets a note pointing at `-f`.

import PredicateLang

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of a predicate and the name its diagnostics use.
struct PredicateInput {
    /// The predicate text.
    var text: String
    /// `<argument>`, `<stdin>` or the file's path.
    var name: String

    /// The `-f` option every command that reads a predicate accepts.
    static let fileOption = OptionSpec.value("from-file", short: "f")

    /// The help line for `-f`.
    static let fileHelp: [(String, String)] = [
        ("-f, --from-file FILE", "Read the predicate from FILE ('-' for standard input); the"),
        ("", "PREDICATE argument is then left out."),
    ]

    /// The paragraph of every such command's help that states the rule.
    static let discussion = """
        The PREDICATE argument is always the predicate itself, even when a file has that name; '-f FILE'
        reads the predicate from a file, and '-f -' (or a PREDICATE of '-') from standard input.
        """

    /// The predicate of a command: the file of `-f` if given (then `positional` must be nil), else
    /// `positional` itself (`-` reads standard input). With neither, standard input is read when
    /// `readsStandardInputWhenAbsent` (and it is not a terminal), else the predicate is missing.
    static func resolve(
        _ positional: String?, _ arguments: ParsedArguments, readsStandardInputWhenAbsent: Bool, in context: Context
    ) throws(CommandFailure) -> PredicateInput {
        if let path = arguments.value("from-file") {
            if let positional {
                throw .usage(
                    UsageError(
                        "the predicate comes from '-f \(path)'; unexpected argument '\(positional)'"))
            }
            guard path != "-" else { return try readStandardInput(context) }
            let file: InputSource
            do throws(InputError) {
                file = try InputSource.file(path)
            } catch {
                throw .noInput(error.message)
            }
            return try read(file)
        }
        switch positional {
        case "-": return try readStandardInput(context)
        case .some(let text): return PredicateInput(text: text, name: "<argument>")
        case .none:
            guard readsStandardInputWhenAbsent else { throw .usage(UsageError("missing predicate")) }
            return try readStandardInput(context)
        }
    }

    /// Whether the predicate is read from standard input (`-f -` or a PREDICATE of `-`).
    static func readsStandardInput(_ positional: String?, _ arguments: ParsedArguments) -> Bool {
        arguments.value("from-file").map { $0 == "-" } ?? (positional == "-")
    }

    /// After a predicate given as an argument failed to compile: when its text names a regular file,
    /// a note on standard error that the argument was read as the predicate and `-f` reads the file.
    func noteIfFileName(command: String, in context: Context) {
        guard name == "<argument>", !text.isEmpty, text.utf8.count < 4096, Self.isRegularFile(text) else { return }
        let label = ANSIStyle.cyan.apply("note:", enabled: context.colorsStderr)
        context.stderr.line(
            "predc \(command): \(label) '\(text)' is also a file's name; the argument is the predicate itself "
                + "(to read the file, use -f \(ShellQuoting.quote(text)))")
    }

    private static func readStandardInput(_ context: Context) throws(CommandFailure) -> PredicateInput {
        if context.stdin.isTerminal {
            throw .usage(
                UsageError("no predicate given (pass it as an argument, with '-f FILE', or '-' for standard input)"))
        }
        return try read(context.stdin)
    }

    private static func read(_ source: InputSource) throws(CommandFailure) -> PredicateInput {
        do throws(InputError) {
            return PredicateInput(text: try source.readText(limit: 1 << 20), name: source.name)
        } catch {
            throw error.isContentProblem ? .dataError(error.message) : .noInput(error.message)
        }
    }

    /// Whether `path` names an existing regular file.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

/// Quoting a word for a POSIX shell, for commands that predc suggests.
enum ShellQuoting {
    /// `word` as is when it needs no quoting, else in single quotes (`'` written `'\''`).
    static func quote(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_./:=@%+,".unicodeScalars.contains(scalar))
            }
        if plain { return word }
        var quoted = "'"
        for character in word { quoted += character == "'" ? "'\\''" : String(character) }
        return quoted + "'"
    }
}

/// A failure that ends a command with a message on standard error and an exit status.
enum CommandFailure: Error {
    /// A command-line mistake (64).
    case usage(UsageError)
    /// Invalid input, message already formatted (65).
    case dataError(String)
    /// Invalid input at a position, printed as `LOCATION: error: message` (65).
    case dataErrorAt(String, location: String)
    /// An input that cannot be opened (66).
    case noInput(String)
    /// Diagnostics were already printed; exit with the status.
    case reported(ExitCode)

    /// Prints the message (if any) for `command` and returns the exit status.
    func report(_ command: String, in context: Context) throws(UsageError) -> ExitCode {
        switch self {
        case .usage(let error):
            throw error
        case .dataError(let message):
            context.error(message, command: command)
            return .dataError
        case .dataErrorAt(let message, let location):
            let label = ANSIStyle.red.apply("error:", enabled: context.colorsStderr)
            context.stderr.line("\(location): \(label) \(message)")
            return .dataError
        case .noInput(let message):
            context.error(message, command: command)
            return .noInput
        case .reported(let status):
            return status
        }
    }
}
