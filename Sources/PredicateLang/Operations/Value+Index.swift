// Value+Index: the `[ ]` subscript (`objectFrom:withIndex:`): `[n]`, `['key']`, `[FIRST]`,
// `[LAST]`, `[SIZE]` on arrays, dictionaries and sets, with Apple's errors for everything else.

/// What goes inside `[ ]` once it has been evaluated.
package enum IndexValue: Hashable, Sendable, CustomStringConvertible {
    /// An evaluated index expression: an integer for arrays, a key for dictionaries, a member for sets.
    case value(Value)
    /// `[FIRST]`.
    case first
    /// `[LAST]`.
    case last
    /// `[SIZE]`.
    case size

    /// `FIRST`, `LAST`, `SIZE`, or the index value's description, as Apple's messages show it.
    package var description: String {
        switch self {
        case .value(let value): value.description
        case .first: "FIRST"
        case .last: "LAST"
        case .size: "SIZE"
        }
    }
}

extension Value {
    /// The element at `selector`, with the semantics of Apple's `objectFrom:withIndex:`.
    ///
    /// | receiver | `[n]` / `[key]` | `[FIRST]` | `[LAST]` | `[SIZE]` |
    /// |---|---|---|---|---|
    /// | array | element `n` (an integer, or a double with an integral value); out of range or negative raises `invalidIndex` | first element, `.null` when empty | last element, `.null` when empty | count |
    /// | dictionary | value for the string key, `.null` when missing or when the index is not a string | value of the smallest key | value of the largest key | count |
    /// | set | the member equal to the index (`member:`), `.null` when absent | first element | last element | count |
    /// | `.null` | `.null` | `.null` | `.null` | `.null` |
    ///
    /// A dictionary's `allKeys` order is unspecified on Apple platforms; we use the keys sorted
    /// in UTF-16 order so `[FIRST]`/`[LAST]` are deterministic. A set's `[FIRST]`/`[LAST]` follow
    /// insertion order (Apple returns `anyObject` for both).
    ///
    /// - Throws: `notACollection` ("The object %@ is NOT a collection.  Cannot retrieve item at
    ///   index: %@") for strings, numbers, booleans and dates; `invalidIndex` for an array index that
    ///   is out of bounds, negative, fractional or not a number ("The index %@ is NOT appropriate
    ///   for a collection of type: NSArray").
    package func element(at selector: IndexValue) throws(EvaluationError) -> Value {
        switch self {
        case .null:
            return .null
        case .array(let elements):
            return try Value.arrayElement(elements, at: selector)
        case .dictionary(let dictionary):
            switch selector {
            case .size:
                return .int(Int64(dictionary.count))
            case .first, .last:
                let keys = dictionary.keys.sorted { ValueOrdering.compareUTF16($0, $1) < 0 }
                guard let key = selector == .first ? keys.first : keys.last else { return .null }
                return dictionary[key] ?? .null
            case .value(let index):
                guard case .string(let key) = index else { return .null }
                return dictionary[key] ?? .null
            }
        case .set(let set):
            switch selector {
            case .size: return .int(Int64(set.count))
            case .first: return set.elements.first ?? .null
            case .last: return set.elements.last ?? .null
            case .value(let index):
                return set.elements.first { $0 == index } ?? .null
            }
        case .bool, .int, .double, .string, .date:
            throw EvaluationError(
                .notACollection,
                "The object \(shortDescription) is NOT a collection.  Cannot retrieve item at index: \(selector)")
        }
    }

    private static func arrayElement(_ elements: [Value], at selector: IndexValue) throws(EvaluationError) -> Value {
        switch selector {
        case .size:
            return .int(Int64(elements.count))
        case .first:
            return elements.first ?? .null
        case .last:
            return elements.last ?? .null
        case .value(let index):
            let position: Int64
            switch index {
            case .int(let integer):
                position = integer
            case .double(let double) where double.rounded(.towardZero) == double && double.isFinite:
                position = Arithmetic.clampedInteger(double)
            default:
                throw EvaluationError(
                    .invalidIndex,
                    "The index \(index.shortDescription) is NOT appropriate for a collection of type: NSArray")
            }
            guard position >= 0, position < Int64(elements.count), let offset = Int(exactly: position) else {
                let bounds =
                    elements.isEmpty ? "beyond bounds for empty NSArray" : "beyond bounds [0 .. \(elements.count - 1)]"
                throw EvaluationError(.invalidIndex, "*** -[NSArray objectAtIndex:]: index \(position) \(bounds)")
            }
            return elements[offset]
        }
    }
}
