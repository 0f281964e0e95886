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

    /// The visible position of `element` now (`before == false`) or at the start of the transaction.
    /// Plain loops, no closures: a closure capturing `self` would copy the whole state.
    func location(of element: ElementID, before: Bool) -> FormChangeSet.Location? {
        let record = elements[element.raw]
        let section = record.section ?? element
        let sectionPosition = position(of: section)
        guard isVisible(section, before: before), sectionPosition >= 0 else { return nil }
        var sectionIndex = 0
        for earlier in sections[..<sectionPosition] where isVisible(earlier, before: before) { sectionIndex += 1 }
        guard record.isRow else { return FormChangeSet.Location(section: sectionIndex) }
        let rowPosition = position(of: element)
        guard isVisible(element, before: before), rowPosition >= 0 else { return nil }
        var rowIndex = 0
        for earlier in elements[section.raw].rows[..<rowPosition] where isVisible(earlier, before: before) { rowIndex += 1 }
        return FormChangeSet.Location(section: sectionIndex, row: rowIndex)
    }

    func change(_ element: ElementID, before: Bool) -> FormChangeSet.ElementChange {
        let location = computesLocations ? location(of: element, before: before) : nil
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
        let record = elements[element.raw]
        if let section = record.section {
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

    /// The net change set of the current transaction.
    func changeSet() -> FormChangeSet {
        var changes = FormChangeSet()
        guard !log.touchedFlags.isEmpty || !log.touchedValues.isEmpty || !log.inserted.isEmpty
            || !log.removed.isEmpty || !log.removedSections.isEmpty || recordsEvaluatedNames
        else { return FormChangeSet() }
        // touchedFlags holds each element once; with hiddenIncludesSection the rows of a touched
        // section may flip without being touched themselves, so they join (deduplicated by a set).
        var candidates: [ElementID] = []
        for element in log.touchedFlags where elements[element.raw].isAlive && !log.wasInserted(element) {
            candidates.append(element)
        }
        if options.hiddenIncludesSection {
            var seen = Set(candidates)
            for element in candidates where !elements[element.raw].isRow {
                for row in elements[element.raw].rows where !log.wasInserted(row) && seen.insert(row).inserted {
                    candidates.append(row)
                }
            }
        }
        let ordered = candidates.count > 1 ? inFormOrder(candidates) : candidates
        for element in ordered {
            let isRow = elements[element.raw].isRow
            let wasHidden = isRow ? originalReportedHidden(element) : originalResult(element, .hidden)
            let isHidden = isRow ? reportedHidden(element) : ownHidden(element)
            if wasHidden != isHidden {
                let entry = change(element, before: isHidden)
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
        var valueRows: [ElementID] = []
        for row in log.touchedValues
        where elements[row.raw].isAlive && !log.wasInserted(row)
            && !log.originalValues[row.raw].isIdentical(to: elements[row.raw].value)
        {
            valueRows.append(row)
        }
        for row in valueRows.count > 1 ? inFormOrder(valueRows) : valueRows {
            changes.valuesChanged.append(change(row, before: false))
        }
        if !log.inserted.isEmpty {
            var inserted: [ElementID] = []
            for element in log.inserted where elements[element.raw].isAlive { inserted.append(element) }
            for element in inFormOrder(inserted) { changes.inserted.append(change(element, before: false)) }
        }
        changes.removed = log.removedSections + log.removed
        if recordsEvaluatedNames { for condition in log.evaluated { changes.evaluated.append(name(of: condition)) } }
        return changes
    }
}

/// Form order of an element: section position, then row position (-1 for the section itself).
struct OrderKey: Comparable {
    var section: Int
    var row: Int
    var element: ElementID

    static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }
}
