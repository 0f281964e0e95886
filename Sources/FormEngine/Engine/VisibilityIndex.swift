// VisibilityIndex: counts of shown sections and of each section's shown rows, as Fenwick trees (binary
// indexed trees) over model positions, so a change set's table-view locations cost O(log n) each instead
// of a scan of the sections before the element and of the rows before it. "Shown" is an element's OWN
// hidden result being false (a row's section is checked separately). Rebuilt with the positions after
// every structural change (linear, like the dependency graph); updated by ±1 on every hidden flip.
// The steps a value change takes are `@inline(always)` (inlined without exception; `@inline(__always)` is a
// hint, declined for the larger steps): each runs once or twice per change, where a
// call and the checks around it cost more than the step itself.

struct VisibilityIndex: Sendable {
    /// Over section positions: 1 where the section's own hidden result is false.
    private var sectionTree = Column<Int32>()
    /// The rows trees of all sections, back to back: section `s`'s tree is
    /// `rowTree[rowBase[s] ..< rowBase[s + 1]]`.
    private var rowTree = Column<Int32>()
    /// By section position, plus one past the end.
    private var rowBase: [Int] = [0]

    /// Starts a rebuild for `sectionCount` sections and `rowCount` rows in all.
    mutating func reset(sectionCount: Int, rowCount: Int) {
        sectionTree.removeAll()
        sectionTree.reserveCapacity(sectionCount)
        rowTree.removeAll()
        rowTree.reserveCapacity(rowCount)
        rowBase.removeAll(keepingCapacity: true)
        rowBase.reserveCapacity(sectionCount + 1)
        rowBase.append(0)
    }

    /// Appends the next section (by position) and whether it is shown; then its rows with ``appendRow(shown:)``.
    mutating func appendSection(shown: Bool) {
        sectionTree.append(shown ? 1 : 0)
        rowBase.append(rowTree.count)
    }

    /// Appends the next row of the last appended section.
    mutating func appendRow(shown: Bool) {
        rowTree.append(shown ? 1 : 0)
        if let last = rowBase.indices.last { rowBase[last] = rowTree.count }
    }

    /// Turns the appended leaves into Fenwick trees (linear).
    mutating func finish() {
        Self.heapify(&sectionTree, 0, sectionTree.count)
        for section in 0..<(rowBase.count - 1) {
            Self.heapify(&rowTree, rowBase[section], rowBase[section + 1])
        }
    }

    /// Shown sections before position `section`.
    @inline(always)
    func shownSections(before section: Int) -> Int {
        Self.prefix(sectionTree, 0, min(section, sectionTree.count))
    }

    /// Shown rows before position `row` in the section at position `section`.
    @inline(always)
    func shownRows(inSection section: Int, before row: Int) -> Int {
        guard section >= 0, section &+ 1 < rowBase.count else { return 0 }
        let base = rowBase[section]
        return Self.prefix(rowTree, base, min(row, rowBase[section &+ 1] &- base))
    }

    /// See ``FormState/claimColumns()``.
    mutating func makeColumnsUnique() {
        sectionTree.makeUnique()
        rowTree.makeUnique()
    }

    /// Adds `delta` (±1) at the section at position `section`.
    mutating func addSection(_ delta: Int32, at section: Int) {
        Self.add(&sectionTree, 0, sectionTree.count, section, delta)
    }

    /// Adds `delta` (±1) at the row at position `row` of the section at position `section`.
    @inline(always)
    mutating func addRow(_ delta: Int32, inSection section: Int, at row: Int) {
        guard section >= 0, section &+ 1 < rowBase.count else { return }
        let base = rowBase[section]
        Self.add(&rowTree, base, rowBase[section &+ 1] &- base, row, delta)
    }

    // MARK: Fenwick trees on tree[base ..< base + count]; node k (1-based) at tree[base + k - 1].

    private static func heapify(_ tree: inout Column<Int32>, _ base: Int, _ end: Int) {
        let count = end - base
        var node = 1
        while node <= count {
            let parent = node + (node & -node)
            if parent <= count { tree[base + parent - 1] &+= tree[base + node - 1] }
            node += 1
        }
    }

    /// The sum of the first `count` leaves, read behind one bounds check for the tree's `count` nodes from
    /// `base` (a section's start and size, the index's own): node positions stay within them, so their
    /// arithmetic wraps.
    @inline(always)
    private static func prefix(_ tree: Column<Int32>, _ base: Int, _ count: Int) -> Int {
        guard count > 0 else { return 0 }
        return tree.withElements(from: base, count: count) { nodes in
            var sum = 0
            var node = count
            while node > 0 {
                sum &+= Int(nodes[node &- 1])
                node &= node &- 1
            }
            return sum
        }
    }

    /// Writes through one buffer: each write through the column would check its bounds again. Node
    /// positions stay below `count` (checked against the tree's size above), so their arithmetic wraps.
    private static func add(_ tree: inout Column<Int32>, _ base: Int, _ count: Int, _ leaf: Int, _ delta: Int32) {
        guard leaf >= 0, base >= 0, base &+ count <= tree.count else { return }
        tree.withUnsafeMutableBufferPointer { nodes in
            var node = leaf &+ 1
            while node <= count {
                nodes[base &+ node &- 1] &+= delta
                node &+= node & (0 &- node)
            }
        }
    }
}
