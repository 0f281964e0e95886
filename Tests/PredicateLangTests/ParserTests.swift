import Testing

@testable import PredicateLang

/// Input → dump tables for every construct of the language, and input → diagnostic id tables for
/// inputs that must not parse.
@Suite("Parser")
struct ParserTests {
    struct ParseCase: CustomTestStringConvertible, Sendable {
        let input: String
        let dump: String
        var arguments: [Value] = []
        init(_ input: String, _ dump: String, arguments: [Value] = []) {
            self.input = input
            self.dump = dump
            self.arguments = arguments
        }
        var testDescription: String { input }
    }

    static func dump(_ input: String, arguments: [Value] = []) -> String {
        let result = SyntaxTree.parse(input, arguments: arguments)
        guard let tree = result.tree else {
            return "error: " + result.diagnostics.map { "\($0.id): \($0.text)" }.joined(separator: "; ")
        }
        return tree.dump
    }

    @Test(
        "predicate structure: connectives, precedence, NOT, groups",
        arguments: [
            ParseCase("a = 1 OR b = 2 AND c = 3", "(or (== a 1) (and (== b 2) (== c 3)))"),
            ParseCase("a = 1 AND b = 2 OR c = 3", "(or (and (== a 1) (== b 2)) (== c 3))"),
            ParseCase("NOT a = 1 AND b = 2", "(and (not (== a 1)) (== b 2))"),
            ParseCase("a == 1 AND b == 2 AND c == 3", "(and (== a 1) (== b 2) (== c 3))"),
            ParseCase("a == 1 && b == 2 || c == 3 || d == 4", "(or (and (== a 1) (== b 2)) (== c 3) (== d 4))"),
            ParseCase("(a == 1 AND b == 2) AND c == 3", "(and (and (== a 1) (== b 2)) (== c 3))"),
            ParseCase("a == 1 AND (b == 2 OR c == 3)", "(and (== a 1) (or (== b 2) (== c 3)))"),
            ParseCase("!(a == 1)", "(not (== a 1))"),
            ParseCase("NOT NOT a == 1", "(not (not (== a 1)))"),
            ParseCase("((a == 1))", "(== a 1)"),
            ParseCase("truePredicate", "TRUEPREDICATE"),
            ParseCase("FALSEpredicate OR TRUEPREDICATE", "(or FALSEPREDICATE TRUEPREDICATE)"),
            ParseCase("aNd == 1 aNd b == 2", "error: expected-expression: expected expression"),
            ParseCase("(YES == YES) && (NO == YES)", "(and (== true true) (== false true))"),
        ])
    func predicates(_ testCase: ParseCase) {
        #expect(Self.dump(testCase.input, arguments: testCase.arguments) == testCase.dump)
    }

    @Test(
        "comparison operators, spellings, options and modifiers",
        arguments: [
            ParseCase("a = 1", "(== a 1)"),
            ParseCase("a == 1", "(== a 1)"),
            ParseCase("a != 1", "(!= a 1)"),
            ParseCase("a <> 1", "(!= a 1)"),
            ParseCase("a < 1", "(< a 1)"),
            ParseCase("a <= 1", "(<= a 1)"),
            ParseCase("a =< 1", "(<= a 1)"),
            ParseCase("a > 1", "(> a 1)"),
            ParseCase("a >= 1", "(>= a 1)"),
            ParseCase("a => 1", "(>= a 1)"),
            ParseCase("a BETWEEN {1, 2}", "(BETWEEN a (aggregate 1 2))"),
            ParseCase("a in {1}", "(IN a (aggregate 1))"),
            ParseCase("a contains 'x'", "(CONTAINS a \"x\")"),
            ParseCase("a beginswith 'x'", "(BEGINSWITH a \"x\")"),
            ParseCase("a ENDSWITH 'x'", "(ENDSWITH a \"x\")"),
            ParseCase("a LIKE 'x*'", "(LIKE a \"x*\")"),
            ParseCase("a MATCHES '.*'", "(MATCHES a \".*\")"),
            ParseCase("a UTI-CONFORMS-TO 'public.text'", "(UTI-CONFORMS-TO a \"public.text\")"),
            ParseCase("a uti-equals 'public.text'", "(UTI-EQUALS a \"public.text\")"),
            ParseCase("a LIKE[c] 'x'", "(LIKE[c] a \"x\")"),
            ParseCase("a like[dc] 'x'", "(LIKE[cd] a \"x\")"),
            ParseCase("a ==[n] 'x'", "(==[n] a \"x\")"),
            ParseCase("a CONTAINS[wlncd] 'x'", "(CONTAINS[cdlnw] a \"x\")"),
            ParseCase("a CONTAINS [c] 'x'", "(CONTAINS[c] a \"x\")"),
            ParseCase("ANY a == 1", "(any == a 1)"),
            ParseCase("SOME a == 1", "(any == a 1)"),
            ParseCase("all a > 1", "(all > a 1)"),
            ParseCase("NONE a < 18", "(not (any < a 18))"),
        ])
    func comparisons(_ testCase: ParseCase) {
        #expect(Self.dump(testCase.input, arguments: testCase.arguments) == testCase.dump)
    }

    @Test(
        "expressions: key paths, literals, arithmetic, calls and forms",
        arguments: [
            ParseCase("a.b.@count == 3", "(== a.b.@count 3)"),
            ParseCase("items.@sum.price == 6", "(== items.@sum.price 6)"),
            ParseCase("g.@max.#self == 1", "(== g.@max.self 1)"),
            ParseCase("#like like 'like'", "(LIKE like \"like\")"),
            ParseCase("self.#size == 1", "(== size 1)"),
            ParseCase("SELF == 1", "(== SELF 1)"),
            ParseCase("SeLf.x == 1", "(== x 1)"),
            ParseCase("(a).b == 1", "(== a.b 1)"),
            ParseCase("$x.name == 1", "(== (. $x name) 1)"),
            ParseCase("$#in == 1", "(== $in 1)"),
            ParseCase("a == nil AND b == NULL", "(and (== a nil) (== b nil))"),
            ParseCase(
                "a == YES OR a == true OR a == NO OR a == FALSE",
                "(or (== a true) (== a true) (== a false) (== a false))"),
            ParseCase("a == 'it''s'", "error: expected-end: expected 'AND', 'OR' or the end of the predicate"),
            ParseCase("a == 2.5", "(== a 2.5)"),
            ParseCase("a == 9.2e-5", "(== a 9.2e-05)"),
            ParseCase("a == 1E3", "(== a 1000.0)"),
            ParseCase("a == 0x1F", "(== a 31)"),
            ParseCase("a == 0o17", "(== a 15)"),
            ParseCase("a == 0b101", "(== a 5)"),
            ParseCase("a == -5", "(== a -5)"),
            ParseCase("a == -2.5", "(== a -2.5)"),
            ParseCase("a == - - 5", "(== a 5)"),
            ParseCase("a == -b", "(== a (neg b))"),
            ParseCase("a == -9223372036854775808", "(== a -9223372036854775808)"),
            ParseCase("self>-1", "(> SELF -1)"),
            ParseCase("1 * -1 == -1", "(== (* 1 -1) -1)"),
            ParseCase("a + 1 * 2 == 3", "(== (+ a (* 1 2)) 3)"),
            ParseCase("(a + 1) * 2 == 4", "(== (* (+ a 1) 2) 4)"),
            ParseCase("4 + 3 - 1 + 2 == 8", "(== (+ (- (+ 4 3) 1) 2) 8)"),
            ParseCase("2 ** 3 ** 2 == 64", "(== (** (** 2 3) 2) 64)"),
            ParseCase("-2 ** 2 == 4", "(== (** -2 2) 4)"),
            ParseCase("-a ** 2 == 4", "(== (** (neg a) 2) 4)"),
            ParseCase("a / 2 * 3 == 1", "(== (* (/ a 2) 3) 1)"),
            ParseCase("1 << 3 == 8", "(== (<< 1 3) 8)"),
            ParseCase("2 & 1 | 4 ^ 8 >> 1 == 0", "(== (>> (^ (| (& 2 1) 4) 8) 1) 0)"),
            ParseCase("1 + 2 & 3 == 3", "(== (& (+ 1 2) 3) 3)"),
            ParseCase("A IN B UNION C", "(IN A (UNION B C))"),
            ParseCase("A INTERSECT B MINUS C == {}", "(== (MINUS (INTERSECT A B) C) (aggregate))"),
            ParseCase("a[1] == 2", "(== (index a 1) 2)"),
            ParseCase("a[FIRST] == a[last]", "(== (index a FIRST) (index a LAST))"),
            ParseCase("a[SIZE] == 3", "(== (index a SIZE) 3)"),
            ParseCase("d['key'] == 1", "(== (index d \"key\") 1)"),
            ParseCase("$a[$b] == 1", "(== (index $a $b) 1)"),
            ParseCase("(SELF.g)[0] == 2", "(== (index g 0) 2)"),
            ParseCase("a[0].b[1].c == 1", "(== (. (index (. (index a 0) b) 1) c) 1)"),
            ParseCase("{{}}[SIZE] = 1", "(== (index (aggregate (aggregate)) SIZE) 1)"),
            ParseCase("{ 'a', 'b' }[SIZE] == 2", "(== (index (aggregate \"a\" \"b\") SIZE) 2)"),
            ParseCase("sum(a) == 1", "(== (call sum: a) 1)"),
            ParseCase("sum:(a) == 1", "(== (call sum: a) 1)"),
            ParseCase("now() > a", "(> (call now) a)"),
            ParseCase("random() < 1", "(< (call random) 1)"),
            ParseCase("add:to:(1, 1) == 2", "(== (call add:to: 1 1) 2)"),
            ParseCase("raise:toPower:(2, 3) == 8", "(== (call raise:toPower: 2 3) 8)"),
            ParseCase("max({1, 2, 3}) == 3", "(== (call max: (aggregate 1 2 3)) 3)"),
            ParseCase("FUNCTION(a, 'pow:', 3) == 8", "(== (FUNCTION a \"pow:\" 3) 8)"),
            ParseCase("FUNCTION('a', 'uppercase') == 'A'", "(== (FUNCTION \"a\" \"uppercase\") \"A\")"),
            ParseCase(
                "SUBQUERY(items, $i, $i.price > 5).@count > 2",
                "(> (. (SUBQUERY items $i (> (. $i price) 5)) @count) 2)"),
            ParseCase("TERNARY(a == 1, 'x', 'y') == 'x'", "(== (TERNARY (== a 1) \"x\" \"y\") \"x\")"),
            ParseCase("CAST('12', 'NSNumber') == 12", "(== (CAST \"12\" \"NSNumber\") 12)"),
            ParseCase("castObject:toType:('12', 'NSNumber') == 12", "(== (CAST \"12\" \"NSNumber\") 12)"),
            ParseCase("CAST(10, 'NSDate') == a", "(== (date 10.0) a)"),
            ParseCase("$x := 1 + 2 == 3", "(== (:= $x (+ 1 2)) 3)"),
            ParseCase("$x := $y := 1 == 1", "(== (:= $x (:= $y 1)) 1)"),
            ParseCase("ANYKEY == 1", "(== ANYKEY 1)"),
            ParseCase("%@*%@ == 1", "(== (* \"a\" \"b\") 1)", arguments: ["a", "b"]),
            ParseCase("\tself =\n123\n", "(== SELF 123)"),
        ])
    func expressions(_ testCase: ParseCase) {
        #expect(Self.dump(testCase.input, arguments: testCase.arguments) == testCase.dump)
    }

    @Test(
        "format arguments become constants and key paths",
        arguments: [
            ParseCase("%K == %@", "(== Record1.Name \"John\")", arguments: ["Record1.Name", "John"]),
            ParseCase("%K like %@", "(LIKE size \"x\")", arguments: ["size", "x"]),
            ParseCase("%K == 1", "(== $x 1)".replacingOccurrences("$x", "|$x|"), arguments: ["$x"]),
            ParseCase("%@ == %@", "(== \"lastName\" \"Smith\")", arguments: ["lastName", "Smith"]),
            ParseCase("a == %@", "(== a true)", arguments: [true]),
            ParseCase("a == %@", "(== a nil)", arguments: [nil]),
            ParseCase("a BETWEEN %@", "(BETWEEN a (array 1 2))", arguments: [[1, 2]]),
            ParseCase("a == %d", "(== a 99)", arguments: [99]),
            ParseCase("a == %ld", "(== a 3.7)", arguments: [3.7]),
            ParseCase("a == %lld AND b == %i AND c == %u", "(and (== a 1) (== b 2) (== c 3))", arguments: [1, 2, 3]),
            ParseCase("a == %f", "(== a 3)", arguments: [3]),
            ParseCase(
                "a == %lf AND b == %e AND c == %g", "(and (== a 1.5) (== b 2) (== c false))",
                arguments: [1.5, 2, false]),
            ParseCase("a.%K == 1", "(== a.b.c 1)", arguments: ["b.c"]),
            ParseCase("%K.%K == 1", "(== a.b.c 1)", arguments: ["a", "b.c"]),
            ParseCase("$x.%K == 1", "(== (. $x b) 1)", arguments: ["b"]),
            ParseCase("a == %s", "(== a \"x\")", arguments: ["x"]),
            ParseCase("a == %%", "(== a \"%\")"),
            ParseCase("'%K' like '%@'", "(LIKE \"%K\" \"%@\")", arguments: ["a", "b"]),
            ParseCase("%d*%f == 10.5", "(== (* 3 3.5) 10.5)", arguments: [3, 3.5]),
            ParseCase("%K.b == 1", "(== a.b 1)", arguments: ["a"]),
        ])
    func formatArguments(_ testCase: ParseCase) {
        #expect(Self.dump(testCase.input, arguments: testCase.arguments) == testCase.dump)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let input: String
        let id: String
        var arguments: [Value] = []
        init(_ input: String, _ id: String, arguments: [Value] = []) {
            self.input = input
            self.id = id
            self.arguments = arguments
        }
        var testDescription: String { input }
    }

    @Test(
        "invalid input gives the right first error and no tree",
        arguments: [
            ErrorCase("", "empty-input"),
            ErrorCase("   ", "empty-input"),
            ErrorCase("1", "expected-comparison"),
            ErrorCase("TRUE", "expected-comparison"),
            ErrorCase("age", "expected-comparison"),
            ErrorCase("0 || 1", "expected-comparison"),
            ErrorCase("sdlfjasdflj", "expected-comparison"),
            ErrorCase("age === 25", "expected-expression"),
            ErrorCase("()", "expected-expression"),
            ErrorCase("7 % 2 == 1", "unrecognized-conversion-specifier"),
            ErrorCase("== 1", "expected-expression"),
            ErrorCase("AND a == 1", "expected-expression"),
            ErrorCase("NOT", "expected-predicate"),
            ErrorCase("a == $", "expected-variable-name"),
            ErrorCase("a == 'abc", "unterminated-string"),
            ErrorCase("a == \"abc", "unterminated-string"),
            ErrorCase("a == 1;", "unexpected-character"),
            ErrorCase("a = = 1", "expected-expression"),
            ErrorCase("a.b. == 1", "expected-key"),
            ErrorCase("a == 1 &&", "expected-expression"),
            ErrorCase("|| a == 1", "expected-expression"),
            ErrorCase("like == 'x'", "reserved-word-as-key"),
            ErrorCase("subquery == 1", "expected-left-paren"),
            ErrorCase("cast == 1", "expected-left-paren"),
            ErrorCase("first == 1", "reserved-word-as-key"),
            ErrorCase("self.size == 1", "reserved-word-as-key"),
            ErrorCase("a == 1 == 1", "chained-comparison"),
            ErrorCase("1 < 2 < 3", "chained-comparison"),
            ErrorCase("a == %z", "unrecognized-conversion-specifier"),
            ErrorCase("a == %k", "unrecognized-conversion-specifier", arguments: ["x"]),
            ErrorCase("a == %@", "insufficient-format-arguments"),
            ErrorCase("%K == 1", "format-key-path-not-string", arguments: [1]),
            ErrorCase("%K == 1", "invalid-format-key-path", arguments: ["a..b"]),
            ErrorCase("a == %", "expected-conversion-character"),
            ErrorCase("1\\n+1 == 2", "backslash-outside-string"),
            ErrorCase("1+1 /* testing a comment */ == 2", "comment-not-supported"),
            ErrorCase("1//+1 == 1", "comment-not-supported"),
            ErrorCase("SELF like[c] %@?%@", "question-mark-outside-string", arguments: ["a", "b"]),
            ErrorCase("SELF like[c] %@*", "expected-expression", arguments: ["a"]),
            ErrorCase("a ==[x] 1", "unknown-comparison-option"),
            ErrorCase("a ==[c 1", "expected-closing"),
            ErrorCase("a BEGINSWTH 'x'", "unknown-operator"),
            ErrorCase("sin(0) == 1", "unknown-function"),
            ErrorCase("random:(5) == 1", "unknown-function"),
            ErrorCase("add:to:(1) == 1", "function-arity"),
            ErrorCase("add:to: == 1", "expected-left-paren"),
            ErrorCase("FETCH(a, b, c) == 1", "not-supported"),
            ErrorCase("a CASEINSENSITIVE 'x'", "not-supported"),
            ErrorCase("CI == 1", "not-supported"),
            ErrorCase("~a == 1", "not-supported"),
            ErrorCase("self isKindOfClass: %@", "not-supported", arguments: ["x"]),
            ErrorCase("a := 1 == 1", "assignment-target-not-variable"),
            ErrorCase("SUBQUERY(a, b, c == 1) == 1", "expected-variable"),
            ErrorCase("SUBQUERY(a, $b c == 1) == 1", "expected-comma"),
            ErrorCase("TERNARY(a, 1, 2) == 1", "expected-comparison"),
            ErrorCase("{1, 2 == 1", "expected-closing"),
            ErrorCase("{1,} == 1", "expected-expression"),
            ErrorCase("a[1 == 1", "expected-closing"),
            ErrorCase("(a == 1", "expected-closing"),
            ErrorCase("a == 1)", "expected-end"),
            ErrorCase("a == 9223372036854775808", "integer-literal-overflow"),
            ErrorCase("a == 99999999999999999999999", "integer-literal-overflow"),
            ErrorCase("a == 0x10000000000000000", "integer-literal-overflow"),
            ErrorCase("a == 0x", "expected-digits"),
            ErrorCase("a == 'x\\u12'", "invalid-escape"),
            ErrorCase("a == 'x\\uD800'", "invalid-unicode-escape"),
            ErrorCase("a == 'x\\xg'", "invalid-escape"),
            ErrorCase("a == #", "expected-key-after-hash"),
            ErrorCase("a.@ == 1", "expected-key-after-at"),
            ErrorCase("a == 1 ADN b == 2", "expected-end"),
        ])
    func errors(_ testCase: ErrorCase) {
        let result = SyntaxTree.parse(testCase.input, arguments: testCase.arguments)
        #expect(result.tree == nil)
        #expect(
            result.diagnostics.first(where: { $0.severity == .error })?.id == testCase.id,
            "\(result.diagnostics.map { "\($0.id): \($0.text)" })")
    }

    @Test("every conformance parse-error case fails to parse", arguments: ConformanceCase.parseErrorCases)
    func conformanceParseErrors(_ testCase: ConformanceCase) {
        let result = SyntaxTree.parse(testCase.format, arguments: testCase.arguments)
        #expect(result.tree == nil)
        #expect(result.diagnostics.hasErrors)
    }

    @Test("every conformance case that evaluates parses without errors", arguments: ConformanceCase.parsingCases)
    func conformanceParses(_ testCase: ConformanceCase) {
        let result = SyntaxTree.parse(testCase.format, arguments: testCase.arguments)
        #expect(result.tree != nil, "\(result.diagnostics.map(\.text))")
    }

    @Test("surplus format arguments are a warning, not an error")
    func surplusArguments() {
        let result = SyntaxTree.parse("a == %@", arguments: [1, 2, 3])
        #expect(result.tree?.dump == "(== a 1)")
        #expect(result.diagnostics.map(\.id) == ["unused-format-argument"])
        #expect(result.diagnostics.first?.severity == .warning)
    }

    @Test("parsing continues after an error and reports independent errors")
    func recovery() {
        let result = SyntaxTree.parse("a == AND b BEGINSWTH 'x' OR (c == 1 AND) OR d == 4")
        #expect(result.tree == nil)
        #expect(result.diagnostics.map(\.id) == ["expected-expression", "unknown-operator", "expected-expression"])
    }

    @Test("a cascade after one error is suppressed")
    func cascade() {
        let result = SyntaxTree.parse("a == (1 + ")
        #expect(result.diagnostics.count == 1)
    }

    @Test(
        "parseExpression parses a lone expression",
        arguments: [
            ParseCase("a + 1", "(+ a 1)"),
            ParseCase("FUNCTION(a, 'pow:', 3)", "(FUNCTION a \"pow:\" 3)"),
            ParseCase("$x := {1, 2}", "(:= $x (aggregate 1 2))"),
        ])
    func expressionEntryPoint(_ testCase: ParseCase) {
        let result = SyntaxTree.parseExpression(testCase.input)
        #expect(result.expression?.dump == testCase.dump)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("parseExpression rejects a predicate and trailing tokens", arguments: ["a == 1", "a b", ""])
    func expressionEntryPointErrors(_ input: String) {
        let result = SyntaxTree.parseExpression(input)
        #expect(result.expression == nil)
        #expect(result.diagnostics.hasErrors)
    }

    @Test("ranges are exact UTF-8 offsets")
    func ranges() throws {
        let result = SyntaxTree.parse("é == 1 AND name BEGINSWITH[c] 'x'")
        let tree = try #require(result.tree)
        guard case .and(let operands, let range) = tree, case .comparison(let second) = operands[1] else {
            Issue.record("unexpected tree \(tree.dump)")
            return
        }
        #expect(range == SourceRange(0, 34))
        #expect(second.range == SourceRange(12, 34))
        #expect(second.operatorRange == SourceRange(17, 30))
        #expect(result.source.slice(second.lhs.range) == "name")
        #expect(result.source.slice(second.rhs.range) == "'x'")
    }

    /// The parser's parenthesis table, by token index: each `(` → the index of its `)`, -1 where none closes
    /// it; every other token (and the end) -1.
    @Test(
        "each ( is matched with its ), unclosed and stray parentheses with nothing",
        arguments: [
            ("a == 1", [Int]()),
            ("(a == 1)", [4, -1, -1, -1, -1, -1]),
            ("((a == 1) OR (b == 2))", [12, 5, -1, -1, -1, -1, -1, 11, -1, -1, -1, -1, -1, -1]),
            ("((a == 1)", [-1, 5, -1, -1, -1, -1, -1]),
            ("(a == 1))", [4, -1, -1, -1, -1, -1, -1]),
            ("(((a", [-1, -1, -1, -1, -1]),
            (") (a == 1)", [-1, 5, -1, -1, -1, -1, -1]),
            ("(a)) AND ((b", [2, -1, -1, -1, -1, -1, -1, -1, -1]),
        ] as [(String, [Int])])
    func parenthesisTable(input: String, expected: [Int]) {
        var lexer = Lexer(source: SourceText(input), arguments: [], limits: .default)
        #expect(PredicateParser.matchParentheses(lexer.tokenize()) == expected)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
