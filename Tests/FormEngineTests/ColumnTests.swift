// The state's columns (Column): an array's behaviour for the operations the engine uses, and copies that
// stay apart once the state that writes claims its columns (FormState.claimColumns()).
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
        // A copy that starts its own transaction writes its own columns, not the form's.
        var trial = after
        try trial.setValueTransaction(.int(1), for: "a")
        #expect(!trial.ownHidden(hidden) && form.state.ownHidden(hidden))
    }
}
