// `predc lint`: syntax diagnostics plus lint rules (Lint/), each warning tagged with its rule id as
// `FILE:LINE:COLUMN: warning: [rule] message`. `--tags` / `--form` enable the rules that need to know
// the form; `--schema` checks the key paths and types against a JSON Schema; `--strict` turns warnings
// into errors and a failing exit status.

import PredicateLang

/// `predc lint [PREDICATE | -f FILE | -] [--tags a,b,c | --form FORM.json] [--schema FILE] [--strict]`
enum LintCommand: Command {
    static let name = "lint"

    static let options: [OptionSpec] = [
        .value("tags"), .value("form"), .value("schema"), .flag("strict"), PredicateInput.fileOption,
    ]

    static var help: HelpText {
        HelpText(
            summary: "Check a predicate for syntax errors and likely mistakes.",
            usage: [
                "lint [PREDICATE | -f FILE | -] [--tags TAG,TAG... | --form FORM.json] [--schema FILE] [--strict]",
                "lint --form FORM.json [--strict]",
            ],
            examples: [
                "lint 'age > 18 OR country == \"FR\" AND verified == YES'",
                "lint '$hobbys CONTAINS \"Films\"' --tags hobbies,name",
                "lint -f conditions/license.predicate --form signup-form.json --strict",
                "lint --form signup-form.json",
                "lint 'custmer.country == \"NZ\"' --schema orders.schema.json",
            ],
            options: PredicateInput.fileHelp + [
                ("--tags TAG,TAG...", "The tags that exist; a $tag not among them is reported."),
                ("--form FORM.json", "Take the tags and the row types from a form definition."),
            ] + SchemaFile.helpOptions(conforms: false) + [
                ("--strict", "Report warnings as errors and exit 1 when there are any.")
            ],
            discussion: [
                PredicateInput.discussion,
                "With no predicate (neither PREDICATE nor -f), every condition of the --form is checked, and\n"
                    + "findings are positioned in FORM.json; without --form the predicate is read from\n"
                    + "standard input.",
                "RULES:\n"
                    + HelpText.table(Linter.rules.map { ($0.id, $0.summary) }, width: 20).joined(separator: "\n"),
            ],
            exitStatuses: [
                (.success, "no findings, or only warnings without --strict"),
                (.falseOrFindings, "--strict: there were warnings"),
                (.usage, "usage error"),
                (.dataError, "the predicate does not parse, --schema finds errors, or the form file is malformed"),
                (.noInput, "an input file cannot be opened"),
            ])
    }

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            do throws(UsageError) { try arguments.requireAtMost(1) } catch { throw .usage(error) }
            if arguments.value("tags") != nil, arguments.value("form") != nil {
                throw .usage(UsageError("use either '--tags' or '--form', not both"))
            }
            if arguments.positionals.isEmpty, arguments.value("from-file") == nil, let path = arguments.value("form") {
                if arguments.value("schema") != nil {
                    throw .usage(UsageError("'--schema' checks a predicate; give one, or leave '--schema' out"))
                }
                return try lintForm(path, strict: arguments.has("strict"), in: context)
            }
            let schema = try SchemaFile.load(arguments, in: context)
            let input = try PredicateInput.resolve(
                arguments.positionals.first, arguments, readsStandardInputWhenAbsent: true, in: context)
            let parsed = SyntaxTree.parse(input.text, sourceName: input.name)
            let output = DiagnosticOutput(source: parsed.source, context: context)
            output.print(parsed.diagnostics)
            guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else {
                input.noteIfFileName(command: name, in: context)
                throw .reported(.dataError)
            }
            var lintInput = LintInput(tree: tree, source: parsed.source, knownTags: nil)
            if let tags = arguments.value("tags") {
                lintInput.knownTags = tags.split(separator: ",").map { String($0).trimmingWhitespace }.filter {
                    !$0.isEmpty
                }
            }
            if let path = arguments.value("form") {
                let sketch = try FormSketch(try FormFile.load(path, in: context))
                lintInput.knownTags = sketch.tags
                lintInput.rowKinds = sketch.rowKinds
            }
            let strict = arguments.has("strict")
            var checked = schema?.diagnostics(for: tree) ?? []
            let schemaErrors = checked.hasErrors
            if strict {
                for index in checked.indices where checked[index].severity == .warning {
                    checked[index].severity = .error
                }
            }
            let findings = Linter.findings(lintInput)
            output.print(checked + findings.map { $0.diagnostic(severity: strict ? .error : .warning) })
            if schemaErrors { return .dataError }
            return strict && !(findings.isEmpty && checked.isEmpty) ? .falseOrFindings : .success
        } catch {
            return try error.report(name, in: context)
        }
    }

    /// Lints every predicate condition of a form, positioning findings in the form file.
    private static func lintForm(_ path: String, strict: Bool, in context: Context) throws(CommandFailure) -> ExitCode {
        let sketch = try FormSketch(try FormFile.load(path, in: context))
        var diagnostics: [Diagnostic] = []
        var syntaxErrors = false
        for element in sketch.elements {
            for condition in element.conditions {
                guard case .predicate(let text) = condition.text else { continue }
                let parsed = SyntaxTree.parse(text, sourceName: sketch.source.name)
                var found = parsed.diagnostics
                syntaxErrors = syntaxErrors || parsed.diagnostics.hasErrors
                if let tree = parsed.tree, !parsed.diagnostics.hasErrors {
                    let input = LintInput(
                        tree: tree, source: parsed.source, knownTags: sketch.tags, rowKinds: sketch.rowKinds)
                    found += Linter.findings(input).map { $0.diagnostic(severity: strict ? .error : .warning) }
                }
                diagnostics += found.map { sketch.relocate($0, into: condition) }
            }
        }
        DiagnosticOutput(source: sketch.source, context: context).print(diagnostics)
        if syntaxErrors { return .dataError }
        return strict && !diagnostics.isEmpty ? .falseOrFindings : .success
    }
}
