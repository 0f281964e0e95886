// Actions of the model-based session: drawn at random from the current oracle state, applied to the
// engine and to the oracle, then the full states (and the change set) are compared.
import Testing

@testable import FormEngine

enum ModelAction: CustomStringConvertible {
    case set([(String, Value)])
    case setUnknown(String)
    case setCondition(String, ConditionProperty, Template?)
    case addRow(String, OracleRow, Int)
    case removeRow(String)
    case addSection(OracleSection, Int)
    case removeSection(String)

    var mustFail: Bool {
        if case .setUnknown = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .set(let pairs): "set \(pairs.map { "\($0.0)=\($0.1)" })"
        case .setUnknown(let tag): "set unknown \(tag)"
        case .setCondition(let tag, let property, let template):
            "setCondition \(tag).\(property) = \(template.map(String.init(describing:)) ?? "nil")"
        case .addRow(let section, let row, let index): "addRow \(row.tag ?? "<untagged>") to \(section) at \(index)"
        case .removeRow(let tag): "removeRow \(tag)"
        case .addSection(let section, let index):
            "addSection \(section.tag) at \(index) rows \(section.rows.map { $0.tag ?? "-" })"
        case .removeSection(let tag): "removeSection \(tag)"
        }
    }
}

extension ModelSession {
    var taggedRows: [OracleRow] { oracle.sections.flatMap(\.rows).filter { $0.tag != nil } }

    mutating func nextAction() -> ModelAction? {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<45:
            guard let row = taggedRows.randomElement(using: &random), let tag = row.tag else { return nil }
            return .set([(tag, randomValue())])
        case 45..<53:
            var pairs: [String: Value] = [:]
            for _ in 0..<3 { if let tag = taggedRows.randomElement(using: &random)?.tag { pairs[tag] = randomValue() } }
            return pairs.isEmpty ? nil : .set(pairs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        case 53..<56:
            return .setUnknown("nope\(Int.random(in: 0..<3, using: &random))")
        case 56..<70:
            let sections = oracle.sections
            guard let section = sections.randomElement(using: &random) else { return nil }
            if chance(30) || section.rows.isEmpty {
                let property: ConditionProperty = chance(50) ? .hidden : .disabled
                return .setCondition(section.tag, property, maybeTemplate(below: section.position))
            }
            guard let row = section.rows.filter({ $0.tag != nil }).randomElement(using: &random), let tag = row.tag
            else { return nil }
            let property = ConditionProperty.allCases.randomElement(using: &random) ?? .hidden
            return .setCondition(tag, property, maybeTemplate(below: row.position))
        case 70..<80:
            guard let section = oracle.sections.randomElement(using: &random), let row = makeRow(in: section.position)
            else { return nil }
            return .addRow(section.tag, row, Int.random(in: 0...section.rows.count, using: &random))
        case 80..<88:
            guard let tag = taggedRows.randomElement(using: &random)?.tag else { return nil }
            return .removeRow(tag)
        case 88..<95:
            let used = usedPositions
            guard let position = Self.sectionPositions.subtracting(used).randomElement(using: &random) else {
                return nil
            }
            return .addSection(makeSection(at: position), Int.random(in: 0...oracle.sections.count, using: &random))
        default:
            guard oracle.sections.count > 1, let section = oracle.sections.randomElement(using: &random) else {
                return nil
            }
            return .removeSection(section.tag)
        }
    }

    func apply(_ actions: [ModelAction]) throws -> FormChangeSet {
        guard let form else { return FormChangeSet() }
        if actions.count == 1, let action = actions.first, case .set(let pairs) = action {
            return pairs.count == 1
                ? try form.setValue(pairs[0].1, for: pairs[0].0)
                : try form.setValues(Dictionary(pairs, uniquingKeysWith: { $1 }))
        }
        return try form.batch { batch in
            for action in actions {
                switch action {
                case .set(let pairs): for (tag, value) in pairs { batch.setValue(value, for: tag) }
                case .setUnknown(let tag): batch.setValue(1, for: tag)
                case .setCondition(let tag, let property, let template):
                    batch.setCondition(template?.condition(mode), property, for: tag)
                case .addRow(let section, let row, let index):
                    batch.addRow(oracle.row(row, mode), toSection: section, at: .index(index))
                case .removeRow(let tag): batch.removeRow(tag)
                case .addSection(let section, let index):
                    batch.addSection(
                        Oracle(options: oracle.options, sections: [section]).definition(mode).sections[0], at: index)
                case .removeSection(let tag): batch.removeSection(tag)
                }
            }
        }
    }

    mutating func applyToOracle(_ action: ModelAction) {
        switch action {
        case .set(let pairs):
            for (tag, value) in pairs { updateRow(tag) { $0.value = value } }
        case .setUnknown:
            break
        case .setCondition(let tag, let property, let template):
            if let index = oracle.sections.firstIndex(where: { $0.tag == tag }) {
                if property == .hidden {
                    oracle.sections[index].hidden = template
                } else {
                    oracle.sections[index].disabled = template
                }
            } else {
                updateRow(tag) { row in
                    switch property {
                    case .hidden: row.hidden = template
                    case .disabled: row.disabled = template
                    case .required: row.required = template
                    }
                }
            }
        case .addRow(let sectionTag, let row, let index):
            if let section = oracle.sections.firstIndex(where: { $0.tag == sectionTag }) {
                oracle.sections[section].rows.insert(row, at: index)
            }
        case .removeRow(let tag):
            for section in oracle.sections.indices { oracle.sections[section].rows.removeAll { $0.tag == tag } }
        case .addSection(let section, let index):
            oracle.sections.insert(section, at: index)
        case .removeSection(let tag):
            oracle.sections.removeAll { $0.tag == tag }
        }
    }

    private mutating func updateRow(_ tag: String, _ change: (inout OracleRow) -> Void) {
        for section in oracle.sections.indices {
            if let row = oracle.sections[section].rows.firstIndex(where: { $0.tag == tag }) {
                change(&oracle.sections[section].rows[row])
            }
        }
    }

    // MARK: Comparing

    mutating func compare(_ flags: [Int: OracleFlags], changes: FormChangeSet?, before: (Oracle, [Int: OracleFlags])?) {
        guard let form else { return }
        var problems: [String] = []
        let expectedRows = oracle.sections.flatMap { section in section.rows.map { (section, $0) } }
        let rows = form.rowStates
        if rows.count != expectedRows.count { problems.append("row count \(rows.count) != \(expectedRows.count)") }
        for (state, (section, row)) in zip(rows, expectedRows) {
            let own = flags[row.id] ?? OracleFlags()
            let sectionFlags = flags[section.id] ?? OracleFlags()
            let hidden = oracle.reportedHidden(row: row, section: section, flags)
            let name = row.tag ?? state.path
            if state.tag != row.tag { problems.append("row tag \(state.tag ?? "-") != \(row.tag ?? "-")") }
            if !state.value.isIdentical(to: row.value) {
                problems.append("\(name).value \(state.value) != \(row.value)")
            }
            if state.isHidden != hidden { problems.append("\(name).hidden \(state.isHidden) != \(hidden)") }
            if state.isDisplayed != (!own.hidden && !sectionFlags.hidden) { problems.append("\(name).displayed") }
            if state.isDisabled != own.disabled {
                problems.append("\(name).disabled \(state.isDisabled) != \(own.disabled)")
            }
            if state.isEffectivelyDisabled != (own.disabled || sectionFlags.disabled) {
                problems.append("\(name).effectiveDisabled")
            }
            if state.isRequired != own.required {
                problems.append("\(name).required \(state.isRequired) != \(own.required)")
            }
        }
        let sections = form.sectionStates
        if sections.map(\.tag) != oracle.sections.map(\.tag) { problems.append("sections \(sections.map(\.tag))") }
        for (state, section) in zip(sections, oracle.sections) {
            let own = flags[section.id] ?? OracleFlags()
            if state.isHidden != own.hidden {
                problems.append("\(section.tag).hidden \(state.isHidden) != \(own.hidden)")
            }
            if state.isDisabled != own.disabled { problems.append("\(section.tag).disabled") }
        }
        if form.values() != oracle.values(includeHidden: false, flags) { problems.append("values()") }
        if form.valuesIncludingHidden() != oracle.values(includeHidden: true, flags) {
            problems.append("valuesIncludingHidden()")
        }
        if let changes, let (oldOracle, oldFlags) = before {
            problems += compareChanges(changes, flags: flags, oldOracle: oldOracle, oldFlags: oldFlags)
        }
        if !problems.isEmpty { fail(problems.prefix(8).joined(separator: ", ")) }
    }

    func compareChanges(
        _ changes: FormChangeSet, flags: [Int: OracleFlags], oldOracle: Oracle, oldFlags: [Int: OracleFlags]
    )
        -> [String]
    {
        var oldHidden: [Int: Bool] = [:]
        for section in oldOracle.sections {
            oldHidden[section.id] = oldFlags[section.id]?.hidden ?? false
            for row in section.rows {
                oldHidden[row.id] = oldOracle.reportedHidden(row: row, section: section, oldFlags)
            }
        }
        var shown: Set<String> = []
        var hidden: Set<String> = []
        var sectionsShown: Set<String> = []
        var sectionsHidden: Set<String> = []
        for section in oracle.sections {
            if let was = oldHidden[section.id], was != (flags[section.id]?.hidden ?? false) {
                if was { sectionsShown.insert(section.tag) } else { sectionsHidden.insert(section.tag) }
            }
            for row in section.rows {
                guard let tag = row.tag, let was = oldHidden[row.id] else { continue }
                let now = oracle.reportedHidden(row: row, section: section, flags)
                if was != now { if was { shown.insert(tag) } else { hidden.insert(tag) } }
            }
        }
        var problems: [String] = []
        if Set(changes.shownTags) != shown { problems.append("rowsShown \(changes.shownTags) != \(shown.sorted())") }
        if Set(changes.hiddenTags) != hidden {
            problems.append("rowsHidden \(changes.hiddenTags) != \(hidden.sorted())")
        }
        if Set(changes.sectionsShownTags) != sectionsShown { problems.append("sectionsShown") }
        if Set(changes.sectionsHiddenTags) != sectionsHidden { problems.append("sectionsHidden") }
        problems += compareLocations(changes, flags: flags, oldOracle: oldOracle, oldFlags: oldFlags)
        return problems
    }

    /// Every location in the change set against a from-scratch count over the oracle's sections: hidden
    /// elements where they were when the transaction started (the structure and flags of that time, so
    /// elements the transaction removed still count and the ones it inserted do not), everything else
    /// where it is now. Removed elements are checked by the table-update tests.
    func compareLocations(
        _ changes: FormChangeSet, flags: [Int: OracleFlags], oldOracle: Oracle, oldFlags: [Int: OracleFlags]
    )
        -> [String]
    {
        /// Where the element with `id` is among the shown sections and rows of `sections`.
        func locate(_ id: Int, in sections: [OracleSection], hidden: (Int) -> Bool) -> FormChangeSet.Location? {
            var sectionIndex = 0
            for section in sections {
                if section.id == id { return hidden(id) ? nil : FormChangeSet.Location(section: sectionIndex) }
                if let index = section.rows.firstIndex(where: { $0.id == id }) {
                    guard !hidden(section.id), !hidden(id) else { return nil }
                    let row = section.rows[..<index].filter { !hidden($0.id) }.count
                    return FormChangeSet.Location(section: sectionIndex, row: row)
                }
                if !hidden(section.id) { sectionIndex += 1 }
            }
            return nil
        }
        func expected(_ entry: FormChangeSet.ElementChange, before: Bool) -> FormChangeSet.Location?? {
            guard oracle.sections.indices.contains(entry.sectionIndex) else { return .none }
            let section = oracle.sections[entry.sectionIndex]
            var id = section.id
            if let rowIndex = entry.rowIndex {
                guard section.rows.indices.contains(rowIndex) else { return .none }
                id = section.rows[rowIndex].id
            }
            if before { return .some(locate(id, in: oldOracle.sections) { oldFlags[$0]?.hidden ?? false }) }
            return .some(locate(id, in: oracle.sections) { flags[$0]?.hidden ?? false })
        }
        let lists: [(String, [FormChangeSet.ElementChange], Bool)] = [
            ("rowsHidden", changes.rowsHidden, true), ("sectionsHidden", changes.sectionsHidden, true),
            ("rowsShown", changes.rowsShown, false), ("sectionsShown", changes.sectionsShown, false),
            ("enabled", changes.enabled, false), ("disabled", changes.disabled, false),
            ("becameRequired", changes.becameRequired, false), ("becameOptional", changes.becameOptional, false),
            ("valuesChanged", changes.valuesChanged, false), ("inserted", changes.inserted, false),
        ]
        var problems: [String] = []
        for (name, entries, before) in lists {
            for entry in entries {
                guard let location = expected(entry, before: before) else {
                    problems.append("\(name) \(entry.path): no such element")
                    continue
                }
                if entry.location != location {
                    problems.append(
                        "\(name) \(entry.path) location \(entry.location.map(\.description) ?? "nil") != \(location.map(\.description) ?? "nil")"
                    )
                }
            }
        }
        return problems
    }
}
