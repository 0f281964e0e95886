// FormState+Checks: what is wrong with the conditions as compiled — a `$tag` that names no row or
// section (with the closest tag as a suggestion), and a comparison of an element with a constant of a
// kind it can never match (`$age == 'eighteen'` when `age` holds a number). Building a form runs them
// over every condition, an action over the conditions it adds; FormOptions.conditionProblems decides
// whether a problem fails the build or the action, or is only reported (Form.warnings, which runs them
// again over the form as it is). They read the compiled trees; nothing here runs on a value change.

extension FormState {
    /// The problems of every live element's conditions and validation rules, in form order.
    func conditionProblems(severity: Severity) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        for section in sections {
            problems += self.problems(of: section, severity: severity)
            for row in elements[section.raw].rows { problems += self.problems(of: row, severity: severity) }
        }
        return problems
    }

    /// The problems of one element's conditions and validation rules.
    func problems(of element: ElementID, severity: Severity) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        for property in ConditionProperty.allCases where property != .required || elements[element.raw].isRow {
            problems += self.problems(of: element.condition(property), severity: severity)
        }
        for (index, rule) in elements[element.raw].validations.enumerated() {
            guard case .predicate(let program) = rule.body,
                program.tree.dependencies.variables.contains(where: { !isBound(name: $0.name) })
            else { continue }
            problems += unknownTags(
                in: program, path: "\(path(of: element)).validations[\(index)]", severity: severity)
        }
        return problems
    }

    /// The problems of one condition: unknown tags, then type mismatches. A condition without problems
    /// costs a look at its reads and a walk over its comparisons; paths and messages are made only for
    /// problems.
    func problems(of condition: ConditionID, severity: Severity) -> [FormCheckProblem] {
        let compiled = conditions[condition.raw]
        guard compiled.source != nil else { return [] }
        var problems: [FormCheckProblem] = []
        switch compiled.body {
        case .constant:
            break
        case .function:
            for read in compiled.reads where !isBound(read.slot) {
                problems.append(unknownTag(tagName(read.slot), path: "", severity: severity))
            }
        case .predicate(let program):
            if compiled.reads.contains(where: { !isBound($0.slot) }) {
                problems += unknownTags(in: program, path: "", severity: severity)
            }
            typeMismatches(in: program.tree, program: program, severity: severity, into: &problems)
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

    /// Whether a live element has `tag`.
    private func isBound(name tag: String) -> Bool {
        tags.slot(for: tag).map { isBound(Slot($0)) } ?? false
    }

    private func tagName(_ slot: Slot) -> String {
        tags.tags.indices.contains(slot.index) ? tags.tags[slot.index] : "?"
    }

    /// The `$tags` of a predicate that name no live element, each positioned in the predicate's text.
    private func unknownTags(in program: CompiledPredicate, path: String, severity: Severity) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        var reported: [String] = []
        for read in program.tree.dependencies.variables where !reported.contains(read.name) {
            guard let slot = tags.slot(for: read.name).map(Slot.init), !isBound(slot) else { continue }
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
        let known = tags.tags.indices.lazy.filter { isBound(Slot($0)) }.map { tags.tags[$0] }
        return Suggestion.closest(to: tag, among: known)
    }

    // MARK: Types

    /// Walks the comparisons of a predicate's connectives (not those nested inside expressions, where
    /// variables may be bound by SUBQUERY).
    private func typeMismatches(
        in predicate: SyntaxTree.Predicate, program: CompiledPredicate, severity: Severity,
        into problems: inout [FormCheckProblem]
    ) {
        switch predicate {
        case .constant:
            break
        case .and(let operands, _), .or(let operands, _):
            for operand in operands {
                typeMismatches(in: operand, program: program, severity: severity, into: &problems)
            }
        case .not(let operand, _):
            typeMismatches(in: operand, program: program, severity: severity, into: &problems)
        case .comparison(let comparison):
            guard let (read, kind, constant, outcome) = mismatch(comparison) else { return }
            let constantKind = ValueKind(of: constant)?.phrase ?? "a \(constant.kindName)"
            problems.append(
                FormCheckProblem(
                    severity, id: "type-mismatch",
                    message: "'\(read)' holds \(kind.phrase) and is compared with \(constantKind): "
                        + "the comparison is always \(outcome)",
                    path: "", conditionText: program.source.text, range: comparison.range,
                    location: program.source.location(of: comparison.range.lowerBound)))
        }
    }

    /// The read, its kind, the constant and the fixed outcome of a comparison between an element and a
    /// constant that can never vary; nil when it can.
    private func mismatch(_ comparison: SyntaxTree.Comparison) -> (String, ValueKind, Value, Bool)? {
        guard comparison.modifier == .direct else { return nil }
        if let (read, kind) = readKind(comparison.lhs) {
            guard let constant = constant(comparison.rhs),
                let outcome = kind.constantOutcome(comparison.op, constant)
            else { return nil }
            return (read, kind, constant, outcome)
        }
        if let (read, kind) = readKind(comparison.rhs), let constant = constant(comparison.lhs),
            let outcome = kind.mirroredOutcome(comparison.op, constant)
        {
            return (read, kind, constant, outcome)
        }
        return nil
    }

    /// The value of a literal, or of an aggregate of literals (`{18, 65}`); nil for anything else and
    /// for null.
    private func constant(_ expression: SyntaxTree.Expression) -> Value? {
        switch expression {
        case .constant(let value, _):
            return value.isNull ? nil : value
        case .aggregate:
            return expression.constantValue()
        default:
            return nil
        }
    }

    /// For `$t.value`, `$t.isHidden` or `$t.isDisabled` (after the XLForm rule): the read as written in
    /// messages and the kind of what it reads, when known — a flag is a boolean, a row's value is of
    /// the kind of its current value, a multivalued section's a collection.
    private func readKind(_ expression: SyntaxTree.Expression) -> (String, ValueKind)? {
        guard case .keyPath(.variable(let tag, _)?, let components, _) = expression, components.count == 1,
            let component = components.first
        else { return nil }
        switch component.name {
        case "isHidden", "isDisabled":
            return ("\(tag).\(component.name)", .boolean)
        case "value":
            guard let slot = tags.slot(for: tag).map(Slot.init), isBound(slot),
                let element = slotElement[slot.index]
            else { return nil }
            let record = elements[element.raw]
            if record.isRow { return ValueKind(of: record.value).map { (tag, $0) } }
            return record.isMultivalued ? (tag, .collection) : nil
        default:
            return nil
        }
    }
}
