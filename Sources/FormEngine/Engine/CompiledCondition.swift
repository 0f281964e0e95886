// CompiledCondition: a Condition ready to run against the form's RowStore, with the (slot, property)
// reads the dependency graph is built from. Compiling declares every tag a condition reads in the
// store's symbol table, so a tag that has no row yet gets a slot (reading null) and is bound when a
// row with that tag is added.

/// A condition compiled against a form's symbol table.
struct CompiledCondition: Sendable {
    enum Body: Sendable {
        case constant(Bool)
        case function(@Sendable (ConditionReader) -> Bool)
    }

    var body: Body
    /// Distinct reads, in first-seen order.
    var reads: [SlotRead]
    /// The definition it came from (kept for re-encoding and checking).
    var source: Condition?

    static let alwaysFalse = CompiledCondition(body: .constant(false), reads: [], source: nil)

    /// Runs the condition. Never throws: an evaluation error counts as false.
    func evaluate(in store: RowStore) -> Bool {
        switch body {
        case .constant(let result):
            return result
        case .function(let function):
            return function(ConditionReader(store: store))
        }
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
        }
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
