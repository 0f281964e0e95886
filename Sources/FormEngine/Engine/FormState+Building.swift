// FormState+Building: from a FormDefinition to a live state. Build first, then compile, then evaluate
// once: every element exists and every tag has its slot before any condition runs, so conditions may
// name rows declared later (form-anchors.md §9.5).

extension FormState {
    /// Builds the live state of `definition`: checks tags, compiles conditions, orders them and
    /// evaluates every condition once.
    static func build(_ definition: FormDefinition, limits: FormLimits) throws(FormError) -> FormState {
        var state = FormState(options: definition.options, limits: limits)
        try checkDuplicateTags(definition)
        state.isBuilding = true
        var created: [(ElementID, section: Section?, row: Row?, path: String)] = []
        for (sectionIndex, section) in definition.sections.enumerated() {
            let sectionID = state.appendSection(section)
            state.sections.append(sectionID)
            created.append((sectionID, section, nil, "sections[\(sectionIndex)]"))
            for (rowIndex, row) in section.rows.enumerated() {
                let rowID = state.appendRow(row, in: sectionID)
                state.elements[sectionID.raw].rows.append(rowID)
                created.append((rowID, nil, row, "sections[\(sectionIndex)].rows[\(rowIndex)]"))
            }
        }
        for (element, section, row, path) in created {
            if let section {
                try state.compileConditions(of: element, section.hidden, section.disabled, nil, path: path)
            } else if let row {
                try state.compileConditions(of: element, row.hidden, row.disabled, row.required, path: path)
                try state.compileValidations(of: element, row.validations, path: path)
            }
        }
        try state.rebuildGraph()
        for (element, _, _, _) in created { state.initializeViews(of: element) }
        for condition in state.graph.order { state.markDirty(condition) }
        state.log.begin()
        state.processDirty()
        state.isBuilding = false
        return state
    }

    /// Rejects a definition in which two elements share a tag, naming both places.
    static func checkDuplicateTags(_ definition: FormDefinition) throws(FormError) {
        var firstPlace: [String: String] = [:]
        func check(_ tag: String?, _ path: String) throws(FormError) {
            guard let tag else { return }
            if let earlier = firstPlace[tag] {
                throw FormError(
                    .duplicateTag, "duplicate tag '\(tag)' at \(earlier) and \(path)", path: path)
            }
            firstPlace[tag] = path
        }
        for (sectionIndex, section) in definition.sections.enumerated() {
            try check(section.tag, "sections[\(sectionIndex)]")
            for (rowIndex, row) in section.rows.enumerated() {
                try check(row.tag, "sections[\(sectionIndex)].rows[\(rowIndex)]")
            }
        }
    }

    // MARK: Elements

    /// Adds a section record (not yet placed in `sections`) and binds its tag.
    mutating func appendSection(_ section: Section) -> ElementID {
        var record = ElementRecord()
        record.tag = section.tag
        record.isMultivalued = section.isMultivalued
        return appendElement(record)
    }

    /// Adds a row record (not yet placed in its section's rows) and binds its tag.
    mutating func appendRow(_ row: Row, in section: ElementID) -> ElementID {
        var record = ElementRecord()
        record.section = section
        record.tag = row.tag
        record.value = row.value
        return appendElement(record)
    }

    private mutating func appendElement(_ record: ElementRecord) -> ElementID {
        let element = ElementID(elements.count)
        elements.append(record)
        conditions.append(contentsOf: repeatElement(.alwaysFalse, count: 3))
        results.append(contentsOf: repeatElement(false, count: 3))
        log.grow(to: elements.count)
        dirty.grow(to: conditions.count)
        if let tag = record.tag {
            let slot = store.declare(tag)
            syncSlotTable()
            slotElement[slot.index] = element
            elements[element.raw].slot = slot
        }
        return element
    }

    /// Keeps `slotElement` as long as the symbol table.
    mutating func syncSlotTable() {
        if slotElement.count < store.symbols.count {
            slotElement.append(contentsOf: repeatElement(nil, count: store.symbols.count - slotElement.count))
        }
    }

    /// Compiles an element's conditions; `path` is the element's path for error messages.
    mutating func compileConditions(
        of element: ElementID, _ hidden: Condition?, _ disabled: Condition?, _ required: Condition?, path: String
    ) throws(FormError) {
        let pairs: [(ConditionProperty, Condition?)] = [(.hidden, hidden), (.disabled, disabled), (.required, required)]
        for (property, condition) in pairs {
            conditions[element.condition(property).raw] = try CompiledCondition.compile(
                condition, path: "\(path).\(property.rawValue)", store: &store)
        }
        syncSlotTable()
    }

    /// Compiles a row's validation rules.
    mutating func compileValidations(of element: ElementID, _ rules: [ValidationRule], path: String) throws(FormError) {
        var compiled: [CompiledValidation] = []
        for (index, rule) in rules.enumerated() {
            compiled.append(try CompiledValidation.compile(rule, path: "\(path).validations[\(index)]", store: &store))
        }
        elements[element.raw].validations = compiled
        syncSlotTable()
    }

    /// Rebuilds the observer map and the order after a structural change.
    mutating func rebuildGraph() throws(FormError) {
        dirty.removeAll()
        syncSlotTable()
        recordPositions()
        graph = try DependencyGraph.build(self)
        dirty.grow(to: conditions.count)
    }

    /// Sets the store's views of a new element from its state, without queuing anything.
    mutating func initializeViews(of element: ElementID) {
        guard let slot = elements[element.raw].slot, slotElement[slot.index] == element else { return }
        store[slot].value = valueView(element)
        store[slot].isHidden = reportedHidden(element)
        store[slot].isDisabled = result(element, .disabled)
    }
}
