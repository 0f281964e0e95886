// RowStore and SymbolTable: what the VM reads when a predicate runs inside a form. Tags are resolved
// to slots when compiling; evaluation indexes arrays by slot and never hashes a tag.

/// A typed slot index into a ``RowStore``.
public struct Slot: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The position in the store's arrays.
    public var index: Int

    public init(_ index: Int) { self.index = index }

    public static func < (lhs: Slot, rhs: Slot) -> Bool { lhs.index < rhs.index }
    public var description: String { "#\(index)" }
}

/// Maps tags (`$tag` in a predicate) to slots in a ``RowStore``.
///
/// The compiler resolves every `$tag` through the table once; a tag the table does not know compiles
/// to a null constant with a warning.
public struct SymbolTable: Hashable, Sendable {
    /// The tags, indexed by slot.
    public private(set) var tags: [String] = []
    private var slots: [String: Slot] = [:]

    public init() {}

    /// Creates a table with `tags` in slot order; duplicates keep their first slot.
    public init<S: Sequence>(tags: S) where S.Element == String {
        for tag in tags { _ = declare(tag) }
    }

    /// The slot of `tag`, or nil if the table does not know it.
    public func slot(for tag: String) -> Slot? { slots[tag] }

    /// The slot of `tag`, adding it at the end when it is new.
    @discardableResult
    public mutating func declare(_ tag: String) -> Slot {
        if let existing = slots[tag] { return existing }
        let slot = Slot(tags.count)
        tags.append(tag)
        slots[tag] = slot
        return slot
    }

    /// The number of slots.
    public var count: Int { tags.count }
}

/// The values and flags a form's predicates read: per slot, the row's value and its `isHidden` and
/// `isDisabled` flags.
///
/// A store is a plain value; the form engine owns one and updates it in place. Slots that a store
/// does not have (a program compiled against a larger table) read as null and false.
public struct RowStore: Sendable {
    /// The tag-to-slot table this store is laid out by.
    public private(set) var symbols: SymbolTable
    /// Row values by slot.
    public var values: [Value]
    /// Own `isHidden` flags by slot.
    public var isHidden: [Bool]
    /// Own `isDisabled` flags by slot.
    public var isDisabled: [Bool]

    /// Creates a store with a null value and cleared flags for every tag of `symbols`.
    public init(symbols: SymbolTable) {
        self.symbols = symbols
        values = Array(repeating: .null, count: symbols.count)
        isHidden = Array(repeating: false, count: symbols.count)
        isDisabled = Array(repeating: false, count: symbols.count)
    }

    /// Creates a store from tag/value pairs, in order.
    public init(_ rows: KeyValuePairs<String, Value>) {
        var table = SymbolTable()
        for (tag, _) in rows { table.declare(tag) }
        self.init(symbols: table)
        for (tag, value) in rows {
            if let slot = table.slot(for: tag) { values[slot.index] = value }
        }
    }

    /// Adds `tag` (if new) and returns its slot; existing values are kept.
    @discardableResult
    public mutating func declare(_ tag: String) -> Slot {
        let slot = symbols.declare(tag)
        while values.count < symbols.count {
            values.append(.null)
            isHidden.append(false)
            isDisabled.append(false)
        }
        return slot
    }

    /// The value in `slot`, or null when the store has no such slot.
    public func value(at slot: Slot) -> Value {
        values.indices.contains(slot.index) ? values[slot.index] : .null
    }

    /// The value of `tag`, or null for an unknown tag.
    public subscript(tag: String) -> Value {
        get { symbols.slot(for: tag).map { value(at: $0) } ?? .null }
        set {
            let slot = declare(tag)
            values[slot.index] = newValue
        }
    }
}
