// CompiledCondition: a Condition ready to run against the form's RowStore, with the (slot, property)
// reads the dependency graph is built from. Compiling declares every tag a condition reads in the
// store's symbol table, so a tag that has no row yet gets a slot (reading null) and is bound when a
// row with that tag is added. Predicates are parsed, given the XLForm `.value` rule, and compiled to
// bytecode against the table; their reads come from the syntax tree's Dependencies.

/// A condition compiled against a form's symbol table.
struct CompiledCondition: Sendable {
    enum Body: Sendable {
        case constant(Bool)
        case function(@Sendable (ConditionReader) -> Bool)
        case predicate(CompiledPredicate)
    }

    var body: Body
    /// Distinct reads, in first-seen order.
    var reads: [SlotRead]
    /// The definition it came from (kept for checking and re-encoding).
    var source: Condition?

    static let alwaysFalse = CompiledCondition(body: .constant(false), reads: [], source: nil)

    /// Runs the condition. Never throws: an evaluation error counts as false (XLForm treats a failing
    /// predicate as not hidden).
    func evaluate(in store: RowStore) -> Bool {
        switch body {
        case .constant(let result):
            return result
        case .function(let function):
            return function(ConditionReader(store: store))
        case .predicate(let program):
            return (try? program.evaluate(in: store)) ?? false
        }
    }

    /// Runs a function condition while recording what it reads; returns the result and the reads it
    /// did not declare (`"tag.isHidden"`), which would not re-run it when they change.
    func evaluateRecordingUndeclaredReads(in store: RowStore) -> (Bool, [String]) {
        guard case .function(let function) = body else { return (evaluate(in: store), []) }
        let recorder = ReadRecorder()
        let result = function(ConditionReader(store: store, recorder: recorder))
        var undeclared: [String] = []
        for (tag, property) in recorder.reads {
            let slot = store.symbols.slot(for: tag)
            if slot.map({ reads.contains(SlotRead(slot: $0, property: property)) }) != true {
                let name = property == .value ? tag : "\(tag).\(property.name)"
                if !undeclared.contains(name) { undeclared.append(name) }
            }
        }
        return (result, undeclared)
    }

    var isFunction: Bool {
        if case .function = body { return true }
        return false
    }

    /// Compiles `condition`, declaring the tags it reads in `store`. `path` names the condition in
    /// errors (`sections[0].rows[1].hidden`).
    static func compile(_ condition: Condition?, path: String, store: inout RowStore) throws(FormError)
        -> CompiledCondition
    {
        guard let condition else { return .alwaysFalse }
        switch condition {
        case .constant(let result):
            return CompiledCondition(body: .constant(result), reads: [], source: condition)
        case .function(let declared, let function):
            var reads: [SlotRead] = []
            for dependency in declared {
                let read = parseDeclaredDependency(dependency, store: &store)
                if !reads.contains(read) { reads.append(read) }
            }
            return CompiledCondition(body: .function(function), reads: reads, source: condition)
        case .predicate(let text):
            let tree = try parse(text, path: path).applyingFormValueRule()
            // The tree's dependencies are collected once, for declaring the tags and for the reads.
            let variables = tree.dependencies.variables
            let program = try compileTree(
                tree, variables: variables, source: SourceText(text, name: path), path: path, store: &store)
            return CompiledCondition(
                body: .predicate(program), reads: reads(of: variables, store: &store), source: condition)
        case .compiled(let predicate):
            let variables = predicate.tree.dependencies.variables
            let program = try compileTree(
                predicate.tree, variables: variables, source: predicate.source, path: path, store: &store)
            return CompiledCondition(
                body: .predicate(program), reads: reads(of: variables, store: &store), source: condition)
        }
    }

    /// Parses predicate text or throws a positioned parse error.
    static func parse(_ text: String, path: String) throws(FormError) -> SyntaxTree.Predicate {
        let parsed = SyntaxTree.parse(text, sourceName: path)
        guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else {
            throw parseError(parsed.diagnostics, source: parsed.source, path: path)
        }
        return tree
    }

    /// Compiles a tree against the store's table, after declaring every tag it reads.
    static func compileTree(_ tree: SyntaxTree.Predicate, source: SourceText, path: String, store: inout RowStore)
        throws(FormError) -> CompiledPredicate
    {
        try compileTree(tree, variables: tree.dependencies.variables, source: source, path: path, store: &store)
    }

    /// Compiles a tree whose free variables are `variables` (its dependencies).
    static func compileTree(
        _ tree: SyntaxTree.Predicate, variables: [Dependencies.VariableRead], source: SourceText, path: String,
        store: inout RowStore
    ) throws(FormError) -> CompiledPredicate {
        for variable in variables { store.declare(variable.name) }
        let result = CompiledPredicate.compile(tree, source: source, symbols: store.symbols)
        guard let program = result.predicate, !result.diagnostics.hasErrors else {
            throw parseError(result.diagnostics, source: result.source, path: path)
        }
        return program
    }

    static func parseError(_ diagnostics: [Diagnostic], source: SourceText, path: String) -> FormError {
        let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
        return FormError(
            .parse, first?.text ?? "invalid predicate", path: path, diagnostics: diagnostics,
            conditionText: source.text,
            location: first.map { source.location(of: $0.range.lowerBound) })
    }

    /// The distinct (slot, property) reads of a tree's free `$variables`.
    private static func reads(of variables: [Dependencies.VariableRead], store: inout RowStore) -> [SlotRead] {
        var reads: [SlotRead] = []
        reads.reserveCapacity(variables.count)
        for variable in variables {
            let property: ObservedProperty
            switch variable.property {
            case .value: property = .value
            case .isHidden: property = .isHidden
            case .isDisabled: property = .isDisabled
            }
            let read = SlotRead(slot: store.declare(variable.name), property: property)
            if !reads.contains(read) { reads.append(read) }
        }
        return reads
    }

    /// `"tag"` and `"tag.value…"` read the value; `"tag.isHidden"` / `"tag.isDisabled"` the flags. Any
    /// other first component means the value (the XLForm rule).
    private static func parseDeclaredDependency(_ text: String, store: inout RowStore) -> SlotRead {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let tag = parts.first.map(String.init) ?? text
        var property = ObservedProperty.value
        if parts.count == 2 {
            let rest = parts[1].split(separator: ".").first.map(String.init) ?? ""
            if rest == "isHidden" { property = .isHidden } else if rest == "isDisabled" { property = .isDisabled }
        }
        return SlotRead(slot: store.declare(tag), property: property)
    }
}

/// A validation rule compiled against the form's symbol table.
struct CompiledValidation: Sendable {
    enum Body: Sendable {
        case predicate(CompiledPredicate)
        case function(@Sendable (Value) -> Bool)
    }

    var body: Body
    var message: String

    static func compile(_ rule: ValidationRule, path: String, store: inout RowStore) throws(FormError)
        -> CompiledValidation
    {
        switch rule.check {
        case .function(let function):
            return CompiledValidation(body: .function(function), message: rule.message)
        case .predicate(let text):
            let tree = try CompiledCondition.parse(text, path: path).applyingFormValueRule()
            let program = try CompiledCondition.compileTree(
                tree, source: SourceText(text, name: path), path: path, store: &store)
            return CompiledValidation(body: .predicate(program), message: rule.message)
        }
    }

    /// Runs the rule with `value` as SELF; an evaluation error fails it.
    func isSatisfied(by value: Value, store: RowStore) -> Bool {
        switch body {
        case .function(let function): function(value)
        case .predicate(let program): (try? program.evaluate(in: store, object: value)) ?? false
        }
    }
}
