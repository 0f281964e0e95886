// FormTableUpdate: a change set in the shape a table or collection view's batch update consumes as it
// is — sections and rows to delete at their positions before the change, sections and rows to insert at
// their positions after it — with nothing counted twice: the rows of a section that is inserted or
// deleted as a whole are not listed again. Derived on demand from the change set's located entries, so
// building change sets costs nothing more.

/// The visible-structure part of a ``FormChangeSet`` as a table view's batch update: what to delete
/// (positions before the change) and what to insert (positions after it).
///
/// Apply it in one batch, the way `UITableView.performBatchUpdates(_:completion:)` and
/// `UICollectionView.performBatchUpdates(_:completion:)` expect:
///
/// ```swift
/// let changes = try form.setValue(true, for: "newsletter")
/// guard let update = changes.tableUpdate else { return }   // nil when locations are off
/// tableView.performBatchUpdates {
///     tableView.deleteSections(IndexSet(update.deletedSections), with: .fade)
///     tableView.insertSections(IndexSet(update.insertedSections), with: .fade)
///     tableView.deleteRows(at: update.deletedRows.map { IndexPath(row: $0.row, section: $0.section) }, with: .fade)
///     tableView.insertRows(at: update.insertedRows.map { IndexPath(row: $0.row, section: $0.section) }, with: .fade)
/// }
/// ```
///
/// Positions count the *displayed* sections and rows: a section that is not hidden, and a row that is not
/// hidden in a section that is not hidden. A section that appears or disappears is listed once, as a
/// section: its rows are neither inserted nor deleted on their own. Rows and sections added and removed
/// by actions are included. Rows whose value, disabled or required state changed are not part of a batch
/// update; refresh their cells afterwards from ``FormChangeSet/valuesChanged``, ``FormChangeSet/enabled``
/// and the other lists, whose locations are positions after the change.
public struct FormTableUpdate: Hashable, Sendable {
    /// A row's position among the displayed sections and the displayed rows of its section.
    public struct RowPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// Index among the displayed sections.
        public var section: Int
        /// Index among the displayed rows of that section.
        public var row: Int

        public init(section: Int, row: Int) {
            self.section = section
            self.row = row
        }

        public static func < (lhs: RowPosition, rhs: RowPosition) -> Bool {
            (lhs.section, lhs.row) < (rhs.section, rhs.row)
        }

        public var description: String { "[\(section), \(row)]" }
    }

    /// Sections to delete, by their position before the change, ascending.
    public var deletedSections: [Int] = []
    /// Sections to insert, by their position after the change, ascending.
    public var insertedSections: [Int] = []
    /// Rows to delete, by their position before the change, in order; none in a deleted section.
    public var deletedRows: [RowPosition] = []
    /// Rows to insert, by their position after the change, in order; none in an inserted section.
    public var insertedRows: [RowPosition] = []

    public init(
        deletedSections: [Int] = [], insertedSections: [Int] = [], deletedRows: [RowPosition] = [],
        insertedRows: [RowPosition] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.deletedRows = deletedRows
        self.insertedRows = insertedRows
    }

    /// Whether the displayed structure is unchanged.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty && insertedRows.isEmpty
    }
}

extension FormChangeSet {
    /// The change as a table view's batch update, or nil when the change set has no locations (the
    /// form's ``Form/computesLocations`` was off). Computed on each access from the located entries:
    /// O(k log k) for k entries.
    public var tableUpdate: FormTableUpdate? {
        guard !locationsOmitted else { return nil }
        var update = FormTableUpdate()
        for entry in sectionsHidden {
            if let location = entry.location { update.deletedSections.append(location.section) }
        }
        for entry in sectionsShown {
            if let location = entry.location { update.insertedSections.append(location.section) }
        }
        for entry in removed where entry.rowIndex == nil {
            if let location = entry.location { update.deletedSections.append(location.section) }
        }
        for entry in inserted where entry.rowIndex == nil {
            if let location = entry.location { update.insertedSections.append(location.section) }
        }
        update.deletedSections = Set(update.deletedSections).sorted()
        update.insertedSections = Set(update.insertedSections).sorted()
        update.deletedRows = Self.rowPositions(rowsHidden, removed, outside: Set(update.deletedSections))
        update.insertedRows = Self.rowPositions(rowsShown, inserted, outside: Set(update.insertedSections))
        return update
    }

    /// The row positions of the located row entries of `first` and `second` whose section is not in
    /// `sections`, sorted and without duplicates.
    private static func rowPositions(
        _ first: [ElementChange], _ second: [ElementChange], outside sections: Set<Int>
    ) -> [FormTableUpdate.RowPosition] {
        var positions = Set<FormTableUpdate.RowPosition>()
        for entry in [first, second].joined() {
            guard entry.rowIndex != nil, let location = entry.location, let row = location.row else { continue }
            if !sections.contains(location.section) {
                positions.insert(FormTableUpdate.RowPosition(section: location.section, row: row))
            }
        }
        return positions.sorted()
    }
}
