// RowStore: what the VM reads when a predicate runs inside a form: per slot, a row's value and flags.
// Tags were resolved to slots when compiling (SymbolTable); evaluation indexes by slot, never by tag.

/// The values and flags a form's predicates read: per slot, the row's value and its `isHidden` and
/// `isDisabled` flags.
///
/// A store is a value with copy-on-write storage; the form engine owns one and updates it in place.
/// Slots that a store does not have (a program compiled against a larger table) read as null and false.
///
/// Everything lives behind one reference: the symbol table and, side by side, one ``Entry`` per slot.
/// Evaluating a predicate against a store therefore retains one object, whatever the predicate reads,
/// and the VM indexes the entries in place.
public struct RowStore: @unchecked Sendable {
    /// What the store holds for one slot.
    public struct Entry: Sendable, Hashable {
        /// The row's value.
        public var value: Value
        /// The row's own `isHidden` flag.
        public var isHidden: Bool
        /// The row's own `isDisabled` flag.
        public var isDisabled: Bool

        /// Creates an entry; by default a null value with both flags cleared.
        public init(value: Value = .null, isHidden: Bool = false, isDisabled: Bool = false) {
            self.value = value
            self.isHidden = isHidden
            self.isDisabled = isDisabled
        }
    }

    /// The header of the storage: the symbols and how many entries are initialized.
    @usableFromInline
    struct Header {
        var symbols: SymbolTable
        @usableFromInline var count: Int
    }

    /// The one heap object of a store: its header and its entries in tail-allocated memory.
    ///
    /// Shared between copies of a store and never mutated while shared: every mutation first makes
    /// the storage unique. That is why a store may cross threads (the `@unchecked Sendable` above):
    /// a copy sent elsewhere is never written through.
    @usableFromInline
    final class Storage: ManagedBuffer<Header, Entry> {
        deinit {
            _ = withUnsafeMutablePointers { header, entries in entries.deinitialize(count: header.pointee.count) }
        }
    }

    @usableFromInline var storage: Storage

    /// Creates a store with a null value and cleared flags for every tag of `symbols`.
    public init(symbols: SymbolTable) {
        storage = Self.makeStorage(symbols: symbols, capacity: symbols.count)
        storage.withUnsafeMutablePointers { header, entries in
            entries.initialize(repeating: Entry(), count: symbols.count)
            header.pointee.count = symbols.count
        }
    }

    /// Creates a store from tag/value pairs, in order.
    public init(_ rows: KeyValuePairs<String, Value>) {
        var table = SymbolTable()
        for (tag, _) in rows { table.declare(tag) }
        self.init(symbols: table)
        for (tag, value) in rows {
            if let slot = table.slot(for: tag) { self[slot].value = value }
        }
    }

    private static func makeStorage(symbols: SymbolTable, capacity: Int) -> Storage {
        let buffer = Storage.create(minimumCapacity: max(capacity, 1)) { _ in Header(symbols: symbols, count: 0) }
        // `create` called on a subclass returns an instance of that subclass (ManagedBuffer's documented pattern).
        return unsafeDowncast(buffer, to: Storage.self)
    }

    /// The tag-to-slot table this store is laid out by.
    public var symbols: SymbolTable { storage.withUnsafeMutablePointerToHeader { $0.pointee.symbols } }

    /// The number of slots. Read through the header's pointer: `ManagedBuffer.header` is a class's
    /// stored property, and each access to it is checked for exclusivity at run time.
    public var count: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// Makes room for `count` more tags (entries and symbols), so declaring them one by one does not grow
    /// the storage step by step.
    package mutating func reserveCapacity(adding count: Int) {
        guard count > 0 else { return }
        makeUnique(capacity: self.count &+ count)
        storage.withUnsafeMutablePointerToHeader { $0.pointee.symbols.reserveCapacity(adding: count) }
    }

    /// Makes the storage unique (copying it when shared) with room for at least `capacity` entries.
    @usableFromInline
    mutating func makeUnique(capacity: Int) {
        let current = count
        if isKnownUniquelyReferenced(&storage), storage.capacity >= capacity { return }
        let copy = Self.makeStorage(symbols: symbols, capacity: max(capacity, current * 2))
        storage.withUnsafeMutablePointerToElements { source in
            copy.withUnsafeMutablePointers { header, entries in
                entries.initialize(from: source, count: current)
                header.pointee.count = current
            }
        }
        storage = copy
    }

    /// Adds `tag` (if new) and returns its slot; existing values are kept.
    @discardableResult
    public mutating func declare(_ tag: String) -> Slot {
        // Declared in place (`symbols` copies the table out of the storage), hashing the tag once: the
        // table tells a new tag from a known one by the slot it gives. Making the storage unique first
        // changes nothing a caller can see, even when the tag turns out to be known.
        let count = self.count
        makeUnique(capacity: count &+ 1)
        return storage.withUnsafeMutablePointers { header, entries in
            let slot = header.pointee.symbols.declare(tag)
            if slot.index == count {
                (entries + count).initialize(to: Entry())
                header.pointee.count = count &+ 1
            }
            return slot
        }
    }

    /// The entry of `slot`. Reading a slot the store does not have gives an empty entry; writing one
    /// is ignored (declare the tag first).
    public subscript(slot: Slot) -> Entry {
        get {
            guard slot.index >= 0, slot.index < count else { return Entry() }
            return storage.withUnsafeMutablePointerToElements { $0[slot.index] }
        }
        set { withEntry(at: slot) { $0 = newValue } }
    }

    /// Calls `body` with the entry of `slot` in place, after making the storage unique; nil (and no call)
    /// for a slot the store does not have. One uniqueness check and no copy of the entry, where
    /// `store[slot].value = v` reads the entry out and writes it back.
    @inlinable
    @discardableResult
    package mutating func withEntry<Result>(at slot: Slot, _ body: (inout Entry) -> Result) -> Result? {
        let count = self.count
        guard slot.index >= 0, slot.index < count else { return nil }
        // The slot exists, so the capacity suffices; only a shared storage must be copied.
        if !isKnownUniquelyReferenced(&storage) { makeUnique(capacity: count) }
        return storage.withUnsafeMutablePointerToElements { body(&$0[slot.index]) }
    }

    /// The value in `slot`, or null when the store has no such slot.
    public func value(at slot: Slot) -> Value { self[slot].value }

    /// The `isHidden` flag of `slot`, or false when the store has no such slot.
    public func isHidden(at slot: Slot) -> Bool { self[slot].isHidden }

    /// The `isDisabled` flag of `slot`, or false when the store has no such slot.
    public func isDisabled(at slot: Slot) -> Bool { self[slot].isDisabled }

    /// The value of `tag`, or null for an unknown tag.
    public subscript(tag: String) -> Value {
        get { symbols.slot(for: tag).map { value(at: $0) } ?? .null }
        set {
            let slot = declare(tag)
            self[slot].value = newValue
        }
    }

    /// Calls `body` with the address of the first entry and the number of entries, for the duration of the
    /// call: ``withEntries(_:)`` without its optional base address.
    @inlinable
    func withEntryBase<Result, Failure: Error>(
        _ body: (UnsafePointer<Entry>, Int) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (header, entries) throws(Failure) -> Result in
            try body(entries, header.pointee.count)
        }
    }

    /// Calls `body` with the entries in place, for the duration of the call (the VM's view of the store).
    @inlinable
    public func withEntries<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<Entry>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withEntryBase { (entries, count) throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: entries, count: count))
        }
    }
}
