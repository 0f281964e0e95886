// FormState+Building: from a FormDefinition to a live state. Build first, then compile, then check,
// then evaluate once: every element exists and every tag has its slot before any condition runs, so
// conditions may name rows declared later (an unknown tag is reported, by default as an error).

extension FormState {
    /// Builds the live state of `definition`: checks tags, compiles conditions, checks them (unknown
    /// tags and type mismatches fail the build under ``FormOptions/ProblemPolicy/error``), orders them
    /// and evaluates every condition once.
    static func build(_ definition: FormDefinition, limits: FormLimits) throws(FormError) -> FormState {
        var state = try compile(definition, limits: limits)
        if state.options.conditionProblems == .error {
            let problems = state.conditionProblems(severity: .error)
            if !problems.isEmpty { throw FormError.conditionProblems(problems) }
        }
        try state.rebuildGraph()
        for section in state.sections {
            state.initializeViews(of: section)
            for row in state.elements[section.raw].rows { state.initializeViews(of: row) }
        }
        for condition in state.graph.order { state.markDirty(condition) }
        state.log.begin()
        state.processDirty()
        state.isBuilding = false
        return state
    }

    /// The first half of a build: every element created and every condition and rule compiled, nothing
    /// ordered or evaluated yet (results are all false). ``FormChecker`` checks conditions on it.
    static func compile(_ definition: FormDefinition, limits: FormLimits) throws(FormError) -> FormState {
        var state = FormState(options: definition.options, limits: limits)
        state.isBuilding = true
        // Room for every element, tag and predicate's program at once (growing a table rehashes or copies all
        // it holds). Conditions may also name tags no element has; those grow the tables.
        var elementCount = definition.sections.count
        var predicateCount = 0
        var tagCount = 0
        for section in definition.sections {
            elementCount &+= section.rows.count
            predicateCount &+= section.predicateCount
            if section.tag != nil { tagCount &+= 1 }
            for index in section.rows.indices {
                predicateCount &+= section.rows[index].predicateCount
                if section.rows[index].tag != nil { tagCount &+= 1 }
            }
        }
        state.reserveCapacity(elements: elementCount)
        state.programCache.reserveCapacity(predicateCount)
        state.store.reserveCapacity(adding: tagCount)
        state.tags.reserveCapacity(state.tags.count &+ tagCount)
        // Paths (`sections[i].rows[j]`) are built only for conditions that exist, and for errors.
        var created: [(element: ElementID, section: Int, row: Int)] = []
        created.reserveCapacity(elementCount)
        // A duplicate tag is found as the elements declare their tags: every tag declared so far is an element's
        // (conditions are compiled after all elements), so a tag that does not grow the tag index names an
        // element made earlier (as Swift strings compare: canonically equivalent spellings are one tag).
        for (sectionIndex, section) in definition.sections.enumerated() {
            var tagCount = state.tags.count
            let sectionID = state.appendSection(section)
            if section.tag != nil, state.tags.count == tagCount {
                throw state.duplicateTag(section.tag, of: sectionID, at: (sectionIndex, -1), created)
            }
            state.sections.append(sectionID)
            created.append((sectionID, sectionIndex, -1))
            state.elements[sectionID.raw].rows.reserveCapacity(section.rows.count)
            // Rows by index, read in place, and only the parts a record takes: a row is large, and each copy
            // (passing a whole row read out of the array copied it) retains everything it holds.
            for rowIndex in section.rows.indices {
                tagCount = state.tags.count
                let rowID = state.appendRow(
                    tag: section.rows[rowIndex].tag, value: section.rows[rowIndex].value, in: sectionID)
                if section.rows[rowIndex].tag != nil, state.tags.count == tagCount {
                    throw state.duplicateTag(
                        section.rows[rowIndex].tag, of: rowID, at: (sectionIndex, rowIndex), created)
                }
                state.elements[sectionID.raw].rows.append(rowID)
                created.append((rowID, sectionIndex, rowIndex))
            }
        }
        state.growTables()
        let sections = definition.sections
        for (element, sectionIndex, rowIndex) in created {
            if rowIndex < 0 {
                try state.compileConditions(
                    of: element, sections[sectionIndex].hidden, sections[sectionIndex].disabled, nil,
                    path: "sections[\(sectionIndex)]")
            } else {
                let rows = sections[sectionIndex].rows
                try state.compileConditions(
                    of: element, rows[rowIndex].hidden, rows[rowIndex].disabled, rows[rowIndex].required,
                    path: "sections[\(sectionIndex)].rows[\(rowIndex)]")
                if !rows[rowIndex].validations.isEmpty {
                    try state.compileValidations(
                        of: element, rows[rowIndex].validations, path: "sections[\(sectionIndex)].rows[\(rowIndex)]")
                }
            }
        }
        return state
    }

    /// The error for `element`, made at `place` (section index, row index or -1), whose `tag` an element
    /// made earlier in the build has: it names both places. `created` lists the elements made before it.
    private func duplicateTag(
        _ tag: String?, of element: ElementID, at place: (Int, Int),
        _ created: [(element: ElementID, section: Int, row: Int)]
    ) -> FormError {
        func path(_ place: (Int, Int)) -> String {
            place.1 < 0 ? "sections[\(place.0)]" : "sections[\(place.0)].rows[\(place.1)]"
        }
        let slot = elements[element.raw].slot
        let earlier = created.first { slot != nil && elements[$0.element.raw].slot == slot }
        let earlierText = earlier.map { " at \(path(($0.section, $0.row)))" } ?? ""
        return FormError(
            .duplicateTag, "duplicate tag '\(tag ?? "")'\(earlierText) and \(path(place))", path: path(place))
    }

    /// Makes room for `count` more elements (and their conditions) before a build.
    mutating func reserveCapacity(elements count: Int) {
        elements.reserveCapacity(elements.count &+ count)
        rowValues.reserveCapacity(rowValues.count &+ count)
        elementTags.reserveCapacity(elementTags.count &+ count)
        conditions.reserveCapacity(conditions.count &+ 3 &* count)
        results.reserveCapacity(results.count &+ 3 &* count)
    }

    /// Grows the per-element tables (the transaction log's, the slot table) to the element count (once per
    /// build, rather than per element).
    mutating func growTables() {
        log.grow(to: elements.count)
        syncSlotTable()
    }

    // MARK: Elements

    /// Adds a section record (not yet placed in `sections`) and binds its tag.
    mutating func appendSection(_ section: Section) -> ElementID {
        let element = appendElement(tag: section.tag, value: .null)
        elements[element.raw].isMultivalued = section.isMultivalued
        return element
    }

    /// Adds a row record (not yet placed in its section's rows) and binds its tag.
    mutating func appendRow(_ row: Row, in section: ElementID) -> ElementID {
        appendRow(tag: row.tag, value: row.value, in: section)
    }

    /// Appends a row from its tag and value (its conditions are compiled afterwards).
    mutating func appendRow(tag: String?, value: Value, in section: ElementID) -> ElementID {
        let element = appendElement(tag: tag, value: value)
        elements[element.raw].section = section
        return element
    }

    /// Appends an empty record, which the caller fills in place (a record built first was copied into the
    /// array and destroyed: a retain and a release of everything it holds), with its value (null for a
    /// section), and binds its tag.
    private mutating func appendElement(tag: String?, value: Value) -> ElementID {
        let element = ElementID(elements.count)
        elements.append(ElementRecord())
        rowValues.append(value)
        elementTags.append(tag)
        for _ in 0..<3 { conditions.append(.alwaysFalse) }
        for _ in 0..<3 { results.append(false) }
        if !isBuilding { log.grow(to: elements.count) }
        if let tag {
            let slot = declare(tag)
            if slotElement.count <= slot.index { syncSlotTable() }
            if slotElement.indices.contains(slot.index) { slotElement[slot.index] = element }
            elements[element.raw].slot = slot
        }
        return element
    }

    /// Keeps `slotElement` as long as the symbol table.
    mutating func syncSlotTable() {
        if slotElement.count < tags.count {
            slotElement.append(contentsOf: repeatElement(nil, count: tags.count - slotElement.count))
        }
    }

    /// Compiles an element's conditions; `path` is the element's path, built only for an error.
    mutating func compileConditions(
        of element: ElementID, _ hidden: Condition?, _ disabled: Condition?, _ required: Condition?,
        path: @autoclosure () -> String
    ) throws(FormError) {
        guard hidden != nil || disabled != nil || required != nil else { return }
        try compileCondition(hidden, .hidden, of: element, path: path)
        try compileCondition(disabled, .disabled, of: element, path: path)
        try compileCondition(required, .required, of: element, path: path)
        syncSlotTable()
    }

    /// Compiles one written condition into its slot of the condition table (an absent one stays false).
    private mutating func compileCondition(
        _ condition: Condition?, _ property: ConditionProperty, of element: ElementID, path: () -> String
    ) throws(FormError) {
        // Passed on as the optional it is: unwrapping it first copied the condition, text and all.
        if case nil = condition { return }
        conditions[element.condition(property).raw] = try compiled(condition) { path() + "." + property.rawValue }
    }

    /// Compiles a row's validation rules.
    mutating func compileValidations(
        of element: ElementID, _ rules: [ValidationRule], path: @autoclosure () -> String
    ) throws(FormError) {
        guard !rules.isEmpty else { return }
        var compiled: [CompiledValidation] = []
        for (index, rule) in rules.enumerated() {
            compiled.append(try self.compiled(rule) { "\(path()).validations[\(index)]" })
        }
        elements[element.raw].validations = compiled
        syncSlotTable()
    }

    /// Under ``FormOptions/ProblemPolicy/error``, throws when the conditions of `elements` (just
    /// compiled by an action) read unknown tags or mismatch types.
    func checkAddedConditions(of elements: [ElementID], only property: ConditionProperty? = nil) throws(FormError) {
        guard options.conditionProblems == .error else { return }
        var problems: [FormCheckProblem] = []
        for element in elements {
            if let property {
                problems.append(found: self.problems(of: element.condition(property), severity: .error))
            } else {
                problems.append(found: self.problems(of: element, severity: .error))
            }
        }
        if !problems.isEmpty { throw FormError.conditionProblems(problems) }
    }

    /// Rebuilds the observer map and the order after a structural change.
    mutating func rebuildGraph() throws(FormError) {
        programCache = ProgramCache()
        dirty.removeAll()
        syncSlotTable()
        recordPositions()
        graph = try DependencyGraph.build(self)
    }

    /// Sets the store's views of a new element from its state, without queuing anything.
    mutating func initializeViews(of element: ElementID) {
        guard let slot = elements[element.raw].slot, slotElement[slot.index] == element else { return }
        store[slot].value = valueView(element)
        store[slot].isHidden = reportedHidden(element)
        store[slot].isDisabled = result(element, .disabled)
    }
}

extension Condition {
    /// Whether the condition is a predicate string (compiled into the form's program cache).
    fileprivate var isPredicateText: Bool {
        if case .predicate = self { return true }
        return false
    }
}

extension Section {
    /// How many of the section's own conditions are predicate strings.
    fileprivate var predicateCount: Int {
        (hidden?.isPredicateText == true ? 1 : 0) &+ (disabled?.isPredicateText == true ? 1 : 0)
    }
}

extension Row {
    /// How many of the row's conditions are predicate strings.
    fileprivate var predicateCount: Int {
        (hidden?.isPredicateText == true ? 1 : 0) &+ (disabled?.isPredicateText == true ? 1 : 0)
            &+ (required?.isPredicateText == true ? 1 : 0)
    }
}
