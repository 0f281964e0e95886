// `predc format`: prints a predicate in canonical form (NSPredicate's predicateFormat where that keeps
// the meaning), from an argument, a file or standard input; `--check` reports non-canonical input;
// `--jsonl` runs the conformance batch protocol with `$variable` substitution.

import PredicateLang

/// `predc format [PREDICATE | -f FILE | -] [--check] [--arg JSON]... [--var NAME=JSON]...`
enum FormatCommand: Command {
    static let name = "format"

    static let options: [OptionSpec] = [
        .flag("check"), .flag("jsonl"), .value("arg", repeatable: true), .value("var", repeatable: true),
        PredicateInput.fileOption,
    ]

    static let help = HelpText(
        summary: "Print a predicate in canonical form.",
        usage: [
            "format [PREDICATE | -f FILE | -] [--check] [--arg JSON]... [--var NAME=JSON]...",
            "format --jsonl [FILE | -]",
        ],
        examples: [
            "format 'age>=18 and name beginswith[c] \"j\"'",
            "format --check -f rules/adult.predicate",
            "format 'name == $who' --var who='\"Jo\"'",
        ],
        options: PredicateInput.fileHelp + [
            ("--check", "Print nothing; exit 1 if the input is not already in canonical form."),
            ("--arg JSON", "A format argument for %@ %K %d %f ..., in order (repeatable)."),
            ("--var NAME=JSON", "Replace $NAME by this typed-JSON constant before printing."),
            ("--jsonl", "Batch mode: {\"id\", \"format\", \"args\"?, \"variables\"?} per line in,"),
            ("", "{\"id\", \"format\": \"<canonical>\"} or {\"id\", \"error\": {...}} per line out."),
        ],
        discussion: [
            PredicateInput.discussion + "\nWith neither, the predicate is read from standard input.",
            """
            The canonical form reads back as the same predicate: it evaluates exactly as the input
            does, and formatting it again gives the same text. It is what NSPredicate's predicateFormat
            prints except where that would change the meaning: doubles keep a fraction (2.0, not 2),
            infinity prints 1e999, keys that are not identifiers print quoted (#"first name").
            """,
        ],
        exitStatuses: [
            (.success, "printed (--check: already canonical; --jsonl: every request succeeded)"),
            (.falseOrFindings, "--check: not canonical; --jsonl: some request failed"),
            (.usage, "usage error"),
            (.dataError, "the predicate does not parse"),
            (.noInput, "an input file cannot be opened"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            do throws(UsageError) { try arguments.requireAtMost(1) } catch { throw .usage(error) }
            if arguments.has("jsonl") { return try runBatch(arguments, in: context) }
            let input = try PredicateInput.resolve(
                arguments.positionals.first, arguments, readsStandardInputWhenAbsent: true, in: context)
            let formatArguments = try ValueArguments.arguments(arguments)
            let variables = try ValueArguments.variables(arguments)
            let parsed = SyntaxTree.parse(input.text, arguments: formatArguments, sourceName: input.name)
            DiagnosticOutput(source: parsed.source, context: context).print(parsed.diagnostics)
            guard var tree = parsed.tree, !parsed.diagnostics.hasErrors else {
                input.noteIfFileName(command: name, in: context)
                throw .reported(.dataError)
            }
            if !variables.isEmpty { tree = tree.substituting(variables) }
            let canonical = tree.format
            if arguments.has("check") {
                let original = input.text.trimmingWhitespace
                guard original == canonical else {
                    context.stderr.line("\(input.name): not in canonical form; expected: \(canonical)")
                    return .falseOrFindings
                }
                return .success
            }
            context.stdout.line(canonical)
            return .success
        } catch {
            return try error.report(name, in: context)
        }
    }

    private static func runBatch(_ arguments: ParsedArguments, in context: Context) throws(CommandFailure)
        -> ExitCode
    {
        for option in ["var", "arg", "from-file"] where arguments.values[option] != nil {
            throw .usage(UsageError("'--\(option)' cannot be used with '--jsonl'; put it in each request"))
        }
        if arguments.has("check") { throw .usage(UsageError("'--check' cannot be used with '--jsonl'")) }
        let source: InputSource
        do throws(InputError) {
            source = try context.open(arguments.positionals.first)
        } catch {
            throw .noInput(error.message)
        }
        let allSucceeded = JSONLProtocol.run(source, to: context.stdout) { request in
            format(request).map { JSONLProtocol.response(id: request.idJSON, "format", JSONText.quote($0)) }
        }
        return allSucceeded ? .success : .falseOrFindings
    }

    /// Parses one batch request, substitutes its bound variables and prints it canonically.
    static func format(_ request: JSONLRequest) -> Result<String, JSONLError> {
        let parsed = SyntaxTree.parse(request.format, arguments: request.arguments, sourceName: "<request>")
        guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else {
            return .failure(.parse(parsed.diagnostics, source: parsed.source))
        }
        return .success((request.variables.isEmpty ? tree : tree.substituting(request.variables)).format)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
