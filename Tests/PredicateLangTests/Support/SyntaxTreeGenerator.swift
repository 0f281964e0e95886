// SyntaxTreeGenerator: seeded random syntax trees over every construct of the language, with the
// constants and names printing has to get right (Int64 bounds, signed zero, integral doubles,
// infinities, NaN, strings with quotes, backslashes, controls and non-BMP text, dates, sets, reserved
// words and keys that are not identifiers). Used by the printing round-trip property tests.

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds random trees from a seed; the same seed gives the same trees.
struct SyntaxTreeGenerator {
    var random: SplitMix
    /// SUBQUERY variables in scope, innermost last.
    private var scope: [String] = []
    private var subqueries = 0

    init(seed: UInt64) { random = SplitMix(state: seed) }

    /// Keys that print as they are, as `#word`, as `@word` or quoted (`#"..."`), and that the objects of
    /// ``PrintingObjects`` answer.
    static let keys: [String] = [
        "a", "b", "n", "k", "name", "age", "score", "tags", "items", "numbers", "sub", "dict", "empty", "none",
        "size", "first", "AND", "self", "in", "TRUEPREDICATE", "first name", "2nd", "$x", "#", "a.b", "",
        "@count", "@sum", "@avg", "@max", "@distinctUnionOfObjects", "@foo bar", "x\"y", "x'y", "back\\slash",
        "tab\there", "é", "😀", "UTI-EQUALS", "nosuch == 0 OR TRUEPREDICATE OR y", "a) OR (b", "café",
    ]

    /// Free variable names (bound by ``PrintingObjects/variables``, except the last two).
    static let variables: [String] = ["x", "s", "list", "d", "in", "a b", "2", "unbound", "ANY"]

    /// Strings that must print quoted and escaped so that they stay one constant.
    static let strings: [String] = [
        "", "a", "x", "text", "Ünïcode straße", "q\"x", "it's", "b\\c", "\\", "\"", "'", "%@", "%K", "$x",
        "line\nbreak\ttab\r", "\u{0}\u{1}\u{1B}\u{7F}\u{85}\u{9F}", "😀🇫🇷", "e\u{301}", "\u{2028}\u{FEFF}",
        "\" OR TRUEPREDICATE OR \"", "' OR TRUEPREDICATE OR '", "a*", "?", "1", "2.0", "NaN", "inf",
    ]

    static let doubles: [Double] = [
        0, -0.0, 2, -2, 3.5, 0.1, 1e20, 1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1.7976931348623157e308,
        .infinity, -.infinity,
        .nan, 9_007_199_254_740_994, 123_456.789, 1e16, -1e-7,
    ]

    static let integers: [Int64] = [0, 1, -1, 2, 7, 42, -3, .max, .min, .max - 1, .min + 1, 1 << 53]

    static let seconds: [Double] = [0, 10.5, 0.1234567, -1.5, 1e13, 2.5e13, -0.0, 1e-9, .infinity, .nan, 7e8]

    // MARK: Predicates

    mutating func predicate(depth: Int = 4) -> SyntaxTree.Predicate {
        let choice = depth <= 0 ? pick(4) : pick(10)
        switch choice {
        case 0: return .constant(flip(), .synthesized)
        case 1, 2, 3, 4, 5: return .comparison(comparison(depth: depth))
        case 6: return .and(predicates(depth: depth - 1), .synthesized)
        case 7: return .or(predicates(depth: depth - 1), .synthesized)
        default: return .not(predicate(depth: depth - 1), .synthesized)
        }
    }

    private mutating func predicates(depth: Int) -> [SyntaxTree.Predicate] {
        (0..<(pick(4) + (pick(8) == 0 ? 0 : 1))).map { _ in predicate(depth: depth) }
    }

    mutating func comparison(depth: Int) -> SyntaxTree.Comparison {
        let operators: [ComparisonOperator] = [
            .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo, .matches,
            .like, .beginsWith, .endsWith, .in, .contains, .between,
        ]
        let modifiers: [ComparisonModifier] = [.direct, .direct, .direct, .any, .all]
        var options: ComparisonOptions = []
        for (_, option) in ComparisonOptions.letters where pick(5) == 0 { options.insert(option) }
        return SyntaxTree.Comparison(
            modifier: element(modifiers), lhs: expression(depth: depth - 1), op: element(operators),
            options: options, rhs: expression(depth: depth - 1), range: .synthesized, operatorRange: .synthesized)
    }

    // MARK: Expressions

    mutating func expression(depth: Int) -> SyntaxTree.Expression {
        if depth <= 0 { return leaf() }
        switch pick(22) {
        case 0, 1, 2, 3: return leaf()
        case 4, 5: return keyPath(depth: depth)
        case 6: return function(depth: depth)
        case 7:
            return .customFunction(
                receiver: expression(depth: depth - 1),
                selector: .constant(element(["abs:", "pow:", "x"]), .synthesized),
                arguments: expressions(depth: depth - 1, count: pick(3)), .synthesized)
        case 8: return .aggregate(expressions(depth: depth - 1, count: pick(4)), .synthesized)
        case 9: return index(depth: depth)
        case 10, 11:
            let operators: [ArithmeticOperator] = [
                .add, .subtract, .multiply, .divide, .power, .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift,
                .rightShift,
            ]
            return .arithmetic(
                element(operators), expression(depth: depth - 1), expression(depth: depth - 1), .synthesized)
        case 12: return .negate(expression(depth: depth - 1), .synthesized)
        case 13:
            return .setOperation(
                element([.union, .intersect, .minus]), expression(depth: depth - 1), expression(depth: depth - 1),
                .synthesized)
        case 14: return subquery(depth: depth)
        case 15:
            return .ternary(
                condition: predicate(depth: depth - 1), then: expression(depth: depth - 1),
                else: expression(depth: depth - 1), .synthesized)
        case 16:
            let type = element(["NSNumber", "NSString", "NSDate", "NSDecimalNumber", "NSArray", "Nope"])
            return .cast(expression(depth: depth - 1), type: .constant(.string(type), .synthesized), .synthesized)
        case 17:
            return .assignment(
                variable: element(["x", "y", "a b", "in"]), value: expression(depth: depth - 1), .synthesized)
        case 18: return .negate(.negate(.constant(number(), .synthesized), .synthesized), .synthesized)
        case 19:
            // CAST of a number to NSDate, which the parser folds into a date constant.
            return .cast(.constant(number(), .synthesized), type: .constant("NSDate", .synthesized), .synthesized)
        case 20: return .anyKey(.synthesized)
        default: return .constant(value(depth: 2), .synthesized)
        }
    }

    private mutating func expressions(depth: Int, count: Int) -> [SyntaxTree.Expression] {
        (0..<count).map { _ in expression(depth: depth) }
    }

    private mutating func leaf() -> SyntaxTree.Expression {
        switch pick(8) {
        case 0, 1: return .constant(value(depth: 1), .synthesized)
        case 2: return .evaluatedObject(.synthesized)
        case 3:
            if let bound = scope.last, flip() { return .variable(bound, .synthesized) }
            return .variable(element(Self.variables), .synthesized)
        default: return .keyPath(base: nil, components: components(), .synthesized)
        }
    }

    private mutating func components() -> [SyntaxTree.KeyPathComponent] {
        (0...pick(3)).map { _ in SyntaxTree.KeyPathComponent(element(Self.keys)) }
    }

    private mutating func keyPath(depth: Int) -> SyntaxTree.Expression {
        let base: SyntaxTree.Expression?
        switch pick(4) {
        case 0: base = nil
        case 1: base = scope.last.map { .variable($0, .synthesized) } ?? .variable("x", .synthesized)
        default: base = expression(depth: depth - 1)
        }
        return .keyPath(base: base, components: components(), .synthesized)
    }

    private mutating func function(depth: Int) -> SyntaxTree.Expression {
        // Not `castObject:toType:`: the parser reads it as CAST, and the VM's function of that name
        // treats a nil type differently from the CAST instruction (it returns the value).
        let functions = BuiltinFunction.allCases.filter { $0 != .distanceToLocation && $0 != .cast }
        let function = element(functions)
        return .function(
            selector: function.rawValue, arguments: expressions(depth: depth - 1, count: function.arity),
            .synthesized)
    }

    private mutating func index(depth: Int) -> SyntaxTree.Expression {
        let selector: SyntaxTree.IndexSelector
        switch pick(5) {
        case 0: selector = .first
        case 1: selector = .last
        case 2: selector = .size
        default: selector = .expression(expression(depth: depth - 1))
        }
        return .index(expression(depth: depth - 1), selector, .synthesized)
    }

    private mutating func subquery(depth: Int) -> SyntaxTree.Expression {
        subqueries += 1
        let variable = flip() ? "v\(subqueries)" : element(["x", "in", "a b"])
        let collection = expression(depth: depth - 1)
        scope.append(variable)
        let condition = predicate(depth: depth - 1)
        scope.removeLast()
        let query = SyntaxTree.Expression.subquery(
            collection: collection, variable: variable, predicate: condition, .synthesized)
        return flip() ? .keyPath(base: query, components: [.init("@count")], .synthesized) : query
    }

    // MARK: Values

    mutating func value(depth: Int) -> Value {
        switch pick(depth > 0 ? 12 : 9) {
        case 0: return .null
        case 1: return .bool(flip())
        case 2, 3: return number()
        case 4, 5: return .string(flip() ? element(Self.strings) : randomString())
        case 6: return .date(Date(timeIntervalSinceReferenceDate: element(Self.seconds)))
        case 7: return .string(element(Self.keys))
        case 8: return .double(Double(bitPattern: random.next()))
        case 9, 10: return .array((0..<pick(4)).map { _ in value(depth: depth - 1) })
        default: return .set(ValueSet((0..<pick(4)).map { _ in value(depth: depth - 1) }))
        }
    }

    mutating func number() -> Value {
        flip() ? .int(element(Self.integers)) : .double(element(Self.doubles))
    }

    /// A short string of characters that matter to the lexer and the printer.
    mutating func randomString() -> String {
        let alphabet = Array("aZ09 _.'\"\\$#@%()[]{}=!<>,:;*?-\n\t\u{0}\u{1B}é😀\u{301}")
        return String((0..<pick(8)).map { _ in element(alphabet) })
    }

    // MARK: Choices

    mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }
    mutating func flip() -> Bool { random.next() & 1 == 0 }
    mutating func element<Element>(_ elements: [Element]) -> Element { elements[pick(elements.count)] }
}
