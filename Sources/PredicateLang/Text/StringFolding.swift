// StringFolding: what the option letters [c] [d] [n] [l] [w] do to a string before it is compared,
// searched or matched. Used by Value.compare, SubstringMatcher, LikePattern and RegexPattern.
// Implemented with the standard library only (no Foundation): see the notes on ``StringFolding``.

@_spi(_Unicode) import Swift

/// The string folding behind the comparison options.
///
/// Folding maps a string to a canonical form in which strings that the options call equal are
/// identical, so every comparison afterwards is a plain scalar comparison:
///
/// - no options: canonical composition (NFC), so `"caf\u{E9}"` and `"cafe\u{301}"` compare equal as
///   NSString's non-literal compare does;
/// - `[c]`: full case folding per scalar (lowercase of the uppercase mapping, so `ß` → `ss`,
///   `ﬁ` → `fi`, `ς`/`Σ` → `σ`, `İ` → `i̇`), plus fullwidth ASCII → ASCII (Apple adds width
///   insensitivity to `[c]` and `[d]`);
/// - `[d]`: canonical decomposition, then every nonspacing mark (general category Mn) is dropped
///   (`é` → `e`, `İ` → `I`), plus the width folding;
/// - `[n]`: the operands are taken as already normalised and compared literally; it overrides `c`
///   and `d` and folding returns the string unchanged;
/// - `[l]`: locale-sensitive on Apple (the user's current locale). Predicates here evaluate the same
///   on every machine, so `[l]` folds like no locale (it is kept in the options so it still prints);
/// - `[w]`: undocumented on Apple; ignored.
///
/// Notes:
/// - The unit of every string operation is the Unicode scalar of the folded string (not UTF-16 code
///   units, not Characters). Substring searches on non-ASCII text do not start or end a match next to
///   a combining mark, so `"café" CONTAINS "e"` is false as on Apple.
/// - Apple normalises LIKE/MATCHES operands to NFKC; this uses NFC plus the width folding above, so
///   other compatibility characters (ligatures without `[c]`, superscripts) stay distinct.
/// - Canonical decomposition and composition use the standard library's `_nfd`/`_nfc` views
///   (`@_spi(_Unicode)`, the same code `String ==` relies on); FoundationEssentials has no
///   normalisation API and full Foundation's `folding(options:locale:)` would pull ~60 MB of ICU data
///   into static binaries.
package enum StringFolding {
    /// Folds `string` for the comparison `options` (see ``StringFolding``).
    ///
    /// ```swift
    /// StringFolding.fold("Résumé", options: [.caseInsensitive, .diacriticInsensitive]) // "resume"
    /// StringFolding.fold("straße", options: .caseInsensitive)                          // "strasse"
    /// ```
    package static func fold(_ string: String, options: ComparisonOptions) -> String {
        let effective = effectiveOptions(options)
        if effective.contains(.normalized) { return string }
        let caseInsensitive = effective.contains(.caseInsensitive)
        if isASCII(string) {
            return caseInsensitive ? asciiLowercased(string) : string
        }
        let diacriticInsensitive = effective.contains(.diacriticInsensitive)
        if !caseInsensitive && !diacriticInsensitive {
            return composed(string)
        }
        var folded = String.UnicodeScalarView()
        for scalar in string._nfd {
            appendFolded(scalar, caseInsensitive: caseInsensitive, to: &folded)
        }
        if diacriticInsensitive {
            // Case mappings can produce new marks (`İ` → `i` + U+0307); decompose and strip again.
            let decomposed = String(folded)._nfd
            folded = String.UnicodeScalarView()
            for scalar in decomposed where !isNonspacingMark(scalar) {
                folded.append(scalar)
            }
        }
        return composed(String(folded))
    }

    /// The options that change folding: `[n]` alone if present, else the `[c]`/`[d]` subset.
    static func effectiveOptions(_ options: ComparisonOptions) -> ComparisonOptions {
        if options.contains(.normalized) { return .normalized }
        return options.intersection([.caseInsensitive, .diacriticInsensitive])
    }

    /// Whether every byte of `string` is ASCII.
    static func isASCII(_ string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { ASCIIBytes.isASCII($0) }
            ?? string.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Canonical composition (NFC) of `string`.
    static func composed(_ string: String) -> String {
        if isASCII(string) { return string }
        var scalars = String.UnicodeScalarView()
        for scalar in string._nfc { scalars.append(scalar) }
        return String(scalars)
    }

    private static func asciiLowercased(_ string: String) -> String {
        String(decoding: string.utf8.map(ASCIIBytes.lowercased), as: UTF8.self)
    }

    private static func appendFolded(
        _ scalar: Unicode.Scalar, caseInsensitive: Bool, to folded: inout String.UnicodeScalarView
    ) {
        let widened = widthFolded(scalar)
        guard caseInsensitive else {
            folded.append(widened)
            return
        }
        if widened.isASCII {
            folded.append(Unicode.Scalar(ASCIIBytes.lowercased(UInt8(widened.value))))
            return
        }
        _ = forEachCaseFolded(widened) { scalar in
            folded.append(scalar)
            return true
        }
    }

    /// Full case folding of one non-ASCII scalar, approximated from the standard library's case
    /// mappings: the lowercase of the uppercase mapping (`ß` → `SS` → `ss`, `ς` → `Σ` → `σ`,
    /// `ﬁ` → `FI` → `fi`), applied twice so `ẞ` → `ß` → `ss`. Dotless `ı` folds to itself, as in
    /// Unicode's CaseFolding.txt (its uppercase `I` would otherwise make it equal to `i`).
    static func caseFolded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var folded: [Unicode.Scalar] = []
        _ = forEachCaseFolded(scalar) { scalar in
            folded.append(scalar)
            return true
        }
        return folded
    }

    /// Calls `body` with each scalar of ``caseFolded(_:)`` of `scalar`, in order and without allocating,
    /// until `body` returns false; returns whether it went through all of them.
    static func forEachCaseFolded(_ scalar: Unicode.Scalar, _ body: (Unicode.Scalar) -> Bool) -> Bool {
        if scalar.isASCII { return body(Unicode.Scalar(ASCIIBytes.lowercased(UInt8(scalar.value)))) }
        if scalar.value == 0x131 { return body(scalar) }
        // A scalar the first application leaves as it is (`é` → `É` → `é`) is its own folding.
        let uppers = scalar.properties.uppercaseMapping.unicodeScalars
        if uppers.count == 1, let upper = uppers.first {
            let lowers = upper.properties.lowercaseMapping.unicodeScalars
            if lowers.count == 1, lowers.first == scalar { return body(scalar) }
        }
        for upper in uppers {
            for step in upper.properties.lowercaseMapping.unicodeScalars {
                if step.isASCII || step.value == 0x131 {
                    guard body(step) else { return false }
                    continue
                }
                for upperAgain in step.properties.uppercaseMapping.unicodeScalars {
                    for twice in upperAgain.properties.lowercaseMapping.unicodeScalars {
                        guard body(twice) else { return false }
                    }
                }
            }
        }
        return true
    }

    /// Whether the non-ASCII `scalar`, read where an ASCII needle is being matched scalar by scalar
    /// (`BEGINSWITH`/`ENDSWITH` without `[d]` or `[n]`), certainly leaves no ASCII scalar at that place of the
    /// folded subject, so the match fails there — decided without folding the subject or allocating.
    ///
    /// Folding is NFD, then the case and width folding of each scalar (`[c]`), then NFC. A scalar whose
    /// decomposition has several scalars (`é` → `e` + U+0301) is a base and marks: NFC composes them again
    /// into a non-ASCII letter, or the base is followed by a mark, which no ASCII needle scalar equals and
    /// after which a match may not end. A single-scalar decomposition leaves ASCII only when that scalar is
    /// ASCII (U+212A KELVIN SIGN, U+037E, U+1FEF: the only three, per UnicodeData) or, under `[c]`, folds
    /// to some ASCII scalar (`ﬁ`, `Ｊ`, `ſ`); a combining mark stays non-ASCII (it composes with the letter
    /// before it, or stays a mark, or becomes a non-ASCII letter: U+0345 → `ι`). The decomposition itself is
    /// not computed (the standard library's NFD iterator allocates): the case folding of the scalar itself is
    /// searched for ASCII instead, which answers "unknown" for more scalars (`İ`) but never wrongly "no"
    /// (no singleton decomposition other than the three above reaches a scalar whose folding holds ASCII).
    /// False means "unknown": the caller folds the whole subject.
    static func neverFoldsToASCII(_ scalar: Unicode.Scalar, caseInsensitive: Bool) -> Bool {
        switch scalar.value {
        case 0..<0x80, 0x37E, 0x1FEF, 0x212A: return false  // ASCII, or a decomposition to one ASCII scalar
        default: break
        }
        guard caseInsensitive else { return true }
        let widened = widthFolded(scalar)
        return !widened.isASCII && forEachCaseFolded(widened) { !$0.isASCII }
    }

    /// Case-folds a single scalar when the result is a single scalar (`Σ` → `σ`), else returns it
    /// unchanged (`ß`). Used for character-class members, which hold single scalars.
    static func simpleCaseFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII { return Unicode.Scalar(ASCIIBytes.lowercased(UInt8(scalar.value))) }
        let folded = caseFolded(scalar)
        return folded.count == 1 ? folded[0] : scalar
    }

    /// Fullwidth ASCII (U+FF01–U+FF5E) and the ideographic space map to ASCII.
    static func widthFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0xFF01...0xFF5E: Unicode.Scalar(UInt8(scalar.value - 0xFEE0))
        case 0x3000: " "
        default: scalar
        }
    }

    /// Whether `scalar` is a nonspacing mark (the diacritics `[d]` removes).
    static func isNonspacingMark(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && scalar.properties.generalCategory == .nonspacingMark
    }

    /// Whether `scalar` continues the previous character (a combining mark or a joiner), so a
    /// substring match must not start or end next to it.
    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.value == 0x200D
        }
    }
}
