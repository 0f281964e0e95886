// Keyword lookup: every reserved word is found in any letter case by the lexer's table-free lookup,
// and words that only resemble one (a prefix, an extension, a different letter) are not keywords.
import Testing

@testable import PredicateLang

@Suite("Keyword lookup")
struct KeywordTests {
    /// The keywords the lexer reads as one word (the hyphenated two it matches itself).
    static let words = Keyword.allCases.filter { !$0.rawValue.contains("-") }

    @Test("every keyword is found in upper, lower and mixed case", arguments: words)
    func everyKeyword(keyword: Keyword) {
        let spelling = keyword.rawValue
        let mixed = String(
            spelling.enumerated().map { offset, letter in
                offset.isMultiple(of: 2) ? letter : Character(letter.lowercased())
            })
        #expect(Keyword.lookUp(spelling.utf8) == keyword)
        #expect(Keyword.lookUp(spelling.lowercased().utf8) == keyword)
        #expect(Keyword.lookUp(mixed.utf8) == keyword)
        #expect(Keyword.isReserved(spelling.lowercased()))
    }

    @Test("a word that differs from every keyword is not one", arguments: words)
    func nearMisses(keyword: Keyword) {
        let spelling = keyword.rawValue
        #expect(Keyword.lookUp(spelling.dropLast().utf8) != keyword)  // `NOT` less a letter is `NO`
        #expect(Keyword.lookUp((spelling + "S").utf8) == nil)
        #expect(Keyword.lookUp(("X" + spelling.dropFirst()).utf8) == nil)
        #expect(Keyword.lookUp((spelling.dropLast() + "_").utf8) == nil)
    }

    @Test(
        "ordinary names and the hyphenated keywords' parts are not keywords",
        arguments: ["", "a", "age", "name", "hobbies", "ANDY", "NOTE", "contain", "containsX", "UTI", "é", "ÀND"])
    func ordinaryNames(word: String) {
        #expect(Keyword.lookUp(word.utf8) == nil)
    }

    @Test("the hyphenated keywords are reserved too")
    func hyphenated() {
        #expect(Keyword.lookUp("uti-conforms-to") == .utiConformsTo)
        #expect(Keyword.lookUp("UTI-EQUALS") == .utiEquals)
    }
}
