// RegexRangeList: an explicit set of code points as sorted, merged ranges, with the set algebra ICU's regex
// sets use (union, intersection, difference, complement) and case closure. RegexSet keeps sets that name
// a property lazily and folds everything else into one of these at parse time.

/// Code points as sorted, non-overlapping, non-adjacent ranges (`first, last, first, last, …`).
struct RegexRangeList: Hashable, Sendable {
    /// The largest code point.
    static let maximum: UInt32 = 0x10_FFFF
    /// Flat bounds: `bounds[2n]...bounds[2n + 1]` is range `n`.
    private(set) var bounds: [UInt32] = []

    /// The empty set.
    init() {}

    /// The set `first...last`.
    init(_ first: UInt32, _ last: UInt32) {
        bounds = [first, last]
    }

    /// Every code point.
    static let all = RegexRangeList(0, maximum)

    var isEmpty: Bool { bounds.isEmpty }

    /// How many code points the set holds.
    var count: Int {
        var total = 0
        for index in stride(from: 0, to: bounds.count, by: 2) { total += Int(bounds[index + 1] - bounds[index]) + 1 }
        return total
    }

    /// The ranges of the set.
    var ranges: [ClosedRange<UInt32>] {
        stride(from: 0, to: bounds.count, by: 2).map { bounds[$0]...bounds[$0 + 1] }
    }

    /// Whether `codePoint` is in the set.
    func contains(_ codePoint: UInt32) -> Bool {
        var low = 0
        var high = bounds.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if codePoint < bounds[2 * middle] {
                high = middle - 1
            } else if codePoint > bounds[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Adds `first...last` (`first <= last`).
    mutating func insert(_ first: UInt32, _ last: UInt32) {
        self = union(RegexRangeList(first, last))
    }

    /// The code points in either set.
    func union(_ other: RegexRangeList) -> RegexRangeList {
        var ranges = self.ranges + other.ranges
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var result = RegexRangeList()
        for range in ranges {
            let count = result.bounds.count
            if count > 0, range.lowerBound <= result.bounds[count - 1] &+ 1 {
                result.bounds[count - 1] = max(result.bounds[count - 1], range.upperBound)
            } else {
                result.bounds.append(range.lowerBound)
                result.bounds.append(range.upperBound)
            }
        }
        return result
    }

    /// The code points not in the set.
    func complement() -> RegexRangeList {
        var result = RegexRangeList()
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next {
                result.bounds.append(next)
                result.bounds.append(range.lowerBound - 1)
            }
            next = range.upperBound &+ 1
        }
        if next <= Self.maximum {
            result.bounds.append(next)
            result.bounds.append(Self.maximum)
        }
        return result
    }

    /// The code points in both sets.
    func intersection(_ other: RegexRangeList) -> RegexRangeList {
        complement().union(other.complement()).complement()
    }

    /// The code points in this set and not in `other`.
    func subtracting(_ other: RegexRangeList) -> RegexRangeList {
        intersection(other.complement())
    }

    /// The set closed over case: every code point with a case variant in the set is added (ICU's
    /// `closeOver(USET_CASE_INSENSITIVE)` for code points).
    func caseClosed() -> RegexRangeList {
        var added: [UInt32] = []
        for (member, variants) in RegexCaseFolding.closureClasses where contains(member) {
            for variant in variants where !contains(variant) { added.append(variant) }
        }
        guard !added.isEmpty else { return self }
        added.sort()
        var additions = RegexRangeList()
        for value in added {
            let count = additions.bounds.count
            if count > 0, value <= additions.bounds[count - 1] &+ 1 {
                additions.bounds[count - 1] = max(additions.bounds[count - 1], value)
            } else {
                additions.bounds.append(value)
                additions.bounds.append(value)
            }
        }
        return union(additions)
    }
}
