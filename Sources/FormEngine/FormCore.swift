// FormCore: everything an action on a Form changes, as one value — the state, the change-set builder
// that reads its transaction log and the observed elements it updates — so that a Form performs an
// action with one exclusive access to its storage, and a transaction's steps (apply, settle, build the
// change set, publish) live in one place.

/// The state of a live form with its change-set builder and observers.
struct FormCore {
    var state: FormState
    /// Turns each transaction's log into its change set (and keeps its scratch storage between them).
    var builder = ChangeSetBuilder()
    /// The elements handed out by ``Form/observable(_:)``, updated at the end of each transaction.
    var observers = ElementObservers()
    /// True while listeners are being notified: actions are then checked and queued by the Form.
    var isNotifying = false
    /// Whether the Form has listeners (kept here so that a value change reads nothing else of the Form).
    var hasListeners = false

    init(state: FormState) { self.state = state }

    /// One value change as a whole transaction (``Form/setValue(_:for:)``), unless listeners are being
    /// notified (nil: the Form queues it instead). Returns the change set and whether listeners must
    /// hear of it. Resolving the tag is the only step that can fail, and it fails before anything
    /// changes. The whole change is one access to the Form's core.
    mutating func setValueUnlessNotifying(_ value: Value, for tag: String) throws(FormError) -> (
        changes: FormChangeSet, notifies: Bool
    )? {
        guard !isNotifying else { return nil }
        try state.setValueTransaction(value, for: tag)
        let changes = commit()
        return (changes, hasListeners && !changes.isEmpty)
    }

    /// Applies an action as one transaction; on failure the state is restored.
    mutating func apply(_ action: Action) throws(FormError) -> FormChangeSet {
        state.log.begin()
        if case .values(let assignments) = action {
            // Resolving every tag first means nothing can fail after the first mutation.
            try state.setValues(tagged: assignments)
        } else {
            let saved = state
            do {
                try FormCore.run(action, on: &state)
            } catch {
                state = saved
                throw error
            }
        }
        state.settle()
        return commit()
    }

    /// Ends the state's current transaction: builds its change set and updates the observed elements it
    /// touched.
    mutating func commit() -> FormChangeSet {
        let changes = builder.changeSet(of: &state)
        if !observers.isEmpty { observers.publish(state) }
        return changes
    }

    static func run(_ action: Action, on state: inout FormState) throws(FormError) {
        switch action {
        case .values(let assignments):
            try state.setValues(tagged: assignments)
        case .setCondition(let condition, let property, let tag):
            guard let element = state.element(tagged: tag) else { throw state.unknownTagError(tag) }
            try state.setCondition(condition, property, of: element)
        case .addRow(let row, let section, let insertion):
            try state.addRow(row, toSection: section, at: insertion)
        case .removeRow(let tag):
            try state.removeRow(tagged: tag)
        case .addSection(let section, let index):
            try state.addSection(section, at: index)
        case .removeSection(let tag):
            try state.removeSection(tagged: tag)
        case .batch(let actions):
            for action in actions { try run(action, on: &state) }
        }
    }
}
