// RegexCharacterClass: the set of scalars one regex position may match: `[a-z]`, `\d`, `\p{Lu}`,
// `[^\s,]`, `.`, and case-closed literals. Built by RegexParser, tested by RegexMatcher per scalar.

/// A Unicode property a class can test: the shorthand classes and the `\p{…}` / `[:name:]` names.
enum RegexProperty: Hashable, Sendable {
    /// `\d`: decimal digits (`\p{Nd}`).
    case digit
    /// `\w`: alphabetic, marks, decimal digits, connector punctuation, ZWJ/ZWNJ (ICU's definition).
    case word
    /// `\s`: `\p{White_Space}`.
    case whitespace
    /// `\h`: horizontal whitespace (tab and space separators).
    case horizontalWhitespace
    /// `\v`: vertical whitespace (line terminators).
    case verticalWhitespace
    /// `\p{Alphabetic}`, `[:alpha:]`.
    case alphabetic
    /// `\p{Uppercase}` (or any cased letter when case-insensitive).
    case uppercase
    /// `\p{Lowercase}` (or any cased letter when case-insensitive).
    case lowercase
    /// `[:xdigit:]`, `\p{Hex_Digit}`.
    case hexDigit
    /// `\p{Any}`.
    case any
    /// Line terminators, for `.` without DOTALL.
    case lineTerminator
    /// A set of general categories (bit `n` = `RegexProperty.categoryOrder[n]`).
    case categories(UInt32)

    /// The general categories in the order of the ``categories(_:)`` bit mask.
    static let categoryOrder: [Unicode.GeneralCategory] = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark,
        .decimalNumber, .letterNumber, .otherNumber,
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
        .initialPunctuation, .finalPunctuation, .otherPunctuation,
        .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
        .spaceSeparator, .lineSeparator, .paragraphSeparator,
        .control, .format, .surrogate, .privateUse, .unassigned,
    ]

    /// The bit of one general category in a ``categories(_:)`` mask.
    static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
        guard let index = categoryOrder.firstIndex(of: category) else { return 0 }
        return 1 << UInt32(index)
    }

    /// Whether `scalar` has the property.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch self {
        case .digit:
            if value < 0x80 { return value &- 0x30 < 10 }
            return scalar.properties.generalCategory == .decimalNumber
        case .word:
            if value < 0x80 {
                return value &- 0x30 < 10 || (value | 0x20) &- 0x61 < 26 || value == 0x5F
            }
            if value == 0x200C || value == 0x200D { return true }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
                return true
            default:
                return properties.isAlphabetic
            }
        case .whitespace:
            if value < 0x80 { return value == 0x20 || value &- 0x09 < 5 }
            return scalar.properties.isWhitespace
        case .horizontalWhitespace:
            return value == 0x09
                || (value >= 0x80 || value == 0x20)
                    && scalar.properties.generalCategory == .spaceSeparator
        case .verticalWhitespace, .lineTerminator:
            return value &- 0x0A < 4 || value == 0x85 || value == 0x2028 || value == 0x2029
        case .alphabetic:
            if value < 0x80 { return (value | 0x20) &- 0x61 < 26 }
            return scalar.properties.isAlphabetic
        case .uppercase:
            if value < 0x80 { return value &- 0x41 < 26 }
            return scalar.properties.isUppercase
        case .lowercase:
            if value < 0x80 { return value &- 0x61 < 26 }
            return scalar.properties.isLowercase
        case .hexDigit:
            if value < 0x80 { return value &- 0x30 < 10 || (value | 0x20) &- 0x61 < 6 }
            return scalar.properties.isHexDigit
        case .any:
            return true
        case .categories(let mask):
            return mask & Self.bit(scalar.properties.generalCategory) != 0
        }
    }

    /// The property to test when matching case-insensitively: cased-letter properties widen to all
    /// cased letters (ICU closes property sets over case in case-insensitive mode).
    var caseClosed: RegexProperty {
        let cased = Self.bit(.uppercaseLetter) | Self.bit(.lowercaseLetter) | Self.bit(.titlecaseLetter)
        switch self {
        case .uppercase, .lowercase:
            return .categories(cased)
        case .categories(let mask) where mask & cased != 0:
            return .categories(mask | cased)
        default:
            return self
        }
    }
}

/// A character class: sorted, merged scalar ranges plus property tests, optionally negated.
struct RegexCharacterClass: Hashable, Sendable {
    /// Sorted, non-overlapping, non-adjacent ranges of scalar values.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    /// Property tests; each may be negated (`\D`, `\P{L}`, `[^…]` inside a class is a nested class).
    private(set) var properties: [(property: RegexProperty, isNegated: Bool)] = []
    /// Nested classes with their own negation (`[a[^b]]`).
    private(set) var nested: [RegexCharacterClass] = []
    /// Whether the whole class is negated (`[^…]`).
    var isNegated = false

    static func == (lhs: RegexCharacterClass, rhs: RegexCharacterClass) -> Bool {
        lhs.ranges == rhs.ranges && lhs.isNegated == rhs.isNegated && lhs.nested == rhs.nested
            && lhs.properties.elementsEqual(rhs.properties) {
                $0.property == $1.property && $0.isNegated == $1.isNegated
            }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ranges)
        hasher.combine(isNegated)
        hasher.combine(nested)
        for item in properties {
            hasher.combine(item.property)
            hasher.combine(item.isNegated)
        }
    }

    /// A class of one property (`\d`, `\P{L}`).
    init(property: RegexProperty, isNegated: Bool = false) {
        properties = [(property, isNegated)]
    }

    /// An empty class (matches nothing until members are added).
    init() {}

    /// Adds `lower...upper` (bounds in either order are the caller's error; see RegexParser).
    mutating func insert(_ lower: UInt32, _ upper: UInt32) {
        ranges.append(lower...upper)
        normalizeRanges()
    }

    mutating func insert(property: RegexProperty, isNegated: Bool) {
        properties.append((property, isNegated))
    }

    mutating func insert(nested other: RegexCharacterClass) {
        if !other.isNegated && other.properties.isEmpty && other.nested.isEmpty {
            ranges.append(contentsOf: other.ranges)
            normalizeRanges()
        } else {
            nested.append(other)
        }
    }

    /// Whether `scalar` is in the class.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        containsIgnoringNegation(scalar) != isNegated
    }

    private func containsIgnoringNegation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        for item in properties where item.property.contains(scalar) != item.isNegated { return true }
        for inner in nested where inner.contains(scalar) { return true }
        return false
    }

    /// The most scalars whose folded forms are added to a class; beyond it only the part of each
    /// range below U+0800 is folded (enough for Latin, Greek and Cyrillic).
    static let foldingBudget: UInt32 = 0x3000

    /// The class closed under `fold`: every member's folded form is added, so testing the folded
    /// subject scalar against the result tests "some member folds like the subject". Properties widen
    /// to cover both cases when `caseInsensitive`.
    func closed(under fold: (Unicode.Scalar) -> Unicode.Scalar, caseInsensitive: Bool) -> RegexCharacterClass {
        var result = self
        let total = ranges.reduce(UInt32(0)) { $0 &+ ($1.upperBound - $1.lowerBound + 1) }
        for range in ranges {
            let upper = total <= Self.foldingBudget ? range.upperBound : min(range.upperBound, 0x7FF)
            guard range.lowerBound <= upper else { continue }
            for value in range.lowerBound...upper {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let folded = fold(scalar).value
                if folded != value { result.ranges.append(folded...folded) }
            }
        }
        result.normalizeRanges()
        if caseInsensitive {
            result.properties = properties.map { ($0.property.caseClosed, $0.isNegated) }
        }
        result.nested = nested.map { $0.closed(under: fold, caseInsensitive: caseInsensitive) }
        return result
    }

    private mutating func normalizeRanges() {
        guard ranges.count > 1 else { return }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(ranges.count)
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }
}
