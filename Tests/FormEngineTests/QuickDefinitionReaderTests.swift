// The quick definition reader (JSON bytes → FormDefinition, no tree) against the thorough one: what it
// reads, it reads as the thorough reader does; what it declines, the thorough reader reads, errors included.
import Foundation
import Testing

@testable import FormEngine

@Suite("Quick definition reader")
struct QuickDefinitionReaderTests {
    /// Definitions the quick reader reads: each must equal the thorough reader's.
    static let read: [String] = [
        "{}",
        " \n{ \"sections\" : [ ] }\n ",
        #"{"sections": [{"tag": "s_0", "rows": [{"tag": "in_0", "value": 10}, {"hidden": "$in_0 > 50"}]}]}"#,
        #"""
        {"options": {"hiddenValueInConditions": "null", "clearValueOnHide": "onHidden",
                     "hiddenIncludesSection": true, "conditionProblems": "warning"},
         "sections": [
           {"tag": "s", "hidden": true, "disabled": "$a == 1", "multivalued": false, "title": "Contact",
            "rows": [
              {"tag": "a", "value": "text", "hidden": false, "disabled": null, "required": "$b != nil",
               "validations": [{"predicate": "SELF.length > 2", "message": "too short"},
                               {"message": 3, "predicate": "SELF != ''"}, {"predicate": "TRUEPREDICATE", "message": null}],
               "title": 7, "type": "text"},
              {"tag": null, "value": null, "validations": null, "title": true, "type": null}]},
           {"tag": "list", "multivalued": true, "rows": null, "hidden": null},
           {"multivalued": null, "title": null, "rows": []}]}
        """#,
        #"{"options": {"hiddenValueInConditions": null, "clearValueOnHide": null, "hiddenIncludesSection": null}}"#,
        #"{"options": {}, "sections": [{"rows": [{"value": 1.5}, {"value": -0}, {"value": 1e3}, {"value": 0}]}]}"#,
        #"{"sections": [{"rows": [{"value": 12345678901234567890}, {"value": -9223372036854775808}, {"value": true}]}]}"#,
        // Integers either side of 18 digits (made from the digits up to 18, parsed beyond), Int64's ends and past them.
        #"{"sections": [{"rows": [{"value": 999999999999999999}, {"value": -999999999999999999}, {"value": 1000000000000000000}]}]}"#,
        #"{"sections": [{"rows": [{"value": 9223372036854775807}, {"value": 9223372036854775808}, {"value": -9223372036854775809}]}]}"#,
        #"{"sections": [{"rows": [{"value": -12}, {"value": 7}, {"value": 120}, {"value": -0.0}, {"value": 5E-1}]}]}"#,
        "{\"sections\": [{\"rows\": [{\"value\": \(String(repeating: "9", count: 300))}, {\"value\": -\(String(repeating: "1", count: 301))}]}]}",
        #"{"sections": [{"tag": "ünïcødé", "rows": [{"tag": "名前", "value": "😀 ok", "hidden": "$名前 == 'x'"}]}]}"#,
        "{\"sections\":[{\"rows\":[{\"tag\":\"t\",\"value\":false}]}],\"options\":{\"conditionProblems\":\"error\"}}",
        #"{"sections": [{"rows": [{"value": {"$date": "2024-01-01T00:00:00Z"}}, {"value": [1, 2.5, "x]\"y", [[]]]}]}]}"#,
        #"{"sections": [{"rows": [{"value": {"$set": ["a", "b"]}}, {"value": {"nested": {"list": [{}, null]}}}]}]}"#,
        #"{"sections": [{"title": {"en": "Contact", "list": ["a\"b"]}, "rows": [{"type": [1], "title": {}}]}]}"#,
        #"{"sections": [{"rows": [{"validations": [{"predicate": "SELF > 1", "message": {"text": "m"}}]}]}]}"#,
        #"{"sections": [{"rows": [{"value": "# + String(repeating: "[", count: 507) + String(repeating: "]", count: 507)
            + "}]}]}",
    ]

    @Test("reads the usual definition exactly as the thorough reader does", arguments: read)
    func readsAsThorough(_ text: String) throws {
        let quick = try #require(QuickDefinitionReader.definition(text))
        let thorough = try FormDefinition.thoroughlyParsedJSON(text, unknownKeys: nil)
        #expect(QuickDefinitionReader.sameDefinition(quick, thorough))
    }

    /// Texts the quick reader declines: unusual or wrong. `parseJSON` must then give what the thorough
    /// reader gives (the same definition, or the same error).
    static let declined: [String] = [
        "", "[]", "null", "{} x", "{", "{\"sections\": [}", "\u{FEFF}{}",
        #"{"sections": [{"tag": "a\"b"}]}"#,
        #"{"sections": [{"rows": [{"hidden": "$a == \"x\""}]}]}"#,
        #"{"sections": [{"rows": [{"value": [1, }]}]}"#,
        #"{"sections": [{"rows": [{"value": [1}]}]}"#,
        #"{"sections": [{"rows": [{"value": ["a]}]}]}"#,
        #"{"sections": [{"rows": [{"value": {"$date": true}}]}]}"#,
        #"{"sections": [{"rows": [{"value": {"a": 1, "a": 2}}]}]}"#,
        #"{"sections": [{"title": "Say "hi""}]}"#,
        #"{"sections": [{"rows": [{"value": "# + String(repeating: "[", count: 508) + String(repeating: "]", count: 508)
            + "}]}]}",
        #"{"sections": [{"rows": [{"value": 01}]}]}"#,
        #"{"sections": [{"rows": [{"value": 1e400}]}]}"#,
        #"{"sections": [{"rows": [{"value": 1.}]}]}"#,
        #"{"sectons": []}"#,
        // Keys of a known key's length, first and last bytes, and keys one byte short or long.
        #"{"sections": [{"rows": [{"tug": "a"}]}]}"#,
        #"{"sections": [{"rows": [{"hiddeN": "$a == 1"}, {"disabled": true}]}]}"#,
        #"{"sections": [{"rows": [{"ta": "a"}]}]}"#,
        #"{"sections": [{"rows": [{"tags": "a"}]}]}"#,
        #"{"sections": [{"rows": [{"": "a"}]}]}"#,
        #"{"options": {"clearValueOnHidE": "never"}}"#,
        #"{"sections": [], "sections": []}"#,
        #"{"sections": [{"tag": "s", "tag": "t"}]}"#,
        #"{"sections": [{"rows": [],}]}"#,
        #"{"sections": [{"rows": [{"tag": "a"},]}]}"#,
        #"{"sections": {}}"#,
        #"{"sections": null}"#,
        #"{"options": null}"#,
        #"{"options": {"clearValueOnHide": "always"}}"#,
        #"{"sections": [{"tag": 1}]}"#,
        #"{"sections": [{"hidden": 1}]}"#,
        #"{"sections": [{"multivalued": "yes"}]}"#,
        #"{"sections": [{"rows": [{"validations": [{"message": "m"}]}]}]}"#,
        #"{"sections": [{"rows": [{"validations": [{"predicate": 1}]}]}]}"#,
        #"{"sections": [{"rows": [{"validations": {}}]}]}"#,
        #"{"sections": [{"rows": [{"tag": "a\#u{01}b"}]}]}"#,
        #"{"sections": [{"rows": [{"hidden": tru}]}]}"#,
        #"{"sections": [{"rows": [{"hidden": truex}]}]}"#,
    ]

    @Test("declines anything unusual, and parseJSON then answers as the thorough reader", arguments: declined)
    func declines(_ text: String) {
        #expect(QuickDefinitionReader.definition(text) == nil)
        let parsed = Result { () throws(FormError) in try FormDefinition.parseJSON(text) }
        let thorough = Result { () throws(FormError) in try FormDefinition.thoroughlyParsedJSON(text, unknownKeys: nil)
        }
        switch (parsed, thorough) {
        case (.failure(let error), .failure(let expected)): #expect(error == expected)
        case (.success(let definition), .success(let expected)):
            #expect(QuickDefinitionReader.sameDefinition(definition, expected))
        default: Issue.record("parseJSON and the thorough reader disagree on \(text)")
        }
    }

    @Test("reads the example form and generated forms of every size without declining")
    func readsExamples() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/signup-form.json")
        let example = try String(contentsOf: url, encoding: .utf8)
        #expect(QuickDefinitionReader.definition(example) != nil)
        for count in [1, 30, 31, 500] {
            let rows = (0..<count).map { #"{"tag": "r\#($0)", "value": \#($0), "hidden": "$r\#($0 / 2) > 5"}"# }
            let text = #"{"sections": [{"tag": "s", "rows": [\#(rows.joined(separator: ", "))]}]}"#
            let quick = try #require(QuickDefinitionReader.definition(text))
            #expect(quick.sections.first?.rows.count == count)
            #expect(
                try QuickDefinitionReader.sameDefinition(
                    quick, FormDefinition.thoroughlyParsedJSON(text, unknownKeys: nil)))
        }
    }

    @Test("lenient reading collects unknown keys: the quick reader declines them")
    func lenientUnknownKeys() throws {
        let text = #"{"sections": [{"rows": [{"tag": "a", "hiden": "$b == 1"}]}]}"#
        #expect(QuickDefinitionReader.definition(text) == nil)
        let definition = try FormDefinition.parseJSON(text, rejectUnknownKeys: false)
        #expect(definition.sections.first?.rows.first?.tag == "a")
        #expect(definition.sections.first?.rows.first?.hidden == nil)
    }

    @Test("two definitions that differ in any part are not the same")
    func sameDefinitionTellsApart() throws {
        let base =
            #"{"sections": [{"tag": "s", "rows": [{"tag": "a", "value": 1, "hidden": "$b == 1", "validations": [{"predicate": "SELF > 0", "message": "m"}]}]}]}"#
        let variants = [
            base.replacingOccurrences(of: #""value": 1"#, with: #""value": 1.0"#),
            base.replacingOccurrences(of: #""value": 1"#, with: #""value": true"#),
            base.replacingOccurrences(of: #""tag": "a""#, with: #""tag": "b""#),
            base.replacingOccurrences(of: #""tag": "s""#, with: #""tag": "t""#),
            base.replacingOccurrences(of: "$b == 1", with: "$b == 2"),
            base.replacingOccurrences(of: #""hidden": "$b == 1""#, with: #""hidden": true"#),
            base.replacingOccurrences(of: #""message": "m""#, with: #""message": "n""#),
            base.replacingOccurrences(of: "SELF > 0", with: "SELF > 1"),
            base.replacingOccurrences(of: #""tag": "s","#, with: #""tag": "s", "multivalued": true,"#),
            #"{"options": {"hiddenIncludesSection": true}, "sections": "# + base.dropFirst(13),
        ]
        let original = try #require(QuickDefinitionReader.definition(base))
        #expect(QuickDefinitionReader.sameDefinition(original, original))
        for variant in variants {
            let other = try #require(QuickDefinitionReader.definition(variant), "\(variant)")
            #expect(!QuickDefinitionReader.sameDefinition(original, other), "\(variant)")
        }
    }
}
