// FormState: the whole live state of a form as one value: elements (rows and sections), the RowStore
// that conditions read (values and flags as conditions see them, after the hidden-value policy), the
// compiled conditions and their cached results — and the parts that each own one responsibility: the
// dependency graph, the re-evaluation queue, the transaction log and the position locator. `Form` wraps
// it with the change-set builder and listeners; the extensions build, re-evaluate, edit and report it.

/// A row or section of the live form.
struct ElementRecord: Sendable {
    /// The section a row belongs to; nil for a section.
    var section: ElementID?
    var slot: Slot?
    var isAlive = true
    /// A section's rows, in display order.
    var rows: [ElementID] = []
    var isMultivalued = false
    var validations: [CompiledValidation] = []

    var isRow: Bool { section != nil }
}

struct FormState: Sendable {
    var options: FormOptions
    var limits: FormLimits
    var elements: [ElementRecord] = []
    /// Each row's stored value by `ElementID.raw` (what `values()` reports; conditions may see it masked);
    /// null for a section. Apart from the records so that storing a value writes a column the transaction
    /// claimed (no uniqueness check), not the records.
    var rowValues = ValueColumn<Value>()
    /// Each element's tag by `ElementID.raw`, apart from the records: elements keep their tags for
    /// life, so this only grows, and a change set shares it to name its entries (see
    /// ``FormChangeSet/tags``) without copying a string per entry. Adding an element while a caller
    /// keeps a change set copies it once (O(n), within a structural edit that is O(n) anyway).
    var elementTags: [String?] = []
    /// Live sections in display order.
    var sections: [ElementID] = []
    /// What conditions read: per slot the value and the flags, with the policies applied.
    var store = RowStore(symbols: SymbolTable())
    /// The slot of each tag (its position), as in the store's symbol table (see ``StringIndex``).
    var tags = StringIndex()
    /// The live element bound to each slot (nil: no element has that tag now).
    var slotElement: [ElementID?] = []
    /// By `ConditionID.raw`.
    var conditions: [CompiledCondition] = []
    /// Cached results by `ConditionID.raw`.
    var results = Column<Bool>()
    var graph = DependencyGraph()
    /// Model positions and the counts of shown elements, for change-set locations.
    var locator = PositionLocator()
    /// The conditions waiting to be re-evaluated.
    var dirty = DirtyQueue()
    /// What the current transaction touched.
    var log = TransactionLog()
    /// True while the form is being built (no clearing on hide then).
    var isBuilding = false
    /// Whether the log records the evaluated conditions, for change sets that list them.
    var recordsEvaluations = false
    /// Function conditions seen reading something they do not declare (debug builds).
    var undeclaredDependencies: [String] = []
    /// The compiler's tables, handed from one condition's compile to the next (``CompilerTables``).
    var compilerTables = CompilerTables()
    /// Conditions evaluated since the form was created.
    var evaluationCount = 0
    /// Programs compiled by the current build or action, by predicate text (emptied when it ends).
    var programCache = ProgramCache()
    /// Shared with the copies of this state that share its columns (see ``claimColumns()``).
    private var columnOwner = ColumnOwner()

    init(options: FormOptions, limits: FormLimits) {
        self.options = options
        self.limits = limits
    }

    /// Makes the columns (``Column``: the results, the log's, the dirty queue's, the visibility counts';
    /// ``ValueColumn``: the rows' values and the log's original values) unique to this state before a
    /// transaction writes them. A copy of the state — the snapshot an action keeps to restore on failure,
    /// the trial run of an action queued while listeners are told, a caller's copy — shares them until
    /// then; the columns do not check on each write. One uniqueness check when nothing is shared.
    @inline(always)
    mutating func claimColumns() {
        guard !isKnownUniquelyReferenced(&columnOwner) else { return }
        columnOwner = ColumnOwner()
        results.makeUnique()
        rowValues.makeUnique()
        dirty.makeColumnsUnique()
        log.makeColumnsUnique()
        locator.makeColumnsUnique()
    }

    // MARK: Flags

    @inline(always)
    func result(_ element: ElementID, _ property: ConditionProperty) -> Bool {
        results[element.condition(property).raw]
    }

    /// The element's own results, as the transaction log records them.
    @inline(always)
    func flags(of element: ElementID) -> TransactionLog.Flags {
        let (hidden, disabled, required) = results.three(at: element.raw &* 3)
        return TransactionLog.Flags(hidden: hidden, disabled: disabled, required: required)
    }

    /// The element's own hidden condition result.
    @inline(always)
    func ownHidden(_ element: ElementID) -> Bool { result(element, .hidden) }

    /// The reported hidden flag: own, or for a row with `hiddenIncludesSection` own OR its section's.
    @inline(always)
    func reportedHidden(_ element: ElementID) -> Bool {
        if let section = elements[element.raw].section, options.hiddenIncludesSection {
            return ownHidden(element) || ownHidden(section)
        }
        return ownHidden(element)
    }

    /// A row is displayed when neither it nor its section is hidden; a section when it is not hidden.
    @inline(always)
    func isDisplayed(_ element: ElementID) -> Bool {
        if let section = elements[element.raw].section { return !ownHidden(element) && !ownHidden(section) }
        return !ownHidden(element)
    }

    /// A row's own disabled flag OR its section's.
    func effectiveDisabled(_ element: ElementID) -> Bool {
        if let section = elements[element.raw].section {
            return result(element, .disabled) || result(section, .disabled)
        }
        return result(element, .disabled)
    }

    // MARK: Lookup

    /// The slot of `tag`: found by its exact spelling in the tag index, else (a spelling the index has not
    /// seen, such as `e` with a combining accent for a declared `é`) in the store's symbol table, which
    /// compares tags as Swift strings do (canonical equivalence), like every other tag comparison here.
    @inline(always)
    func slotIndex(of tag: String) -> Int? {
        if let slot = tags.position(of: tag) { return slot }
        return store.symbols.slot(for: tag)?.index
    }

    /// The live element tagged `tag`.
    @inline(always)
    func element(tagged tag: String) -> ElementID? {
        guard let slot = slotIndex(of: tag), slotElement.indices.contains(slot) else { return nil }
        return slotElement[slot]
    }

    /// The index of a live element in its parent's list (a row in its section's rows, a section in
    /// the form's sections); -1 if it is not there. O(1) between structural edits.
    @inline(always)
    func position(of element: ElementID) -> Int {
        if let position = locator.position(of: element) { return position }
        if let section = elements[element.raw].section {
            return elements[section.raw].rows.firstIndex(of: element) ?? -1
        }
        return sections.firstIndex(of: element) ?? -1
    }

    /// Records every live element's position and rebuilds the visibility counts; called whenever the
    /// graph is rebuilt (after every structural change), so between changes positions cost O(1) and
    /// locations O(log n).
    mutating func recordPositions() {
        let results = results
        locator.record(sections: sections, elements: elements) { !results[$0.condition(.hidden).raw] }
    }

    /// `sections[i]` or `sections[i].rows[j]`.
    func path(of element: ElementID) -> String {
        if let section = elements[element.raw].section {
            return "sections[\(position(of: section))].rows[\(position(of: element))]"
        }
        return "sections[\(position(of: element))]"
    }

    /// The element's tag, if it has one.
    @inline(always)
    func tag(of element: ElementID) -> String? { elementTags[element.raw] }

    /// `tag.hidden`, or the element's path when it has no tag.
    func name(of condition: ConditionID) -> String {
        let element = condition.element
        let owner = tag(of: element) ?? path(of: element)
        return "\(owner).\(condition.property.rawValue)"
    }

    /// The conditions an element has: rows all three, sections hidden and disabled.
    func conditionIDs(of element: ElementID) -> [ConditionID] {
        elements[element.raw].isRow
            ? [element.condition(.hidden), element.condition(.disabled), element.condition(.required)]
            : [element.condition(.hidden), element.condition(.disabled)]
    }

    /// All live rows in display order.
    var allRows: [ElementID] { sections.flatMap { elements[$0.raw].rows } }
}
