// Tuned hand-written baselines for the ASCII string leaves: byte loops over a native string's UTF-8 storage,
// as a Swift programmer would write them after profiling. They fall back to Foundation for non-ASCII subjects
// (which the ASCII cases never have), so their answers keep NSPredicate's semantics.
import Foundation

enum ASCIIBytes {
    /// Whether `needle` (ASCII) occurs in `subject`, comparing bytes; `foldCase` compares ASCII letters
    /// case-insensitively (the needle must already be lower-case).
    @inline(__always)
    static func contains(_ subject: String, _ needle: StaticString, foldCase: Bool) -> Bool {
        let result = subject.utf8.withContiguousStorageIfAvailable { haystack -> Bool? in
            let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
            if pattern.isEmpty { return true }
            if haystack.count < pattern.count { return asciiOnly(haystack) ? false : nil }
            var start = 0
            while start + pattern.count <= haystack.count {
                var offset = 0
                while offset < pattern.count {
                    var byte = haystack[start + offset]
                    if byte >= 0x80 { return nil }
                    if foldCase && byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                    if byte != pattern[offset] { break }
                    offset += 1
                }
                if offset == pattern.count { return true }
                start += 1
            }
            return asciiOnly(haystack) ? false : nil
        }
        if let answer = result ?? nil { return answer }
        let text = String(decoding: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount),
                          as: UTF8.self)
        return subject.range(of: text, options: foldCase ? .caseInsensitive : []) != nil
    }

    /// Whether `subject` starts with `prefix` (ASCII); `foldCase` folds ASCII letters (prefix lower-case).
    /// Diacritic folding is the identity on ASCII subjects; `foldDiacritics` says whether the Foundation
    /// fallback for other subjects folds them (`[cd]`) or not (`[c]`).
    @inline(__always)
    static func hasPrefix(
        _ subject: String, _ prefix: StaticString, foldCase: Bool, foldDiacritics: Bool = true
    ) -> Bool {
        let result = subject.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            guard asciiOnly(bytes) else { return nil }
            if bytes.count < pattern.count { return false }
            for offset in 0..<pattern.count {
                var byte = bytes[offset]
                if foldCase && byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                if byte != pattern[offset] { return false }
            }
            return true
        }
        if let answer = result ?? nil { return answer }
        let text = String(decoding: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount),
                          as: UTF8.self)
        var options: String.CompareOptions = [.anchored]
        if foldCase { options.insert(.caseInsensitive) }
        if foldCase && foldDiacritics { options.insert(.diacriticInsensitive) }
        return subject.range(of: text, options: options) != nil
    }

    @inline(__always)
    static func asciiOnly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }
}
