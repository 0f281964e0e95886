// A condition's reads (SlotReads: one in place, more in an array) against an array of the same reads: every
// sequence of inserts from the table keeps the distinct reads in first-seen order, whether they stay in place,
// move to the array at the second, or cannot be packed (a slot index too large for the word).
import PredicateLang
import Testing

@testable import FormEngine

@Suite("A condition's reads equal an array of them")
struct SlotReadsTests {
    static func read(_ slot: Int, _ property: ObservedProperty = .value) -> SlotRead {
        SlotRead(slot: Slot(slot), property: property)
    }

    /// Reads inserted in order (duplicates among them), named for the case they cover.
    static let cases: [(name: String, inserts: [SlotRead])] = [
        ("none", []),
        ("one value", [read(0)]),
        ("one hidden flag of a later slot", [read(41, .isHidden)]),
        ("one disabled flag", [read(7, .isDisabled)]),
        ("the same read twice stays one", [read(3), read(3)]),
        ("two properties of one slot", [read(3), read(3, .isDisabled)]),
        ("two slots", [read(1), read(2)]),
        ("the first again after the second", [read(1), read(2), read(1)]),
        (
            "three, then a repeat of each",
            [read(5), read(6, .isHidden), read(7), read(7), read(6, .isHidden), read(5)]
        ),
        (
            "every property of three slots",
            [0, 1, 2].flatMap { slot in ObservedProperty.allCases.map { read(slot, $0) } }
        ),
        ("a slot too large to pack", [read(1 << 62, .isDisabled)]),
        ("too large, then small", [read(1 << 62), read(0), read(1 << 62)]),
        ("small, then too large", [read(9, .isHidden), read(Int.max, .isHidden), read(9, .isHidden)]),
        ("a negative slot (never made) kept as given", [read(-1)]),
    ]

    @Test("inserting keeps the distinct reads in first-seen order", arguments: cases.indices)
    func inserts(_ index: Int) {
        let (name, inserts) = Self.cases[index]
        var reads = SlotReads()
        var expected: [SlotRead] = []
        for read in inserts {
            reads.insert(read)
            if !expected.contains(read) { expected.append(read) }
            #expect(Array(reads) == expected, "\(name): after inserting \(read)")
            #expect(reads.count == expected.count, "\(name)")
        }
        for read in inserts { #expect(reads.contains(read), "\(name)") }
        #expect(!reads.contains(Self.read(12_345, .isDisabled)), "\(name)")
        #expect(reads.indices.map { reads[$0] } == expected, "\(name): by index")
    }

    @Test("an array literal appends its reads in order")
    func literal() {
        let reads: SlotReads = [Self.read(4), Self.read(2, .isHidden)]
        #expect(Array(reads) == [Self.read(4), Self.read(2, .isHidden)])
        let empty: SlotReads = []
        #expect(empty.isEmpty)
    }
}
