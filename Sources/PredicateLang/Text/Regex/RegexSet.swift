// RegexSet: the set of code points one MATCHES position may match: `[a-z]`, `\d`, `\p{Greek}`,
// `[\p{L}--[a]]`, `[a-z&&[^aeiou]]`, case-closed sets under (?i). Explicit members are folded into one
// RegexRangeList at parse time; sets that name a property stay lazy and are tested per code point.

/// A set of code points built as ICU builds regex sets: union, intersection, difference, complement and
/// case closure over explicit ranges and property tests.
indirect enum RegexSet: Hashable, Sendable {
    /// Explicit code points.
    case ranges(RegexRangeList)
    /// A property test.
    case property(RegexProperty)
    /// Members of either set.
    case union(RegexSet, RegexSet)
    /// Members of both sets.
    case intersection(RegexSet, RegexSet)
    /// Members of the first set that are not in the second.
    case difference(RegexSet, RegexSet)
    /// Code points not in the set.
    case complement(RegexSet)
    /// The set plus every case variant of its members (ICU's `closeOver(USET_CASE_INSENSITIVE)`).
    case caseClosure(RegexSet)

    /// Lazy operands with at most this many explicit members are evaluated at parse time, so small sets
    /// built from properties (`[\p{L}&&[abc]]`) become explicit too.
    private static let smallSetLimit = 512

    /// The empty set.
    static let empty = RegexSet.ranges(RegexRangeList())

    /// The set of one code point.
    static func single(_ codePoint: UInt32) -> RegexSet { .ranges(RegexRangeList(codePoint, codePoint)) }

    /// The explicit members, when the set has no lazy part.
    var explicitMembers: RegexRangeList? {
        if case .ranges(let list) = self { return list }
        return nil
    }

    /// Whether `codePoint` is in the set.
    func contains(_ codePoint: UInt32) -> Bool {
        switch self {
        case .ranges(let list): return list.contains(codePoint)
        case .property(let property): return property.contains(codePoint)
        case .union(let first, let second): return first.contains(codePoint) || second.contains(codePoint)
        case .intersection(let first, let second): return first.contains(codePoint) && second.contains(codePoint)
        case .difference(let first, let second): return first.contains(codePoint) && !second.contains(codePoint)
        case .complement(let set): return !set.contains(codePoint)
        case .caseClosure(let set):
            if set.contains(codePoint) { return true }
            guard let variants = RegexCaseFolding.closureClasses[codePoint] else { return false }
            for variant in variants where variant != codePoint && set.contains(variant) { return true }
            return false
        }
    }

    /// The set's ASCII members, from its structure: a property's members by its own mask, the operators'
    /// as bit operations, explicit members by their ranges; a case closure tests each code point (a
    /// non-ASCII variant can bring an ASCII one in: the Kelvin sign, `k`). Recurses as ``contains(_:)`` does.
    var asciiMask: RegexASCIIMask {
        switch self {
        case .ranges(let list): return RegexASCIIMask(list)
        case .property(let property): return property.asciiMask
        case .union(let first, let second): return first.asciiMask.union(second.asciiMask)
        case .intersection(let first, let second): return first.asciiMask.intersection(second.asciiMask)
        case .difference(let first, let second): return first.asciiMask.subtracting(second.asciiMask)
        case .complement(let set): return set.asciiMask.complement
        case .caseClosure: return RegexASCIIMask { contains($0) }
        }
    }

    // MARK: - Construction (folds explicit operands eagerly)

    /// The union of two sets.
    func union(_ other: RegexSet) -> RegexSet {
        if let first = explicitMembers, let second = other.explicitMembers { return .ranges(first.union(second)) }
        if explicitMembers?.isEmpty == true { return other }
        if other.explicitMembers?.isEmpty == true { return self }
        return .union(self, other)
    }

    /// The intersection of two sets.
    func intersection(_ other: RegexSet) -> RegexSet {
        if let first = explicitMembers, let second = other.explicitMembers {
            return .ranges(first.intersection(second))
        }
        if let first = explicitMembers, first.count <= Self.smallSetLimit { return .ranges(filter(first, by: other)) }
        if let second = other.explicitMembers, second.count <= Self.smallSetLimit {
            return .ranges(filter(second, by: self))
        }
        return .intersection(self, other)
    }

    /// The members of this set that are not in `other`.
    func subtracting(_ other: RegexSet) -> RegexSet {
        if let first = explicitMembers, let second = other.explicitMembers { return .ranges(first.subtracting(second)) }
        if let first = explicitMembers, first.count <= Self.smallSetLimit {
            return .ranges(filter(first, by: .complement(other)))
        }
        return .difference(self, other)
    }

    /// The complement.
    func complemented() -> RegexSet {
        if let members = explicitMembers { return .ranges(members.complement()) }
        if case .complement(let inner) = self { return inner }
        return .complement(self)
    }

    /// The set closed over case.
    func caseClosed() -> RegexSet {
        if let members = explicitMembers { return .ranges(members.caseClosed()) }
        if case .caseClosure = self { return self }
        return .caseClosure(self)
    }

    private func filter(_ members: RegexRangeList, by set: RegexSet) -> RegexRangeList {
        var result = RegexRangeList()
        for range in members.ranges {
            for codePoint in range where set.contains(codePoint) { result.insert(codePoint, codePoint) }
        }
        return result
    }
}

/// A set of ASCII code points, one bit each: 0–63 in ``low``, 64–127 in ``high``.
struct RegexASCIIMask: Hashable, Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The code points below 128 for which `isMember` holds.
    init(_ isMember: (UInt32) -> Bool) {
        for value in UInt32(0)..<128 where isMember(value) {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value &- 64) }
        }
    }

    /// The ASCII members of `list`.
    init(_ list: RegexRangeList) {
        for range in list.ranges where range.lowerBound < 128 {
            let upper = min(range.upperBound, 127)
            low |= Self.bits(from: range.lowerBound, through: upper, base: 0)
            high |= Self.bits(from: range.lowerBound, through: upper, base: 64)
        }
    }

    /// The bits of `first...last` that fall in the word holding `base..<base + 64`.
    private static func bits(from first: UInt32, through last: UInt32, base: UInt32) -> UInt64 {
        guard last >= base, first < base &+ 64 else { return 0 }
        let start = UInt64(max(first, base) &- base)
        let end = UInt64(min(last, base &+ 63) &- base)
        let width = end &- start &+ 1
        let run: UInt64 = width == 64 ? ~0 : (1 << width) &- 1
        return run << start
    }

    func union(_ other: RegexASCIIMask) -> RegexASCIIMask {
        RegexASCIIMask(low: low | other.low, high: high | other.high)
    }
    func intersection(_ other: RegexASCIIMask) -> RegexASCIIMask {
        RegexASCIIMask(low: low & other.low, high: high & other.high)
    }
    func subtracting(_ other: RegexASCIIMask) -> RegexASCIIMask {
        RegexASCIIMask(low: low & ~other.low, high: high & ~other.high)
    }
    var complement: RegexASCIIMask { RegexASCIIMask(low: ~low, high: ~high) }

    /// Whether `value` (below 128) is in the set.
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        value < 64 ? low >> UInt64(value) & 1 != 0 : high >> UInt64(value &- 64) & 1 != 0
    }
}
