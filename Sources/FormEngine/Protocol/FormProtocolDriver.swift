// FormProtocolDriver: the `predc form run` protocol (../shared/conformance/README.md) inside
// FormEngine, so the CLI only pipes lines: build the form from its JSON definition and print a state
// line, then one state line per action line. Errors are JSON too: a form that cannot be built gives
// one `{"error": {...}}` line; a failed action gives the unchanged state with an `error` key.

/// Drives a form through the line protocol of `predc form run`.
///
/// ```swift
/// let driver = FormProtocolDriver(definition: jsonText, sourceName: "form.json")
/// print(driver.initialLine)                       // state after building, or {"error": ...}
/// print(driver.perform(#"{"set": {"a": 1}}"#))   // state after the action
/// ```
public final class FormProtocolDriver {
    /// The live form; nil when the definition could not be built.
    public private(set) var form: Form?
    /// The first output line: the state after building, or the build error.
    public private(set) var initialLine: String
    /// The name used for the definition in messages.
    public let sourceName: String

    /// Builds the form from its JSON definition text. Condition problems (unknown tags, type
    /// mismatches) are warnings, reported in every state line, unless the definition's options say
    /// `"conditionProblems": "error"` or `strict` is set: the protocol's semantics read an unknown tag as
    /// null (the conformance scenarios add such a row later).
    public init(definition text: String, sourceName: String = "<form>", strict: Bool = false) {
        self.sourceName = sourceName
        initialLine = ""
        do {
            var definition = try FormDefinition.parseJSON(text)
            if strict {
                definition.options.conditionProblems = .error
            } else if !FormDefinition.setsConditionProblems(text) {
                definition.options.conditionProblems = .warning
            }
            let form = try Form(definition)
            form.recordsEvaluations = true
            self.form = form
            initialLine = stateLine(changes: FormChangeSet(), error: nil)
        } catch {
            initialLine = JSONOutput.object([("error", Self.errorObject(error))])
        }
    }

    /// Whether the form was built (false: ``initialLine`` is an error line; the CLI exits non-zero).
    public var didBuild: Bool { form != nil }

    /// Performs one action line and returns the next state line (with an `error` key if the action
    /// failed; the form is then unchanged).
    public func perform(_ line: String) -> String {
        guard let form else { return initialLine }
        do throws(FormError) {
            let node: JSONNode
            do {
                node = try JSONParser.parse(line)
            } catch {
                throw FormError(.json, error.message, location: SourceLocation(line: error.line, column: error.column))
            }
            let action = try ProtocolActionReader(text: line).action(node)
            return stateLine(changes: try form.perform(action), error: nil)
        } catch {
            return stateLine(changes: FormChangeSet(), error: error)
        }
    }

    // MARK: Output

    func stateLine(changes: FormChangeSet, error: FormError?) -> String {
        guard let form else { return "" }
        let rows = form.rowStates
        let sections = form.sectionStates
        var hidden: [String: Bool] = [:]
        var disabled: [String: Bool] = [:]
        var effectiveDisabled: [String: Bool] = [:]
        var required: [String: Bool] = [:]
        for section in sections {
            guard let tag = section.tag else { continue }
            hidden[tag] = section.isHidden
            disabled[tag] = section.isDisabled
        }
        for row in rows {
            guard let tag = row.tag else { continue }
            hidden[tag] = row.isHidden
            disabled[tag] = row.isDisabled
            effectiveDisabled[tag] = row.isEffectivelyDisabled
            required[tag] = row.isRequired
        }
        var invalid: [String] = []
        for failure in form.validate() {
            let name = failure.tag ?? failure.path
            if invalid.last != name { invalid.append(name) }
        }
        let name: (FormChangeSet.ElementChange) -> String = { $0.tag ?? $0.path }
        let changeObject = JSONOutput.object([
            ("rowsShown", JSONOutput.strings(changes.rowsShown.map(name))),
            ("rowsHidden", JSONOutput.strings(changes.rowsHidden.map(name))),
            ("sectionsShown", JSONOutput.strings(changes.sectionsShown.map(name))),
            ("sectionsHidden", JSONOutput.strings(changes.sectionsHidden.map(name))),
        ])
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
            ("changes", changeObject),
            ("evaluated", JSONOutput.strings(changes.evaluated.map(\.description))),
            ("dependents", JSONOutput.map(dependents(form))),
        ]
        if let error { members.append(("error", Self.errorObject(error))) }
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

    /// `{"kind", "message", "path", "line", "column", "cycle"}` (absent parts left out).
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
        return JSONOutput.object(members)
    }
}
