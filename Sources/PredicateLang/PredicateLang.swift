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
        let program: Program
        let environment: EnvironmentBox
        /// How ``CompiledPredicate/evaluate(in:object:)`` evaluates over a row store.
        @usableFromInline
        enum StoreRoute: UInt8, Sendable {
            /// The program was compiled without a symbol table: it reads the store's tags as `$variables`.
            case readingTags
            /// The program reads its tags from the store's slots (it was compiled against a symbol table).
            case slots
            /// As ``slots``, and the program is a graph of integer leaves alone
            /// (``Program/Storage/walksIntegersAlone``): ``walkIntegerLeaves(in:)`` answers first.
            case integerLeaves
        }

        /// How the program is evaluated over a row store: one byte, so the inlined entry tests it once.
        @usableFromInline let storeRoute: StoreRoute

        /// Whether the program reads its tags from a row store's slots (it was compiled against a symbol table).
        var isFormMode: Bool { storeRoute != .readingTags }

        init(tree: SyntaxTree.Predicate, source: SourceText, program: Program, environment: EnvironmentBox) {
            self.tree = tree
            self.source = source
            self.program = program
            self.environment = environment
            let storage = program.storage
            storeRoute = !storage.isFormMode ? .readingTags : storage.walksIntegersAlone ? .integerLeaves : .slots
        }

        /// The one path from the public API into the VM: every `evaluate` ends here. An error leaves
        /// with the predicate's source attached, so that it prints with its line and caret.
        @inline(__always)
        func run<Trace: TraceSink>(
            object: borrowing Value, variables: UnsafePointer<[String: Value]>?,
            slots: UnsafeBufferPointer<RowStore.Entry>, fields: ValueDictionary? = nil, trace: inout Trace
        ) throws(EvaluationError) -> Bool {
            var budget = EvaluationBudget(program.storage.limits.maxEvaluationSteps)
            do throws(EvaluationError) {
                // Unprotected: the object and the budget are read and written in place, never indexed; a
                // protected address would put a stack guard on every evaluation.
                return try _withUnprotectedUnsafePointer(to: object) { (object) throws(EvaluationError) -> Bool in
                    try _withUnprotectedUnsafeMutablePointer(to: &budget) { (budget) throws(EvaluationError) -> Bool in
                        let inputs = EvaluationInputs(
                            object: object, fields: fields, variables: variables, environment: environment,
                            slots: SlotEntries(slots), registers: nil, budget: budget)
                        return try VirtualMachine.run(program.storage, inputs, trace: &trace)
                    }
                }
            } catch {
                throw error.attaching(source)
            }
        }

        /// Evaluates against `object` without `$variable` bindings (``CompiledPredicate/evaluate(with:)``):
        /// one call from the caller into the VM's entry.
        @usableFromInline
        func run(object: Value) throws(EvaluationError) -> Bool {
            var trace = NoTrace()
            guard isFormMode else { return try run(object: object, variables: nil, trace: &trace) }
            return try run(object: object, variables: [:], trace: &trace)
        }

        /// Evaluates a program compiled without a symbol table against `object`. A dictionary's members are
        /// taken out once for the key leaves that look plain keys up in them.
        @inline(__always)
        func run<Trace: TraceSink>(
            object: Value, variables: UnsafePointer<[String: Value]>?, trace: inout Trace
        ) throws(EvaluationError) -> Bool {
            let noSlots = UnsafeBufferPointer<RowStore.Entry>(start: nil, count: 0)
            guard program.storage.readsPlainKeys, case .dictionary(let fields) = object else {
                return try run(object: object, variables: variables, slots: noSlots, trace: &trace)
            }
            return try run(object: object, variables: variables, slots: noSlots, fields: fields, trace: &trace)
        }

        /// Evaluates with `$variable` bindings; a form-mode program takes each tag's value from them.
        func run<Trace: TraceSink>(
            object: Value, variables: [String: Value], trace: inout Trace
        ) throws(EvaluationError) -> Bool {
            guard let symbols = program.symbols else {
                return try withUnsafePointer(to: variables) { (variables) throws(EvaluationError) -> Bool in
                    try run(object: object, variables: variables, trace: &trace)
                }
            }
            let entries = symbols.tags.map { RowStore.Entry(value: variables[$0] ?? .null) }
            return try entries.withUnsafeBufferPointer { (entries) throws(EvaluationError) -> Bool in
                try withUnsafePointer(to: variables) { (variables) throws(EvaluationError) -> Bool in
                    try run(object: object, variables: variables, slots: entries, trace: &trace)
                }
            }
        }

        /// Evaluates over a row store's `count` entries from `entries` (form mode). A decision graph of slot
        /// leaves (the usual form condition) reads nothing but the entries, so it is given nothing else; any
        /// other program takes ``runWithAllInputs(object:slots:)``.
        @usableFromInline
        func run(object: borrowing Value, entries: UnsafePointer<RowStore.Entry>, count: Int)
            throws(EvaluationError) -> Bool
        {
            let storage = program.storage
            if storage.runsOnSlotsAlone {
                do throws(EvaluationError) {
                    return try VirtualMachine.run(storage, slots: SlotEntries(base: entries, count: count))
                } catch {
                    throw error.attaching(source)
                }
            }
            return try runWithAllInputs(object: object, slots: UnsafeBufferPointer(start: entries, count: count))
        }

        /// The answer of a graph of integer leaves alone (``Program/Storage/walksIntegersAlone``) over `store`,
        /// by ``VirtualMachine/walkIntegers(_:_:trace:)``, the first step the VM takes for such a program; nil
        /// when a slot it reads holds neither an integer nor an array (the caller then takes
        /// ``runAfterIntegerWalk(in:object:)``, whose walk answers by the leaves' tiers). A function of its own that
        /// calls nothing, so that it needs no frame, given the store itself, so that its caller keeps nothing
        /// more for the way on.
        @usableFromInline
        func walkIntegerLeaves(in store: borrowing RowStore) -> Bool? {
            store.withEntryBase { (entries, count) -> Bool? in
                var trace = NoTrace()
                return VirtualMachine.walkIntegers(
                    program.storage, SlotEntries(base: entries, count: count), trace: &trace)
            }
        }

        /// Evaluates over a row store's entries with every input set up. Out of line: inlined, its frame (the
        /// inputs' addresses taken, with the stack guard that comes with them) would be the slots-only walk's too.
        @inline(never)
        func runWithAllInputs(object: borrowing Value, slots: UnsafeBufferPointer<RowStore.Entry>)
            throws(EvaluationError) -> Bool
        {
            var trace = NoTrace()
            return try run(object: object, variables: nil, slots: slots, trace: &trace)
        }

        /// Evaluates against a form's row store: over its entries when the program was compiled against a
        /// symbol table, else reading the store's tags as `$variables`. ``CompiledPredicate/evaluate(in:object:)``
        /// and ``CompiledPredicate/Unretained`` both come here.
        @inlinable @inline(__always)
        func run(in store: borrowing RowStore, object: borrowing Value) throws(EvaluationError) -> Bool {
            if let answer = integerAnswer(in: store) { return answer }
            return try runAfterIntegerWalk(in: store, object: object)
        }

        /// The integer walk's answer over `store` when the program is a graph of integer leaves alone
        /// (``walkIntegerLeaves(in:)``); nil for any other program, or when that walk declines.
        @inlinable @inline(__always)
        func integerAnswer(in store: borrowing RowStore) -> Bool? {
            storeRoute == .integerLeaves ? walkIntegerLeaves(in: store) : nil
        }

        /// ``run(in:object:)`` once a graph of integer leaves alone has declined its integer walk (or for any
        /// other program): the whole walk over the store's slots, or the store's tags as `$variables`.
        @inlinable @inline(__always)
        func runAfterIntegerWalk(in store: borrowing RowStore, object: borrowing Value) throws(EvaluationError) -> Bool
        {
            guard storeRoute != .readingTags else { return try run(readingTagsOf: store, object: object) }
            return try store.withEntryBase { (entries, count) throws(EvaluationError) -> Bool in
                try run(object: object, entries: entries, count: count)
            }
        }

        /// Evaluates a program compiled without a symbol table over a row store: it reads the store's tags
        /// as `$variables`.
        @usableFromInline
        func run(readingTagsOf store: borrowing RowStore, object: borrowing Value) throws(EvaluationError) -> Bool {
            var variables: [String: Value] = [:]
            for (slot, tag) in store.symbols.tags.enumerated() { variables[tag] = store.value(at: Slot(slot)) }
            var trace = NoTrace()
            return try run(object: object, variables: variables, trace: &trace)
        }
    }

    @usableFromInline var core: Core

    init(tree: SyntaxTree.Predicate, source: SourceText, program: Program) {
        core = Core(tree: tree, source: source, program: program, environment: .live)
    }

    /// The syntax tree the predicate was compiled from.
    public var tree: SyntaxTree.Predicate { core.tree }
    /// The source text.
    public var source: SourceText { core.source }
    /// The bytecode.
    package var program: Program { core.program }
    /// The limits evaluation runs under (the step budget, regex subject length).
    public var limits: Limits { core.program.limits }
    /// The clock and random source for `now()` and `random()`; replace it to make tests repeatable.
    public var functionEnvironment: FunctionEnvironment {
        get { core.environment.environment }
        set {
            core = Core(
                tree: core.tree, source: core.source, program: core.program, environment: EnvironmentBox(newValue))
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
        result.diagnostics = parsed.diagnostics.followed(by: result.diagnostics)
        return result
    }

    /// Compiles an already parsed tree.
    public static func compile(
        _ tree: SyntaxTree.Predicate, source: SourceText, symbols: SymbolTable? = nil, limits: Limits = .default
    ) -> CompilationResult {
        compile(tree, source: source, symbols: symbols, schema: nil, limits: limits)
    }

    /// Compiles an already parsed tree into `tables`, which come back emptied for the next compile (a caller
    /// compiling many predicates in a row, such as a form's load, allocates the compiler's tables once).
    package static func compile(
        _ tree: SyntaxTree.Predicate, source: SourceText, symbols: SymbolTable?, limits: Limits,
        reusing tables: inout CompilerTables
    ) -> CompilationResult {
        var given: CompilerTables? = tables.take()
        let result = compile(tree, source: source, symbols: symbols, schema: nil, limits: limits, tables: &given)
        tables = given ?? CompilerTables()
        return result
    }

    /// Compiles a parsed tree, against `schema` when there is one: the tree is checked against it first,
    /// and, for a Swift type's schema, its key paths become reads of the type's fields. The compiler writes
    /// into tables kept by `pool` from an earlier compile, and gives them back: such a compile allocates none
    /// of its growing tables.
    static func compile(
        _ tree: SyntaxTree.Predicate, source: SourceText, symbols: SymbolTable?, schema: Schema?, limits: Limits,
        pool: CompilerTablePool = .shared
    ) -> CompilationResult {
        var tables: CompilerTables? = pool.take()
        let result = compile(tree, source: source, symbols: symbols, schema: schema, limits: limits, tables: &tables)
        pool.give(&tables)
        return result
    }

    /// Compiles into `tables` when given (they come back emptied), else into fresh ones.
    private static func compile(
        _ tree: SyntaxTree.Predicate, source: SourceText, symbols: SymbolTable?, schema: Schema?, limits: Limits,
        tables: inout CompilerTables?
    ) -> CompilationResult {
        var checked: [Diagnostic] = []
        if let schema {
            checked = SchemaChecker.check(tree, against: schema, limits: limits)
            if checked.hasErrors { return CompilationResult(predicate: nil, diagnostics: checked, source: source) }
        }
        var compiler = Compiler(symbols: symbols, limits: limits, schema: schema)
        let program = compiler.compile(tree, reusing: &tables)
        let predicate = program.map { CompiledPredicate(tree: tree, source: source, program: $0) }
        return CompilationResult(
            predicate: predicate, diagnostics: checked.followed(by: compiler.diagnostics), source: source)
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
    public func evaluate(with object: Value = .null, variables: [String: Value]) throws(EvaluationError) -> Bool {
        var trace = NoTrace()
        return try core.run(object: object, variables: variables, trace: &trace)
    }

    /// Evaluates against `object` (`SELF`) without `$variable` bindings (a variable raises
    /// `unbound-variable`; in form mode every tag reads as null).
    @inlinable
    public func evaluate(with object: Value = .null) throws(EvaluationError) -> Bool {
        try core.run(object: object)
    }

    /// Evaluates against a form's row store: the hot path, which allocates nothing on the heap. A predicate
    /// compiled without a symbol table reads the store's tags as `$variables` instead (slower: it builds
    /// the bindings).
    @inlinable @inline(__always)
    public func evaluate(in store: borrowing RowStore, object: Value = .null) throws(EvaluationError) -> Bool {
        try core.run(in: store, object: object)
    }

    /// Evaluates with a trace hook called before every instruction or decision node the VM runs (for
    /// `predc eval --trace`).
    package func evaluate(
        with object: Value = .null, variables: [String: Value] = [:], tracer: (TraceEvent) -> Void
    ) throws(EvaluationError) -> Bool {
        try withoutActuallyEscaping(tracer) { (handler) throws(EvaluationError) -> Bool in
            var trace = ClosureTrace(source: source, handler: handler)
            return try core.run(object: object, variables: variables, trace: &trace)
        }
    }

    /// The bytecode listing, with source positions, followed by the decision graph when the program
    /// runs as one.
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
