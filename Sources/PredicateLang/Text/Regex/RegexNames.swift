// RegexNames: character names for `\N{NAME}` and `\p{Name=…}`, looked up in the standard library's name
// data (Unicode.Scalar.Properties.name): algorithmic names are parsed, the rest are found by a scan.

/// Code points by Unicode character name.
enum RegexNames {
    /// Name prefixes whose suffix is the code point in hexadecimal.
    private static let hexadecimalPrefixes = [
        "CJK UNIFIED IDEOGRAPH-", "CJK COMPATIBILITY IDEOGRAPH-", "TANGUT IDEOGRAPH-",
        "KHITAN SMALL SCRIPT CHARACTER-", "NUSHU CHARACTER-",
    ]

    /// Blocks the scan skips: their names are algorithmic (parsed above), or they have none (surrogates,
    /// private use).
    private static let skippedRanges: [ClosedRange<UInt32>] = [
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xD800...0xF8FF, 0x1_7000...0x1_87FF,
        0x1_8D00...0x1_8D08, 0x2_0000...0x3_FFFF, 0xF_0000...0x10_FFFF,
    ]

    /// The code point whose name is `name`, compared without regard to ASCII case (ICU's
    /// `u_charFromName(U_UNICODE_CHAR_NAME)`, used by `\N{…}`).
    static func codePoint(named name: String) -> UInt32? {
        let upper = String(String.UnicodeScalarView(name.unicodeScalars.map(uppercased)))
        guard !upper.isEmpty, upper.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        for prefix in hexadecimalPrefixes where upper.hasPrefix(prefix) {
            let digits = upper.dropFirst(prefix.count)
            guard digits.count >= 4, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value),
                scalar.properties.name == upper
            else { return nil }
            return value
        }
        if upper.hasPrefix("HANGUL SYLLABLE ") { return scan(0xAC00...0xD7A3, for: upper) }
        return nameIndex[upper]
    }

    /// Every name that is not algorithmic, built on first use (a scan of the blocks: code points outside
    /// every block have no names).
    private static let nameIndex: [String: UInt32] = {
        var index: [String: UInt32] = [:]
        let runs = RegexUnicodeData.blockRuns
        for (position, run) in runs.enumerated() where run & 0x7FF != 0 {
            let first = run >> RegexUnicodeData.packShift
            let last =
                position + 1 < runs.count ? (runs[position + 1] >> RegexUnicodeData.packShift) - 1 : 0x10_FFFF
            guard !skippedRanges.contains(where: { $0.contains(first) }) else { continue }
            for value in first...last {
                if let name = Unicode.Scalar(value)?.properties.name { index[name] = value }
            }
        }
        return index
    }()

    /// A name as ICU's `u_charFromName(U_EXTENDED_CHAR_NAME)` reads it (used by `\p{Name=…}`): a character
    /// name, or a label `<control-0009>` for code points without one.
    static func codePoint(extendedName name: String) -> UInt32? {
        if let found = codePoint(named: name) { return found }
        guard name.hasPrefix("<"), name.hasSuffix(">"), let dash = name.lastIndex(of: "-") else { return nil }
        let label = name[name.index(after: name.startIndex)..<dash].lowercased()
        guard let value = UInt32(name[name.index(after: dash)..<name.index(before: name.endIndex)], radix: 16),
            value <= RegexRangeList.maximum
        else { return nil }
        guard let scalar = Unicode.Scalar(value) else {
            return label == (value < 0xDC00 ? "lead-surrogate" : "trail-surrogate") ? value : nil
        }
        guard scalar.properties.name == nil else { return nil }
        let properties = scalar.properties
        let expected: String
        if properties.isNoncharacterCodePoint {
            expected = "noncharacter"
        } else {
            switch properties.generalCategory {
            case .control: expected = "control"
            case .privateUse: expected = "private-use"
            case .unassigned: expected = "unassigned"
            default: return nil
            }
        }
        return label == expected ? value : nil
    }

    /// ICU's munging of `\p{Name=…}` and `\p{Age=…}` values: leading and trailing spaces dropped, runs of
    /// spaces collapsed to one.
    static func munged(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == " " && (result.isEmpty || result.last == " ") { continue }
            result.append(character)
        }
        if result.last == " " { result.removeLast() }
        return result
    }

    private static func scan(_ range: ClosedRange<UInt32>, for name: String) -> UInt32? {
        guard let first = name.unicodeScalars.first else { return nil }
        for value in range {
            guard let scalar = Unicode.Scalar(value), let candidate = scalar.properties.name,
                candidate.unicodeScalars.first == first, candidate == name
            else { continue }
            return value
        }
        return nil
    }

    private static func uppercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.value &- 0x61 < 26 ? Unicode.Scalar(UInt8(scalar.value - 0x20)) : scalar
    }
}
