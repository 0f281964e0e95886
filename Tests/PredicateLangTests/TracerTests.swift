// The trace hook behind `predc eval --trace`: one event per executed instruction, before it runs, with
// the operand stack and the flag.

import Testing

@testable import PredicateLang

@Suite("Tracer")
struct TracerTests {
    @Test("each executed instruction is reported once, in order, with the stack")
    func events() throws {
        let predicate = try #require(CompiledPredicate.compile("a + 1 == 3 OR b == 1").predicate)
        var events: [TraceEvent] = []
        let result = try predicate.evaluate(with: ["a": 2, "b": 5]) { events.append($0) }
        #expect(result)
        #expect(
            events.map(\.instruction.mnemonic) == [
                "pushObject", "keyPath", "pushConstant", "arithmetic", "match", "jumpIfTrue", "return",
            ])
        #expect(events.map(\.offset) == [0, 1, 2, 3, 4, 5, 7])
        #expect(events[3].stack == [.int(2), .int(1)])
        #expect(events[4].stack == [.int(3)])
        #expect(events[6].flag == true)
        #expect(events.allSatisfy { $0.step == .instruction })
        #expect(events[3].listing.contains("arithmetic"))
        #expect(events[3].description.contains("[ 2 ][ 1 ]"))
    }

    @Test("the traced and untraced paths agree, including on errors")
    func agreement() throws {
        let predicate = try #require(CompiledPredicate.compile("ANY xs > 1").predicate)
        #expect(try predicate.evaluate(with: ["xs": [0, 2]]) { _ in } == predicate.evaluate(with: ["xs": [0, 2]]))
        #expect(throws: EvaluationError.self) { try predicate.evaluate(with: ["xs": 3]) { _ in } }
    }
}
