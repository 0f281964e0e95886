// Tests of the `predc form` commands: `run` (the JSON state protocol, a failing action, a form that
// cannot be built), `graph` (golden DOT, cycles in red), `explain` (golden explanations).

import Foundation
import Testing

@testable import predc

@Suite("form commands")
struct FormCommandTests {
    static let signup = TestPaths.examples.appendingPathComponent("signup-form.json").path
    static let cycle = Golden.directory.appendingPathComponent("form/cycle.json").path

    private func states(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test func runPrintsOneStateLinePerAction() {
        let actions = [
            #"{"set": {"age": 21}}"#, #"{"set": {"nosuchtag": 1}}"#, "", #"{"set": {"hasLicense": true}}"#,
        ].joined(separator: "\n")
        let result = predc(["form", "run", FormCommandTests.signup], stdin: actions)
        #expect(result.status == .success, "\(result)")
        let lines = states(result.stdout)
        #expect(lines.count == 4)
        #expect((lines[0]["visibleSections"] as? [String])?.contains("driving") == false)
        #expect((lines[1]["visibleSections"] as? [String])?.contains("driving") == true)
        #expect(lines[2]["error"] != nil && lines[2]["visibleRows"] != nil)
        #expect((lines[3]["visibleRows"] as? [String])?.contains("licenseNumber") == true)
    }

    @Test func runReportsAFormThatCannotBeBuilt() {
        let result = predc(["form", "run", FormCommandTests.cycle], stdin: "")
        #expect(result.status == .dataError)
        let lines = states(result.stdout)
        #expect(lines.count == 1)
        #expect((lines.first?["error"] as? [String: Any])?["kind"] as? String == "cycle")
    }

    @Test func runShowsPositionsFlagChangesAndValidation() throws {
        let result = predc(["form", "run", FormCommandTests.signup], stdin: #"{"set": {"country": "US"}}"#)
        #expect(result.status == .success, "\(result)")
        let state = try #require(states(result.stdout).last)
        let changes = try #require(state["changes"] as? [String: [String]])
        #expect(changes["rowsShown"] == ["state"])
        #expect(changes["becameRequired"] == ["state"])
        #expect(changes["valuesChanged"] == ["country"])
        let positions = try #require(state["positions"] as? [String: [[String: Any]]])
        #expect(positions["rowsShown"]?.first?["location"] as? [Int] == [0, 3])
        #expect((state["table"] as? [String: [Any]])?["insertedRows"] as? [[Int]] == [[0, 3]])
        let messages = (state["validation"] as? [[String: Any]])?.compactMap { $0["tag"] as? String }
        #expect(messages == ["email", "state"])
    }

    @Test func runRejectsAMisspeltKeyWithItsPosition() throws {
        let form = try TestPaths.temporaryFile(
            "{\"sections\": [{\"rows\": [\n  {\"tag\": \"a\", \"hiden\": true}]}]}", suffix: ".json")
        defer { try? FileManager.default.removeItem(at: form) }
        let result = predc(["form", "run", form.path], stdin: "")
        #expect(result.status == .dataError)
        let error = try #require(states(result.stdout).first?["error"] as? [String: Any])
        #expect(error["kind"] as? String == "unknownKey")
        #expect(error["message"] as? String == "unknown key 'hiden'; did you mean 'hidden'?")
        #expect(error["line"] as? Int == 2 && error["column"] as? Int == 16)
    }

    @Test func runStrictFailsOnAnUnknownTag() throws {
        let form = try TestPaths.temporaryFile(
            #"{"sections": [{"rows": [{"tag": "later", "hidden": "$ghost == 1"}]}]}"#, suffix: ".json")
        defer { try? FileManager.default.removeItem(at: form) }
        let lenient = predc(["form", "run", form.path], stdin: "")
        #expect(lenient.status == .success)
        #expect((states(lenient.stdout).first?["warnings"] as? [Any])?.count == 1)
        let strict = predc(["form", "run", form.path, "--strict"], stdin: "")
        #expect(strict.status == .dataError)
        #expect((states(strict.stdout).first?["error"] as? [String: Any])?["kind"] as? String == "unknownTag")
    }

    @Test func graphIsGolden() {
        let result = predc("form", "graph", FormCommandTests.signup)
        #expect(result.status == .success, "\(result)")
        Golden.check(result.stdout, "form/signup.dot")
    }

    @Test func graphHighlightsCyclesInRed() {
        let result = predc("form", "graph", FormCommandTests.cycle)
        #expect(result.status == .success, "\(result)")
        Golden.check(result.stdout, "form/cycle.dot")
        let red = result.stdout.split(separator: "\n").filter { $0.contains("color=red") }
        #expect(red.contains { $0.contains("\"row:a\" -> \"row:b\"") })
        #expect(red.contains { $0.contains("\"row:b\" -> \"row:a\"") })
        #expect(red.contains { $0.contains("\"row:c\" -> \"row:c\"") })
        #expect(!red.contains { $0.contains("-> \"row:d\"") })
        #expect(result.stdout.contains("\"missing:hobbys\""))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot")))
    func graphvizAcceptsTheGraphs() throws {
        for form in [FormCommandTests.signup, FormCommandTests.cycle] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
            process.arguments = ["-Tsvg", "-o", "/dev/null"]
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(Data(predc("form", "graph", form).stdout.utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
    }

    @Test(arguments: [
        ("licenseNumber", [String]()),
        ("state", ["--set", "country=\"US\""]),
        ("licenseCountry", ["--set", "age=30"]),
        ("frequency", []),
    ])
    func explainIsGolden(_ tag: String, _ options: [String]) {
        let result = predc(["form", "explain", FormCommandTests.signup, tag] + options)
        #expect(result.status == .success, "\(result)")
        let text = result.stdout.replacingOccurrences(of: FormCommandTests.signup, with: "signup-form.json")
        Golden.check(text, "form/explain-\(tag)\(options.isEmpty ? "" : "-set").txt")
    }

    @Test func explainShowsWhatWouldFlipACondition() {
        let result = predc("form", "explain", FormCommandTests.signup, "licenseNumber")
        #expect(result.stdout.contains("$hasLicense.value = true"), "\(result)")
        #expect(result.stdout.contains("section is hidden"))
        #expect(result.stdout.contains("$age.value = 18"))
    }

    @Test func explainUnknownTagSuggests() {
        let result = predc("form", "explain", FormCommandTests.signup, "licenceNumber")
        #expect(result.status == .dataError)
        #expect(result.stderr.contains("did you mean 'licenseNumber'?"))
    }

    @Test func checkReportsEveryProblem() {
        let result = predc("form", "check", FormCommandTests.cycle)
        #expect(result.status == .dataError)
        let text = result.stderr.replacingOccurrences(of: FormCommandTests.cycle, with: "cycle.json")
        Golden.check(text, "form/check-cycle.txt")
        #expect(text.contains("cycle.json: sections[0].rows[3].hidden:1:13: "), "\(text)")
        #expect(text.contains("'hobbys'"))
    }

    @Test func checkCleanFormAndJSON() throws {
        let clean = predc("form", "check", FormCommandTests.signup)
        #expect(clean.status == .success, "\(clean)")
        let json = predc("form", "check", FormCommandTests.cycle, "--json")
        let lines = json.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["path"] is String && object?["severity"] is String)
        }
        let broken = try TestPaths.temporaryFile("{\"sections\": [", suffix: ".json")
        defer { try? FileManager.default.removeItem(at: broken) }
        #expect(predc("form", "check", broken.path).status == .dataError)
    }

    @Test func formUsage() {
        #expect(predc("form").status == .usage)
        #expect(predc("form", "--help").status == .success)
        #expect(predc("form", "run").status == .usage)
        #expect(predc("form", "graph", "/nonexistent/form.json").status == .noInput)
        #expect(predc("form", "frobnicate", "x").status == .usage)
    }
}
