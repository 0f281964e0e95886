// LinearSearch: Knuth–Morris–Pratt substring search, linear in text + needle whatever they hold. The quick
// scans (ASCIIBytes.contains) fall back to it once they have done more than a linear amount of work, and
// the Unicode path (StringSearch.findScalars) uses it directly, so CONTAINS never costs text × needle.

/// Linear-time substring search.
enum LinearSearch {
    /// Calls `accept` with the start of each occurrence of `needle` in `text` at or after `start`, in order,
    /// until it answers true; answers whether it did. Elements compare after `fold`.
    static func occurrences<Element: Equatable>(
        of needle: UnsafeBufferPointer<Element>, in text: UnsafeBufferPointer<Element>, from start: Int = 0,
        fold: (Element) -> Element = { $0 }, accept: (Int) -> Bool
    ) -> Bool {
        let length = needle.count
        guard length > 0, start >= 0, start <= text.count, length <= text.count - start else { return false }
        // failure[i]: the length of the longest proper prefix of needle[0...i] that is also its suffix.
        var failure = [Int](repeating: 0, count: length)
        var matched = 0
        var index = 1
        while index < length {
            let element = fold(needle[index])
            while matched > 0 && element != fold(needle[matched]) { matched = failure[matched - 1] }
            if element == fold(needle[matched]) { matched += 1 }
            failure[index] = matched
            index += 1
        }
        matched = 0
        index = start
        while index < text.count {
            let element = fold(text[index])
            while matched > 0 && element != fold(needle[matched]) { matched = failure[matched - 1] }
            if element == fold(needle[matched]) { matched += 1 }
            if matched == length {
                if accept(index - length + 1) { return true }
                matched = failure[matched - 1]
            }
            index += 1
        }
        return false
    }
}
