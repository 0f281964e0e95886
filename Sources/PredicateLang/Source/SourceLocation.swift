// SourceLocation: a 1-based line and column, computed from a UTF-8 offset by SourceText.

/// A 1-based line and column. Columns count Characters (grapheme clusters), as swiftc does.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Characters from the start of the line.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
