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
