// RegexWordBreaks: Unicode word boundaries (UAX #29, Unicode 15.0) for `\b` in `(?w)` mode, from the
// Word_Break values in RegexUnicodeData+WordBreaks. ICU also divides runs of Han, kana, Hangul and
// Southeast Asian scripts with dictionaries; without them those runs are segmented by the rules alone.

/// UAX #29 word segmentation of a subject.
enum RegexWordBreaks {
    /// ICU's Word_Break values.
    private enum Kind: UInt32 {
        case other = 0
        case letter
        case format
        case katakana
        case midLetter
        case midNumber
        case numeric
        case extendNumberLetter
        case carriageReturn
        case extend
        case lineFeed
        case midNumberLetter
        case newline
        case regionalIndicator
        case hebrewLetter
        case singleQuote
        case doubleQuote
        case zeroWidthJoiner = 21
        case segmentSpace

        var isAHLetter: Bool { self == .letter || self == .hebrewLetter }
        var isMidLetterQ: Bool { self == .midLetter || self == .midNumberLetter || self == .singleQuote }
        var isMidNumberQ: Bool { self == .midNumber || self == .midNumberLetter || self == .singleQuote }
        var isIgnorable: Bool { self == .extend || self == .format || self == .zeroWidthJoiner }
        var isLineBreak: Bool { self == .carriageReturn || self == .lineFeed || self == .newline }
    }

    /// The Word_Break of `value` as ICU's rules use it: CLDR takes the colons out of MidLetter.
    private static func kind(_ value: UInt32) -> Kind {
        if value == 0x3A || value == 0xFE55 || value == 0xFF1A { return .other }
        return Kind(rawValue: RegexUnicodeData.wordBreak(of: value)) ?? .other
    }

    /// `boundaries[p]` is whether a word boundary lies before position `p` (0...count).
    static func boundaries<Subject: RandomAccessCollection>(_ subject: Subject) -> [Bool]
    where Subject.Element == Unicode.Scalar, Subject.Index == Int {
        let count = subject.count
        var result = Array(repeating: true, count: count + 1)
        guard count > 1 else { return result }
        let values = subject.map { $0.value }
        let kinds = values.map(kind)
        // WB4: a run of Extend, Format and ZWJ belongs to the character before it (unless that is a line break).
        var isBase = Array(repeating: true, count: count)
        for index in 1..<count where kinds[index].isIgnorable && !kinds[index - 1].isLineBreak {
            isBase[index] = false
        }
        var previousBase = Array(repeating: -1, count: count)
        var last = -1
        for index in 0..<count {
            previousBase[index] = last
            if isBase[index] { last = index }
        }
        var nextBase = Array(repeating: -1, count: count)
        last = -1
        for index in stride(from: count - 1, through: 0, by: -1) {
            nextBase[index] = last
            if isBase[index] { last = index }
        }
        var regionalRun = Array(repeating: 0, count: count)
        var run = 0
        for index in 0..<count where isBase[index] {
            regionalRun[index] = run
            run = kinds[index] == .regionalIndicator ? run + 1 : 0
        }
        for index in 1..<count {
            result[index] = isBoundary(
                at: index, kinds, values, isBase: isBase, previousBase: previousBase, nextBase: nextBase,
                regionalRun: regionalRun)
        }
        return result
    }

    private static func isBoundary(
        at index: Int, _ kinds: [Kind], _ values: [UInt32], isBase: [Bool], previousBase: [Int], nextBase: [Int],
        regionalRun: [Int]
    ) -> Bool {
        let before = kinds[index - 1]
        let current = kinds[index]
        if before == .carriageReturn && current == .lineFeed { return false }
        if before.isLineBreak || current.isLineBreak { return true }
        if before == .zeroWidthJoiner && RegexBinaryProperty.extendedPictographic.containsValue(values[index]) {
            return false
        }
        if before == .segmentSpace && current == .segmentSpace { return false }
        if !isBase[index] { return false }
        let first = previousBase[index]
        guard first >= 0 else { return true }
        let left = kinds[first]
        let secondIndex = previousBase[first]
        let farLeft = secondIndex >= 0 ? kinds[secondIndex] : nil
        let rightIndex = nextBase[index]
        let farRight = rightIndex >= 0 ? kinds[rightIndex] : nil
        switch (left, current) {
        case _ where left.isAHLetter && current.isAHLetter: return false
        case _ where left.isAHLetter && current.isMidLetterQ && farRight?.isAHLetter == true: return false
        case _ where farLeft?.isAHLetter == true && left.isMidLetterQ && current.isAHLetter: return false
        case (.hebrewLetter, .singleQuote): return false
        case (.hebrewLetter, .doubleQuote) where farRight == .hebrewLetter: return false
        case (.doubleQuote, .hebrewLetter) where farLeft == .hebrewLetter: return false
        case (.numeric, .numeric): return false
        case _ where left.isAHLetter && current == .numeric: return false
        case _ where left == .numeric && current.isAHLetter: return false
        case _ where farLeft == .numeric && left.isMidNumberQ && current == .numeric: return false
        case _ where left == .numeric && current.isMidNumberQ && farRight == .numeric: return false
        case (.katakana, .katakana): return false
        case (_, .extendNumberLetter)
        where left.isAHLetter || left == .numeric || left == .katakana || left == .extendNumberLetter:
            return false
        case (.extendNumberLetter, _) where current.isAHLetter || current == .numeric || current == .katakana:
            return false
        case (.regionalIndicator, .regionalIndicator): return regionalRun[index] % 2 == 0
        default: return true
        }
    }
}

extension RegexBinaryProperty {
    /// Whether the code point `value` has the property (false for surrogates).
    func containsValue(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return contains(scalar)
    }
}
