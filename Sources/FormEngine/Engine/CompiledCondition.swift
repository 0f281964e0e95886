// CompiledCondition: a Condition ready to run against the form's RowStore, with the (slot, property)
// reads the dependency graph is built from; CompiledValidation: a validation rule ready to run. How
// they are compiled is FormState+Compiling.

/// A condition compiled against a form's symbol table.
struct CompiledCondition: Sendable {
    enum Body: Sendable {
        case constant(Bool)
        case function(@Sendable (ConditionReader) -> Bool)
        case predicate(CompiledPredicate)

        /// Runs the body; an evaluation error counts as false.
        func evaluate(in store: RowStore) -> Bool {
            switch self {
            case .constant(let result):
                return result
            case .function(let function):
                return function(ConditionReader(store: store))
            case .predicate(let program):
                return (try? program.evaluate(in: store)) ?? false
            }
        }
    }

    let body: Body
    /// A predicate body's program, not retained: `body` keeps it, and both are set together and never
    /// changed, so evaluating reads the program out of the form's conditions without retaining it.
    let program: CompiledPredicate.Unretained?
    /// The definition it came from (kept for checking and re-encoding).
    var source: Condition?
    /// Distinct reads, in first-seen order.
    var reads: SlotReads

    init(body: Body, reads: SlotReads, source: Condition?) {
        self.body = body
        if case .predicate(let predicate) = body { program = predicate.unretained } else { program = nil }
        self.reads = reads
        self.source = source
    }

    static let alwaysFalse = CompiledCondition(body: .constant(false), reads: [], source: nil)

    /// Runs the condition. Never throws: an evaluation error counts as false (XLForm treats a failing
    /// predicate as not hidden).
    func evaluate(in store: RowStore) -> Bool { body.evaluate(in: store) }

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
}

/// A validation rule compiled against the form's symbol table.
struct CompiledValidation: Sendable {
    enum Body: Sendable {
        case predicate(CompiledPredicate)
        case function(@Sendable (Value) -> Bool)
    }

    var body: Body
    var message: String

    /// Runs the rule with `value` as SELF; an evaluation error fails it.
    func isSatisfied(by value: Value, store: RowStore) -> Bool {
        switch body {
        case .function(let function): function(value)
        case .predicate(let program): (try? program.evaluate(in: store, object: value)) ?? false
        }
    }
}
