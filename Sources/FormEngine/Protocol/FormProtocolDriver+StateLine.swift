// FormProtocolDriver+StateLine: the JSON state line of `predc form run`. The keys the conformance runner
// reads come first, unchanged (visible and all sections and rows, flags, invalid rows, values, the own-flag
// `changes`, `evaluated`, `dependents`); after them what a UI or a person debugging a form wants: every
// flip and edit of the change (`changes` also lists enabled/disabled, required/optional, values, inserted
// and removed elements), each with its path and position (`positions`), the change as a table view's batch
// update (`table`), the validation messages (`validation`) and the condition warnings (`warnings`).

extension FormProtocolDriver {
    /// The state of the form after a change (`changes`), with an `error` member if the action failed.
    func stateLine(changes: FormChangeSet, error: FormError?) -> String {
        guard let form else { return "" }
        var hidden: [String: Bool] = [:]
        var disabled: [String: Bool] = [:]
        var effectiveDisabled: [String: Bool] = [:]
        var required: [String: Bool] = [:]
        for section in form.sectionStates {
            guard let tag = section.tag else { continue }
            hidden[tag] = section.isHidden
            disabled[tag] = section.isDisabled
        }
        for row in form.rowStates {
            guard let tag = row.tag else { continue }
            hidden[tag] = row.isHidden
            disabled[tag] = row.isDisabled
            effectiveDisabled[tag] = row.isEffectivelyDisabled
            required[tag] = row.isRequired
        }
        let failures = form.validate()
        var invalid: [String] = []
        for failure in failures {
            let name = failure.tag ?? failure.path
            if invalid.last != name { invalid.append(name) }
        }
        let lists = Self.lists(of: changes)
        let name: (FormChangeSet.ElementChange) -> String = { $0.tag ?? $0.path }
        var members: [(String, String)] = [
            ("visibleSections", JSONOutput.strings(form.visibleSectionTags)),
            ("visibleRows", JSONOutput.strings(form.visibleRowTags)),
            ("allSections", JSONOutput.strings(form.allSectionTags)),
            ("allRows", JSONOutput.strings(form.allRowTags)),
            ("hidden", JSONOutput.bools(hidden)),
            ("disabled", JSONOutput.bools(disabled)),
            ("effectiveDisabled", JSONOutput.bools(effectiveDisabled)),
            ("required", JSONOutput.bools(required)),
            ("invalid", JSONOutput.strings(invalid)),
            ("values", JSONOutput.values(form.values())),
            ("valuesIncludingHidden", JSONOutput.values(form.valuesIncludingHidden())),
            ("changes", JSONOutput.object(lists.map { ($0.0, JSONOutput.strings($0.1.map(name))) })),
            ("evaluated", JSONOutput.strings(changes.evaluated.map(\.description))),
            ("dependents", JSONOutput.map(dependents(form))),
            ("positions", JSONOutput.object(lists.filter { !$0.1.isEmpty }.map { ($0.0, Self.positions($0.1)) })),
            ("table", changes.tableUpdate.map(Self.table) ?? "null"),
            ("validation", "[" + failures.map(Self.validation).joined(separator: ",") + "]"),
            ("warnings", "[" + form.warnings.map(Self.warning).joined(separator: ",") + "]"),
        ]
        if let error { members.append(("error", Self.errorObject(error))) }
        return JSONOutput.object(members)
    }

    /// The change set's lists by name, in the order they are printed.
    static func lists(of changes: FormChangeSet) -> [(String, [FormChangeSet.ElementChange])] {
        [
            ("rowsShown", changes.rowsShown), ("rowsHidden", changes.rowsHidden),
            ("sectionsShown", changes.sectionsShown), ("sectionsHidden", changes.sectionsHidden),
            ("enabled", changes.enabled), ("disabled", changes.disabled),
            ("becameRequired", changes.becameRequired), ("becameOptional", changes.becameOptional),
            ("valuesChanged", changes.valuesChanged), ("inserted", changes.inserted), ("removed", changes.removed),
        ]
    }

    /// `[{"tag", "path", "location": [section, row] | [section] | null}, ...]`.
    static func positions(_ entries: [FormChangeSet.ElementChange]) -> String {
        let objects = entries.map { entry in
            var members: [(String, String)] = []
            if let tag = entry.tag { members.append(("tag", JSONOutput.quoted(tag))) }
            members.append(("path", JSONOutput.quoted(entry.path)))
            members.append(("location", entry.location.map(location) ?? "null"))
            return JSONOutput.object(members)
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    static func location(_ location: FormChangeSet.Location) -> String {
        location.row.map { "[\(location.section),\($0)]" } ?? "[\(location.section)]"
    }

    /// `{"deletedSections", "insertedSections", "deletedRows": [[section, row], ...], "insertedRows"}`.
    static func table(_ update: FormTableUpdate) -> String {
        let rows: ([FormTableUpdate.RowPosition]) -> String = { positions in
            "[" + positions.map { "[\($0.section),\($0.row)]" }.joined(separator: ",") + "]"
        }
        let sections: ([Int]) -> String = { "[" + $0.map(String.init).joined(separator: ",") + "]" }
        return JSONOutput.object([
            ("deletedSections", sections(update.deletedSections)),
            ("insertedSections", sections(update.insertedSections)),
            ("deletedRows", rows(update.deletedRows)), ("insertedRows", rows(update.insertedRows)),
        ])
    }

    /// `{"tag", "path", "kind", "message"}`.
    static func validation(_ failure: ValidationError) -> String {
        var members: [(String, String)] = []
        if let tag = failure.tag { members.append(("tag", JSONOutput.quoted(tag))) }
        members += [
            ("path", JSONOutput.quoted(failure.path)), ("kind", JSONOutput.quoted(failure.kind.rawValue)),
            ("message", JSONOutput.quoted(failure.message)),
        ]
        return JSONOutput.object(members)
    }

    /// `{"id", "message", "path", "line", "column"}` (position inside the condition).
    static func warning(_ problem: FormCheckProblem) -> String {
        var members: [(String, String)] = [
            ("id", JSONOutput.quoted(problem.id)), ("message", JSONOutput.quoted(problem.message)),
            ("path", JSONOutput.quoted(problem.path)),
        ]
        if let location = problem.location {
            members.append(("line", String(location.line)))
            members.append(("column", String(location.column)))
        }
        return JSONOutput.object(members)
    }

    /// The observer map as names: `"tag.value" -> ["other.hidden", ...]`.
    func dependents(_ form: Form) -> [String: String] {
        var map: [String: String] = [:]
        for (input, readers) in form.dependencyGraph.readers {
            map[input.description] = JSONOutput.strings(readers.map(\.description))
        }
        return map
    }

    /// `{"kind", "message", "path", "line", "column", "cycle", "problems"}` (absent parts left out).
    static func errorObject(_ error: FormError) -> String {
        var members: [(String, String)] = [
            ("kind", JSONOutput.quoted(error.kind.rawValue)), ("message", JSONOutput.quoted(error.message)),
        ]
        if !error.path.isEmpty { members.append(("path", JSONOutput.quoted(error.path))) }
        if let location = error.location {
            members.append(("line", String(location.line)))
            members.append(("column", String(location.column)))
        }
        if !error.cycle.isEmpty { members.append(("cycle", JSONOutput.strings(error.cycle))) }
        if !error.problems.isEmpty {
            members.append(("problems", "[" + error.problems.map(warning).joined(separator: ",") + "]"))
        }
        return JSONOutput.object(members)
    }
}
