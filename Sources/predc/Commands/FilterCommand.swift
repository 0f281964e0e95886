// `predc filter`: streams JSON Lines (typed JSON) and writes, verbatim, the lines whose object
// satisfies the predicate — `jq -c 'select(...)'` for predicates. The predicate is compiled once (and
// checked against `--schema`, each object then read through it); a malformed line is reported with its
// line number and skipped, and the rest still flows.

import PredicateLang

/// `predc filter 'PREDICATE' [FILE | -] [--count] [--schema FILE] [--var NAME=JSON]... [--arg JSON]...`
enum FilterCommand: Command {
    static let name = "filter"

    static let options: [OptionSpec] = [
        .flag("count"), .value("schema"), .value("var", repeatable: true), .value("arg", repeatable: true),
    ]

    static let help = HelpText(
        summary: "Print the JSON Lines whose object satisfies a predicate.",
        usage: ["filter 'PREDICATE' [FILE | -] [--count] [--schema FILE] [--var NAME=JSON]... [--arg JSON]..."],
        examples: [
            "filter 'age >= 18 AND country == \"FR\"' people.jsonl",
            "filter 'ANY languages ==[c] \"swift\"' people.jsonl --count",
            "filter 'name BEGINSWITH %@' --arg '\"A\"' - < people.jsonl",
            "filter 'createdAt >= CAST(\"2024-06-01\", \"NSDate\")' orders.jsonl --schema orders.schema.json",
        ],
        options: [
            ("--count", "Print only the number of matching lines.")
        ] + SchemaFile.helpOptions(conforms: true) + [
            ("--var NAME=JSON", "Bind $NAME to a typed-JSON value (repeatable)."),
            ("--arg JSON", "A format argument for %@ %K %d %f ..., in order (repeatable)."),
        ],
        discussion: [
            """
            Each input line is one typed-JSON value (the object); matching lines are copied to standard
            output byte for byte. A line that is not valid JSON, or whose evaluation fails, is reported
            on standard error as FILE:LINE:COLUMN: error: ... and skipped; blank lines are ignored.
            """
        ],
        exitStatuses: [
            (.success, "every line was read and evaluated (whether or not any matched)"),
            (.usage, "usage error"),
            (
                .dataError,
                "the predicate does not compile, --schema finds errors, or some lines were malformed (skipped)"
            ),
            (.noInput, "the input file cannot be opened"),
            (.evaluationError, "evaluation failed on some lines (skipped)"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            guard let text = arguments.positionals.first else { throw .usage(UsageError("missing predicate")) }
            do throws(UsageError) { try arguments.requireAtMost(2) } catch { throw .usage(error) }
            let formatArguments = try ValueArguments.arguments(arguments)
            let variables = try ValueArguments.variables(arguments)
            let schema = try SchemaFile.load(arguments, variables: variables, in: context)
            let compiled =
                if let schema {
                    CompiledPredicate.compile(
                        text, arguments: formatArguments, schema: schema, sourceName: "<argument>")
                } else {
                    CompiledPredicate.compile(text, arguments: formatArguments, sourceName: "<argument>")
                }
            DiagnosticOutput(source: compiled.source, context: context).print(compiled.diagnostics)
            guard let predicate = compiled.predicate, !compiled.diagnostics.hasErrors else {
                throw .reported(.dataError)
            }
            let path = arguments.positionals.count > 1 ? arguments.positionals[1] : nil
            let source: InputSource
            do throws(InputError) {
                source = try context.open(path)
            } catch {
                throw .noInput(error.message)
            }
            if source.isTerminal { throw .usage(UsageError("no input (give a FILE, or pipe JSON Lines in)")) }
            var filter = StreamFilter(
                predicate: predicate, variables: variables, schema: schema, context: context, name: source.name)
            filter.run(LineReader(source), count: arguments.has("count"))
            return filter.status
        } catch {
            return try error.report(name, in: context)
        }
    }
}

/// The streaming loop of `predc filter`, with its error counts.
struct StreamFilter {
    let predicate: CompiledPredicate
    let variables: [String: Value]
    /// The schema each object is conformed to, if any.
    let schema: Schema?
    let context: Context
    let name: String
    private(set) var matched = 0
    private(set) var malformed = 0
    private(set) var failed = 0

    init(predicate: CompiledPredicate, variables: [String: Value], schema: Schema?, context: Context, name: String) {
        self.predicate = predicate
        self.variables = variables
        self.schema = schema
        self.context = context
        self.name = name
    }

    /// Reads every line, writing matching lines (or, with `count`, only their number at the end).
    mutating func run(_ reader: LineReader, count: Bool) {
        var reader = reader
        let output = context.stdout
        while let next = reader.next() {
            switch next {
            case .line(let bytes, let number):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                guard matches(bytes, line: number) else { continue }
                matched += 1
                if !count {
                    output.write(bytes: bytes)
                    output.write(byte: UInt8(ascii: "\n"))
                }
            case .tooLong(let number):
                malformed += 1
                report("line longer than \(reader.maxLineBytes) bytes; skipped", line: number, column: 1)
            case .readError(let number):
                malformed += 1
                report("cannot read the input", line: number, column: 1)
            }
        }
        if count { output.line(String(matched)) }
    }

    /// The exit status after the run.
    var status: ExitCode {
        if malformed > 0 { return .dataError }
        if failed > 0 { return .evaluationError }
        return .success
    }

    private mutating func matches(_ bytes: ArraySlice<UInt8>, line: Int) -> Bool {
        var object: Value
        do throws(JSONError) {
            object = try TypedJSON.parse(utf8: bytes)
        } catch {
            malformed += 1
            report(error.message, line: line, column: error.column)
            return false
        }
        if let schema { object = schema.conform(object) }
        do throws(EvaluationError) {
            return try predicate.evaluate(with: object, variables: variables)
        } catch {
            failed += 1
            let location = predicate.source.location(of: error.range.lowerBound)
            report("\(error.message) (at \(predicate.source.name):\(location))", line: line, column: 1)
            return false
        }
    }

    private func report(_ message: String, line: Int, column: Int) {
        let label = ANSIStyle.red.apply("error:", enabled: context.colorsStderr)
        context.stderr.line("\(name):\(line):\(column): \(label) \(message)")
    }
}
