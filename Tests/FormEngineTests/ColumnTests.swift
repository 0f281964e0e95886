// The state's columns (Column, ValueColumn): an array's behaviour for the operations the engine uses, copies
// that stay apart once the state that writes claims its columns (FormState.claimColumns()), and a value
// column's elements released exactly once.
import Testing

@testable import FormEngine

@Suite("Columns: array behaviour, and copies kept apart by claiming")
struct ColumnTests {
    @Test(
        "appending past the capacity, popping, swapping and emptying behave as an array's",
        arguments: [0, 1, 15, 16, 17, 100])
    func arrayBehaviour(count: Int) {
        var column = Column<Int>()
        var array: [Int] = []
        for value in 0..<count {
            column.append(value &* 7)
            array.append(value &* 7)
        }
        #expect(Array(column) == array)
        if count >= 2 {
            column.swapAt(0, count - 1)
            array.swapAt(0, count - 1)
            column[1] = -1
            array[1] = -1
        }
        #expect(Array(column) == array)
        #expect(column.first == array.first)
        #expect(column.popLast() == array.popLast())
        #expect(column.count == array.count)
        column.append(repeating: 3, count: 20)
        array.append(contentsOf: repeatElement(3, count: 20))
        #expect(Array(column) == array)
        column.removeAll()
        #expect(column.isEmpty && column.popLast() == nil)
    }

    @Test("three elements read at once are the three read one by one, at every start that leaves room")
    func threeAtOnce() {
        var column = Column<Int>()
        for value in 0..<10 { column.append(value &* 11) }
        for start in 0...7 {
            let (first, second, third) = column.three(at: start)
            #expect([first, second, third] == [column[start], column[start + 1], column[start + 2]])
        }
    }

    @Test("a copy keeps its elements when the original is made unique and written, appended to or reserved")
    func copiesStayApart() {
        var column = Column(repeating: false, count: 40)
        let copy = column
        column.makeUnique()
        column[3] = true
        column.append(true)
        column.reserveCapacity(1000)
        column[0] = true
        #expect(copy.count == 40 && !copy.contains(true))
        #expect(column.count == 41 && column[0] && column[3] && column[40])
    }

    @Test("a copy of a form's state keeps its results and log when the form changes")
    func stateCopyKeepsColumns() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden("$a > 5")
                Row("c").disabled("$a > 5 AND $b.isHidden == YES")
            }
        }
        let before = form.state
        let resultsBefore = Array(before.results)
        let touchedBefore = Array(before.log.touchedFlags)
        try form.setValue(9, for: "a")
        let after = form.state
        #expect(Array(before.results) == resultsBefore && Array(after.results) != resultsBefore)
        #expect(Array(before.log.touchedFlags) == touchedBefore && after.log.touchedFlags.count == 2)
        // The copy taken before the change still reads the results of then.
        let hidden = try #require(before.element(tagged: "b"))
        #expect(!before.ownHidden(hidden) && after.ownHidden(hidden))
        // ... and its row values and the log's original values.
        let input = try #require(before.element(tagged: "a"))
        #expect(before.rowValues[input.raw] == .int(1) && after.rowValues[input.raw] == .int(9))
        #expect(after.log.originalValues[input.raw] == .int(1))
        // A copy that starts its own transaction writes its own columns, not the form's.
        var trial = after
        try trial.setValueTransaction(.int(1), for: "a")
        #expect(!trial.ownHidden(hidden) && form.state.ownHidden(hidden))
        #expect(trial.rowValues[input.raw] == .int(1) && form.state.rowValues[input.raw] == .int(9))
        #expect(trial.log.originalValues[input.raw] == .int(9) && after.log.originalValues[input.raw] == .int(1))
    }

    @Test(
        "a value column appends, reserves and writes as an array of values does",
        arguments: [0, 1, 15, 16, 17, 100])
    func valueColumnArrayBehaviour(count: Int) {
        var column = ValueColumn<Value>()
        var array: [Value] = []
        for index in 0..<count {
            let value: Value =
                index.isMultiple(of: 2) ? .string("a string too long to be stored inline \(index)") : .int(Int64(index))
            column.append(value)
            array.append(value)
        }
        #expect(Array(column) == array)
        if count >= 2 {
            column[1] = .array([.int(1), .string("x")])
            array[1] = .array([.int(1), .string("x")])
            let first = column[0]
            column[0] = column[count - 1]
            column[count - 1] = first
            array.swapAt(0, count - 1)
        }
        #expect(Array(column) == array)
        column.reserveCapacity(count + 50)
        column.append(repeating: .null, count: 20)
        array.append(contentsOf: repeatElement(.null, count: 20))
        #expect(Array(column) == array && column.count == count + 20)
    }

    @Test("a copy of a value column keeps its values when the original is made unique and written or appended to")
    func valueColumnCopiesStayApart() {
        var column = ValueColumn<Value>()
        column.append(repeating: .string("kept by the copy, long enough to be allocated"), count: 40)
        let copy = column
        column.makeUnique()
        column[3] = .int(3)
        column.append(.int(40))
        column.reserveCapacity(1000)
        column[0] = .int(0)
        #expect(copy.count == 40 && copy.allSatisfy { $0 == .string("kept by the copy, long enough to be allocated") })
        #expect(column.count == 41 && column[0] == .int(0) && column[3] == .int(3) && column[40] == .int(40))
        // Appending to a copy that shares its storage copies it first: the original is not written.
        var shared = copy
        shared.append(.null)
        #expect(copy.count == 40 && shared.count == 41)
    }

    @Test("a value column releases each element once: when overwritten, and with the column, after growing and copying")
    func valueColumnReleasesElements() {
        var watched: [WeakObject] = []
        do {
            var column = ValueColumn<Tracked>()
            for id in 0..<30 {
                let object = Tracked(id: id)
                watched.append(WeakObject(object: object))
                column.append(object)  // grows from 0 to past 16: its elements moved, not copied
            }
            let copy = column
            column.makeUnique()  // copied: both hold each object
            let replaced = column[5].id
            column[5] = Tracked(id: -1)
            #expect(replaced == 5 && watched[5].object != nil)  // still held by the copy
            #expect(copy.map(\.id) == Array(0..<30))
        }
        #expect(watched.allSatisfy { $0.object == nil })
        // Overwriting an element no copy holds releases it at once.
        var column = ValueColumn<Tracked>()
        let object = Tracked(id: 0)
        let weak = WeakObject(object: object)
        column.append(object)
        _ = consume object
        #expect(weak.object != nil)
        column[0] = Tracked(id: 1)
        #expect(weak.object == nil && column[0].id == 1)
    }
}

/// An object whose release a test watches.
private final class Tracked: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

private struct WeakObject {
    weak var object: Tracked?
}
