// `predc form explain`: why a row or section is hidden / disabled / required right now — the
// condition, the current value of every input it reads, and which single input changes would flip
// it (found by re-evaluating the condition with candidate values taken from its own constants).

import FormEngine

/// `predc form explain FORM.json TAG [--set TAG=JSON]...`
enum FormExplainCommand: Command {
    static let name = "form explain"

    static let options: [OptionSpec] = [.value("set", repeatable: true)]

    static let help = HelpText(
        summary: "Explain why a form row or section is hidden, disabled or required.",
        usage: ["form explain FORM.json TAG [--set TAG=JSON]..."],
        examples: [
            "form explain signup-form.json licenseNumber",
            "form explain signup-form.json state --set country='\"US\"'",
        ],
        options: [
            ("--set TAG=JSON", "Set a row's value (typed JSON) before explaining (repeatable; applied"),
            ("", "together as one change)."),
        ],
        discussion: [
            """
            For each of the element's conditions (hidden, disabled, required) it prints the current
            result, the condition with its position in FORM.json, the current value of every input
            it reads, and the single-input changes that would flip the result. A row inside a hidden
            section is explained together with its section.
            """
        ],
        exitStatuses: [
            (.success, "explained"),
            (.usage, "usage error"),
            (.dataError, "the form cannot be built, a --set value is invalid, or TAG does not exist"),
            (.noInput, "the form file cannot be opened"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            guard arguments.positionals.count == 2 else {
                throw .usage(
                    UsageError(
                        arguments.positionals.count < 2
                            ? "expected FORM.json and TAG" : "unexpected argument '\(arguments.positionals[2])'"))
            }
            let file = try FormFile.load(arguments.positionals[0], in: context)
            let tag = arguments.positionals[1]
            let graph = FormConditionGraph(try FormSketch(file))
            let form = try build(file)
            try apply(arguments.all("set"), to: form, file: file.name)
            guard let element = graph.sketch.element(tagged: tag), form[tag] != nil else {
                var message = "no row or section tagged '\(tag)'"
                if let suggestion = Suggestions.closest(to: tag, in: graph.sketch.tags) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw .dataError(message)
            }
            var explainer = FormExplainer(graph: graph, form: form)
            context.stdout.write(explainer.explain(element))
            return .success
        } catch {
            return try error.report(name, in: context)
        }
    }

    /// Builds the form; unknown tags and type mismatches do not stop an explanation (an unknown tag
    /// reads as null, which the explanation shows).
    private static func build(_ file: FormFile) throws(CommandFailure) -> Form {
        do throws(FormError) {
            var definition = try FormDefinition.parseJSON(file.text)
            definition.options.conditionProblems = .warning
            return try Form(definition)
        } catch {
            throw failure(error, file: file.name)
        }
    }

    private static func apply(_ bindings: [String], to form: Form, file: String) throws(CommandFailure) {
        guard !bindings.isEmpty else { return }
        var values: [String: Value] = [:]
        for binding in bindings {
            guard let equals = binding.firstIndex(of: "="), equals != binding.startIndex else {
                throw .usage(UsageError("expected TAG=JSON for '--set', got '\(binding)'"))
            }
            let tag = String(binding[..<equals])
            values[tag] = try ValueArguments.parse(
                String(binding[binding.index(after: equals)...]), option: "--set \(tag)")
        }
        do throws(FormError) {
            try form.setValues(values)
        } catch {
            throw .dataError("--set: \(error.message)")
        }
    }

    /// A FormError as a positioned data error.
    static func failure(_ error: FormError, file: String) -> CommandFailure {
        let path = error.path.isEmpty ? "" : error.path + ": "
        if let location = error.location {
            return .dataErrorAt(path + error.message, location: "\(file):\(location.line):\(location.column)")
        }
        return .dataErrorAt(path + error.message, location: file)
    }
}
