// Form definitions from JSON: the positioned reader (errors with path and line:column) and Codable.
import Foundation
import Testing

@testable import FormEngine

@Suite("JSON definitions")
struct JSONDefinitionTests {
    @Test("each object's key list is its cases' names, in case order (the order that indexes the members)")
    func keyListsMatchCases() {
        func names<Key: CaseIterable>(_: Key.Type) -> [String] { Key.allCases.map { "\($0)" } }
        #expect(JSONDefinitionReader.rootKeys == names(JSONDefinitionReader.RootKey.self))
        #expect(JSONDefinitionReader.optionKeys == names(JSONDefinitionReader.OptionKey.self))
        #expect(JSONDefinitionReader.sectionKeys == names(JSONDefinitionReader.SectionKey.self))
        #expect(JSONDefinitionReader.rowKeys == names(JSONDefinitionReader.RowKey.self))
        #expect(JSONDefinitionReader.validationKeys == names(JSONDefinitionReader.ValidationKey.self))
    }

    @Test("a scenario-shaped definition is read with options, typed values and conditions")
    func reads() throws {
        let text = """
            {"options": {"hiddenValueInConditions": "null", "hiddenIncludesSection": true},
             "sections": [{"tag": "s", "hidden": false, "rows": [
                {"tag": "a", "value": 1}, {"tag": "b", "value": 1.0, "hidden": "$a == 1", "required": true},
                {"tag": "c", "value": {"$set": [1, 2]}, "validations": [{"predicate": "SELF.@count > 1", "message": "m"}]}]},
              {"tag": "list", "multivalued": true, "rows": [{"value": "x"}]}]}
            """
        let definition = try FormDefinition.parseJSON(text)
        #expect(definition.options.hiddenValueInConditions == .null)
        #expect(definition.options.hiddenIncludesSection)
        #expect(definition.sections[0].rows[0].value.isIdentical(to: .int(1)))
        #expect(definition.sections[0].rows[1].value.isIdentical(to: .double(1)))
        #expect(definition.sections[1].isMultivalued)
        let form = try Form(definition)
        #expect(form.visibleRowTags == ["a", "c"])
        #expect(form.values()["list"] == ["x"])
    }

    @Test(
        "errors name the path and the position",
        arguments: [
            (#"{"sections": [ }"#, FormError.Kind.json, "", 1),
            (
                #"{"sections": [{"rows": [{"tag": "a", "hiden": true}]}]}"#, .unknownKey,
                "sections[0].rows[0].hiden", 1
            ),
            (
                #"{"sections": [{"rows": [{"tag": "a", "hidden": 3}]}]}"#, .invalidDefinition,
                "sections[0].rows[0].hidden", 1
            ),
            ("{\"sections\": [{\"tag\": 5,\n \"rows\": []}]}", .invalidDefinition, "sections[0].tag", 1),
            (#"{"options": {"clearValueOnHide": "always"}}"#, .invalidDefinition, "options.clearValueOnHide", 1),
            // Paths are built only when an error is thrown: one case per place that builds one.
            (#"{"sections": [{}, {"rows": 3}]}"#, .invalidDefinition, "sections[1].rows", 1),
            (#"{"sections": [{"rows": [{}, {}, 7]}]}"#, .invalidDefinition, "sections[0].rows[2]", 1),
            ("{\"sections\": [{},\n{\"multivalued\": 1}]}", .invalidDefinition, "sections[1].multivalued", 2),
            (#"{"sections": [{"disabled": []}]}"#, .invalidDefinition, "sections[0].disabled", 1),
            (#"{"sections": [{"rows": [{"required": {}}]}]}"#, .invalidDefinition, "sections[0].rows[0].required", 1),
            (
                #"{"sections": [{"rows": [{"tag": "a"}, {"validations": {}}]}]}"#, .invalidDefinition,
                "sections[0].rows[1].validations", 1
            ),
            (
                #"{"sections": [{"rows": [{"validations": [{"predicate": "x"}, {"message": "m"}]}]}]}"#,
                .invalidDefinition, "sections[0].rows[0].validations[1]", 1
            ),
            (
                #"{"sections": [{"rows": [{"validations": [{"predicate": "x", "extra": 1}]}]}]}"#, .unknownKey,
                "sections[0].rows[0].validations[0].extra", 1
            ),
            (
                #"{"sections": [{"rows": [{"tag": "a", "value": {"$date": "yesterday"}}]}]}"#, .json,
                "sections[0].rows[0].value", 1
            ),
            (#"{"sections": [], "extra": 1}"#, .unknownKey, "extra", 1),
        ])
    func errors(text: String, kind: FormError.Kind, path: String, line: Int) {
        #expect {
            _ = try FormDefinition.parseJSON(text)
        } throws: { error in
            guard let error = error as? FormError else { return false }
            return error.kind == kind && error.path == path && error.location?.line == line
        }
    }

    @Test("a misspelt key is an error naming the closest key, positioned in the file; the checker lists them all")
    func unknownKeys() throws {
        let text = """
            {"sections": [{"rows": [
              {"tag": "a", "hiden": true, "type": "switch"},
              {"tag": "b", "requird": "$a == 1"}]}]}
            """
        let error = #expect(throws: FormError.self) { _ = try FormDefinition.parseJSON(text) }
        #expect(error?.kind == .unknownKey)
        #expect(error?.message == "unknown key 'hiden'; did you mean 'hidden'?")
        #expect(error?.path == "sections[0].rows[0].hiden")
        #expect(error?.location == SourceLocation(line: 2, column: 16))
        let lenient = try FormDefinition.parseJSON(text, rejectUnknownKeys: false)
        #expect(lenient.sections[0].rows.map(\.tag) == ["a", "b"])
        let problems = FormChecker.check(json: text)
        #expect(problems.map(\.id) == ["unknown-key", "unknown-key"])
        #expect(problems.map(\.location) == [SourceLocation(line: 2, column: 16), SourceLocation(line: 3, column: 16)])
        #expect(problems.allSatisfy { $0.severity == .error })
        #expect(problems.last?.message == "unknown key 'requird'; did you mean 'required'?")
    }

    @Test("decoding with Codable rejects a misspelt key too")
    func unknownKeysCodable() {
        let text = #"{"sections": [{"rows": [{"tag": "a", "hiden": true}]}]}"#
        #expect {
            _ = try JSONDecoder().decode(FormDefinition.self, from: Data(text.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "unknown key 'hiden'; did you mean 'hidden'?"
                && context.codingPath.last?.stringValue == "hiden"
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(FormDefinition.self, from: Data(#"{"options": {"hiddenValue": "null"}}"#.utf8))
        }
    }

    @Test("Codable: decoding with JSONDecoder and encoding back keeps the definition")
    func codable() throws {
        let text =
            #"{"options": {"clearValueOnHide": "onHidden"}, "sections": [{"tag": "s", "rows": [{"tag": "a", "value": [1, "x", null]}, {"tag": "b", "hidden": "$a.@count == 3", "disabled": true}]}]}"#
        let definition = try JSONDecoder().decode(FormDefinition.self, from: Data(text.utf8))
        #expect(definition.options.clearValueOnHide == .onHidden)
        let encoded = try JSONEncoder().encode(definition)
        let again = try JSONDecoder().decode(FormDefinition.self, from: encoded)
        let form = try Form(again)
        #expect(form["b"]?.isHidden == true)
        #expect(form["b"]?.isDisabled == true)
        #expect(form["a"]?.value == [1, "x", nil])
    }

    @Test("a Swift function condition cannot be encoded")
    func functionNotEncodable() {
        let definition = FormDefinition { Section("s") { Row("a").hidden(.function([]) { _ in true }) } }
        #expect(throws: EncodingError.self) { _ = try JSONEncoder().encode(definition) }
    }
}
