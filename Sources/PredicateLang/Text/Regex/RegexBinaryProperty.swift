// RegexBinaryProperty: the binary Unicode properties `\p{…}` can name, numbered as ICU numbers them
// (UProperty), answered by the standard library or, where it has none, by the generated tables.

/// A binary property; the raw value is ICU's UProperty number, so names resolve through
/// ``RegexUnicodeData/binaryPropertyNames``. ICU's properties missing here (NFD_Inert and the other
/// normalisation-inert ones, Segment_Starter, and the emoji properties of strings) are "not supported".
enum RegexBinaryProperty: Int, Hashable, Sendable {
    case alphabetic = 0
    case asciiHexDigit
    case bidiControl
    case bidiMirrored
    case dash
    case defaultIgnorable
    case deprecated
    case diacritic
    case extender
    case fullCompositionExclusion
    case graphemeBase
    case graphemeExtend
    case graphemeLink
    case hexDigit
    case hyphen
    case idContinue
    case idStart
    case ideographic
    case idsBinaryOperator
    case idsTrinaryOperator
    case joinControl
    case logicalOrderException
    case lowercase
    case math
    case noncharacter
    case quotationMark
    case radical
    case softDotted
    case terminalPunctuation
    case unifiedIdeograph
    case uppercase
    case whiteSpace
    case xidContinue
    case xidStart
    case caseSensitive
    case sentenceTerminal
    case variationSelector
    case patternSyntax = 42
    case patternWhiteSpace
    case posixAlnum
    case posixBlank
    case posixGraph
    case posixPrint
    case posixXDigit
    case cased
    case caseIgnorable
    case changesWhenLowercased
    case changesWhenUppercased
    case changesWhenTitlecased
    case changesWhenCaseFolded
    case changesWhenCaseMapped
    case changesWhenNFKCCaseFolded
    case emoji
    case emojiPresentation
    case emojiModifier
    case emojiModifierBase
    case emojiComponent
    case regionalIndicator
    case prependedConcatenationMark
    case extendedPictographic

    /// Whether `scalar` has the property.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        let value = scalar.value
        switch self {
        case .alphabetic: return properties.isAlphabetic
        case .asciiHexDigit: return properties.isASCIIHexDigit
        case .bidiControl: return properties.isBidiControl
        case .bidiMirrored: return properties.isBidiMirrored
        case .dash: return properties.isDash
        case .defaultIgnorable: return properties.isDefaultIgnorableCodePoint
        case .deprecated: return properties.isDeprecated
        case .diacritic: return properties.isDiacritic
        case .extender: return properties.isExtender
        case .fullCompositionExclusion: return properties.isFullCompositionExclusion
        case .graphemeBase: return properties.isGraphemeBase
        case .graphemeExtend: return properties.isGraphemeExtend
        case .graphemeLink: return properties.canonicalCombiningClass.rawValue == 9
        case .hexDigit: return properties.isHexDigit
        case .hyphen: return RegexUnicodeData.rangesContain(RegexUnicodeData.hyphenRanges, value)
        case .idContinue: return properties.isIDContinue
        case .idStart: return properties.isIDStart
        case .ideographic: return properties.isIdeographic
        case .idsBinaryOperator: return properties.isIDSBinaryOperator
        case .idsTrinaryOperator: return properties.isIDSTrinaryOperator
        case .joinControl: return properties.isJoinControl
        case .logicalOrderException: return properties.isLogicalOrderException
        case .lowercase: return properties.isLowercase
        case .math: return properties.isMath
        case .noncharacter: return properties.isNoncharacterCodePoint
        case .quotationMark: return properties.isQuotationMark
        case .radical: return properties.isRadical
        case .softDotted: return properties.isSoftDotted
        case .terminalPunctuation: return properties.isTerminalPunctuation
        case .unifiedIdeograph: return properties.isUnifiedIdeograph
        case .uppercase: return properties.isUppercase
        case .whiteSpace: return properties.isWhitespace
        case .xidContinue: return properties.isXIDContinue
        case .xidStart: return properties.isXIDStart
        case .caseSensitive: return RegexUnicodeData.rangesContain(RegexUnicodeData.caseSensitiveRanges, value)
        case .sentenceTerminal: return properties.isSentenceTerminal
        case .variationSelector: return properties.isVariationSelector
        default: return containsRest(scalar)
        }
    }

    private func containsRest(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        let value = scalar.value
        let category = RegexProperty.category(of: scalar)
        switch self {
        case .patternSyntax: return properties.isPatternSyntax
        case .patternWhiteSpace: return properties.isPatternWhitespace
        case .posixAlnum: return properties.isAlphabetic || category == 9
        case .posixBlank: return value <= 0x9F ? value == 0x09 || value == 0x20 : category == 12
        case .posixGraph: return !Self.isGraphExcluded(category)
        case .posixPrint: return category == 12 || !Self.isGraphExcluded(category)
        case .posixXDigit: return category == 9 || properties.isHexDigit
        case .cased: return properties.isCased
        case .caseIgnorable: return properties.isCaseIgnorable
        case .changesWhenLowercased: return properties.changesWhenLowercased
        case .changesWhenUppercased: return properties.changesWhenUppercased
        case .changesWhenTitlecased: return properties.changesWhenTitlecased
        case .changesWhenCaseFolded: return properties.changesWhenCaseFolded
        case .changesWhenCaseMapped: return properties.changesWhenCaseMapped
        case .changesWhenNFKCCaseFolded: return properties.changesWhenNFKCCaseFolded
        case .emoji: return properties.isEmoji
        case .emojiPresentation: return properties.isEmojiPresentation
        case .emojiModifier: return properties.isEmojiModifier
        case .emojiModifierBase: return properties.isEmojiModifierBase
        case .emojiComponent: return RegexUnicodeData.rangesContain(RegexUnicodeData.emojiComponentRanges, value)
        case .regionalIndicator: return value &- 0x1_F1E6 < 26
        case .prependedConcatenationMark:
            return RegexUnicodeData.rangesContain(RegexUnicodeData.prependedConcatenationMarkRanges, value)
        case .extendedPictographic:
            return RegexUnicodeData.rangesContain(RegexUnicodeData.extendedPictographicRanges, value)
        default: return false
        }
    }

    /// POSIX `graph` excludes Cc, Cs, Cn and the separators (ICU's `u_isgraphPOSIX`).
    private static func isGraphExcluded(_ category: UInt32) -> Bool {
        category == 0 || category == 15 || category == 18 || (12...14).contains(category)
    }
}
