// ValueDictionary: lookups (scanned up to eight members, probed above), mutation, order, equality and
// hashing agree with Swift's Dictionary; a compiled program's plain keys find their members in both layouts.
import Testing

@testable import PredicateLang

@Suite("ValueDictionary")
struct ValueDictionaryTests {
    /// A deterministic generator, so a failure replays.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: (state >> 33) % UInt64(bound))
        }
    }

    @Test("random inserts, updates and removals give Dictionary's answers in both layouts", arguments: [4, 12, 300])
    func agreesWithDictionary(keySpace: Int) {
        var generator = Generator(state: UInt64(keySpace))
        var subject = ValueDictionary()
        var reference: [String: Value] = [:]
        var order: [String] = []
        for step in 0..<4_000 {
            let key = "k\(generator.next(keySpace))"
            if generator.next(4) == 0 {
                #expect(subject.removeValue(forKey: key) == reference.removeValue(forKey: key))
                order.removeAll { $0 == key }
            } else {
                let value = Value.int(Int64(step))
                #expect(subject.updateValue(value, forKey: key) == reference.updateValue(value, forKey: key))
                if !order.contains(key) { order.append(key) }
            }
            let probe = "k\(generator.next(keySpace + 2))"
            #expect(subject[probe] == reference[probe])
            #expect(subject.position(of: probe, hash: probe.hashValue).map { subject[$0].value } == reference[probe])
        }
        #expect(subject.count == reference.count)
        #expect(subject.keys == order)
        #expect(subject.dictionary == reference)
        #expect(Value.dictionary(subject) == Value.dictionary(reference))
    }

    @Test("iteration follows first insertion; replacing a value keeps its place; literals keep the last duplicate")
    func order() {
        var dictionary: ValueDictionary = ["b": 1, "a": 2, "c": 3, "a": 4]
        #expect(dictionary.keys == ["b", "a", "c"])
        #expect(dictionary["a"] == 4)
        dictionary["b"] = "x"
        dictionary["d"] = .null
        #expect(dictionary.map(\.key) == ["b", "a", "c", "d"])
        #expect(dictionary.values == ["x", 4, 3, .null])
        dictionary["a"] = nil
        #expect(dictionary.keys == ["b", "c", "d"])
        #expect(dictionary.filter { $0.key != "c" }.keys == ["b", "d"])
    }

    @Test("equality and hashing ignore order and follow Value equality; keys compare as Swift strings")
    func equalityAndHashing() {
        let forward = ValueDictionary((0..<20).map { ("k\($0)", Value.int(Int64($0))) })
        let backward = ValueDictionary((0..<20).reversed().map { ("k\($0)", Value.double(Double($0))) })
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(Set([Value.dictionary(forward), .dictionary(backward)]).count == 1)
        var different = forward
        different["k3"] = "3"
        #expect(different != forward)
        #expect(ValueDictionary(["a": 1]) != ValueDictionary(["a": 1, "b": 2]))
        // "é" precomposed and decomposed are one key, as in a Swift Dictionary.
        let composed: ValueDictionary = ["\u{E9}": 1]
        #expect(composed["e\u{301}"] == 1)
        #expect(composed == ["e\u{301}": 1])
    }

    @Test(
        "a program's plain keys find members of small and large dictionaries, and miss absent ones",
        arguments: [3, 8, 9, 200])
    func compiledLookups(size: Int) throws {
        let members = ValueDictionary((0..<size).map { ("key\($0)", Value.int(Int64($0))) })
        let last = size - 1
        let cases: [(String, Bool)] = [
            ("key0 == 0", true), ("key\(last) == \(last)", true), ("key\(last) == 0", last == 0),
            ("absent == nil", true), ("absent == 1", false), ("absent != 1", true),
        ]
        for (format, expected) in cases {
            let predicate = try #require(CompiledPredicate.compile(format).predicate)
            #expect(predicate.program.storage.readsPlainKeys)
            #expect(try predicate.evaluate(with: .dictionary(members)) == expected, "\(format) over \(size) members")
        }
    }
}
