// PositionLocator: where the live elements are — each element's index in its parent's list (its model
// position) and the counts of shown sections and of each section's shown rows (VisibilityIndex) — so a
// change set's table-view locations cost O(log n) each. Recorded after every structural change (linear,
// like the dependency graph), kept up to date by ±1 on every hidden flip. It knows positions and counts,
// not flags: which elements count as shown before or after a transaction is the change-set builder's
// business (FormState+Locations).
// The steps a value change takes are `@inline(always)` (inlined without exception; `@inline(__always)` is a
// hint, declined for the larger steps): each runs once or twice per change, where a
// call and the checks around it cost more than the step itself.

struct PositionLocator: Sendable {
    /// Each element's index in its parent's list by `ElementID.raw` (-1 for an element not placed),
    /// valid while ``isCurrent``.
    private var positions: [Int] = []
    /// Shown sections and rows by model position, valid while ``isCurrent``.
    private var visibility = VisibilityIndex()
    /// False between a structural edit and the next ``record(sections:elements:isShown:)``.
    private(set) var isCurrent = false

    /// See ``FormState/claimColumns()``.
    mutating func makeColumnsUnique() { visibility.makeColumnsUnique() }

    /// Marks positions and counts as stale (an element was inserted, moved or removed).
    mutating func invalidate() { isCurrent = false }

    /// Records every live element's position and rebuilds the counts; `isShown` tells whether an
    /// element's own hidden result is false.
    mutating func record(sections: [ElementID], elements: [ElementRecord], isShown: (ElementID) -> Bool) {
        if positions.count < elements.count {
            positions.append(contentsOf: repeatElement(-1, count: elements.count - positions.count))
        }
        var rowCount = 0
        for section in sections { rowCount &+= elements[section.raw].rows.count }
        visibility.reset(sectionCount: sections.count, rowCount: rowCount)
        for (sectionIndex, section) in sections.enumerated() {
            positions[section.raw] = sectionIndex
            visibility.appendSection(shown: isShown(section))
            for (rowIndex, row) in elements[section.raw].rows.enumerated() {
                positions[row.raw] = rowIndex
                visibility.appendRow(shown: isShown(row))
            }
        }
        visibility.finish()
        isCurrent = true
    }

    /// The recorded index of `element` in its parent's list; nil while positions are stale or for an
    /// element that was never placed.
    @inline(always)
    func position(of element: ElementID) -> Int? {
        guard isCurrent else { return nil }
        let position = recorded(element)
        return position >= 0 ? position : nil
    }

    /// The recorded index of `element`, -1 for an element never placed or unknown: one bounds check (the
    /// array's `indices.contains` and subscript make two).
    @inline(always)
    private func recorded(_ element: ElementID) -> Int {
        positions.withUnsafeBufferPointer { positions in
            UInt(bitPattern: element.raw) < UInt(bitPattern: positions.count) ? positions[element.raw] : -1
        }
    }

    /// Counts a flip of `element`'s own hidden result (`section` is a row's section, nil for a
    /// section). O(log n); nothing while positions are stale.
    @inline(always)
    mutating func noteHiddenFlip(of element: ElementID, section: ElementID?, hidden: Bool) {
        let position = recorded(element)
        guard isCurrent, position >= 0 else { return }
        let delta: Int32 = hidden ? -1 : 1
        if let section {
            let sectionPosition = recorded(section)
            guard sectionPosition >= 0 else { return }
            visibility.addRow(delta, inSection: sectionPosition, at: position)
        } else {
            visibility.addSection(delta, at: position)
        }
    }

    /// The location the counts give to model position (`section`, `row`): the shown sections before
    /// `section` and, for a row, the shown rows before `row` in it.
    @inline(always)
    func location(section: Int, row: Int?) -> FormChangeSet.Location {
        FormChangeSet.Location(
            section: visibility.shownSections(before: section),
            row: row.map { visibility.shownRows(inSection: section, before: $0) })
    }
}
