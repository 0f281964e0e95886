import Testing

@testable import PredicateLang

/// Where diagnostics point (marked text), their notes and fix-its, and how the renderer prints them.
@Suite("Syntax diagnostics")
struct SyntaxDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let marked: String
        let id: String
        let text: String
        init(_ marked: String, _ id: String, _ text: String) {
            self.marked = marked
            self.id = id
            self.text = text
        }
        var testDescription: String { marked }
    }

    /// Each case: the first diagnostic starts at 1️⃣ and, when 2️⃣ is present, ends there.
    @Test(
        "diagnostics point at the offending text",
        arguments: [
            Case("age >= 18 AND1️⃣", "expected-expression", "expected expression after 'AND'"),
            Case("(age >= 18 AND name BEGINSWITH[c] 'Jo'1️⃣", "expected-closing", "expected ')' to end the group"),
            Case("name 1️⃣BEGINSWTH2️⃣ 'Jo'", "unknown-operator", "unknown operator 'BEGINSWTH'"),
            Case("a == 1️⃣'abc", "unterminated-string", "unterminated string literal"),
            Case("1 < 2 1️⃣<2️⃣ 3", "chained-comparison", "comparisons cannot be chained; join them with 'AND'"),
            Case(
                "age1️⃣", "expected-comparison",
                "expected a comparison operator after the expression; an expression alone is not a predicate"),
            Case(
                "self.1️⃣size2️⃣ == 1", "reserved-word-as-key",
                "'size' is a reserved word; write '#size' to use it as a key"),
            Case(
                "1️⃣sin2️⃣(x) == 0", "unknown-function",
                "Unable to parse function name 'sin' into supported selector (sin:)"),
            Case(
                "a ==[c1️⃣x2️⃣] 'b'", "unknown-comparison-option",
                "unknown comparison option 'x'; options are c, d, l, n and w"),
            Case(
                "a == 1️⃣%z2️⃣", "unrecognized-conversion-specifier",
                "Unrecognized conversion specifier 'z' in format string"),
            Case(
                "a == 1️⃣%@2️⃣", "insufficient-format-arguments",
                "Insufficient arguments for conversion characters specified in format string"),
            Case("é == 1 1️⃣ADN2️⃣ b == 2", "expected-end", "expected 'AND', 'OR' or the end of the predicate"),
            Case("1️⃣FETCH2️⃣(a, b, c) == 1", "not-supported", "FETCH is not supported"),
            Case("a 1️⃣CASEINSENSITIVE2️⃣ 'x'", "not-supported", "'CASEINSENSITIVE' is not supported"),
            Case("1️⃣~2️⃣a == 1", "not-supported", "the unary '~' operator (use onesComplement(x)) is not supported"),
            Case(
                "self 1️⃣isKindOfClass:2️⃣ 'x'", "not-supported",
                "a custom selector operator such as 'isKindOfClass:' is not supported"),
            Case("a == 1 1️⃣//2️⃣ note", "comment-not-supported", "comments are not supported in predicates"),
            Case("a.b. 1️⃣== 1", "expected-key", "expected a key after '.'"),
            Case("NOT1️⃣", "expected-predicate", "expected predicate after 'NOT'"),
            Case("a == 1 AND NOT !1️⃣", "expected-predicate", "expected predicate after '!'"),
            Case("1️⃣", "empty-input", "expected a predicate; the input is empty"),
            Case("1️⃣add:to:(1)2️⃣ == 2", "function-arity", "function 'add:to:' takes 2 arguments, not 1"),
        ])
    func positions(_ testCase: Case) throws {
        let marked = MarkedText(testCase.marked)
        let result = SyntaxTree.parse(marked.text)
        let first = try #require(result.diagnostics.first)
        #expect(first.id == testCase.id)
        #expect(first.text == testCase.text)
        #expect(first.range.lowerBound == marked.offset("1️⃣"))
        if marked.markers["2️⃣"] != nil { #expect(first.range.upperBound == marked.offset("2️⃣")) }
    }

    @Test("a missing ')' has a note at the '(' it matches")
    func matchingNote() throws {
        let marked = MarkedText("a == 1 AND 1️⃣(b == 2 OR c == 32️⃣")
        let diagnostic = try #require(SyntaxTree.parse(marked.text).diagnostics.first)
        #expect(diagnostic.range == .empty(at: marked.offset("2️⃣")))
        #expect(diagnostic.notes.map(\.text) == ["to match this '('"])
        #expect(diagnostic.notes.first?.range.lowerBound == marked.offset("1️⃣"))
        #expect(diagnostic.notes.first?.severity == .note)
    }

    @Test(
        "misspelled operator keywords get a fix-it",
        arguments: [
            ("a BEGINSWTH 'x'", "BEGINSWITH"), ("a LIK 'x'", "LIKE"), ("a contians 'x'", "CONTAINS"),
            ("a MATCHS 'x'", "MATCHES"), ("a BETWEN {1, 2}", "BETWEEN"), ("a == 1 ADN b == 2", "AND"),
            ("a == 1 OE b == 2", "OR"), ("sun(a) == 1", "sum"), ("lenght('a') == 1", "length"),
        ])
    func fixIts(_ input: String, _ replacement: String) throws {
        let diagnostic = try #require(SyntaxTree.parse(input).diagnostics.first)
        #expect(diagnostic.fixIts.map(\.replacement) == [replacement])
    }

    @Test("no fix-it for a word that is not close to any keyword")
    func noFixIt() throws {
        let diagnostic = try #require(SyntaxTree.parse("a banana 'x'").diagnostics.first)
        #expect(diagnostic.id == "expected-comparison")
        #expect(diagnostic.fixIts.isEmpty)
    }

    @Test("independent errors are all reported; cascades are not")
    func severalErrors() {
        let result = SyntaxTree.parse("a === 1 OR b LIKE[q] 'x' OR (c == AND d == 1)")
        #expect(
            result.diagnostics.map(\.id) == ["expected-expression", "unknown-comparison-option", "expected-expression"])
    }

    @Test("the renderer prints swiftc-style blocks with notes and fix-its")
    func rendering() {
        let result = SyntaxTree.parse("(age >= 18 AND name BEGINSWTH 'Jo'", sourceName: "<argument>")
        let rendered = DiagnosticRenderer(source: result.source).render(result.diagnostics)
        #expect(
            rendered == """
                <argument>:1:21: error: unknown operator 'BEGINSWTH'
                (age >= 18 AND name BEGINSWTH 'Jo'
                                    ^~~~~~~~~
                <argument>:1:21: note: did you mean 'BEGINSWITH'?
                (age >= 18 AND name BEGINSWTH 'Jo'
                                    ^~~~~~~~~

                """)
        let unclosed = SyntaxTree.parse("(age >= 18 AND\n  name BEGINSWITH[c] 'Jo'", sourceName: "rules.predicate")
        #expect(
            DiagnosticRenderer(source: unclosed.source).render(unclosed.diagnostics) == """
                rules.predicate:2:26: error: expected ')' to end the group
                  name BEGINSWITH[c] 'Jo'
                                         ^
                rules.predicate:1:1: note: to match this '('
                (age >= 18 AND
                ^

                """)
    }

    @Test("columns count Characters and tabs are kept for alignment")
    func renderingColumns() {
        let result = SyntaxTree.parse("\té == 'x' AND 👍🏽 == 1")
        let rendered = DiagnosticRenderer(source: result.source).render(result.diagnostics)
        #expect(
            rendered == """
                <input>:1:15: error: unexpected character '👍🏽'
                \té == 'x' AND 👍🏽 == 1
                \t             ^

                """)
    }

    @Test("colour is used only when asked")
    func colour() {
        let result = SyntaxTree.parse("age >= 18 AND")
        let plain = DiagnosticRenderer(source: result.source).render(result.diagnostics)
        let coloured = DiagnosticRenderer(source: result.source, useColor: true).render(result.diagnostics)
        #expect(!plain.contains("\u{1B}["))
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }

    @Test("a fix-it with a did-you-mean note at its range is shown once, by the note")
    func fixItWithNote() {
        let source = SourceText("$hasLicence == YES", name: "<argument>")
        let range = SourceRange(0, 11)
        let both = Diagnostic.warning(
            .unknownTag("hasLicence"), at: range, notes: [.note(.didYouMeanTag("hasLicense"), at: range)],
            fixIts: [FixIt(range: range, replacement: "$hasLicense")])
        #expect(
            DiagnosticRenderer(source: source).render(both) == """
                <argument>:1:1: warning: unknown tag 'hasLicence'
                $hasLicence == YES
                ^~~~~~~~~~~
                <argument>:1:1: note: did you mean 'hasLicense'?
                $hasLicence == YES
                ^~~~~~~~~~~

                """)
        var fixItOnly = both
        fixItOnly.notes = []
        #expect(DiagnosticRenderer(source: source).render(fixItOnly).contains("note: did you mean '$hasLicense'?"))
    }
}
