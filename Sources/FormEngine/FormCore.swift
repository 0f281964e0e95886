// FormCore: everything an action on a Form changes, as one value — the state, the change-set builder
// that reads its transaction log and the observed elements it updates — so that a Form performs an
// action with one exclusive access to its storage, and a transaction's steps (apply, settle, build the
// change set, gather the observers' updates) live in one place. The updates are handed to the observers
// after that access has ended (Form+Listeners): their callbacks may read the form.

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
    /// notified (nil: the Form queues it instead). Returns the change set and whether observers or
    /// listeners must hear of it. Resolving the tag is the only step that can fail, and it fails before
    /// anything changes. The whole change is one access to the Form's core.
    mutating func setValueUnlessNotifying(_ value: Value, for tag: String) throws(FormError) -> (
        changes: FormChangeSet, delivers: Bool
    )? {
        guard !isNotifying else { return nil }
        try state.setValueTransaction(value, for: tag)
        let changes = commit()
        return (changes, !observers.isEmpty || (hasListeners && !changes.isEmpty))
    }

    /// Applies an action as one transaction; on failure the state is restored.
    mutating func apply(_ action: Action) throws(FormError) -> FormChangeSet {
        state.claimColumns()
        state.log.begin()
        if case .values(let assignments) = action {
            // Resolving every tag first means nothing can fail after the first mutation.
            try state.setValues(tagged: assignments)
        } else {
            let saved = state
            state.claimColumns()
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

    /// Ends the state's current transaction: builds its change set.
    mutating func commit() -> FormChangeSet {
        builder.changeSet(of: &state)
    }

    /// What the observed elements the last transaction touched must be told (see
    /// ``ElementObservers/updates(after:)``), for the Form to tell them once this access has ended.
    mutating func observerUpdates() -> [ElementObservers.Update] {
        observers.isEmpty ? [] : observers.updates(after: state)
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
