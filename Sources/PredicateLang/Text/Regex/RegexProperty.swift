// RegexProperty: the Unicode properties a MATCHES set can test lazily (`\p{…}`, `[:…:]`, `\w`): general
// categories, binary properties, scripts, blocks and the other enumerated properties ICU's `\p{name=value}`
// accepts here. The standard library answers most; the generated tables answer the rest.

/// A Unicode property test on one code point.
enum RegexProperty: Hashable, Sendable {
    /// General categories: bit `n` is ICU's UCharCategory `n` (0 Cn, 1 Lu, … 29 Pf).
    case generalCategories(UInt32)
    /// A binary property.
    case binary(RegexBinaryProperty)
    /// Script (ICU's UScriptCode).
    case script(UInt32)
    /// Script_Extensions contains the script.
    case scriptExtensions(UInt32)
    /// Block (ICU's UBlockCode).
    case block(UInt32)
    /// Assigned in Unicode `major.minor` or earlier (Age).
    case age(major: Int, minor: Int)
    /// Numeric_Type: 0 None, 1 Decimal, 2 Digit, 3 Numeric.
    case numericType(UInt32)
    /// Numeric_Value equals the value.
    case numericValue(Double)
    /// Canonical_Combining_Class.
    case combiningClass(UInt8)
    /// Hangul_Syllable_Type: 0 NA, 1 L, 2 V, 3 T, 4 LV, 5 LVT.
    case hangulSyllableType(UInt32)
    /// Grapheme_Cluster_Break (ICU's value).
    case graphemeClusterBreak(UInt32)
    /// Word_Break (ICU's value).
    case wordBreak(UInt32)
    /// `\w`: ICU's word characters, `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200C\u200D]`.
    case word

    /// The category masks of the one-letter groups and `LC` (ICU's UCharCategory bits).
    static let letterMask: UInt32 = 0x0000_003E
    static let casedLetterMask: UInt32 = 0x0000_000E
    static let markMask: UInt32 = 0x0000_01C0
    static let numberMask: UInt32 = 0x0000_0E00
    static let separatorMask: UInt32 = 0x0000_7000
    static let otherMask: UInt32 = 0x0007_8001
    static let punctuationMask: UInt32 = 0x30F8_0000
    static let symbolMask: UInt32 = 0x0F00_0000

    /// Whether `codePoint` has the property. Surrogate code points (never in a subject) have only Cs.
    func contains(_ codePoint: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(codePoint) else {
            if case .generalCategories(let mask) = self { return mask & 1 << 18 != 0 }
            return false
        }
        switch self {
        case .generalCategories(let mask):
            return mask & 1 << Self.category(of: scalar) != 0
        case .binary(let property):
            return property.contains(scalar)
        case .script(let script):
            return RegexUnicodeData.script(of: codePoint) == script
        case .scriptExtensions(let script):
            return RegexUnicodeData.scriptExtensions(of: codePoint, contain: script)
        case .block(let block):
            return RegexUnicodeData.block(of: codePoint) == block
        case .age(let major, let minor):
            guard let age = scalar.properties.age else { return false }
            return age.major < major || age.major == major && age.minor <= minor
        case .numericType(let type):
            return Self.numericType(of: scalar) == type
        case .numericValue(let value):
            return scalar.properties.numericValue == value
        case .combiningClass(let value):
            return scalar.properties.canonicalCombiningClass.rawValue == value
        case .hangulSyllableType(let type):
            return Self.hangulSyllableType(of: codePoint) == type
        case .graphemeClusterBreak(let value):
            return RegexUnicodeData.grapheme(of: codePoint) & 0x1F == value
        case .wordBreak(let value):
            return RegexUnicodeData.wordBreak(of: codePoint) == value
        case .word:
            return Self.isWord(scalar)
        }
    }

    /// Whether `scalar` is an ICU word character (`\w`).
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value &- 0x30 < 10 || (value | 0x20) &- 0x61 < 26 || value == 0x5F }
        if value == 0x200C || value == 0x200D { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return properties.isAlphabetic
        }
    }

    /// ICU's UCharCategory number of `scalar`.
    static func category(of scalar: Unicode.Scalar) -> UInt32 {
        if scalar.value < 0x80 { return UInt32(asciiCategories[Int(scalar.value)]) }
        return unicodeCategory(of: scalar)
    }

    /// ``category(of:)`` from the standard library's Unicode data.
    static func unicodeCategory(of scalar: Unicode.Scalar) -> UInt32 {
        switch scalar.properties.generalCategory {
        case .unassigned: 0
        case .uppercaseLetter: 1
        case .lowercaseLetter: 2
        case .titlecaseLetter: 3
        case .modifierLetter: 4
        case .otherLetter: 5
        case .nonspacingMark: 6
        case .enclosingMark: 7
        case .spacingMark: 8
        case .decimalNumber: 9
        case .letterNumber: 10
        case .otherNumber: 11
        case .spaceSeparator: 12
        case .lineSeparator: 13
        case .paragraphSeparator: 14
        case .control: 15
        case .format: 16
        case .privateUse: 17
        case .surrogate: 18
        case .dashPunctuation: 19
        case .openPunctuation: 20
        case .closePunctuation: 21
        case .connectorPunctuation: 22
        case .otherPunctuation: 23
        case .mathSymbol: 24
        case .currencySymbol: 25
        case .modifierSymbol: 26
        case .otherSymbol: 27
        case .initialPunctuation: 28
        case .finalPunctuation: 29
        @unknown default: 0
        }
    }

    /// ``category(of:)`` of each ASCII code point, as Unicode assigns them (checked against the standard
    /// library's in the tests): a set's ASCII bitmap tests all 128 at every regex compile, and the standard
    /// library's look-up costs several times more.
    static let asciiCategories: [UInt8] = [
        15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
        15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
        12, 23, 23, 23, 25, 23, 23, 23, 20, 21, 23, 24, 23, 19, 23, 23,
        9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 23, 23, 24, 24, 24, 23,
        23, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 20, 23, 21, 26, 22,
        26, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 20, 24, 21, 24, 15,
    ]

    /// The ASCII members of the property (``RegexASCIIMask``).
    var asciiMask: RegexASCIIMask {
        guard case .generalCategories(let mask) = self else { return RegexASCIIMask { contains($0) } }
        return RegexASCIIMask { mask & 1 << UInt32(Self.asciiCategories[Int($0)]) != 0 }
    }

    private static func numericType(of scalar: Unicode.Scalar) -> UInt32 {
        switch scalar.properties.numericType {
        case .decimal: 1
        case .digit: 2
        case .numeric: 3
        default: 0
        }
    }

    private static func hangulSyllableType(of codePoint: UInt32) -> UInt32 {
        switch codePoint {
        case 0x1100...0x115F, 0xA960...0xA97C: return 1
        case 0x1160...0x11A7, 0xD7B0...0xD7C6: return 2
        case 0x11A8...0x11FF, 0xD7CB...0xD7FB: return 3
        case 0xAC00...0xD7A3: return (codePoint - 0xAC00) % 28 == 0 ? 4 : 5
        default: return 0
        }
    }
}
