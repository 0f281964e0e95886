// ChangeSetBuilder: turns a transaction's log into a NET FormChangeSet by comparing each touched
// element's flags and value at the start of the transaction with the final ones, in form order, with
// the locations a table view needs (hidden elements where they were, shown ones where they are). Owned
// by the Form next to its state, with the scratch storage it reuses from one change to the next.

/// Builds the change set of the state's current transaction.
struct ChangeSetBuilder: Sendable {
    /// Whether entries carry locations (O(log n) each). See ``Form/computesLocations``.
    var computesLocations = true
    /// Storage reused by every change set for sorting the touched elements.
    private var orderScratch: [OrderKey] = []

    /// The net change set of `state`'s current transaction. O(k log k + k log n) for k touched
    /// elements. Hidden elements are located where they were at the start of the transaction: they are
    /// first entered with their model positions, then the counts are shifted to the start once and every
    /// one of them located, then shifted back.
    mutating func changeSet(of state: inout FormState) -> FormChangeSet {
        guard
            !state.log.touchedFlags.isEmpty || !state.log.touchedValues.isEmpty || !state.log.inserted.isEmpty
                || !state.log.removed.isEmpty || !state.log.removedSections.isEmpty || state.recordsEvaluations
        else { return FormChangeSet() }
        var changes = FormChangeSet()
        changes.locationsOmitted = !computesLocations
        if !state.log.touchedFlags.isEmpty { collectFlagChanges(of: &state, into: &changes) }
        if !state.log.touchedValues.isEmpty { collectValueChanges(of: state, into: &changes) }
        if !state.log.inserted.isEmpty {
            var inserted: [ElementID] = []
            for element in state.log.inserted where state.elements[element.raw].isAlive { inserted.append(element) }
            for element in inFormOrder(inserted, in: state) {
                changes.inserted.append(state.change(element, before: false, locating: computesLocations))
            }
        }
        if !state.log.removed.isEmpty || !state.log.removedSections.isEmpty {
            changes.removed = state.log.removedSections + state.log.removed
            if !computesLocations { for index in changes.removed.indices { changes.removed[index].location = nil } }
        }
        if state.recordsEvaluations {
            for condition in state.log.evaluated { changes.evaluated.append(state.key(of: condition)) }
        }
        return changes
    }

    /// Hidden/shown, enabled/disabled and required/optional flips of the touched elements, in form order.
    private mutating func collectFlagChanges(of state: inout FormState, into changes: inout FormChangeSet) {
        // touchedFlags holds each element once; with hiddenIncludesSection the rows of a touched
        // section may flip without being touched themselves, so they join (deduplicated by a set).
        var keys = orderScratch
        orderScratch = []
        keys.removeAll(keepingCapacity: true)
        for element in state.log.touchedFlags
        where state.elements[element.raw].isAlive && !state.log.wasInserted(element) {
            keys.append(Self.orderKey(element, in: state))
        }
        if state.options.hiddenIncludesSection {
            var seen = Set(keys.map(\.element))
            for key in keys where !state.elements[key.element.raw].isRow {
                for row in state.elements[key.element.raw].rows
                where !state.log.wasInserted(row) && seen.insert(row).inserted {
                    keys.append(Self.orderKey(row, in: state))
                }
            }
        }
        if keys.count > 1 { keys.sort() }
        let locates = computesLocations && state.locator.isCurrent
        var locatesBefore = false
        for key in keys {
            let element = key.element
            let isRow = state.elements[element.raw].section != nil
            let wasHidden = isRow ? state.originalReportedHidden(element) : state.originalResult(element, .hidden)
            let isHidden = isRow ? state.reportedHidden(element) : state.ownHidden(element)
            if wasHidden != isHidden {
                var entry: FormChangeSet.ElementChange
                if isHidden, locates {
                    // Model positions now; visible ones are turned into locations below.
                    entry = state.change(element, before: true, locating: false)
                    let section = state.elements[element.raw].section ?? element
                    if state.isVisible(section, before: true), state.isVisible(element, before: true) {
                        entry.location = FormChangeSet.Location(section: -1)
                        locatesBefore = true
                    }
                } else {
                    entry = state.change(element, before: isHidden, locating: computesLocations)
                }
                switch (isRow, isHidden) {
                case (true, true): changes.rowsHidden.append(entry)
                case (true, false): changes.rowsShown.append(entry)
                case (false, true): changes.sectionsHidden.append(entry)
                case (false, false): changes.sectionsShown.append(entry)
                }
            }
            let wasDisabled = state.originalResult(element, .disabled)
            if wasDisabled != state.result(element, .disabled) {
                let entry = state.change(element, before: false, locating: computesLocations)
                if wasDisabled { changes.enabled.append(entry) } else { changes.disabled.append(entry) }
            }
            if isRow, state.originalResult(element, .required) != state.result(element, .required) {
                let entry = state.change(element, before: false, locating: computesLocations)
                if state.result(element, .required) {
                    changes.becameRequired.append(entry)
                } else {
                    changes.becameOptional.append(entry)
                }
            }
        }
        orderScratch = keys
        guard locatesBefore else { return }
        if state.log.inserted.isEmpty, keys.count <= Self.correctedLocationLimit {
            // Few touched elements and no insertions: correct the current counts by the touched
            // elements' flips directly instead of moving the trees there and back.
            Self.locateFromModelPositions(&changes.rowsHidden, in: state, correctingBy: keys)
            Self.locateFromModelPositions(&changes.sectionsHidden, in: state, correctingBy: keys)
        } else {
            state.shiftVisibility(toOriginal: true)
            Self.locateFromModelPositions(&changes.rowsHidden, in: state)
            Self.locateFromModelPositions(&changes.sectionsHidden, in: state)
            state.shiftVisibility(toOriginal: false)
        }
        guard !state.log.removedLocations.isEmpty else { return }
        // The counts know only the elements still alive; count the removed ones back in.
        for index in changes.rowsHidden.indices {
            changes.rowsHidden[index].location = changes.rowsHidden[index].location.map(state.restoringRemoved)
        }
        for index in changes.sectionsHidden.indices {
            changes.sectionsHidden[index].location = changes.sectionsHidden[index].location.map(state.restoringRemoved)
        }
    }

    /// Up to this many touched elements, positions at the start of a transaction are corrected per query
    /// (O(k) each) rather than by shifting the visibility counts (O(k log n) twice).
    static let correctedLocationLimit = 8

    /// Replaces the placeholder locations of `entries` by the visible positions their model positions
    /// have in the current counts. With `keys` (a transaction that inserted nothing, counts as they are
    /// now: every element whose flags it flipped, in form order), the touched elements whose own hidden
    /// flag differs from its original one are counted as they were at the transaction's start.
    private static func locateFromModelPositions(
        _ entries: inout [FormChangeSet.ElementChange], in state: FormState, correctingBy keys: [OrderKey] = []
    ) {
        for index in entries.indices where entries[index].location != nil {
            let section = entries[index].sectionIndex
            let counted = state.locator.location(section: section, row: entries[index].rowIndex)
            var sectionIndex = counted.section
            var rowIndex = counted.row
            for key in keys where key.section <= section {
                let isHidden = state.ownHidden(key.element)
                guard state.originalResult(key.element, .hidden) != isHidden else { continue }
                // Counted now as shown (+1) or not (0); originally the opposite.
                let correction = isHidden ? 1 : -1
                if key.row < 0 {
                    if key.section < section { sectionIndex &+= correction }
                } else if key.section == section, let row = entries[index].rowIndex, key.row < row {
                    rowIndex = rowIndex.map { $0 &+ correction }
                }
            }
            entries[index].location = FormChangeSet.Location(section: sectionIndex, row: rowIndex)
        }
    }

    /// Rows whose stored value changed, in form order. One touched row (the usual `setValue`) needs no
    /// list and no sort.
    private func collectValueChanges(of state: FormState, into changes: inout FormChangeSet) {
        if state.log.touchedValues.count == 1, let row = state.log.touchedValues.first {
            if Self.valueChanged(row, in: state) {
                changes.valuesChanged.append(state.change(row, before: false, locating: computesLocations))
            }
            return
        }
        var valueRows: [ElementID] = []
        for row in state.log.touchedValues where Self.valueChanged(row, in: state) { valueRows.append(row) }
        for row in valueRows.count > 1 ? inFormOrder(valueRows, in: state) : valueRows {
            changes.valuesChanged.append(state.change(row, before: false, locating: computesLocations))
        }
    }

    /// Whether a row touched by the transaction (and alive, not inserted by it) holds another value now.
    private static func valueChanged(_ row: ElementID, in state: FormState) -> Bool {
        state.elements[row.raw].isAlive && !state.log.wasInserted(row)
            && !state.log.originalValues[row.raw].isIdentical(to: state.elements[row.raw].value)
    }

    /// Model order key: (section position, row position or -1).
    private static func orderKey(_ element: ElementID, in state: FormState) -> OrderKey {
        if let section = state.elements[element.raw].section {
            return OrderKey(
                section: state.position(of: section), row: state.position(of: element), element: element)
        }
        return OrderKey(section: state.position(of: element), row: -1, element: element)
    }

    /// Sorts elements into form order without a closure capturing the state.
    private func inFormOrder(_ elements: some Sequence<ElementID>, in state: FormState) -> [ElementID] {
        var keys: [OrderKey] = []
        for element in elements { keys.append(Self.orderKey(element, in: state)) }
        keys.sort()
        var ordered: [ElementID] = []
        ordered.reserveCapacity(keys.count)
        for key in keys { ordered.append(key.element) }
        return ordered
    }
}

/// Form order of an element: section position, then row position (-1 for the section itself).
struct OrderKey: Comparable, Sendable {
    var section: Int
    var row: Int
    var element: ElementID

    static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }
}
