// TransactionLog: what one transaction touched, so its change set is NET: the flags and values each
// element had when the transaction first touched it (compared with the final ones at commit), the
// conditions it evaluated, and the rows and sections it inserted or removed. Stamped per transaction
// so starting one costs nothing per element.

struct TransactionLog: Sendable {
    /// Bit 0 hidden, bit 1 disabled, bit 2 required: an element's own results before the transaction.
    struct Flags: Hashable, Sendable {
        var hidden: Bool
        var disabled: Bool
        var required: Bool
    }

    var stamp = 0
    var flagStamp: [Int] = []
    var originalFlags: [Flags] = []
    var touchedFlags = ScratchList<ElementID>()
    var valueStamp: [Int] = []
    var originalValues: [Value] = []
    var touchedValues = ScratchList<ElementID>()
    /// Only while the state records evaluated names.
    var evaluated = ScratchList<ConditionID>()
    var inserted = ScratchList<ElementID>()
    /// `stamp` for the elements inserted by the current transaction (O(1) ``wasInserted(_:)``).
    var insertedStamp: [Int] = []
    /// Rows whose hidden flag flipped to true (clearValueOnHide candidates).
    var pendingClears: [ElementID] = []
    var removed: [FormChangeSet.ElementChange] = []
    var removedSections: [FormChangeSet.ElementChange] = []
    /// Where the removed elements that were displayed at the start of the transaction were then.
    var removedLocations: [FormChangeSet.Location] = []

    mutating func grow(to elementCount: Int) {
        let missing = elementCount - flagStamp.count
        guard missing > 0 else { return }
        flagStamp.append(contentsOf: repeatElement(-1, count: missing))
        originalFlags.append(
            contentsOf: repeatElement(Flags(hidden: false, disabled: false, required: false), count: missing))
        valueStamp.append(contentsOf: repeatElement(-1, count: missing))
        originalValues.append(contentsOf: repeatElement(.null, count: missing))
        insertedStamp.append(contentsOf: repeatElement(-1, count: missing))
    }

    /// Starts a new transaction; the storage is kept.
    mutating func begin() {
        stamp += 1
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
        if insertedStamp.indices.contains(element.raw) { insertedStamp[element.raw] = stamp }
    }

    func wasInserted(_ element: ElementID) -> Bool {
        insertedStamp.indices.contains(element.raw) && insertedStamp[element.raw] == stamp
    }
}

/// A list that a transaction appends to and the next one empties by resetting its count: the storage is
/// kept, so neither appending (once grown) nor emptying allocates or releases anything. For plain values
/// (the stale entries past `count` are kept until overwritten).
struct ScratchList<Element: Sendable>: RandomAccessCollection, Sendable {
    private var storage: [Element] = []
    private var used = 0

    var startIndex: Int { 0 }
    var endIndex: Int { used }
    subscript(position: Int) -> Element { storage[position] }

    mutating func append(_ element: Element) {
        if used < storage.count {
            storage[used] = element
        } else {
            storage.append(element)
        }
        used &+= 1
    }

    /// Empties the list, keeping the storage.
    mutating func removeAll() { used = 0 }
}
