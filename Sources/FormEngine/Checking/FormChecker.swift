// FormChecker: a linter for form definitions. Reports every problem at once, each positioned by its
// JSON path (`sections[1].rows[0].hidden`) and the line:column inside the condition text: predicate
// parse errors, unknown tags (with "did you mean"), duplicate tags, dependency cycles, and rows or
// sections that can never be shown. `predc form check` prints them. Sits above the engine: cycles are
// found by building the definition's state.

/// Checks form definitions without building them, reporting every problem at once.
public enum FormChecker {
    /// Checks a JSON definition: JSON and shape errors first (they stop the check), then everything
    /// ``check(_:)`` finds.
    public static func check(json text: String) -> [FormCheckProblem] {
        let unknownKeys = UnknownKeys()
        do {
            let definition = try FormDefinition.parseJSON(text, unknownKeys: unknownKeys)
            let warnings = unknownKeys.entries.map {
                FormCheckProblem(.warning, id: "unknown-key", message: $0.message, path: $0.path, location: $0.location)
            }
            return warnings + check(definition)
        } catch {
            return [
                FormCheckProblem(
                    .error, id: error.kind == .json ? "json" : "invalid-definition", message: error.message,
                    path: error.path, location: error.location)
            ]
        }
    }

    /// Checks a definition: duplicate tags, condition parse errors, unknown tags, cycles and elements
    /// that can never be shown. Problems are in form order, cycles last.
    public static func check(_ definition: FormDefinition) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        var sanitized = definition
        let tags = collectTags(&sanitized, &problems)
        for (sectionIndex, section) in definition.sections.enumerated() {
            let path = "sections[\(sectionIndex)]"
            for property in [ConditionProperty.hidden, .disabled] {
                let clean = checkCondition(section.condition(property), "\(path).\(property.rawValue)", tags, &problems)
                if !clean { sanitized.sections[sectionIndex].setCondition(property, nil) }
            }
            if isAlwaysTrue(section.hidden) {
                problems.append(
                    FormCheckProblem(
                        .warning, id: "never-shown",
                        message:
                            "section \(describe(section.tag, path)) can never be shown: its hidden condition is always true",
                        path: "\(path).hidden"))
            }
            for (rowIndex, row) in section.rows.enumerated() {
                let rowPath = "\(path).rows[\(rowIndex)]"
                for property in ConditionProperty.allCases {
                    let clean = checkCondition(
                        row.condition(property), "\(rowPath).\(property.rawValue)", tags, &problems)
                    if !clean { sanitized.sections[sectionIndex].rows[rowIndex].setCondition(property, nil) }
                }
                for (ruleIndex, rule) in row.validations.enumerated() {
                    guard case .predicate(let text) = rule.check else { continue }
                    _ = checkPredicate(text, "\(rowPath).validations[\(ruleIndex)]", tags, &problems)
                }
                if isAlwaysTrue(row.hidden) {
                    problems.append(
                        FormCheckProblem(
                            .warning, id: "never-shown",
                            message:
                                "row \(describe(row.tag, rowPath)) can never be shown: its hidden condition is always true",
                            path: "\(rowPath).hidden"))
                }
            }
        }
        problems += cycles(in: sanitized)
        return problems
    }

    private static func describe(_ tag: String?, _ path: String) -> String { tag.map { "'\($0)'" } ?? path }

    /// All tags; a duplicate is reported (naming both places) and dropped from `sanitized`.
    private static func collectTags(_ sanitized: inout FormDefinition, _ problems: inout [FormCheckProblem]) -> [String]
    {
        var firstPlace: [String: String] = [:]
        var order: [String] = []
        func visit(_ tag: String?, _ path: String) -> Bool {
            guard let tag else { return true }
            if let earlier = firstPlace[tag] {
                problems.append(
                    FormCheckProblem(
                        .error, id: "duplicate-tag", message: "duplicate tag '\(tag)' at \(earlier) and \(path)",
                        path: "\(path).tag", notes: ["'\(tag)' is first used at \(earlier)"]))
                return false
            }
            firstPlace[tag] = path
            order.append(tag)
            return true
        }
        for sectionIndex in sanitized.sections.indices {
            if !visit(sanitized.sections[sectionIndex].tag, "sections[\(sectionIndex)]") {
                sanitized.sections[sectionIndex].tag = nil
            }
            for rowIndex in sanitized.sections[sectionIndex].rows.indices {
                if !visit(
                    sanitized.sections[sectionIndex].rows[rowIndex].tag, "sections[\(sectionIndex)].rows[\(rowIndex)]")
                {
                    sanitized.sections[sectionIndex].rows[rowIndex].tag = nil
                }
            }
        }
        return order
    }

    /// Checks one condition; false when it cannot be compiled (it is then left out of the cycle check).
    private static func checkCondition(
        _ condition: Condition?, _ path: String, _ tags: [String], _ problems: inout [FormCheckProblem]
    ) -> Bool {
        switch condition {
        case nil, .constant?:
            return true
        case .predicate(let text)?:
            return checkPredicate(text, path, tags, &problems)
        case .compiled(let predicate)?:
            checkReads(predicate.tree.dependencies, predicate.source, path, tags, &problems)
            return true
        case .function(let declared, _)?:
            for dependency in declared {
                let tag = String(dependency.split(separator: ".", maxSplits: 1).first ?? "")
                if !tags.contains(tag) { problems.append(unknownTag(tag, path, tags, source: nil, range: nil)) }
            }
            return true
        }
    }

    private static func checkPredicate(
        _ text: String, _ path: String, _ tags: [String], _ problems: inout [FormCheckProblem]
    ) -> Bool {
        let parsed = SyntaxTree.parse(text, sourceName: path)
        for diagnostic in parsed.diagnostics where diagnostic.severity == .error {
            problems.append(
                FormCheckProblem(
                    .error, id: "parse-error", message: diagnostic.text, path: path, conditionText: text,
                    range: diagnostic.range, location: parsed.source.location(of: diagnostic.range.lowerBound),
                    notes: diagnostic.notes.map(\.text) + diagnostic.fixIts.map { "did you mean '\($0.replacement)'?" })
            )
        }
        guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else { return false }
        checkReads(tree.applyingFormValueRule().dependencies, parsed.source, path, tags, &problems)
        return true
    }

    private static func checkReads(
        _ dependencies: Dependencies, _ source: SourceText, _ path: String, _ tags: [String],
        _ problems: inout [FormCheckProblem]
    ) {
        for read in dependencies.variables where !tags.contains(read.name) {
            problems.append(unknownTag(read.name, path, tags, source: source, range: read.range))
        }
    }

    private static func unknownTag(
        _ tag: String, _ path: String, _ tags: [String], source: SourceText?, range: SourceRange?
    )
        -> FormCheckProblem
    {
        var message = "unknown tag '\(tag)'"
        if let suggestion = closest(to: tag, among: tags) { message += "; did you mean '\(suggestion)'?" }
        return FormCheckProblem(
            .error, id: "unknown-tag", message: message, path: path, conditionText: source?.text, range: range,
            location: range.flatMap { range in source.map { $0.location(of: range.lowerBound) } })
    }

    /// Whether a hidden condition is true whatever the form's values are: the constant true, or a
    /// predicate that reads nothing and evaluates to true.
    private static func isAlwaysTrue(_ condition: Condition?) -> Bool {
        switch condition {
        case .constant(true)?:
            return true
        case .predicate(let text)?:
            let parsed = SyntaxTree.parse(text)
            guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else { return false }
            let dependencies = tree.dependencies
            guard dependencies.variables.isEmpty, dependencies.keyPaths.isEmpty,
                let program = CompiledPredicate.compile(tree, source: parsed.source).predicate
            else { return false }
            return (try? program.evaluate()) ?? false
        default:
            return false
        }
    }

    /// Every cycle, found by building the form and removing one condition of each cycle found.
    private static func cycles(in definition: FormDefinition) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        var current = definition
        for _ in 0..<32 {
            do {
                _ = try FormState.build(current, limits: .default)
                return problems
            } catch {
                guard error.kind == .cycle else { return problems }
                problems.append(
                    FormCheckProblem(.error, id: "dependency-cycle", message: error.message, path: error.path))
                guard current.removeCondition(at: error.path) else { return problems }
            }
        }
        return problems
    }

    /// The tag closest to `tag` by edit distance, if close enough to be a typo.
    static func closest(to tag: String, among tags: [String]) -> String? {
        Suggestion.closest(to: tag, among: tags)
    }
}

extension Section {
    mutating func setCondition(_ property: ConditionProperty, _ condition: Condition?) {
        switch property {
        case .hidden: hidden = condition
        case .disabled: disabled = condition
        case .required: break
        }
    }
}

extension Row {
    mutating func setCondition(_ property: ConditionProperty, _ condition: Condition?) {
        switch property {
        case .hidden: hidden = condition
        case .disabled: disabled = condition
        case .required: required = condition
        }
    }
}

extension FormDefinition {
    /// Removes the condition at `sections[i].hidden` / `sections[i].rows[j].disabled`; false if the
    /// path names none.
    mutating func removeCondition(at path: String) -> Bool {
        let numbers = path.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard let property = path.split(separator: ".").last.flatMap({ ConditionProperty(rawValue: String($0)) }),
            let sectionIndex = numbers.first, sections.indices.contains(sectionIndex)
        else { return false }
        if numbers.count >= 2 {
            guard sections[sectionIndex].rows.indices.contains(numbers[1]) else { return false }
            sections[sectionIndex].rows[numbers[1]].setCondition(property, nil)
        } else {
            sections[sectionIndex].setCondition(property, nil)
        }
        return true
    }
}
