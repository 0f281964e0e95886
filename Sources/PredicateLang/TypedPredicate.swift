// TypedPredicate: a predicate compiled against a Swift type's schema, evaluated on values of that type
// directly. Its key paths were resolved to the type's fields when it was compiled; the VM reads them in
// place from the value, so evaluating builds no Value tree and, for the fields read in place, allocates
// nothing. Like CompiledPredicate it is immutable and Sendable: one instance serves many threads.
// Filtering and counting a batch bind the `$variables` first: the predicate is compiled again with their
// values as constants (as predicateWithSubstitutionVariables: does), so that `createdAt > $since` takes
// the same typed quick path as `createdAt > CAST(…)` for every element instead of reading the variable
// each time. A batch too small to repay the compile, or a binding that does not compile cleanly, runs
// the predicate as compiled. The last binding is remembered (BindingMemo), so batch after batch with the
// same values compiles once.

/// A predicate over values of a Swift type, checked against the type's ``TypeSchema``.
///
/// ```swift
/// let recent = try TypedPredicate<Order>("createdAt > $since AND ANY items.qty > 2", schema: orderSchema)
/// let matching = try recent.filter(orders, variables: ["since": .date(lastWeek)])
/// ```
public struct TypedPredicate<Root>: Sendable {
    /// The compiled predicate (its bytecode reads `Root` values).
    public let predicate: CompiledPredicate
    /// The schema it was compiled against, to compile it again with its variables bound.
    let schema: Schema
    /// The last batch binding of its variables, reused while the values stay the same.
    let bindings = BindingMemo()

    /// Parses a format string, checks it against `schema` and compiles it, throwing the diagnostics when
    /// it does not compile.
    public init(
        _ text: String, arguments: [Value] = [], schema: TypeSchema<Root>, limits: Limits = .default
    ) throws(CompilationFailure) {
        let result = CompiledPredicate.compile(text, arguments: arguments, schema: schema.schema, limits: limits)
        guard let predicate = result.predicate else {
            throw CompilationFailure(diagnostics: result.diagnostics, source: result.source)
        }
        self.predicate = predicate
        self.schema = schema.schema
    }

    /// Parses a format string, checks it against `schema` and compiles it; the predicate is nil when a
    /// diagnostic is an error.
    public static func compile(
        _ text: String, arguments: [Value] = [], schema: TypeSchema<Root>, sourceName: String = "<input>",
        limits: Limits = .default
    ) -> (predicate: TypedPredicate?, result: CompilationResult) {
        let result = CompiledPredicate.compile(
            text, arguments: arguments, schema: schema.schema, sourceName: sourceName, limits: limits)
        return (result.predicate.map { TypedPredicate(predicate: $0, schema: schema.schema) }, result)
    }

    init(predicate: CompiledPredicate, schema: Schema) {
        self.predicate = predicate
        self.schema = schema
    }

    /// The fewest elements for which a batch binds its variables: compiling again costs about as much as
    /// evaluating a hundred elements through the variable reads.
    static var bindingThreshold: Int { 128 }

    /// The predicate to run over `count` elements with `variables`: compiled again with the variables'
    /// values as constants when every free variable is bound and the batch is large enough; as compiled
    /// otherwise (an unbound variable then raises at the element that reads it, as it would one at a time).
    func program(for variables: [String: Value], count: Int) -> CompiledPredicate.Core {
        guard count >= Self.bindingThreshold, !variables.isEmpty, let bound = binding(variables) else {
            return predicate.core
        }
        return bound
    }

    /// The predicate compiled again with `variables` as constants (the previous batch's, when `variables`
    /// gives its variables the same values); nil when a free variable is unbound or the bound predicate
    /// does not compile without errors.
    private func binding(_ variables: [String: Value]) -> CompiledPredicate.Core? {
        bindings.core(
            for: variables, names: { predicate.tree.dependencies.tags },
            bind: { names in
                guard !names.isEmpty, names.allSatisfy({ variables[$0] != nil }) else { return nil }
                return (try? substituting(variables))?.predicate.core
            })
    }

    /// The predicate with `variables` put in as constants and compiled again against the schema, as
    /// `predicateWithSubstitutionVariables:` returns a new predicate. Bind once and evaluate many
    /// values: a substituted `createdAt > $since` compares each date in place, where evaluating with
    /// `variables:` looks the variable up for every value. Variables without a binding stay free.
    ///
    /// ```swift
    /// let template = try TypedPredicate<Order>("createdAt > $since", schema: orderSchema)
    /// let recent = try template.substituting(["since": .date(lastWeek)])
    /// try recent.evaluate(order)
    /// ```
    ///
    /// - Throws: ``CompilationFailure`` when a value does not fit where its variable is used
    ///   (`createdAt > $since` with a string), positioned at the comparison that uses it.
    public func substituting(_ variables: [String: Value]) throws(CompilationFailure) -> TypedPredicate {
        let result = CompiledPredicate.compile(
            predicate.tree.substituting(variables), source: predicate.source, symbols: nil, schema: schema,
            limits: predicate.core.program.storage.limits)
        guard let compiled = result.predicate, !result.diagnostics.hasErrors else {
            throw CompilationFailure(diagnostics: result.diagnostics, source: result.source)
        }
        return TypedPredicate(predicate: compiled, schema: schema)
    }

    /// Evaluates the predicate on `object` with `$variable` bindings.
    @inlinable
    public func evaluate(_ object: borrowing Root, variables: [String: Value] = [:]) throws(EvaluationError) -> Bool {
        try withUnsafePointer(to: object) { (object) throws(EvaluationError) -> Bool in
            try predicate.core.run(root: UnsafeRawPointer(object), variables: variables)
        }
    }

    /// The elements of `objects` the predicate holds for, in order. Each element is read where the array
    /// keeps it (nothing is copied to evaluate it).
    ///
    /// The first evaluation error stops the filter and is thrown, as `filteredArrayUsingPredicate:`
    /// raises; ``filter(_:variables:onFailure:)`` chooses otherwise (see <doc:EvaluationErrorsWhenFiltering>).
    public func filter(_ objects: [Root], variables: [String: Value] = [:]) throws(EvaluationError) -> [Root] {
        let core = program(for: variables, count: objects.count)
        return try objects.withUnsafeBufferPointer { (elements) throws(EvaluationError) -> [Root] in
            guard let base = elements.baseAddress else { return [] }
            var matching: [Root] = []
            for index in elements.indices where try core.run(root: UnsafeRawPointer(base + index), variables: variables)
            {
                matching.append(elements[index])
            }
            return matching
        }
    }

    /// The elements of `objects` the predicate holds for, in order, with `onFailure` deciding for each
    /// element whose evaluation throws: it is given the element's index and the error, and returns
    /// whether to keep the element, or throws to stop the filter (the filter throws what it throws; with
    /// a closure that does not throw, neither does the filter).
    ///
    /// ```swift
    /// var failures: [(index: Int, error: EvaluationError)] = []
    /// let recent = predicate.filter(orders) { index, error in
    ///     failures.append((index, error))
    ///     return false                    // skip the element, as if the predicate were false
    /// }
    /// ```
    public func filter<Failure: Error>(
        _ objects: [Root], variables: [String: Value] = [:],
        onFailure: (_ index: Int, _ error: EvaluationError) throws(Failure) -> Bool
    ) throws(Failure) -> [Root] {
        let core = program(for: variables, count: objects.count)
        return try objects.withUnsafeBufferPointer { (elements) throws(Failure) -> [Root] in
            guard let base = elements.baseAddress else { return [] }
            var matching: [Root] = []
            for index in elements.indices {
                let holds: Bool
                do throws(EvaluationError) {
                    holds = try core.run(root: UnsafeRawPointer(base + index), variables: variables)
                } catch {
                    holds = try onFailure(index, error)
                }
                if holds { matching.append(elements[index]) }
            }
            return matching
        }
    }

    /// How many elements of `objects` the predicate holds for; the first evaluation error is thrown.
    public func count(in objects: [Root], variables: [String: Value] = [:]) throws(EvaluationError) -> Int {
        let core = program(for: variables, count: objects.count)
        return try objects.withUnsafeBufferPointer { (elements) throws(EvaluationError) -> Int in
            guard let base = elements.baseAddress else { return 0 }
            var count = 0
            for index in elements.indices {
                if try core.run(root: UnsafeRawPointer(base + index), variables: variables) { count += 1 }
            }
            return count
        }
    }
}

extension CompiledPredicate.Core {
    /// Evaluates a typed program on the Swift value at `root` (register 0); an error leaves with the
    /// predicate's source attached.
    @usableFromInline
    func run(root: UnsafeRawPointer, variables: borrowing [String: Value]) throws(EvaluationError) -> Bool {
        var trace = NoTrace()
        var budget = EvaluationBudget(program.storage.limits.maxEvaluationSteps)
        do throws(EvaluationError) {
            return try withUnsafePointer(to: root) { (registers) throws(EvaluationError) -> Bool in
                try withUnsafePointer(to: Value.null) { (object) throws(EvaluationError) -> Bool in
                    try withUnsafePointer(to: variables) { (variables) throws(EvaluationError) -> Bool in
                        try withUnsafeMutablePointer(to: &budget) { (budget) throws(EvaluationError) -> Bool in
                            let inputs = EvaluationInputs(
                                object: object, variables: variables, environment: environment,
                                slots: SlotEntries(UnsafeBufferPointer(start: nil, count: 0)), registers: registers,
                                budget: budget)
                            return try VirtualMachine.run(program.storage, inputs, trace: &trace)
                        }
                    }
                }
            }
        } catch {
            throw error.attaching(source)
        }
    }
}
