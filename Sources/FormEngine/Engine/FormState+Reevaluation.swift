// FormState+Reevaluation: the incremental core. A value change or a flipped result updates what
// conditions read (the RowStore views) and queues exactly the readers of what changed; the queue is
// drained in topological order, and only results that flip propagate further (change cut-off).
// The steps a value change takes are `@inline(always)` (inlined without exception; `@inline(__always)` is a
// hint, declined for the larger steps): each runs once or twice per change, where a
// call and the checks around it cost more than the step itself.

extension FormState {
    /// Queues every reader of (slot, property).
    @inline(always)
    mutating func markReaders(of slot: Slot, _ property: ObservedProperty) {
        for index in graph.readerRange(of: slot, property) {
            dirty.insert(rank: Int(graph.readerRanks[index]))
        }
    }

    /// Queues one condition.
    mutating func markDirty(_ condition: ConditionID) {
        dirty.insert(rank: graph.rank(of: condition.raw))
    }

    /// Ends a transaction: with clearValueOnHide, clears the values of rows whose hidden flag is true
    /// and was false when the transaction started (a NET flip: a row hidden and shown again within one
    /// batch keeps its value), re-evaluates, and goes on until no clear is left. Clearing only ever
    /// sets null, so this ends.
    @inline(always)
    mutating func settle() {
        while clearNewlyHiddenValues() { processDirty() }
    }

    @inline(always)
    private mutating func clearNewlyHiddenValues() -> Bool {
        guard !log.pendingClears.isEmpty else { return false }
        let candidates = log.pendingClears
        log.pendingClears.removeAll(keepingCapacity: true)
        var cleared = false
        for row in candidates
        where elements[row.raw].isAlive && !log.wasInserted(row) && ownHidden(row) && !originalResult(row, .hidden)
            && !rowValues[row.raw].isNull
        {
            setStoredValue(row, .null)
            cleared = true
        }
        return cleared
    }

    /// Evaluates queued conditions, lowest rank first, until none is left.
    mutating func processDirty() {
        while let rank = dirty.popMin() {
            let condition = graph.order[rank]
            let element = condition.element
            guard elements[element.raw].isAlive else { continue }
            let result = evaluate(condition)
            evaluationCount &+= 1  // a statistic: wrapping after 2^63 evaluations is harmless
            if recordsEvaluations { log.evaluated.append(condition) }
            guard result != results[condition.raw] else { continue }
            flip(condition, to: result)
        }
    }

    /// Records a condition's new result and updates everything that depends on it.
    @inline(always)
    mutating func flip(_ condition: ConditionID, to result: Bool) {
        let element = condition.element
        noteFlagsTouched(element)
        results[condition.raw] = result
        if condition.property == .hidden {
            locator.noteHiddenFlip(of: element, section: elements[element.raw].section, hidden: result)
        }
        applyResult(of: condition, result)
    }

    /// Evaluates one condition. In debug builds a function condition's reads are checked against its
    /// declared dependencies, and undeclared ones are remembered (``Form/undeclaredDependencies``).
    @inline(always)
    private mutating func evaluate(_ condition: ConditionID) -> Bool {
        #if DEBUG
            if conditions[condition.raw].isFunction {
                let (result, undeclared) = conditions[condition.raw].evaluateRecordingUndeclaredReads(in: store)
                for read in undeclared {
                    let warning = "\(name(of: condition)) reads '\(read)' without declaring it"
                    if !undeclaredDependencies.contains(warning) { undeclaredDependencies.append(warning) }
                }
                return result
            }
        #endif
        // A predicate through its unretained program; reading the condition or its body out of the array
        // would copy it, retaining the program for every evaluation.
        if let program = conditions[condition.raw].program { return program.isTrue(in: store) }
        return conditions[condition.raw].body.evaluate(in: store)
    }

    /// Updates the views that depend on a flipped result and, with clearValueOnHide, clears the value.
    @inline(always)
    private mutating func applyResult(of condition: ConditionID, _ result: Bool) {
        let element = condition.element
        switch condition.property {
        case .hidden:
            if let section = elements[element.raw].section {
                // An untagged row (most conditional rows) has no views to refresh.
                if elements[element.raw].slot != nil {
                    refreshHiddenView(element)
                    refreshValueView(element)
                }
                if elements[section.raw].isMultivalued { refreshValueView(section) }
                if result, !isBuilding, options.clearValueOnHide == .onHidden { log.pendingClears.append(element) }
            } else {
                refreshHiddenView(element)
                for row in elements[element.raw].rows {
                    refreshHiddenView(row)
                    refreshValueView(row)
                }
                refreshValueView(element)
            }
        case .disabled:
            refreshDisabledView(element)
        case .required:
            break
        }
    }

    /// Stores a row's value and updates what conditions read. The value replaced is moved into the
    /// log (kept there when it is the transaction's first change of the row), not copied.
    @inline(always)
    mutating func setStoredValue(_ element: ElementID, _ value: Value) {
        var replaced = value
        swap(&rowValues[element.raw], &replaced)
        log.noteValue(element, replacing: consume replaced)
        refreshValueView(element)
        if let section = elements[element.raw].section, elements[section.raw].isMultivalued {
            refreshValueView(section)
        }
    }

    // MARK: Views (what conditions read)

    /// The value conditions read for `element`.
    @inline(always)
    func valueView(_ element: ElementID) -> Value {
        let masks = options.hiddenValueInConditions == .null
        if let section = elements[element.raw].section {
            if masks, ownHidden(element) || ownHidden(section) { return .null }
            return rowValues[element.raw]
        }
        guard elements[element.raw].isMultivalued else { return .null }
        if masks, ownHidden(element) { return .null }
        var values: [Value] = []
        for row in elements[element.raw].rows {
            if masks, ownHidden(row) { continue }
            let value = rowValues[row.raw]
            if !value.isNull { values.append(value) }
        }
        return .array(values)
    }

    /// The slot of `element` if it is the element bound to that slot.
    @inline(always)
    private func boundSlot(_ element: ElementID) -> Slot? {
        guard let slot = elements[element.raw].slot, slotElement.indices.contains(slot.index),
            slotElement[slot.index] == element
        else { return nil }
        return slot
    }

    mutating func refreshValueView(_ element: ElementID) {
        guard let slot = boundSlot(element) else { return }
        // The view is swapped in, not copied: the entry's old value leaves with `view`.
        var view = valueView(element)
        let changed = store.withEntry(at: slot) { entry in
            guard !entry.value.isIdentical(to: view) else { return false }
            swap(&entry.value, &view)
            return true
        }
        if changed == true { markReaders(of: slot, .value) }
    }

    mutating func refreshHiddenView(_ element: ElementID) {
        guard let slot = boundSlot(element) else { return }
        let view = reportedHidden(element)
        let changed = store.withEntry(at: slot) { entry in
            guard entry.isHidden != view else { return false }
            entry.isHidden = view
            return true
        }
        if changed == true { markReaders(of: slot, .isHidden) }
    }

    mutating func refreshDisabledView(_ element: ElementID) {
        guard let slot = boundSlot(element) else { return }
        let view = result(element, .disabled)
        let changed = store.withEntry(at: slot) { entry in
            guard entry.isDisabled != view else { return false }
            entry.isDisabled = view
            return true
        }
        if changed == true { markReaders(of: slot, .isDisabled) }
    }

    /// Resets a slot whose element went away to null/false and queues its readers.
    mutating func resetSlot(_ slot: Slot) {
        store[slot].value = .null
        store[slot].isHidden = false
        store[slot].isDisabled = false
        markReaders(of: slot, .value)
        markReaders(of: slot, .isHidden)
        markReaders(of: slot, .isDisabled)
    }

    // MARK: Transaction bookkeeping

    @inline(always)
    mutating func noteFlagsTouched(_ element: ElementID) {
        let flags = flags(of: element)
        _ = log.noteFlags(element, flags)
    }
}
