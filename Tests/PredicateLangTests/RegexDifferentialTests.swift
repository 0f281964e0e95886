import Testing

@testable import PredicateLang

/// Randomised checks of the MATCHES engine: no traps on arbitrary pattern text, and agreement with
/// Swift's backtracking `Regex` on the syntax both share.
@Suite("MATCHES random and differential checks")
struct RegexDifferentialTests {
    @Test("random patterns compile or fail with a typed error, and never trap when matched")
    func randomPatterns() {
        let pieces = [
            "a", "b", "é", "ß", ".", "*", "+", "?", "|", "(", ")", "[", "]", "^", "$", "{2}", "{1,3}", "{2,}", "\\",
            "\\d", "\\w", "\\s", "\\b", "\\p{L}", "(?i)", "(?=", "(?!", "(?<=", "(?<!", "(?:", "-", ",", "}",
            "[^", "[:alpha:]", "\\Q", "\\E", "\\x{41}", "\\u00e9", "#", " ", "\n", "\\1", "\\2", "\\k<x>",
            "(?<x>", "(?>", "++", "*+", "?+", "&&", "--", "&", "\\N{LATIN SMALL LETTER A}", "\\p{Greek}", "\\X",
            "\\R", "\\N{", "\\p{", "\\x{", "(?x)", "(?w)", "(?d)", "[:", ":]", "\\0", "\\c", "\\uD83D",
        ]
        let subjects = ["", "a", "ab", "aé b", "aaaa", "b\nA", "é1_"]
        var generator = SplitMix(state: 2_024)
        var compiled = 0
        for _ in 0..<4_000 {
            let length = Int.random(in: 1...12, using: &generator)
            var pattern = ""
            for _ in 0..<length { pattern += pieces.randomElement(using: &generator) ?? "" }
            let options = ComparisonOptions(rawValue: UInt8.random(in: 0...15, using: &generator))
            do {
                let regex = try RegexPattern(pattern, options: options)
                compiled += 1
                for subject in subjects { _ = try regex.matches(subject) }
            } catch {
                #expect(
                    error.kind == .invalidPattern || error.kind == .regexLimit || error.kind == .budgetExceeded,
                    "\(pattern): \(error)")
            }
        }
        #expect(compiled > 100)
    }

    /// A random well-formed pattern over `a`, `b` and `.` with groups, alternation and quantifiers.
    static func randomPattern(depth: Int, using generator: inout SplitMix) -> String {
        let atoms = ["a", "b", ".", "[ab]", "[^a]"]
        var result = ""
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            var atom = atoms.randomElement(using: &generator) ?? "a"
            if depth > 0 && Int.random(in: 0..<3, using: &generator) == 0 {
                let inner = randomPattern(depth: depth - 1, using: &generator)
                let other = randomPattern(depth: depth - 1, using: &generator)
                atom = Bool.random(using: &generator) ? "(\(inner))" : "(?:\(inner)|\(other))"
            }
            let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "+?"]
            result += atom + (quantifiers.randomElement(using: &generator) ?? "")
        }
        return result
    }

    @Test("random patterns agree with Swift's backtracking Regex on short subjects")
    func randomAgainstSwiftRegex() throws {
        var generator = SplitMix(state: 99)
        for _ in 0..<400 {
            let pattern = Self.randomPattern(depth: 2, using: &generator)
            let reference = try Regex(pattern)
            let regex = try RegexPattern(pattern, options: [])
            for _ in 0..<6 {
                let subject = String(
                    (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                        Bool.random(using: &generator) ? "a" as Character : "b"
                    })
                let expected = (try reference.wholeMatch(in: subject)) != nil
                #expect(try regex.matches(subject) == expected, "'\(subject)' MATCHES '\(pattern)'")
            }
        }
    }
}
