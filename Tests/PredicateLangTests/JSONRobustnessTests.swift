import Foundation
import Testing

@testable import PredicateLang

/// JSON input never crashes the parser or the typed conversion: randomly mutated documents give a
/// value or a positioned error.
@Suite("JSON robustness")
struct JSONRobustnessTests {
    static let seeds = [
        #"{"a": [1, 2.5, -3e2, true, false, null], "b": {"$date": "2001-01-01T00:00:00.5+01:00"}}"#,
        #"{"$set": ["x", "\u00e9\ud83d\ude00", {"k": [[], {}]}]}"#,
        #"[{"$date": 12.5}, "esc\"aped\\\n", 0, -0, 1E+2]"#,
    ]

    @Test("random byte mutations produce a value or a JSONError, never a crash")
    func mutations() {
        var generator = SplitMix(state: 42)
        let alphabet = Array(#"{}[]",:\"0123456789.eE+-tfnul$dateset \u{0}"#.utf8) + [0xC3, 0xA9, 0xFF, 0x80]
        var parsed = 0
        for round in 0..<3_000 {
            var bytes = Array(Self.seeds[round % Self.seeds.count].utf8)
            generator.mutate(&bytes, maxEdits: 4, alphabet: alphabet)
            do {
                let node = try JSONParser.parse(bytes: bytes)
                let text = String(decoding: bytes, as: UTF8.self)
                if let value = try? node.typedValue(in: text) {
                    // Whatever parses must serialize and read back to an equal value.
                    #expect(
                        (try? TypedJSON.parse(TypedJSON.serialize(value))) == value || value.containsNaN,
                        "\(text) -> \(TypedJSON.serialize(value))")
                }
                parsed += 1
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
        #expect(parsed > 0)
    }
}

extension Value {
    /// Whether a NaN is nested anywhere (NaN serializes as null, so it cannot round-trip).
    var containsNaN: Bool {
        switch self {
        case .double(let double): double.isNaN || double.isInfinite
        case .array(let elements): elements.contains { $0.containsNaN }
        case .set(let set): set.elements.contains { $0.containsNaN }
        case .dictionary(let dictionary): dictionary.values.contains { $0.containsNaN }
        default: false
        }
    }
}
