// SourceText: the text being compiled, its display name and a table of line starts, so that a
// SourceRange can be turned into line:column and the source line can be shown under a diagnostic.

/// The text of a predicate together with the name diagnostics show for it.
///
/// Text that came from the command line is named `<argument>`; a file keeps its path.
public struct SourceText: Hashable, Sendable {
    /// The name printed in front of diagnostics, such as `<argument>` or `form.json`.
    public var name: String
    /// The text and its line table, behind one reference: a compiled predicate, its result and the errors
    /// it throws each keep the source, and copying it then costs one retain (and the name's).
    private let contents: Contents

    private final class Contents: Sendable {
        let text: String
        let lineStarts: [Int]

        init(text: String, lineStarts: [Int]) {
            self.text = text
            self.lineStarts = lineStarts
        }
    }

    /// The text itself. Its UTF-8 bytes, which every ``SourceRange`` indexes, are read in place (a native
    /// string keeps them contiguously, a short one inside the string value) rather than copied into an
    /// array of their own: a compile makes a source, and that array cost 3% of compiling a short predicate.
    public var text: String { contents.text }
    /// Offsets at which each line starts; the first entry is 0.
    public var lineStarts: [Int] { contents.lineStarts }

    /// A copy of the text's UTF-8 bytes, which every ``SourceRange`` indexes (a new array on each call).
    public var utf8: [UInt8] { text.withUTF8Bytes { Array($0) } }

    /// The number of UTF-8 bytes in the text.
    var byteCount: Int { text.utf8.count }

    /// The byte at `offset`, or nil outside the text.
    func byte(at offset: Int) -> UInt8? {
        text.withUTF8Bytes { bytes in bytes.indices.contains(offset) ? bytes[offset] : nil }
    }

    /// Creates a source text; `name` defaults to `<input>`.
    public init(_ text: String, name: String = "<input>") {
        self.name = name
        // Most predicates are one line: they share one table instead of allocating their own (an empty
        // array allocates nothing until the first line feed).
        var starts: [Int] = []
        text.withUTF8Bytes { bytes in Self.collectLineStarts(bytes, into: &starts) }
        contents = Contents(text: text, lineStarts: starts.isEmpty ? Self.oneLine : starts)
    }

    /// Appends the start of every line after a line feed in `bytes` (and the first line's, 0), if there is one.
    private static func collectLineStarts(_ bytes: UnsafeBufferPointer<UInt8>, into starts: inout [Int]) {
        guard containsLineFeed(bytes) else { return }
        for offset in bytes.indices where bytes[offset] == UInt8(ascii: "\n") {
            if starts.isEmpty { starts.append(0) }
            starts.append(offset &+ 1)
        }
    }

    /// The line starts of a text without a line feed.
    private static let oneLine = [0]

    /// Whether `bytes` hold a line feed, read eight at a time: a predicate is usually one line, and a byte at
    /// a time cost it ~5 instructions per byte.
    static func containsLineFeed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lineFeeds = ones &* UInt64(UInt8(ascii: "\n"))
        var offset = 0
        while offset &+ 8 <= raw.count {
            // A byte of the word is a line feed exactly when a byte of `word` is zero.
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ lineFeeds
            if (word &- ones) & ~word & (ones &* 0x80) != 0 { return true }
            offset &+= 8
        }
        while offset < raw.count {
            if raw[offset] == UInt8(ascii: "\n") { return true }
            offset &+= 1
        }
        return false
    }

    /// Equal names and the same bytes (the text and line table follow from them; canonically equivalent
    /// spellings are different sources, as their ranges differ).
    public static func == (lhs: SourceText, rhs: SourceText) -> Bool {
        lhs.name == rhs.name && (lhs.contents === rhs.contents || lhs.text.utf8.elementsEqual(rhs.text.utf8))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        text.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The 0-based index of the line that contains `offset`.
    public func lineIndex(containing offset: Int) -> Int {
        let clamped = max(0, min(offset, byteCount))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The 1-based line and Character column of `offset`.
    public func location(of offset: Int) -> SourceLocation {
        let line = lineIndex(containing: offset)
        let start = lineStarts[line]
        let clamped = max(start, min(offset, byteCount))
        return SourceLocation(line: line + 1, column: characterCount(from: start, to: clamped) + 1)
    }

    /// The text of the 0-based line `index`, without its line terminator.
    public func lineText(_ index: Int) -> String {
        guard lineStarts.indices.contains(index) else { return "" }
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : byteCount
        if end > start, byte(at: end - 1) == UInt8(ascii: "\r") { end -= 1 }
        return decoded(start..<max(start, end))
    }

    /// The text covered by `range`, clamped to the text.
    public func slice(_ range: SourceRange) -> String {
        let low = max(0, min(range.lowerBound, byteCount))
        let high = max(low, min(range.upperBound, byteCount))
        return decoded(low..<high)
    }

    /// Counts Characters between two byte offsets on one line (invalid UTF-8 counts one per byte).
    func characterCount(from start: Int, to end: Int) -> Int {
        guard end > start else { return 0 }
        return decoded(start..<min(end, byteCount)).count
    }

    /// The bytes in `range` (within the text) decoded, invalid UTF-8 repaired.
    private func decoded(_ range: Range<Int>) -> String {
        text.withUTF8Bytes { bytes in
            let low = min(max(0, range.lowerBound), bytes.count)
            let high = min(max(low, range.upperBound), bytes.count)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)
        }
    }
}
