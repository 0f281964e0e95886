import Testing

@testable import PredicateLang

/// `JSONParser`: trees with source ranges and positioned errors.
@Suite("JSON parser")
struct JSONParserTests {
    @Test("nodes carry exact ranges and objects keep key order")
    func ranges() throws {
        let text = #"{"b": [1, {"c": true}], "a": "x"}"#
        let root = try JSONParser.parse(text)
        let source = SourceText(text)
        #expect(root.objectValue?.map(\.key) == ["b", "a"])
        #expect(root.range == SourceRange(0, text.utf8.count))
        let inner = try #require(root["b"]?[1])
        #expect(source.slice(inner.range) == #"{"c": true}"#)
        #expect(source.slice(try #require(inner.member("c")).keyRange) == #""c""#)
        #expect(inner["c"]?.boolValue == true)
        #expect(source.slice(try #require(root["a"]).range) == #""x""#)
        #expect(root["missing"] == nil)
        #expect(root["b"]?[5] == nil)
    }

    @Test(
        "scalars and number spelling",
        arguments: [
            ("0", "0", true), ("-12", "-12", true), ("1.5", "1.5", false), ("1e3", "1e3", false),
            ("-0.0", "-0.0", false), ("9223372036854775808", "9223372036854775808", true),
        ])
    func numbers(_ text: String, _ literal: String, _ isInteger: Bool) throws {
        let node = try JSONParser.parse(text)
        #expect(node.numberLiteral == literal)
        #expect(node.isIntegerLiteral == isInteger)
    }

    @Test("string escapes, surrogate pairs and raw UTF-8")
    func strings() throws {
        let node = try JSONParser.parse(#""a\"b\\c\/\n\t\u00e9\ud83d\ude00é""#)
        #expect(node.stringValue == "a\"b\\c/\n\té😀é")
        #expect(try JSONParser.parse("[]").arrayValue?.isEmpty == true)
        #expect(try JSONParser.parse(" { } ").objectValue?.isEmpty == true)
        #expect(try JSONParser.parse("\u{FEFF}null").isNull)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let text: String
        let message: String
        let line: Int
        let column: Int
        var testDescription: String { "\(text.debugDescription) → \(line):\(column) \(message)" }
    }

    @Test(
        "errors point at line and column",
        arguments: [
            ErrorCase(text: "", message: "empty input", line: 1, column: 1),
            ErrorCase(text: "{\"a\": \"x", message: "unterminated string", line: 1, column: 7),
            ErrorCase(text: "[1,\n 2,]", message: "trailing comma in array", line: 2, column: 4),
            ErrorCase(text: "{\"a\": 1,}", message: "trailing comma in object", line: 1, column: 9),
            ErrorCase(text: "\"a\\x\"", message: "invalid escape '\\x' in string", line: 1, column: 3),
            ErrorCase(text: "{\"a\": 1, \"a\": 2}", message: "duplicate key \"a\"", line: 1, column: 10),
            ErrorCase(text: "[01]", message: "leading zeros are not allowed in numbers", line: 1, column: 2),
            ErrorCase(text: "[1 2]", message: "expected ',' or ']' in array, found '2'", line: 1, column: 4),
            ErrorCase(text: "{\"a\" 1}", message: "expected ':' after object key, found '1'", line: 1, column: 6),
            ErrorCase(text: "{1: 2}", message: "expected a string key in object, found '1'", line: 1, column: 2),
            ErrorCase(text: "[1", message: "unterminated array", line: 1, column: 3),
            ErrorCase(text: "tru", message: "invalid literal, expected 'true'", line: 1, column: 1),
            ErrorCase(text: "1 2", message: "unexpected '2' after the JSON value", line: 1, column: 3),
            ErrorCase(text: "\"\\ud800\"", message: "lone high surrogate \\uD800", line: 1, column: 2),
            ErrorCase(text: "\"\\udc00\"", message: "lone low surrogate \\uDC00", line: 1, column: 2),
            ErrorCase(
                text: "\"a\nb\"", message: "control character U+000A must be escaped in a string", line: 1, column: 3),
            ErrorCase(text: "1e400", message: "number 1e400 is out of range", line: 1, column: 1),
            ErrorCase(text: "-", message: "expected a digit after '-'", line: 1, column: 2),
            ErrorCase(text: "[1.]", message: "expected a digit after '.'", line: 1, column: 4),
            ErrorCase(text: "NaN", message: "expected a value, found 'N'", line: 1, column: 1),
            ErrorCase(text: "{\"é\": x}", message: "expected a value, found 'x'", line: 1, column: 7),
        ])
    func errors(_ testCase: ErrorCase) {
        #expect {
            try JSONParser.parse(testCase.text)
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.message == testCase.message && error.line == testCase.line && error.column == testCase.column
        }
    }

    /// Integers of up to 300 digits are taken as within range without converting them; longer ones and
    /// literals with a fraction or an exponent are converted, and rejected when they overflow a Double.
    @Test(
        "a number literal is rejected exactly when it overflows a Double",
        arguments: [
            ("1" + String(repeating: "0", count: 299), true), ("-" + String(repeating: "9", count: 300), true),
            ("1" + String(repeating: "0", count: 308), true), ("1" + String(repeating: "0", count: 309), false),
            ("-" + String(repeating: "9", count: 309), false), ("1.5e308", true), ("1.8e308", false), ("12", true),
        ])
    func numberRange(literal: String, accepted: Bool) {
        let parsed = try? JSONParser.parse("[\(literal)]")
        #expect((parsed != nil) == accepted)
        #expect((parsed != nil) == (Double(literal)?.isFinite == true))
    }

    /// An object of `count` members `k0`, `k1`, … with `k<duplicate>` written again after them.
    static func object(count: Int, duplicate: Int?) -> String {
        var members = (0..<count).map { "\"k\($0)\": \($0)" }
        if let duplicate { members.append("\"k\(duplicate)\": 0") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    @Test(
        "a duplicate key is found in small objects (scanned) and large ones (indexed), canonically equal keys too",
        arguments: [(3, 1), (15, 0), (15, 14), (16, 3), (17, 16), (40, 0), (40, 39)])
    func duplicateKeys(_ count: Int, _ duplicate: Int) throws {
        let text = Self.object(count: count, duplicate: duplicate)
        let column = text.utf8.count - "\"k\(duplicate)\": 0}".utf8.count + 1
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONError).map { $0.message == "duplicate key \"k\(duplicate)\"" && $0.column == column }
                ?? false
        }
        #expect((try? JSONParser.parse(Self.object(count: count, duplicate: nil))) != nil)
        for size in [2, 20] {
            let filler = (0..<size).map { "\"f\($0)\": 0" }.joined(separator: ", ")
            #expect(throws: JSONError.self) { try JSONParser.parse("{\"é\": 1, \(filler), \"e\u{301}\": 2}") }
        }
    }

    @Test("nesting beyond the depth limit is an error, not a crash")
    func depthLimit() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try JSONParser.parse(deep)
        } throws: { error in
            (error as? JSONError)?.message == "nesting deeper than 512 levels"
        }
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? JSONParser.parse(ok)) != nil)
        let limited = JSONLimits(maxDepth: 2)
        #expect(throws: JSONError.self) { try JSONParser.parse("[[[]]]", limits: limited) }
        #expect((try? JSONParser.parse("[[]]", limits: limited)) != nil)
    }

    @Test("input beyond the size limit is rejected")
    func sizeLimit() {
        #expect(throws: JSONError.self) { try JSONParser.parse("[1, 2, 3]", limits: JSONLimits(maxBytes: 4)) }
    }

    @Test("invalid UTF-8 bytes are reported at their offset")
    func invalidUTF8() {
        #expect {
            try JSONParser.parse(bytes: [0x22, 0x61, 0xFF, 0x22])
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.message == "invalid UTF-8" && error.offset == 2
        }
        #expect((try? JSONParser.parse(bytes: Array("\"é\"".utf8)))?.stringValue == "é")
    }

    @Test("long flat arrays and objects parse in linear time", .timeLimit(.minutes(1)))
    func flatContainers() throws {
        let array = "[" + Array(repeating: "1", count: 100_000).joined(separator: ",") + "]"
        #expect(try JSONParser.parse(array).arrayValue?.count == 100_000)
        let object = "{" + (0..<20_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
        let root = try JSONParser.parse(object)
        #expect(root.objectValue?.count == 20_000)
        #expect(root["k19999"]?.int64Value == 19_999)
    }
}
