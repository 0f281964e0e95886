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
    /// Everything a compiled predicate holds, behind one reference (copies share it).
    @usableFromInline
    final class Core: Sendable {
        let tree: SyntaxTree.Predicate
        let source: SourceText
        @usableFromInline let program: Program
        @usableFromInline let limits: Limits
        let environment: EnvironmentBox

        init(tree: SyntaxTree.Predicate, source: SourceText, program: Program, limits: Limits,
             environment: FunctionEnvironment) {
            self.tree = tree
            self.source = source
            self.program = program
            self.limits = limits
            self.environment = EnvironmentBox(environment)
        }
    }

    @usableFromInline var core: Core
    /// Whether evaluating against a row store with a null `SELF` runs the program's decision graph
    /// (a form-mode program of fused leaves within the step budget; see ``LeafGraph``).
    @usableFromInline let runsLeafGraph: Bool

    init(tree: SyntaxTree.Predicate, source: SourceText, program: Program, limits: Limits) {
        core = Core(tree: tree, source: source, program: program, limits: limits, environment: .live)
        let storage = program.storage
        runsLeafGraph = program.isFormMode && storage.hasLeafGraph && storage.code.count <= limits.maxEvaluationSteps
    }

    /// The syntax tree the predicate was compiled from.
    public var tree: SyntaxTree.Predicate { core.tree }
    /// The source text.
    public var source: SourceText { core.source }
    /// The bytecode.
    public var program: Program { core.program }
    /// The limits evaluation runs under (the step budget, regex subject length).
    public var limits: Limits { core.limits }
    /// The clock and random source for `now()` and `random()`; replace it to make tests repeatable.
    public var functionEnvironment: FunctionEnvironment {
        get { core.environment.environment }
        set {
            core = Core(tree: core.tree, source: core.source, program: core.program, limits: core.limits,
                        environment: newValue)
        }
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
    ///
    /// Inlinable so a caller's store is borrowed in place rather than copied into the call: the only
    /// reference touched is the store's entry buffer. A predicate compiled without a symbol table reads
    /// the store's tags as `$variables` instead (slower: it builds the bindings).
    @inlinable
    public func evaluate(in store: borrowing RowStore, object: Value = .null) throws(EvaluationError) -> Bool {
        if runsLeafGraph, case .null = object {
            // The usual form condition: straight into the decision graph, nothing else to set up.
            return try store.withEntries { (entries) throws(EvaluationError) -> Bool in
                try VirtualMachine.executeLeafGraph(core, entries)
            }
        }
        return try evaluate(slowPathIn: store, object: object)
    }

    /// ``evaluate(in:object:)`` for everything but the decision graph: a form-mode program runs over the
    /// store's entries (operand stack, locals, the object; ``VirtualMachine`` still takes its leaf loop for
    /// a stackless program); a predicate compiled without a symbol table reads every tag of the store as a
    /// `$variable`.
    @usableFromInline
    func evaluate(slowPathIn store: borrowing RowStore, object: Value) throws(EvaluationError) -> Bool {
        guard program.isFormMode else {
            var variables: [String: Value] = [:]
            for (slot, tag) in store.symbols.tags.enumerated() { variables[tag] = store.value(at: Slot(slot)) }
            return try evaluate(with: object, variables: variables)
        }
        return try store.withEntries { (entries) throws(EvaluationError) -> Bool in
            var trace = NoTrace()
            return try run(object: object, variables: [:], slots: SlotInputs(entries: entries), trace: &trace)
        }
    }

    /// Borrows the inputs for the duration of one run.
    private func run<Trace: TraceSink>(
        object: borrowing Value, variables: borrowing [String: Value], slots: SlotInputs, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let core = self.core
        return try withUnsafePointer(to: object) { (objectPointer) throws(EvaluationError) -> Bool in
            try withUnsafePointer(to: variables) { (variablesPointer) throws(EvaluationError) -> Bool in
                let inputs = EvaluationInputs(object: objectPointer, variables: variablesPointer,
                                              environment: core.environment, slots: slots, limits: core.limits)
                return try VirtualMachine.run(core.program.storage, inputs, trace: &trace)
            }
        }
    }

    private func evaluate<Trace: TraceSink>(
        object: Value, variables: [String: Value], trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let entries = program.symbols.map { symbols in
            symbols.tags.map { RowStore.Entry(value: variables[$0] ?? .null) }
        } ?? []
        return try entries.withUnsafeBufferPointer { (entries) throws(EvaluationError) -> Bool in
            try run(object: object, variables: variables, slots: SlotInputs(entries: entries), trace: &trace)
        }
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
