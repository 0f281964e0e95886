// PredicateInput: where a command's predicate text comes from — the argument itself, a file it
// names, or standard input (`-` or no argument) — and the name diagnostics give it.

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

    /// Resolves `argument`: nil or `-` reads standard input; an existing regular file is read when
    /// `allowFile` is set; anything else is the predicate itself.
    static func resolve(_ argument: String?, allowFile: Bool, in context: Context) throws(CommandFailure)
        -> PredicateInput
    {
        guard let argument, argument != "-" else {
            if context.stdin.isTerminal {
                throw .usage(
                    UsageError("no predicate given (pass it as an argument, a file, or '-' for standard input)"))
            }
            return try read(context.stdin)
        }
        if allowFile, isRegularFile(argument) {
            let file: InputSource
            do throws(InputError) {
                file = try InputSource.file(argument)
            } catch {
                throw .noInput(error.message)
            }
            return try read(file)
        }
        return PredicateInput(text: argument, name: "<argument>")
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
