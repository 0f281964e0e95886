// ValueSet: the payload of Value.set. Distinct elements in first-insertion order, so output is
// stable, with equality and hashing that ignore order, as NSSet's do.

/// A set of distinct ``Value``s. Equality ignores order; iteration follows first insertion.
public struct ValueSet: Hashable, Sendable, Sequence {
    /// The distinct elements, in the order they were first inserted.
    public private(set) var elements: [Value]

    /// Creates a set from any sequence; later duplicates (by ``Value`` equality) are dropped.
    public init<S: Sequence>(_ values: S) where S.Element == Value {
        var seen = Set<Value>()
        var elements: [Value] = []
        for value in values where seen.insert(value).inserted {
            elements.append(value)
        }
        self.elements = elements
    }

    /// The empty set.
    public init() { elements = [] }

    /// The number of elements.
    public var count: Int { elements.count }
    /// Whether the set is empty.
    public var isEmpty: Bool { elements.isEmpty }

    /// Whether `value` is an element (by ``Value`` equality).
    public func contains(_ value: Value) -> Bool { elements.contains(value) }

    public func makeIterator() -> IndexingIterator<[Value]> { elements.makeIterator() }

    public static func == (lhs: ValueSet, rhs: ValueSet) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let right = Set(rhs.elements)
        return lhs.elements.allSatisfy { right.contains($0) }
    }

    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for element in elements { combined ^= element.hashValue }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
