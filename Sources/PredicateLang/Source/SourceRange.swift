// SourceRange: a half-open range of UTF-8 offsets into a predicate's text. Every syntax node, token,
// diagnostic and bytecode instruction carries one; line:column is computed from it on demand.

/// A half-open range of UTF-8 byte offsets into the text a predicate was parsed from.
///
/// Ranges are stored, never line and column: ``SourceText/location(of:)`` turns an offset into a
/// 1-based ``SourceLocation`` when a diagnostic is rendered.
public struct SourceRange: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Offset of the first byte.
    public var lowerBound: Int
    /// Offset one past the last byte.
    public var upperBound: Int

    /// Creates a range; a reversed pair is normalised so `lowerBound <= upperBound` always holds.
    public init(_ lowerBound: Int, _ upperBound: Int) {
        self.lowerBound = min(lowerBound, upperBound)
        self.upperBound = max(lowerBound, upperBound)
    }

    /// An empty range at `offset`, used for "expected ..." diagnostics at the end of the input.
    public static func empty(at offset: Int) -> SourceRange { SourceRange(offset, offset) }

    /// The range used for values that did not come from source text (format arguments, substitutions).
    public static let synthesized = SourceRange(0, 0)

    /// The number of bytes covered.
    public var length: Int { upperBound - lowerBound }
    /// Whether the range covers no bytes.
    public var isEmpty: Bool { lowerBound == upperBound }

    /// The smallest range covering both `self` and `other`.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(min(lowerBound, other.lowerBound), max(upperBound, other.upperBound))
    }

    public var description: String { "\(lowerBound)..<\(upperBound)" }
}
