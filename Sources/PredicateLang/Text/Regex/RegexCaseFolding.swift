// RegexCaseFolding: ICU's case folding for case-insensitive MATCHES ([c], (?i)): simple and full folding of one
// code point, and the case-insensitive closure that case-insensitive sets are closed over. Read from the
// generated tables in RegexUnicodeData+CaseFolding.swift (ICU's default folding, no Turkic mappings).

/// The full case folding of one code point: one to three code points.
struct RegexFolding: Hashable, Sendable {
    /// How many code points the folding has (1...3).
    let count: Int
    private let packed: UInt64

    init(single codePoint: UInt32) {
        count = 1
        packed = UInt64(codePoint)
    }

    init(packed: UInt64) {
        var count = 1
        if packed >> 21 & 0x1F_FFFF != 0 { count = 2 }
        if packed >> 42 & 0x1F_FFFF != 0 { count = 3 }
        self.count = count
        self.packed = packed
    }

    /// Code point `index` (0..<count) of the folding.
    subscript(index: Int) -> UInt32 { UInt32(truncatingIfNeeded: packed >> UInt64(21 * index) & 0x1F_FFFF) }
}

/// Case folding and closure as ICU's regular expressions use them.
enum RegexCaseFolding {
    /// Simple case folding (ICU's `u_foldCase` with the default options).
    static func simpleFold(_ codePoint: UInt32) -> UInt32 {
        if codePoint < 0x80 { return codePoint &- 0x41 < 26 ? codePoint | 0x20 : codePoint }
        let sources = RegexUnicodeData.simpleFoldingSources
        guard let index = search(sources, codePoint) else { return codePoint }
        return RegexUnicodeData.simpleFoldingTargets[index]
    }

    /// Full case folding (`ß` → `ss`, `İ` → `i̇`); the simple folding where no longer one exists.
    static func fullFold(_ codePoint: UInt32) -> RegexFolding {
        if codePoint < 0xDF { return RegexFolding(single: simpleFold(codePoint)) }
        if let index = search(RegexUnicodeData.fullFoldingSources, codePoint) {
            return RegexFolding(packed: RegexUnicodeData.fullFoldingTargets[index])
        }
        return RegexFolding(single: simpleFold(codePoint))
    }

    /// Full folding of a whole run of code points, concatenated.
    static func fullFold(_ codePoints: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(codePoints.count)
        for codePoint in codePoints {
            let folding = fullFold(codePoint)
            for index in 0..<folding.count { result.append(folding[index]) }
        }
        return result
    }

    /// The code points ICU's case-insensitive closure makes equivalent to `codePoint`, itself included:
    /// those with the same simple folding, and those whose full foldings are the same string.
    static func closure(of codePoint: UInt32) -> [UInt32] {
        closureClasses[codePoint] ?? [codePoint]
    }

    /// Whether `codePoint` has case variants under the closure.
    static func hasCaseVariants(_ codePoint: UInt32) -> Bool { closureClasses[codePoint] != nil }

    /// Every code point with case variants, mapped to its class (sorted), built once from the folding tables.
    static let closureClasses: [UInt32: [UInt32]] = {
        var parent: [UInt32: UInt32] = [:]
        func root(_ value: UInt32) -> UInt32 {
            var current = value
            while let next = parent[current], next != current { current = next }
            return current
        }
        func join(_ first: UInt32, _ second: UInt32) {
            let (a, b) = (root(first), root(second))
            if a != b { parent[a] = b }
        }
        let sources = RegexUnicodeData.simpleFoldingSources
        let targets = RegexUnicodeData.simpleFoldingTargets
        for (source, target) in zip(sources, targets) {
            if parent[source] == nil { parent[source] = source }
            if parent[target] == nil { parent[target] = target }
            join(source, target)
        }
        var byFolding: [[UInt32]: UInt32] = [:]
        for source in RegexUnicodeData.fullFoldingSources {
            let folding = fullFold(source)
            let key = (0..<folding.count).map { folding[$0] }
            if parent[source] == nil { parent[source] = source }
            if let other = byFolding[key] { join(source, other) } else { byFolding[key] = source }
        }
        var classes: [UInt32: [UInt32]] = [:]
        for member in parent.keys { classes[root(member), default: []].append(member) }
        var result: [UInt32: [UInt32]] = [:]
        for members in classes.values where members.count > 1 {
            let sorted = members.sorted()
            for member in sorted { result[member] = sorted }
        }
        return result
    }()

    private static func search(_ values: [UInt32], _ value: UInt32) -> Int? {
        var low = 0
        var high = values.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if values[middle] == value { return middle }
            if values[middle] < value { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }
}
