// FormProtocolDriver: the JSON line protocol of `predc form run`.
import Testing

@_spi(FormProtocol) @testable import FormEngine

@Suite("Form protocol driver")
struct FormProtocolDriverTests {
    let definition =
        #"{"sections": [{"tag": "s", "rows": [{"tag": "a", "value": 0}, {"tag": "b", "hidden": "$a == 1", "required": true}]}]}"#

    @Test("the first line is the built state with every key, in order")
    func initialState() throws {
        let driver = FormProtocolDriver(definition: definition)
        #expect(driver.didBuild)
        let state = try JSONParser.parse(driver.initialLine)
        #expect(
            state.objectValue?.map(\.key) == [
                "visibleSections", "visibleRows", "allSections", "allRows", "hidden", "disabled", "effectiveDisabled",
                "required", "invalid", "values", "valuesIncludingHidden", "changes", "evaluated", "dependents",
                "positions", "table", "validation", "warnings",
            ])
        #expect(state["invalid"]?.plainValue == ["b"])
        #expect(state["dependents"]?["a.value"]?.plainValue == ["b.hidden"])
    }

    @Test("an action line gives the next state with changes and evaluated conditions")
    func action() throws {
        let driver = FormProtocolDriver(definition: definition)
        let state = try JSONParser.parse(driver.perform(#"{"set": {"a": 1}}"#))
        #expect(state["visibleRows"]?.plainValue == ["a"])
        #expect(state["changes"]?["rowsHidden"]?.plainValue == ["b"])
        #expect(state["evaluated"]?.plainValue == ["b.hidden"])
        #expect(state["invalid"]?.plainValue == [])
    }

    @Test(
        "a failing action adds an error and leaves the state unchanged",
        arguments: [
            (#"{"set": {"zz": 1}}"#, "unknownTag"), (#"{"removeRow": "zz"}"#, "unknownTag"),
            (#"{"setCondition": {"tag": "b", "property": "hidden", "condition": "$a ="}}"#, "parse"),
            (#"{"addRow": {"section": "s", "row": {"tag": "a"}}}"#, "duplicateTag"),
            (#"{"setCondition": {"tag": "b", "property": "hidden", "condition": "$b.isHidden == YES"}}"#, "cycle"),
            (#"{"setCondition": {"tag": "s", "property": "required", "condition": true}}"#, "invalidAction"),
            (#"{"frobnicate": 1}"#, "invalidAction"), ("{", "json"),
        ])
    func failingAction(line: String, kind: String) throws {
        let driver = FormProtocolDriver(definition: definition)
        let before = try JSONParser.parse(driver.initialLine)
        let after = try JSONParser.parse(driver.perform(line))
        #expect(after["error"]?["kind"]?.stringValue == kind)
        #expect(after["visibleRows"] == before["visibleRows"])
        #expect(after["valuesIncludingHidden"] == before["valuesIncludingHidden"])
    }

    @Test("a form that cannot be built gives one error line naming the problem")
    func buildErrors() throws {
        let cycle = FormProtocolDriver(
            definition:
                #"{"sections": [{"rows": [{"tag": "a", "hidden": "$b.isHidden == YES"}, {"tag": "b", "hidden": "$a.isHidden == YES"}]}]}"#
        )
        #expect(!cycle.didBuild)
        let error = try JSONParser.parse(cycle.initialLine)["error"]
        #expect(error?["kind"]?.stringValue == "cycle")
        #expect(error?["cycle"]?.plainValue == ["a.hidden", "b.hidden", "a.hidden"])
        let parse = FormProtocolDriver(definition: #"{"sections": [{"rows": [{"tag": "a", "hidden": "$a == == 1"}]}]}"#)
        let parseError = try JSONParser.parse(parse.initialLine)["error"]
        #expect(parseError?["kind"]?.stringValue == "parse")
        #expect(parseError?["path"]?.stringValue == "sections[0].rows[0].hidden")
        #expect(parseError?["line"]?.plainValue == 1)
        #expect(parseError?["column"]?.plainValue == 7)
        let duplicate = FormProtocolDriver(definition: #"{"sections": [{"tag": "x", "rows": [{"tag": "x"}]}]}"#)
        #expect(try JSONParser.parse(duplicate.initialLine)["error"]?["kind"]?.stringValue == "duplicateTag")
    }

    @Test("a state line gives positions, disabled and required changes, the table update and validation messages")
    func details() throws {
        let driver = FormProtocolDriver(
            definition: #"""
                {"sections": [{"tag": "s", "rows": [
                  {"tag": "a", "value": 0},
                  {"tag": "b", "hidden": "$a == 1", "disabled": "$a == 2", "required": "$a == 2"},
                  {"tag": "c", "value": "x1", "validations": [{"predicate": "SELF MATCHES '[a-z]+'", "message": "letters"}]}]}]}
                """#)
        let first = try JSONParser.parse(driver.initialLine)
        #expect(
            first["validation"]?.plainValue == [
                ["tag": "c", "path": "sections[0].rows[2]", "kind": "rule", "message": "letters"]
            ])
        let hide = try JSONParser.parse(driver.perform(#"{"set": {"a": 1}}"#))
        #expect(hide["changes"]?["rowsHidden"]?.plainValue == ["b"])
        #expect(hide["changes"]?["valuesChanged"]?.plainValue == ["a"])
        #expect(
            hide["positions"]?["rowsHidden"]?.plainValue == [
                ["tag": "b", "path": "sections[0].rows[1]", "location": [0, 1]]
            ])
        #expect(
            hide["table"]?.plainValue == [
                "deletedSections": [], "insertedSections": [], "deletedRows": [[0, 1]], "insertedRows": [],
            ])
        let flags = try JSONParser.parse(driver.perform(#"{"set": {"a": 2}}"#))
        #expect(flags["changes"]?["disabled"]?.plainValue == ["b"])
        #expect(flags["changes"]?["becameRequired"]?.plainValue == ["b"])
        #expect(flags["changes"]?["rowsShown"]?.plainValue == ["b"])
        #expect(flags["table"]?["insertedRows"]?.plainValue == [[0, 1]])
        #expect(
            flags["validation"]?.arrayValue?.compactMap { $0["message"]?.stringValue } == ["value required", "letters"])
    }

    @Test("condition problems are warnings in every state line, or a build error when strict")
    func warnings() throws {
        let text = #"{"sections": [{"rows": [{"tag": "age", "value": 3}, {"tag": "b", "hidden": "$agee == 1"}]}]}"#
        let driver = FormProtocolDriver(definition: text)
        let warning = try JSONParser.parse(driver.initialLine)["warnings"]?.arrayValue?.first
        #expect(warning?["id"]?.stringValue == "unknown-tag")
        #expect(warning?["message"]?.stringValue == "unknown tag 'agee'; did you mean 'age'?")
        #expect(warning?["path"]?.stringValue == "sections[0].rows[1].hidden")
        #expect(warning?["column"]?.int64Value == 1)
        let strict = FormProtocolDriver(definition: text, strict: true)
        #expect(!strict.didBuild)
        let error = try JSONParser.parse(strict.initialLine)["error"]
        #expect(error?["kind"]?.stringValue == "unknownTag")
        #expect(error?["problems"]?.arrayValue?.count == 1)
    }

    @Test("a misspelt key in the definition fails the build with its position and the closest key")
    func misspeltDefinitionKey() throws {
        let driver = FormProtocolDriver(
            definition: "{\"sections\": [{\"rows\": [\n  {\"tag\": \"a\", \"hiden\": true}]}]}")
        #expect(!driver.didBuild)
        let error = try JSONParser.parse(driver.initialLine)["error"]
        #expect(error?["kind"]?.stringValue == "unknownKey")
        #expect(error?["message"]?.stringValue == "unknown key 'hiden'; did you mean 'hidden'?")
        #expect(error?["line"]?.plainValue == 2)
        #expect(error?["column"]?.plainValue == 16)
    }

    @Test(
        "a misspelt key or name in an action is an error with its position and the closest name",
        arguments: [
            (#"{"addRow": {"section": "s", "row": {"tag": "c", "hiden": true}}}"#, "unknownKey", "'hidden'", 49),
            (
                #"{"setCondition": {"tag": "b", "propertry": "hidden", "condition": true}}"#, "unknownKey",
                "'property'", 31
            ),
            (#"{"addRow": {"sectoin": "s", "row": {"tag": "c"}}}"#, "unknownKey", "'section'", 13),
            (#"{"sett": {"a": 1}}"#, "invalidAction", "'set'", 2),
            (#"{"set": {"aa": 1}}"#, "unknownTag", "'a'", nil),
        ] as [(String, String, String, Int?)])
    func misspeltActionKey(line: String, kind: String, suggestion: String, column: Int?) throws {
        let driver = FormProtocolDriver(definition: definition)
        let before = try JSONParser.parse(driver.initialLine)
        let state = try JSONParser.parse(driver.perform(line))
        let error = state["error"]
        #expect(error?["kind"]?.stringValue == kind)
        #expect(error?["message"]?.stringValue?.hasSuffix("did you mean \(suggestion)?") == true)
        #expect(error?["column"]?.int64Value == column.map(Int64.init))
        #expect(state["valuesIncludingHidden"] == before["valuesIncludingHidden"])
        #expect(state["allRows"] == before["allRows"])
    }

    @Test("a batch action reports one net change set")
    func batch() throws {
        let driver = FormProtocolDriver(definition: definition)
        let state = try JSONParser.parse(driver.perform(#"{"batch": [{"set": {"a": 1}}, {"set": {"a": 2}}]}"#))
        #expect(state["changes"]?["rowsHidden"]?.plainValue == [])
        #expect(state["visibleRows"]?.plainValue == ["a", "b"])
    }
}
