// FormState+Structure: edits that change the form's shape or its conditions — add and remove rows and
// sections, replace a condition, set values. Structural edits rebuild the dependency graph (linear in
// the form) and then re-evaluate only what they affect; a value change touches only its readers.
// Callers (Form) restore the previous state when one of these throws.

extension FormState {
    /// The live section tagged `tag`.
    func section(tagged tag: String) throws(FormError) -> ElementID {
        guard let element = element(tagged: tag) else { throw unknownTagError(tag) }
        guard !elements[element.raw].isRow else {
            throw FormError(.invalidAction, "'\(tag)' is a row, not a section")
        }
        return element
    }

    /// The live row tagged `tag`. Mutating only so that the state is passed by reference: every caller
    /// mutates the state, and a method that does not is handed a copy of all of it from there (a
    /// 500-byte memcpy per `setValue`).
    @inline(always)
    mutating func row(tagged tag: String) throws(FormError) -> ElementID {
        guard let element = element(tagged: tag), elements[element.raw].isRow else { throw rowLookupError(tag) }
        return element
    }

    /// Why `tag` names no row: no live element has it, or a section does. Out of line, as the error path.
    @inline(never)
    func rowLookupError(_ tag: String) -> FormError {
        guard element(tagged: tag) != nil else { return unknownTagError(tag) }
        return FormError(.invalidAction, "'\(tag)' is a section, not a row")
    }

    /// The error for an action that names `tag`, which no live element has, with the closest tag.
    func unknownTagError(_ tag: String) -> FormError {
        var message = "unknown tag '\(tag)'"
        if let suggestion = closestTag(to: tag) { message += "; did you mean '\(suggestion)'?" }
        return FormError(.unknownTag, message)
    }

    private func checkTagIsFree(_ tag: String?) throws(FormError) {
        guard let tag, let existing = element(tagged: tag) else { return }
        throw FormError(
            .duplicateTag, "duplicate tag '\(tag)': \(path(of: existing)) already has it", path: path(of: existing))
    }

    // MARK: Values

    /// Sets row values by tag as one change: every tag is resolved before anything changes, so an
    /// unknown tag leaves the state untouched.
    mutating func setValues(tagged assignments: [(String, Value)]) throws(FormError) {
        if assignments.count == 1, let (tag, value) = assignments.first {
            setValues(CollectionOfOne((try row(tagged: tag), value)))
            return
        }
        var resolved: [(ElementID, Value)] = []
        resolved.reserveCapacity(assignments.count)
        for (tag, value) in assignments { resolved.append((try row(tagged: tag), value)) }
        setValues(resolved)
    }

    /// One value change as a whole transaction (``Form/setValue(_:for:)`` outside a notification): in
    /// one mutating call, so the state is neither copied nor accessed again per step; the change set is
    /// built from the log afterwards. An unknown tag throws before anything changes.
    mutating func setValueTransaction(_ value: Value, for tag: String) throws(FormError) {
        let element = try row(tagged: tag)
        claimColumns()
        log.begin()
        setValues(CollectionOfOne((element, value)))
        settle()
    }

    /// Sets row values (already resolved to elements) as one change and re-evaluates their readers.
    mutating func setValues(_ assignments: some Collection<(ElementID, Value)>) {
        for (element, value) in assignments where !rowValues[element.raw].isIdentical(to: value) {
            setStoredValue(element, value)
        }
        processDirty()
    }

    // MARK: Conditions

    /// Replaces one condition (nil removes it), re-registers its reads and evaluates it at once.
    mutating func setCondition(_ condition: Condition?, _ property: ConditionProperty, of element: ElementID)
        throws(FormError)
    {
        if property == .required, !elements[element.raw].isRow {
            throw FormError(.invalidAction, "a section has no 'required' condition", path: path(of: element))
        }
        let id = element.condition(property)
        let conditionPath = "\(path(of: element)).\(property.rawValue)"
        conditions[id.raw] = try compiled(condition) { conditionPath }
        syncSlotTable()
        try checkAddedConditions(of: [element], only: property)
        try rebuildGraph()
        // An absent condition is not in the graph (never evaluated): it is false from now on.
        if conditions[id.raw].source == nil, results[id.raw] { flip(id, to: false) }
        markDirty(id)
        processDirty()
    }

    // MARK: Rows

    /// Inserts a row into the section tagged `sectionTag`.
    mutating func addRow(_ row: Row, toSection sectionTag: String, at insertion: RowInsertion) throws(FormError) {
        let section = try section(tagged: sectionTag)
        try checkTagIsFree(row.tag)
        let rows = elements[section.raw].rows
        let index: Int
        switch insertion {
        case .end:
            index = rows.count
        case .index(let position):
            guard (0...rows.count).contains(position) else {
                throw FormError(
                    .invalidAction, "row index \(position) is out of range 0...\(rows.count) in section '\(sectionTag)'"
                )
            }
            index = position
        case .after(let anchorTag):
            guard let anchor = element(tagged: anchorTag), let position = rows.firstIndex(of: anchor) else {
                throw FormError(.unknownTag, "section '\(sectionTag)' has no row '\(anchorTag)'")
            }
            index = position + 1
        }
        let element = appendRow(row, in: section)
        locator.invalidate()
        elements[section.raw].rows.insert(element, at: index)
        let elementPath = path(of: element)
        try compileConditions(of: element, row.hidden, row.disabled, row.required, path: elementPath)
        try compileValidations(of: element, row.validations, path: elementPath)
        try checkAddedConditions(of: [element])
        try rebuildGraph()
        log.noteInserted(element)
        announce(element)
        processDirty()
    }

    /// Removes the row tagged `tag`; conditions that read it now read null.
    mutating func removeRow(tagged tag: String) throws(FormError) {
        let element = try row(tagged: tag)
        log.removed.append(originalChange(element))
        let section = elements[element.raw].section
        let slots = detach(element)
        try rebuildGraph()
        for slot in slots { resetSlot(slot) }
        if let section { refreshValueView(section) }
        processDirty()
    }

    // MARK: Sections

    /// Inserts a section at `index` among all sections (nil appends).
    mutating func addSection(_ section: Section, at index: Int?) throws(FormError) {
        let position = index ?? sections.count
        guard (0...sections.count).contains(position) else {
            throw FormError(.invalidAction, "section index \(position) is out of range 0...\(sections.count)")
        }
        var tags: [String] = []
        for tag in [section.tag] + section.rows.map(\.tag) {
            guard let tag else { continue }
            try checkTagIsFree(tag)
            if tags.contains(tag) { throw FormError(.duplicateTag, "duplicate tag '\(tag)' in the new section") }
            tags.append(tag)
        }
        let sectionID = appendSection(section)
        locator.invalidate()
        sections.insert(sectionID, at: position)
        for row in section.rows { elements[sectionID.raw].rows.append(appendRow(row, in: sectionID)) }
        let sectionPath = path(of: sectionID)
        try compileConditions(of: sectionID, section.hidden, section.disabled, nil, path: sectionPath)
        for (row, definition) in zip(elements[sectionID.raw].rows, section.rows) {
            let rowPath = path(of: row)
            try compileConditions(of: row, definition.hidden, definition.disabled, definition.required, path: rowPath)
            try compileValidations(of: row, definition.validations, path: rowPath)
        }
        try checkAddedConditions(of: [sectionID] + elements[sectionID.raw].rows)
        try rebuildGraph()
        log.noteInserted(sectionID)
        announce(sectionID)
        for row in elements[sectionID.raw].rows {
            log.noteInserted(row)
            announce(row)
        }
        processDirty()
    }

    /// Removes the section tagged `tag` with all its rows.
    mutating func removeSection(tagged tag: String) throws(FormError) {
        let section = try section(tagged: tag)
        log.removedSections.append(originalChange(section))
        var slots: [Slot] = []
        for row in elements[section.raw].rows { slots += detach(row) }
        slots += detach(section)
        try rebuildGraph()
        for slot in slots { resetSlot(slot) }
        processDirty()
    }

    // MARK: Helpers

    /// Queues a new element's conditions and everything that reads its tag.
    private mutating func announce(_ element: ElementID) {
        for condition in conditionIDs(of: element) { markDirty(condition) }
        if let slot = elements[element.raw].slot, slotElement[slot.index] == element {
            store[slot].value = valueView(element)
            store[slot].isHidden = reportedHidden(element)
            store[slot].isDisabled = result(element, .disabled)
            markReaders(of: slot, .value)
            markReaders(of: slot, .isHidden)
            markReaders(of: slot, .isDisabled)
        }
        if let section = elements[element.raw].section { refreshValueView(section) }
    }

    /// Takes an element out of the form; returns the slot it freed.
    private mutating func detach(_ element: ElementID) -> [Slot] {
        locator.invalidate()
        elements[element.raw].isAlive = false
        if let section = elements[element.raw].section {
            elements[section.raw].rows.removeAll { $0 == element }
        } else {
            sections.removeAll { $0 == element }
        }
        guard let slot = elements[element.raw].slot, slotElement[slot.index] == element else { return [] }
        slotElement[slot.index] = nil
        return [slot]
    }
}
