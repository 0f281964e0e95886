// The counts of shown sections and rows (VisibilityIndex) against counting the flags one by one: sections
// of sizes from none to 200 rows, every position asked (and positions before the start and past the end),
// after building, after each flip and after a rebuild; flips outside the index change nothing.
import Testing

@testable import FormEngine

@Suite("Visibility index: shown counts equal counting the flags")
struct VisibilityIndexTests {
    /// The flags the index is built from and flipped with, counted the slow way.
    struct Flags {
        var sections: [Bool]
        var rows: [[Bool]]

        func shownSections(before section: Int) -> Int {
            sections.prefix(max(0, min(section, sections.count))).filter { $0 }.count
        }

        func shownRows(inSection section: Int, before row: Int) -> Int {
            guard rows.indices.contains(section) else { return 0 }
            return rows[section].prefix(max(0, min(row, rows[section].count))).filter { $0 }.count
        }
    }

    /// A deterministic pseudo-random sequence (the tests need the same flags on every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func build(_ flags: Flags) -> VisibilityIndex {
        var index = VisibilityIndex()
        index.reset(sectionCount: flags.sections.count, rowCount: flags.rows.reduce(0) { $0 + $1.count })
        for (section, shown) in flags.sections.enumerated() {
            index.appendSection(shown: shown)
            for row in flags.rows[section] { index.appendRow(shown: row) }
        }
        index.finish()
        return index
    }

    static func expectSameCounts(_ index: VisibilityIndex, _ flags: Flags, _ label: String) {
        for section in -1...(flags.sections.count + 1) {
            #expect(
                index.shownSections(before: section) == flags.shownSections(before: section),
                "\(label): sections before \(section)")
        }
        for section in -1...flags.sections.count {
            let count = flags.rows.indices.contains(section) ? flags.rows[section].count : 0
            for row in -1...(count + 65) {
                let expected = flags.shownRows(inSection: section, before: row)
                #expect(
                    index.shownRows(inSection: section, before: row) == expected,
                    "\(label): rows before \(row) in section \(section)")
            }
        }
    }

    @Test(
        "counts after building and after each flip",
        arguments: [
            [0], [1], [3, 0, 5], [63], [64], [65], [127, 128, 129], [200], [1, 64, 0, 65, 2],
            Array(repeating: 2, count: 70),
        ])
    func counts(sizes: [Int]) {
        var generator = Generator(state: UInt64(sizes.reduce(17) { $0 &* 31 &+ $1 }))
        var flags = Flags(
            sections: sizes.map { _ in generator.next(3) != 0 },
            rows: sizes.map { size in (0..<size).map { _ in generator.next(2) == 0 } })
        var index = Self.build(flags)
        Self.expectSameCounts(index, flags, "built")
        for step in 0..<40 {
            if generator.next(4) == 0 {
                let section = generator.next(sizes.count)
                flags.sections[section].toggle()
                index.addSection(flags.sections[section] ? 1 : -1, at: section)
            } else {
                let section = generator.next(sizes.count)
                guard !flags.rows[section].isEmpty else { continue }
                let row = generator.next(flags.rows[section].count)
                flags.rows[section][row].toggle()
                let delta: Int32 = flags.rows[section][row] ? 1 : -1
                index.addRow(delta, inSection: section, at: row)
            }
            Self.expectSameCounts(index, flags, "after step \(step)")
        }
    }

    @Test("positions outside the index change nothing and count nothing")
    func outside() {
        let flags = Flags(sections: [true, true], rows: [[true, false, true], [true]])
        var index = Self.build(flags)
        index.addRow(-1, inSection: 2, at: 0)
        index.addRow(-1, inSection: -1, at: 0)
        index.addRow(-1, inSection: 0, at: 3)
        index.addRow(-1, inSection: 0, at: 64)
        index.addRow(-1, inSection: 0, at: -1)
        index.addSection(-1, at: 2)
        index.addSection(-1, at: -1)
        Self.expectSameCounts(index, flags, "after flips outside")
    }

    @Test("rebuilding forgets the previous flags")
    func rebuild() {
        var index = Self.build(Flags(sections: [true], rows: [Array(repeating: true, count: 70)]))
        let flags = Flags(sections: [false, true], rows: [[false, true], Array(repeating: false, count: 66)])
        index.reset(sectionCount: 2, rowCount: 68)
        for (section, shown) in flags.sections.enumerated() {
            index.appendSection(shown: shown)
            for row in flags.rows[section] { index.appendRow(shown: row) }
        }
        index.finish()
        Self.expectSameCounts(index, flags, "rebuilt")
    }
}
