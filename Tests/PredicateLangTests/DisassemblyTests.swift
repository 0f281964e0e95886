// Golden listings for the reference predicates P1–P3 (../shared/perf/anchors-and-targets.md) in form
// mode, and for a predicate over an object, in the clox-style format `predc explain` prints.

import Testing
@testable import PredicateLang

@Suite("Disassembly")
struct DisassemblyTests {
    static let symbols = SymbolTable(tags: ["hobbies", "age", "t", "country", "score", "status", "name", "tags"])

    static func listing(_ text: String, symbols: SymbolTable? = DisassemblyTests.symbols) throws -> String {
        let result = CompiledPredicate.compile(text, symbols: symbols)
        let predicate = try #require(result.predicate, "\(result.diagnostics.map(\.text))")
        #expect(Verifier.verify(predicate.program).isEmpty)
        return predicate.disassembly()
    }

    @Test("P1: array membership and an integer comparison joined by AND")
    func p1() throws {
        #expect(try Self.listing("$hobbies CONTAINS 'Music' AND $age > 18") == """
            0000  1:1   matchSlot            #0 m0  ; $hobbies CONTAINS "Music" (substring-or-element)
            0001    |   jumpIfFalse          +1  ; -> 0003
            0002    |   compareSlotInteger   #1 > i0  ; $age > 18
            0003        return

            """)
    }

    @Test("P2: @count of a row value")
    func p2() throws {
        #expect(try Self.listing("$t.value.@count = 0") == """
            0000  1:1   compareSlotCountInt  #2 == i0  ; $t.@count == 0
            0001        return

            """)
    }

    @Test("P3: ten clauses mixing AND, OR and NOT")
    func p3() throws {
        let p3 = "($age > 18 AND $age < 65) AND ($country == 'NZ' OR $country == 'AU') AND ($hobbies CONTAINS 'Music' OR $hobbies CONTAINS 'Art') AND $score >= 50 AND NOT ($status == 'banned') AND ($name BEGINSWITH 'A' OR $tags.@count > 2)"
        #expect(try Self.listing(p3) == """
            0000  1:2   compareSlotInteger   #1 > i0  ; $age > 18
            0001    |   jumpIfFalse          +17  ; -> 0019
            0002    |   compareSlotInteger   #1 < i1  ; $age < 65
            0003    |   jumpIfFalse          +15  ; -> 0019
            0004    |   compareSlotString    #3 == s0  ; $country == "NZ"
            0005    |   jumpIfTrue           +2  ; -> 0008
            0006    |   compareSlotString    #3 == s1  ; $country == "AU"
            0007    |   jumpIfFalse          +11  ; -> 0019
            0008    |   matchSlot            #0 m0  ; $hobbies CONTAINS "Music" (substring-or-element)
            0009    |   jumpIfTrue           +2  ; -> 0012
            0010    |   matchSlot            #0 m1  ; $hobbies CONTAINS "Art" (substring-or-element)
            0011    |   jumpIfFalse          +7  ; -> 0019
            0012    |   compareSlotInteger   #4 >= i2  ; $score >= 50
            0013    |   jumpIfFalse          +5  ; -> 0019
            0014    |   compareSlotString    #5 != s2  ; $status != "banned"
            0015    |   jumpIfFalse          +3  ; -> 0019
            0016    |   matchSlot            #6 m2  ; $name BEGINSWITH "A" (substring)
            0017    |   jumpIfTrue           +1  ; -> 0019
            0018    |   compareSlotCountInt  #7 > i3  ; $tags.@count > 2
            0019        return

            """)
    }

    @Test("a predicate over an object, with positions on two lines")
    func object() throws {
        #expect(try Self.listing("name BEGINSWITH[c] 'jo'\nOR ANY kids.age < 18", symbols: nil) == """
            0000  1:1   matchKey             p0 m0  ; name BEGINSWITH[c] "jo" (substring)
            0001    |   jumpIfTrue           +3  ; -> 0005
            0002  2:8   pushObject
            0003    |   keyPath              p1  ; kids.age
            0004    |   match                ANY m1  ; < 18
            0005        return

            """)
    }
}
