// ExitCode: the one table of exit statuses predc uses, printed by `predc --help` and tested.
// The numbers follow sysexits.h where a meaning exists there (64, 65, 66, 70).

/// How a `predc` run ended. Every command returns one of these; nothing else reaches `exit(3)`.
enum ExitCode: Int32, CaseIterable, Sendable {
    /// The command succeeded; for `eval`, the predicate is true.
    case success = 0
    /// `eval`: the predicate is false. `lint --strict`: warnings were found. `format --check`: a
    /// predicate is not in canonical form.
    case falseOrFindings = 1
    /// Bad command line: unknown command or option, missing or extra argument (EX_USAGE).
    case usage = 64
    /// Invalid input: the predicate does not compile, a JSON value or form definition is malformed,
    /// a JSON Lines input had malformed lines (EX_DATAERR).
    case dataError = 65
    /// An input file cannot be opened or read (EX_NOINPUT).
    case noInput = 66
    /// Evaluation failed (`eval`), or an internal error (EX_SOFTWARE).
    case evaluationError = 70

    /// One line for the table in `predc --help`.
    var summary: String {
        switch self {
        case .success: "success; eval: the predicate is true"
        case .falseOrFindings: "eval: false; lint --strict: warnings; format --check: not canonical"
        case .usage: "usage error (unknown command or option, missing argument)"
        case .dataError: "invalid input (predicate does not compile, bad JSON, bad form)"
        case .noInput: "an input file cannot be opened"
        case .evaluationError: "evaluation error, or internal error"
        }
    }

    /// The table as printed at the end of `predc --help`.
    static var table: String {
        allCases.map { status in
            let number = String(status.rawValue)
            return "  " + number + String(repeating: " ", count: max(1, 5 - number.count)) + status.summary
        }.joined(separator: "\n")
    }
}
