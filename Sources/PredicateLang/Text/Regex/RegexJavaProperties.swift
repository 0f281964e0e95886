// RegexJavaProperties: the `\p{java…}` sets ICU's regex compiler accepts for compatibility with Java's
// Character.is… methods (javaLowerCase, javaJavaIdentifierStart, …), built from general categories.

/// The Java-compatible property sets (exact, case-sensitive names).
enum RegexJavaProperties {
    private static func categories(_ codes: [UInt32]) -> RegexSet {
        .property(.generalCategories(codes.reduce(0) { $0 | 1 << $1 }))
    }

    /// Code points Java's `isIdentifierIgnorable` accepts: controls other than whitespace, and Cf.
    private static var identifierIgnorable: RegexSet {
        var members = RegexRangeList(0, 8)
        members.insert(0x0E, 0x1B)
        members.insert(0x7F, 0x9F)
        return RegexSet.ranges(members).union(categories([16]))
    }

    /// The set for `name`, or nil when it is not one of ICU's `java…` names.
    static func set(named name: String) -> RegexSet? {
        let letters = RegexSet.property(.generalCategories(RegexProperty.letterMask))
        switch name {
        case "javaDefined": return categories([0]).complemented()
        case "javaDigit": return categories([9])
        case "javaIdentifierIgnorable": return identifierIgnorable
        case "javaISOControl":
            var members = RegexRangeList(0, 0x1F)
            members.insert(0x7F, 0x9F)
            return .ranges(members)
        case "javaJavaIdentifierPart":
            return letters.union(categories([25, 22, 9, 10, 8, 6])).union(identifierIgnorable)
        case "javaJavaIdentifierStart": return letters.union(categories([10, 25, 22]))
        case "javaLetter": return letters
        case "javaLetterOrDigit": return letters.union(categories([9]))
        case "javaLowerCase": return categories([2])
        case "javaMirrored": return .property(.binary(.bidiMirrored))
        case "javaSpaceChar": return .property(.generalCategories(RegexProperty.separatorMask))
        case "javaSupplementaryCodePoint": return .ranges(RegexRangeList(0x1_0000, RegexRangeList.maximum))
        case "javaTitleCase": return categories([3])
        case "javaUnicodeIdentifierStart": return letters.union(categories([10]))
        case "javaUnicodeIdentifierPart":
            return letters.union(categories([22, 9, 10, 8, 6])).union(identifierIgnorable)
        case "javaUpperCase": return categories([1])
        case "javaValidCodePoint": return .ranges(.all)
        case "javaWhitespace":
            var extra = RegexRangeList(0x09, 0x0D)
            extra.insert(0x1C, 0x1F)
            var excluded = RegexRangeList(0x0A, 0x0A)
            excluded.insert(0x2007, 0x2007)
            excluded.insert(0x202F, 0x202F)
            let separators = RegexSet.property(.generalCategories(RegexProperty.separatorMask))
            return separators.subtracting(.ranges(excluded)).union(.ranges(extra))
        default: return nil
        }
    }
}
