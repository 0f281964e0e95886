// `predc filter`: streams JSON Lines (typed JSON) and writes, verbatim, the lines whose object
// satisfies the predicate — `jq -c 'select(...)'` for predicates. The predicate is compiled once (and
// checked against `--schema`, each object then read through it); a malformed line or a failed
// evaluation is reported with its line number and skipped, and the rest still flows. Reports stop after
// `--max-errors`, and a summary line counts every skipped record. When the predicate reads only some
// members of each object (never `SELF` as a whole), only those are built; the others are checked as
// thoroughly, so the same lines are accepted and rejected either way.

import PredicateLang

/// `predc filter ('PREDICATE' | -f FILE) [FILE | -] [--count] [--max-errors N] [--schema FILE] [--var NAME=JSON]...`
enum FilterCommand: Command {
    static let name = "filter"

    static let options: [OptionSpec] = [
        .flag("count"), .value("schema"), .value("var", repeatable: true), .value("arg", repeatable: true),
        .value("max-errors"), PredicateInput.fileOption,
    ]

    /// How many skipped records are reported one by one when `--max-errors` is not given.
    static let defaultMaxErrors = 10

    static let help = HelpText(
        summary: "Print the JSON Lines whose object satisfies a predicate.",
        usage: [
            "filter 'PREDICATE' [FILE | -] [--count] [--max-errors N] [--schema FILE] [--var NAME=JSON]... [--arg JSON]...",
            "filter -f PREDICATE-FILE [FILE | -] [options]",
        ],
        examples: [
            "filter 'age >= 18 AND country == \"FR\"' people.jsonl",
            "filter 'ANY languages ==[c] \"swift\"' people.jsonl --count",
            "filter 'name BEGINSWITH %@' --arg '\"A\"' - < people.jsonl",
            "filter 'createdAt >= CAST(\"2024-06-01\", \"NSDate\")' orders.jsonl --schema orders.schema.json",
            "filter -f rules/adult.predicate people.jsonl --max-errors 0",
        ],
        options: PredicateInput.fileHelp + [
            ("--count", "Print only the number of matching lines."),
            ("--max-errors N", "Report at most N skipped lines one by one (default \(defaultMaxErrors);"),
            ("", "0: no limit). The summary line counts them all."),
        ] + SchemaFile.helpOptions(conforms: true) + [
            ("--var NAME=JSON", "Bind $NAME to a typed-JSON value (repeatable)."),
            ("--arg JSON", "A format argument for %@ %K %d %f ..., in order (repeatable)."),
        ],
        discussion: [
            """
            Each input line is one typed-JSON value (the object); matching lines are copied to standard
            output byte for byte. Blank lines are ignored; every other line is a record. A record that
            is not valid JSON, or whose evaluation fails, is skipped (it does not match) and reported on
            standard error as FILE:LINE:COLUMN: error: ..., up to --max-errors reports; after the input,
            one line counts every skipped record, malformed and failed apart:
              FILE: note: skipped 3 of 120 records (1 malformed, 2 failed to evaluate)
            """,
            """
            The PREDICATE argument is always the predicate itself, even when a file has that name; '-f FILE'
            reads the predicate from a file, and '-f -' from standard input (then the records come from
            FILE). The FILE argument is always a file of records.
            """,
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
            let fromFile = arguments.value("from-file") != nil
            var positionals = arguments.positionals[...]
            let text = fromFile ? nil : positionals.popFirst()
            if !fromFile, text == nil { throw .usage(UsageError("missing predicate")) }
            if let extra = positionals.dropFirst().first { throw .usage(UsageError("unexpected argument '\(extra)'")) }
            let path = positionals.first
            if arguments.value("from-file") == "-", path == nil || path == "-" {
                throw .usage(UsageError("the predicate and the records cannot both come from standard input"))
            }
            let maxErrors = try maxErrors(arguments)
            let formatArguments = try ValueArguments.arguments(arguments)
            let variables = try ValueArguments.variables(arguments)
            let schema = try SchemaFile.load(arguments, variables: variables, in: context)
            let input: PredicateInput =
                if let text { PredicateInput(text: text, name: "<argument>") } else {
                    try PredicateInput.resolve(nil, arguments, readsStandardInputWhenAbsent: false, in: context)
                }
            let compiled =
                if let schema {
                    CompiledPredicate.compile(
                        input.text, arguments: formatArguments, schema: schema, sourceName: input.name)
                } else {
                    CompiledPredicate.compile(input.text, arguments: formatArguments, sourceName: input.name)
                }
            DiagnosticOutput(source: compiled.source, context: context).print(compiled.diagnostics)
            guard let predicate = compiled.predicate, !compiled.diagnostics.hasErrors else {
                input.noteIfFileName(command: name, in: context)
                throw .reported(.dataError)
            }
            let source: InputSource
            do throws(InputError) {
                source = try context.open(path)
            } catch {
                throw .noInput(error.message)
            }
            if source.isTerminal { throw .usage(UsageError("no input (give a FILE, or pipe JSON Lines in)")) }
            var filter = StreamFilter(
                predicate: predicate, variables: variables, schema: schema, context: context, name: source.name,
                maxErrors: maxErrors)
            filter.run(LineReader(source), count: arguments.has("count"))
            return filter.status
        } catch {
            return try error.report(name, in: context)
        }
    }

    /// `--max-errors N`: a count of at least 0, where 0 means no limit.
    private static func maxErrors(_ arguments: ParsedArguments) throws(CommandFailure) -> Int {
        guard let text = arguments.value("max-errors") else { return defaultMaxErrors }
        guard let count = Int(text), count >= 0 else {
            throw .usage(UsageError("'--max-errors' takes a number of at least 0 (0: no limit), not '\(text)'"))
        }
        return count == 0 ? Int.max : count
    }
}

/// The streaming loop of `predc filter`, with its counts.
struct StreamFilter {
    let predicate: CompiledPredicate
    let variables: [String: Value]
    /// The schema each object is conformed to, if any.
    let schema: Schema?
    let context: Context
    let name: String
    /// How many skipped records are reported one by one (`Int.max`: all of them).
    let maxErrors: Int
    /// Non-blank lines read.
    private(set) var records = 0
    private(set) var matched = 0
    /// Records that are not valid JSON, too long, or unreadable.
    private(set) var malformed = 0
    /// Records whose evaluation threw.
    private(set) var failed = 0
    /// Reports written so far.
    private var reported = 0
    /// The members of each object the predicate reads, when it reads nothing else of it: the others
    /// are checked but not built.
    private let projection: JSONProjection?

    init(
        predicate: CompiledPredicate, variables: [String: Value], schema: Schema?, context: Context, name: String,
        maxErrors: Int = FilterCommand.defaultMaxErrors
    ) {
        self.predicate = predicate
        projection = predicate.dependencies.objectMembersRead.flatMap { JSONProjection(keys: $0) }
        self.variables = variables
        self.schema = schema
        self.context = context
        self.name = name
        self.maxErrors = maxErrors
    }

    /// Reads every line, writing matching lines (or, with `count`, only their number at the end).
    mutating func run(_ reader: LineReader, count: Bool) {
        var reader = reader
        let output = context.stdout
        while let next = reader.next() {
            switch next {
            case .line(let bytes, let number):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                records += 1
                guard matches(bytes, line: number) else { continue }
                matched += 1
                if !count {
                    output.write(bytes: bytes)
                    output.write(byte: UInt8(ascii: "\n"))
                }
            case .tooLong(let number):
                records += 1
                malformed += 1
                report("line longer than \(reader.maxLineBytes) bytes; skipped", line: number, column: 1)
            case .readError(let number):
                records += 1
                malformed += 1
                report("cannot read the input", line: number, column: 1)
            }
        }
        if count { output.line(String(matched)) }
        if let summary { context.stderr.line(summary) }
    }

    /// The line that ends a run with skipped records:
    /// `FILE: note: skipped 3 of 120 records (1 malformed, 2 failed to evaluate)`, followed by how many
    /// were reported when `--max-errors` held some back; nil when nothing was skipped.
    var summary: String? {
        let skipped = malformed + failed
        guard skipped > 0 else { return nil }
        var kinds: [String] = []
        if malformed > 0 { kinds.append("\(malformed) malformed") }
        if failed > 0 { kinds.append("\(failed) failed to evaluate") }
        let label = ANSIStyle.cyan.apply("note:", enabled: context.colorsStderr)
        var text = "\(DisplayText.escaping(name)): \(label) skipped \(skipped) of \(records) record"
        text += (records == 1 ? "" : "s") + " (" + kinds.joined(separator: ", ") + ")"
        if skipped > reported { text += "; the first \(reported) reported (--max-errors 0 reports all)" }
        return text
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
            if let projection {
                object = try TypedJSON.parse(utf8: bytes, keeping: projection)
            } else {
                object = try TypedJSON.parse(utf8: bytes)
            }
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

    /// One skipped record's line on standard error, while fewer than `maxErrors` have been written;
    /// the message is made terminal-safe and cut to a few hundred characters.
    private mutating func report(_ message: String, line: Int, column: Int) {
        guard reported < maxErrors else { return }
        reported += 1
        let label = ANSIStyle.red.apply("error:", enabled: context.colorsStderr)
        let text = DisplayText.escaping(DisplayText.truncating(message, to: 400))
        context.stderr.line("\(DisplayText.escaping(name)):\(line):\(column): \(label) \(text)")
    }
}
