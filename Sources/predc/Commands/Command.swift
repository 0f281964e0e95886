// Command: what every predc subcommand provides (name, help, options, run) and the help layout
// they share. The list of commands and the dispatch live in CommandTable.swift.

/// A predc subcommand.
protocol Command {
    /// The words after `predc`, such as `eval` or `form run`.
    static var name: String { get }
    /// The help text (`predc <name> --help`), kept as a golden file.
    static var help: HelpText { get }
    /// The options the command accepts (`--help` is added for every command).
    static var options: [OptionSpec] { get }
    /// Runs the command. A ``UsageError`` is printed with a pointer to `--help` and exits 64.
    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode
}

/// The parts of a command's help, rendered in one layout for every command.
struct HelpText {
    /// One sentence: what the command does.
    var summary: String
    /// Usage lines, each after `predc `.
    var usage: [String]
    /// Two or three example invocations, each after `predc `.
    var examples: [String]
    /// Option spellings and their descriptions.
    var options: [(String, String)]
    /// Further paragraphs (input format, protocol), if any.
    var discussion: [String] = []
    /// The exit statuses this command uses, with what each means for it.
    var exitStatuses: [(ExitCode, String)]

    /// The text printed by `--help`.
    func render() -> String {
        var lines = ["OVERVIEW: " + summary, ""]
        for (index, line) in usage.enumerated() {
            lines.append((index == 0 ? "USAGE: " : "       ") + "predc " + line)
        }
        for paragraph in discussion {
            lines.append("")
            lines.append(
                contentsOf: paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        if !examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            lines += examples.map { "  predc " + $0 }
        }
        lines += ["", "OPTIONS:"]
        let allOptions = options + [("-h, --help", "Show this help.")]
        lines += HelpText.table(allOptions)
        if !exitStatuses.isEmpty {
            lines += ["", "EXIT STATUS:"]
            lines += HelpText.table(exitStatuses.map { (String($0.0.rawValue), $0.1) }, width: 5)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Two aligned columns; a first column wider than `width` puts the description on its own line.
    static func table(_ rows: [(String, String)], width: Int = 26) -> [String] {
        var lines: [String] = []
        for (left, right) in rows {
            if left.count + 2 > width {
                lines.append("  " + left)
                if !right.isEmpty { lines.append(String(repeating: " ", count: width + 2) + right) }
            } else {
                lines.append("  " + left + String(repeating: " ", count: width - left.count) + right)
            }
        }
        return lines.map { line in
            var line = line
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
