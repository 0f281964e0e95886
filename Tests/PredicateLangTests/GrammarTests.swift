import Foundation
import Testing

@testable import PredicateLang

/// Grammar/ is a checked source of truth (STYLE.md §4.6): the rules in Predicate.ebnf are exactly
/// the rules quoted in the parser's doc comments, word for word, and every example behaves as its
/// golden file says. Set `PREDC_UPDATE_GOLDEN=1` to rewrite the `.diagnostics` goldens.
@Suite("Grammar")
struct GrammarTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let grammarDirectory = packageRoot.appendingPathComponent("Grammar")

    /// `name = body ;` rules with whitespace normalised, from EBNF text (comments removed).
    static func rules(in text: String) -> [String: String] {
        var uncommented = ""
        var rest = Substring(text)
        while let open = rest.range(of: "(*") {
            uncommented += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*)") else { break }
            rest = rest[close.upperBound...]
        }
        uncommented += rest
        var rules: [String: String] = [:]
        for chunk in splitRules(uncommented) {
            let normalized = chunk.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let equals = normalized.range(of: " = ") else { continue }
            rules[String(normalized[..<equals.lowerBound])] = normalized + " ;"
        }
        return rules
    }

    /// Splits on `;` outside double-quoted terminals.
    static func splitRules(_ text: String) -> [String] {
        var chunks: [String] = []
        var current = ""
        var inQuotes = false
        for character in text {
            if character == "\"" { inQuotes.toggle() }
            if character == ";" && !inQuotes {
                chunks.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return chunks.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// Rules quoted in `///     rule = ... ;` code lines of Sources/PredicateLang/Syntax/Parser*.swift.
    static func quotedRules() throws -> [String: String] {
        let syntax = packageRoot.appendingPathComponent("Sources/PredicateLang/Syntax")
        let files = try FileManager.default.contentsOfDirectory(atPath: syntax.path)
            .filter { $0.hasPrefix("Parser") && $0.hasSuffix(".swift") }
        var quoted = ""
        for file in files {
            let text = try String(contentsOf: syntax.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop(while: { $0 == " " })
                if trimmed.hasPrefix("///     ") { quoted += trimmed.dropFirst(8) + "\n" }
            }
        }
        return rules(in: quoted)
    }

    static func ebnfRules() throws -> [String: String] {
        try rules(in: String(contentsOf: grammarDirectory.appendingPathComponent("Predicate.ebnf"), encoding: .utf8))
    }

    @Test("the rule names in Predicate.ebnf are the rules quoted by the parser")
    func ruleNames() throws {
        let ebnf = try Self.ebnfRules()
        let quoted = try Self.quotedRules()
        #expect(ebnf.count >= 25)
        #expect(Set(ebnf.keys) == Set(quoted.keys))
    }

    @Test("each quoted rule equals its Predicate.ebnf text")
    func ruleTexts() throws {
        let ebnf = try Self.ebnfRules()
        for (name, text) in try Self.quotedRules() {
            #expect(ebnf[name] == text, "rule \(name)")
        }
    }

    static func examples(_ kind: String) -> [String] {
        let directory = grammarDirectory.appendingPathComponent("examples/" + kind)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".predicate") }.sorted()
    }

    static func text(_ kind: String, _ file: String) throws -> String {
        var text = try String(
            contentsOf: grammarDirectory.appendingPathComponent("examples/\(kind)/\(file)"), encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    @Test("there are valid and invalid examples")
    func examplesExist() {
        #expect(Self.examples("valid").count >= 5)
        #expect(Self.examples("invalid").count >= 5)
    }

    @Test("every valid example parses without diagnostics and round-trips", arguments: examples("valid"))
    func validExample(_ file: String) throws {
        let result = SyntaxTree.parse(try Self.text("valid", file), sourceName: file)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.text))")
        let tree = try #require(result.tree)
        let reparsed = try #require(SyntaxTree.parse(tree.format).tree)
        #expect(reparsed.format == tree.format)
    }

    @Test("every invalid example renders its .diagnostics golden", arguments: examples("invalid"))
    func invalidExample(_ file: String) throws {
        let result = SyntaxTree.parse(try Self.text("invalid", file), sourceName: file)
        #expect(result.tree == nil)
        let rendered = DiagnosticRenderer(source: result.source).render(result.diagnostics)
        let golden = Self.grammarDirectory.appendingPathComponent(
            "examples/invalid/" + file.replacingOccurrences(of: ".predicate", with: ".diagnostics"))
        if ProcessInfo.processInfo.environment["PREDC_UPDATE_GOLDEN"] == "1" {
            try rendered.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(rendered == expected)
    }
}
