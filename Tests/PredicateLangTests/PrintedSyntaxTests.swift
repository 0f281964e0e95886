// The two grammar extensions the canonical printer relies on: quoted names (`#"first name"`,
// `$#"a b"`) and dictionary constants (`{"key" = value}`), how they parse and how they fail.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Quoted names and dictionary constants")
struct PrintedSyntaxTests {
    struct ParseCase: CustomTestStringConvertible, Sendable {
        let input: String
        let dump: String
        init(_ input: String, _ dump: String) {
            self.input = input
            self.dump = dump
        }
        var testDescription: String { input }
    }

    @Test(
        "parses",
        arguments: [
            ParseCase(#"#"first name" == 1"#, "(== |first name| 1)"),
            ParseCase(#"#'2nd' == 1"#, "(== 2nd 1)"),
            ParseCase(#"a.#"b.c".#size == 1"#, "(== a.|b.c|.size 1)"),
            ParseCase(#"#"" == 1"#, "(== || 1)"),
            ParseCase(#"#"a\"b\\c|d" == 1"#, #"(== |a"b\\c\|d| 1)"#),
            ParseCase(#"#"\u00e9" == #"é""#, "(== é é)"),
            ParseCase(#"$#"a b" == 1"#, "(== $|a b| 1)"),
            ParseCase(#"$#"a b" := 1 == 1"#, "(== (:= $|a b| 1) 1)"),
            ParseCase(
                #"SUBQUERY(a, $#"x y", $#"x y" == 1).@count == 0"#,
                "(== (. (SUBQUERY a $|x y| (== $|x y| 1)) @count) 0)"),
            ParseCase(#"a == {"k" = 1, "m" = "x"}"#, #"(== a (dictionary ("k" 1) ("m" "x")))"#),
            ParseCase(#"a == {"k" = {1, {2} UNION {}}}"#, #"(== a (dictionary ("k" (array 1 (set 2)))))"#),
            ParseCase(
                #"a == {"k" = -1e999, "n" = CAST(10.5, "NSDate")}"#,
                #"(== a (dictionary ("k" -inf) ("n" (date 10.5))))"#),
            ParseCase(#"a == {"k" = {"m" = nil}}"#, #"(== a (dictionary ("k" (dictionary ("m" nil)))))"#),
        ])
    func parses(_ testCase: ParseCase) throws {
        let result = SyntaxTree.parse(testCase.input)
        let tree = try #require(result.tree, "\(result.diagnostics)")
        #expect(tree.dump == testCase.dump)
    }

    @Test("a dictionary constant's NaN and infinite dates read back")
    func nonFiniteInDictionary() throws {
        let tree = try #require(SyntaxTree.parse(#"a == {"n" = 1e999 - 1e999, "d" = CAST(1e999, "NSDate")}"#).tree)
        guard case .comparison(let comparison) = tree, case .constant(.dictionary(let dictionary), _) = comparison.rhs
        else {
            Issue.record("not a dictionary constant: \(tree.dump)")
            return
        }
        #expect(dictionary["n"]?.doubleValue?.isNaN == true)
        #expect(dictionary["d"] == .date(Date(timeIntervalSinceReferenceDate: .infinity)))
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let input: String
        let ids: [String]
        init(_ input: String, _ ids: [String]) {
            self.input = input
            self.ids = ids
        }
        var testDescription: String { input }
    }

    @Test(
        "errors",
        arguments: [
            // A quoted name is a key, never a function name.
            ErrorCase(#"#"sum"(a) == 1"#, ["expected-comparison"]),
            ErrorCase(#"#"abc == 1"#, ["unterminated-string"]),
            ErrorCase(#"$#"abc == 1"#, ["unterminated-string"]),
            ErrorCase(#"a == {1 = 2}"#, ["not-supported"]),
            ErrorCase(#"a == {"k" = b}"#, ["not-supported"]),
            ErrorCase(#"a == {"k" = 1 + 2}"#, ["not-supported"]),
            ErrorCase(#"a == {"k" = 1, 2}"#, ["not-supported"]),
            ErrorCase(#"a == {"k" = 1"#, ["expected-closing"]),
        ])
    func errors(_ testCase: ErrorCase) {
        let result = SyntaxTree.parse(testCase.input)
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.message.id) == testCase.ids)
    }
}
