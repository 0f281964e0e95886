// Runs the public form scenarios (Tests/Conformance/Cases/form-scenarios-public.json) through
// FormProtocolDriver in-process, with the same checks as the runner script `run-forms`; scenarios
// listed in Tests/Conformance/forms-known-failures.txt must fail (and are reported when they pass).
import Foundation
import Testing

@_spi(FormProtocol) @testable import FormEngine

struct FormScenario: Sendable, CustomTestStringConvertible {
    var id: String
    var formText: String
    /// Steps in order: an action line, or an expectation node.
    var steps: [Step]
    var testDescription: String { id }

    /// Steps keep their JSON as text: the scenarios live in a static for the whole run, and a JSONNode
    /// tree held there is reported by LeakSanitizer (its enum payload pointers carry tag bits, so the
    /// scanner does not see them), which would hide real leaks in `.ci/sanitizers address`.
    enum Step: Sendable {
        case action(String)
        case expect(String)
    }
}

enum ScenarioFile {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The public scenarios, kept in the repository.
    static var scenarioURL: URL {
        packageRoot.appendingPathComponent("Tests/Conformance/Cases/form-scenarios-public.json")
    }

    static var knownFailures: Set<String> {
        let url = packageRoot.appendingPathComponent("Tests/Conformance/forms-known-failures.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return Set(
            text.split(separator: "\n").map {
                $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    static func load() -> [FormScenario] {
        guard let text = try? String(contentsOf: scenarioURL, encoding: .utf8),
            let root = try? JSONParser.parse(text), let scenarios = root["scenarios"]?.arrayValue
        else { return [] }
        let source = SourceText(text)
        return scenarios.compactMap { node in
            guard let id = node["id"]?.stringValue, let form = node["form"]?.objectValue else { return nil }
            var members = form.filter { $0.key != "options" }.map {
                "\(JSONOutput.quoted($0.key)):\(source.slice($0.value.range))"
            }
            let options = (node["options"]?.objectValue ?? []) + (node["form"]?["options"]?.objectValue ?? [])
            if !options.isEmpty {
                members.append(
                    "\"options\":{"
                        + options.map { "\(JSONOutput.quoted($0.key)):\(source.slice($0.value.range))" }.joined(
                            separator: ",") + "}")
            }
            let steps: [FormScenario.Step] = (node["steps"]?.arrayValue ?? []).map { step in
                if let expect = step["expect"] { return .expect(source.slice(expect.range)) }
                return .action(source.slice(step.range))
            }
            return FormScenario(id: id, formText: "{" + members.joined(separator: ",") + "}", steps: steps)
        }
    }
}

@Suite("Form scenario conformance")
struct ScenarioConformanceTests {
    static let scenarios = ScenarioFile.load()

    @Test("scenario", arguments: scenarios)
    func scenario(_ scenario: FormScenario) throws {
        let problems = Self.run(scenario)
        if ScenarioFile.knownFailures.contains(scenario.id) {
            #expect(
                !problems.isEmpty,
                "\(scenario.id) is listed in forms-known-failures.txt but passes: take it off the list")
        } else {
            #expect(problems.isEmpty, "\(scenario.id): \(problems.joined(separator: "; "))")
        }
    }

    @Test("the public scenario file is found and read")
    func fileIsRead() {
        #expect(Self.scenarios.count >= 30)
        let passing = Self.scenarios.filter { Self.run($0).isEmpty }.count
        print("forms: \(passing) passed, \(Self.scenarios.count - passing) failed")
    }

    /// Runs one scenario; returns its mismatches (empty when it passes), like `run-forms`.
    static func run(_ scenario: FormScenario) -> [String] {
        let driver = FormProtocolDriver(definition: scenario.formText, sourceName: scenario.id)
        var states: [JSONNode] = []
        func record(_ line: String) {
            if let node = try? JSONParser.parse(line) { states.append(node) }
        }
        record(driver.initialLine)
        if driver.didBuild {
            for case .action(let line) in scenario.steps { record(driver.perform(line)) }
        }
        guard let lastState = states.last else { return ["no state printed"] }
        var problems: [String] = []
        var index = 0
        for step in scenario.steps {
            switch step {
            case .expect(let expectText):
                guard let expect = try? JSONParser.parse(expectText) else {
                    problems.append("step \(index): the expectation is not JSON")
                    continue
                }
                let state = states[min(index, states.count - 1)]
                problems += check(expect, state).map { "after step \(index): \($0)" }
            case .action:
                index += 1
                if index >= states.count, lastState["error"] == nil {
                    problems.append("no state after step \(index)")
                    return problems
                }
            }
        }
        return problems
    }

    static func value(_ node: JSONNode?) -> Value? { node?.plainValue }

    static func sortedStrings(_ node: JSONNode?) -> [String] {
        (node?.arrayValue ?? []).map { $0.stringValue ?? "\($0.plainValue)" }.sorted()
    }

    static func check(_ expect: JSONNode, _ state: JSONNode) -> [String] {
        var problems: [String] = []
        if let loadError = expect["loadError"] {
            if state["error"]?["kind"]?.stringValue != loadError.stringValue || state["visibleRows"] != nil {
                problems.append(
                    "expected load error \(loadError.plainValue), got \(state["error"].map { "\($0.plainValue)" } ?? "a form")"
                )
            }
            return problems
        }
        if let error = state["error"], state["visibleRows"] == nil { return ["unexpected error \(error.plainValue)"] }
        for member in expect.objectValue ?? [] {
            let key = member.key
            let want = member.value
            switch key {
            case "notReevaluated":
                guard let ran = state["evaluated"]?.arrayValue?.compactMap(\.stringValue) else {
                    problems.append("state has no 'evaluated' list")
                    continue
                }
                let bad = Set(ran).intersection(want.arrayValue?.compactMap(\.stringValue) ?? [])
                if !bad.isEmpty { problems.append("re-evaluated \(bad.sorted()) though it must not") }
            case "changes", "dependents":
                for entry in want.objectValue ?? [] {
                    let got = sortedStrings(state[key]?[entry.key])
                    let expected = sortedStrings(entry.value)
                    if got != expected { problems.append("\(key).\(entry.key): expected \(expected), got \(got)") }
                }
            case "values", "valuesIncludingHidden":
                let got = value(state[key]) ?? .null
                if !got.isIdentical(to: want.plainValue) {
                    problems.append("\(key): expected \(want.plainValue), got \(got)")
                }
            default:
                if let entries = want.objectValue {
                    for entry in entries {
                        let got = value(state[key]?[entry.key])
                        if got.map({ !$0.isIdentical(to: entry.value.plainValue) }) ?? true {
                            problems.append(
                                "\(key)[\(entry.key)]: expected \(entry.value.plainValue), got \(got.map { "\($0)" } ?? "<absent>")"
                            )
                        }
                    }
                } else {
                    let got = value(state[key]) ?? .null
                    if !got.isIdentical(to: want.plainValue) {
                        problems.append("\(key): expected \(want.plainValue), got \(got)")
                    }
                }
            }
        }
        return problems
    }
}

@Suite("Scenario checks")
struct ScenarioCheckTests {
    @Test(
        "the scenario checks catch mismatches",
        arguments: [
            (#"{"visibleRows": ["a"]}"#, #"{"visibleRows": ["b"]}"#),
            (#"{"hidden": {"a": true}}"#, #"{"visibleRows": [], "hidden": {"a": false}}"#),
            (#"{"hidden": {"a": true}}"#, #"{"visibleRows": [], "hidden": {}}"#),
            (#"{"notReevaluated": ["a.hidden"]}"#, #"{"visibleRows": [], "evaluated": ["a.hidden"]}"#),
            (#"{"changes": {"rowsShown": ["a"]}}"#, #"{"visibleRows": [], "changes": {"rowsShown": []}}"#),
            (#"{"values": {"a": 1}}"#, #"{"visibleRows": [], "values": {"a": 1, "b": 2}}"#),
            (#"{"values": {"a": 1}}"#, #"{"visibleRows": [], "values": {"a": true}}"#),
            (#"{"loadError": "cycle"}"#, #"{"visibleRows": []}"#),
            (#"{"visibleRows": []}"#, #"{"error": {"kind": "cycle"}}"#),
        ])
    func mismatches(expect: String, state: String) throws {
        #expect(!ScenarioConformanceTests.check(try JSONParser.parse(expect), try JSONParser.parse(state)).isEmpty)
    }

    @Test("matching states pass")
    func matches() throws {
        let state = try JSONParser.parse(
            #"{"visibleRows": ["a"], "hidden": {"a": false, "b": true}, "evaluated": [], "changes": {"rowsShown": ["x", "y"]}}"#
        )
        let expect = try JSONParser.parse(
            #"{"visibleRows": ["a"], "hidden": {"b": true}, "notReevaluated": ["a.hidden"], "changes": {"rowsShown": ["y", "x"]}}"#
        )
        #expect(ScenarioConformanceTests.check(expect, state).isEmpty)
        #expect(
            ScenarioConformanceTests.check(
                try JSONParser.parse(#"{"loadError": "cycle"}"#), try JSONParser.parse(#"{"error": {"kind": "cycle"}}"#)
            ).isEmpty)
    }
}
