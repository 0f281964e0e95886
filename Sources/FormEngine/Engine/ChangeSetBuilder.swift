// ChangeSetBuilder: turns a transaction's log into a NET FormChangeSet by comparing each touched
// element's flags and value at the start of the transaction with the final ones, in form order, with
// the locations a table view needs (hidden elements where they were, shown ones where they are). Owned
// by the Form next to its state, with the scratch storage it reuses from one change to the next. The
// usual transaction, a value change that flips a row or two, has a quick path
// (ChangeSetBuilder+QuickPath), checked against this thorough one in debug builds.
// The steps a value change takes are `@inline(always)` (inlined without exception; `@inline(__always)` is a
// hint, declined for the larger steps): each runs once or twice per change, where a
// call and the checks around it cost more than the step itself.

/// Builds the change set of the state's current transaction. (`@unchecked Sendable` for the storage it
/// shares with the last change set: see ``FormChangeSet/Storage``.)
struct ChangeSetBuilder: @unchecked Sendable {
    /// Whether entries carry locations (O(log n) each). See ``Form/computesLocations``.
    var computesLocations = true
    /// Storage reused by every change set for sorting the touched elements.
    private var orderScratch: [OrderKey] = []
    /// The entries the thorough builder writes (and corrects) before ``finished(tags:evaluated:)`` copies
    /// them into the change set's storage; overwritten by the next thorough change set, so writing them
    /// again allocates nothing.
    var entries: [FormChangeSet.Entry] = []
    /// The storage of the last change set, which the next one takes again when nobody kept it. The quick
    /// path writes its entries straight into it (``appendInPlace(_:_:)``).
    private var storage = FormChangeSet.Storage.make()
    /// How many entries the change set being built has written (in `entries` for the thorough builder,
    /// in `storage` for the quick path).
    var used = 0

    /// The net change set of `state`'s current transaction. O(k log k + k log n) for k touched
    /// elements. Hidden elements are located where they were at the start of the transaction: they are
    /// first entered with their model positions, then located from the counts as they were at the start.
    mutating func changeSet(of state: inout FormState) -> FormChangeSet {
        guard let quick = quickChangeSet(of: &state) else { return thoroughChangeSet(of: &state) }
        #if DEBUG
            let thorough = thoroughChangeSet(of: &state)
            assert(quick == thorough, "quick change set \(quick) differs from the thorough \(thorough)")
        #endif
        return quick
    }

    /// The change set built from the whole log: any transaction.
    mutating func thoroughChangeSet(of state: inout FormState) -> FormChangeSet {
        guard
            !state.log.touchedFlags.isEmpty || !state.log.touchedValues.isEmpty || !state.log.inserted.isEmpty
                || !state.log.removed.isEmpty || !state.log.removedSections.isEmpty || state.recordsEvaluations
        else { return FormChangeSet() }
        used = 0
        if !state.log.touchedFlags.isEmpty { collectFlagChanges(of: &state) }
        if !state.log.touchedValues.isEmpty { collectValueChanges(of: &state) }
        if !state.log.inserted.isEmpty {
            var inserted: [ElementID] = []
            for element in state.log.inserted where state.elements[element.raw].isAlive { inserted.append(element) }
            for element in inFormOrder(inserted, in: &state) {
                append(.inserted, state.change(element, before: false, locating: computesLocations))
            }
        }
        for var entry in state.log.removedSections {
            if !computesLocations { entry.location = nil }
            append(.removed, entry)
        }
        for var entry in state.log.removed {
            if !computesLocations { entry.location = nil }
            append(.removed, entry)
        }
        var evaluated: [ConditionKey] = []
        if state.recordsEvaluations {
            for condition in state.log.evaluated { evaluated.append(state.key(of: condition)) }
        }
        return finished(tags: state.elementTags, evaluated: evaluated)
    }

    /// The change set of the `used` entries the thorough builder wrote, copied into the storage of the
    /// previous change set when nobody kept that one (else into new storage).
    mutating func finished(tags: [String?], evaluated: [ConditionKey] = []) -> FormChangeSet {
        prepareStorage(capacity: used)
        let used = used
        entries.withUnsafeBufferPointer { written in
            guard let base = written.baseAddress, used <= written.count else { return }
            // Entries are plain numbers: written over the previous ones without deinitializing them.
            storage.withUnsafeMutablePointerToElements { $0.initialize(from: base, count: used) }
        }
        return finishedInPlace(tags: tags, evaluated: evaluated)
    }

    /// Makes `storage` unique with room for `capacity` entries: the storage of the previous change set
    /// when nobody kept it and it has the room, else new storage.
    @inline(always)
    mutating func prepareStorage(capacity: Int) {
        if !isKnownUniquelyReferenced(&storage)
            || storage.withUnsafeMutablePointerToHeader({ $0.pointee.capacity }) < capacity
        {
            storage = .make(capacity: max(capacity, Self.quickEntryLimit))
        }
    }

    /// The change set of the `used` entries in `storage` (made unique by ``prepareStorage(capacity:)``).
    @inline(always)
    mutating func finishedInPlace(tags: [String?], evaluated: [ConditionKey] = []) -> FormChangeSet {
        let used = used
        storage.withUnsafeMutablePointerToHeader { contents in
            contents.pointee.count = min(used, contents.pointee.capacity)
            // The form's tags change only with its structure, so the storage usually holds this very array
            // already: assigning it again would retain it and release the same array.
            if !Self.isSameArray(contents.pointee.tags, tags) { contents.pointee.tags = tags }
            if !evaluated.isEmpty || !contents.pointee.evaluated.isEmpty { contents.pointee.evaluated = evaluated }
        }
        return FormChangeSet(storage: storage, locationsOmitted: !computesLocations)
    }

    /// Whether `first` and `second` are one array's storage, so equal without comparing their elements: the
    /// elements of a live array are at an address no other live array's are (empty arrays share one, and
    /// are equal too).
    @inline(always)
    private static func isSameArray(_ first: [String?], _ second: [String?]) -> Bool {
        first.count == second.count
            && first.withUnsafeBufferPointer { one in
                second.withUnsafeBufferPointer { one.baseAddress == $0.baseAddress }
            }
    }

    @inline(always)
    mutating func append(_ list: FormChangeSet.List, _ element: FormChangeSet.Located) {
        let entry = FormChangeSet.Entry(list: list, element: element)
        if used < entries.count { entries[used] = entry } else { entries.append(entry) }
        used &+= 1
    }

    /// Writes an entry straight into `storage`, which ``prepareStorage(capacity:)`` made unique with room for
    /// it (an entry past that room would be dropped; the quick path writes at most ``quickEntryLimit``).
    @inline(always)
    mutating func appendInPlace(_ list: FormChangeSet.List, _ element: FormChangeSet.Located) {
        let index = used
        storage.withUnsafeMutablePointers { contents, elements in
            guard index < contents.pointee.capacity else { return }
            (elements + index).initialize(to: FormChangeSet.Entry(list: list, element: element))
        }
        used &+= 1
    }

    /// Hidden/shown, enabled/disabled and required/optional flips of the touched elements, in form order.
    private mutating func collectFlagChanges(of state: inout FormState) {
        // touchedFlags holds each element once; with hiddenIncludesSection the rows of a touched
        // section may flip without being touched themselves, so they join (deduplicated by a set).
        var keys = orderScratch
        orderScratch = []
        // Emptied by popping (plain values): `removeAll(keepingCapacity:)` goes through a generic
        // `replaceSubrange` that costs more than popping the usual one or two keys.
        while keys.popLast() != nil {}
        for element in state.log.touchedFlags
        where state.elements[element.raw].isAlive && !state.log.wasInserted(element) {
            keys.append(Self.orderKey(element, in: &state))
        }
        if state.options.hiddenIncludesSection {
            var seen = Set(keys.map(\.element))
            for key in keys where !state.elements[key.element.raw].isRow {
                for row in state.elements[key.element.raw].rows
                where !state.log.wasInserted(row) && seen.insert(row).inserted {
                    keys.append(Self.orderKey(row, in: &state))
                }
            }
        }
        Self.sortSmall(&keys)
        let locates = computesLocations && state.locator.isCurrent
        // Few touched elements and no insertions: a hidden element's location at the start is the current
        // counts' corrected by the touched elements' flips, at once; otherwise the counts are moved to the
        // start and back once for all hidden elements, below.
        let correctsInPlace = state.log.inserted.isEmpty && keys.count <= Self.correctedLocationLimit
        let firstEntry = used
        var locatesBefore = false
        for key in keys {
            // Each element's flags before and now, read once; its model position is the key's.
            let element = key.element
            let now = state.flags(of: element)
            let before = state.log.originalFlags(element) ?? now
            let section = state.elements[element.raw].section
            var wasHidden = before.hidden
            var isHidden = now.hidden
            // A row is located only while its section is shown, so a section's flags matter to it too.
            var sectionWasHidden = false
            var sectionIsHidden = false
            if let section {
                sectionWasHidden = state.originalResult(section, .hidden)
                sectionIsHidden = state.ownHidden(section)
                if state.options.hiddenIncludesSection {
                    wasHidden = wasHidden || sectionWasHidden
                    isHidden = isHidden || sectionIsHidden
                }
            }
            var placed = FormChangeSet.Located(
                tagIndex: element.raw, sectionIndex: key.section, rowIndex: section == nil ? nil : key.row)
            let isShownNow = !now.hidden && !sectionIsHidden
            if wasHidden != isHidden {
                if isHidden, locates {
                    // Located where it was at the start: here, or below from its model position.
                    if !before.hidden, !sectionWasHidden, section.map({ !state.log.wasInserted($0) }) ?? true {
                        if correctsInPlace {
                            let location = Self.originalLocation(
                                section: key.section, row: placed.rowIndex, in: &state, correctingBy: keys)
                            placed.location =
                                state.log.removedLocations.isEmpty ? location : state.restoringRemoved(location)
                        } else {
                            placed.location = FormChangeSet.Location(section: -1)
                            locatesBefore = true
                        }
                    }
                } else if isHidden {
                    placed = state.change(element, before: true, locating: computesLocations)
                } else {
                    placed = locatedNow(placed, element, shown: isShownNow, in: &state)
                }
                switch (section != nil, isHidden) {
                case (true, true): append(.rowsHidden, placed)
                case (true, false): append(.rowsShown, placed)
                case (false, true): append(.sectionsHidden, placed)
                case (false, false): append(.sectionsShown, placed)
                }
            }
            if before.disabled != now.disabled {
                append(
                    before.disabled ? .enabled : .disabled, locatedNow(placed, element, shown: isShownNow, in: &state))
            }
            if section != nil, before.required != now.required {
                append(
                    now.required ? .becameRequired : .becameOptional,
                    locatedNow(placed, element, shown: isShownNow, in: &state))
            }
        }
        orderScratch = keys
        guard locatesBefore else { return }
        state.shiftVisibility(toOriginal: true)
        locateFromModelPositions(from: firstEntry, in: &state)
        state.shiftVisibility(toOriginal: false)
        guard !state.log.removedLocations.isEmpty else { return }
        // The counts know only the elements still alive; count the removed ones back in.
        for index in firstEntry..<used
        where entries[index].list == .rowsHidden || entries[index].list == .sectionsHidden {
            entries[index].element.location = entries[index].element.location.map(state.restoringRemoved)
        }
    }

    /// `placed` (an element's model position) with its location now, when the form computes locations:
    /// from the counts while positions are current (nil unless `shown`: the element and its section are
    /// shown), else by scanning.
    private func locatedNow(
        _ placed: FormChangeSet.Located, _ element: ElementID, shown: Bool, in state: inout FormState
    ) -> FormChangeSet.Located {
        var located = placed
        located.location = nil
        guard computesLocations else { return located }
        if !state.locator.isCurrent {
            located.location = state.scannedLocation(of: element, before: false)
        } else if shown {
            located.location = state.locator.location(section: placed.sectionIndex, row: placed.rowIndex)
        }
        return located
    }

    /// Sorts a few keys by insertion, many with the standard sort.
    private static func sortSmall(_ keys: inout [OrderKey]) {
        guard keys.count > 1 else { return }
        guard keys.count <= 8 else { return keys.sort() }
        for index in 1..<keys.count {
            let key = keys[index]
            var position = index
            while position > 0, key < keys[position &- 1] {
                keys[position] = keys[position &- 1]
                position &-= 1
            }
            keys[position] = key
        }
    }

    /// Up to this many touched elements, positions at the start of a transaction are corrected per query
    /// (O(k) each) rather than by shifting the visibility counts (O(k log n) twice).
    static let correctedLocationLimit = 8

    /// Replaces the placeholder locations of the hidden entries from `first` on by the visible positions
    /// their model positions have in the counts (moved to the transaction's start by the caller).
    private mutating func locateFromModelPositions(from first: Int, in state: inout FormState) {
        for index in first..<used
        where (entries[index].list == .rowsHidden || entries[index].list == .sectionsHidden)
            && entries[index].element.location != nil
        {
            entries[index].element.location = state.locator.location(
                section: entries[index].element.sectionIndex, row: entries[index].element.rowIndex)
        }
    }

    /// The location that model position (`section`, `row`) had at the start of a transaction that
    /// inserted nothing: the current counts' location, with every element of `keys` (each element whose
    /// flags the transaction flipped, in form order) whose own hidden flag differs from its original one
    /// counted as it was then. O(log n + k).
    private static func originalLocation(
        section: Int, row: Int?, in state: inout FormState, correctingBy keys: [OrderKey]
    ) -> FormChangeSet.Location {
        let counted = state.locator.location(section: section, row: row)
        var sectionIndex = counted.section
        var rowIndex = counted.row
        for key in keys where key.section <= section {
            let isHidden = state.ownHidden(key.element)
            guard state.originalResult(key.element, .hidden) != isHidden else { continue }
            // Counted now as shown (+1) or not (0); originally the opposite.
            let correction = isHidden ? 1 : -1
            if key.row < 0 {
                if key.section < section { sectionIndex &+= correction }
            } else if key.section == section, let row, key.row < row {
                rowIndex = rowIndex.map { $0 &+ correction }
            }
        }
        return FormChangeSet.Location(section: sectionIndex, row: rowIndex)
    }

    /// Rows whose stored value changed, in form order. One touched row (the usual `setValue`) needs no
    /// list and no sort.
    private mutating func collectValueChanges(of state: inout FormState) {
        if state.log.touchedValues.count == 1, let row = state.log.touchedValues.first {
            if Self.valueChanged(row, in: &state) {
                append(.valuesChanged, state.change(row, before: false, locating: computesLocations))
            }
            return
        }
        var valueRows: [ElementID] = []
        for row in state.log.touchedValues where Self.valueChanged(row, in: &state) { valueRows.append(row) }
        for row in valueRows.count > 1 ? inFormOrder(valueRows, in: &state) : valueRows {
            append(.valuesChanged, state.change(row, before: false, locating: computesLocations))
        }
    }

    /// Whether a row touched by the transaction (and alive, not inserted by it) holds another value now.
    private static func valueChanged(_ row: ElementID, in state: inout FormState) -> Bool {
        state.elements[row.raw].isAlive && !state.log.wasInserted(row)
            && !state.log.originalValues[row.raw].isIdentical(to: state.rowValues[row.raw])
    }

    /// Model order key: (section position, row position or -1).
    private static func orderKey(_ element: ElementID, in state: inout FormState) -> OrderKey {
        if let section = state.elements[element.raw].section {
            return OrderKey(
                section: state.position(of: section), row: state.position(of: element), element: element)
        }
        return OrderKey(section: state.position(of: element), row: -1, element: element)
    }

    /// Sorts elements into form order without a closure capturing the state.
    private func inFormOrder(_ elements: some Sequence<ElementID>, in state: inout FormState) -> [ElementID] {
        var keys: [OrderKey] = []
        for element in elements { keys.append(Self.orderKey(element, in: &state)) }
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
