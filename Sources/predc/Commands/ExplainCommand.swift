// `predc explain`: everything the pipeline knows about one predicate — the syntax tree, the canonical
// form, the dependencies (key paths, $variables with the property read, tags), what constant folding
// did, and the bytecode listing interleaved with the source lines (SQLite EXPLAIN, clox disassembler).
// With `--schema`, the predicate is checked against a JSON Schema first and its diagnostics shown.

import PredicateLang

/// `predc explain ['PREDICATE' | -f FILE | -] [--json] [--arg JSON]... [--tags TAG,TAG... | --schema FILE]`
enum ExplainCommand: Command {
    static let name = "explain"

    static let options: [OptionSpec] = [
        .flag("json"), .value("arg", repeatable: true), .value("tags"), .value("schema"), PredicateInput.fileOption,
    ]

    static let help = HelpText(
        summary: "Show how a predicate is parsed, what it reads, and the bytecode it compiles to.",
        usage: ["explain [PREDICATE | -f FILE | -] [--json] [--arg JSON]... [--tags TAG,TAG... | --schema FILE]"],
        examples: [
            "explain 'age >= 18 AND name BEGINSWITH[c] \"jo\"'",
            "explain '$country.value == \"US\" AND NOT $license.isHidden' --tags country,license",
            "explain 'total > 2 * 50' --json",
            "explain 'SUBQUERY(items, $i, $i.qty > 1).@count > 0' --schema orders.schema.json",
        ],
        options: PredicateInput.fileHelp + [
            ("--json", "Print one JSON document instead of the text listing."),
            ("--arg JSON", "A format argument for %@ %K %d %f ..., in order (repeatable)."),
            ("--tags TAG,TAG...", "Compile in form mode: $TAG reads the row slot of TAG."),
        ] + SchemaFile.helpOptions(conforms: false),
        discussion: [
            PredicateInput.discussion + "\nWith neither, the predicate is read from standard input.",
            """
            The listing has these parts: the tokens, the syntax tree (one S-expression), the canonical form, the
            dependencies (key paths read from the object, $variables with the property read - value,
            isHidden or isDisabled - and the tags), what constant folding replaced, and the bytecode:
            offset, source line:column, mnemonic and operands, with each source line shown above its
            first instruction.
            """,
        ],
        exitStatuses: [
            (.success, "explained"),
            (.usage, "usage error"),
            (.dataError, "the predicate does not compile, or --schema finds errors"),
            (.noInput, "an input file cannot be opened"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            do throws(UsageError) { try arguments.requireAtMost(1) } catch { throw .usage(error) }
            if arguments.value("tags") != nil, arguments.value("schema") != nil {
                throw .usage(UsageError("use either '--tags' or '--schema', not both"))
            }
            let formatArguments = try ValueArguments.arguments(arguments)
            let schema = try SchemaFile.load(arguments, in: context)
            let input = try PredicateInput.resolve(
                arguments.positionals.first, arguments, readsStandardInputWhenAbsent: true, in: context)
            var symbols: SymbolTable?
            if let tags = arguments.value("tags") {
                symbols = SymbolTable(tags: tags.split(separator: ",").map { String($0).trimmingWhitespace })
            }
            let compiled =
                if let schema {
                    CompiledPredicate.compile(
                        input.text, arguments: formatArguments, schema: schema, sourceName: input.name)
                } else {
                    CompiledPredicate.compile(
                        input.text, arguments: formatArguments, symbols: symbols, sourceName: input.name)
                }
            DiagnosticOutput(source: compiled.source, context: context).print(compiled.diagnostics)
            guard let predicate = compiled.predicate, !compiled.diagnostics.hasErrors else {
                input.noteIfFileName(command: name, in: context)
                throw .reported(.dataError)
            }
            let explanation = Explanation(predicate, arguments: formatArguments)
            context.stdout.write(arguments.has("json") ? explanation.json + "\n" : explanation.text)
            return .success
        } catch {
            return try error.report(name, in: context)
        }
    }
}
