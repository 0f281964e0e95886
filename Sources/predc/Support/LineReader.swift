// LineReader: streams an InputSource line by line with bounded memory (a 64 KiB window that grows
// only up to the longest line allowed). JSON Lines commands (`eval --jsonl`, `format --jsonl`,
// `filter`) read through it and never hold a whole file.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line handed out by ``LineReader``.
enum ReadLine {
    /// A line's bytes without its terminator (`\n` or `\r\n`), and its 1-based number.
    case line(ArraySlice<UInt8>, number: Int)
    /// A line longer than the reader's limit; its bytes were skipped.
    case tooLong(number: Int)
    /// The source could not be read any further.
    case readError(number: Int)
}

/// Reads lines from an ``InputSource`` without loading it whole.
struct LineReader {
    private let source: InputSource
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var failed = false
    private var lineNumber = 0
    /// The longest line accepted, in bytes.
    let maxLineBytes: Int

    /// A reader over `source`; lines longer than `maxLineBytes` are reported as ``ReadLine/tooLong``.
    init(_ source: InputSource, chunkSize: Int = 64 * 1024, maxLineBytes: Int = 16 << 20) {
        self.source = source
        self.maxLineBytes = max(1, maxLineBytes)
        buffer = [UInt8](repeating: 0, count: max(16, min(chunkSize, self.maxLineBytes + 1)))
    }

    /// The next line, or nil at the end of the input.
    mutating func next() -> ReadLine? {
        var skipping = false
        while true {
            if let newline = findNewline() {
                lineNumber += 1
                let lineStart = start
                start = newline + 1
                if skipping { return .tooLong(number: lineNumber) }
                var lineEnd = newline
                if lineEnd > lineStart, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                return .line(buffer[lineStart..<lineEnd], number: lineNumber)
            }
            if atEnd {
                guard start < end || skipping else { return nil }
                lineNumber += 1
                let lineStart = start
                start = end
                if skipping { return .tooLong(number: lineNumber) }
                if failed { return .readError(number: lineNumber) }
                var lineEnd = end
                if buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                return .line(buffer[lineStart..<lineEnd], number: lineNumber)
            }
            if end - start >= maxLineBytes {
                skipping = true
                start = end
            }
            fill()
        }
    }

    private func findNewline() -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBufferPointer { pointer -> Int? in
            guard let base = pointer.baseAddress,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Moves the pending bytes to the front, grows the window if it is full, and reads more.
    private mutating func fill() {
        if start > 0 {
            let pending = end - start
            if pending > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    (base).copyMemory(from: base + start, byteCount: pending)
                }
            }
            start = 0
            end = pending
        }
        if end == buffer.count {
            let grown = min(max(buffer.count * 2, 16), maxLineBytes + 1)
            if grown > buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: grown - buffer.count))
            }
        }
        let room = buffer.count - end
        let count = buffer.withUnsafeMutableBytes { raw in
            source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end..<(end + room)]))
        }
        if count > 0 {
            end += count
        } else {
            atEnd = true
            failed = count < 0
        }
    }
}
