// StringSearch: equality, ordering and BEGINSWITH/ENDSWITH/CONTAINS between two strings under the
// comparison options. Both ASCII → byte kernels (no allocation); otherwise both sides are folded
// (StringFolding) and compared as Unicode scalars (allocates).

/// Where a substring search anchors the needle.
enum SubstringAnchor: Sendable {
    /// `BEGINSWITH`
    case prefix
    /// `ENDSWITH`
    case suffix
    /// `CONTAINS` / `IN` on strings
    case anywhere
}

/// String comparisons with NSPredicate option semantics.
enum StringSearch {
    /// Whether `needle` occurs in `text` at `anchor`. An empty needle never matches (NSString's
    /// `rangeOfString:` reports not found for it).
    static func find(_ needle: String, in text: String, anchor: SubstringAnchor, options: ComparisonOptions) -> Bool {
        if needle.isEmpty { return false }
        let effective = StringFolding.effectiveOptions(options)
        let caseInsensitive = effective.contains(.caseInsensitive)
        let fast: Bool? = text.withUTF8Bytes { textBytes in
            needle.withUTF8Bytes { needleBytes in
                guard ASCIIBytes.isASCII(textBytes), ASCIIBytes.isASCII(needleBytes) else { return nil }
                return findBytes(needleBytes, in: textBytes, anchor: anchor, caseInsensitive: caseInsensitive)
            }
        }
        if let fast { return fast }
        let foldedText = Array(StringFolding.fold(text, options: effective).unicodeScalars)
        let foldedNeedle = Array(StringFolding.fold(needle, options: effective).unicodeScalars)
        return findScalars(foldedNeedle, in: foldedText, anchor: anchor, literal: effective.contains(.normalized))
    }

    static func findBytes(
        _ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, anchor: SubstringAnchor,
        caseInsensitive: Bool
    ) -> Bool {
        if needle.isEmpty { return false }
        switch anchor {
        case .prefix: return ASCIIBytes.hasPrefix(text, needle, caseInsensitive: caseInsensitive)
        case .suffix: return ASCIIBytes.hasSuffix(text, needle, caseInsensitive: caseInsensitive)
        case .anywhere: return ASCIIBytes.contains(text, needle, caseInsensitive: caseInsensitive)
        }
    }

    /// Substring search over folded scalars, linear in text + needle. Unless `literal`, a match may not begin
    /// or end next to a combining mark of the text, so a needle never matches part of a composed character.
    static func findScalars(
        _ needle: [Unicode.Scalar], in text: [Unicode.Scalar], anchor: SubstringAnchor, literal: Bool
    ) -> Bool {
        guard !needle.isEmpty, needle.count <= text.count else { return false }
        let accept = { (start: Int) -> Bool in
            if literal { return true }
            let end = start + needle.count
            let splitsBefore = StringFolding.isCombining(text[start]) && start > 0
            let splitsAfter = end < text.count && StringFolding.isCombining(text[end])
            return !splitsBefore && !splitsAfter
        }
        let lastStart = text.count - needle.count
        switch anchor {
        case .prefix:
            return text[0..<needle.count].elementsEqual(needle) && accept(0)
        case .suffix:
            return text[lastStart...].elementsEqual(needle) && accept(lastStart)
        case .anywhere:
            return needle.withUnsafeBufferPointer { needle in
                text.withUnsafeBufferPointer { text in
                    LinearSearch.occurrences(of: needle, in: text, accept: accept)
                }
            }
        }
    }

    /// Equality of two strings for `==`/`!=` when options are present (folded comparison).
    static func equal(_ left: String, _ right: String, options: ComparisonOptions) -> Bool {
        order(left, right, options: options) == 0
    }

    /// NSString `compare:options:` order of two strings: -1, 0 or 1. Without `[n]` the comparison is
    /// non-literal: the strings are folded for `[c]`/`[d]`, then their canonical decompositions are
    /// compared in UTF-16 code-unit order (`'é' < 'f'`); with `[n]` the code units as they are.
    static func order(_ left: String, _ right: String, options: ComparisonOptions) -> Int {
        let effective = StringFolding.effectiveOptions(options)
        let caseInsensitive = effective.contains(.caseInsensitive)
        let fast: Int? = left.withUTF8Bytes { leftBytes in
            right.withUTF8Bytes { rightBytes in
                guard ASCIIBytes.isASCII(leftBytes), ASCIIBytes.isASCII(rightBytes) else { return nil }
                return ASCIIBytes.order(leftBytes, rightBytes, caseInsensitive: caseInsensitive)
            }
        }
        if let fast { return fast }
        if effective.contains(.normalized) { return utf16Order(left, right) }
        return ValueOrdering.compareStrings(
            StringFolding.fold(left, options: effective), StringFolding.fold(right, options: effective))
    }

    /// UTF-16 code-unit order of two strings: -1, 0 or 1.
    static func utf16Order(_ left: String, _ right: String) -> Int {
        var leftUnits = left.utf16.makeIterator()
        var rightUnits = right.utf16.makeIterator()
        while true {
            switch (leftUnits.next(), rightUnits.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let leftUnit?, let rightUnit?):
                if leftUnit != rightUnit { return leftUnit < rightUnit ? -1 : 1 }
            }
        }
    }
}

extension EvaluationBudget {
    /// Charges reading `text` in full to search, fold or order it: one step per 4 bytes of ASCII text,
    /// which the byte kernels read in place, and 16 per byte of other text, which is normalised and
    /// folded first (calibrated so that a spent default budget is a fraction of a second of work).
    package mutating func chargeText(_ text: String) throws(EvaluationError) {
        let bytes = text.utf8.count
        try charge(StringFolding.isASCII(text) ? 1 &+ bytes >> 2 : 1 &+ bytes &* 16)
    }
}
