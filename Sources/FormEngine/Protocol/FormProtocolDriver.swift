// FormProtocolDriver: the `predc form run` protocol (the one the form conformance runner drives) inside
// FormEngine, so the CLI only pipes lines: build the form from its JSON definition and print a state
// line, then one state line per action line. Errors are JSON too: a form that cannot be built gives
// one `{"error": {...}}` line; a failed action gives the unchanged state with an `error` key.

/// Drives a form through the line protocol of `predc form run`.
///
/// Not part of the API apps use: it is a tool's interface, published as the `FormProtocol` SPI for
/// `predc` and the fuzzing harness (a separate package, which `package` access would not reach). Import
/// it with `@_spi(FormProtocol) import FormEngine`.
///
/// ```swift
/// let driver = FormProtocolDriver(definition: jsonText, sourceName: "form.json")
/// print(driver.initialLine)                       // state after building, or {"error": ...}
/// print(driver.perform(#"{"set": {"a": 1}}"#))   // state after the action
/// ```
@_spi(FormProtocol)
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
            let root = try FormDefinition.parseJSONNode(text)
            var definition = try JSONDefinitionReader(text: text).definition(root)
            if strict {
                definition.options.conditionProblems = .error
            } else if root["options"]?["conditionProblems"] == nil {
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
            let action = try ProtocolActionReader(text: line).action(try FormDefinition.parseJSONNode(line))
            return stateLine(changes: try form.perform(action), error: nil)
        } catch {
            return stateLine(changes: FormChangeSet(), error: error)
        }
    }
}
