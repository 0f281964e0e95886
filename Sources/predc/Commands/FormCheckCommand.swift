// `predc form check`: every problem of a form definition at once (FormEngine's FormChecker): JSON
// and shape errors, condition parse errors, unknown tags with "did you mean", duplicate tags, cycles,
// elements that can never be shown — each as `form.json: sections[1].rows[0].hidden:1:5: error: ...`.

import FormEngine

/// `predc form check FORM.json [--strict] [--json]`
enum FormCheckCommand: Command {
    static let name = "form check"

    static let options: [OptionSpec] = [.flag("strict"), .flag("json")]

    static let help = HelpText(
        summary: "Report every problem of a form definition.",
        usage: ["form check FORM.json [--strict] [--json]"],
        examples: [
            "form check signup-form.json",
            "form check signup-form.json --strict --json",
        ],
        options: [
            ("--strict", "Fail (exit 1) on warnings too."),
            ("--json", "Print one JSON object per problem on standard output instead."),
        ],
        discussion: [
            """
            Each problem is printed on standard error as FILE: PATH:LINE:COLUMN: error|warning: message,
            where PATH is the JSON path of the condition (sections[1].rows[0].hidden) and LINE:COLUMN
            the position inside the condition text, followed by the condition and a caret.
            """
        ],
        exitStatuses: [
            (.success, "no problems (or only warnings, without --strict)"),
            (.falseOrFindings, "--strict: there were warnings"),
            (.usage, "usage error"),
            (.dataError, "the form has errors"),
            (.noInput, "the form file cannot be opened"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            guard let path = arguments.positionals.first else { throw .usage(UsageError("missing FORM.json")) }
            do throws(UsageError) { try arguments.requireAtMost(1) } catch { throw .usage(error) }
            let file = try FormFile.load(path, in: context)
            let problems = FormChecker.check(json: file.text)
            if arguments.has("json") {
                for problem in problems { context.stdout.line(json(problem)) }
            } else {
                for problem in problems { context.stderr.line(problem.rendered(sourceName: file.name)) }
            }
            if problems.contains(where: { $0.severity == .error }) { return .dataError }
            return arguments.has("strict") && !problems.isEmpty ? .falseOrFindings : .success
        } catch {
            return try error.report(name, in: context)
        }
    }

    /// One problem as a JSON object.
    static func json(_ problem: FormCheckProblem) -> String {
        var object = JSONObjectWriter()
        object.string("severity", problem.severity.rawValue)
        object.string("id", problem.id)
        object.string("message", problem.message)
        object.string("path", problem.path)
        if let location = problem.location {
            object.int("line", location.line)
            object.int("column", location.column)
        }
        if let text = problem.conditionText { object.string("condition", text) }
        if !problem.notes.isEmpty { object.strings("notes", problem.notes) }
        return object.result
    }
}
