// ConstantBytesTests: a string constant's bytes, kept in place up to 16 bytes and in an array beyond, read
// back exactly; and every string comparison that reads them (==, !=, IN, CONTAINS on a string and on an
// array, BEGINSWITH, ENDSWITH, with and without [c]) at lengths around the boundary, in form mode (the
// quick tier, checked against the thorough tier in debug builds) and with $variables.

import Testing

@testable import PredicateLang

@Suite("Constant bytes")
struct ConstantBytesTests {
    /// Strings from empty to past the inline capacity, ASCII and not.
    static let strings: [String] =
        (0...40).map { String(repeating: "abcdefghij", count: 5).prefix($0) }.map(String.init)
        + ["é", "e\u{301}", "日本語", String(repeating: "ü", count: 8), String(repeating: "ü", count: 9), "a\u{0}b"]

    @Test("the bytes read back are the string's UTF-8, in place and in an array", arguments: strings)
    func bytesReadBack(_ string: String) {
        let bytes = ConstantBytes(string)
        #expect(bytes.count == string.utf8.count)
        #expect(bytes.isEmpty == string.isEmpty)
        withUnsafePointer(to: bytes) { pointer in
            #expect(Array(ConstantBytes.bytes(pointer)) == Array(string.utf8))
        }
    }

    @Test("an empty constant has no bytes")
    func empty() {
        withUnsafePointer(to: ConstantBytes()) { #expect(ConstantBytes.bytes($0).isEmpty) }
    }

    /// One comparison at one constant length: the predicate (`§` stands for the constant), the subject and
    /// whether it holds.
    struct Comparison: Sendable, CustomTestStringConvertible {
        var format: String
        var subject: Value
        var expected: Bool
        var testDescription: String { "\(format) on \(subject): \(expected)" }
    }

    /// Each comparison at constant lengths 14 to 18 (the inline capacity is 16): equal subjects, subjects of
    /// the same length differing in the first or the last byte (so the bytes are compared, not just the
    /// lengths), longer subjects that contain the constant.
    static let comparisons: [Comparison] = (14...18).flatMap { length -> [Comparison] in
        let constant = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        let lastDiffers = String(constant.dropLast()) + "Z"
        let firstDiffers = "Z" + String(constant.dropFirst())
        let upper = constant.uppercased()
        let around = "<<" + constant + ">>"
        func string(_ text: String) -> Value { .string(text) }
        func format(_ template: String) -> String { template.replacingOccurrences(of: "§", with: "'\(constant)'") }
        return [
            Comparison(format: format("$s == §"), subject: string(constant), expected: true),
            Comparison(format: format("$s == §"), subject: string(lastDiffers), expected: false),
            Comparison(format: format("$s == §"), subject: string(firstDiffers), expected: false),
            Comparison(format: format("$s != §"), subject: string(lastDiffers), expected: true),
            Comparison(format: format("$s IN {'x', §}"), subject: string(constant), expected: true),
            Comparison(format: format("$s IN {'x', §}"), subject: string(lastDiffers), expected: false),
            Comparison(format: format("$s CONTAINS §"), subject: string(around), expected: true),
            Comparison(format: format("$s CONTAINS §"), subject: string("<<" + lastDiffers + ">>"), expected: false),
            Comparison(format: format("$s CONTAINS[c] §"), subject: string("<<" + upper + ">>"), expected: true),
            Comparison(format: format("$s BEGINSWITH §"), subject: string(constant + ">>"), expected: true),
            Comparison(format: format("$s BEGINSWITH §"), subject: string(firstDiffers + ">>"), expected: false),
            Comparison(format: format("$s ENDSWITH §"), subject: string("<<" + constant), expected: true),
            Comparison(format: format("$s ENDSWITH §"), subject: string("<<" + lastDiffers), expected: false),
            Comparison(format: format("$s BEGINSWITH[c] §"), subject: string(upper), expected: true),
            Comparison(
                format: format("$s CONTAINS §"), subject: .array([string("x"), string(constant)]), expected: true),
            Comparison(format: format("$s CONTAINS §"), subject: .array([string(lastDiffers)]), expected: false),
            Comparison(
                format: format("ANY $s == §"), subject: .array([string(firstDiffers), string(constant)]), expected: true
            ),
        ]
    }

    @Test("string comparisons around the inline capacity, in form mode and with variables", arguments: comparisons)
    func comparison(_ comparison: Comparison) throws {
        let symbols = SymbolTable(tags: ["s"])
        let formMode = try #require(CompiledPredicate.compile(comparison.format, symbols: symbols).predicate)
        var store = RowStore(symbols: symbols)
        store["s"] = comparison.subject
        #expect(try formMode.evaluate(in: store) == comparison.expected)
        let variables = try #require(CompiledPredicate.compile(comparison.format).predicate)
        #expect(try variables.evaluate(with: .null, variables: ["s": comparison.subject]) == comparison.expected)
    }

    @Test("string constants and needles are equal when their scalars are, not when only canonically equivalent")
    func equality() {
        #expect(StringConstant("é") == StringConstant("é"))
        #expect(StringConstant("é") != StringConstant("e\u{301}"))
        #expect(StringConstant("é").hashValue == StringConstant("é").hashValue)
        let long = String(repeating: "x", count: 40)
        #expect(StringConstant(long) == StringConstant(String(repeating: "x", count: 40)))
        #expect(SubstringMatcher(needle: "é", options: []) == SubstringMatcher(needle: "é", options: []))
        #expect(SubstringMatcher(needle: "é", options: []) != SubstringMatcher(needle: "e\u{301}", options: []))
        #expect(SubstringMatcher(needle: "é", options: []) != SubstringMatcher(needle: "é", options: .caseInsensitive))
        #expect(
            SubstringMatcher(needle: long, options: []).hashValue
                == SubstringMatcher(needle: String(repeating: "x", count: 40), options: []).hashValue)
    }
}
