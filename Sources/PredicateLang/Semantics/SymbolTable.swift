// SymbolTable: the names a form-mode predicate may read (`$tag`) and the slot each resolves to. The
// compiler resolves every tag through it once; a RowStore is laid out by the same table.

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
/// to a null constant with a warning. Tags compare as Swift strings do: a canonically equivalent spelling
/// of a declared tag (`cafe\u{301}` for `caf\u{E9}`, the Kelvin sign for `K`) finds its slot.
public struct SymbolTable: Hashable, Sendable {
    // ASCII tags, the usual ones, are found by their bytes (a cheap hash); the others through a dictionary,
    // which compares as Swift strings do. A non-ASCII spelling whose canonical composition is ASCII (the
    // Kelvin sign is `K`; ``asciiSpelling(of:)``) finds an ASCII tag by that composition, and an ASCII
    // spelling that finds no ASCII tag is looked up among the others (it may be `K` for a Kelvin sign). Both
    // live behind one reference, copied when a shared table is changed: a table is copied into every
    // program compiled against it, and a copy is then one retain.
    private var storage = Storage()

    /// The tables behind a ``SymbolTable``. Changed only through a table that holds the only reference
    /// (``declare(_:)`` and ``reserveCapacity(adding:)`` copy it first otherwise), so a storage that is shared,
    /// across threads too, is never written; that is also why its fields skip the dynamic exclusivity checks
    /// (each read of a class's field otherwise costs a `swift_beginAccess` call).
    private final class Storage: @unchecked Sendable {
        /// Every tag in slot order, and the position of each by its bytes.
        @exclusivity(unchecked) var names = StringIndex()
        /// The slots of the tags that are not all ASCII.
        @exclusivity(unchecked) var others: [String: Slot] = [:]

        init() {}

        init(copying other: Storage) {
            names = other.names
            others = other.others
        }
    }

    /// The tags, indexed by slot.
    public var tags: [String] { storage.names.strings }

    public init() {}

    /// Creates a table with `tags` in slot order; duplicates keep their first slot.
    public init<S: Sequence>(tags: S) where S.Element == String {
        for tag in tags { _ = declare(tag) }
    }

    /// The slot of `tag`, or nil if the table does not know it.
    public func slot(for tag: String) -> Slot? {
        slot(for: tag, isASCII: StringFolding.isASCII(tag))
    }

    /// ``slot(for:)`` when the caller knows whether `tag` is all ASCII.
    private func slot(for tag: String, isASCII: Bool) -> Slot? {
        if isASCII {
            if let position = storage.names.position(of: tag) { return Slot(position) }
            return storage.others.isEmpty ? nil : storage.others[tag]
        }
        if let slot = storage.others[tag] { return slot }
        guard let spelling = Self.asciiSpelling(of: tag), let position = storage.names.position(of: spelling) else {
            return nil
        }
        return Slot(position)
    }

    /// The slot of `tag`, adding it at the end when it is new.
    @discardableResult
    public mutating func declare(_ tag: String) -> Slot {
        let isASCII = StringFolding.isASCII(tag)
        if let existing = slot(for: tag, isASCII: isASCII) { return existing }
        makeUnique()
        let slot = Slot(storage.names.count)
        storage.names.append(tag)
        if !isASCII { storage.others[tag] = slot }
        return slot
    }

    /// Makes room for `count` more tags, so declaring them does not grow the table step by step.
    package mutating func reserveCapacity(adding count: Int) {
        makeUnique()
        storage.names.reserveCapacity(storage.names.count &+ count)
    }

    /// Gives this table its own storage when another table shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// The number of slots.
    public var count: Int { storage.names.count }

    public static func == (lhs: SymbolTable, rhs: SymbolTable) -> Bool { lhs.tags == rhs.tags }

    public func hash(into hasher: inout Hasher) { hasher.combine(tags) }

    /// The ASCII string canonically equivalent to `string`, when there is one: its canonical composition
    /// (NFC, as Swift compares strings), when that is ASCII. Few non-ASCII characters compose to ASCII ones
    /// (U+037E GREEK QUESTION MARK to `;`, U+1FEF GREEK VARIA to `` ` ``, U+212A KELVIN SIGN to `K`; the tests
    /// scan every scalar).
    static func asciiSpelling(of string: String) -> String? {
        let composed = StringFolding.composed(string)
        return StringFolding.isASCII(composed) ? composed : nil
    }
}
