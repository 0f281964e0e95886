// FormChecker: a linter for form definitions. Reports every problem at once, each positioned by its
// JSON path (`sections[1].rows[0].hidden`) and the line:column inside the condition text: predicate
// parse errors, unknown tags (with "did you mean") and type mismatches (the engine's own condition
// checks), duplicate tags, dependency cycles, and rows or sections that can never be shown. `predc form
// check` prints them. Sits above the engine: it compiles and builds the definition's state.

/// Checks form definitions without building them, reporting every problem at once.
public enum FormChecker {
    /// Checks a JSON definition: JSON and shape errors first (they stop the check), then unknown keys
    /// (errors with the closest known key, positioned in the file), then everything ``check(_:)`` finds.
    public static func check(json text: String) -> [FormCheckProblem] {
        let unknownKeys = UnknownKeys()
        do {
            let definition = try FormDefinition.parseJSON(text, unknownKeys: unknownKeys)
            let keys = unknownKeys.entries.map {
                FormCheckProblem(.error, id: "unknown-key", message: $0.message, path: $0.path, location: $0.location)
            }
            return keys + check(definition)
        } catch {
            return [
                FormCheckProblem(
                    .error, id: error.kind == .json ? "json" : "invalid-definition", message: error.message,
                    path: error.path, location: error.location)
            ]
        }
    }

    /// Checks a definition: duplicate tags, condition parse errors, unknown tags, type mismatches,
    /// cycles and elements that can never be shown. Problems are in form order, cycles last.
    public static func check(_ definition: FormDefinition) -> [FormCheckProblem] {
        var problems: [FormCheckProblem] = []
        var sanitized = definition
        collectTags(&sanitized, &problems)
        // Parse errors, by path; a condition or rule that does not parse is left out of `sanitized`.
        var byPath: [String: [FormCheckProblem]] = [:]
        for (sectionIndex, section) in definition.sections.enumerated() {
            for property in [ConditionProperty.hidden, .disabled] {
                let path = "sections[\(sectionIndex)].\(property.rawValue)"
                if !checkCondition(section.condition(property), path, &byPath[path, default: []]) {
                    sanitized.sections[sectionIndex].setCondition(property, nil)
                }
            }
            for (rowIndex, row) in section.rows.enumerated() {
                let rowPath = "sections[\(sectionIndex)].rows[\(rowIndex)]"
                for property in ConditionProperty.allCases {
                    let path = "\(rowPath).\(property.rawValue)"
                    if !checkCondition(row.condition(property), path, &byPath[path, default: []]) {
                        sanitized.sections[sectionIndex].rows[rowIndex].setCondition(property, nil)
                    }
                }
                sanitized.sections[sectionIndex].rows[rowIndex].validations = row.validations.enumerated().filter {
                    guard case .predicate(let text) = $0.element.check else { return true }
                    let path = "\(rowPath).validations[\($0.offset)]"
                    return checkPredicate(text, path, &byPath[path, default: []])
                }.map(\.element)
            }
        }
        // Unknown tags and type mismatches, as building the form finds them.
        sanitized.options.conditionProblems = .warning
        if let compiled = try? FormState.compile(sanitized, limits: .default) {
            for problem in compiled.conditionProblems(severity: .error) {
                byPath[problem.path, default: []].append(problem)
            }
        }
        for (sectionIndex, section) in definition.sections.enumerated() {
            let path = "sections[\(sectionIndex)]"
            for property in [ConditionProperty.hidden, .disabled] {
                problems += byPath["\(path).\(property.rawValue)"] ?? []
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
                    problems += byPath["\(rowPath).\(property.rawValue)"] ?? []
                }
                for ruleIndex in row.validations.indices {
                    problems += byPath["\(rowPath).validations[\(ruleIndex)]"] ?? []
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

    /// Reports every duplicate tag (naming both places) and drops it from `sanitized`.
    private static func collectTags(_ sanitized: inout FormDefinition, _ problems: inout [FormCheckProblem]) {
        var firstPlace: [String: String] = [:]
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
    }

    /// Checks that one condition parses; false when it does not (it is then left out of the checks that
    /// build the form).
    private static func checkCondition(
        _ condition: Condition?, _ path: String, _ problems: inout [FormCheckProblem]
    ) -> Bool {
        guard case .predicate(let text)? = condition else { return true }
        return checkPredicate(text, path, &problems)
    }

    /// Reports every parse error of a predicate; false when there is one.
    private static func checkPredicate(_ text: String, _ path: String, _ problems: inout [FormCheckProblem]) -> Bool {
        let parsed = SyntaxTree.parse(text, sourceName: path)
        for diagnostic in parsed.diagnostics where diagnostic.severity == .error {
            problems.append(
                FormCheckProblem(
                    .error, id: "parse-error", message: diagnostic.text, path: path, conditionText: text,
                    range: diagnostic.range, location: parsed.source.location(of: diagnostic.range.lowerBound),
                    notes: diagnostic.notes.map(\.text) + diagnostic.fixIts.map { "did you mean '\($0.replacement)'?" })
            )
        }
        return parsed.tree != nil && !parsed.diagnostics.hasErrors
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
                var checked = current
                checked.options.conditionProblems = .warning
                _ = try FormState.build(checked, limits: .default)
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
