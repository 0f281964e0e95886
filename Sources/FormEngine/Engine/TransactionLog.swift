// TransactionLog: what one transaction touched, so its change set is NET: the flags and values each
// element had when the transaction first touched it (compared with the final ones at commit), the
// conditions it evaluated, and the rows and sections it inserted or removed. Stamped per transaction
// so starting one costs nothing per element.
// The steps a value change takes are `@inline(always)` (inlined without exception; `@inline(__always)` is a
// hint, declined for the larger steps): each runs once or twice per change, where a
// call and the checks around it cost more than the step itself.

struct TransactionLog: Sendable {
    /// An element's own results before the transaction.
    struct Flags: Hashable, Sendable {
        var hidden: Bool
        var disabled: Bool
        var required: Bool
    }

    /// What the log knows of one element, in one place (one array write per note): the transaction
    /// that last noted its flags, its value and its insertion, and its flags when its flags were noted.
    struct Mark: Sendable {
        var flagStamp = -1
        var valueStamp = -1
        var insertedStamp = -1
        var flags = Flags(hidden: false, disabled: false, required: false)
    }

    var stamp = 0
    /// By `ElementID.raw`.
    var marks = Column<Mark>()
    /// Each element's value when the transaction first changed it (valid where `valueStamp == stamp`).
    var originalValues = ValueColumn<Value>()
    var touchedFlags = Column<ElementID>()
    var touchedValues = Column<ElementID>()
    /// Only while the state records evaluated names.
    var evaluated = Column<ConditionID>()
    var inserted = Column<ElementID>()
    /// Rows whose hidden flag flipped to true (clearValueOnHide candidates).
    var pendingClears: [ElementID] = []
    var removed: [FormChangeSet.Located] = []
    var removedSections: [FormChangeSet.Located] = []
    /// Where the removed elements that were displayed at the start of the transaction were then.
    var removedLocations: [FormChangeSet.Location] = []

    mutating func grow(to elementCount: Int) {
        let missing = elementCount - marks.count
        guard missing > 0 else { return }
        marks.append(repeating: Mark(), count: missing)
        originalValues.append(repeating: .null, count: missing)
    }

    /// See ``FormState/claimColumns()``.
    mutating func makeColumnsUnique() {
        marks.makeUnique()
        originalValues.makeUnique()
        touchedFlags.makeUnique()
        touchedValues.makeUnique()
        evaluated.makeUnique()
        inserted.makeUnique()
    }

    /// Starts a new transaction; the storage is kept.
    @inline(always)
    mutating func begin() {
        stamp &+= 1
        touchedFlags.removeAll()
        touchedValues.removeAll()
        evaluated.removeAll()
        inserted.removeAll()
        if !pendingClears.isEmpty { pendingClears.removeAll(keepingCapacity: true) }
        if !removed.isEmpty { removed.removeAll(keepingCapacity: true) }
        if !removedSections.isEmpty { removedSections.removeAll(keepingCapacity: true) }
        if !removedLocations.isEmpty { removedLocations.removeAll(keepingCapacity: true) }
    }

    /// Records an element the transaction inserted.
    mutating func noteInserted(_ element: ElementID) {
        inserted.append(element)
        guard marks.indices.contains(element.raw) else { return }
        var mark = marks[element.raw]
        mark.insertedStamp = stamp
        marks[element.raw] = mark
    }

    func wasInserted(_ element: ElementID) -> Bool {
        marks.indices.contains(element.raw) && marks[element.raw].insertedStamp == stamp
    }

    /// The element's flags when the transaction started, if it has changed them; nil otherwise.
    @inline(always)
    func originalFlags(_ element: ElementID) -> Flags? {
        guard marks.indices.contains(element.raw) else { return nil }
        let mark = marks[element.raw]
        return mark.flagStamp == stamp ? mark.flags : nil
    }

    /// Notes the element's flags before their first change in this transaction; true if it was the first.
    @inline(always)
    mutating func noteFlags(_ element: ElementID, _ flags: @autoclosure () -> Flags) -> Bool {
        guard marks.indices.contains(element.raw) else { return false }
        var mark = marks[element.raw]
        guard mark.flagStamp != stamp else { return false }
        mark.flagStamp = stamp
        mark.flags = flags()
        marks[element.raw] = mark
        touchedFlags.append(element)
        return true
    }

    /// Notes `replaced`, the element's value before a change, when the change is the transaction's
    /// first of the element (later ones drop it).
    @inline(always)
    mutating func noteValue(_ element: ElementID, replacing replaced: consuming Value) {
        guard marks.indices.contains(element.raw) else { return }
        var mark = marks[element.raw]
        guard mark.valueStamp != stamp else { return }
        mark.valueStamp = stamp
        marks[element.raw] = mark
        originalValues[element.raw] = consume replaced
        touchedValues.append(element)
    }
}
