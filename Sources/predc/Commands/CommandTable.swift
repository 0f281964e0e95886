// CommandTable: the list of predc's commands, the top-level help with the exit-status table, and
// dispatch from argv to a command (including the `form` group and `help <command>`).

/// predc's commands and how a command line reaches one.
enum CommandTable {
    /// Every command, in the order the top-level help lists them.
    static var commands: [any Command.Type] {
        [
            EvalCommand.self, FormatCommand.self, LintCommand.self, ExplainCommand.self, FilterCommand.self,
            FormRunCommand.self, FormCheckCommand.self, FormGraphCommand.self, FormExplainCommand.self,
        ]
    }

    /// The version `--version` prints.
    static let version = "0.1.0"

    /// The text of `predc --help`.
    static var help: String {
        var lines = [
            "OVERVIEW: predc compiles, evaluates, formats and lints NSPredicate format strings, and runs",
            "conditional forms whose hidden/disabled conditions are predicates.",
            "",
            "USAGE: predc <command> [options]",
            "       predc help <command>",
            "",
            "EXAMPLES:",
            "  predc eval 'age >= 18 AND name BEGINSWITH[c] \"j\"' --object '{\"age\": 21, \"name\": \"Jo\"}'",
            "  predc filter 'age >= 18' people.jsonl",
            "  predc form graph signup-form.json | dot -Tsvg > signup.svg",
            "",
            "COMMANDS:",
        ]
        lines += HelpText.table(commands.map { ($0.name, $0.help.summary) }, width: 14)
        lines += [
            "",
            "OPTIONS:",
        ]
        lines += HelpText.table(
            [
                ("--color WHEN", "Colour diagnostics: auto (default: only on a terminal, and never"),
                ("", "with NO_COLOR set), always or never."),
                ("--no-color", "Same as --color never."),
                ("--version", "Print the version."),
                ("-h, --help", "Show this help; 'predc <command> --help' shows a command's help."),
            ], width: 14)
        lines += [
            "",
            "Diagnostics are printed as FILE:LINE:COLUMN: error|warning|note: message, followed by the",
            "source line and a caret; columns count characters from 1. A predicate given on the command",
            "line is named <argument>, one read with -f FILE by its path, standard input <stdin>. A",
            "PREDICATE argument is always the predicate itself, never a file name. Control characters",
            "print as <U+001B>; a long line is cut around the caret, and after 20 diagnostics the rest",
            "are counted.",
            "",
            "EXIT STATUS:",
            ExitCode.table,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text of `predc form --help`: the form commands.
    static var formHelp: String {
        var lines = [
            "OVERVIEW: Commands for conditional forms defined in JSON.", "",
            "USAGE: predc form <command> FORM.json ...",
            "", "COMMANDS:",
        ]
        lines += HelpText.table(
            commands.filter { $0.name.hasPrefix("form ") }.map { ($0.name, $0.help.summary) }, width: 14)
        lines += ["", "Run 'predc form <command> --help' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs predc with `arguments` (without the program name).
    static func run(_ arguments: [String], in context: Context) -> ExitCode {
        var arguments = arguments
        do throws(UsageError) {
            context.colorMode = try extractColorMode(&arguments)
        } catch {
            context.error(error.message)
            return .usage
        }
        guard let first = arguments.first else {
            context.stderr.write(help)
            return .usage
        }
        switch first {
        case "--help", "-h":
            context.stdout.write(help)
            return .success
        case "--version":
            context.stdout.line("predc " + version)
            return .success
        case "help":
            return runHelp(Array(arguments.dropFirst()), in: context)
        case "form" where arguments.count == 1 || arguments[1] == "--help" || arguments[1] == "-h":
            if arguments.count == 1 {
                context.stderr.write(formHelp)
                return .usage
            }
            context.stdout.write(formHelp)
            return .success
        default:
            break
        }
        let (command, rest) = resolve(arguments)
        guard let command else {
            let name = first == "form" ? "form " + (arguments.dropFirst().first ?? "") : first
            var message = name == "form " ? "missing form command" : "unknown command '\(name)'"
            if let suggestion = Suggestions.closest(to: name, in: commands.map { $0.name }) {
                message += "; did you mean '\(suggestion)'?"
            } else if first == "form" {
                message +=
                    "; expected one of: "
                    + commands.map { $0.name }.filter { $0.hasPrefix("form ") }
                    .joined(separator: ", ")
            }
            context.error(message)
            context.stderr.line("Run 'predc --help' for the list of commands.")
            return .usage
        }
        return run(command, rest, in: context)
    }

    /// Parses `arguments` for `command` and runs it, turning usage errors into exit status 64.
    static func run(_ command: any Command.Type, _ arguments: [String], in context: Context) -> ExitCode {
        do throws(UsageError) {
            let parsed = try ArgumentParser(command.options).parse(arguments)
            if parsed.has("help") {
                context.stdout.write(command.help.render())
                return .success
            }
            return try command.run(parsed, in: context)
        } catch {
            context.error(error.message, command: command.name)
            context.stderr.line("usage: predc " + (command.help.usage.first ?? command.name))
            context.stderr.line("Run 'predc \(command.name) --help' for more information.")
            return .usage
        }
    }

    /// The command a command line names (one word, or two for `form ...`) and the rest.
    static func resolve(_ arguments: [String]) -> ((any Command.Type)?, [String]) {
        guard let first = arguments.first else { return (nil, []) }
        if first == "form" {
            guard arguments.count > 1 else { return (nil, []) }
            let name = "form " + arguments[1]
            return (commands.first { $0.name == name }, Array(arguments.dropFirst(2)))
        }
        return (commands.first { $0.name == first }, Array(arguments.dropFirst()))
    }

    private static func runHelp(_ arguments: [String], in context: Context) -> ExitCode {
        if arguments.isEmpty {
            context.stdout.write(help)
            return .success
        }
        let (command, rest) = resolve(arguments)
        guard let command, rest.isEmpty else {
            context.error("no help for '\(arguments.joined(separator: " "))'")
            return .usage
        }
        context.stdout.write(command.help.render())
        return .success
    }

    /// Removes `--color WHEN`, `--color=WHEN` and `--no-color` from before any `--`.
    static func extractColorMode(_ arguments: inout [String]) throws(UsageError) -> ColorMode {
        var mode = ColorMode.auto
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            var value: String?
            if argument == "--no-color" {
                value = "never"
                arguments.remove(at: index)
            } else if argument.hasPrefix("--color=") {
                value = String(argument.dropFirst("--color=".count))
                arguments.remove(at: index)
            } else if argument == "--color" {
                guard index + 1 < arguments.count else { throw UsageError("missing value for option '--color'") }
                value = arguments[index + 1]
                arguments.removeSubrange(index...(index + 1))
            } else {
                index += 1
            }
            if let value {
                guard let parsed = ColorMode(rawValue: value) else {
                    throw UsageError("invalid value '\(value)' for '--color'; expected auto, always or never")
                }
                mode = parsed
            }
        }
        return mode
    }
}
