// FormState+Locations: a transaction's before and after — each touched element's flags when the
// transaction started, whether an element was displayed then and is now — and the locations (positions
// among the visible sections and rows) the PositionLocator's counts give them. Hidden and removed
// elements are located where they were at the start of the transaction, shown and inserted ones where
// they are at its end.

extension FormState {
    /// An element's own result for `property` when the transaction started.
    @inline(always)
    func originalResult(_ element: ElementID, _ property: ConditionProperty) -> Bool {
        guard let flags = log.originalFlags(element) else { return result(element, property) }
        switch property {
        case .hidden: return flags.hidden
        case .disabled: return flags.disabled
        case .required: return flags.required
        }
    }

    /// The reported hidden flag when the transaction started.
    @inline(always)
    func originalReportedHidden(_ element: ElementID) -> Bool {
        if let section = elements[element.raw].section, options.hiddenIncludesSection {
            return originalResult(element, .hidden) || originalResult(section, .hidden)
        }
        return originalResult(element, .hidden)
    }

    /// Whether the element was displayed when the transaction started (its section too, for a row).
    @inline(always)
    func wasDisplayed(_ element: ElementID) -> Bool {
        if let section = elements[element.raw].section {
            return !originalResult(element, .hidden) && !originalResult(section, .hidden)
        }
        return !originalResult(element, .hidden)
    }

    /// Whether `element` is displayed now (`before == false`) or was at the start of the transaction.
    /// Elements inserted by the transaction were not displayed before it.
    @inline(always)
    func isVisible(_ element: ElementID, before: Bool) -> Bool {
        if before { return !log.wasInserted(element) && wasDisplayed(element) }
        return isDisplayed(element)
    }

    /// The visible position of `element` now (`before == false`) or at the start of the transaction:
    /// O(log n) from the locator's counts, which for `before == true` must have been moved to the
    /// transaction's start with ``shiftVisibility(toOriginal:)``. While positions are stale (inside a
    /// structural edit) the position is found by scanning.
    func location(of element: ElementID, before: Bool) -> FormChangeSet.Location? {
        guard locator.isCurrent else { return scannedLocation(of: element, before: before) }
        let section = elements[element.raw].section
        let sectionID = section ?? element
        guard isVisible(sectionID, before: before), let sectionPosition = locator.position(of: sectionID) else {
            return nil
        }
        guard section != nil else { return locator.location(section: sectionPosition, row: nil) }
        guard isVisible(element, before: before), let rowPosition = locator.position(of: element) else { return nil }
        return locator.location(section: sectionPosition, row: rowPosition)
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

    /// Moves the locator's counts to the transaction's start (`toOriginal`) or back to now: only the
    /// elements whose own hidden flag the transaction flipped, and the ones it inserted (not shown
    /// before it), differ. O(k log n) for k touched elements.
    mutating func shiftVisibility(toOriginal: Bool) {
        guard locator.isCurrent else { return }
        for element in log.touchedFlags
        where elements[element.raw].isAlive && !log.wasInserted(element)
            && originalResult(element, .hidden) != ownHidden(element)
        {
            // Shown originally (not hidden then) means +1 towards the original counts.
            locator.noteHiddenFlip(
                of: element, section: elements[element.raw].section, hidden: toOriginal != ownHidden(element))
        }
        for element in log.inserted where elements[element.raw].isAlive && !ownHidden(element) {
            locator.noteHiddenFlip(of: element, section: elements[element.raw].section, hidden: toOriginal)
        }
    }

    /// An element's entry with its position at the start of the transaction (an element about to be
    /// removed); the position is remembered, so later positions at the start count it back in.
    mutating func originalChange(_ element: ElementID) -> FormChangeSet.Located {
        var entry = change(element, before: false, locating: false)
        shiftVisibility(toOriginal: true)
        entry.location = location(of: element, before: true).map(restoringRemoved)
        shiftVisibility(toOriginal: false)
        if let location = entry.location { log.removedLocations.append(location) }
        return entry
    }

    /// Maps a position at the start of the transaction counted among the elements that are still alive
    /// (what the counts give) to the real one, counting back in the elements the transaction removed:
    /// every removed section at or before it moves it one section on, and every removed row of its
    /// section at or before it one row on. O(r log r) for r removals; nothing without removals.
    func restoringRemoved(_ location: FormChangeSet.Location) -> FormChangeSet.Location {
        guard !log.removedLocations.isEmpty else { return location }
        var section = location.section
        for removed in log.removedLocations.filter({ $0.row == nil }).map(\.section).sorted() where removed <= section {
            section += 1
        }
        guard var row = location.row else { return FormChangeSet.Location(section: section) }
        for removed in log.removedLocations.compactMap({ $0.section == section ? $0.row : nil }).sorted()
        where removed <= row {
            row += 1
        }
        return FormChangeSet.Location(section: section, row: row)
    }

    /// An element's entry: its model position and, with `locating`, its location now (`before == false`)
    /// or at the start of the transaction, which needs the counts shifted (see
    /// ``shiftVisibility(toOriginal:)``). Mutating only so that the state is passed by reference: the
    /// change-set builder calls it with the state `inout`, and a large struct passed from there as a
    /// borrowed argument is first copied bit by bit (a 500-byte memcpy per entry).
    mutating func change(_ element: ElementID, before: Bool, locating: Bool) -> FormChangeSet.Located {
        guard let section = elements[element.raw].section else {
            let position = position(of: element)
            var location: FormChangeSet.Location?
            if locating {
                if locator.isCurrent {
                    if isVisible(element, before: before) { location = locator.location(section: position, row: nil) }
                } else {
                    location = scannedLocation(of: element, before: before)
                }
            }
            return FormChangeSet.Located(tagIndex: element.raw, sectionIndex: position, location: location)
        }
        let sectionPosition = position(of: section)
        let rowPosition = position(of: element)
        var location: FormChangeSet.Location?
        if locating {
            if locator.isCurrent {
                if isVisible(section, before: before), isVisible(element, before: before) {
                    location = locator.location(section: sectionPosition, row: rowPosition)
                }
            } else {
                location = scannedLocation(of: element, before: before)
            }
        }
        return FormChangeSet.Located(
            tagIndex: element.raw, sectionIndex: sectionPosition, rowIndex: rowPosition, location: location)
    }
}
