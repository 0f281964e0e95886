// Tests of the streaming line reader: terminators, a last line without newline, lines longer than
// the window (the window grows), lines over the limit (reported, skipped, the stream goes on).

import Testing

@testable import predc

@Suite("LineReader")
struct LineReaderTests {
    private func lines(_ text: String, chunk: Int = 64 * 1024, max: Int = 1 << 20) -> [String] {
        var reader = LineReader(.memory(text), chunkSize: chunk, maxLineBytes: max)
        var result: [String] = []
        while let next = reader.next() {
            switch next {
            case .line(let bytes, let number): result.append("\(number):" + String(decoding: bytes, as: UTF8.self))
            case .tooLong(let number): result.append("\(number):<too long>")
            case .readError(let number): result.append("\(number):<read error>")
            }
        }
        return result
    }

    @Test func splitsLinesAndStripsCarriageReturns() {
        #expect(lines("a\nbb\r\n\nccc") == ["1:a", "2:bb", "3:", "4:ccc"])
        #expect(lines("a\n") == ["1:a"])
        #expect(lines("") == [])
    }

    @Test func growsTheWindowForLongLines() {
        let long = String(repeating: "x", count: 1000)
        #expect(lines("a\n\(long)\nb", chunk: 16) == ["1:a", "2:" + long, "3:b"])
    }

    @Test func skipsLinesOverTheLimitAndContinues() {
        let long = String(repeating: "y", count: 200)
        #expect(lines("a\n\(long)\nb\n\(long)", chunk: 16, max: 50) == ["1:a", "2:<too long>", "3:b", "4:<too long>"])
    }

    @Test func manySmallChunks() {
        let input = (1...500).map { "line \($0)" }.joined(separator: "\n")
        let result = lines(input, chunk: 16)
        #expect(result.count == 500)
        #expect(result.last == "500:line 500")
    }
}
