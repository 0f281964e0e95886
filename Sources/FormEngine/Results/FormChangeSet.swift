// FormChangeSet: what one action (or one batch) changed, NET: rows and sections shown and hidden with
// their positions among the visible ones, enabled/disabled and required flips, changed values, inserted
// and removed elements, and the conditions evaluated. Its tableUpdate (FormTableUpdate.swift) is the same
// change in the shape a table view's batch update takes.

/// The net effect of one action or batch on a form.
///
/// Only flips that survive the whole transaction are listed: a row hidden and shown again within one
/// batch appears nowhere. Lists are in form order.
///
/// The lists report each element's *own* flags: a row whose hidden condition turned false is in
/// ``rowsShown`` even when its section was shown by the same change, so a table view that inserted
/// ``sectionsShown`` and ``rowsShown`` as they are would insert that row twice. Give a table or
/// collection view ``tableUpdate`` instead: it lists each displayed change once.
///
/// The entries of all lists are held together; each list is gathered from them when it is read (O(k)
/// for k entries), so read a list once and keep it rather than reading it in a loop.
public struct FormChangeSet: Hashable, @unchecked Sendable {
    /// A position among the *visible* sections and rows, as a table view counts them.
    public struct Location: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
        /// Index among the visible sections.
        public var section: Int
        /// Index among the visible rows of that section; nil for a section.
        public var row: Int?

        public init(section: Int, row: Int? = nil) {
            self.section = section
            self.row = row
        }

        public var description: String { row.map { "[\(section), \($0)]" } ?? "[\(section)]" }
    }

    /// One element that changed.
    public struct ElementChange: Hashable, Sendable {
        /// The element's tag, if it has one.
        public var tag: String?
        /// Its section's index among ALL sections (model position), after the change (before it for
        /// removed elements).
        public var sectionIndex: Int
        /// A row's index among ALL rows of its section; nil for a section.
        public var rowIndex: Int?
        /// For hidden and removed elements the position at the start of the change (elements the change
        /// removed still counted, the ones it inserted not yet), for all others the position after it;
        /// nil when the element (or its section) is not visible then, or when the form does not compute
        /// locations.
        public var location: Location?

        public init(tag: String?, sectionIndex: Int, rowIndex: Int? = nil, location: Location? = nil) {
            self.tag = tag
            self.sectionIndex = sectionIndex
            self.rowIndex = rowIndex
            self.location = location
        }

        /// Its path in the form, `sections[i]` or `sections[i].rows[j]` (model positions), built on
        /// demand.
        public var path: String {
            rowIndex.map { "sections[\(sectionIndex)].rows[\($0)]" } ?? "sections[\(sectionIndex)]"
        }
    }

    /// Rows whose hidden flag went from true to false.
    public var rowsShown: [ElementChange] {
        get { self[.rowsShown] }
        set { self[.rowsShown] = newValue }
    }
    /// Rows whose hidden flag went from false to true.
    public var rowsHidden: [ElementChange] {
        get { self[.rowsHidden] }
        set { self[.rowsHidden] = newValue }
    }
    /// Sections whose hidden flag went from true to false.
    public var sectionsShown: [ElementChange] {
        get { self[.sectionsShown] }
        set { self[.sectionsShown] = newValue }
    }
    /// Sections whose hidden flag went from false to true.
    public var sectionsHidden: [ElementChange] {
        get { self[.sectionsHidden] }
        set { self[.sectionsHidden] = newValue }
    }
    /// Rows and sections whose own disabled flag went from true to false.
    public var enabled: [ElementChange] {
        get { self[.enabled] }
        set { self[.enabled] = newValue }
    }
    /// Rows and sections whose own disabled flag went from false to true.
    public var disabled: [ElementChange] {
        get { self[.disabled] }
        set { self[.disabled] = newValue }
    }
    /// Rows that became required.
    public var becameRequired: [ElementChange] {
        get { self[.becameRequired] }
        set { self[.becameRequired] = newValue }
    }
    /// Rows that stopped being required.
    public var becameOptional: [ElementChange] {
        get { self[.becameOptional] }
        set { self[.becameOptional] = newValue }
    }
    /// Rows whose stored value changed (set, or cleared on hide).
    public var valuesChanged: [ElementChange] {
        get { self[.valuesChanged] }
        set { self[.valuesChanged] = newValue }
    }
    /// Rows and sections added by the action.
    public var inserted: [ElementChange] {
        get { self[.inserted] }
        set { self[.inserted] = newValue }
    }
    /// Rows and sections removed by the action.
    public var removed: [ElementChange] {
        get { self[.removed] }
        set { self[.removed] = newValue }
    }
    /// True when the action was queued because a listener called it during a notification; it is
    /// applied after the current notification and its change set goes to the listeners then.
    public var isDeferred = false
    /// The conditions the action evaluated, in evaluation order (a condition runs at most once per
    /// action), when the form records them (``Form/recordsEvaluations``); empty otherwise.
    public var evaluated: [ConditionKey] {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.evaluated } }
        set { uniqueStorage().withUnsafeMutablePointerToHeader { $0.pointee.evaluated = newValue } }
    }
    /// True when the form did not compute locations (``Form/computesLocations`` off): the entries'
    /// locations are nil and there is no ``tableUpdate``.
    var locationsOmitted = false

    /// The list an entry belongs to.
    enum List: UInt8, CaseIterable, Sendable {
        case rowsShown, rowsHidden, sectionsShown, sectionsHidden, enabled, disabled, becameRequired,
            becameOptional, valuesChanged, inserted, removed
    }

    /// An element as an entry records it: plain numbers only (the element's tag is found by
    /// ``tagIndex`` in the change set's ``tags`` when a list is read), so that entries are written,
    /// copied and dropped without reference counting.
    struct Located: Hashable, Sendable, BitwiseCopyable {
        /// Index in the change set's `tags`: the element's ID for the entries a form writes.
        var tagIndex: Int
        var sectionIndex: Int
        var rowIndex: Int?
        var location: Location?
    }

    /// One entry of one list.
    struct Entry: Hashable, Sendable, BitwiseCopyable {
        var list: List
        var element: Located
    }

    /// What a change set holds by reference besides its entries: how many entries it has and room for, the
    /// tags they name, and the conditions evaluated.
    struct Contents {
        /// The entries written (``Storage``'s elements).
        var count = 0
        /// The entries there is room for.
        var capacity = 0
        /// The tags entries name, by ``Located/tagIndex``: the form's tags by element ID (shared with the
        /// form, which only ever appends to them), then any tag a list's setter brought in.
        var tags: [String?] = []
        var evaluated: [ConditionKey] = []
    }

    /// The entries of every list, in the storage's own memory after its ``Contents``, each list's entries in
    /// that list's order (one sequence rather than eleven arrays). Held behind one reference, so that a
    /// change set is returned and dropped with one retain and one release (three arrays were dropped one by
    /// one, two of them through the generic value witnesses a client's compiler emits: a hundred
    /// instructions a value change), and the change-set builder writes the entries of the next change set
    /// straight into the storage of the previous one when nobody kept it: a change allocates nothing, and
    /// its entries are written without an array's uniqueness check each. Read and written through its
    /// pointers, which carry no exclusivity check (a class's stored property would, at each access).
    /// Shared between copies of a change set and the builder, and written only while unique
    /// (``uniqueStorage()``, the builder's `isKnownUniquelyReferenced`): that is why a change set may cross
    /// threads (the `@unchecked Sendable` above; ManagedBuffer is not Sendable).
    final class Storage: ManagedBuffer<Contents, Entry> {
        /// New storage holding `entries`, with room for at least `capacity` entries, `tags` and `evaluated`.
        static func make(
            _ entries: UnsafeBufferPointer<Entry> = UnsafeBufferPointer(start: nil, count: 0), capacity: Int = 0,
            tags: [String?] = [], evaluated: [ConditionKey] = []
        ) -> Storage {
            let room = max(capacity, entries.count)
            let buffer = Storage.create(minimumCapacity: room) { _ in
                Contents(count: entries.count, capacity: room, tags: tags, evaluated: evaluated)
            }
            if let base = entries.baseAddress {
                buffer.withUnsafeMutablePointerToElements { $0.initialize(from: base, count: entries.count) }
            }
            // `create` called on a subclass returns an instance of that subclass (ManagedBuffer's documented pattern).
            return unsafeDowncast(buffer, to: Storage.self)
        }

        /// A copy of this storage.
        func copy() -> Storage {
            withUnsafeMutablePointers { contents, elements in
                Storage.make(
                    UnsafeBufferPointer(start: elements, count: contents.pointee.count),
                    tags: contents.pointee.tags, evaluated: contents.pointee.evaluated)
            }
        }

        deinit {
            _ = withUnsafeMutablePointers { contents, elements in elements.deinitialize(count: contents.pointee.count) }
        }

        /// The storage of every change set made empty (``FormChangeSet/init()``): shared, so never written
        /// (a write copies it first), which is what makes it safe from any thread.
        nonisolated(unsafe) static let empty = make()

        /// The entries, copied out.
        var entries: [Entry] {
            withUnsafeMutablePointers { contents, elements in
                Array(UnsafeBufferPointer(start: elements, count: contents.pointee.count))
            }
        }
    }

    /// The entries, tags and evaluated conditions (``Contents``).
    private var storage: Storage

    /// The storage, copied first when another change set (or the builder) shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The entries of every list (see ``Storage``). The lists are gathered from them on access (O(k) for k
    /// entries).
    var entries: [Entry] { storage.entries }
    /// The tags entries name (see ``Contents``).
    var tags: [String?] { storage.withUnsafeMutablePointerToHeader { $0.pointee.tags } }

    /// The entries of one list, in order.
    subscript(list: List) -> [ElementChange] {
        get {
            let tags = tags
            return entries.compactMap { $0.list == list ? change($0.element, tags: tags) : nil }
        }
        set {
            var entries = entries
            var tags = tags
            entries.removeAll { $0.list == list }
            for change in newValue {
                let located = Located(
                    tagIndex: tags.count, sectionIndex: change.sectionIndex, rowIndex: change.rowIndex,
                    location: change.location)
                tags.append(change.tag)
                entries.append(Entry(list: list, element: located))
            }
            let evaluated = evaluated
            storage = entries.withUnsafeBufferPointer { .make($0, tags: tags, evaluated: evaluated) }
        }
    }

    /// The public form of an entry's element.
    private func change(_ element: Located, tags: [String?]) -> ElementChange {
        ElementChange(
            tag: tags.indices.contains(element.tagIndex) ? tags[element.tagIndex] : nil,
            sectionIndex: element.sectionIndex, rowIndex: element.rowIndex, location: element.location)
    }

    public init() { storage = .empty }

    /// A change set over `storage` (the change-set builder's).
    init(storage: Storage, locationsOmitted: Bool) {
        self.storage = storage
        self.locationsOmitted = locationsOmitted
    }

    /// A change set for an action queued during a notification.
    static var deferred: FormChangeSet {
        var changes = FormChangeSet()
        changes.isDeferred = true
        return changes
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { storage.withUnsafeMutablePointerToHeader { $0.pointee.count == 0 } }

    public static func == (lhs: FormChangeSet, rhs: FormChangeSet) -> Bool {
        if lhs.storage === rhs.storage {
            return lhs.isDeferred == rhs.isDeferred && lhs.locationsOmitted == rhs.locationsOmitted
        }
        guard lhs.isDeferred == rhs.isDeferred, lhs.locationsOmitted == rhs.locationsOmitted,
            lhs.evaluated == rhs.evaluated, lhs.entries.count == rhs.entries.count
        else { return false }
        return (lhs.entries == rhs.entries && lhs.tags == rhs.tags) || List.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isDeferred)
        hasher.combine(locationsOmitted)
        hasher.combine(evaluated)
        for list in List.allCases { hasher.combine(self[list]) }
    }
}
