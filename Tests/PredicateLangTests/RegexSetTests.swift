import Testing

@testable import PredicateLang

/// Sets, set operations and properties: `[a-z&&[^aeiou]]`, `[\\p{L}--[a]]`, `[[a]&[b]]`, POSIX names,
/// scripts and blocks, ICU's Java forms and the case closure of case-insensitive sets. Every answer is ICU's.
@Suite("MATCHES sets and properties")
struct RegexSetTests {
    typealias RegexCase = RegexPatternTests.RegexCase

    static let setCases: [RegexCase] = [
        RegexCase("b", "[a-z&&[^aeiou]]", true),
        RegexCase("e", "[a-z&&[^aeiou]]", false),
        RegexCase("a", "[\\p{L}--[a]]", false),
        RegexCase("b", "[\\p{L}--[a]]", true),
        RegexCase("é", "[\\p{L}--[a]]", true),
        RegexCase("1", "[\\p{L}--[a]]", false),
        RegexCase("c", "[[abcd]&[ac]]", true),
        RegexCase("b", "[[abcd]&[ac]]", false),
        RegexCase("b", "[[abcd]-[ac]]", true),
        RegexCase("c", "[[abcd]-[ac]]", false),
        RegexCase("x", "[a-z&&[^aeiou]x]", true),
        RegexCase("a", "[a-z&&[^aeiou]x]", false),
        RegexCase("b", "[a-z--[aeiou]]", true),
        RegexCase("o", "[a-z--[aeiou]]", false),
        RegexCase("bc", "[a-c&&b-d]+", true),
        RegexCase("a", "[a-c&&b-d]", false),
        RegexCase("ace", "[a-e--b--d]+", true),
        RegexCase("&", "[a&]", true),
        RegexCase("-", "[a-]", true),
        RegexCase("-", "[-a]", true),
        RegexCase("]", "[]a]", true),
        RegexCase("b", "[^]a]", true),
        RegexCase("a", "[:alpha:]", true),
        RegexCase("1", "[[:alpha:][:digit:]]", true),
        RegexCase("!", "[[:punct:]]", true),
        RegexCase("a", "[[:^alpha:]]", false),
        RegexCase(":", "[:a]", true),
        RegexCase("Σ", "[\\p{Lu}&&\\p{Greek}]", true),
        RegexCase("A", "[\\p{Lu}&&\\p{Greek}]", false),
        RegexCase("д", "[\\p{Greek}\\p{Cyrillic}]", true),
        RegexCase("ab", "[\\w&&[^\\d]]+", true),
        RegexCase("a1", "[\\w&&[^\\d]]+", false),
        RegexCase("b", "[\\b]", true),
        RegexCase("\u{8}", "[\\b]", false),
        RegexCase(".", "[.]", true),
        RegexCase("x", "[.]", false),
        RegexCase("a", "[^\\p{L}\\p{N}]", false),
        RegexCase("5", "[\\p{Nd}]", true),
        RegexCase("١", "[\\d]", true),
        RegexCase("]", "[\\x{5d}]", true),
        RegexCase("&", "[a&&&]", false),
    ]

    static let propertyCases: [RegexCase] = [
        RegexCase("α", "\\p{Greek}", true),
        RegexCase("a", "\\p{Greek}", false),
        RegexCase("a", "\\p{Script=Latin}", true),
        RegexCase("中", "\\p{Han}", true),
        RegexCase("a", "\\p{sc=Latn}", true),
        RegexCase("ー", "\\p{scx=Hira}", true),
        RegexCase("ー", "\\p{sc=Hira}", false),
        RegexCase("ー", "\\p{Script_Extensions=Katakana}", true),
        RegexCase("α", "\\p{InGreek}", true),
        RegexCase("a", "\\p{InBasicLatin}", true),
        RegexCase("a", "\\p{Block=Basic_Latin}", true),
        RegexCase("α", "\\p{blk=Greek_And_Coptic}", true),
        RegexCase("a", "\\p{IsLatin}", true),
        RegexCase("a", "\\p{IsL}", true),
        RegexCase("a", "\\p{javaLowerCase}", true),
        RegexCase("A", "\\p{javaLowerCase}", false),
        RegexCase("1", "\\p{Alphabetic=No}", true),
        RegexCase("a", "\\p{Alphabetic=No}", false),
        RegexCase("a", "\\p{any}", true),
        RegexCase("é", "\\p{ASCII}", false),
        RegexCase("😀", "\\p{Emoji}", true),
        RegexCase("a", "\\p{ L }", true),
        RegexCase("a", "\\p{l}", true),
        RegexCase("a", "\\p{Lowercase_Letter}", true),
        RegexCase("A", "\\p{gc=Lu}", true),
        RegexCase("A", "\\p{General_Category=Uppercase_Letter}", true),
        RegexCase("!", "\\p{punct}", true),
        RegexCase("5", "\\p{nv=5}", true),
        RegexCase("5", "\\p{nt=De}", true),
        RegexCase("\u{301}", "\\p{ccc=230}", true),
        RegexCase("가", "\\p{hst=LV}", true),
        RegexCase("a", "\\p{Age=1.1}", true),
        RegexCase("😀", "\\p{Age=5.0}", false),
        RegexCase("a", "\\p{name=LATIN SMALL LETTER A}", true),
        RegexCase("a", "\\p{word}", true),
        RegexCase(" ", "\\p{word}", false),
        RegexCase("a", "\\p{all}", true),
        RegexCase("ab", "\\P{Greek}+", true),
        RegexCase("a", "\\p{Lu}", .caseInsensitive, true),
        RegexCase("1", "\\p{Lu}", .caseInsensitive, false),
        RegexCase("a", "\\P{Lu}", .caseInsensitive, false),
        RegexCase("\u{212A}", "[k]", .caseInsensitive, true),
        RegexCase("K", "[k]", .caseInsensitive, true),
        RegexCase("s", "[\u{17F}]", .caseInsensitive, true),
        RegexCase("S", "[^s]", .caseInsensitive, false),
        RegexCase("\u{1E9E}", "[ß]", .caseInsensitive, true),
        RegexCase("ss", "[ß]", .caseInsensitive, false),
        RegexCase("ς", "[Σ]", .caseInsensitive, true),
    ]

    static let errors = [
        "[--a]", "[a&&]", "[&&a]", "[z-a]", "[a-\\d]", "[]", "[abc", "[a--]", "\\pL", "\\p{^L}", "\\p{Foo}",
        "\\p{Lu=Yes}", "\\p{InFoo}",
    ]

    @Test("set members, ranges, nesting, intersection and difference", arguments: setCases)
    func sets(_ testCase: RegexCase) throws {
        let regex = try RegexPattern(testCase.pattern, options: testCase.options)
        #expect(try regex.matches(testCase.subject) == testCase.expected)
    }

    @Test("properties: categories, scripts, blocks, binary properties, Java and POSIX forms", arguments: propertyCases)
    func properties(_ testCase: RegexCase) throws {
        let regex = try RegexPattern(testCase.pattern, options: testCase.options)
        #expect(try regex.matches(testCase.subject) == testCase.expected)
    }

    @Test("malformed sets and unknown properties are invalid patterns", arguments: errors)
    func invalid(_ pattern: String) {
        #expect(throws: EvaluationError.self) { try RegexPattern(pattern, options: []) }
    }

    @Test(
        "properties ICU has and this engine does not are 'not supported'",
        arguments: ["\\p{Bidi_Class=L}", "\\p{lb=AL}", "\\p{ea=W}", "\\p{NFD_Inert}", "\\p{RGI_Emoji}"])
    func unsupported(_ pattern: String) {
        do {
            _ = try RegexPattern(pattern, options: [])
            Issue.record("expected not supported")
        } catch {
            #expect(error.kind == .invalidPattern)
            #expect(error.message.contains("not supported"), "\(error.message)")
        }
    }

    @Test("long chains of property operations are bounded")
    func complexSets() {
        let chain = "[" + String(repeating: "\\p{L}&&", count: 300) + "\\p{L}]"
        do {
            _ = try RegexPattern(chain, options: [])
            Issue.record("expected regex-limit")
        } catch {
            #expect(error.kind == .regexLimit)
        }
    }
}
