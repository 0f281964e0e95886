// RegexProperties: the property names `\p{…}` and `[:…:]` accept: general categories (short and long
// names, one-letter groups), the common binary properties and the POSIX class names. Scripts and
// other properties are rejected with a "not supported" error.

/// Resolves property names to character classes.
enum RegexProperties {
    /// Two-letter category codes, in ``RegexProperty/categoryOrder`` order.
    private static let codes = [
        "lu", "ll", "lt", "lm", "lo", "mn", "mc", "me", "nd", "nl", "no",
        "pc", "pd", "ps", "pe", "pi", "pf", "po", "sm", "sc", "sk", "so",
        "zs", "zl", "zp", "cc", "cf", "cs", "co", "cn",
    ]

    /// Long category names (normalised: lowercase, no spaces, underscores or hyphens), same order.
    private static let longNames = [
        "uppercaseletter", "lowercaseletter", "titlecaseletter", "modifierletter", "otherletter",
        "nonspacingmark", "spacingmark", "enclosingmark", "decimalnumber", "letternumber", "othernumber",
        "connectorpunctuation", "dashpunctuation", "openpunctuation", "closepunctuation",
        "initialpunctuation", "finalpunctuation", "otherpunctuation", "mathsymbol", "currencysymbol",
        "modifiersymbol", "othersymbol", "spaceseparator", "lineseparator", "paragraphseparator",
        "control", "format", "surrogate", "privateuse", "unassigned",
    ]

    /// One-letter groups and their long names.
    private static let groups: [String: String] = [
        "letter": "l", "mark": "m", "combiningmark": "m", "number": "n", "punctuation": "p",
        "symbol": "s", "separator": "z", "other": "c",
    ]

    /// The class for a property name; throws `invalidPattern` ("not supported") for unknown names.
    static func characterClass(named rawName: String, at offset: Int) throws(EvaluationError) -> RegexCharacterClass {
        var name = normalized(rawName)
        for prefix in ["generalcategory=", "gc="] where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        if let mask = categoryMask(name) { return RegexCharacterClass(property: .categories(mask)) }
        switch name {
        case "alphabetic", "alpha": return RegexCharacterClass(property: .alphabetic)
        case "whitespace", "space": return RegexCharacterClass(property: .whitespace)
        case "uppercase", "upper": return RegexCharacterClass(property: .uppercase)
        case "lowercase", "lower": return RegexCharacterClass(property: .lowercase)
        case "digit": return RegexCharacterClass(property: .digit)
        case "xdigit", "hexdigit", "asciihexdigit": return RegexCharacterClass(property: .hexDigit)
        case "word", "w": return RegexCharacterClass(property: .word)
        case "blank": return RegexCharacterClass(property: .horizontalWhitespace)
        case "cntrl": return RegexCharacterClass(property: .categories(RegexProperty.bit(.control)))
        case "punct": return RegexCharacterClass(property: .categories(groupMask("p")))
        case "any": return RegexCharacterClass(property: .any)
        case "alnum":
            var characterClass = RegexCharacterClass(property: .alphabetic)
            characterClass.insert(property: .digit, isNegated: false)
            return characterClass
        case "ascii":
            var characterClass = RegexCharacterClass()
            characterClass.insert(0, 0x7F)
            return characterClass
        default:
            throw RegexParser.unsupported("property '\(rawName)'", at: offset)
        }
    }

    private static func categoryMask(_ name: String) -> UInt32? {
        if let index = codes.firstIndex(of: name) ?? longNames.firstIndex(of: name) {
            return 1 << UInt32(index)
        }
        if name == "lc" || name == "l&" || name == "casedletter" {
            return RegexProperty.bit(.uppercaseLetter) | RegexProperty.bit(.lowercaseLetter)
                | RegexProperty.bit(.titlecaseLetter)
        }
        if name.count == 1 && "lmnpszc".contains(name) { return groupMask(name) }
        if let letter = groups[name] { return groupMask(letter) }
        return nil
    }

    private static func groupMask(_ letter: String) -> UInt32 {
        var mask: UInt32 = 0
        for (index, code) in codes.enumerated() where code.hasPrefix(letter) {
            mask |= 1 << UInt32(index)
        }
        return mask
    }

    private static func normalized(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" }
                    .map { $0.isASCII ? Unicode.Scalar(ASCIIBytes.lowercased(UInt8($0.value))) : $0 }))
    }
}
