// FormTableUpdate against a simulated table view: random forms and random batches (values, conditions,
// rows and sections added and removed), each change set's table update applied to a table that checks
// what UIKit's performBatchUpdates checks (positions in range, nothing deleted or inserted twice, no row
// of an inserted or deleted section listed on its own, final counts equal to the data source's); after
// every batch the table must show exactly the form's displayed sections and rows. Seeded and
// reproducible: FORMENGINE_TABLE_BATCHES=<n> runs more batches, FORMENGINE_TABLE_SEED=<n> replays one form.
import Foundation
import Testing

@testable import FormEngine

/// What a table view shows: its sections and each section's rows, by tag.
struct SimulatedTable: Equatable, CustomStringConvertible {
    struct Section: Equatable {
        var tag: String
        var rows: [String]
    }

    var sections: [Section]

    /// The displayed sections and rows of `form` now (what its data source answers).
    init(_ form: Form) {
        let state = form.state
        sections = state.sections.filter { !state.ownHidden($0) }.map { section in
            Section(
                tag: state.tag(of: section) ?? "?",
                rows: state.elements[section.raw].rows.filter { !state.ownHidden($0) }.map {
                    state.tag(of: $0) ?? "?"
                })
        }
    }

    var description: String { sections.map { "\($0.tag)\($0.rows)" }.joined(separator: " ") }

    /// Applies `update` the way `performBatchUpdates` does: deletions at positions before the change
    /// (rows, then sections), then insertions at positions after it (sections, filled from the data
    /// source `after`, then rows). Returns what UIKit would raise about, or nil.
    mutating func apply(_ update: FormTableUpdate, dataSource after: SimulatedTable) -> String? {
        let deletedSections = Set(update.deletedSections)
        guard deletedSections.count == update.deletedSections.count else { return "a section deleted twice" }
        for section in deletedSections where !sections.indices.contains(section) {
            return "delete section \(section) of \(sections.count)"
        }
        guard Set(update.deletedRows).count == update.deletedRows.count else { return "a row deleted twice" }
        for position in update.deletedRows {
            guard sections.indices.contains(position.section) else { return "delete row \(position): no such section" }
            guard !deletedSections.contains(position.section) else {
                return "delete row \(position) in a section that is deleted"
            }
            guard sections[position.section].rows.indices.contains(position.row) else {
                return "delete row \(position) of \(sections[position.section].rows.count)"
            }
        }
        for position in update.deletedRows.sorted(by: >) {
            sections[position.section].rows.remove(at: position.row)
        }
        for section in deletedSections.sorted(by: >) { sections.remove(at: section) }
        let insertedSections = Set(update.insertedSections)
        guard insertedSections.count == update.insertedSections.count else { return "a section inserted twice" }
        for section in insertedSections.sorted() {
            guard section <= sections.count, after.sections.indices.contains(section) else {
                return "insert section \(section) into \(sections.count)"
            }
            sections.insert(after.sections[section], at: section)
        }
        guard Set(update.insertedRows).count == update.insertedRows.count else { return "a row inserted twice" }
        for position in update.insertedRows.sorted() {
            guard sections.indices.contains(position.section), after.sections.indices.contains(position.section) else {
                return "insert row \(position): no such section"
            }
            guard !insertedSections.contains(position.section) else {
                return "insert row \(position) into a section that is inserted (counted twice)"
            }
            let rows = after.sections[position.section].rows
            guard position.row <= sections[position.section].rows.count, rows.indices.contains(position.row) else {
                return "insert row \(position) into \(sections[position.section].rows.count) rows"
            }
            sections[position.section].rows.insert(rows[position.row], at: position.row)
        }
        guard sections.map(\.rows.count) == after.sections.map(\.rows.count) else {
            return
                "row counts \(sections.map(\.rows.count)) after the update, data source \(after.sections.map(\.rows.count))"
        }
        return nil
    }
}

@Suite("Table updates: change sets a table view consumes as they are")
struct TableUpdateTests {
    static var batchCount: Int {
        ProcessInfo.processInfo.environment["FORMENGINE_TABLE_BATCHES"].flatMap(Int.init) ?? 4_000
    }

    @Test("a row shown with its section is inserted once, with the section (the lists alone would insert it twice)")
    func rowShownWithItsSection() throws {
        let form = try Form {
            Section("inputs") { Row("k", value: 0) }
            Section("s", hidden: valueIs("k", 0)) {
                Row("a")
                Row("b").hidden(valueIs("k", 0))
            }
        }
        var table = SimulatedTable(form)
        let changes = try form.setValue(1, for: "k")
        // The change set's own lists name both: the section and the row whose own flag flipped.
        #expect(changes.sectionsShown.map(\.location) == [FormChangeSet.Location(section: 1)])
        #expect(changes.rowsShown.map(\.location) == [FormChangeSet.Location(section: 1, row: 1)])
        let update = try #require(changes.tableUpdate)
        #expect(update == FormTableUpdate(insertedSections: [1]))
        #expect(table.apply(update, dataSource: SimulatedTable(form)) == nil)
        #expect(table == SimulatedTable(form))
        // Inserting the lists as they are is what a table view refuses.
        var naive = FormTableUpdate(insertedSections: [1])
        naive.insertedRows = changes.rowsShown.compactMap { entry in
            entry.location.flatMap { location in location.row.map { .init(section: location.section, row: $0) } }
        }
        var before = SimulatedTable(form)
        before.sections.remove(at: 1)
        #expect(before.apply(naive, dataSource: SimulatedTable(form)) != nil)
        // Hiding again deletes the section only.
        let hide = try form.setValue(0, for: "k")
        #expect(hide.tableUpdate == FormTableUpdate(deletedSections: [1]))
    }

    @Test("rows removed from one section in one batch are deleted at their positions before the batch")
    func severalRemovals() throws {
        let form = try Form {
            Section("s") {
                Row("a")
                Row("b")
                Row("c")
                Row("d")
            }
        }
        var table = SimulatedTable(form)
        let changes = try form.batch { batch in
            batch.removeRow("a")
            batch.removeRow("c")
        }
        let update = try #require(changes.tableUpdate)
        #expect(update.deletedRows == [.init(section: 0, row: 0), .init(section: 0, row: 2)])
        #expect(table.apply(update, dataSource: SimulatedTable(form)) == nil)
        #expect(table == SimulatedTable(form))
    }

    @Test("no table update without locations")
    func withoutLocations() throws {
        let form = try Form { Section("s") { Row("a", value: 0) } }
        form.computesLocations = false
        #expect(try form.setValue(1, for: "a").tableUpdate == nil)
    }

    @Test("random batches applied to a simulated table leave it showing the form", arguments: [0, 1, 2, 3])
    func randomBatches(part: Int) {
        if let replay = ProcessInfo.processInfo.environment["FORMENGINE_TABLE_SEED"].flatMap(UInt64.init) {
            guard part == 0, var session = TableSession(seed: replay) else { return }
            let result = session.run(batches: 200)
            #expect(result.failure == nil, "\(result.failure ?? "")")
            return
        }
        var applied = 0
        var seed = 0x7AB1_E000 &+ UInt64(part) &* 10_000
        while applied < Self.batchCount / 4 {
            seed &+= 1
            guard var session = TableSession(seed: seed) else { continue }
            let result = session.run(batches: 100)
            applied += result.applied
            if let failure = result.failure {
                Issue.record("seed \(seed): \(failure)")
                return
            }
        }
        #expect(applied >= Self.batchCount / 4)
    }
}

/// One random form (with random policies) and a sequence of random batches and single value changes on it.
struct TableSession {
    var random: SplitMix64
    let form: Form
    var counter = 0

    static let inputs = ["k0", "k1", "k2", "k3"]

    init?(seed: UInt64) {
        random = SplitMix64(state: seed)
        var sections = [Section("inputs", rows: Self.inputs.map { Row($0, value: 0) })]
        var tags: [String] = []
        for section in 0..<Int.random(in: 2...6, using: &random) {
            var rows: [Row] = []
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                counter += 1
                tags.append("r\(counter)")
                rows.append(Row("r\(counter)"))
            }
            sections.append(Section("s\(section)", rows: rows))
        }
        for index in sections.indices.dropFirst() {
            sections[index].hidden = Bool.random(using: &random) ? nil : Self.inputCondition(&random)
            for row in sections[index].rows.indices {
                sections[index].rows[row].hidden = Self.condition(&random, tags: tags)
            }
        }
        counter += 100
        let options = FormOptions(
            hiddenValueInConditions: Bool.random(using: &random) ? .keep : .null,
            clearValueOnHide: Bool.random(using: &random) ? .none : .onHidden,
            hiddenIncludesSection: Bool.random(using: &random))
        guard let form = try? Form(FormDefinition(sections: sections, options: options)) else { return nil }
        self.form = form
    }

    static func inputCondition(_ random: inout SplitMix64) -> Condition {
        valueIs(inputs.randomElement(using: &random) ?? "k0", .int(Int64.random(in: 0...3, using: &random)))
    }

    /// No condition, an input's value, or another row's hidden flag (which may close a cycle: the action
    /// then fails and the form stays as it was).
    static func condition(_ random: inout SplitMix64, tags: [String]) -> Condition? {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: return nil
        case 3..<7: return inputCondition(&random)
        case 7, 8: return tags.randomElement(using: &random).map(hiddenFlag)
        default: return tags.randomElement(using: &random).map(shownFlag)
        }
    }

    var rowTags: [String] { form.allRowTags.filter { !Self.inputs.contains($0) } }
    var sectionTags: [String] { form.allSectionTags.filter { $0 != "inputs" } }

    mutating func newTag() -> String {
        counter += 1
        return "n\(counter)"
    }

    /// One random action.
    mutating func action(into batch: inout FormBatch) {
        let tags = rowTags
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<9:
            batch.setValue(
                .int(Int64.random(in: 0...3, using: &random)), for: Self.inputs.randomElement(using: &random) ?? "k0")
        case 9..<12:
            guard let tag = (tags + sectionTags).randomElement(using: &random) else { return }
            let condition =
                sectionTags.contains(tag) ? Self.inputCondition(&random) : Self.condition(&random, tags: tags)
            batch.setCondition(condition, .hidden, for: tag)
        case 12..<15:
            guard let section = sectionTags.randomElement(using: &random) else { return }
            let row = Row(newTag(), hidden: Self.condition(&random, tags: tags))
            let count = form.state.element(tagged: section).map { form.state.elements[$0.raw].rows.count } ?? 0
            batch.addRow(row, toSection: section, at: .index(Int.random(in: 0...count, using: &random)))
        case 15..<17:
            guard let tag = tags.randomElement(using: &random) else { return }
            batch.removeRow(tag)
        case 17, 18:
            var rows: [Row] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                rows.append(Row(newTag(), hidden: Self.condition(&random, tags: tags)))
            }
            let hidden = Bool.random(using: &random) ? nil : Self.inputCondition(&random)
            let index = Int.random(in: 1...form.allSectionTags.count, using: &random)
            batch.addSection(Section(newTag(), hidden: hidden, rows: rows), at: index)
        default:
            guard let tag = sectionTags.randomElement(using: &random) else { return }
            batch.removeSection(tag)
        }
    }

    /// Runs `batches` random batches; returns how many applied and the first inconsistency.
    mutating func run(batches: Int) -> (applied: Int, failure: String?) {
        var table = SimulatedTable(form)
        var applied = 0
        for step in 0..<batches {
            var actions = FormBatch()
            for _ in 0..<Int.random(in: 1...4, using: &random) { action(into: &actions) }
            let before = table
            let changes: FormChangeSet
            do {
                if Int.random(in: 0..<4, using: &random) == 0 {
                    // A single value change takes the engine's fast path.
                    changes = try form.setValue(
                        .int(Int64.random(in: 0...3, using: &random)),
                        for: Self.inputs.randomElement(using: &random) ?? "k0")
                } else {
                    let collected = actions
                    changes = try form.batch { $0 = collected }
                }
            } catch {
                guard table == SimulatedTable(form) else { return (applied, "a failed batch changed the form") }
                continue
            }
            applied += 1
            guard let update = changes.tableUpdate else { return (applied, "no table update") }
            let after = SimulatedTable(form)
            if let problem = table.apply(update, dataSource: after) {
                return (applied, "step \(step): \(problem)\n  before \(before)\n  after  \(after)\n  update \(update)")
            }
            guard table == after else {
                return (
                    applied,
                    "step \(step): table shows \(table)\n  form shows \(after)\n  before \(before)\n  update \(update)"
                )
            }
        }
        return (applied, nil)
    }
}
