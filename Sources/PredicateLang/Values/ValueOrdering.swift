// ValueOrdering: `-compare:` between two values of the same kind, as KVC's `@min`/`@max`, sorting and
// the printers (dictionary keys in UTF-16 order) use it.

@_spi(_Unicode) import Swift

/// `compare:` between two values of the same kind, as KVC `@min`/`@max` and sorting use it.
enum ValueOrdering {
    /// -1, 0 or 1; nil when the two values cannot be compared (different kinds, NaN, collections).
    static func compare(_ lhs: Value, _ rhs: Value) -> Int? {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            return compareStrings(left, right)
        case (.date(let left), .date(let right)):
            return left < right ? -1 : (left == right ? 0 : 1)
        default:
            return Value.numericOrder(lhs, rhs)
        }
    }

    /// `-[NSString compare:]` with no options: non-literal, so the strings' canonical decompositions
    /// are compared, in UTF-16 code-unit order (`"é" < "f"` because `é` is `e` and a combining acute
    /// accent; `"ä" < "b"`). ASCII text is its own decomposition and is compared byte by byte.
    static func compareStrings(_ lhs: String, _ rhs: String) -> Int {
        if lhs.utf8.allSatisfy({ $0 < 0x80 }) && rhs.utf8.allSatisfy({ $0 < 0x80 }) {
            return compareUTF16(lhs, rhs)
        }
        var left = lhs._nfd.makeIterator()
        var right = rhs._nfd.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let l?, let r?):
                if l != r { return utf16Key(l) < utf16Key(r) ? -1 : 1 }
            }
        }
    }

    /// A key whose order is the UTF-16 code-unit order of the scalars: a supplementary scalar sorts by
    /// its high surrogate (so above U+D7FF and below U+E000), then its low surrogate.
    static func utf16Key(_ scalar: Unicode.Scalar) -> UInt32 {
        let value = scalar.value
        guard value >= 0x1_0000 else { return value << 10 }
        let offset = value - 0x1_0000
        return (0xD800 + (offset >> 10)) << 10 | (offset & 0x3FF)
    }

    /// Orders strings by UTF-16 code units (literal order), as dictionaries' keys are listed.
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
