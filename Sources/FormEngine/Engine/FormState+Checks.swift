// FormState+Checks: what is wrong with the conditions as compiled — a `$tag` that names no row or
// section (with the closest tag as a suggestion), and what the schema checker finds against the form's
// schema (FormState+Schema): a comparison that can never succeed (`$age == 'eighteen'` when `age` holds a
// number), an operator on the wrong kind of value (`$age BEGINSWITH 'a'`). Building a form runs them
// over every condition, an action over the conditions it adds; FormOptions.conditionProblems decides
// whether a problem fails the build or the action, or is only reported (Form.warnings, which runs them
// again over the form as it is). They read the compiled trees; nothing here runs on a value change.

extension FormState {
    /// The problems of every live element's conditions and validation rules, in form order.
    func conditionProblems(severity: Severity) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        // One schema for the whole form, built once; an action checks against its conditions' reads.
        let schema = checkingSchema()
        for section in sections {
            problems.append(found: self.problems(of: section, severity: severity, schema: schema))
            for row in elements[section.raw].rows {
                problems.append(found: self.problems(of: row, severity: severity, schema: schema))
            }
        }
        return problems
    }

    /// The problems of one element's conditions and validation rules.
    func problems(of element: ElementID, severity: Severity, schema: Schema? = nil) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        for property in ConditionProperty.allCases where property != .required || elements[element.raw].isRow {
            problems.append(found: self.problems(of: element.condition(property), severity: severity, schema: schema))
        }
        for (index, rule) in elements[element.raw].validations.enumerated() {
            guard case .predicate(let program) = rule.body,
                program.tree.dependencies.variables.contains(where: { !isBound(name: $0.name) })
            else { continue }
            problems.append(
                found: unknownTags(in: program, path: "\(path(of: element)).validations[\(index)]", severity: severity))
        }
        return problems
    }

    /// The problems of one condition: unknown tags, then type mismatches. A condition without problems
    /// costs a look at its reads and a walk over its comparisons; paths and messages are made only for
    /// problems.
    func problems(of condition: ConditionID, severity: Severity, schema: Schema? = nil) -> [FormCheckProblem] {
        // Read in place: a copy of the condition retains its program, its source and its reads.
        guard conditions[condition.raw].source != nil else { return [] }
        var problems: [FormCheckProblem] = []
        switch conditions[condition.raw].body {
        case .constant:
            break
        case .function:
            for read in conditions[condition.raw].reads where !isBound(read.slot) {
                problems.append(unknownTag(tagName(read.slot), path: "", severity: severity))
            }
        case .predicate(let program):
            if readsUnboundTag(conditions[condition.raw].reads) {
                problems.append(found: unknownTags(in: program, path: "", severity: severity))
            }
            typeMismatches(
                in: program, reads: conditions[condition.raw].reads, schema: schema, severity: severity,
                into: &problems)
        }
        guard !problems.isEmpty else { return [] }
        let path = "\(path(of: condition.element)).\(condition.property.rawValue)"
        for index in problems.indices { problems[index].path = path }
        return problems
    }

    /// Whether a live element has the slot's tag.
    private func isBound(_ slot: Slot) -> Bool {
        slotElement.indices.contains(slot.index) && slotElement[slot.index] != nil
    }

    // Loops rather than `contains(where:)`: a closure that calls a method of the state captures a copy
    // of all of it, once per condition checked.

    /// Whether one of `reads` names a tag no live element has.
    private func readsUnboundTag(_ reads: SlotReads) -> Bool {
        for read in reads where !isBound(read.slot) { return true }
        return false
    }

    /// Whether one of `reads` has a type the schema checker can check (``isTyped(_:)``).
    private func readsTypedValue(_ reads: SlotReads) -> Bool {
        for read in reads where isTyped(read) { return true }
        return false
    }

    /// Whether a live element has `tag`.
    private func isBound(name tag: String) -> Bool {
        slotIndex(of: tag).map { isBound(Slot($0)) } ?? false
    }

    private func tagName(_ slot: Slot) -> String {
        tags.strings.indices.contains(slot.index) ? tags.strings[slot.index] : "?"
    }

    /// The `$tags` of a predicate that name no live element, each positioned in the predicate's text.
    private func unknownTags(in program: CompiledPredicate, path: String, severity: Severity) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        var reported: [String] = []
        for read in program.tree.dependencies.variables where !reported.contains(read.name) {
            guard let slot = slotIndex(of: read.name).map(Slot.init), !isBound(slot) else { continue }
            reported.append(read.name)
            var problem = unknownTag(read.name, path: path, severity: severity)
            problem.conditionText = program.source.text
            problem.range = read.range
            problem.location = program.source.location(of: read.range.lowerBound)
            problems.append(problem)
        }
        return problems
    }

    private func unknownTag(_ tag: String, path: String, severity: Severity) -> FormCheckProblem {
        var message = "unknown tag '\(tag)'"
        if let suggestion = closestTag(to: tag) { message += "; did you mean '\(suggestion)'?" }
        return FormCheckProblem(severity, id: "unknown-tag", message: message, path: path)
    }

    /// The tag of a live element closest to `tag`, if it is close enough to be a typo.
    func closestTag(to tag: String) -> String? {
        let known = tags.strings.indices.lazy.filter { isBound(Slot($0)) }.map { tags.strings[$0] }
        return Suggestion.closest(to: tag, among: known)
    }

    // MARK: Types

    /// The errors the schema checker finds in a predicate checked against the schema of the elements it
    /// reads (FormState+Schema): comparisons that can never succeed, operators on the wrong kind of
    /// value, keys a value does not have. A condition that reads only the values of elements whose values
    /// are nil is not walked. The checker's warnings (a flag compared with nil) are not form problems.
    /// `schema` is the whole form's when the caller built it; else one is built from the reads.
    private func typeMismatches(
        in program: CompiledPredicate, reads: SlotReads, schema: Schema?, severity: Severity,
        into problems: inout [FormCheckProblem]
    ) {
        guard readsTypedValue(reads) else { return }
        let schema = schema ?? self.schema(reads: reads)
        // Every condition is stored as written; the schema describes its rows, read with XLForm's rule.
        let diagnostics = schema.diagnostics(for: program.tree, readsRowValues: true)
        for diagnostic in diagnostics where diagnostic.severity == .error {
            problems.append(
                FormCheckProblem(
                    severity, id: "type-mismatch", message: diagnostic.text, path: "",
                    conditionText: program.source.text, range: diagnostic.range,
                    location: program.source.location(of: diagnostic.range.lowerBound)))
        }
    }
}

extension [FormCheckProblem] {
    /// Appends the problems one check found. Most checks find none, and appending an empty array still
    /// goes through the standard library's check for room (about 60 instructions), several times for each
    /// element of a form being built.
    @inline(always)
    mutating func append(found: [FormCheckProblem]) {
        if !found.isEmpty { append(contentsOf: found) }
    }
}
