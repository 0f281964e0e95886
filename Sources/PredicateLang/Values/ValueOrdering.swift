// ValueOrdering: `-compare:` between two values of the same kind, as KVC's `@min`/`@max`, sorting and
// the printers (dictionary keys in UTF-16 order) use it.

/// `compare:` between two values of the same kind, as KVC `@min`/`@max` and sorting use it.
enum ValueOrdering {
    /// -1, 0 or 1; nil when the two values cannot be compared (different kinds, NaN, collections).
    static func compare(_ lhs: Value, _ rhs: Value) -> Int? {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            return compareUTF16(left, right)
        case (.date(let left), .date(let right)):
            return left < right ? -1 : (left == right ? 0 : 1)
        default:
            return Value.numericOrder(lhs, rhs)
        }
    }

    /// Orders strings by UTF-16 code units, as `-[NSString compare:]` with no options does for
    /// precomposed text.
    static func compareUTF16(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf16.makeIterator()
        var right = rhs.utf16.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let l?, let r?):
                if l != r { return l < r ? -1 : 1 }
            }
        }
    }
}
