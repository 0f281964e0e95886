// Column: a growable array of plain values, for the columns of the form state that every value change
// writes — the conditions' results, the transaction log's marks and lists, the dirty queue's heap, the
// visibility counts. Its storage is shared between copies as an Array's is, but a write does not ask the
// runtime whether the storage is unique (a call each time, about fifteen times per value change): the state
// makes all its columns unique together when a transaction starts (`ColumnOwner`,
// FormState.claimColumns()), and debug builds assert it on every write.

/// A growable array of plain values whose writes assume unique storage (see the file comment).
struct Column<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The elements in tail-allocated memory; the header is the capacity asked for.
    ///
    /// Shared between copies of a column and never written while shared: the owner makes it unique first
    /// (``makeUnique()``). That is why a column may cross threads (the `@unchecked Sendable` above).
    private final class Storage: ManagedBuffer<Int, Element> {}

    private var storage: Storage
    /// The number of elements.
    private(set) var count = 0

    init() { storage = Self.allocate(capacity: 0) }

    /// `count` copies of `element`.
    init(repeating element: Element, count: Int) {
        storage = Self.allocate(capacity: count)
        append(repeating: element, count: count)
    }

    private static func allocate(capacity: Int) -> Storage {
        let buffer = Storage.create(minimumCapacity: capacity) { _ in capacity }
        // `create` called on a subclass returns an instance of that subclass (ManagedBuffer's documented pattern).
        return unsafeDowncast(buffer, to: Storage.self)
    }

    private var capacity: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee } }

    // Stated here although RandomAccessCollection has them: with the protocol's defaults a value change costs
    // 17 instructions more (2,647 → 2,664, `callgrind-counts.py -n 2000 forms-change:1000`).
    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }
    var first: Element? { count > 0 ? self[0] : nil }

    /// The element at `index`, which must be below ``count``.
    subscript(index: Int) -> Element {
        @inline(always) get {
            checkIndex(index)
            return storage.withUnsafeMutablePointerToElements { $0[index] }
        }
        @inline(always) set {
            checkIndex(index)
            assert(isKnownUniquelyReferenced(&storage), "a column written while its storage is shared")
            storage.withUnsafeMutablePointerToElements { $0[index] = newValue }
        }
    }

    /// The elements at `index`, `index + 1` and `index + 2` (an element's three condition results), behind
    /// one bounds check instead of three.
    @inline(always)
    func three(at index: Int) -> (Element, Element, Element) {
        withElements(from: index, count: 3) { ($0[0], $0[1], $0[2]) }
    }

    /// Calls `body` with the `length` elements from `start` in place, checked against ``count`` once for
    /// all of them (a loop reading them through the subscript checks each read).
    @inline(always)
    func withElements<Result>(
        from start: Int, count length: Int, _ body: (UnsafeBufferPointer<Element>) -> Result
    ) -> Result {
        // The subtraction cannot wrap: both counts are at least 0.
        precondition(start >= 0 && length >= 0 && start <= count &- length)  // safe: as Array's subscript
        return storage.withUnsafeMutablePointerToElements {
            body(UnsafeBufferPointer(start: $0 + start, count: length))
        }
    }

    /// The bounds check an Array's subscript makes, with the same outcome: the indices are the engine's own
    /// (element and condition IDs, heap positions), never input.
    @inline(always)
    private func checkIndex(_ index: Int) {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count))  // safe: as Array's subscript
    }

    /// Makes the storage unique, copying it when it is shared: called for every column of a state when a
    /// transaction starts on it (``ColumnOwner``).
    mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        reallocate(capacity: count)
    }

    /// Makes room for `capacity` elements in all.
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity > self.capacity { reallocate(capacity: capacity) }
    }

    private mutating func reallocate(capacity: Int) {
        let copy = Self.allocate(capacity: Swift.max(capacity, count))
        let count = count
        storage.withUnsafeMutablePointerToElements { source in
            copy.withUnsafeMutablePointerToElements { $0.initialize(from: source, count: count) }
        }
        storage = copy
    }

    @inline(always)
    mutating func append(_ element: Element) {
        if count == capacity { reallocate(capacity: Swift.max(16, count &* 2)) }
        assert(isKnownUniquelyReferenced(&storage), "a column written while its storage is shared")
        let end = count
        storage.withUnsafeMutablePointerToElements { ($0 + end).initialize(to: element) }
        count = end &+ 1
    }

    mutating func append(repeating element: Element, count added: Int) {
        guard added > 0 else { return }
        reserveCapacity(Swift.max(count &+ added, count &* 2))
        assert(isKnownUniquelyReferenced(&storage), "a column written while its storage is shared")
        let end = count
        storage.withUnsafeMutablePointerToElements { ($0 + end).initialize(repeating: element, count: added) }
        count = end &+ added
    }

    @inline(always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count &-= 1
        let last = count
        return storage.withUnsafeMutablePointerToElements { $0[last] }
    }

    /// Empties the column, keeping its storage.
    mutating func removeAll() { count = 0 }

    @inline(always)
    mutating func swapAt(_ first: Int, _ second: Int) {
        let element = self[first]
        self[first] = self[second]
        self[second] = element
    }

    /// Calls `body` with the elements in place, for writing (the storage already unique).
    mutating func withUnsafeMutableBufferPointer<Result>(
        _ body: (UnsafeMutableBufferPointer<Element>) -> Result
    ) -> Result {
        assert(isKnownUniquelyReferenced(&storage), "a column written while its storage is shared")
        let count = count
        return storage.withUnsafeMutablePointerToElements { body(UnsafeMutableBufferPointer(start: $0, count: count)) }
    }
}

extension Column: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
}

/// The token of a state's columns: shared between copies of the state exactly as long as their columns may
/// be, so that one uniqueness check tells whether a transaction must first copy them
/// (FormState.claimColumns()). A copy of a state shares it; a column is never copied out of a state on its own.
final class ColumnOwner: Sendable {}
