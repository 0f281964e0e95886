// RegexGraphemes: grapheme cluster boundaries for `\X`, as ICU's character break iterator finds them:
// Unicode's extended grapheme clusters (UAX #29 for Unicode 15.0) plus CLDR's rule GB9.3, which keeps an
// Indic consonant, virama and consonant together. The properties come from RegexUnicodeData+Graphemes.

/// Grapheme cluster segmentation of a subject.
enum RegexGraphemes {
    /// ICU's Grapheme_Cluster_Break values.
    private enum Break: UInt32 {
        case other = 0
        case control
        case carriageReturn
        case extend
        case leadingJamo
        case lineFeed
        case syllableLV
        case syllableLVT
        case trailingJamo
        case vowelJamo
        case spacingMark
        case prepend
        case regionalIndicator
        case zeroWidthJoiner = 17
    }

    /// Where GB9.3 stands after the code points so far.
    private enum Conjunct {
        case none
        /// After a linking consonant (and extenders).
        case consonant
        /// After a linking consonant, a virama (and extenders): a following consonant joins.
        case linked
    }

    /// `boundaries[p]` is whether a cluster boundary lies before position `p` (0...count).
    static func boundaries<Subject: RandomAccessCollection>(_ subject: Subject) -> [Bool]
    where Subject.Element == Unicode.Scalar, Subject.Index == Int {
        let count = subject.count
        var result = Array(repeating: true, count: count + 1)
        guard count > 1 else { return result }
        var previous = RegexUnicodeData.grapheme(of: subject[subject.startIndex].value)
        var regionalIndicators = 0
        var pictographic = false
        var conjunct = Conjunct.none
        update(previous, &regionalIndicators, &pictographic, &conjunct)
        var joinerAfterPictograph = false
        for offset in 1..<count {
            let current = RegexUnicodeData.grapheme(of: subject[subject.startIndex + offset].value)
            result[offset] = isBoundary(
                previous, current, regionalIndicators: regionalIndicators, joinerAfterPictograph: joinerAfterPictograph,
                conjunct: conjunct)
            joinerAfterPictograph = pictographic && Break(rawValue: current & 0x1F) == .zeroWidthJoiner
            update(current, &regionalIndicators, &pictographic, &conjunct)
            previous = current
        }
        return result
    }

    private static func isBoundary(
        _ previousValue: UInt32, _ currentValue: UInt32, regionalIndicators: Int, joinerAfterPictograph: Bool,
        conjunct: Conjunct
    ) -> Bool {
        let previous = Break(rawValue: previousValue & 0x1F) ?? .other
        let current = Break(rawValue: currentValue & 0x1F) ?? .other
        switch (previous, current) {
        case (.carriageReturn, .lineFeed): return false
        case (.control, _), (.carriageReturn, _), (.lineFeed, _): return true
        case (_, .control), (_, .carriageReturn), (_, .lineFeed): return true
        case (.leadingJamo, .leadingJamo), (.leadingJamo, .vowelJamo), (.leadingJamo, .syllableLV),
            (.leadingJamo, .syllableLVT):
            return false
        case (.syllableLV, .vowelJamo), (.syllableLV, .trailingJamo), (.vowelJamo, .vowelJamo),
            (.vowelJamo, .trailingJamo):
            return false
        case (.syllableLVT, .trailingJamo), (.trailingJamo, .trailingJamo): return false
        case (_, .extend), (_, .zeroWidthJoiner), (_, .spacingMark), (.prepend, _): return false
        default: break
        }
        if conjunct == .linked && currentValue & RegexUnicodeData.graphemeLinkingConsonant != 0 { return false }
        if joinerAfterPictograph && currentValue & RegexUnicodeData.graphemeExtendedPictographic != 0 { return false }
        if previous == .regionalIndicator && current == .regionalIndicator { return regionalIndicators % 2 == 0 }
        return true
    }

    /// Advances the state of GB11 (pictographs), GB12/13 (regional indicators) and GB9.3 (conjuncts) over one
    /// code point.
    private static func update(
        _ value: UInt32, _ regionalIndicators: inout Int, _ pictographic: inout Bool, _ conjunct: inout Conjunct
    ) {
        let kind = Break(rawValue: value & 0x1F) ?? .other
        regionalIndicators = kind == .regionalIndicator ? regionalIndicators + 1 : 0
        if value & RegexUnicodeData.graphemeExtendedPictographic != 0 {
            pictographic = true
        } else if kind != .extend {
            pictographic = false
        }
        if value & RegexUnicodeData.graphemeLinkingConsonant != 0 {
            conjunct = .consonant
        } else if value & RegexUnicodeData.graphemeVirama != 0, conjunct != .none {
            conjunct = .linked
        } else if value & RegexUnicodeData.graphemeExtendWithClass == 0 {
            conjunct = .none
        }
    }
}
