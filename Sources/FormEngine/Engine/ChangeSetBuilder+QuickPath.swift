// ChangeSetBuilder+QuickPath: the change set of the usual transaction — a value change whose readers
// flipped the flags of at most two rows, nothing inserted or removed, positions current, the default
// `hiddenIncludesSection` off — built straight from those rows: no sort, no scratch list, one count
// query per location, each entry written straight into the change set's storage. Any other transaction
// goes to the thorough builder, which in debug builds also checks every change set this path builds.
// The steps a value change takes are `@inline(always)` (inlined without exception; `@inline(__always)` is a
// hint, declined for the larger steps): each runs once or twice per change, where a
// call and the checks around it cost more than the step itself.

extension ChangeSetBuilder {
    /// The quick path's limit on rows with flipped flags (a value with two dependents).
    static let quickFlagLimit = 2
    /// The most entries the quick path writes: three flags of each flipped row and a value.
    static let quickEntryLimit = quickFlagLimit &* 3 &+ 1

    /// The change set of `state`'s transaction when it has the usual shape; nil (having changed
    /// nothing) otherwise.
    mutating func quickChangeSet(of state: inout FormState) -> FormChangeSet? {
        let touchedFlags = state.log.touchedFlags.count
        let touchedValues = state.log.touchedValues.count
        guard touchedFlags <= Self.quickFlagLimit, touchedValues <= 1, touchedFlags &+ touchedValues > 0,
            computesLocations, state.locator.isCurrent, !state.options.hiddenIncludesSection,
            !state.recordsEvaluations, state.log.inserted.isEmpty, state.log.removed.isEmpty,
            state.log.removedSections.isEmpty
        else { return nil }
        // Every element the quick path reports is a live row with a current position.
        var first: QuickRow?
        var second: QuickRow?
        for index in 0..<touchedFlags {
            guard let row = QuickRow(state.log.touchedFlags[index], in: &state) else { return nil }
            if index == 0 { first = row } else { second = row }
        }
        var valueRow: QuickRow?
        if touchedValues == 1 {
            guard let row = QuickRow(state.log.touchedValues[0], in: &state) else { return nil }
            valueRow = row
        }
        if let row = first, let other = second, other.precedes(row) { (first, second) = (other, row) }
        used = 0
        prepareStorage(capacity: Self.quickEntryLimit)
        if let first { appendFlagChanges(of: first, besides: second, in: &state) }
        if let second { appendFlagChanges(of: second, besides: first, in: &state) }
        if let row = valueRow,
            !state.log.originalValues[row.element.raw].isIdentical(to: state.rowValues[row.element.raw])
        {
            appendInPlace(.valuesChanged, row.located(locating: row.isShownNow, in: &state))
        }
        return finishedInPlace(tags: state.elementTags)
    }

    /// The entries of one row's flipped flags, as the thorough builder writes them: hidden first, then
    /// disabled, then required. `other` is the transaction's other flipped row, if any.
    @inline(always)
    private mutating func appendFlagChanges(of row: QuickRow, besides other: QuickRow?, in state: inout FormState) {
        let now = state.flags(of: row.element)
        let before = state.log.originalFlags(row.element) ?? now
        if before.hidden != now.hidden {
            if now.hidden {
                // Hidden: located where it was at the start, when its section was shown (a section the
                // transaction did not touch): the counts now, with the other row's flip undone if it
                // is before this one in the same section.
                var located = row.located(locating: !row.isSectionHidden, in: &state)
                if let other, let location = located.location, let rowIndex = location.row,
                    other.section == row.section, other.row < row.row,
                    (state.log.originalFlags(other.element)?.hidden ?? state.ownHidden(other.element))
                        != state.ownHidden(other.element)
                {
                    let correction = state.ownHidden(other.element) ? 1 : -1
                    located.location = FormChangeSet.Location(section: location.section, row: rowIndex &+ correction)
                }
                appendInPlace(.rowsHidden, located)
            } else {
                appendInPlace(.rowsShown, row.located(locating: row.isShownNow, in: &state))
            }
        }
        if before.disabled != now.disabled {
            appendInPlace(before.disabled ? .enabled : .disabled, row.located(locating: row.isShownNow, in: &state))
        }
        if before.required != now.required {
            appendInPlace(
                now.required ? .becameRequired : .becameOptional, row.located(locating: row.isShownNow, in: &state))
        }
    }
}

/// A live row the quick path reports: its model position and its section's hidden flag, which the
/// transaction did not change (a section whose flags flip takes the thorough path).
struct QuickRow {
    var element: ElementID
    var section: Int
    var row: Int
    var isSectionHidden: Bool
    var isShownNow: Bool

    /// Nil unless `element` is a live row whose positions are current. (Its section's flags did not flip:
    /// a section whose flags flip is itself among the touched elements, and the quick path takes rows only.)
    @inline(always)
    init?(_ element: ElementID, in state: inout FormState) {
        guard state.elements.indices.contains(element.raw), state.elements[element.raw].isAlive,
            let sectionID = state.elements[element.raw].section, let section = state.locator.position(of: sectionID),
            let row = state.locator.position(of: element)
        else { return nil }
        self.element = element
        self.section = section
        self.row = row
        isSectionHidden = state.ownHidden(sectionID)
        isShownNow = !isSectionHidden && !state.ownHidden(element)
    }

    /// Whether this row comes before `other` in form order.
    func precedes(_ other: QuickRow) -> Bool { (section, row) < (other.section, other.row) }

    /// The entry's element, with its location from the current counts when `locating`.
    @inline(always)
    func located(locating: Bool, in state: inout FormState) -> FormChangeSet.Located {
        FormChangeSet.Located(
            tagIndex: element.raw, sectionIndex: section, rowIndex: row,
            location: locating ? state.locator.location(section: section, row: row) : nil)
    }
}
