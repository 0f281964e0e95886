// The compiler's diagnostics catalogue: unknown tags in form mode, invalid constant patterns,
// constant expressions that can only fail, unsupported constructs and program-size limits.
// Parser diagnostics live in the front end's catalogue; ids never collide.

extension DiagnosticMessage {
    /// A `$tag` the form's symbol table does not know; it reads as null.
    public static func unknownTag(_ tag: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "unknown-tag", text: "unknown tag '\(tag)'")
    }

    /// The note under ``unknownTag(_:)`` naming the closest known tag.
    public static func didYouMeanTag(_ tag: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "did-you-mean", text: "did you mean '\(tag)'?")
    }

    /// A constant `LIKE` or `MATCHES` pattern that does not compile: a warning, since NSPredicate
    /// raises only when the comparison runs on a string (evaluation then throws at the pattern).
    public static func invalidPattern(_ reason: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "invalid-pattern", text: "invalid pattern: \(reason)")
    }

    /// A constant expression that raises whenever it is evaluated (`'a' + 1`). NSPredicate raises at
    /// evaluation, so this is a warning and the error still happens at evaluation.
    /// Constant integer arithmetic whose result does not fit in 64 bits (`9223372036854775807 * 2`): it
    /// wraps, as Apple's does, which is rarely what the predicate means, so it is a warning.
    public static func integerOverflowWraps(_ result: String) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "integer-overflow-wraps",
            text:
                "this integer arithmetic overflows and wraps around to \(result), as NSNumber's does; write a double operand (such as 2.0) to compute in floating point"
        )
    }
    public static func constantExpressionFails(_ reason: String) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "constant-expression-fails", text: "this expression always fails when evaluated: \(reason)")
    }

    /// A construct that parses but cannot be evaluated here (`ANYKEY`, `FUNCTION`, `UTI-CONFORMS-TO`).
    public static func unsupportedConstruct(_ what: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "unsupported-construct", text: "\(what) is not supported; evaluating it raises an error")
    }

    /// A program with more constants, instructions or jumps than the bytecode can address.
    public static let programTooLarge = DiagnosticMessage(
        id: "program-too-large", text: "the predicate is too large to compile")

    /// A syntax tree nested deeper than the compiler follows.
    public static let compilerNestingTooDeep = DiagnosticMessage(
        id: "nesting-too-deep", text: "the predicate is nested too deeply to compile")

    /// The bytecode verifier rejected the compiler's output (a compiler bug).
    public static func verifierRejected(_ reason: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "internal-error", text: "internal compiler error: \(reason)")
    }
}
