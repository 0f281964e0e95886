// Errors as a Swift program sees them: `print(error)` and `localizedDescription` of a compile failure or
// an evaluation error show the swiftc-style text predc prints (never a struct dump), evaluation messages
// say which values are strings, and the filter-style APIs do what the documentation says with
// per-object evaluation errors.

import Foundation
import Testing

@testable import PredicateLang

@Suite("Errors printed from Swift")
struct ErrorPrintingTests {
    @Test("a compile failure prints as the compiler's diagnostics")
    func compilationFailure() {
        #expect {
            try CompiledPredicate("age >= 18 AND")
        } throws: { error in
            let expected = """
                <input>:1:14: error: expected expression after 'AND'
                age >= 18 AND
                             ^
                """
            return String(describing: error) == expected && "\(error)" == expected
                && error.localizedDescription == expected
        }
    }

    @Test("a compile failure against a schema prints its did-you-mean")
    func typedCompilationFailure() {
        #expect {
            try TypedPredicate("totl > 5", schema: Orders.schema)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("<input>:1:1: error: unknown key 'totl'") && text.contains("did you mean 'total'?")
                && !text.contains("utf8") && !text.contains("lineStarts")
        }
    }

    @Test("an evaluation error prints with the predicate's line and a caret")
    func evaluationError() throws {
        let predicate = try CompiledPredicate("name == 'x' OR age < 'eighteen'")
        let expected = """
            <input>:1:16: error: Can't compare integer 3 with string "eighteen"
            name == 'x' OR age < 'eighteen'
                           ^~~~~~~~~~~~~~~~
            """
        #expect {
            try predicate.evaluate(with: ["age": 3, "name": "y"])
        } throws: { error in
            String(describing: error) == expected && error.localizedDescription == expected
                && (error as? EvaluationError)?.source?.text == predicate.source.text
        }
        var store = RowStore(["age": 3])
        let slotted = try CompiledPredicate("$age < 'eighteen'", symbols: store.symbols)
        store["age"] = 4
        #expect {
            try slotted.evaluate(in: store)
        } throws: { error in
            String(describing: error).hasSuffix("\n$age < 'eighteen'\n^~~~~~~~~~~~~~~~~")
        }
    }

    @Test("a typed predicate's evaluation error carries its source too")
    func typedEvaluationError() throws {
        let predicate = try TypedPredicate("max:(items.qty) > 2", schema: Orders.schema)
        let empty = try #require(Orders.generate(200).first { $0.items.isEmpty })
        #expect {
            try predicate.evaluate(empty)
        } throws: { error in
            String(describing: error).hasPrefix("<input>:1:1: error: ")
                && String(describing: error).contains("\nmax:(items.qty) > 2\n^")
        }
    }

    @Test("an error made outside a predicate prints its message; the source is not part of equality")
    func errorWithoutSource() {
        let bare = EvaluationError(.typeMismatch, "Can't compare", at: SourceRange(0, 3))
        #expect(bare.description == "error: Can't compare")
        var sourced = bare
        sourced.source = SourceText("abc")
        #expect(sourced == bare && sourced.hashValue == bare.hashValue)
        #expect(sourced.description == "<input>:1:1: error: Can't compare\nabc\n^~~")
        #expect(EvaluationError(.typeMismatch, "a\u{1B}[2Jb").description == "error: a<U+001B>[2Jb")
    }

    struct MessageCase: CustomTestStringConvertible, Sendable {
        let format: String
        let object: Value
        let message: String
        init(_ format: String, _ object: Value, _ message: String) {
            self.format = format
            self.object = object
            self.message = message
        }
        var testDescription: String { format }
    }

    @Test(
        "messages show each value's kind: strings quoted, booleans YES/NO, doubles with a point",
        arguments: [
            MessageCase("age > 'eighteen'", ["age": 36], #"Can't compare integer 36 with string "eighteen""#),
            MessageCase("x < 100", ["x": "100"], #"Can't compare string "100" with integer 100"#),
            MessageCase("x < 'a'", ["x": true], #"Can't compare boolean YES with string "a""#),
            MessageCase("x < 'a'", ["x": 2.0], #"Can't compare double 2.0 with string "a""#),
            MessageCase("x < 'a'", ["x": [1, "b"]], #"Can't compare array (1, "b") with string "a""#),
            MessageCase(
                "x BEGINSWITH 'a'", ["x": 5],
                #"Can't do a substring operation with something that isn't a string (lhs = 5 rhs = "a")"#),
            MessageCase(
                "x CONTAINS 1", ["x": "abc"], #"Can't look for value (1) in string ("abc"); value is not a string "#),
            MessageCase(
                "x BETWEEN y", ["x": 1, "y": "ab"], #"Can't use between operator with rhs "ab" (not an array)"#),
            MessageCase("x MATCHES y", ["x": "a", "y": 5], "Can't create a regex expression from object 5."),
            MessageCase("x LIKE 'a'", ["x": .null, "y": 5], ""),
            MessageCase("x < 'a\"b'", ["x": 1], #"Can't compare integer 1 with string "a\"b""#),
            MessageCase(
                "CAST(x, 'NSNumber') == 1", ["x": "ten"], #"Don't know how to cast ("ten") into type NSNumber"#),
        ])
    func quotedMessages(_ testCase: MessageCase) throws {
        let predicate = try CompiledPredicate(testCase.format)
        do {
            _ = try predicate.evaluate(with: testCase.object)
            #expect(testCase.message.isEmpty, "no error")
        } catch {
            #expect(error.message == testCase.message)
        }
    }

    @Test("a value in a message is cut to a few dozen characters, control characters escaped")
    func longValues() throws {
        let predicate = try CompiledPredicate("x < 1")
        for value: Value in [
            .string(String(repeating: "a", count: 65_536)), .string(String(repeating: "\u{1B}", count: 1000)),
            .array(Array(repeating: "item", count: 100_000)), .array([[[[[[[1]]]]]]]),
            .dictionary(Dictionary(uniqueKeysWithValues: (0..<1000).map { ("k\($0)", Value.int($0)) })),
        ] {
            #expect {
                try predicate.evaluate(with: ["x": value])
            } throws: { error in
                guard let error = error as? EvaluationError else { return false }
                return error.message.count < 160 && !error.message.unicodeScalars.contains("\u{1B}")
            }
        }
    }
}
