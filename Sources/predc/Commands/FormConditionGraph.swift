// FormConditionGraph: the dependencies among a form's conditions, from a FormSketch — which element
// property each condition reads — and the cycles among condition results (strongly connected
// components), for `form graph` (DOT, cycles in red) and `form explain`.

import PredicateLang

/// The parsed conditions of a form and what each reads.
struct FormConditionGraph {
    /// One element property a condition reads.
    struct Read: Hashable {
        /// The tag read (`$tag`).
        var tag: String
        /// `value`, `isHidden` or `isDisabled`.
        var property: Dependencies.Property
    }

    /// One predicate condition, parsed.
    struct Node {
        /// Index of the element in the sketch.
        var element: Int
        /// `hidden`, `disabled` or `required`.
        var property: String
        /// The predicate text.
        var text: String
        /// What the condition reads, in source order, without duplicates.
        var reads: [Read]
        /// Parse errors, positioned in the form file.
        var diagnostics: [Diagnostic]
    }

    let sketch: FormSketch
    private(set) var nodes: [Node] = []
    /// For each node, whether it is part of a dependency cycle.
    private(set) var inCycle: [Bool] = []

    init(_ sketch: FormSketch) {
        self.sketch = sketch
        for (index, element) in sketch.elements.enumerated() {
            for condition in element.conditions {
                guard case .predicate(let text) = condition.text else { continue }
                let parsed = SyntaxTree.parse(text, sourceName: sketch.source.name)
                // The dependencies read `$t` and `$t.x` as the row's value (XLForm's rule).
                let tree = parsed.diagnostics.hasErrors ? nil : parsed.tree
                var reads: [Read] = []
                for read in tree?.dependencies.variables ?? [] {
                    let entry = Read(tag: read.name, property: read.property)
                    if !reads.contains(entry) { reads.append(entry) }
                }
                let diagnostics = parsed.diagnostics.map { sketch.relocate($0, into: condition) }
                nodes.append(
                    Node(
                        element: index, property: condition.property, text: text, reads: reads,
                        diagnostics: diagnostics))
            }
        }
        inCycle = findCycles()
    }

    /// The id a condition has in the engine's vocabulary: `tag.hidden`.
    func id(of node: Node) -> String { sketch.elements[node.element].name + "." + node.property }

    /// The nodes whose result determines `read` (its writers).
    func writers(of read: Read) -> [Int] {
        let property: String
        switch read.property {
        case .isHidden: property = "hidden"
        case .isDisabled: property = "disabled"
        case .value:
            guard sketch.options["hiddenValueInConditions"] == .string("null") else { return [] }
            property = "hidden"
        }
        return nodes.indices.filter { index in
            nodes[index].property == property && sketch.elements[nodes[index].element].tag == read.tag
        }
    }

    /// Marks the nodes of every strongly connected component with a cycle (Tarjan, iterative).
    private func findCycles() -> [Bool] {
        let successors: [[Int]] = nodes.indices.map { reader in
            nodes[reader].reads.flatMap { writers(of: $0) }
        }
        var readers = Array(repeating: [Int](), count: nodes.count)
        for (reader, writersOfReader) in successors.enumerated() {
            for writer in writersOfReader { readers[writer].append(reader) }
        }
        var index = Array(repeating: -1, count: nodes.count)
        var low = Array(repeating: 0, count: nodes.count)
        var onStack = Array(repeating: false, count: nodes.count)
        var stack: [Int] = []
        var cyclic = Array(repeating: false, count: nodes.count)
        var counter = 0
        for root in nodes.indices where index[root] == -1 {
            var work: [(node: Int, next: Int)] = [(root, 0)]
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (node, next) = work.last {
                if next < readers[node].count {
                    work[work.count - 1].next += 1
                    let child = readers[node][next]
                    if index[child] == -1 {
                        index[child] = counter
                        low[child] = counter
                        counter += 1
                        stack.append(child)
                        onStack[child] = true
                        work.append((child, 0))
                    } else if onStack[child] {
                        low[node] = min(low[node], index[child])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
                guard low[node] == index[node] else { continue }
                var component: [Int] = []
                while let top = stack.popLast() {
                    onStack[top] = false
                    component.append(top)
                    if top == node { break }
                }
                if component.count > 1 || readers[node].contains(node) {
                    for member in component { cyclic[member] = true }
                }
            }
        }
        return cyclic
    }
}

extension FormSketch {
    /// `diagnostic` (positioned in a condition's predicate text) moved into the form file: exact when
    /// the JSON string has no escapes, else at the string's opening quote.
    func relocate(_ diagnostic: Diagnostic, into condition: Condition) -> Diagnostic {
        var moved = diagnostic
        moved.range = fileRange(of: diagnostic.range, in: condition)
        moved.notes = diagnostic.notes.map { relocate($0, into: condition) }
        moved.fixIts = diagnostic.fixIts.map {
            FixIt(range: fileRange(of: $0.range, in: condition), replacement: $0.replacement)
        }
        return moved
    }

    /// A range of a condition's predicate text as a range of the form file.
    func fileRange(of range: SourceRange, in condition: Condition) -> SourceRange {
        guard case .predicate(let text) = condition.text else { return condition.range }
        let raw = source.slice(SourceRange(condition.range.lowerBound + 1, condition.range.upperBound - 1))
        guard raw == text else { return SourceRange.empty(at: condition.range.lowerBound) }
        let base = condition.range.lowerBound + 1
        return SourceRange(base + range.lowerBound, base + range.upperBound)
    }
}
