// SyntaxTree: the tree the parser builds and every later stage reads. Predicates (comparisons and
// their AND/OR/NOT combinations) and expressions (the operands), in the vocabulary of Apple's "BNF
// Definition of Cocoa Predicates". Every node carries the exact UTF-8 range it was parsed from.

/// Namespace for the syntax tree. The types are nested because Foundation exports top-level
/// `Predicate` and `Expression`, and a file importing both modules must still compile.
public enum SyntaxTree {}

extension SyntaxTree {
    public typealias ComparisonModifier = PredicateLang.ComparisonModifier
    public typealias ComparisonOperator = PredicateLang.ComparisonOperator
    public typealias ComparisonOptions = PredicateLang.ComparisonOptions
    public typealias ArithmeticOperator = PredicateLang.ArithmeticOperator
    public typealias SetOperator = PredicateLang.SetOperator
}

extension SyntaxTree {
    /// A predicate: something that is true or false for an object.
    public indirect enum Predicate: Hashable, Sendable {
        /// `TRUEPREDICATE` or `FALSEPREDICATE`.
        case constant(Bool, SourceRange)
        /// `lhs op rhs`, optionally with `ANY`/`ALL` and options like `[cd]`.
        case comparison(Comparison)
        /// `a AND b AND ...` (at least two operands; a chain of one connective is one node).
        case and([Predicate], SourceRange)
        /// `a OR b OR ...` (at least two operands).
        case or([Predicate], SourceRange)
        /// `NOT p` (also what `NONE` means: `NONE x op y` is `NOT (ANY x op y)`).
        case not(Predicate, SourceRange)

        /// The source range of the whole predicate.
        public var range: SourceRange {
            switch self {
            case .constant(_, let range), .and(_, let range), .or(_, let range), .not(_, let range):
                range
            case .comparison(let comparison):
                comparison.range
            }
        }
    }

    /// A comparison predicate `[ANY|ALL] lhs op[options] rhs`.
    public struct Comparison: Hashable, Sendable {
        /// `ANY`/`SOME`, `ALL` or none.
        public var modifier: ComparisonModifier
        /// The left operand.
        public var lhs: Expression
        /// The operator.
        public var op: ComparisonOperator
        /// Option letters, such as `[cd]`.
        public var options: ComparisonOptions
        /// The right operand.
        public var rhs: Expression
        /// The range of the whole comparison, modifier included.
        public var range: SourceRange
        /// The range of the operator token and its options, for diagnostics.
        public var operatorRange: SourceRange

        public init(
            modifier: ComparisonModifier = .direct, lhs: Expression, op: ComparisonOperator,
            options: ComparisonOptions = [], rhs: Expression, range: SourceRange, operatorRange: SourceRange
        ) {
            self.modifier = modifier
            self.lhs = lhs
            self.op = op
            self.options = options
            self.rhs = rhs
            self.range = range
            self.operatorRange = operatorRange
        }
    }

    /// A component of a key path: an identifier, a `#`-escaped reserved word (stored without the
    /// `#`), or a collection operator such as `@count` (stored with the `@`).
    public struct KeyPathComponent: Hashable, Sendable {
        /// The key, for example `name`, `size` (written `#size`) or `@count`.
        public var name: String
        /// Where the component was written.
        public var range: SourceRange

        public init(_ name: String, range: SourceRange = .synthesized) {
            self.name = name
            self.range = range
        }
    }

    /// What goes inside `[ ]` after an expression.
    public indirect enum IndexSelector: Hashable, Sendable {
        /// `[expr]`: an integer index, or a key for a dictionary.
        case expression(Expression)
        /// `[FIRST]`.
        case first
        /// `[LAST]`.
        case last
        /// `[SIZE]`.
        case size
    }

    /// An expression: an operand of a comparison.
    public indirect enum Expression: Hashable, Sendable {
        /// A literal (string, number, `YES`, `nil`, ...) or a `%@` format argument.
        case constant(Value, SourceRange)
        /// `SELF`: the evaluated object.
        case evaluatedObject(SourceRange)
        /// `$name`: a variable, bound at evaluation or resolved to a row slot in a form.
        case variable(String, SourceRange)
        /// A key path applied to `base`; a nil base is the evaluated object (`a.b` is `SELF.a.b`).
        case keyPath(base: Expression?, components: [KeyPathComponent], SourceRange)
        /// `name(args)`: a built-in function by its selector (`sum:`, `now`, `raise:toPower:`).
        case function(selector: String, arguments: [Expression], SourceRange)
        /// `FUNCTION(receiver, 'selector', args...)`.
        case customFunction(receiver: Expression, selector: Expression, arguments: [Expression], SourceRange)
        /// `{a, b, ...}`.
        case aggregate([Expression], SourceRange)
        /// `base[index]`.
        case index(Expression, IndexSelector, SourceRange)
        /// `lhs op rhs` for `+ - * / ** & | ^ << >>`.
        case arithmetic(ArithmeticOperator, Expression, Expression, SourceRange)
        /// `-operand` (a minus before a numeric literal is folded into the constant).
        case negate(Expression, SourceRange)
        /// `lhs UNION rhs`, `lhs INTERSECT rhs`, `lhs MINUS rhs`.
        case setOperation(SetOperator, Expression, Expression, SourceRange)
        /// `SUBQUERY(collection, $variable, predicate)`.
        case subquery(collection: Expression, variable: String, predicate: Predicate, SourceRange)
        /// `TERNARY(condition, then, else)`.
        case ternary(condition: Predicate, then: Expression, else: Expression, SourceRange)
        /// `CAST(value, 'Type')`.
        case cast(Expression, type: Expression, SourceRange)
        /// `$variable := value`.
        case assignment(variable: String, value: Expression, SourceRange)
        /// `ANYKEY`.
        case anyKey(SourceRange)

        /// The source range of the whole expression.
        public var range: SourceRange {
            switch self {
            case .constant(_, let range), .evaluatedObject(let range), .variable(_, let range),
                .keyPath(_, _, let range), .function(_, _, let range), .customFunction(_, _, _, let range),
                .aggregate(_, let range), .index(_, _, let range), .arithmetic(_, _, _, let range),
                .negate(_, let range), .setOperation(_, _, _, let range), .subquery(_, _, _, let range),
                .ternary(_, _, _, let range), .cast(_, _, let range), .assignment(_, _, let range),
                .anyKey(let range):
                range
            }
        }
    }
}
