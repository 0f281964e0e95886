import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `ValueEncoder`: Encodable models to Values.
@Suite("ValueEncoder")
struct ValueEncoderTests {
    struct Address: Encodable {
        var city: String
        var zip: Int?
    }

    struct Person: Encodable {
        var name: String
        var age: Int
        var height: Double
        var isAdmin: Bool
        var birthday: Date
        var tags: [String]
        var address: Address
        var nickname: String?
        var scores: [String: Int]
        var small: UInt8
        var huge: UInt64
        var ratio: Float
    }

    @Test("a struct becomes a dictionary with typed leaves")
    func model() throws {
        let person = Person(
            name: "Ann", age: 30, height: 1.7, isAdmin: true, birthday: Date(timeIntervalSinceReferenceDate: 0),
            tags: ["a", "b"], address: Address(city: "Oslo", zip: nil), nickname: nil, scores: ["x": 1],
            small: 255, huge: .max, ratio: 0.5)
        let value = try ValueEncoder().encode(person)
        let expected: Value = [
            "name": "Ann", "age": 30, "height": 1.7, "isAdmin": true,
            "birthday": .date(Date(timeIntervalSinceReferenceDate: 0)),
            "tags": ["a", "b"], "address": ["city": "Oslo"], "scores": ["x": 1], "small": 255,
            "huge": .double(18_446_744_073_709_551_615.0), "ratio": 0.5,
        ]
        #expect(value == expected)
        #expect(try value.value(forKeyPath: ["address", "zip"]) == .null)
        #expect(try value.value(forKeyPath: ["age"]).kindName == "integer")
    }

    @Test("top-level scalars, optionals, arrays, sets and Int-keyed dictionaries")
    func scalars() throws {
        let encoder = ValueEncoder()
        #expect(try encoder.encode(5) == .int(5))
        #expect(try encoder.encode("s") == "s")
        #expect(try encoder.encode(Int?.none) == .null)
        #expect(try encoder.encode([1, 2]) == [1, 2])
        #expect(try encoder.encode(Set([7])) == [7])
        #expect(try encoder.encode([1: "a"]) == ["1": "a"])
        #expect(try encoder.encode([[1], [2, 3]]) == [[1], [2, 3]])
        #expect(try encoder.encode(UInt64(42)) == .int(42))
        #expect(try encoder.encode(URL(string: "https://example.com/a")) == "https://example.com/a")
        #expect(try encoder.encode(Decimal(12)) == .int(12))
        #expect(try encoder.encode(Decimal(string: "1.25")) == .double(1.25))
    }

    struct Custom: Encodable {
        enum Keys: String, CodingKey { case outer, list }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
            try nested.encode(1, forKey: .list)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(true)
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode("x", forKey: .outer)
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode(2.5)
            try "base".encode(to: container.superEncoder())
            try 9.encode(to: list.superEncoder())
        }
    }

    @Test("nested containers and super encoders")
    func nested() throws {
        let value = try ValueEncoder().encode(Custom())
        #expect(
            value == [
                "outer": ["list": 1],
                "list": [true, .null, ["outer": "x"], [2.5], 9],
                "super": "base",
            ])
    }

    struct Localized: Encodable {
        static let key = CodingUserInfoKey(rawValue: "language")!
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[Self.key] as? String ?? "none")
        }
    }

    @Test("userInfo reaches encode(to:)")
    func userInfo() throws {
        #expect(try ValueEncoder(userInfo: [Localized.key: "nb"]).encode(Localized()) == "nb")
        #expect(try ValueEncoder().encode(Localized()) == "none")
    }

    struct Empty: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Twice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(1)
            try container.encode(2)
        }
    }

    final class Node: Encodable, @unchecked Sendable {
        var next: Node?
        init() {}
    }

    @Test("errors instead of traps: nothing encoded, a second single value, a reference cycle")
    func errors() {
        #expect(throws: EncodingError.self) { try ValueEncoder().encode(Empty()) }
        #expect(throws: EncodingError.self) { try ValueEncoder().encode(Twice()) }
        let node = Node()
        node.next = node
        #expect {
            try ValueEncoder(maxDepth: 64).encode(node)
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.count >= 60
        }
        node.next = nil
    }
}
