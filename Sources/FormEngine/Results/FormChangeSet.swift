// FormChangeSet: what one action (or one batch) changed, NET: rows and sections shown and hidden with
// their positions among the visible ones, enabled/disabled and required flips, changed values, inserted
// and removed elements, and the conditions evaluated. Its tableUpdate (FormTableUpdate.swift) is the same
// change in the shape a table view's batch update takes.

/// The net effect of one action or batch on a form.
///
/// Only flips that survive the whole transaction are listed: a row hidden and shown again within one
/// batch appears nowhere. Lists are in form order.
///
/// The lists report each element's *own* flags: a row whose hidden condition turned false is in
/// ``rowsShown`` even when its section was shown by the same change, so a table view that inserted
/// ``sectionsShown`` and ``rowsShown`` as they are would insert that row twice. Give a table or
/// collection view ``tableUpdate`` instead: it lists each displayed change once.
public struct FormChangeSet: Hashable, Sendable {
    /// A position among the *visible* sections and rows, as a table view counts them.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        /// Index among the visible sections.
        public var section: Int
        /// Index among the visible rows of that section; nil for a section.
        public var row: Int?

        public init(section: Int, row: Int? = nil) {
            self.section = section
            self.row = row
        }

        public var description: String { row.map { "[\(section), \($0)]" } ?? "[\(section)]" }
    }

    /// One element that changed.
    public struct ElementChange: Hashable, Sendable {
        /// The element's tag, if it has one.
        public var tag: String?
        /// Its section's index among ALL sections (model position), after the change (before it for
        /// removed elements).
        public var sectionIndex: Int
        /// A row's index among ALL rows of its section; nil for a section.
        public var rowIndex: Int?
        /// For hidden and removed elements the position at the start of the change (elements the change
        /// removed still counted, the ones it inserted not yet), for all others the position after it;
        /// nil when the element (or its section) is not visible then, or when the form does not compute
        /// locations.
        public var location: Location?

        public init(tag: String?, sectionIndex: Int, rowIndex: Int? = nil, location: Location? = nil) {
            self.tag = tag
            self.sectionIndex = sectionIndex
            self.rowIndex = rowIndex
            self.location = location
        }

        /// Its path in the form, `sections[i]` or `sections[i].rows[j]` (model positions), built on
        /// demand.
        public var path: String {
            rowIndex.map { "sections[\(sectionIndex)].rows[\($0)]" } ?? "sections[\(sectionIndex)]"
        }
    }

    /// Rows whose hidden flag went from true to false.
    public var rowsShown: [ElementChange] = []
    /// Rows whose hidden flag went from false to true.
    public var rowsHidden: [ElementChange] = []
    /// Sections whose hidden flag went from true to false.
    public var sectionsShown: [ElementChange] = []
    /// Sections whose hidden flag went from false to true.
    public var sectionsHidden: [ElementChange] = []
    /// Rows and sections whose own disabled flag went from true to false.
    public var enabled: [ElementChange] = []
    /// Rows and sections whose own disabled flag went from false to true.
    public var disabled: [ElementChange] = []
    /// Rows that became required.
    public var becameRequired: [ElementChange] = []
    /// Rows that stopped being required.
    public var becameOptional: [ElementChange] = []
    /// Rows whose stored value changed (set, or cleared on hide).
    public var valuesChanged: [ElementChange] = []
    /// Rows and sections added by the action.
    public var inserted: [ElementChange] = []
    /// Rows and sections removed by the action.
    public var removed: [ElementChange] = []
    /// True when the action was queued because a listener called it during a notification; it is
    /// applied after the current notification and its change set goes to the listeners then.
    public var isDeferred = false
    /// The conditions the action evaluated, in evaluation order (a condition runs at most once per
    /// action), when the form records them (``Form/recordsEvaluations``); empty otherwise.
    public var evaluated: [ConditionKey] = []
    /// True when the form did not compute locations (``Form/computesLocations`` off): the entries'
    /// locations are nil and there is no ``tableUpdate``.
    var locationsOmitted = false

    public init() {}

    /// A change set for an action queued during a notification.
    static var deferred: FormChangeSet {
        var changes = FormChangeSet()
        changes.isDeferred = true
        return changes
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        rowsShown.isEmpty && rowsHidden.isEmpty && sectionsShown.isEmpty && sectionsHidden.isEmpty
            && enabled.isEmpty && disabled.isEmpty && becameRequired.isEmpty && becameOptional.isEmpty
            && valuesChanged.isEmpty && inserted.isEmpty && removed.isEmpty
    }
}
