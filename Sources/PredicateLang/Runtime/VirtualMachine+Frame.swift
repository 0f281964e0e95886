// The VM's frame: the operand stack and the locals of one evaluation, in memory the dispatch loop
// borrows for its duration. Also the SUBQUERY iteration state kept in four consecutive locals.

/// Operand stack and locals of one running evaluation (not copyable: it owns initialized memory).
struct Frame: ~Copyable {
    let stack: UnsafeMutablePointer<Value>
    private(set) var depth = 0
    let locals: UnsafeMutablePointer<Value>
    let localCount: Int

    init(stack: UnsafeMutablePointer<Value>, locals: UnsafeMutablePointer<Value>, localCount: Int) {
        self.stack = stack
        self.locals = locals
        self.localCount = localCount
        if localCount > 0 { locals.initialize(repeating: .null, count: localCount) }
    }

    /// Releases every value still held.
    mutating func clear() {
        if depth > 0 { stack.deinitialize(count: depth) }
        depth = 0
        if localCount > 0 { locals.deinitialize(count: localCount) }
    }

    @inline(__always)
    mutating func push(_ value: consuming Value) {
        (stack + depth).initialize(to: value)
        depth += 1
    }

    @inline(__always)
    mutating func pop() -> Value {
        depth -= 1
        return (stack + depth).move()
    }

    /// Pops the top `count` values, bottom first.
    mutating func popArray(_ count: Int) -> [Value] {
        depth -= count
        let values = Array(UnsafeBufferPointer(start: stack + depth, count: count))
        (stack + depth).deinitialize(count: count)
        return values
    }

    /// The values on the stack, bottom first (for tracing).
    var stackContents: [Value] { Array(UnsafeBufferPointer(start: stack, count: depth)) }

    func local(_ index: LocalIndex) -> Value { locals[Int(index.rawValue)] }

    // MARK: SUBQUERY iteration (locals l: elements, l+1: position, l+2: results, l+3: variable)

    mutating func beginIteration(over collection: Value, at local: LocalIndex) throws(EvaluationError) {
        let base = Int(local.rawValue)
        let elements: [Value]
        switch collection {
        case .array(let array): elements = array
        case .set(let set): elements = set.elements
        case .null: elements = []
        default:
            throw EvaluationError(
                .notACollection, "Can't perform SUBQUERY over \(collection.kindName) (not an array or a set)")
        }
        locals[base] = .array(elements)
        locals[base + 1] = .int(0)
        locals[base + 2] = .array([])
        locals[base + 3] = .null
    }

    /// Binds the next element to the SUBQUERY variable; false when the collection is exhausted.
    mutating func advanceIteration(at local: LocalIndex) -> Bool {
        let base = Int(local.rawValue)
        guard case .array(let elements) = locals[base], case .int(let position) = locals[base + 1],
            position >= 0, position < elements.count
        else { return false }
        locals[base + 3] = elements[Int(position)]
        locals[base + 1] = .int(position + 1)
        return true
    }

    mutating func keepIterationElement(at local: LocalIndex) {
        let base = Int(local.rawValue)
        guard case .array(var results) = locals[base + 2] else { return }
        locals[base + 2] = .null
        results.append(locals[base + 3])
        locals[base + 2] = .array(results)
    }

    mutating func endIteration(at local: LocalIndex) -> Value {
        let base = Int(local.rawValue)
        let results = locals[base + 2]
        for offset in 0..<4 { locals[base + offset] = .null }
        return results
    }
}
