// Form+Actions: the actions on a live form — set values, replace conditions, add and remove rows and
// sections, batches — each one transaction (FormCore): applied to the state (restored if it fails),
// turned into its net change set, published to observers, then to listeners. Actions started while
// observers or listeners are being told are checked at once and queued (Form+Listeners).

extension Form {
    // MARK: Actions

    /// Sets one row's value. Setting a value identical to the current one changes nothing.
    @discardableResult
    public func setValue(_ value: Value, for tag: String) throws(FormError) -> FormChangeSet {
        // apply(.values(...)) without the action's array, in one access to the core; while listeners
        // are being notified the core declines and the action is queued.
        let applied = try insideCore { () throws(FormError) in try core.setValueUnlessNotifying(value, for: tag) }
        guard let (changes, delivers) = applied else { return try perform(.values([(tag, value)])) }
        if delivers { deliver(changes) }
        return changes
    }

    /// Sets several rows' values as one change (one net change set).
    @discardableResult
    public func setValues(_ values: [String: Value]) throws(FormError) -> FormChangeSet {
        try perform(.values(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
    }

    /// Replaces the `property` condition of the element tagged `tag` (nil removes it), re-registers
    /// its dependencies and evaluates it at once.
    @discardableResult
    public func setCondition(_ condition: Condition?, _ property: ConditionProperty, for tag: String)
        throws(FormError) -> FormChangeSet
    {
        try perform(.setCondition(condition, property, tag))
    }

    /// Inserts a row into the section tagged `sectionTag`. Conditions that mention its tag re-evaluate.
    @discardableResult
    public func addRow(_ row: Row, toSection sectionTag: String, at insertion: RowInsertion = .end)
        throws(FormError) -> FormChangeSet
    {
        try perform(.addRow(row, sectionTag, insertion))
    }

    /// Removes the row tagged `tag`. Conditions that read it now read null.
    @discardableResult
    public func removeRow(_ tag: String) throws(FormError) -> FormChangeSet { try perform(.removeRow(tag)) }

    /// Inserts a section at `index` among all sections (nil appends).
    @discardableResult
    public func addSection(_ section: Section, at index: Int? = nil) throws(FormError) -> FormChangeSet {
        try perform(.addSection(section, index))
    }

    /// Removes the section tagged `tag` and its rows.
    @discardableResult
    public func removeSection(_ tag: String) throws(FormError) -> FormChangeSet { try perform(.removeSection(tag)) }

    /// Runs several actions as one transaction with one NET change set: flips that are undone within
    /// the batch are not reported. If one action fails, none is applied.
    @discardableResult
    public func batch(_ body: (inout FormBatch) throws(FormError) -> Void) throws(FormError) -> FormChangeSet {
        var batch = FormBatch()
        try body(&batch)
        return try perform(.batch(batch.actions))
    }

    // MARK: Performing

    func perform(_ action: Action) throws(FormError) -> FormChangeSet {
        if isNotifying {
            try insideCore { () throws(FormError) in
                var copy = core.state
                copy.claimColumns()
                try FormCore.run(action, on: &copy)
            }
            pending.append(action)
            return .deferred
        }
        let changes = try insideCore { () throws(FormError) in try core.apply(action) }
        deliver(changes)
        return changes
    }

    /// Runs `body`, an access to the core that runs conditions or validation rules, marked as inside the
    /// core; throws without running it when an action is inside already: a condition or a validation
    /// rule of that action (or of a validation) started this one.
    @inline(always)
    func insideCore<Result>(_ body: () throws(FormError) -> Result) throws(FormError) -> Result {
        guard !isInsideCore else {
            throw FormError(
                .invalidAction,
                "an action was started by a condition or a validation rule while the form was running it")
        }
        isInsideCore = true
        defer { isInsideCore = false }
        return try body()
    }
}

/// Actions collected by ``Form/batch(_:)`` and applied as one transaction.
public struct FormBatch: Sendable {
    var actions: [Action] = []

    /// Sets a row's value.
    public mutating func setValue(_ value: Value, for tag: String) { actions.append(.values([(tag, value)])) }
    /// Replaces a condition.
    public mutating func setCondition(_ condition: Condition?, _ property: ConditionProperty, for tag: String) {
        actions.append(.setCondition(condition, property, tag))
    }
    /// Inserts a row.
    public mutating func addRow(_ row: Row, toSection sectionTag: String, at insertion: RowInsertion = .end) {
        actions.append(.addRow(row, sectionTag, insertion))
    }
    /// Removes a row.
    public mutating func removeRow(_ tag: String) { actions.append(.removeRow(tag)) }
    /// Inserts a section.
    public mutating func addSection(_ section: Section, at index: Int? = nil) {
        actions.append(.addSection(section, index))
    }
    /// Removes a section.
    public mutating func removeSection(_ tag: String) { actions.append(.removeSection(tag)) }
}

/// One action on a form, as queued and batched.
enum Action: Sendable {
    case values([(String, Value)])
    case setCondition(Condition?, ConditionProperty, String)
    case addRow(Row, String, RowInsertion)
    case removeRow(String)
    case addSection(Section, Int?)
    case removeSection(String)
    case batch([Action])
}
