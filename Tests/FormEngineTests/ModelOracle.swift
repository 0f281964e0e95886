// The oracle of the model-based test: a plain description of the form (sections, rows, templates,
// values) evaluated from scratch by naive fixed-point iteration, with the policies written out
// directly from their definitions. Shares no code with the engine.
@testable import FormEngine

struct OracleRow {
    var id: Int
    var tag: String?
    var position: Int
    var value: Value
    var hidden: Template?
    var disabled: Template?
    var required: Template?
}

struct OracleSection {
    var id: Int
    var tag: String
    var position: Int
    var hidden: Template?
    var disabled: Template?
    var rows: [OracleRow]
}

/// One element's evaluated flags.
struct OracleFlags: Equatable {
    var hidden = false
    var disabled = false
    var required = false
}

struct Oracle {
    var options: FormOptions
    var sections: [OracleSection]

    /// Own results by element id, at the fixed point for the current values.
    func evaluate() -> [Int: OracleFlags] {
        var flags: [Int: OracleFlags] = [:]
        let all = sections.flatMap { section in [section.id] + section.rows.map(\.id) }
        for id in all { flags[id] = OracleFlags() }
        for _ in 0...(all.count * 3 + 2) {
            var next = flags
            for section in sections {
                next[section.id]?.hidden = run(section.hidden, flags)
                next[section.id]?.disabled = run(section.disabled, flags)
                for row in section.rows {
                    next[row.id] = OracleFlags(
                        hidden: run(row.hidden, flags), disabled: run(row.disabled, flags),
                        required: run(row.required, flags))
                }
            }
            if next == flags { return flags }
            flags = next
        }
        return flags
    }

    private func run(_ template: Template?, _ flags: [Int: OracleFlags]) -> Bool {
        guard let template else { return false }
        return template.evaluate(
            value: { valueSeen($0, flags) }, hidden: { hiddenSeen($0, flags) },
            disabled: { disabledSeen($0, flags) })
    }

    func locate(_ tag: String) -> (section: OracleSection, row: OracleRow?)? {
        for section in sections {
            if section.tag == tag { return (section, nil) }
            if let row = section.rows.first(where: { $0.tag == tag }) { return (section, row) }
        }
        return nil
    }

    func valueSeen(_ tag: String, _ flags: [Int: OracleFlags]) -> Value {
        guard let (section, row) = locate(tag), let row else { return .null }
        if options.hiddenValueInConditions == .null,
            flags[row.id]?.hidden == true || flags[section.id]?.hidden == true
        {
            return .null
        }
        return row.value
    }

    func hiddenSeen(_ tag: String, _ flags: [Int: OracleFlags]) -> Bool {
        guard let (section, row) = locate(tag) else { return false }
        guard let row else { return flags[section.id]?.hidden ?? false }
        return reportedHidden(row: row, section: section, flags)
    }

    func reportedHidden(row: OracleRow, section: OracleSection, _ flags: [Int: OracleFlags]) -> Bool {
        let own = flags[row.id]?.hidden ?? false
        return options.hiddenIncludesSection ? own || (flags[section.id]?.hidden ?? false) : own
    }

    func disabledSeen(_ tag: String, _ flags: [Int: OracleFlags]) -> Bool {
        guard let (section, row) = locate(tag) else { return false }
        return flags[row?.id ?? section.id]?.disabled ?? false
    }

    /// After an action: evaluate, and with clearValueOnHide clear rows that are hidden now and were
    /// not when the transaction started (`hiddenAtStart` by row id; rows new in it are never cleared).
    mutating func settle(hiddenAtStart: [Int: Bool]) -> [Int: OracleFlags] {
        while true {
            let flags = evaluate()
            guard options.clearValueOnHide == .onHidden else { return flags }
            var cleared = false
            for sectionIndex in sections.indices {
                for rowIndex in sections[sectionIndex].rows.indices {
                    let row = sections[sectionIndex].rows[rowIndex]
                    if flags[row.id]?.hidden == true, hiddenAtStart[row.id] == false, !row.value.isNull {
                        sections[sectionIndex].rows[rowIndex].value = .null
                        cleared = true
                    }
                }
            }
            if !cleared { return flags }
        }
    }

    func values(includeHidden: Bool, _ flags: [Int: OracleFlags]) -> [String: Value] {
        var result: [String: Value] = [:]
        for section in sections where includeHidden || flags[section.id]?.hidden == false {
            for row in section.rows where includeHidden || flags[row.id]?.hidden == false {
                if let tag = row.tag { result[tag] = row.value }
            }
        }
        return result
    }

    /// The definition the engine is built from.
    func definition(_ mode: ConditionMode) -> FormDefinition {
        FormDefinition(
            sections: sections.map { section in
                Section(
                    section.tag, hidden: section.hidden?.condition(mode), disabled: section.disabled?.condition(mode),
                    rows: section.rows.map { row($0, mode) })
            }, options: options)
    }

    func row(_ row: OracleRow, _ mode: ConditionMode) -> Row {
        Row(
            row.tag, value: row.value, hidden: row.hidden?.condition(mode), disabled: row.disabled?.condition(mode),
            required: row.required?.condition(mode))
    }
}
