// Arguments: a small hand-written command-line parser (the package has no dependencies). Each
// command declares its options; parsing yields flags, option values and positionals, or a
// UsageError ("unknown option '--objet'; did you mean '--object'?") that maps to exit status 64.

/// One option a command accepts.
struct OptionSpec: Sendable {
    /// The long name without dashes, such as `object`.
    var name: String
    /// A one-letter alias (`-h`), if any.
    var short: Character?
    /// Whether the option takes a value (`--object JSON`, `--object=JSON`).
    var takesValue: Bool
    /// Whether the option may be given more than once (`--var a=1 --var b=2`).
    var repeatable: Bool

    /// A flag: no value.
    static func flag(_ name: String, short: Character? = nil) -> OptionSpec {
        OptionSpec(name: name, short: short, takesValue: false, repeatable: false)
    }

    /// An option with a value, optionally repeatable.
    static func value(_ name: String, short: Character? = nil, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, short: short, takesValue: true, repeatable: repeatable)
    }
}

/// A command-line mistake. Printed as `predc <command>: error: <message>` with a pointer to `--help`.
struct UsageError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The parsed command line of one command.
struct ParsedArguments: Equatable {
    /// Flags that were given.
    var flags: Set<String> = []
    /// Values of options, in command-line order.
    var values: [String: [String]] = [:]
    /// Positional arguments, in order (`-` included).
    var positionals: [String] = []

    /// Whether `flag` was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// The value of a non-repeatable option.
    func value(_ name: String) -> String? { values[name]?.last }
    /// All values of a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Fails unless at most `count` positionals were given.
    func requireAtMost(_ count: Int) throws(UsageError) {
        if positionals.count > count {
            throw UsageError("unexpected argument '\(positionals[count])'")
        }
    }
}

/// Parses arguments against a list of ``OptionSpec``.
struct ArgumentParser {
    let options: [OptionSpec]

    init(_ options: [OptionSpec]) {
        self.options = options + [.flag("help", short: "h")]
    }

    /// Parses `arguments` (without the program and command names).
    ///
    /// `--name value`, `--name=value`, `-x value`, `--` (everything after it is positional) and `-`
    /// (a positional meaning standard input) are understood. An argument that starts with `-` but
    /// contains a space or starts with `-` followed by a digit, `(`, `$` or a quote is positional, so
    /// predicates such as `'-1 < x'` need no `--`.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !looksLikeOption(argument) {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (spec, inlineValue) = try lookUp(argument)
            if !spec.takesValue {
                if inlineValue != nil { throw UsageError("option '--\(spec.name)' takes no value") }
                result.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("missing value for option '--\(spec.name)'")
            }
            if !spec.repeatable, result.values[spec.name] != nil {
                throw UsageError("option '--\(spec.name)' given more than once")
            }
            result.values[spec.name, default: []].append(value)
        }
        return result
    }

    private func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        if argument.hasPrefix("--") { return !argument.contains(" ") || argument == "--" }
        guard let second = argument.dropFirst().first else { return false }
        if argument.contains(" ") { return false }
        return second.isLetter
    }

    private func lookUp(_ argument: String) throws(UsageError) -> (OptionSpec, String?) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name: String
            let inline: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inline = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
                inline = nil
            }
            if let spec = options.first(where: { $0.name == name }) { return (spec, inline) }
            var message = "unknown option '--\(name)'"
            if let suggestion = Suggestions.closest(to: name, in: options.map(\.name)) {
                message += "; did you mean '--\(suggestion)'?"
            }
            throw UsageError(message)
        }
        let letters = argument.dropFirst()
        guard letters.count == 1, let letter = letters.first,
            let spec = options.first(where: { $0.short == letter })
        else {
            throw UsageError("unknown option '\(argument)'")
        }
        return (spec, nil)
    }
}
