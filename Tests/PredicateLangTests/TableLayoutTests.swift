// The layout of a program's tables in its one block of memory (Program.TableLayout): each table at its
// elements' alignment, an empty table without room (offset 0, aligned for every table), the block allocated
// at that alignment, and the programs laid out that way evaluate as before, with empty tables of every kind.
import Testing

@testable import PredicateLang

@Suite("A program's tables in one block")
struct TableLayoutTests {
    /// Tables added in order as (element stride, alignment, count), and the offsets and size expected.
    struct Case {
        var name: String
        var tables: [(kind: Kind, count: Int)]
        var offsets: [Int]
        var byteCount: Int
        var alignment: Int
    }

    enum Kind {
        case byte, word, range, matcher

        func add(to layout: inout Program.TableLayout, count: Int) -> Int {
            switch self {
            case .byte: layout.add(UInt8.self, count: count)
            case .word: layout.add(UInt64.self, count: count)
            case .range: layout.add(SourceRange.self, count: count)
            case .matcher: layout.add(Matcher.self, count: count)
            }
        }
    }

    static let range = MemoryLayout<SourceRange>.stride
    static let matcher = MemoryLayout<Matcher>.stride

    static let cases: [Case] = [
        Case(name: "nothing", tables: [], offsets: [], byteCount: 0, alignment: 1),
        Case(name: "one empty table", tables: [(.word, 0)], offsets: [0], byteCount: 0, alignment: 8),
        Case(
            name: "bytes, then words aligned", tables: [(.byte, 3), (.word, 2)], offsets: [0, 8], byteCount: 24,
            alignment: 8),
        Case(
            name: "empty tables take no room and keep the alignment",
            tables: [(.byte, 1), (.word, 0), (.byte, 2), (.word, 0)], offsets: [0, 0, 1, 0], byteCount: 3,
            alignment: 8),
        Case(
            name: "a form condition's shape: code, ranges, one matcher, no plans or keys",
            tables: [(.word, 0), (.word, 0), (.word, 2), (.range, 2), (.matcher, 1), (.word, 0)],
            offsets: [0, 0, 0, 16, 16 + 2 * range, 0], byteCount: 16 + 2 * range + matcher,
            alignment: max(8, MemoryLayout<Matcher>.alignment)),
    ]

    @Test("tables are placed at their alignment, empty ones without room", arguments: cases.indices)
    func layout(_ index: Int) {
        let expected = Self.cases[index]
        var layout = Program.TableLayout()
        let offsets = expected.tables.map { $0.kind.add(to: &layout, count: $0.count) }
        #expect(offsets == expected.offsets, "\(expected.name)")
        #expect(layout.byteCount == expected.byteCount, "\(expected.name)")
        #expect(layout.alignment == expected.alignment, "\(expected.name)")
    }

    @Test("each layout's block is aligned for its tables and holds all their bytes", arguments: cases.indices)
    func block(_ index: Int) {
        let expected = Self.cases[index]
        var layout = Program.TableLayout()
        for table in expected.tables { _ = table.kind.add(to: &layout, count: table.count) }
        let block = layout.allocate()
        #expect(Int(bitPattern: block) % layout.alignment == 0, "\(expected.name)")
        // Every byte written: a block shorter than the layout is an AddressSanitizer report.
        block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: layout.byteCount)
        Program.TableLayout.deallocate(block)
    }

    /// Programs whose tables are empty in every combination: no key paths, no matchers (a general comparison),
    /// no decision graph, no names, and all of them at once.
    static let programs: [(text: String, object: Value, variables: [String: Value], expected: Bool)] = [
        ("TRUEPREDICATE", .null, [:], true),
        ("$a + 1 == $b", .null, ["a": 1, "b": 2], true),
        ("name == 'Ada'", ["name": "Ada"], [:], true),
        ("SELF.@count == 2", .array([1, 2]), [:], true),
        ("$x < 3", .null, ["x": 5], false),
        ("ANY items.sku BEGINSWITH 'A-' AND total > 100", ["items": [["sku": "A-1"]], "total": 120], [:], true),
    ]

    @Test("programs with empty tables evaluate", arguments: programs.indices)
    func evaluates(_ index: Int) throws {
        let (text, object, variables, expected) = Self.programs[index]
        let predicate = try CompiledPredicate(text)
        #expect(try predicate.evaluate(with: object, variables: variables) == expected, "\(text)")
        #expect(Verifier.verify(predicate.program).isEmpty, "\(text)")
    }
}
