// ValueArguments: command-line values in typed JSON (`--object`, `--object-file`, `--arg`,
// `--var name=JSON`), parsed with TypedJSON and reported with positions when malformed.

import PredicateLang

/// Reading typed JSON values from options.
enum ValueArguments {
    /// Parses `text` given to `option`; a malformed value is a data error naming the option. When
    /// `text` reads as a bare word (`--arg Jo`, where `--arg '"Jo"'` was meant), the message ends with
    /// the quoted spelling, built by `spelling` from the JSON string.
    static func parse(_ text: String, option: String, spelling: ((String) -> String)? = nil) throws(CommandFailure)
        -> Value
    {
        do throws(JSONError) {
            return try TypedJSON.parse(text)
        } catch {
            var message = "invalid JSON for \(option) at column \(error.column): \(error.message)"
            if let spelling, let hint = bareWordHint(text, spelling: spelling) { message += "; " + hint }
            throw .dataError(message)
        }
    }

    /// The hint for a value that is not JSON and does not start like JSON (an object, an array, a
    /// string, a number): `a bare word is not JSON; for the string "Jo", write --arg '"Jo"'`.
    static func bareWordHint(_ text: String, spelling: (String) -> String) -> String? {
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard let first = trimmed.unicodeScalars.first, !"{[\"-0123456789".unicodeScalars.contains(first) else {
            return nil
        }
        var word = trimmed
        if word.count >= 2, let quote = word.first, quote == "'", word.last == quote {
            word = String(word.dropFirst().dropLast())
        }
        let json = JSONText.quote(word)
        return "a bare word is not JSON; for the string \(json), write \(spelling(ShellQuoting.quote(json)))"
    }

    /// The `--arg` values, in order.
    static func arguments(_ parsed: ParsedArguments) throws(CommandFailure) -> [Value] {
        var values: [Value] = []
        for (index, text) in parsed.all("arg").enumerated() {
            values.append(try parse(text, option: "--arg #\(index + 1)", spelling: { "--arg \($0)" }))
        }
        return values
    }

    /// The `--var name=JSON` bindings.
    static func variables(_ parsed: ParsedArguments) throws(CommandFailure) -> [String: Value] {
        var variables: [String: Value] = [:]
        for binding in parsed.all("var") {
            guard let equals = binding.firstIndex(of: "="), equals != binding.startIndex else {
                throw .usage(UsageError("expected NAME=JSON for '--var', got '\(binding)'"))
            }
            var name = String(binding[..<equals])
            if name.hasPrefix("$") { name.removeFirst() }
            let json = String(binding[binding.index(after: equals)...])
            variables[name] = try parse(json, option: "--var \(name)", spelling: { "--var \(name)=\($0)" })
        }
        return variables
    }

    /// The object from `--object JSON` or `--object-file FILE` (null when neither is given).
    static func object(_ parsed: ParsedArguments, in context: Context) throws(CommandFailure) -> Value {
        let inline = parsed.value("object")
        let path = parsed.value("object-file")
        if inline != nil, path != nil {
            throw .usage(UsageError("use either '--object' or '--object-file', not both"))
        }
        if let inline { return try parse(inline, option: "--object") }
        guard let path else { return .null }
        let text: String
        do throws(InputError) {
            text = try context.open(path).readText()
        } catch {
            throw error.isContentProblem ? .dataError(error.message) : .noInput(error.message)
        }
        do throws(JSONError) {
            return try TypedJSON.parse(text)
        } catch {
            let name = path == "-" ? "<stdin>" : path
            throw .dataErrorAt(error.message, location: "\(name):\(error.line):\(error.column)")
        }
    }
}
