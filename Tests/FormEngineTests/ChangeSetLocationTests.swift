// Change-set locations (kept in Fenwick trees of shown sections and rows) against a from-scratch count over
// the form's state before and after each change, in forms with many sections and many flips; the condition
// limit; and listeners, which hear only change sets that are not empty.
import Testing

@testable import FormEngine

@Suite("Change-set locations, limits and notifications")
struct ChangeSetLocationTests {
    /// The displayed flags of every section and row, by tag, in form order.
    struct Snapshot {
        var sections: [(tag: String, hidden: Bool, rows: [(tag: String, hidden: Bool)])] = []

        init(_ form: Form) {
            var rows = form.rowStates[...]
            for section in form.sectionStates {
                let count = section.tag.flatMap { form.rowCount(inSection: $0) } ?? 0
                let own = rows.prefix(count).map { (tag: $0.tag ?? "", hidden: $0.isHidden) }
                rows = rows.dropFirst(count)
                sections.append((section.tag ?? "", section.isHidden, own))
            }
        }

        /// Where `tag` is among the shown sections and rows; nil when it or its section is hidden.
        func location(of tag: String) -> FormChangeSet.Location? {
            var shownSections = 0
            for section in sections {
                if section.tag == tag { return section.hidden ? nil : FormChangeSet.Location(section: shownSections) }
                if let index = section.rows.firstIndex(where: { $0.tag == tag }) {
                    guard !section.hidden, !section.rows[index].hidden else { return nil }
                    let row = section.rows[..<index].filter { !$0.hidden }.count
                    return FormChangeSet.Location(section: shownSections, row: row)
                }
                if !section.hidden { shownSections += 1 }
            }
            return nil
        }
    }

    /// Checks every location of `changes`: hidden elements where they were before, the rest where they are now.
    static func checkLocations(_ changes: FormChangeSet, before: Snapshot, after: Snapshot) {
        for entry in changes.rowsHidden + changes.sectionsHidden {
            #expect(entry.location == before.location(of: entry.tag ?? ""), "hidden \(entry.tag ?? entry.path)")
        }
        for entry in changes.rowsShown + changes.sectionsShown + changes.valuesChanged + changes.enabled
            + changes.disabled
        {
            #expect(entry.location == after.location(of: entry.tag ?? ""), "\(entry.tag ?? entry.path)")
        }
    }

    /// `sections` sections of `rows` rows; row j of section i is hidden when input `k` (of 8) has a value
    /// matching its pattern, and every fifth section when input 0 is 3 or its first row is hidden.
    static func manySectionsForm(sections: Int, rows: Int) throws -> Form {
        var definition = [Section("inputs", rows: (0..<8).map { Row("k\($0)", value: 0) })]
        for section in 0..<sections {
            var sectionRows: [Row] = []
            for row in 0..<rows {
                let input = "k\((section &* 7 &+ row) % 8)"
                let value = Int64((section &+ row) % 4)
                sectionRows.append(Row("r\(section)_\(row)").hidden(valueIs(input, .int(value))))
            }
            var block = Section("s\(section)", rows: sectionRows)
            if section % 5 == 0 {
                block = block.hidden(
                    .function(["k0", "r\(section)_0.isHidden"]) { reader in
                        reader.value("k0") == 3 || reader.isHidden("r\(section)_0")
                    })
            }
            definition.append(block)
        }
        return try Form(FormDefinition(sections: definition), limits: FormLimits(maxConditions: 100_000))
    }

    /// Entries name their elements by index into tags the change set shares with the form; lists set by
    /// hand bring their own.
    @Test("a change set's lists carry their tags, after the form grows too, and lists set by hand keep theirs")
    func entriesCarryTheirTags() throws {
        let form = try Form(
            FormDefinition(sections: [
                Section(
                    "s",
                    rows: [
                        Row("a", value: 1), Row("b", hidden: .predicate("$a > 1")), Row(hidden: .predicate("$a < 2")),
                    ])
            ]))
        let changes = try form.setValue(2, for: "a")
        #expect(changes.valuesChanged.map(\.tag) == ["a"])
        #expect(changes.rowsHidden.map(\.tag) == ["b"])
        #expect(changes.rowsShown.map(\.tag) == [nil])
        #expect(changes.rowsShown.map(\.location) == [FormChangeSet.Location(section: 0, row: 1)])
        // The form's tags grow after the change set was made; the change set's do not change.
        try form.addRow(Row("c", hidden: .predicate("$a > 1")), toSection: "s")
        #expect(changes.rowsHidden.map(\.tag) == ["b"])
        var edited = changes
        edited.rowsShown = [FormChangeSet.ElementChange(tag: "z", sectionIndex: 0, rowIndex: 5)]
        #expect(edited.rowsShown.map(\.tag) == ["z"])
        #expect(edited.rowsHidden.map(\.tag) == ["b"])
        #expect(edited != changes)
        // Set back: equal (and equally hashed) although it now holds one more tag.
        edited.rowsShown = changes.rowsShown
        #expect(edited == changes)
        #expect(edited.hashValue == changes.hashValue)
    }

    @Test("locations after many flips across many sections match a from-scratch count", arguments: [1, 2, 3])
    func manyFlips(seed: UInt64) throws {
        let form = try Self.manySectionsForm(sections: 40, rows: 12)
        var random = SplitMix64(state: seed)
        var before = Snapshot(form)
        var flips = 0
        for step in 0..<150 {
            let changes: FormChangeSet
            if step % 4 == 3 {
                changes = try form.batch { batch in
                    for _ in 0..<3 {
                        batch.setValue(
                            .int(Int64.random(in: 0..<4, using: &random)),
                            for: "k\(Int.random(in: 0..<8, using: &random))")
                    }
                }
            } else {
                changes = try form.setValue(
                    .int(Int64.random(in: 0..<4, using: &random)), for: "k\(Int.random(in: 0..<8, using: &random))")
            }
            let after = Snapshot(form)
            Self.checkLocations(changes, before: before, after: after)
            flips += changes.rowsHidden.count + changes.rowsShown.count + changes.sectionsHidden.count
            before = after
        }
        #expect(flips > 500)
    }

    @Test("hiding a 1,000-row chain in one change reports every row at its position before the change")
    func longChain() throws {
        var rows = [Row("c0", value: 0), Row("c1").hidden(valueIs("c0", 1))]
        for index in 2...1_000 { rows.append(Row("c\(index)").hidden(hiddenFlag("c\(index - 1)"))) }
        let form = try Form(
            FormDefinition(sections: [Section("chain", rows: rows)]), limits: FormLimits(maxConditions: 100_000))
        let hide = try form.setValue(1, for: "c0")
        #expect(hide.rowsHidden.count == 1_000)
        #expect(hide.rowsHidden.map(\.location) == (1...1_000).map { FormChangeSet.Location(section: 0, row: $0) })
        let show = try form.setValue(0, for: "c0")
        #expect(show.rowsShown.map(\.location) == (1...1_000).map { FormChangeSet.Location(section: 0, row: $0) })
    }

    @Test("locations stay right when a batch inserts a section (inserted elements were not shown before)")
    func structuralBatch() throws {
        let form = try Self.manySectionsForm(sections: 6, rows: 4)
        let before = Snapshot(form)
        let changes = try form.batch { batch in
            batch.addSection(Section("new", rows: [Row("n0"), Row("n1").hidden(valueIs("k1", 2))]), at: 2)
            batch.setValue(3, for: "k1")  // hides r1_2
            batch.setValue(3, for: "k0")  // hides section 5 (section 0 is hidden from the start)
        }
        Self.checkLocations(changes, before: before, after: Snapshot(form))
        #expect(changes.hiddenTags.contains("r1_2"))
        #expect(changes.sectionsHiddenTags == ["s5"])
    }

    // MARK: Limits

    @Test(
        "maxConditions counts written conditions only",
        arguments: [
            (rows: 5_000, conditional: 0, builds: true), (rows: 5_000, conditional: 5_000, builds: true),
            (rows: 10_000, conditional: 10_000, builds: true), (rows: 10_001, conditional: 10_001, builds: false),
        ])
    func conditionLimit(rows: Int, conditional: Int, builds: Bool) {
        let definition = FormDefinition(sections: [
            Section(
                "s",
                rows: (0..<rows).map { index in
                    index < conditional ? Row("r\(index)").hidden(valueIs("r0", 1)) : Row("r\(index)")
                })
        ])
        let result = Result { () throws(FormError) in
            try Form(definition, limits: FormLimits(maxDependencyEdges: 1_000_000))
        }
        switch result {
        case .success: #expect(builds)
        case .failure(let error):
            #expect(!builds)
            #expect(error.kind == .formTooLarge)
        }
    }

    @Test("removing a condition that was true makes it false (absent conditions are not in the graph)")
    func removeTrueCondition() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden(valueIs("a", 1))
            }
        }
        #expect(form["b"]?.isHidden == true)
        let changes = try form.setCondition(nil, .hidden, for: "b")
        #expect(changes.shownTags == ["b"])
        #expect(changes.rowsShown.first?.location == FormChangeSet.Location(section: 0, row: 1))
        #expect(form["b"]?.isHidden == false)
    }

    // MARK: Notifications

    @Test("listeners hear no empty change set: same value, net-empty batch, empty queued action")
    func noEmptyNotifications() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 0)
                Row("b").hidden(valueIs("a", 1))
                Row("c", value: 0)
            }
        }
        var received: [FormChangeSet] = []
        form.addListener { received.append($0) }
        #expect(try form.setValue(0, for: "a").isEmpty)
        #expect(
            try form.batch { batch in
                batch.setValue(1, for: "a")
                batch.setValue(0, for: "a")
            }.isEmpty)
        #expect(received.isEmpty)
        var queued = false
        form.addListener { [unowned form] _ in
            guard !queued else { return }
            queued = true
            _ = try? form.setValue(0, for: "c")  // c is already 0: applied later, changes nothing
        }
        try form.setValue(1, for: "a")
        #expect(received.count == 1)
        #expect(received.first?.hiddenTags == ["b"])
        #expect(queued)
    }
}

extension Form {
    /// The number of rows (hidden included) of the section tagged `tag`.
    fileprivate func rowCount(inSection tag: String) -> Int? {
        guard let section = state.element(tagged: tag) else { return nil }
        return state.elements[section.raw].rows.count
    }
}
