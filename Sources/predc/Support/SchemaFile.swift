// SchemaFile: the `--schema FILE` option of lint, eval, explain and filter. The JSON Schema is read
// before the predicate is compiled and before any input is read; a file that cannot be opened exits 66,
// a document with problems is reported with positions and carets and exits 65. `FILE#/POINTER` picks
// one schema of a larger document, such as an OpenAPI file's `#/components/schemas/Order`.

import PredicateLang

/// Reading `--schema`.
enum SchemaFile {
    /// The option lines every command with `--schema` shows in its help; `conforms` adds what eval
    /// and filter do with each object.
    static func helpOptions(conforms: Bool) -> [(String, String)] {
        var lines = [
            ("--schema FILE", "Check the predicate's keys and types against a JSON Schema; unknown"),
            ("", "keys and type errors are errors (exit status 65). FILE#/POINTER"),
            ("", "picks one schema of a file, such as #/components/schemas/Order."),
        ]
        if conforms {
            lines.append(("", "The check comes before any input is read; each object is then read"))
            lines.append(("", "through the schema: date-time strings become dates, numbers the"))
            lines.append(("", "declared kind."))
        }
        return lines
    }

    /// The schema `--schema` names, or nil without the option. `variables` (from `--var`) give the types
    /// of their `$variables`.
    static func load(
        _ arguments: ParsedArguments, variables: [String: Value] = [:], in context: Context
    ) throws(CommandFailure) -> Schema? {
        guard let argument = arguments.value("schema") else { return nil }
        let (path, root) = split(argument)
        let text: String
        do throws(InputError) {
            text = try InputSource.file(path).readText()
        } catch {
            throw error.isContentProblem ? .dataError(error.message) : .noInput(error.message)
        }
        do throws(SchemaError) {
            return try Schema(
                jsonSchema: text, sourceName: path, root: root, variables: variables.mapValues(SchemaType.init(of:)))
        } catch {
            DiagnosticOutput(source: error.source, context: context).print(error.diagnostics)
            throw .reported(.dataError)
        }
    }

    /// `FILE#/POINTER` as the file and the pointer (`#` when there is none, or when the whole argument
    /// names a file).
    static func split(_ argument: String) -> (path: String, root: String) {
        guard !PredicateInput.isRegularFile(argument), let hash = argument.lastIndex(of: "#") else {
            return (argument, "#")
        }
        return (String(argument[..<hash]), String(argument[hash...]))
    }
}
