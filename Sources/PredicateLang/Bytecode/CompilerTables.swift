// CompilerTables: the arrays a compile writes its instructions, source ranges, matchers and decision-graph
// nodes into. A program copies (or moves) their contents into its one block of tables, so once it is built
// the arrays hold nothing it needs; handed back emptied, with their room kept, they take the next compile of a
// caller that compiles many predicates in a row (a form's load compiles every condition), which then
// allocates none of them.

/// The compiler's growing tables, empty between compiles.
package struct CompilerTables: Sendable {
    var instructions: [Instruction] = []
    var ranges: [SourceRange] = []
    var matchers: [Matcher] = []
    var nodes: [DecisionNode] = []

    /// Empty tables.
    package init() {}

    init(instructions: [Instruction], ranges: [SourceRange], matchers: [Matcher], nodes: [DecisionNode]) {
        self.instructions = instructions
        self.ranges = ranges
        self.matchers = matchers
        self.nodes = nodes
    }

    /// These tables, leaving empty ones in their place.
    mutating func take() -> CompilerTables {
        CompilerTables(
            instructions: instructions.take(), ranges: ranges.take(), matchers: matchers.take(), nodes: nodes.take())
    }

    /// The most instructions (and source ranges, and graph nodes) handed-back tables keep room for; matchers, an
    /// eighth. A rare large predicate's room goes back to the allocator rather than staying with the caller.
    static var keptRoom: Int { 1024 }

    /// Whether these tables have room for at most `count` instructions, source ranges and graph nodes and
    /// `count / 8` matchers.
    func hasRoom(atMost count: Int) -> Bool {
        instructions.capacity <= count && ranges.capacity <= count && matchers.capacity <= count / 8
            && nodes.capacity <= count
    }

    /// Empties these tables in place, keeping their room, or replaces them with new empty ones when they grew
    /// past ``keptRoom``.
    mutating func empty() {
        guard hasRoom(atMost: Self.keptRoom) else {
            self = CompilerTables()
            return
        }
        // Handed back by the program, so unshared: emptying keeps their buffers.
        Self.empty(&instructions)
        Self.empty(&ranges)
        Self.empty(&matchers)
        Self.empty(&nodes)
    }

    /// Empties `table` in place, keeping its room. A form condition's tables hold a few elements each, and
    /// popping those is cheaper than `removeAll(keepingCapacity:)`, which replaces the whole range (about 85
    /// instructions a table); longer tables take `removeAll`.
    private static func empty<Element>(_ table: inout [Element]) {
        guard table.count > 4 else {
            while table.popLast() != nil {}
            return
        }
        table.removeAll(keepingCapacity: true)
    }
}
