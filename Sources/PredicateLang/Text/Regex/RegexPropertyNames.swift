// RegexPropertyNames: what `\p{…}`, `\P{…}` and `[:…:]` name, resolved as ICU's regex compiler resolves it
// (createSetForProperty): first as a UnicodeSet property (`\p{L}`, `\p{Greek}`, `\p{sc=Latn}`,
// `\p{Alphabetic=No}`), then the Java-style forms `\p{InGreek}`, `\p{IsLatin}`, `\p{javaLowerCase}`,
// `\p{word}` and `\p{all}`. Names match loosely: case, spaces, `-` and `_` are ignored.

/// The outcome of resolving a property name.
enum RegexPropertyLookup {
    /// The set the name stands for.
    case set(RegexSet)
    /// ICU rejects the name (a property syntax error).
    case invalid
    /// ICU accepts the name but this engine does not implement the property.
    case unsupported
}

/// Property-name resolution for MATCHES sets.
enum RegexPropertyNames {
    /// ICU's loose form of a property or value name: ASCII lowercased, without spaces, tabs, line feeds,
    /// `-` and `_`.
    static func looseKey(_ name: String) -> String {
        var key = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar {
            case " ", "-", "_", "\t", "\n", "\u{B}", "\u{C}", "\r": continue
            default: key.append(scalar.isASCII ? Unicode.Scalar(ASCIIBytes.lowercased(UInt8(scalar.value))) : scalar)
            }
        }
        return String(key)
    }

    /// The set for a property name, negated (`\P`, `[:^…:]`) after the case closure that `caseInsensitive`
    /// asks for, as ICU's regex compiler builds it.
    static func resolve(_ name: String, negated: Bool, caseInsensitive: Bool) -> RegexPropertyLookup {
        var lookup = unicodeSetProperty(name)
        var closes = caseInsensitive
        if case .invalid = lookup {
            (lookup, closes) = javaStyleProperty(name, caseInsensitive: caseInsensitive)
        }
        guard case .set(var set) = lookup else { return lookup }
        if closes { set = set.caseClosed() }
        return .set(negated ? set.complemented() : set)
    }

    /// `\p{word}`, `\p{all}`, `\p{InBlock}`, `\p{IsProperty}` and `\p{java…}`: the forms ICU's regex compiler
    /// tries when UnicodeSet rejects the name. Returns the lookup and whether it is closed over case.
    private static func javaStyleProperty(_ name: String, caseInsensitive: Bool) -> (RegexPropertyLookup, Bool) {
        if name.lowercased() == "word" { return (.set(.property(.word)), false) }
        if name == "all" { return (.set(.ranges(.all)), false) }
        let scalars = Array(name.unicodeScalars)
        if name.hasPrefix("In") && scalars.count >= 3 {
            let block = String(String.UnicodeScalarView(scalars.dropFirst(2)))
            guard let value = RegexUnicodeData.valueIndex(named: block, in: RegexUnicodeData.blockIndex) else {
                return (.invalid, false)
            }
            return (.set(.property(.block(UInt32(value)))), false)
        }
        if name.hasPrefix("Is") && scalars.count >= 3 {
            var rest = String(String.UnicodeScalarView(scalars.dropFirst(2)))
            if rest.contains("=") { return (.invalid, false) }
            var negated = false
            if rest.lowercased() == "assigned" {
                rest = "unassigned"
                negated = true
            } else if rest.lowercased() == "titlecase" {
                rest = "Titlecase_Letter"
            }
            guard case .set(let set) = singleName(rest) else { return (.invalid, false) }
            return (.set(negated ? set.complemented() : set), caseInsensitive)
        }
        if name.hasPrefix("java"), let set = RegexJavaProperties.set(named: name) {
            return (.set(set), caseInsensitive)
        }
        return (.invalid, false)
    }

    /// A UnicodeSet property pattern `\p{name}` or `\p{name=value}`.
    static func unicodeSetProperty(_ text: String) -> RegexPropertyLookup {
        guard text.unicodeScalars.allSatisfy(\.isASCII) else { return .invalid }
        guard let equals = text.firstIndex(of: "=") else { return singleName(text) }
        let property = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        return value.isEmpty ? singleName(property) : valued(property, value)
    }

    /// A name without a value: a general category, a script, a binary property, `Any`, `ASCII` or
    /// `Assigned`, in that order.
    static func singleName(_ name: String) -> RegexPropertyLookup {
        if let mask = generalCategoryMask(name) { return .set(.property(.generalCategories(mask))) }
        if let script = RegexUnicodeData.valueIndex(named: name, in: RegexUnicodeData.scriptIndex) {
            return .set(.property(.script(UInt32(script))))
        }
        if let index = RegexUnicodeData.valueIndex(named: name, in: RegexUnicodeData.binaryPropertyIndex) {
            guard let property = RegexBinaryProperty(rawValue: index) else { return .unsupported }
            return .set(.property(.binary(property)))
        }
        switch looseKey(name) {
        case "any": return .set(.ranges(.all))
        case "ascii": return .set(.ranges(RegexRangeList(0, 0x7F)))
        case "assigned": return .set(RegexSet.property(.generalCategories(1)).complemented())
        default: return .invalid
        }
    }

    /// `property=value`.
    private static func valued(_ property: String, _ value: String) -> RegexPropertyLookup {
        if let index = RegexUnicodeData.valueIndex(named: property, in: RegexUnicodeData.binaryPropertyIndex) {
            guard let binary = RegexBinaryProperty(rawValue: index) else { return .unsupported }
            switch looseKey(value) {
            case "y", "yes", "t", "true": return .set(.property(.binary(binary)))
            case "n", "no", "f", "false": return .set(RegexSet.property(.binary(binary)).complemented())
            default: return .invalid
            }
        }
        guard let index = RegexUnicodeData.valueIndex(named: property, in: RegexUnicodeData.propertyIndex) else {
            let known = RegexUnicodeData.valueIndex(named: property, in: RegexUnicodeData.enumeratedPropertyIndex)
            return known == nil ? .invalid : .unsupported
        }
        let key = RegexUnicodeData.propertyNames[index].split(separator: " ").first.map(String.init) ?? ""
        return enumerated(key, value)
    }

    private static func enumerated(_ property: String, _ value: String) -> RegexPropertyLookup {
        func named(_ names: RegexUnicodeData.NameIndex, _ make: (UInt32) -> RegexProperty) -> RegexPropertyLookup {
            guard let index = RegexUnicodeData.valueIndex(named: value, in: names) else { return .invalid }
            return .set(.property(make(UInt32(index))))
        }
        switch property {
        case "gc", "gcm":
            guard let mask = generalCategoryMask(value) else { return .invalid }
            return .set(.property(.generalCategories(mask)))
        case "sc": return named(RegexUnicodeData.scriptIndex) { .script($0) }
        case "scx": return named(RegexUnicodeData.scriptIndex) { .scriptExtensions($0) }
        case "blk": return named(RegexUnicodeData.blockIndex) { .block($0) }
        case "nt": return named(RegexUnicodeData.numericTypeIndex) { .numericType($0) }
        case "hst": return named(RegexUnicodeData.hangulSyllableTypeIndex) { .hangulSyllableType($0) }
        case "GCB": return named(RegexUnicodeData.graphemeClusterBreakIndex) { .graphemeClusterBreak($0) }
        case "WB": return named(RegexUnicodeData.wordBreakIndex) { .wordBreak($0) }
        case "ccc":
            if let index = RegexUnicodeData.valueIndex(named: value, in: RegexUnicodeData.combiningClassIndex) {
                return .set(.property(.combiningClass(UInt8(index))))
            }
            guard let number = Double(value), number >= 0, number <= 255, number == number.rounded() else {
                return .invalid
            }
            return .set(.property(.combiningClass(UInt8(number))))
        case "nv":
            guard let number = Double(value.drop { $0 == " " }) else { return .invalid }
            return .set(.property(.numericValue(number)))
        case "age":
            let version = RegexNames.munged(value).split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
            return .set(.property(.age(major: version.first ?? 0, minor: version.count > 1 ? version[1] : 0)))
        case "na":
            guard let codePoint = RegexNames.codePoint(extendedName: RegexNames.munged(value)) else { return .invalid }
            return .set(.single(codePoint))
        default:
            return .unsupported
        }
    }

    /// A general category value or group name as a category mask.
    static func generalCategoryMask(_ name: String) -> UInt32? {
        if let index = RegexUnicodeData.valueIndex(named: name, in: RegexUnicodeData.generalCategoryIndex) {
            return 1 << UInt32(index)
        }
        switch looseKey(name) {
        case "l", "letter": return RegexProperty.letterMask
        case "lc", "casedletter": return RegexProperty.casedLetterMask
        case "m", "mark", "combiningmark": return RegexProperty.markMask
        case "n", "number": return RegexProperty.numberMask
        case "p", "punctuation", "punct": return RegexProperty.punctuationMask
        case "s", "symbol": return RegexProperty.symbolMask
        case "z", "separator": return RegexProperty.separatorMask
        case "c", "other": return RegexProperty.otherMask
        default: return nil
        }
    }
}
