// JSONError and JSONLimits: what reading JSON can go wrong with (a positioned error) and the bounds on
// what it reads. Both are public: typed JSON (TypedJSON) throws the one and takes the other.

/// A JSON syntax or typed-JSON conversion error, with its exact position.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, such as `unterminated string`.
    public var message: String
    /// The UTF-8 offset the error points at.
    public var offset: Int
    /// 1-based line of ``offset``.
    public var line: Int
    /// 1-based column of ``offset``, in Characters (as ``SourceLocation`` counts).
    public var column: Int

    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// An error at `offset` of `source`, with line and column computed from it.
    public init(_ message: String, at offset: Int, in source: SourceText) {
        let location = source.location(of: offset)
        self.init(message: message, offset: offset, line: location.line, column: location.column)
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// Bounds on JSON input.
public struct JSONLimits: Hashable, Sendable, Codable {
    /// Deepest nesting of arrays and objects. Default 512 (Foundation's limit).
    public var maxDepth: Int
    /// Largest input in UTF-8 bytes. Default 16 MiB.
    public var maxBytes: Int

    public init(maxDepth: Int = 512, maxBytes: Int = 16 * 1024 * 1024) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }

    /// The documented defaults.
    public static let `default` = JSONLimits()
}
