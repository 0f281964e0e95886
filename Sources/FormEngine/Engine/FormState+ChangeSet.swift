// FormState+ChangeSet: turns a transaction's log into a NET FormChangeSet by comparing each touched
// element's flags and value at the start of the transaction with the final ones. Positions count the
// visible rows and sections before (for removals) or after (for insertions) the transaction.

extension FormState {
    /// An element's own result for `property` when the transaction started.
    func originalResult(_ element: ElementID, _ property: ConditionProperty) -> Bool {
        guard log.flagStamp[element.raw] == log.stamp else { return result(element, property) }
        let flags = log.originalFlags[element.raw]
        switch property {
        case .hidden: return flags.hidden
        case .disabled: return flags.disabled
        case .required: return flags.required
        }
    }

    func originalReportedHidden(_ element: ElementID) -> Bool {
        if let section = elements[element.raw].section, options.hiddenIncludesSection {
            return originalResult(element, .hidden) || originalResult(section, .hidden)
        }
        return originalResult(element, .hidden)
    }

    func wasDisplayed(_ element: ElementID) -> Bool {
        if let section = elements[element.raw].section {
            return !originalResult(element, .hidden) && !originalResult(section, .hidden)
        }
        return !originalResult(element, .hidden)
    }

    /// Whether `element` is displayed now (`before == false`) or was at the start of the transaction.
    /// Elements inserted by the transaction were not displayed before it.
    private func isVisible(_ element: ElementID, before: Bool) -> Bool {
        if before { return !log.wasInserted(element) && wasDisplayed(element) }
        return isDisplayed(element)
    }

    /// The visible position of `element` now (`before == false`) or at the start of the transaction,
    /// from the visibility counts: O(log n). For `before == true` the counts must have been moved to the
    /// transaction's start with ``shiftVisibility(toOriginal:)``.
    func location(of element: ElementID, before: Bool) -> FormChangeSet.Location? {
        guard positionsAreCurrent else { return scannedLocation(of: element, before: before) }
        let section = elements[element.raw].section
        let sectionID = section ?? element
        guard isVisible(sectionID, before: before), positions.indices.contains(sectionID.raw) else { return nil }
        let sectionPosition = positions[sectionID.raw]
        guard sectionPosition >= 0 else { return nil }
        let sectionIndex = visibility.shownSections(before: sectionPosition)
        guard section != nil else { return FormChangeSet.Location(section: sectionIndex) }
        guard isVisible(element, before: before), positions.indices.contains(element.raw) else { return nil }
        let rowPosition = positions[element.raw]
        guard rowPosition >= 0 else { return nil }
        return FormChangeSet.Location(
            section: sectionIndex, row: visibility.shownRows(inSection: sectionPosition, before: rowPosition))
    }

    /// The same position by scanning the sections before the element and the rows before it (used only
    /// while positions are being recomputed after a structural edit).
    func scannedLocation(of element: ElementID, before: Bool) -> FormChangeSet.Location? {
        let section = elements[element.raw].section ?? element
        let sectionPosition = position(of: section)
        guard isVisible(section, before: before), sectionPosition >= 0 else { return nil }
        var sectionIndex = 0
        for earlier in sections[..<sectionPosition] where isVisible(earlier, before: before) { sectionIndex += 1 }
        guard elements[element.raw].isRow else { return FormChangeSet.Location(section: sectionIndex) }
        let rowPosition = position(of: element)
        guard isVisible(element, before: before), rowPosition >= 0 else { return nil }
        var rowIndex = 0
        for earlier in elements[section.raw].rows[..<rowPosition] where isVisible(earlier, before: before) {
            rowIndex += 1
        }
        return FormChangeSet.Location(section: sectionIndex, row: rowIndex)
    }

    /// Moves the visibility counts to the transaction's start (`toOriginal`) or back to now: only the
    /// elements whose own hidden flag the transaction flipped, and the ones it inserted (not shown
    /// before it), differ. O(k log n) for k touched elements.
    mutating func shiftVisibility(toOriginal: Bool) {
        guard positionsAreCurrent else { return }
        for element in log.touchedFlags
        where elements[element.raw].isAlive && !log.wasInserted(element)
            && originalResult(element, .hidden) != ownHidden(element)
        {
            // Shown originally (not hidden then) means +1 towards the original counts.
            noteHiddenFlip(of: element, hidden: toOriginal != ownHidden(element))
        }
        for element in log.inserted where elements[element.raw].isAlive && !ownHidden(element) {
            noteHiddenFlip(of: element, hidden: toOriginal)
        }
    }

    /// An element's entry with its position at the start of the transaction (a removed element).
    mutating func originalChange(_ element: ElementID) -> FormChangeSet.ElementChange {
        var entry = change(element, before: false, locating: false)
        if computesLocations {
            shiftVisibility(toOriginal: true)
            entry.location = location(of: element, before: true)
            shiftVisibility(toOriginal: false)
        }
        return entry
    }

    /// An element's entry; with `locating`, its location now (`before == false`) or at the start of
    /// the transaction, which needs the counts shifted (see ``shiftVisibility(toOriginal:)``).
    func change(_ element: ElementID, before: Bool, locating: Bool = true) -> FormChangeSet.ElementChange {
        let location = computesLocations && locating ? location(of: element, before: before) : nil
        if let section = elements[element.raw].section {
            return FormChangeSet.ElementChange(
                tag: elements[element.raw].tag, sectionIndex: position(of: section), rowIndex: position(of: element),
                location: location)
        }
        return FormChangeSet.ElementChange(
            tag: elements[element.raw].tag, sectionIndex: position(of: element), location: location)
    }

    /// Model order key: (section position, row position or -1).
    private func orderKey(_ element: ElementID) -> OrderKey {
        if let section = elements[element.raw].section {
            return OrderKey(section: position(of: section), row: position(of: element), element: element)
        }
        return OrderKey(section: position(of: element), row: -1, element: element)
    }

    /// Sorts elements into form order without a closure capturing the state.
    private func inFormOrder(_ elements: some Sequence<ElementID>) -> [ElementID] {
        var keys: [OrderKey] = []
        for element in elements { keys.append(orderKey(element)) }
        keys.sort()
        var ordered: [ElementID] = []
        ordered.reserveCapacity(keys.count)
        for key in keys { ordered.append(key.element) }
        return ordered
    }

    /// The net change set of the current transaction. O(k log k + k log n) for k touched elements.
    /// Hidden elements are located where they were at the start of the transaction: they are first
    /// entered with their model positions, then the counts are shifted to the start once and every
    /// one of them located, then shifted back.
    mutating func changeSet() -> FormChangeSet {
        guard
            !log.touchedFlags.isEmpty || !log.touchedValues.isEmpty || !log.inserted.isEmpty
                || !log.removed.isEmpty || !log.removedSections.isEmpty || recordsEvaluatedNames
        else { return FormChangeSet() }
        var changes = FormChangeSet()
        if !log.touchedFlags.isEmpty { collectFlagChanges(into: &changes) }
        if !log.touchedValues.isEmpty { collectValueChanges(into: &changes) }
        if !log.inserted.isEmpty {
            var inserted: [ElementID] = []
            for element in log.inserted where elements[element.raw].isAlive { inserted.append(element) }
            for element in inFormOrder(inserted) { changes.inserted.append(change(element, before: false)) }
        }
        if !log.removed.isEmpty || !log.removedSections.isEmpty {
            changes.removed = log.removedSections + log.removed
        }
        if recordsEvaluatedNames { for condition in log.evaluated { changes.evaluated.append(name(of: condition)) } }
        return changes
    }

    /// Hidden/shown, enabled/disabled and required/optional flips of the touched elements, in form order.
    private mutating func collectFlagChanges(into changes: inout FormChangeSet) {
        // touchedFlags holds each element once; with hiddenIncludesSection the rows of a touched
        // section may flip without being touched themselves, so they join (deduplicated by a set).
        var keys = orderScratch
        orderScratch = []
        keys.removeAll(keepingCapacity: true)
        for element in log.touchedFlags where elements[element.raw].isAlive && !log.wasInserted(element) {
            keys.append(orderKey(element))
        }
        if options.hiddenIncludesSection {
            var seen = Set(keys.map(\.element))
            for key in keys where !elements[key.element.raw].isRow {
                for row in elements[key.element.raw].rows where !log.wasInserted(row) && seen.insert(row).inserted {
                    keys.append(orderKey(row))
                }
            }
        }
        if keys.count > 1 { keys.sort() }
        let locates = computesLocations && positionsAreCurrent
        var locatesBefore = false
        for key in keys {
            let element = key.element
            let isRow = elements[element.raw].section != nil
            let wasHidden = isRow ? originalReportedHidden(element) : originalResult(element, .hidden)
            let isHidden = isRow ? reportedHidden(element) : ownHidden(element)
            if wasHidden != isHidden {
                var entry: FormChangeSet.ElementChange
                if isHidden, locates {
                    // Model positions now; visible ones are turned into locations below.
                    entry = change(element, before: true, locating: false)
                    let section = elements[element.raw].section ?? element
                    if isVisible(section, before: true), isVisible(element, before: true) {
                        entry.location = FormChangeSet.Location(section: -1)
                        locatesBefore = true
                    }
                } else {
                    entry = change(element, before: isHidden)
                }
                switch (isRow, isHidden) {
                case (true, true): changes.rowsHidden.append(entry)
                case (true, false): changes.rowsShown.append(entry)
                case (false, true): changes.sectionsHidden.append(entry)
                case (false, false): changes.sectionsShown.append(entry)
                }
            }
            let wasDisabled = originalResult(element, .disabled)
            if wasDisabled != result(element, .disabled) {
                if wasDisabled {
                    changes.enabled.append(change(element, before: false))
                } else {
                    changes.disabled.append(change(element, before: false))
                }
            }
            if isRow, originalResult(element, .required) != result(element, .required) {
                if result(element, .required) {
                    changes.becameRequired.append(change(element, before: false))
                } else {
                    changes.becameOptional.append(change(element, before: false))
                }
            }
        }
        orderScratch = keys
        guard locatesBefore else { return }
        if log.inserted.isEmpty, keys.count <= Self.correctedLocationLimit {
            // Few touched elements and no insertions: correct the current counts by the touched
            // elements' flips directly instead of moving the trees there and back.
            locateFromModelPositions(&changes.rowsHidden, correctingBy: keys)
            locateFromModelPositions(&changes.sectionsHidden, correctingBy: keys)
            return
        }
        shiftVisibility(toOriginal: true)
        locateFromModelPositions(&changes.rowsHidden)
        locateFromModelPositions(&changes.sectionsHidden)
        shiftVisibility(toOriginal: false)
    }

    /// Up to this many touched elements, positions at the start of a transaction are corrected per query
    /// (O(k) each) rather than by shifting the visibility counts (O(k log n) twice).
    static let correctedLocationLimit = 8

    /// Replaces the placeholder locations of `entries` by the visible positions their model positions
    /// have in the current counts. With `keys` (a transaction that inserted nothing, counts as they are
    /// now: every element whose flags it flipped, in form order), the touched elements whose own hidden
    /// flag differs from its original one are counted as they were at the transaction's start.
    private func locateFromModelPositions(
        _ entries: inout [FormChangeSet.ElementChange], correctingBy keys: [OrderKey] = []
    ) {
        for index in entries.indices where entries[index].location != nil {
            let section = entries[index].sectionIndex
            var sectionIndex = visibility.shownSections(before: section)
            var rowIndex = entries[index].rowIndex.map { visibility.shownRows(inSection: section, before: $0) }
            for key in keys where key.section <= section {
                let isHidden = ownHidden(key.element)
                guard originalResult(key.element, .hidden) != isHidden else { continue }
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
    private func collectValueChanges(into changes: inout FormChangeSet) {
        if log.touchedValues.count == 1, let row = log.touchedValues.first {
            if valueChanged(row) { changes.valuesChanged.append(change(row, before: false)) }
            return
        }
        var valueRows: [ElementID] = []
        for row in log.touchedValues where valueChanged(row) { valueRows.append(row) }
        for row in valueRows.count > 1 ? inFormOrder(valueRows) : valueRows {
            changes.valuesChanged.append(change(row, before: false))
        }
    }

    /// Whether a row touched by the transaction (and alive, not inserted by it) holds another value now.
    private func valueChanged(_ row: ElementID) -> Bool {
        elements[row.raw].isAlive && !log.wasInserted(row)
            && !log.originalValues[row.raw].isIdentical(to: elements[row.raw].value)
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
