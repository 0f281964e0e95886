// DiagnosticMessage+Syntax: the catalogue of lexer and parser messages, alphabetical by member name.
// Ids are stable kebab-case strings that tools and tests match on; the text follows swiftc (lower
// case, no final period, source tokens in single quotes). Three texts reproduce Apple's messages.

extension DiagnosticMessage {
    package static func aggregateTooLarge(limit: Int) -> DiagnosticMessage {
        .init(id: "aggregate-too-large", text: "aggregate literal has more than \(limit) elements")
    }
    package static let assignmentTargetNotVariable = DiagnosticMessage(
        id: "assignment-target-not-variable", text: "the left side of ':=' must be a variable such as '$x'")
    package static let backslashOutsideString = DiagnosticMessage(
        id: "backslash-outside-string", text: "a backslash is only valid inside a string literal")
    package static let chainedComparison = DiagnosticMessage(
        id: "chained-comparison", text: "comparisons cannot be chained; join them with 'AND'")
    package static let commentNotSupported = DiagnosticMessage(
        id: "comment-not-supported", text: "comments are not supported in predicates")
    package static func didYouMean(_ suggestion: String) -> DiagnosticMessage {
        .init(id: "did-you-mean", text: "did you mean '\(suggestion)'?")
    }
    package static let emptyInput = DiagnosticMessage(
        id: "empty-input", text: "expected a predicate; the input is empty")
    package static func expectedClosing(_ delimiter: String, _ purpose: String) -> DiagnosticMessage {
        .init(id: "expected-closing", text: "expected '\(delimiter)' to end \(purpose)")
    }
    package static func expectedComma(_ purpose: String) -> DiagnosticMessage {
        .init(id: "expected-comma", text: "expected ',' \(purpose)")
    }
    package static let expectedComparisonOperator = DiagnosticMessage(
        id: "expected-comparison",
        text: "expected a comparison operator after the expression; an expression alone is not a predicate")
    package static let expectedConversionCharacter = DiagnosticMessage(
        id: "expected-conversion-character", text: "expected a conversion character after '%'")
    package static func expectedDigits(after prefix: String) -> DiagnosticMessage {
        .init(id: "expected-digits", text: "expected digits after '\(prefix)'")
    }
    package static let expectedEnd = DiagnosticMessage(
        id: "expected-end", text: "expected 'AND', 'OR' or the end of the predicate")
    package static func expectedExpression(after token: String?) -> DiagnosticMessage {
        .init(
            id: "expected-expression", text: token.map { "expected expression after '\($0)'" } ?? "expected expression")
    }
    package static func expectedKey(after token: String) -> DiagnosticMessage {
        .init(id: "expected-key", text: "expected a key after '\(token)'")
    }
    package static func expectedLeftParen(after name: String) -> DiagnosticMessage {
        .init(id: "expected-left-paren", text: "expected '(' after '\(name)'")
    }
    package static func expectedPredicate(after token: String?) -> DiagnosticMessage {
        .init(id: "expected-predicate", text: token.map { "expected predicate after '\($0)'" } ?? "expected predicate")
    }
    package static let expectedSubqueryVariable = DiagnosticMessage(
        id: "expected-variable", text: "expected a variable such as '$x' as the second argument of SUBQUERY")
    package static let expectedVariableName = DiagnosticMessage(
        id: "expected-variable-name", text: "expected a variable name after '$'")
    package static let expectedWordAfterAt = DiagnosticMessage(
        id: "expected-key-after-at", text: "expected a collection operator name after '@'")
    package static let expectedWordAfterHash = DiagnosticMessage(
        id: "expected-key-after-hash", text: "expected a word after '#'")
    package static func formatArgumentAsIs(specifier: String, kind: String, position: Int) -> DiagnosticMessage {
        .init(
            id: "format-argument-kind",
            text:
                "format argument \(position) is \(kind == "integer" ? "an" : "a") \(kind); '\(specifier)' uses it as it is, as NSPredicate's argument arrays do"
        )
    }
    package static func formatKeyPathInvalid(_ path: String) -> DiagnosticMessage {
        .init(id: "invalid-format-key-path", text: "format argument '\(path)' for '%K' is not a valid key path")
    }
    package static func formatKeyPathNotString(kind: String, position: Int) -> DiagnosticMessage {
        .init(
            id: "format-key-path-not-string", text: "format argument \(position) for '%K' must be a string, not \(kind)"
        )
    }
    package static func functionArity(_ selector: String, expected: Int, actual: Int) -> DiagnosticMessage {
        .init(
            id: "function-arity",
            text: "function '\(selector)' takes \(expected) argument\(expected == 1 ? "" : "s"), not \(actual)")
    }
    package static func inputTooLarge(limit: Int) -> DiagnosticMessage {
        .init(id: "input-too-large", text: "predicate is longer than \(limit) bytes")
    }
    /// Apple's text for running out of format arguments.
    package static let insufficientFormatArguments = DiagnosticMessage(
        id: "insufficient-format-arguments",
        text: "Insufficient arguments for conversion characters specified in format string")
    package static func integerLiteralOverflow(_ literal: String) -> DiagnosticMessage {
        .init(id: "integer-literal-overflow", text: "integer literal '\(literal)' overflows a 64-bit integer")
    }
    package static func invalidEscape(_ escape: String) -> DiagnosticMessage {
        .init(id: "invalid-escape", text: "expected hexadecimal digits after '\(escape)'")
    }
    package static let invalidUnicodeEscape = DiagnosticMessage(
        id: "invalid-unicode-escape", text: "'\\u' escape is not a valid Unicode scalar")
    package static func literalTooLong(limit: Int) -> DiagnosticMessage {
        .init(id: "literal-too-long", text: "string literal is longer than \(limit) bytes")
    }
    package static func nestingTooDeep(limit: Int) -> DiagnosticMessage {
        .init(id: "nesting-too-deep", text: "predicate nested too deeply (limit \(limit))")
    }
    package static let questionMarkOutsideString = DiagnosticMessage(
        id: "question-mark-outside-string", text: "'?' is only valid inside a string literal")
    package static func reservedWordAsKey(_ word: String) -> DiagnosticMessage {
        .init(id: "reserved-word-as-key", text: "'\(word)' is a reserved word; write '#\(word)' to use it as a key")
    }
    package static func toMatch(_ delimiter: String) -> DiagnosticMessage {
        .init(id: "to-match", text: "to match this '\(delimiter)'")
    }
    package static func tooManyNodes(limit: Int) -> DiagnosticMessage {
        .init(id: "expression-too-complex", text: "predicate has more than \(limit) syntax nodes")
    }
    package static func unexpectedCharacter(_ character: String) -> DiagnosticMessage {
        .init(id: "unexpected-character", text: "unexpected character '\(character)'")
    }
    package static func unknownComparisonOption(_ letter: String) -> DiagnosticMessage {
        .init(
            id: "unknown-comparison-option", text: "unknown comparison option '\(letter)'; options are c, d, l, n and w"
        )
    }
    /// Apple's text for a function name that is not on the allow-list.
    package static func unknownFunction(_ name: String, selector: String) -> DiagnosticMessage {
        .init(
            id: "unknown-function",
            text: "Unable to parse function name '\(name)' into supported selector (\(selector))")
    }
    package static func unknownOperator(_ word: String) -> DiagnosticMessage {
        .init(id: "unknown-operator", text: "unknown operator '\(word)'")
    }
    /// Apple's text for a bad conversion letter.
    package static func unrecognizedConversionSpecifier(_ letter: String) -> DiagnosticMessage {
        .init(
            id: "unrecognized-conversion-specifier",
            text: "Unrecognized conversion specifier '\(letter)' in format string")
    }
    package static func unsupported(_ construct: String) -> DiagnosticMessage {
        .init(id: "not-supported", text: "\(construct) is not supported")
    }
    package static let unterminatedString = DiagnosticMessage(
        id: "unterminated-string", text: "unterminated string literal")
    package static func unusedFormatArgument(used: Int, given: Int) -> DiagnosticMessage {
        .init(id: "unused-format-argument", text: "format string uses \(used) of \(given) format arguments")
    }
}
