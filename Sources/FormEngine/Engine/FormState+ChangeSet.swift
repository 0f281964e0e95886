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

    /// The visible position of `element` now (`before == false`) or at the start of the transaction.
    /// Elements inserted by the transaction were not visible before it.
    func location(of element: ElementID, before: Bool) -> FormChangeSet.Location? {
        let visible: (ElementID) -> Bool = { candidate in
            if before { return !log.wasInserted(candidate) && wasDisplayed(candidate) }
            return isDisplayed(candidate)
        }
        let record = elements[element.raw]
        let section = record.section ?? element
        let sectionPosition = position(of: section)
        guard visible(section), sectionPosition >= 0 else { return nil }
        let sectionIndex = sections[..<sectionPosition].count(where: visible)
        guard record.isRow else { return FormChangeSet.Location(section: sectionIndex) }
        let rows = elements[section.raw].rows
        let rowPosition = position(of: element)
        guard visible(element), rowPosition >= 0 else { return nil }
        return FormChangeSet.Location(section: sectionIndex, row: rows[..<rowPosition].count(where: visible))
    }

    func change(_ element: ElementID, before: Bool) -> FormChangeSet.ElementChange {
        FormChangeSet.ElementChange(
            tag: elements[element.raw].tag, path: path(of: element), location: location(of: element, before: before))
    }

    /// Model order key: (section position, row position or -1).
    private func orderKey(_ element: ElementID) -> (Int, Int) {
        let record = elements[element.raw]
        if let section = record.section {
            return (position(of: section), position(of: element))
        }
        return (position(of: element), -1)
    }

    /// The net change set of the current transaction.
    func changeSet() -> FormChangeSet {
        var changes = FormChangeSet()
        var candidates = Set<ElementID>()
        for element in log.touchedFlags where elements[element.raw].isAlive && !log.wasInserted(element) {
            candidates.insert(element)
            if options.hiddenIncludesSection, !elements[element.raw].isRow {
                for row in elements[element.raw].rows where !log.wasInserted(row) { candidates.insert(row) }
            }
        }
        let ordered = candidates.sorted { orderKey($0) < orderKey($1) }
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
        let valueRows = log.touchedValues.filter {
            elements[$0.raw].isAlive && !log.wasInserted($0)
                && !log.originalValues[$0.raw].isIdentical(to: elements[$0.raw].value)
        }
        changes.valuesChanged = valueRows.sorted { orderKey($0) < orderKey($1) }.map { change($0, before: false) }
        changes.inserted = log.inserted.filter { elements[$0.raw].isAlive }.sorted { orderKey($0) < orderKey($1) }
            .map { change($0, before: false) }
        changes.removed = log.removedSections + log.removed
        if recordsEvaluatedNames { changes.evaluated = log.evaluated.map { name(of: $0) } }
        return changes
    }
}
