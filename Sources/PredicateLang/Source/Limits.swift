// Limits: every bound on the work a predicate may cause, in one value. The parser, compiler and VM
// check them; exceeding one is a diagnostic or an evaluation error, never a crash.

/// Bounds on input size, nesting, tree size and evaluation work.
///
/// The defaults suit form conditions, servers filtering with predicates people type, and interactive
/// use: every default keeps the worst case of its dimension small on its own. Nesting depth is counted per syntactic level (parenthesis, `NOT`, unary minus, call,
/// aggregate, `SUBQUERY`, index), and 128 levels are safe on a 512 KiB thread stack in debug builds.
public struct Limits: Hashable, Sendable, Codable {
    /// Largest predicate text accepted, in UTF-8 bytes. Default 65,536.
    public var maxSourceBytes: Int
    /// Deepest syntactic nesting accepted. Default 128.
    public var maxNestingDepth: Int
    /// Most syntax-tree nodes in one predicate. Default 10,000.
    public var maxNodeCount: Int
    /// Most elements in one `{...}` aggregate literal. Default 1,000.
    public var maxAggregateElements: Int
    /// Longest string literal, in UTF-8 bytes. Default 4,096.
    public var maxStringLiteralBytes: Int
    /// The work one evaluation may do, in steps. Each instruction is a step, each collection element
    /// visited is one (eight where it is hashed), each step of a LIKE or MATCHES matcher is one, and text
    /// that is searched, folded or ordered costs one step per 4 bytes of ASCII and 16 per byte of other
    /// text. Running out is an ``EvaluationError`` of kind `budget-exceeded` at the construct that spent
    /// the last step. Default 20,000,000: under a quarter of a second of work on a 2020s server core.
    public var maxEvaluationSteps: Int
    /// Longest string a `MATCHES` or `LIKE` pattern is run against, in UTF-8 bytes. Default 65,536.
    public var maxRegexSubjectBytes: Int

    public init(
        maxSourceBytes: Int = 65_536, maxNestingDepth: Int = 128, maxNodeCount: Int = 10_000,
        maxAggregateElements: Int = 1_000, maxStringLiteralBytes: Int = 4_096,
        maxEvaluationSteps: Int = 20_000_000, maxRegexSubjectBytes: Int = 65_536
    ) {
        self.maxSourceBytes = maxSourceBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxNodeCount = maxNodeCount
        self.maxAggregateElements = maxAggregateElements
        self.maxStringLiteralBytes = maxStringLiteralBytes
        self.maxEvaluationSteps = maxEvaluationSteps
        self.maxRegexSubjectBytes = maxRegexSubjectBytes
    }

    /// The documented defaults.
    public static let `default` = Limits()
}
