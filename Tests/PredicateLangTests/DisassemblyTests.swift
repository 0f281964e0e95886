// Golden listings for the benchmark predicates P1–P3 (Benchmarks/Sources/BenchmarkSupport/EvaluateCase.swift)
// in form mode, and for a predicate over an object, in the clox-style format `predc explain` prints.

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
        #expect(
            try Self.listing("$hobbies CONTAINS 'Music' AND $age > 18") == """
                0000  1:1   matchSlot            #0 m0  ; $hobbies CONTAINS "Music" (substring-or-element)
                0001    |   jumpIfFalse          +1  ; -> 0003
                0002    |   matchSlot            #1 m1  ; $age > 18
                0003        return

                decision graph (entry n0)
                n0  true -> n1    false -> false   0000  1:1   matchSlot            #0 m0  ; $hobbies CONTAINS "Music" (substring-or-element)
                n1  true -> true  false -> false   0002  1:31  matchSlot            #1 m1  ; $age > 18  [integer test: value in 19...]

                """)
    }

    @Test("P2: @count of a row value")
    func p2() throws {
        #expect(
            try Self.listing("$t.value.@count = 0") == """
                0000  1:1   matchSlotCount       #2 m0  ; $t.@count == 0
                0001        return

                decision graph (entry n0; integer tests alone)
                n0  true -> true  false -> false   0000  1:1   matchSlotCount       #2 m0  ; $t.@count == 0  [integer test: count in 0...0]

                """)
    }

    @Test("P3: ten clauses mixing AND, OR and NOT")
    func p3() throws {
        let p3 =
            "($age > 18 AND $age < 65) AND ($country == 'NZ' OR $country == 'AU') AND ($hobbies CONTAINS 'Music' OR $hobbies CONTAINS 'Art') AND $score >= 50 AND NOT ($status == 'banned') AND ($name BEGINSWITH 'A' OR $tags.@count > 2)"
        #expect(
            try Self.listing(p3) == """
                0000  1:2   matchSlot            #1 m0  ; $age > 18
                0001    |   jumpIfFalse          +17  ; -> 0019
                0002    |   matchSlot            #1 m1  ; $age < 65
                0003    |   jumpIfFalse          +15  ; -> 0019
                0004    |   matchSlot            #3 m2  ; $country == "NZ"
                0005    |   jumpIfTrue           +2  ; -> 0008
                0006    |   matchSlot            #3 m3  ; $country == "AU"
                0007    |   jumpIfFalse          +11  ; -> 0019
                0008    |   matchSlot            #0 m4  ; $hobbies CONTAINS "Music" (substring-or-element)
                0009    |   jumpIfTrue           +2  ; -> 0012
                0010    |   matchSlot            #0 m5  ; $hobbies CONTAINS "Art" (substring-or-element)
                0011    |   jumpIfFalse          +7  ; -> 0019
                0012    |   matchSlot            #4 m6  ; $score >= 50
                0013    |   jumpIfFalse          +5  ; -> 0019
                0014    |   matchSlot            #5 m7  ; $status != "banned"
                0015    |   jumpIfFalse          +3  ; -> 0019
                0016    |   matchSlot            #6 m8  ; $name BEGINSWITH "A" (substring)
                0017    |   jumpIfTrue           +1  ; -> 0019
                0018    |   matchSlotCount       #7 m9  ; $tags.@count > 2
                0019        return

                decision graph (entry n0)
                n0  true -> n1    false -> false   0000  1:2   matchSlot            #1 m0  ; $age > 18  [integer test: value in 19...]
                n1  true -> n2    false -> false   0002  1:16  matchSlot            #1 m1  ; $age < 65  [integer test: value in ...64]
                n2  true -> n4    false -> n3      0004  1:32  matchSlot            #3 m2  ; $country == "NZ"
                n3  true -> n4    false -> false   0006  1:52  matchSlot            #3 m3  ; $country == "AU"
                n4  true -> n6    false -> n5      0008  1:75  matchSlot            #0 m4  ; $hobbies CONTAINS "Music" (substring-or-element)
                n5  true -> n6    false -> false   0010  1:104 matchSlot            #0 m5  ; $hobbies CONTAINS "Art" (substring-or-element)
                n6  true -> n7    false -> false   0012  1:133 matchSlot            #4 m6  ; $score >= 50  [integer test: value in 50...]
                n7  true -> n8    false -> false   0014  1:155 matchSlot            #5 m7  ; $status != "banned"
                n8  true -> true  false -> n9      0016  1:181 matchSlot            #6 m8  ; $name BEGINSWITH "A" (substring)
                n9  true -> true  false -> false   0018  1:205 matchSlotCount       #7 m9  ; $tags.@count > 2  [integer test: count in 3...]

                """)
    }

    @Test("a predicate over an object, with positions on two lines")
    func object() throws {
        #expect(
            try Self.listing("name BEGINSWITH[c] 'jo'\nOR ANY kids.age < 18", symbols: nil) == """
                0000  1:1   matchKey             p0 m0  ; name BEGINSWITH[c] "jo" (substring)
                0001    |   jumpIfTrue           +3  ; -> 0005
                0002  2:8   pushObject
                0003    |   keyPath              p1  ; kids.age
                0004    |   match                ANY m1  ; < 18
                0005        return

                """)
    }
}
