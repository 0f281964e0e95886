// Malformed form JSON at every byte offset and at every nesting depth: a definition or an action that is
// cut short or corrupted is one clear `json` error with a line:column, nothing traps, and a form that was
// already loaded keeps exactly its values and state.
import Testing

@_spi(FormProtocol) @testable import FormEngine

@Suite("Malformed form JSON at every offset and depth")
struct MalformedJSONTests {
    /// A definition nested six levels deep (root → sections → section → rows → row → validations → rule,
    /// plus a typed `$set` value), over several lines, ASCII only so byte offsets are columns.
    static let definition = """
        {"options": {"hiddenValueInConditions": "null"},
         "sections": [{"tag": "s", "hidden": false, "rows": [
            {"tag": "a", "value": 1},
            {"tag": "b", "value": {"$set": [1, [2, 3]]}, "hidden": "$a == 2", "required": true,
             "validations": [{"predicate": "SELF.@count > 1", "message": "m"}]}]},
          {"tag": "t", "hidden": "$a == 3", "rows": [{"tag": "c", "value": "x"}]}]}
        """

    /// An action nested as deep as a definition (addRow → row → validations → rule).
    static let action =
        #"{"addRow": {"section": "t", "row": {"tag": "d", "value": {"$set": [1, [2]]}, "hidden": "$a == 4", "validations": [{"predicate": "SELF != nil", "message": "m"}]}}}"#

    /// The 1-based line and column of byte `offset` of ASCII `text`.
    static func position(of offset: Int, in text: String) -> (line: Int, column: Int) {
        let before = Array(text.utf8.prefix(offset))
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (line, offset - lineStart + 1)
    }

    /// Byte offsets just after each `{` and `[` outside strings: one per nesting level entered.
    static func openings(in text: String) -> [Int] {
        var result: [Int] = []
        var inString = false
        var escaped = false
        for (offset, byte) in text.utf8.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                result.append(offset + 1)
            }
        }
        return result
    }

    static func prefix(_ text: String, _ count: Int) -> String {
        String(decoding: text.utf8.prefix(count), as: UTF8.self)
    }

    static func inserting(_ insertion: String, at offset: Int, in text: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[..<offset] + Array(insertion.utf8) + bytes[offset...], as: UTF8.self)
    }

    /// Everything observable about a form: values (with and without hidden rows), tags, and every
    /// element's flags.
    static func snapshot(_ form: Form) -> String {
        let rows = form.rowStates.map { "\($0.path) h=\($0.isHidden) d=\($0.isDisabled) r=\($0.isRequired)" }
        let sections = form.sectionStates.map { "\($0.path) h=\($0.isHidden) d=\($0.isDisabled)" }
        return [
            "\(form.values().sorted { $0.key < $1.key })", "\(form.valuesIncludingHidden().sorted { $0.key < $1.key })",
            "\(form.visibleRowTags)", "\(form.allRowTags)", "\(form.visibleSectionTags)", "\(form.allSectionTags)",
            "\(rows)", "\(sections)", "\(form.validate().map(\.path))",
        ].joined(separator: "\n")
    }

    /// The `error` object of a protocol output line, as (kind, line, column).
    static func errorOf(_ outputLine: String) -> (kind: String?, line: Int?, column: Int?) {
        guard let node = try? JSONParser.parse(outputLine), let error = node["error"] else { return (nil, nil, nil) }
        return (
            error["kind"]?.stringValue, error["line"]?.int64Value.map { Int($0) },
            error["column"]?.int64Value.map { Int($0) }
        )
    }

    @Test("the fixtures are valid: the definition builds and the action applies")
    func fixturesAreValid() throws {
        let form = try Form(try FormDefinition.parseJSON(Self.definition))
        #expect(form.allRowTags == ["a", "b", "c"])
        let driver = FormProtocolDriver(definition: Self.definition)
        #expect(driver.didBuild)
        #expect(Self.errorOf(driver.perform(Self.action)).kind == nil)
        #expect(driver.form?.allRowTags == ["a", "b", "c", "d"])
        #expect(Self.openings(in: Self.definition).count >= 10)
    }

    @Test("a definition cut at every byte offset is a json error with a line:column inside the prefix")
    func truncatedDefinition() {
        let text = Self.definition
        for count in 0..<text.utf8.count {
            let cut = Self.prefix(text, count)
            let lines = cut.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
            do {
                _ = try FormDefinition.parseJSON(cut)
                Issue.record("prefix of \(count) bytes parsed")
            } catch {
                #expect(error.kind == .json, "prefix of \(count) bytes: \(error)")
                guard let location = error.location else {
                    Issue.record("prefix of \(count) bytes: no location in \(error)")
                    continue
                }
                #expect(
                    (1...lines).contains(location.line) && location.column >= 1, "prefix of \(count) bytes: \(error)")
            }
            let driver = FormProtocolDriver(definition: cut)
            #expect(!driver.didBuild)
            // The protocol's (and `predc form run`'s) error line carries the position.
            let reported = Self.errorOf(driver.initialLine)
            #expect(
                reported.kind == "json" && reported.line != nil && reported.column != nil,
                "prefix of \(count) bytes: \(driver.initialLine)")
        }
    }

    @Test("a stray byte at every nesting depth is a json error at exactly that line:column")
    func corruptedAtEveryDepth() {
        let text = Self.definition
        for offset in Self.openings(in: text) {
            for junk in ["@", "}", "]", ",", "tru", "\"unterminated"] {
                let bad = Self.inserting(junk, at: offset, in: text)
                do {
                    _ = try FormDefinition.parseJSON(bad)
                    // `}` after `{` or `]` after `[` closes an empty container: still malformed later on.
                    Issue.record("\(junk) at \(offset) parsed")
                } catch {
                    #expect(error.kind == .json, "\(junk) at \(offset): \(error)")
                    guard let location = error.location else {
                        Issue.record("\(junk) at \(offset): no location")
                        continue
                    }
                    if junk == "@" || junk == "," {
                        let expected = Self.position(of: offset, in: bad)
                        #expect(
                            location.line == expected.line && location.column == expected.column,
                            "\(junk) at \(offset): \(error), expected \(expected.line):\(expected.column)")
                    } else {
                        #expect(location.line >= 1 && location.column >= 1, "\(junk) at \(offset): \(error)")
                    }
                }
            }
        }
    }

    @Test("JSON nested past the depth limit inside a row value is a json error, not a crash")
    func nestedPastTheLimit() {
        for (depth, accepted) in [(10, true), (5_000, false), (100_000, false)] {
            let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text = #"{"sections": [{"rows": [{"tag": "a", "value": "# + value + "}]}]}"
            do {
                _ = try FormDefinition.parseJSON(text)
                #expect(accepted, "depth \(depth) accepted")
            } catch {
                #expect(!accepted, "depth \(depth): \(error)")
                #expect(error.kind == .json && error.location != nil, "depth \(depth): \(error)")
            }
        }
    }

    @Test("an action cut at every byte offset or corrupted at every depth leaves the loaded form untouched")
    func loadedFormUntouched() throws {
        let driver = FormProtocolDriver(definition: Self.definition)
        let form = try #require(driver.form)
        // Some state that differs from the definition's: a value set and a row hidden.
        #expect(Self.errorOf(driver.perform(#"{"set": {"a": 3}}"#)).kind == nil)
        let before = Self.snapshot(form)
        #expect(form.visibleRowTags == ["a", "b"])
        let line = Self.action
        var bad: [(String, String)] = (0..<line.utf8.count).map { ("prefix \($0)", Self.prefix(line, $0)) }
        for offset in Self.openings(in: line) {
            bad.append(("@ at \(offset)", Self.inserting("@", at: offset, in: line)))
            bad.append(("tru at \(offset)", Self.inserting("tru", at: offset, in: line)))
        }
        for (name, text) in bad {
            let output = driver.perform(text)
            let error = Self.errorOf(output)
            #expect(error.kind == "json" || error.kind == "invalidAction", "\(name): \(output)")
            if error.kind == "json" {
                #expect((error.line ?? 0) >= 1 && (error.column ?? 0) >= 1, "\(name): \(output)")
            }
            #expect(Self.snapshot(form) == before, "\(name) changed the form")
        }
        // A malformed definition loaded next to it does not touch it either.
        for count in stride(from: 0, to: Self.definition.utf8.count, by: 7) {
            #expect(!FormProtocolDriver(definition: Self.prefix(Self.definition, count)).didBuild)
        }
        #expect(Self.snapshot(form) == before)
        // And the intact action still applies afterwards.
        #expect(Self.errorOf(driver.perform(line)).kind == nil)
        #expect(form.allRowTags == ["a", "b", "c", "d"])
    }
}
