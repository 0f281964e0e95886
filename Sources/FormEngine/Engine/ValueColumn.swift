// ValueColumn: a column (see Column) of values that may hold references — the rows' values and the
// transaction log's original values, which a value change writes. Like a Column, its storage is shared
// between copies of the state and its writes do not ask the runtime whether it is unique: the state makes
// it unique with its other columns when a transaction starts (FormState.claimColumns()), and debug builds
// assert it on every write. Unlike a Column's, its elements are retained and released as an Array's are,
// so its storage keeps the count (its deinitialiser destroys that many).

/// A growable array of values that may hold references, whose writes assume unique storage (see the file
/// comment).
struct ValueColumn<Element: Sendable>: @unchecked Sendable {
    /// The number of elements and the room for them.
    private struct Header {
        var count: Int
        var capacity: Int
    }

    /// The elements in tail-allocated memory, the first `count` of them initialised.
    ///
    /// Shared between copies of a column and never written while shared: the owner makes it unique first
    /// (``makeUnique()``). That is why a column may cross threads (the `@unchecked Sendable` above).
    private final class Storage: ManagedBuffer<Header, Element> {
        deinit {
            _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
        }
    }

    private var storage: Storage

    init() { storage = Self.allocate(capacity: 0) }

    private static func allocate(capacity: Int) -> Storage {
        let buffer = Storage.create(minimumCapacity: capacity) { _ in Header(count: 0, capacity: capacity) }
        // `create` called on a subclass returns an instance of that subclass (ManagedBuffer's documented pattern).
        return unsafeDowncast(buffer, to: Storage.self)
    }

    /// The number of elements.
    var count: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// The element at `index`, which must be below ``count``: read in place (not copied out, so a value
    /// holding a reference is not retained to be looked at) and written in place without a uniqueness check.
    /// The address stays valid for the access: the storage is this column's, and nothing replaces it while
    /// the column is being accessed.
    subscript(index: Int) -> Element {
        @inline(always) unsafeAddress {
            UnsafePointer(address(of: index))
        }
        @inline(always) unsafeMutableAddress {
            assert(isKnownUniquelyReferenced(&storage), "a value column written while its storage is shared")
            return address(of: index)
        }
    }

    @inline(always)
    private func address(of index: Int) -> UnsafeMutablePointer<Element> {
        storage.withUnsafeMutablePointers { header, elements in
            // The indices are the engine's own element IDs, never input.
            let count = UInt(bitPattern: header.pointee.count)
            precondition(UInt(bitPattern: index) < count)  // safe: as Array's subscript
            return elements + index
        }
    }

    /// Makes the storage unique, copying it (and retaining the elements) when it is shared: called for the
    /// state's columns when a transaction starts (``ColumnOwner``).
    mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        reallocate(capacity: count)
    }

    /// Makes room for `capacity` elements in all.
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity > storage.withUnsafeMutablePointerToHeader({ $0.pointee.capacity }) {
            reallocate(capacity: capacity)
        }
    }

    /// Appends `added` copies of `element`. Not a per-change step: it makes the storage unique itself.
    mutating func append(repeating element: Element, count added: Int) {
        guard added > 0 else { return }
        let count = count
        let needed = count &+ added
        if needed > storage.withUnsafeMutablePointerToHeader({ $0.pointee.capacity })
            || !isKnownUniquelyReferenced(&storage)
        {
            reallocate(capacity: Swift.max(needed, count &* 2))
        }
        storage.withUnsafeMutablePointers { header, elements in
            (elements + count).initialize(repeating: element, count: added)
            header.pointee.count = needed
        }
    }

    /// Appends `element`.
    mutating func append(_ element: Element) { append(repeating: element, count: 1) }

    /// Moves the elements into new storage of `capacity` when this column holds the only reference, copies
    /// them otherwise.
    private mutating func reallocate(capacity: Int) {
        let count = count
        let copy = Self.allocate(capacity: Swift.max(capacity, count))
        let unique = isKnownUniquelyReferenced(&storage)
        storage.withUnsafeMutablePointers { header, source in
            copy.withUnsafeMutablePointers { newHeader, target in
                if unique {
                    target.moveInitialize(from: source, count: count)
                    header.pointee.count = 0
                } else {
                    target.initialize(from: source, count: count)
                }
                newHeader.pointee.count = count
            }
        }
        storage = copy
    }
}

extension ValueColumn: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
}
