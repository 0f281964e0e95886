// Tests of the catastrophic-backtracking analysis behind the `catastrophic-regex` lint rule.

import Testing

@testable import predc

@Suite("Lint regex analysis")
struct LintRegexTests {
    private func problem(_ pattern: String) -> String? {
        var parser = RegexShapeParser(pattern)
        return CatastrophicRegexRule.problem(in: parser.parse())
    }

    @Test(arguments: ["(a+)+", "(a*)*", "(a+)*b", "^(\\w+\\s?)*$", "(.*a){2,}", "((ab)*c)+", "(?:x+y?)+"])
    func nestedQuantifiers(_ pattern: String) {
        #expect(problem(pattern)?.contains("nested quantifiers") == true)
    }

    @Test(arguments: ["(a|a)*", "(a|ab)+", "(\\w|\\d)+", "(x|.)*"])
    func overlappingAlternatives(_ pattern: String) {
        #expect(problem(pattern)?.contains("alternatives") == true)
    }

    @Test(arguments: [
        "a+b*", "(ab)+", "(a|b)*", "[a-z]+@[a-z]+\\.com", "(a+){3}", "(a++)+", "\\d{3}-\\d{4}", "(?i)jo.*", "a{2,5}",
        "((((((((((a))))))))))", "(", ")", "[", "\\", "{", "a{", "a{1,",
    ])
    func safePatterns(_ pattern: String) {
        #expect(problem(pattern) == nil)
    }
}
