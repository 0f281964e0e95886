// The public facade: compile a format string (or a parsed tree) into a CompiledPredicate, then
// evaluate it against an object, variable bindings or a form's RowStore. Parsing is SyntaxTree's job,
// code generation the Compiler's, running the VirtualMachine's; this file only wires them together.

/// A predicate compiled to bytecode, ready to be evaluated many times, from many threads.
///
/// ```swift
/// let adult = try CompiledPredicate("age >= 18 AND name BEGINSWITH[c] 'jo'")
/// try adult.evaluate(with: ["name": "John", "age": 42])          // true
///
/// // Form mode: tags resolve to slots when compiling; evaluation reads the store by index.
/// var store = RowStore(["hobbies": ["Music", "Art"], "age": 30])
/// let shown = try CompiledPredicate("$hobbies CONTAINS 'Music' AND $age > 18", symbols: store.symbols)
/// try shown.evaluate(in: store)                                    // true
/// ```
///
/// Compilation never throws for bad input from ``compile(_:arguments:symbols:sourceName:limits:)``:
/// problems come back as ``Diagnostic``s in the ``CompilationResult``. Evaluation throws an
/// ``EvaluationError`` where Apple's NSPredicate raises an exception, positioned at the construct
/// that failed.
public struct CompiledPredicate: Sendable {
    /// The syntax tree the predicate was compiled from.
    public let tree: SyntaxTree.Predicate
    /// The source text.
    public let source: SourceText
    /// The bytecode.
    public let program: Program
    /// The limits evaluation runs under (the step budget, regex subject length).
    public let limits: Limits
    /// The clock and random source for `now()` and `random()`; replace it to make tests repeatable.
    public var functionEnvironment: FunctionEnvironment = .live

    init(tree: SyntaxTree.Predicate, source: SourceText, program: Program, limits: Limits) {
        self.tree = tree
        self.source = source
        self.program = program
        self.limits = limits
    }

    /// What the predicate reads: free `$variables` and key paths of the evaluated object.
    public var dependencies: Dependencies { tree.dependencies }

    // MARK: Compiling

    /// Parses and compiles a format string. `arguments` fill `%@`, `%K`, `%d`…; with `symbols` every
    /// `$tag` becomes a slot read (form mode).
    public static func compile(
        _ text: String, arguments: [Value] = [], symbols: SymbolTable? = nil, sourceName: String = "<input>",
        limits: Limits = .default
    ) -> CompilationResult {
        let parsed = SyntaxTree.parse(text, arguments: arguments, sourceName: sourceName, limits: limits)
        guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else {
            return CompilationResult(predicate: nil, diagnostics: parsed.diagnostics, source: parsed.source)
        }
        var result = compile(tree, source: parsed.source, symbols: symbols, limits: limits)
        result.diagnostics = parsed.diagnostics + result.diagnostics
        return result
    }

    /// Compiles an already parsed tree.
    public static func compile(
        _ tree: SyntaxTree.Predicate, source: SourceText, symbols: SymbolTable? = nil, limits: Limits = .default
    ) -> CompilationResult {
        var compiler = Compiler(symbols: symbols, limits: limits)
        let program = compiler.compile(tree)
        let predicate = program.map { CompiledPredicate(tree: tree, source: source, program: $0, limits: limits) }
        return CompilationResult(predicate: predicate, diagnostics: compiler.diagnostics, source: source)
    }

    /// Parses and compiles a format string, throwing the diagnostics when it does not compile.
    public init(
        _ text: String, arguments: [Value] = [], symbols: SymbolTable? = nil, limits: Limits = .default
    ) throws(CompilationFailure) {
        let result = Self.compile(text, arguments: arguments, symbols: symbols, limits: limits)
        guard let predicate = result.predicate else {
            throw CompilationFailure(diagnostics: result.diagnostics, source: result.source)
        }
        self = predicate
    }

    // MARK: Evaluating

    /// Evaluates against `object` (`SELF`) with `$variable` bindings. A variable without a binding
    /// raises `unbound-variable`. In form mode, each tag's value is taken from `variables` by name.
    public func evaluate(with object: Value = .null, variables: [String: Value] = [:]) throws(EvaluationError) -> Bool {
        var trace = NoTrace()
        return try evaluate(object: object, variables: variables, trace: &trace)
    }

    /// Evaluates with a trace hook called before every instruction (for `predc eval --trace`).
    public func evaluate(
        with object: Value = .null, variables: [String: Value] = [:], tracer: (TraceEvent) -> Void
    ) throws(EvaluationError) -> Bool {
        try withoutActuallyEscaping(tracer) { (handler) throws(EvaluationError) -> Bool in
            var trace = ClosureTrace(source: source, handler: handler)
            return try evaluate(object: object, variables: variables, trace: &trace)
        }
    }

    /// Evaluates against a form's row store: the hot path, which allocates nothing on the heap.
    public func evaluate(in store: RowStore, object: Value = .null) throws(EvaluationError) -> Bool {
        guard program.symbols != nil else {
            var variables: [String: Value] = [:]
            for (slot, tag) in store.symbols.tags.enumerated() { variables[tag] = store.value(at: Slot(slot)) }
            return try evaluate(with: object, variables: variables)
        }
        let result = store.values.withUnsafeBufferPointer { values in
            store.isHidden.withUnsafeBufferPointer { hidden in
                store.isDisabled.withUnsafeBufferPointer { disabled in
                    let inputs = EvaluationInputs(
                        object: object, variables: [:], slotValues: values, hiddenFlags: hidden,
                        disabledFlags: disabled, environment: functionEnvironment, limits: limits)
                    var trace = NoTrace()
                    return Result { () throws(EvaluationError) -> Bool in
                        try VirtualMachine.run(program, inputs, trace: &trace)
                    }
                }
            }
        }
        return try result.get()
    }

    private func evaluate<Trace: TraceSink>(
        object: Value, variables: [String: Value], trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let slotValues = program.symbols.map { symbols in symbols.tags.map { variables[$0] ?? .null } } ?? []
        let result = slotValues.withUnsafeBufferPointer { values in
            let inputs = EvaluationInputs(
                object: object, variables: variables, slotValues: values,
                hiddenFlags: UnsafeBufferPointer(start: nil, count: 0),
                disabledFlags: UnsafeBufferPointer(start: nil, count: 0),
                environment: functionEnvironment, limits: limits)
            return Result { () throws(EvaluationError) -> Bool in try VirtualMachine.run(program, inputs, trace: &trace) }
        }
        return try result.get()
    }

    /// The bytecode listing, with source positions.
    public func disassembly() -> String {
        program.disassembly(source: source)
    }
}

/// The outcome of compiling: a predicate when there were no errors, and every diagnostic.
public struct CompilationResult: Sendable {
    /// The compiled predicate, or nil when a diagnostic is an error.
    public var predicate: CompiledPredicate?
    /// Errors, warnings and notes from parsing and compiling, in the order found.
    public var diagnostics: [Diagnostic]
    /// The source text the diagnostics refer to.
    public var source: SourceText
}

/// Thrown by ``CompiledPredicate/init(_:arguments:symbols:limits:)`` when the text does not compile.
public struct CompilationFailure: Error, Sendable {
    /// The diagnostics, at least one of them an error.
    public var diagnostics: [Diagnostic]
    /// The source text the diagnostics refer to.
    public var source: SourceText
}
