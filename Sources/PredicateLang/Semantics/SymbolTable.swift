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
        // A new tag (the usual case) is hashed once: inserted, then told apart from a known one by the
        // value it replaced, which is put back (the key keeps its first spelling).
        let slot = Slot(tags.count)
        if let existing = slots.updateValue(slot, forKey: tag) {
            slots[tag] = existing
            return existing
        }
        tags.append(tag)
        return slot
    }

    /// Makes room for `count` more tags, so declaring them does not grow the table step by step.
    package mutating func reserveCapacity(adding count: Int) {
        tags.reserveCapacity(tags.count &+ count)
        slots.reserveCapacity(slots.count &+ count)
    }

    /// The number of slots.
    public var count: Int { tags.count }
}
