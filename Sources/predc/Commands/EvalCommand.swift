// `predc eval`: compiles a predicate, evaluates it against a typed-JSON object and prints true or
// false (exit 0 / 1). `--schema` checks the predicate against a JSON Schema and reads the object through
// it; `--trace` prints every executed instruction with the stack; `--jsonl` runs the conformance batch
// protocol (JSONLProtocol.swift).

import PredicateLang

/// `predc eval ('PREDICATE' | -f FILE) [--object JSON | --object-file FILE] [--schema FILE] [--var NAME=JSON]... [--arg JSON]...`
enum EvalCommand: Command {
    static let name = "eval"

    static let options: [OptionSpec] = [
        .value("object"), .value("object-file"), .value("schema"), .value("var", repeatable: true),
        .value("arg", repeatable: true), .flag("trace"), .flag("jsonl"), PredicateInput.fileOption,
    ]

    static let help = HelpText(
        summary: "Evaluate a predicate against an object and print true or false.",
        usage: [
            "eval 'PREDICATE' [--object JSON | --object-file FILE] [--schema FILE] [--var NAME=JSON]... [--arg JSON]... [--trace]",
            "eval -f PREDICATE-FILE [options]",
            "eval --jsonl [FILE | -]",
        ],
        examples: [
            "eval 'age >= 18 AND name BEGINSWITH[c] \"j\"' --object '{\"age\": 21, \"name\": \"Jo\"}'",
            "eval 'ANY tags == $tag' --object-file profile.json --var tag='\"admin\"'",
            "eval 'name == %@ AND age > %d' --arg '\"Jo\"' --arg 18 --object '{\"name\": \"Jo\", \"age\": 30}'",
            "eval 'createdAt > $since' --schema orders.schema.json --object-file order.json --var since='{\"$date\": \"2024-01-01\"}'",
            "eval -f rules/adult.predicate --object-file profile.json",
        ],
        options: PredicateInput.fileHelp + [
            ("--object JSON", "The object the predicate is evaluated against (typed JSON: integers"),
            ("", "vs doubles by spelling, {\"$date\": ISO-8601}, {\"$set\": [...]}). Default: nil."),
            ("--object-file FILE", "Read the object from FILE ('-' for standard input)."),
        ] + SchemaFile.helpOptions(conforms: true) + [
            ("--var NAME=JSON", "Bind $NAME to a typed-JSON value (repeatable)."),
            ("--arg JSON", "A format argument for %@ %K %d %f ..., in order (repeatable)."),
            ("--trace", "Print each executed instruction and the stack on standard error."),
            ("--jsonl", "Batch mode: one JSON request per line from FILE or standard input,"),
            ("", "one JSON response per line on standard output (BATCH MODE)."),
        ],
        discussion: [
            PredicateInput.discussion,
            """
            BATCH MODE (--jsonl):
              request:  {"id": "c1", "format": "name BEGINSWITH[c] %@", "args": ["jo"],
                         "object": {"name": "John"}, "variables": {"x": 1}}
              response: {"id": "c1", "result": true}
                        {"id": "c2", "error": {"phase": "parse", "message": "...", "line": 1, "column": 9}}
              'phase' is input (not a JSON request), parse (the predicate or its arguments are
              invalid) or eval (evaluation failed). A bad line never stops the stream; blank lines
              are skipped. 'object' absent means nil.
            """,
        ],
        exitStatuses: [
            (.success, "the predicate is true (--jsonl: every request succeeded)"),
            (.falseOrFindings, "the predicate is false (--jsonl: some request failed)"),
            (.usage, "usage error"),
            (.dataError, "the predicate does not compile, --schema finds errors, or a JSON value is malformed"),
            (.noInput, "an input file cannot be opened"),
            (.evaluationError, "evaluation failed (the error is printed with its position)"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            if arguments.has("jsonl") { return try runBatch(arguments, in: context) }
            return try runSingle(arguments, in: context)
        } catch {
            return try error.report(name, in: context)
        }
    }

    private static func runSingle(_ arguments: ParsedArguments, in context: Context) throws(CommandFailure)
        -> ExitCode
    {
        let text = arguments.positionals.first
        do throws(UsageError) { try arguments.requireAtMost(1) } catch { throw .usage(error) }
        if PredicateInput.readsStandardInput(text, arguments), arguments.value("object-file") == "-" {
            throw .usage(UsageError("the predicate and the object cannot both come from standard input"))
        }
        let formatArguments = try ValueArguments.arguments(arguments)
        let variables = try ValueArguments.variables(arguments)
        let schema = try SchemaFile.load(arguments, variables: variables, in: context)
        let input = try PredicateInput.resolve(text, arguments, readsStandardInputWhenAbsent: false, in: context)
        let compiled =
            if let schema {
                CompiledPredicate.compile(
                    input.text, arguments: formatArguments, schema: schema, sourceName: input.name)
            } else {
                CompiledPredicate.compile(input.text, arguments: formatArguments, sourceName: input.name)
            }
        let output = DiagnosticOutput(source: compiled.source, context: context)
        output.print(compiled.diagnostics)
        guard let predicate = compiled.predicate, !compiled.diagnostics.hasErrors else {
            input.noteIfFileName(command: name, in: context)
            throw .reported(.dataError)
        }
        var object = try ValueArguments.object(arguments, in: context)
        if let schema { object = schema.conform(object) }
        do throws(EvaluationError) {
            let result: Bool
            if arguments.has("trace") {
                result = try EvalTrace.evaluate(predicate, object: object, variables: variables, to: context.stderr)
            } else {
                result = try predicate.evaluate(with: object, variables: variables)
            }
            context.stdout.line(result ? "true" : "false")
            return result ? .success : .falseOrFindings
        } catch {
            output.print(error)
            return .evaluationError
        }
    }

    private static func runBatch(_ arguments: ParsedArguments, in context: Context) throws(CommandFailure)
        -> ExitCode
    {
        for option in ["object", "object-file", "var", "arg", "from-file"] where arguments.values[option] != nil {
            throw .usage(UsageError("'--\(option)' cannot be used with '--jsonl'; put it in each request"))
        }
        if arguments.value("schema") != nil { throw .usage(UsageError("'--schema' cannot be used with '--jsonl'")) }
        if arguments.has("trace") { throw .usage(UsageError("'--trace' cannot be used with '--jsonl'")) }
        do throws(UsageError) { try arguments.requireAtMost(1) } catch { throw .usage(error) }
        let source: InputSource
        do throws(InputError) {
            source = try context.open(arguments.positionals.first)
        } catch {
            throw .noInput(error.message)
        }
        let allSucceeded = JSONLProtocol.run(source, to: context.stdout) { request in
            evaluate(request).map { JSONLProtocol.response(id: request.idJSON, "result", $0 ? "true" : "false") }
        }
        return allSucceeded ? .success : .falseOrFindings
    }

    /// Compiles and evaluates one batch request.
    static func evaluate(_ request: JSONLRequest) -> Result<Bool, JSONLError> {
        let compiled = CompiledPredicate.compile(request.format, arguments: request.arguments, sourceName: "<request>")
        guard let predicate = compiled.predicate, !compiled.diagnostics.hasErrors else {
            return .failure(.parse(compiled.diagnostics, source: compiled.source))
        }
        do throws(EvaluationError) {
            return .success(try predicate.evaluate(with: request.object, variables: request.variables))
        } catch {
            return .failure(.eval(error, source: compiled.source))
        }
    }
}
