// ASCIIBytes: the byte-level kernels behind the ASCII fast paths of string comparison (equality,
// ordering, BEGINSWITH/ENDSWITH/CONTAINS), with optional on-the-fly ASCII lowercasing for [c].
// They read UTF-8 buffers in place and never allocate.

/// Byte kernels over UTF-8 buffers that are known to be ASCII.
///
/// `caseInsensitive` lowercases both sides byte by byte while comparing; a side that is already
/// folded is unaffected, because lowercasing is idempotent.
enum ASCIIBytes {
    /// `A`–`Z` → `a`–`z`; every other byte unchanged.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Whether every byte is below 0x80.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in bytes { combined |= byte }
        return combined < 0x80
    }

    @inline(__always)
    private static func same(_ left: UInt8, _ right: UInt8, _ caseInsensitive: Bool) -> Bool {
        caseInsensitive ? lowercased(left) == lowercased(right) : left == right
    }

    /// Whether `text` and `pattern` hold the same bytes (after folding).
    static func equal(
        _ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool
    ) -> Bool {
        guard text.count == pattern.count else { return false }
        return matchesAt(text, 0, pattern, caseInsensitive)
    }

    /// Whether `text` starts with `pattern`.
    static func hasPrefix(
        _ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool
    ) -> Bool {
        guard pattern.count <= text.count else { return false }
        return matchesAt(text, 0, pattern, caseInsensitive)
    }

    /// Whether `text` ends with `pattern`.
    static func hasSuffix(
        _ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool
    ) -> Bool {
        guard pattern.count <= text.count else { return false }
        return matchesAt(text, text.count - pattern.count, pattern, caseInsensitive)
    }

    /// Whether `pattern` occurs in `text`. A scan for the first byte compares candidates in place; once the
    /// comparisons exceed twice the text's length (a needle like `aaa…ab` in a run of `a`s), the rest is
    /// searched with ``LinearSearch``, so the work is linear in text + pattern.
    static func contains(
        _ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool
    ) -> Bool {
        guard let first = pattern.first, pattern.count <= text.count else { return pattern.isEmpty }
        let firstFolded = caseInsensitive ? lowercased(first) : first
        var start = 0
        let lastStart = text.count - pattern.count
        var work = 0
        let allowance = text.count &* 2 &+ 64
        while start <= lastStart {
            let byte = caseInsensitive ? lowercased(text[start]) : text[start]
            if byte == firstFolded {
                let matched = matchedLength(text, start, pattern, caseInsensitive)
                if matched == pattern.count { return true }
                work &+= matched
                if work > allowance {
                    return LinearSearch.occurrences(
                        of: pattern, in: text, from: start + 1, fold: caseInsensitive ? lowercased : { $0 }
                    ) { _ in true }
                }
            }
            start += 1
        }
        return false
    }

    /// Lexicographic order of the (folded) bytes: -1, 0 or 1. For ASCII this is also UTF-16
    /// code-unit order, NSString's `compare:` order.
    static func order(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool
    ) -> Int {
        let common = min(left.count, right.count)
        var index = 0
        while index < common {
            let leftByte = caseInsensitive ? lowercased(left[index]) : left[index]
            let rightByte = caseInsensitive ? lowercased(right[index]) : right[index]
            if leftByte != rightByte { return leftByte < rightByte ? -1 : 1 }
            index += 1
        }
        return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }

    /// Whether `pattern` occurs in `text` at byte offset `start` (the caller checks the bounds).
    @inline(__always)
    private static func matchesAt(
        _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ pattern: UnsafeBufferPointer<UInt8>,
        _ caseInsensitive: Bool
    ) -> Bool {
        matchedLength(text, start, pattern, caseInsensitive) == pattern.count
    }

    /// How many bytes of `pattern` match `text` from byte offset `start` (the caller checks the bounds).
    @inline(__always)
    private static func matchedLength(
        _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ pattern: UnsafeBufferPointer<UInt8>,
        _ caseInsensitive: Bool
    ) -> Int {
        var offset = 0
        while offset < pattern.count {
            if !same(text[start + offset], pattern[offset], caseInsensitive) { return offset }
            offset += 1
        }
        return offset
    }
}
