// Form: the live form — built once from a definition, then edited by actions that each return a net
// FormChangeSet and notify listeners. A thin shell over FormState and its ChangeSetBuilder: it resolves
// tags, keeps failed actions from changing anything, and queues actions that listeners start while
// being notified.

/// A live conditional form: sections and rows with values, and `hidden` / `disabled` / `required`
/// conditions that are re-evaluated incrementally when values change.
///
/// ```swift
/// let form = try Form {
///     Section("s1") {
///         Row("other")
///         Row("name", value: "x").hidden(.function(["other"]) { $0.value("other") == "y" })
///     }
/// }
/// let changes = try form.setValue("y", for: "other")   // changes.rowsHidden lists "name"
/// ```
///
/// Every action either succeeds or throws a ``FormError`` and leaves the form exactly as it was.
/// A `Form` is not thread-safe; use it from one isolation domain.
///
/// ## Listeners and re-entrancy
/// Listeners receive each action's change set. An action a listener starts while being notified is
/// checked at once (a failure throws to the listener) but applied only after the current notification
/// has reached every listener; it returns a change set with ``FormChangeSet/isDeferred`` set, and its
/// own change set is then delivered to the listeners like any other.
public final class Form {
    var state: FormState
    /// Turns each transaction's log into its change set (and keeps its scratch storage between them).
    var builder = ChangeSetBuilder()
    private var listeners: [(id: Int, body: (FormChangeSet) -> Void)] = []
    private var nextListenerID = 0
    private var isNotifying = false
    private var pending: [Action] = []

    /// Queued actions that failed when they were finally applied (the state they were checked against
    /// had changed), most recent last.
    public private(set) var deferredFailures: [FormError] = []

    /// Builds a form: checks tags, compiles every condition, rejects cycles and evaluates everything once.
    public init(_ definition: FormDefinition, limits: FormLimits = .default) throws(FormError) {
        state = try FormState.build(definition, limits: limits)
    }

    /// Builds a form from sections written with a result builder.
    public convenience init(
        options: FormOptions = FormOptions(), limits: FormLimits = .default, @FormBuilder _ sections: () -> [Section]
    ) throws(FormError) {
        try self.init(FormDefinition(sections: sections(), options: options), limits: limits)
    }

    // MARK: Reading

    /// The form's policies.
    public var options: FormOptions { state.options }

    /// The state of the row or section tagged `tag`, or nil if there is none.
    public subscript(tag: String) -> ElementState? {
        state.element(tagged: tag).map { ElementState(state: state, element: $0) }
    }

    /// Tags of the sections that are not hidden, in order.
    public var visibleSectionTags: [String] { state.sections.filter { !state.ownHidden($0) }.compactMap(tag) }
    /// Tags of the displayed rows (not hidden, in a section that is not hidden), in order.
    public var visibleRowTags: [String] { state.allRows.filter(state.isDisplayed).compactMap(tag) }
    /// Tags of all sections, hidden included.
    public var allSectionTags: [String] { state.sections.compactMap(tag) }
    /// Tags of all rows, hidden included.
    public var allRowTags: [String] { state.allRows.compactMap(tag) }

    private func tag(_ element: ElementID) -> String? { state.elements[element.raw].tag }

    /// Values of the displayed tagged rows (null included); a tagged multivalued section maps to the
    /// array of its displayed rows' non-null values (Eureka's `values()`).
    public func values() -> [String: Value] { state.values(includeHidden: false) }

    /// Values of all tagged rows regardless of visibility (Eureka's `values(includeHidden: true)`).
    public func valuesIncludingHidden() -> [String: Value] { state.values(includeHidden: true) }

    /// Every validation failure of the displayed rows: required rows that are empty, then failing
    /// rules. Hidden rows are never invalid; disabled rows are validated (as XLForm and Eureka do).
    public func validate() -> [ValidationError] { state.validate() }

    /// Validation failures grouped by row tag (untagged rows under their path).
    public func validationErrorsByTag() -> [String: [ValidationError]] {
        Dictionary(grouping: validate(), by: { $0.tag ?? $0.path })
    }

    /// Whether change sets carry ``FormChangeSet/Location``s (positions among the visible sections and
    /// rows, for table views). Each costs O(log n): the engine keeps counts of the shown sections and of
    /// each section's shown rows (Fenwick trees) up to date on every flip. A form that does not drive a
    /// table view can turn it off. Default true.
    public var computesLocations: Bool {
        get { builder.computesLocations }
        set { builder.computesLocations = newValue }
    }

    /// The state of every row (untagged ones included), in form order.
    package var rowStates: [ElementState] { state.allRows.map { ElementState(state: state, element: $0) } }
    /// The state of every section, in form order.
    package var sectionStates: [ElementState] { state.sections.map { ElementState(state: state, element: $0) } }

    /// What is wrong with the form's conditions as they are now: tags that no row or section has (a
    /// condition reading one sees null) and comparisons with a constant of a type the element can never
    /// match (always false, or always true for `!=`), each with its path and its position in the
    /// condition, in form order.
    ///
    /// With ``FormOptions/ProblemPolicy/error`` (the default) such conditions fail the build and the
    /// actions that add them, so this lists only what later actions caused (a removed row that
    /// conditions still read). With ``FormOptions/ProblemPolicy/warning`` the form keeps working and
    /// reports them here. Computed on each access: O(n) over the conditions.
    public var warnings: [FormCheckProblem] { state.conditionProblems(severity: .warning) }

    /// In debug builds: Swift function conditions seen reading a value or flag they do not declare
    /// (`"b.hidden reads 'x' without declaring it"`). Such a condition does not re-run when that input
    /// changes (Eureka's `Condition.function` has the same rule); declare every tag it reads.
    public var undeclaredDependencies: [String] { state.undeclaredDependencies }

    /// The dependency graph as it is now: what each condition reads, which conditions read each input,
    /// and the order of evaluation. A snapshot, built on each access (O(n)).
    public var dependencyGraph: FormDependencyGraph { state.dependencyGraph() }

    /// How many conditions have been evaluated since the form was built (the build included).
    package var evaluationCount: Int { state.evaluationCount }

    /// Whether change sets list the conditions each action evaluated (``FormChangeSet/evaluated``):
    /// what a change re-ran, and the proof that nothing else did. Off by default: recording costs a
    /// name per evaluated condition.
    public var recordsEvaluations: Bool {
        get { state.recordsEvaluations }
        set { state.recordsEvaluations = newValue }
    }

    // MARK: Actions

    /// Sets one row's value. Setting a value identical to the current one changes nothing.
    @discardableResult
    public func setValue(_ value: Value, for tag: String) throws(FormError) -> FormChangeSet {
        guard !isNotifying else { return try perform(.values([(tag, value)])) }
        // apply(.values(...)) without the action's array: resolving the tag is the only step that can fail.
        try state.setValueTransaction(value, for: tag)
        let changes = builder.changeSet(of: &state)
        notify(changes)
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

    // MARK: Listeners

    /// Registers a listener for every change set that is not empty (an action that changes nothing,
    /// such as setting a row's current value again, notifies no one); returns a token for
    /// ``removeListener(_:)``.
    @discardableResult
    public func addListener(_ listener: @escaping (FormChangeSet) -> Void) -> ListenerToken {
        nextListenerID += 1
        listeners.append((nextListenerID, listener))
        return ListenerToken(id: nextListenerID)
    }

    /// Removes a listener.
    public func removeListener(_ token: ListenerToken) {
        listeners.removeAll { $0.id == token.id }
    }

    // MARK: Performing

    func perform(_ action: Action) throws(FormError) -> FormChangeSet {
        if isNotifying {
            var copy = state
            try Form.run(action, on: &copy)
            pending.append(action)
            return .deferred
        }
        let changes = try apply(action)
        notify(changes)
        return changes
    }

    /// Applies an action as one transaction; on failure the state is restored.
    private func apply(_ action: Action) throws(FormError) -> FormChangeSet {
        state.log.begin()
        if case .values(let assignments) = action {
            // Resolving every tag first means nothing can fail after the first mutation.
            try state.setValues(tagged: assignments)
        } else {
            let saved = state
            do {
                try Form.run(action, on: &state)
            } catch {
                state = saved
                throw error
            }
        }
        state.settle()
        return builder.changeSet(of: &state)
    }

    private static func run(_ action: Action, on state: inout FormState) throws(FormError) {
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

    /// Delivers a change set, and those of the actions listeners queue meanwhile, to every listener;
    /// empty change sets are not delivered.
    private func notify(_ first: FormChangeSet) {
        guard !listeners.isEmpty, !first.isEmpty else { return }
        isNotifying = true
        defer { isNotifying = false }
        var queue = [first]
        var appliedQueued = 0
        while !queue.isEmpty {
            let changes = queue.removeFirst()
            for listener in listeners { listener.body(changes) }
            let actions = pending
            pending.removeAll()
            for action in actions {
                appliedQueued += 1
                guard appliedQueued <= state.limits.maxQueuedActions else {
                    deferredFailures.append(
                        FormError(
                            .formTooLarge, "more than \(state.limits.maxQueuedActions) actions queued by listeners"))
                    continue
                }
                do {
                    let changes = try apply(action)
                    if !changes.isEmpty { queue.append(changes) }
                } catch {
                    deferredFailures.append(error)
                }
            }
        }
    }
}

/// Identifies a listener registered with ``Form/addListener(_:)``.
public struct ListenerToken: Hashable, Sendable {
    let id: Int
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
