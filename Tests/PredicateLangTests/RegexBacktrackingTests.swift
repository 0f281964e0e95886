import Testing

@testable import PredicateLang

/// Back references, atomic groups and possessive quantifiers: answers as ICU gives them (checked with
/// scripts/icu-oracle), the routing of such patterns to the backtracking matcher, and the bounds on its work.
@Suite("MATCHES back references, atomic groups and possessive quantifiers")
struct RegexBacktrackingTests {
    typealias RegexCase = RegexPatternTests.RegexCase

    static let backreferenceCases: [RegexCase] = [
        RegexCase("abab", "(ab)\\1", true),
        RegexCase("abac", "(ab)\\1", false),
        RegexCase("aa", "(a)\\1", true),
        RegexCase("ab", "(a)\\1", false),
        RegexCase("abcabc", "(a)(b)(c)\\1\\2\\3", true),
        RegexCase("abcacb", "(a)(b)(c)\\1\\2\\3", false),
        RegexCase("abcdefghijj", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", true),
        RegexCase("aa0", "(a)\\10", true),
        RegexCase("a", "\\1(a)", false),
        RegexCase("b", "(?:(a)|b)\\1", false),
        RegexCase("b", "(a*)b\\1", true),
        RegexCase("aaaa", "(a+)\\1", true),
        RegexCase("aaa", "(a+)\\1", false),
        RegexCase("aaaaaa", "(a+)\\1\\1", true),
        RegexCase("abab", "(?<x>ab)\\k<x>", true),
        RegexCase("abba", "(?<x>a)(?<y>b)\\k<y>\\k<x>", true),
        RegexCase("abcd ABCD", "(abcd) \\1", .caseInsensitive, true),
        RegexCase("abcd abc", "(abcd) \\1", .caseInsensitive, false),
        RegexCase("ßSS", "(ß)\\1", .caseInsensitive, true),
        RegexCase("ßs", "(ß)\\1", .caseInsensitive, false),
        RegexCase("aA", "(a)(?i)\\1", true),
        RegexCase("aA", "(a)\\1", false),
        RegexCase("k\u{212A}", "(?i)(k)\\1", true),
        RegexCase("σς", "(?i)(σ)\\1", true),
        RegexCase("aa", "(a)?\\1", true),
        RegexCase("a", "(a)?\\1", false),
        RegexCase("xyyx", "(.)(.)\\2\\1", true),
        RegexCase("xyxy", "(.)(.)\\2\\1", false),
        RegexCase("hello hello", "(\\w+) \\1", true),
        RegexCase("hello world", "(\\w+) \\1", false),
        RegexCase("aaa", "(?=(a+))a*\\1", true),
        RegexCase("aaaa", "(?=(a+))\\1a*", true),
        RegexCase("ab", "(?<=(a))b\\1", false),
        RegexCase("aba", "a(?<=(a))b\\1", true),
    ]

    static let atomicCases: [RegexCase] = [
        RegexCase("aaa", "a++a", false),
        RegexCase("aaab", "a++b", true),
        RegexCase("aaa", "a+a", true),
        RegexCase("aaa", "(?>a+)a", false),
        RegexCase("aaab", "(?>a+)b", true),
        RegexCase("aaa", "a*+a", false),
        RegexCase("", "a*+", true),
        RegexCase("a", "a?+a", false),
        RegexCase("aa", "a?+a", true),
        RegexCase("a", "a??a", true),
        RegexCase("aab", "(?>a|aa)b", false),
        RegexCase("ab", "(?>a|aa)b", true),
        RegexCase("aab", "(?:a|aa)b", true),
        RegexCase("aab", "(?>aa|a)b", true),
        RegexCase("aaa", "a{1,3}+a", false),
        RegexCase("aaaa", "a{1,3}+a", true),
        RegexCase("ABCABCABC", "(ABC){2,3}+ABC", false),
        RegexCase("ABCABCABCABC", "(ABC){2,3}+ABC", true),
        RegexCase("cddd", "c?+cddd", false),
        RegexCase("aa", "(?>a+?)a", true),
        RegexCase("aaa", "(?>a+?)a", false),
        RegexCase("ab", "(?>a*?)ab", true),
        RegexCase("abab", "(ab)++", true),
        RegexCase("ababab", "(ab)*+ab", false),
        RegexCase("xx", "(?>x*)*", true),
        RegexCase("123a", "(?>\\d+)\\w", true),
        RegexCase("123a", "(?>\\d+)\\D", true),
        RegexCase("  x", "(?>\\s*)x", true),
        RegexCase("ab", "(?>a(?=b))b", true),
        RegexCase("aaa", "(?>a)+", true),
    ]

    @Test("back references, numbered and named, exact and case-insensitive", arguments: backreferenceCases)
    func backreferences(_ testCase: RegexCase) throws {
        let regex = try RegexPattern(testCase.pattern, options: testCase.options)
        #expect(regex.program == nil, "a back reference needs the backtracking matcher")
        #expect(try regex.matches(testCase.subject) == testCase.expected)
    }

    @Test("atomic groups and possessive quantifiers never give back what they took", arguments: atomicCases)
    func atomicGroups(_ testCase: RegexCase) throws {
        let regex = try RegexPattern(testCase.pattern, options: testCase.options)
        #expect(try regex.matches(testCase.subject) == testCase.expected)
    }

    @Test(
        "only back references, atomic groups, possessive quantifiers and region-sensitive look-behinds backtrack",
        arguments: [
            ("(a)\\1", true), ("(?>a)", true), ("a*+", true), ("a{2}+", true), ("a?+", true), ("(?<=a.)b", true),
            ("(?<=\\R)b", true), ("(a+)+$", false), ("a*?b", false), ("(?<=a[^x])b", false), ("(?=(a))a", false),
            ("(?<=(?=.)a)b", true), ("\\X\\R.", false),
        ])
    func routing(_ pattern: String, backtracks: Bool) throws {
        #expect((try RegexPattern(pattern, options: []).program == nil) == backtracks)
    }

    @Test("(a+)+$ on 10,000 characters runs on the automaton in a bounded number of steps")
    func nestedQuantifierWork() throws {
        let regex = try RegexPattern("(a+)+$", options: [])
        #expect(regex.program != nil)
        for subject in [String(repeating: "a", count: 10_000), String(repeating: "a", count: 10_000) + "b"] {
            var budget = EvaluationBudget(1_000_000)
            _ = try regex.matches(subject, budget: &budget, limits: .default)
            // About a dozen live threads per position: linear in the subject, far below the budget.
            #expect(budget.limit - budget.remaining <= 16 * (subject.count + 1))
        }
    }

    @Test("a back-reference pattern that backtracks exponentially ends in budget-exceeded, not a stall")
    func exponentialBacktracking() throws {
        let regex = try RegexPattern("(a|aa)+\\1b", options: [])
        var budget = EvaluationBudget(200_000)
        do {
            _ = try regex.matches(String(repeating: "a", count: 40), budget: &budget, limits: .default)
            Issue.record("expected budget-exceeded")
        } catch {
            #expect(error.kind == .budgetExceeded)
        }
        // Short subjects finish within the budget.
        var small = EvaluationBudget(200_000)
        #expect(try regex.matches("aac", budget: &small, limits: .default) == false)
        #expect(try regex.matches("aaab", budget: &small, limits: .default) == true)
    }

    @Test("a possessive loop over an empty match fills the backtracking stack (ICU: stack overflow)")
    func emptyPossessiveLoop() throws {
        let regex = try RegexPattern("(a?)*+b", options: [])
        do {
            _ = try regex.matches("b")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .regexLimit || error.kind == .budgetExceeded)
        }
    }

    @Test("greedy loops over bodies that can match empty stop when an iteration makes no progress")
    func emptyIterations() throws {
        #expect(try RegexPattern("(a*)*\\1b", options: []).matches("aab"))
        #expect(try RegexPattern("(a|)+\\1", options: []).matches("aa"))
        #expect(try RegexPattern("(?:(a)|b)*\\1", options: []).matches("abba"))
        #expect(try RegexPattern("(a?){2,}\\1", options: []).matches("aa"))
    }
}
