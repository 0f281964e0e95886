// DiagnosticRenderer on hostile input: the output stays small (a capped list, a window of a long line),
// never carries a raw control character, and keeps the caret under the character the column names.

import Testing

@testable import PredicateLang

@Suite("Diagnostic rendering of hostile input")
struct DiagnosticRendererTests {
    /// The rendered lines of `text`'s diagnostics.
    static func render(_ text: String, renderer configure: (inout DiagnosticRenderer) -> Void = { _ in }) -> String {
        let result = CompiledPredicate.compile(text, sourceName: "<argument>")
        var renderer = DiagnosticRenderer(source: result.source)
        configure(&renderer)
        return renderer.render(result.diagnostics)
    }

    /// The Character under the caret of the first block of `rendered` (header, line, marker).
    static func characterUnderCaret(_ rendered: String) -> Character? {
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        guard lines.count >= 3, let caret = lines[2].firstIndex(of: "^"), caret < lines[1].count else { return nil }
        return lines[1][caret]
    }

    @Test("one error in a 56 KB single-line predicate prints a few hundred bytes, the caret on the error")
    func longLine() {
        let text =
            "name == 'x' AND " + String(repeating: "a", count: 28_000) + " == 1 AND é == 2 AND "
            + String(repeating: "b", count: 28_000) + " == 3 AND zz == 4 4 AND c" + String(repeating: "c", count: 100)
            + " == 5"
        #expect(text.utf8.count > 56_000)
        let rendered = Self.render(text)
        #expect(rendered.utf8.count < 600, "\(rendered.utf8.count) bytes")
        let lines = rendered.split(separator: "\n")
        #expect(lines.count == 3, "\(rendered)")
        let column = text.components(separatedBy: " 4 AND c").first.map { $0.count + 2 } ?? 0
        #expect(lines.first?.hasPrefix("<argument>:1:\(column): error: ") == true, "\(rendered)")
        #expect(lines.dropFirst().allSatisfy { $0.count <= 100 })
        #expect(lines[1].hasPrefix("…") && lines[1].hasSuffix("…"))
        #expect(Self.characterUnderCaret(rendered) == "4", "\(rendered)")
    }

    /// A long line and the Character the caret must sit under.
    struct WindowCase: CustomTestStringConvertible, Sendable {
        let text: String
        let expected: Character
        var testDescription: String { "\(String(text.prefix(12)).debugDescription)… under '\(expected)'" }
        init(_ prefix: String, repeated count: Int, _ suffix: String, under expected: Character) {
            text = String(repeating: prefix, count: count) + suffix
            self.expected = expected
        }
    }

    @Test(
        "a window keeps the caret under its character whatever precedes it on the line",
        arguments: [
            WindowCase("é", repeated: 300, " == 1 AND x == 2 # AND y == 1", under: "#"),
            WindowCase(
                "'" + String(repeating: "👍🏽", count: 300) + "'", repeated: 1, " == x AND y == 2 # AND z", under: "#"),
            WindowCase("x == 2 2 AND y", repeated: 1, String(repeating: "y", count: 500) + " == 1", under: "2"),
            WindowCase("\u{1B}", repeated: 300, "x", under: "<"),
            WindowCase(
                "x == 1 AND ", repeated: 100, "y == 3 @ AND " + String(repeating: "z == 1 AND ", count: 100) + "w == 1",
                under: "@"),
        ])
    func windowAlignment(_ testCase: WindowCase) {
        let text = testCase.text
        let expected = testCase.expected
        let rendered = Self.render(text)
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 3 && lines[1].count <= 100 && lines[2].count <= 100, "\(rendered)")
        #expect(Self.characterUnderCaret(rendered) == expected, "\(rendered)")
    }

    @Test("a header's column counts Characters of the original line, escapes aside")
    func columnsAndEscapes() {
        let rendered = Self.render("'\u{1B}[2J' == x AND é == 1 2 AND \u{202E}")
        #expect(
            rendered == """
                <argument>:1:24: error: expected 'AND', 'OR' or the end of the predicate
                '<U+001B>[2J' == x AND é == 1 2 AND <U+202E>
                                              ^
                <argument>:1:30: error: unexpected character '<U+202E>'
                '<U+001B>[2J' == x AND é == 1 2 AND <U+202E>
                                                    ^~~~~~~~

                """)
    }

    @Test("100 errors in a 2 KB source print bounded output ending with the count of the rest")
    func manyErrors() {
        let text = (0..<100).map { "a\($0) =! \($0)" }.joined(separator: " AND ")
        let padded = text + String(repeating: " ", count: max(0, 2_000 - text.utf8.count))
        let rendered = Self.render(padded)
        #expect(CompiledPredicate.compile(padded).diagnostics.count >= 100)
        #expect(rendered.utf8.count < 8_000, "\(rendered.utf8.count) bytes")
        #expect(rendered.hasSuffix("<argument>: note: 80 more errors not shown\n"), "\(rendered.suffix(200))")
        let all = Self.render(padded) { $0.maxDiagnostics = .max }
        #expect(!all.contains("not shown"))
        let five = Self.render(padded) { $0.maxDiagnostics = 5 }
        #expect(five.components(separatedBy: ": error: ").count - 1 == 5)
        #expect(five.hasSuffix("<argument>: note: 95 more errors not shown\n"))
    }

    @Test("extreme settings neither trap nor lose the caret", arguments: [Int.min, -1, 0, 1, 17, Int.max])
    func extremeSettings(_ setting: Int) {
        let text = String(repeating: "x == 1 AND ", count: 50) + "y == 2 2"
        let rendered = Self.render(text) {
            $0.maxDiagnostics = setting
            $0.maxLineWidth = setting
        }
        #expect(rendered.hasPrefix("<argument>:1:558: error: "), "\(rendered.prefix(80))")
        #expect(Self.characterUnderCaret(rendered) == "2", "\(rendered)")
    }

    @Test("random text mixing controls, tabs, wide and combining characters renders safely and aligned")
    func randomText() {
        let pieces = [
            "a", "==", " ", "\t", "'", "(", ")", "AND", "1", "é", "e\u{301}", "👍🏽", "中", "\u{1B}", "\u{0}", "\u{7F}",
            "\u{9B}", "\u{202E}", "\u{200B}", "\r", "\n", "#", "@", "x", String(repeating: "y", count: 150),
        ]
        var random = SplitMix(state: 7)
        for _ in 0..<300 {
            let text = (0..<Int(random.next() % 60)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            let result = CompiledPredicate.compile(text)
            for diagnostic in result.diagnostics {
                let rendered = DiagnosticRenderer(source: result.source).render(diagnostic)
                let unsafe = rendered.unicodeScalars.contains {
                    $0 != "\n" && $0 != "\t" && (DisplayText.needsEscape($0) || $0 == "\u{200B}")
                }
                #expect(!unsafe, "\(text.debugDescription)")
                let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count >= 3 && lines[1].count <= 100 && lines[2].count <= 101, "\(text.debugDescription)")
            }
        }
    }

    @Test("the count of hidden diagnostics names each severity")
    func summaryBySeverity() {
        let source = SourceText("a == 1", name: "x")
        let diagnostics: [Diagnostic] =
            [.error(.expectedExpression(after: "=="), at: .empty(at: 0))]
            + Array(repeating: .error(.expectedExpression(after: "=="), at: .empty(at: 0)), count: 2)
            + [.warning(.unknownTag("t"), at: .empty(at: 0))]
        let rendered = DiagnosticRenderer(source: source, maxDiagnostics: 1).render(diagnostics)
        #expect(rendered.hasSuffix("x: note: 2 more errors and 1 more warning not shown\n"), "\(rendered)")
    }

    @Test(
        "raw control characters never reach the output",
        arguments: [
            "\u{1B}", "\u{0}", "\u{7F}", "\u{9B}", "\u{85}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{2028}",
            "\u{7}", "\r", "\u{FEFF}",
        ])
    func controlCharacters(_ control: String) {
        for text in ["a == '\(control)' AND", "a \(control)== 1", "\(control)", "x == 1 AND \(control)b =! 2"] {
            let rendered = Self.render(text)
            #expect(
                !rendered.unicodeScalars.contains { control.unicodeScalars.contains($0) }, "\(text.debugDescription)")
        }
        let named = DiagnosticRenderer(source: SourceText("a ==", name: "evil\(control).predicate"))
        #expect(!named.render(CompiledPredicate.compile("a ==").diagnostics).contains(control))
    }

    @Test("a long message is cut in the middle; tabs are kept for alignment")
    func longMessageAndTabs() {
        let name = String(repeating: "k", count: 5_000)
        let source = SourceText("\t\(name) == 1")
        let diagnostic = Diagnostic.error(.unknownTag(name), at: SourceRange(1, 1 + name.utf8.count))
        let rendered = DiagnosticRenderer(source: source).render(diagnostic)
        #expect(rendered.utf8.count < 800, "\(rendered.utf8.count) bytes")
        #expect(rendered.contains("…"))
        #expect(rendered.split(separator: "\n")[2].hasPrefix("\t^~~"))
    }

    @Test("an evaluation error renders with its caret against the source given")
    func evaluationError() throws {
        let predicate = try CompiledPredicate("age < 'eighteen' OR name == 'x'")
        #expect {
            try predicate.evaluate(with: ["age": 3, "name": "y"])
        } throws: { error in
            guard let error = error as? EvaluationError else { return false }
            let source = SourceText("age < 'eighteen' OR name == 'x'", name: "rules.predicate")
            return DiagnosticRenderer(source: source).render(error) == """
                rules.predicate:1:1: error: Can't compare integer 3 with string "eighteen"
                age < 'eighteen' OR name == 'x'
                ^~~~~~~~~~~~~~~~

                """
        }
    }
}
