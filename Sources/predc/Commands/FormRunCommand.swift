// `predc form run`: the JSON state protocol the form conformance runner drives. FormEngine's
// FormProtocolDriver does the work; this command pipes action lines from standard input to it and
// its state lines to standard output, one per line, flushed after each so it can be driven live.

@_spi(FormProtocol) import FormEngine

/// `predc form run FORM.json [ACTIONS.jsonl | -] [--strict]`
enum FormRunCommand: Command {
    static let name = "form run"

    static let options: [OptionSpec] = [.flag("strict")]

    static let help = HelpText(
        summary: "Build a form and apply JSON actions, printing the form's state after each.",
        usage: ["form run FORM.json [ACTIONS.jsonl | -] [--strict]"],
        examples: [
            "form run signup-form.json < actions.jsonl",
            "form run signup-form.json <<< '{\"set\": {\"age\": 21}}'",
        ],
        options: [
            ("--strict", "Fail on conditions that read unknown tags or mismatch types (by default"),
            ("", "they are warnings, listed in every state line, and an unknown tag reads null)."),
        ],
        discussion: [
            """
            PROTOCOL: one JSON state line after the form is built, then one after each action line:
              {"visibleSections", "visibleRows", "allSections", "allRows", "hidden", "disabled",
               "effectiveDisabled", "required", "invalid", "values", "valuesIncludingHidden",
               "changes", "evaluated", "dependents", "positions", "table", "validation", "warnings"}
            "changes" names the rows and sections shown, hidden, enabled, disabled, made required or
            optional, whose value changed, inserted and removed; "positions" gives each its path and
            its location among the visible sections and rows (before the change for hidden and removed
            ones, after it for the others); "table" is the change as a table view's batch update;
            "validation" lists every validation message; "warnings" the problems of the conditions.
            Actions: {"set": {TAG: VALUE, ...}}, {"setCondition": {"tag", "property", "condition"}},
            {"addRow": {"section", "row", "index" | "after"}}, {"removeRow": TAG}, {"removeSection": TAG},
            {"addSection": {"section", "index"}}, {"batch": [ACTION, ...]}.
            A form that cannot be built (an unknown key, a cycle, ...) prints {"error": {"kind",
            "message", "path", "line", "column", ...}} and exits 65; an action that fails prints the
            unchanged state with an "error" key, and the run goes on.
            """
        ],
        exitStatuses: [
            (.success, "the form was built and every action line was read"),
            (.usage, "usage error"),
            (.dataError, "the form cannot be built (cycle, bad condition, duplicate tag, bad JSON)"),
            (.noInput, "a file cannot be opened"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            guard let path = arguments.positionals.first else { throw .usage(UsageError("missing FORM.json")) }
            do throws(UsageError) { try arguments.requireAtMost(2) } catch { throw .usage(error) }
            let file = try FormFile.load(path, in: context)
            let actions: InputSource
            do throws(InputError) {
                actions = try context.open(arguments.positionals.count > 1 ? arguments.positionals[1] : nil)
            } catch {
                throw .noInput(error.message)
            }
            let driver = FormProtocolDriver(
                definition: file.text, sourceName: file.name, strict: arguments.has("strict"))
            context.stdout.line(driver.initialLine)
            context.stdout.flush()
            guard driver.didBuild else { return .dataError }
            var reader = LineReader(actions)
            while let next = reader.next() {
                guard case .line(let bytes, _) = next else {
                    // An over-long or unreadable line still gets its state line (with the parse error).
                    context.stdout.line(driver.perform(""))
                    continue
                }
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                context.stdout.line(driver.perform(String(decoding: bytes, as: UTF8.self)))
                context.stdout.flush()
            }
            return .success
        } catch {
            return try error.report(name, in: context)
        }
    }
}
