// DependencyGraph: the observer map and the evaluation order. A vertex is a condition (element,
// property); an edge W -> C means C reads a (slot, property) that W's result determines: `$t.isHidden`
// is written by t.hidden (and, with hiddenIncludesSection, by its section's hidden), `$t.isDisabled`
// by t.disabled, and with hiddenValueInConditions = null `$t` (the value) by t.hidden and its section's
// hidden. Built whenever the form's structure changes; a cycle is an error naming its conditions.

struct DependencyGraph: Sendable {
    /// The readers of every input, back to back: the conditions that read input `i` (slot `s`, property
    /// `p`, `i = s * 3 + p.rawValue`) are `readerRanks[readerStart[i] ..< readerStart[i + 1]]`, by their
    /// ranks (positions in ``order``), which is what the dirty queue keeps. One flat array instead of a list
    /// per input: a change finds its readers with two reads and queues them with no look-up and no
    /// reference counting.
    private(set) var readerStart: [Int32] = [0]
    private(set) var readerRanks: [Int32] = []
    /// Conditions in topological order (writers before readers).
    var order: [ConditionID] = []
    /// Position in `order` by `ConditionID.raw`; -1 for conditions not in the graph.
    var rank: [Int32] = []
    /// Number of (condition, read) pairs.
    var edgeCount = 0

    /// Where the readers of (slot, property) are in ``readerRanks``; empty for a slot the graph does not know.
    @inline(always)
    func readerRange(of slot: Slot, _ property: ObservedProperty) -> Range<Int> {
        let input = slot.index &* 3 &+ property.rawValue
        guard input >= 0, input &+ 1 < readerStart.count else { return 0..<0 }
        return Int(readerStart[input])..<Int(readerStart[input &+ 1])
    }

    /// The rank of `condition`, or -1 when it is not in the graph.
    @inline(always)
    func rank(of condition: Int) -> Int {
        rank.indices.contains(condition) ? Int(rank[condition]) : -1
    }

    /// Builds the graph of `state`'s live conditions, or throws a cycle or size error.
    static func build(_ state: FormState) throws(FormError) -> DependencyGraph {
        var graph = DependencyGraph()
        let slotCount = state.tags.count
        graph.rank = Array(filled: -1, count: state.conditions.count)
        // Vertices are the written conditions of live elements; an absent one is constantly false, is
        // never evaluated and determines nothing (its readers see false from the start).
        var vertices: [ConditionID] = []
        var isVertex = [Bool](filled: false, count: state.conditions.count)
        func addVertices(of element: ElementID, isRow: Bool) {
            for index in 0..<(isRow ? 3 : 2) {
                let condition = ConditionID(element.raw &* 3 &+ index)
                guard state.conditions.indices.contains(condition.raw), state.conditions[condition.raw].source != nil
                else { continue }
                vertices.append(condition)
                isVertex[condition.raw] = true
            }
        }
        for section in state.sections {
            addVertices(of: section, isRow: false)
            for row in state.elements[section.raw].rows { addVertices(of: row, isRow: true) }
        }
        let conditionCount = vertices.count
        if conditionCount > state.limits.maxConditions {
            throw FormError(
                .formTooLarge, "the form has \(conditionCount) conditions; the limit is \(state.limits.maxConditions)")
        }
        // Readers per input: count, then place (so the flat array is filled in vertex order per input).
        var start = [Int32](filled: 0, count: slotCount &* 3 &+ 1)
        for reader in vertices {
            for read in state.conditions[reader.raw].reads {
                start[read.slot.index &* 3 &+ read.property.rawValue &+ 1] &+= 1
                graph.edgeCount += 1
            }
        }
        if graph.edgeCount > state.limits.maxDependencyEdges {
            throw FormError(
                .formTooLarge,
                "the form has \(graph.edgeCount) dependency edges; the limit is \(state.limits.maxDependencyEdges)")
        }
        for input in 1..<start.count { start[input] &+= start[input &- 1] }
        var next = start
        graph.readerRanks = Array(filled: 0, count: graph.edgeCount)
        // The edges between conditions (a read of a flag or, with `hiddenValueInConditions = null`, of a value
        // written by another condition), listed as found; most forms have few, so no list per condition.
        var edges: [Successors.Edge] = []
        var indegree = [Int](filled: 0, count: state.conditions.count)
        for reader in vertices {
            for read in state.conditions[reader.raw].reads {
                let input = read.slot.index &* 3 &+ read.property.rawValue
                graph.readerRanks[Int(next[input])] = Int32(truncatingIfNeeded: reader.raw)
                next[input] &+= 1
                for writer in state.writers(of: read) where isVertex[writer.raw] {
                    edges.append(Successors.Edge(writer: writer.raw, reader: reader.raw))
                    indegree[reader.raw] += 1
                }
            }
        }
        let successors = Successors(edges, conditionCount: state.conditions.count)
        graph.readerStart = start
        var queue = vertices.filter { indegree[$0.raw] == 0 }.map(\.raw)
        var head = 0
        graph.order.reserveCapacity(vertices.count)
        while head < queue.count {
            let vertex = queue[head]
            head += 1
            graph.rank[vertex] = Int32(truncatingIfNeeded: graph.order.count)
            graph.order.append(ConditionID(vertex))
            for next in successors.readers(of: vertex) {
                let next = Int(next)
                indegree[next] -= 1
                if indegree[next] == 0 { queue.append(next) }
            }
        }
        if graph.order.count < vertices.count {
            let remaining = vertices.filter { indegree[$0.raw] > 0 }
            let cycle = findCycle(among: remaining, successors: successors, indegree: indegree)
            let names = cycle.map { state.name(of: ConditionID($0)) }
            throw FormError(
                .cycle, "dependency cycle: \(names.joined(separator: " -> "))",
                path: cycle.first.map {
                    state.path(of: ConditionID($0).element) + "." + ConditionID($0).property.rawValue
                }
                    ?? "",
                cycle: names)
        }
        // Every reader is a vertex, ranked now that the order is complete: its condition becomes its rank.
        for index in graph.readerRanks.indices {
            graph.readerRanks[index] = Int32(truncatingIfNeeded: graph.rank(of: Int(graph.readerRanks[index])))
        }
        return graph
    }

    /// A cycle among the vertices Kahn's algorithm could not order, in reading direction (each
    /// condition reads the next), starting and ending at the same condition.
    private static func findCycle(among remaining: [ConditionID], successors: Successors, indegree: [Int]) -> [Int] {
        // Every remaining vertex has a predecessor that is also remaining; walking predecessors must
        // revisit a vertex. Build the predecessor choice from the successor lists.
        var predecessor = [Int: Int]()
        let inRemaining = Set(remaining.map(\.raw))
        for vertex in remaining.map(\.raw) {
            for next in successors.readers(of: vertex).lazy.map(Int.init)
            where inRemaining.contains(next) && predecessor[next] == nil {
                predecessor[next] = vertex
            }
        }
        guard let start = remaining.map(\.raw).min() else { return [] }
        var seenAt = [Int: Int]()
        var walk: [Int] = []
        var current = start
        while seenAt[current] == nil {
            seenAt[current] = walk.count
            walk.append(current)
            guard let previous = predecessor[current] else { return walk }
            current = previous
        }
        // walk[seenAt[current]...] is the cycle in reading direction (each reads the next).
        var cycle = Array(walk[(seenAt[current] ?? 0)...])
        if let smallestIndex = cycle.indices.min(by: { cycle[$0] < cycle[$1] }) {
            cycle = Array(cycle[smallestIndex...] + cycle[..<smallestIndex])
        }
        if let first = cycle.first { cycle.append(first) }
        return cycle
    }
}

/// The conditions that read each condition's result, back to back (the edges counting-sorted by writer, so
/// each writer's readers keep the order they were found in): one flat array, allocated only when the form
/// has edges, rather than a list per condition.
private struct Successors {
    /// One edge: `reader` reads what `writer` determines.
    struct Edge {
        var writer: Int
        var reader: Int
    }

    /// The readers of condition `c` are `readers[start[c] ..< start[c + 1]]`; both empty when there are no edges.
    private var start: [Int32] = []
    private var readers: [Int32] = []

    init(_ edges: [Edge], conditionCount: Int) {
        guard !edges.isEmpty else { return }
        start = Array(filled: 0, count: conditionCount &+ 1)
        for edge in edges { start[edge.writer &+ 1] &+= 1 }
        for index in 1..<start.count { start[index] &+= start[index &- 1] }
        var next = start
        readers = Array(filled: 0, count: edges.count)
        for edge in edges {
            readers[Int(next[edge.writer])] = Int32(truncatingIfNeeded: edge.reader)
            next[edge.writer] &+= 1
        }
    }

    /// The conditions that read `writer`'s result, in the order their edges were found.
    func readers(of writer: Int) -> ArraySlice<Int32> {
        guard writer >= 0, writer &+ 1 < start.count else { return [] }
        return readers[Int(start[writer])..<Int(start[writer &+ 1])]
    }
}

extension FormState {
    /// The conditions whose results determine what `read` sees.
    func writers(of read: SlotRead) -> [ConditionID] {
        guard slotElement.indices.contains(read.slot.index), let element = slotElement[read.slot.index] else {
            return []
        }
        // The element's record read in place: a copy retains everything it holds.
        switch read.property {
        case .isHidden:
            if let section = elements[element.raw].section, options.hiddenIncludesSection {
                return [element.condition(.hidden), section.condition(.hidden)]
            }
            return [element.condition(.hidden)]
        case .isDisabled:
            return [element.condition(.disabled)]
        case .value:
            guard options.hiddenValueInConditions == .null else { return [] }
            if let section = elements[element.raw].section {
                return [element.condition(.hidden), section.condition(.hidden)]
            }
            guard elements[element.raw].isMultivalued else { return [] }
            return [element.condition(.hidden)] + elements[element.raw].rows.map { $0.condition(.hidden) }
        }
    }
}
