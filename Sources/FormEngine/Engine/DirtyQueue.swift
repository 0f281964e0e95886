// DirtyQueue: the conditions waiting to be re-evaluated, as a binary min-heap of their topological ranks.
// Popping always yields the lowest rank, so a change is processed in dependency order; the storage is
// reused, so a change allocates nothing here. A condition queued twice (it reads two things that changed)
// is in the heap twice: its ranks are equal, so they pop one after the other and the second is dropped
// there — cheaper than a queued flag per condition, which every insert and every pop would read and write.
// The steps a value change takes are `@inline(always)` (inlined without exception; `@inline(__always)` is a
// hint, declined for the larger steps): each runs once or twice per change, where a
// call and the checks around it cost more than the step itself.

// Heap positions are below the heap's count, so their arithmetic wraps rather than traps (it cannot
// overflow; the column's subscript checks every position read).
struct DirtyQueue: Sendable {
    /// Ranks, a min-heap; a rank may be present more than once.
    private var heap = Column<Int>()

    var isEmpty: Bool { heap.isEmpty }

    /// Queues the condition of topological rank `rank` (a condition without a rank, -1, is not queued).
    /// Each rank belongs to one condition, so the rank is all the queue keeps.
    @inline(always)
    mutating func insert(rank: Int) {
        guard rank >= 0 else { return }
        heap.append(rank)
        var child = heap.count &- 1
        while child > 0 {
            let parent = (child &- 1) / 2
            if heap[parent] <= heap[child] { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// Removes and returns the lowest rank, once however often it was queued.
    @inline(always)
    mutating func popMin() -> Int? {
        guard let minimum = popHeap() else { return nil }
        while heap.first == minimum { _ = popHeap() }
        return minimum
    }

    @inline(always)
    private mutating func popHeap() -> Int? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let minimum = heap[0]
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 &* parent &+ 1
            let right = left &+ 1
            var smallest = parent
            if left < heap.count, heap[left] < heap[smallest] { smallest = left }
            if right < heap.count, heap[right] < heap[smallest] { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return minimum
    }

    /// Empties the queue (used before the graph is rebuilt, when ranks change).
    mutating func removeAll() { heap.removeAll() }

    /// See ``FormState/claimColumns()``.
    mutating func makeColumnsUnique() { heap.makeUnique() }
}
