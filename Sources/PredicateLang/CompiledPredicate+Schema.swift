// CompiledPredicate+Schema: compiling against a schema. The predicate is checked against the schema
// first (unknown keys, comparisons that can never succeed, operators on the wrong kind of value are
// errors, fixed answers warnings), then compiled; evaluating takes the same values as without a schema
// (dictionaries shaped like it). A Swift type's schema compiles to a TypedPredicate instead.

extension CompiledPredicate {
    /// Parses a format string, checks it against `schema` and compiles it; every problem comes back as a
    /// ``Diagnostic`` with its position. The predicate evaluates objects shaped like the schema (such as
    /// the values of JSON read with it).
    public static func compile(
        _ text: String, arguments: [Value] = [], schema: Schema, sourceName: String = "<input>",
        limits: Limits = .default
    ) -> CompilationResult {
        let parsed = SyntaxTree.parse(text, arguments: arguments, sourceName: sourceName, limits: limits)
        guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else {
            return CompilationResult(predicate: nil, diagnostics: parsed.diagnostics, source: parsed.source)
        }
        var result = compile(tree, source: parsed.source, symbols: nil, schema: schema, limits: limits)
        result.diagnostics = parsed.diagnostics.followed(by: result.diagnostics)
        return result
    }

    /// Parses a format string, checks it against `schema` and compiles it, throwing the diagnostics when
    /// it does not compile.
    public init(
        _ text: String, arguments: [Value] = [], schema: Schema, limits: Limits = .default
    ) throws(CompilationFailure) {
        let result = Self.compile(text, arguments: arguments, schema: schema, limits: limits)
        guard let predicate = result.predicate else {
            throw CompilationFailure(diagnostics: result.diagnostics, source: result.source)
        }
        self = predicate
    }
}
