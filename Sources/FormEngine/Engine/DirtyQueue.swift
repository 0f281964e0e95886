// DirtyQueue: the conditions waiting to be re-evaluated, as a binary min-heap of topological ranks
// plus a queued flag per condition. Popping always yields the lowest rank, so a change is processed
// in dependency order; the storage is reused, so a change allocates nothing here.
// The steps a value change takes are `@inline(__always)`: each runs once or twice per change, where a
// call and the checks around it cost more than the step itself.

struct DirtyQueue: Sendable {
    private var heap: [Int] = []
    private(set) var isQueued: [Bool] = []

    /// Makes room for `count` conditions.
    mutating func grow(to count: Int) {
        if isQueued.count < count { isQueued.append(contentsOf: repeatElement(false, count: count - isQueued.count)) }
    }

    var isEmpty: Bool { heap.isEmpty }

    /// Queues `condition` (a `ConditionID.raw`) at `rank` unless it is already queued or has no rank.
    @inline(__always)
    mutating func insert(_ condition: Int, rank: Int) {
        guard rank >= 0, isQueued.indices.contains(condition), !isQueued[condition] else { return }
        isQueued[condition] = true
        heap.append(rank)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if heap[parent] <= heap[child] { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// Removes and returns the lowest rank; the caller clears the condition's queued flag.
    @inline(__always)
    mutating func popMin() -> Int? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let minimum = heap[0]
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left] < heap[smallest] { smallest = left }
            if right < heap.count, heap[right] < heap[smallest] { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return minimum
    }

    @inline(__always)
    mutating func clearFlag(_ condition: Int) {
        if isQueued.indices.contains(condition) { isQueued[condition] = false }
    }

    /// Empties the queue (used before the graph is rebuilt, when ranks change).
    mutating func removeAll() {
        while heap.popLast() != nil {}
        for index in isQueued.indices where isQueued[index] { isQueued[index] = false }
    }
}
