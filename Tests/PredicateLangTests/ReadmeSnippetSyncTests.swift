// Keeps README.md's Swift snippets identical to the code the ReadmeExamplesTests files compile and
// check: every ```swift block of the README must appear, line for line, in one of those files.
import Foundation
import Testing

@Suite("README snippets are the tested code")
struct ReadmeSnippetSyncTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of `markdown`, as lists of trimmed, non-empty lines without `import`s.
    static func swiftBlocks(_ markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current ?? [])
                current = nil
            } else if current != nil, !trimmed.isEmpty, !trimmed.hasPrefix("import ") {
                current?.append(trimmed)
            }
        }
        return blocks
    }

    /// Whether `block` occurs as consecutive lines of `lines`.
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard !block.isEmpty, block.count <= lines.count else { return block.isEmpty }
        return (0...(lines.count - block.count)).contains { Array(lines[$0..<($0 + block.count)]) == block }
    }

    @Test("every README Swift block appears verbatim in a ReadmeExamplesTests file")
    func snippetsMatchTests() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var testLines: [String] = []
        for path in [
            "Tests/PredicateLangTests/ReadmeExamplesTests.swift", "Tests/FormEngineTests/ReadmeExamplesTests.swift",
        ] {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
            testLines += text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
        }
        let blocks = Self.swiftBlocks(readme)
        #expect(blocks.count >= 4)
        let missing = blocks.filter { !Self.contains(testLines, $0) }.map { $0.first ?? "" }
        #expect(missing.isEmpty, "README Swift blocks not found verbatim in the tests, starting with: \(missing)")
    }

    @Test("the checker notices a changed line")
    func checkerCatchesDrift() {
        let lines = ["let a = 1", "let b = 2", "let c = 3"]
        #expect(Self.contains(lines, ["let b = 2", "let c = 3"]))
        #expect(!Self.contains(lines, ["let b = 2", "let c = 4"]))
        #expect(Self.swiftBlocks("x\n```swift\nimport A\n\nlet a = 1\n```\n") == [["let a = 1"]])
    }
}
