// RegexUnicodeData: lookups in the generated Unicode tables (RegexUnicodeData+*.swift): run tables packed
// as `start << 11 | value`, range lists and the script-extension sets. The tables come from ICU so the
// engine answers as ICU does where the standard library has no API (scripts, blocks, break properties).

/// The Unicode data the MATCHES engine needs beyond the standard library's, generated from ICU.
enum RegexUnicodeData {
    /// Bits of the value in a packed run (`start << 11 | value`).
    static let packShift: UInt32 = 11
    private static let valueMask: UInt32 = (1 << packShift) - 1

    /// Flag in a ``graphemeRuns`` value: Extended_Pictographic.
    static let graphemeExtendedPictographic: UInt32 = 32
    /// Flag in a ``graphemeRuns`` value: a consonant that CLDR's rule GB9.3 joins after a virama.
    static let graphemeLinkingConsonant: UInt32 = 64
    /// Flag in a ``graphemeRuns`` value: a virama of rule GB9.3.
    static let graphemeVirama: UInt32 = 128
    /// Flag in a ``graphemeRuns`` value: Extend with a non-zero combining class, or ZWJ (rule GB9.3).
    static let graphemeExtendWithClass: UInt32 = 256

    /// The value of the run that contains `codePoint` in a packed run table.
    static func runValue(_ runs: [UInt32], _ codePoint: UInt32) -> UInt32 {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle] >> packShift <= codePoint {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low > 0 ? runs[low - 1] & valueMask : 0
    }

    /// Whether `codePoint` is in a flat range list (first, last, first, last, ...).
    static func rangesContain(_ ranges: [UInt32], _ codePoint: UInt32) -> Bool {
        var low = 0
        var high = ranges.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if codePoint < ranges[2 * middle] {
                high = middle - 1
            } else if codePoint > ranges[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// ICU's Script value (UScriptCode) of `codePoint`.
    static func script(of codePoint: UInt32) -> UInt32 { runValue(scriptRuns, codePoint) }

    /// Whether `script` is among the Script_Extensions of `codePoint`.
    static func scriptExtensions(of codePoint: UInt32, contain script: UInt32) -> Bool {
        let set = Int(runValue(scriptExtensionRuns, codePoint))
        guard set + 1 < scriptExtensionOffsets.count else { return false }
        let start = Int(scriptExtensionOffsets[set])
        let end = Int(scriptExtensionOffsets[set + 1])
        for index in start..<end where UInt32(scriptExtensionScripts[index]) == script { return true }
        return false
    }

    /// ICU's Block value (UBlockCode) of `codePoint`.
    static func block(of codePoint: UInt32) -> UInt32 { runValue(blockRuns, codePoint) }

    /// Grapheme_Cluster_Break (low five bits) and the grapheme flags of `codePoint`.
    static func grapheme(of codePoint: UInt32) -> UInt32 { runValue(graphemeRuns, codePoint) }

    /// ICU's Word_Break value of `codePoint`.
    static func wordBreak(of codePoint: UInt32) -> UInt32 { runValue(wordBreakRuns, codePoint) }

    /// The index of the first name list in `names` that contains `name` under ICU's loose matching
    /// (``RegexPropertyNames/looseKey(_:)``), or nil.
    static func valueIndex(named name: String, in names: NameIndex) -> Int? {
        names.indexes[RegexPropertyNames.looseKey(name)]
    }

    /// A name table (one space-separated list of aliases per value) indexed by loose key; the first value
    /// with a key wins.
    struct NameIndex: Sendable {
        let indexes: [String: Int]

        init(_ names: [String]) {
            var indexes: [String: Int] = [:]
            for (index, list) in names.enumerated() {
                for alias in list.split(separator: " ") {
                    let key = RegexPropertyNames.looseKey(String(alias))
                    if !key.isEmpty && indexes[key] == nil { indexes[key] = index }
                }
            }
            self.indexes = indexes
        }
    }

    static let scriptIndex = NameIndex(scriptNames)
    static let blockIndex = NameIndex(blockNames)
    static let binaryPropertyIndex = NameIndex(binaryPropertyNames)
    static let propertyIndex = NameIndex(propertyNames)
    static let enumeratedPropertyIndex = NameIndex(enumeratedPropertyNames)
    static let generalCategoryIndex = NameIndex(generalCategoryNames)
    static let combiningClassIndex = NameIndex(combiningClassNames)
    static let numericTypeIndex = NameIndex(numericTypeNames)
    static let hangulSyllableTypeIndex = NameIndex(hangulSyllableTypeNames)
    static let graphemeClusterBreakIndex = NameIndex(graphemeClusterBreakNames)
    static let wordBreakIndex = NameIndex(wordBreakNames)
}
