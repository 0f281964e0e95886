// SchemaChecker, comparisons: each operator against its operands' kinds. Equality and ordering of two
// kinds that never meet (a date with a string, a number with a string) can never succeed; string
// operators and the `[c]`/`[d]` options need strings; `ANY`/`ALL` need a collection; `IN` and `CONTAINS`
// compare a value with a collection's elements; comparing a value that is never nil with `nil` has a fixed
// answer. Everything typed `any` passes.

extension SchemaChecker {
    /// What a value is, as far as comparing goes.
    enum Kind: Equatable {
        case number, string, date, collection, dictionary, object, any

        /// The kind of `type`'s values, nil or not. A function rather than an initializer, which would take
        /// its own copy of the type; and `nonOptional` would make another.
        static func of(_ type: SchemaType) -> Kind {
            switch type {
            case .boolean, .integer, .double: .number
            case .string: .string
            case .date: .date
            case .array, .set: .collection
            case .dictionary: .dictionary
            case .object: .object
            case .optional(let wrapped): of(wrapped)
            case .any: .any
            }
        }

        /// Whether two values of these kinds can ever be equal or ordered.
        func meets(_ other: Kind) -> Bool {
            self == .any || other == .any || self == other
        }

        var isOrdered: Bool { self == .number || self == .string || self == .date || self == .any }

        /// Whether `[c]` and `[d]` mean something on a value of this kind: strings fold, a collection's
        /// strings fold one by one, and nothing is known of `any`.
        var takesFoldingOptions: Bool { self == .string || self == .any || self == .collection }
    }

    mutating func checkComparison(_ comparison: SyntaxTree.Comparison) {
        var left = type(of: comparison.lhs)
        let right = type(of: comparison.rhs)
        if comparison.modifier != .direct {
            let what = comparison.modifier == .any ? "'ANY'" : "'ALL'"
            left = elementType(left, at: comparison.lhs.range, what: what)
        }
        if case .constant(.null, _) = comparison.rhs {
            checkNil(comparison, left)
            return
        }
        let leftKind = Kind.of(left)
        let rightKind = Kind.of(right)
        let op = comparison.op
        switch op {
        case .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            if op != .equalTo, op != .notEqualTo, !leftKind.isOrdered {
                report(
                    .operatorNeeds("'\(op.rawValue)'", "numbers, strings or dates", found: left.description),
                    comparison.lhs)
            } else if !leftKind.meets(rightKind) {
                diagnostics.append(
                    .error(
                        .comparisonNeverSucceeds(left.nonOptional.description, right.nonOptional.description),
                        at: comparison.range))
            }
            checkOptions(comparison, leftKind)
        case .beginsWith, .endsWith, .like, .matches:
            needString(left, comparison.lhs, op)
            needString(right, comparison.rhs, op)
            checkOptions(comparison, leftKind)
        case .contains:
            checkMembership(container: left, comparison.lhs, element: right, comparison.rhs, comparison)
        case .in:
            checkMembership(container: right, comparison.rhs, element: left, comparison.lhs, comparison)
        case .between:
            if !leftKind.isOrdered {
                report(
                    .operatorNeeds("'BETWEEN'", "numbers, strings or dates", found: left.description), comparison.lhs)
            } else if let bounds = right.elementType, !leftKind.meets(Kind.of(bounds)) {
                diagnostics.append(
                    .error(
                        .comparisonNeverSucceeds(left.nonOptional.description, bounds.nonOptional.description),
                        at: comparison.range))
            }
        case .utiConformsTo, .utiEquals:
            break
        }
    }

    /// `IN` / `CONTAINS`: an element in a collection (its elements' kind), a substring in a string, or a
    /// value among a dictionary's values.
    private mutating func checkMembership(
        container: SchemaType, _ containerExpression: SyntaxTree.Expression, element: SchemaType,
        _ elementExpression: SyntaxTree.Expression, _ comparison: SyntaxTree.Comparison
    ) {
        let what = "'\(comparison.op.rawValue)'"
        switch Kind.of(container) {
        case .collection:
            let members = container.elementType ?? .any
            if !Kind.of(members).meets(Kind.of(element)) {
                diagnostics.append(
                    .error(
                        .comparisonNeverSucceeds(element.nonOptional.description, members.nonOptional.description),
                        at: comparison.range))
            }
        case .string:
            needString(element, elementExpression, comparison.op)
            checkOptions(comparison, .string)
        case .dictionary, .any:
            break
        case .number, .date, .object:
            report(.operatorNeeds(what, "a string or a collection", found: container.description), containerExpression)
        }
    }

    /// `x == nil` / `x != nil` on a value that is never nil has a fixed answer; ordering against nil is false.
    private mutating func checkNil(_ comparison: SyntaxTree.Comparison, _ left: SchemaType) {
        guard !left.isOptional else { return }
        let text = "'\(comparison.lhs.format)' is never nil"
        switch comparison.op {
        case .equalTo: diagnostics.append(.warning(.constantComparison(false, text), at: comparison.range))
        case .notEqualTo: diagnostics.append(.warning(.constantComparison(true, text), at: comparison.range))
        default:
            diagnostics.append(.warning(.constantComparison(false, "nothing compares with nil"), at: comparison.range))
        }
    }

    private mutating func needString(_ type: SchemaType, _ expression: SyntaxTree.Expression, _ op: ComparisonOperator)
    {
        switch Kind.of(type) {
        case .string, .any: break
        default: report(.operatorNeeds("'\(op.rawValue)'", "a string", found: type.description), expression)
        }
    }

    /// `[c]` and `[d]` fold strings; on numbers and dates they mean nothing (NSPredicate raises).
    private mutating func checkOptions(_ comparison: SyntaxTree.Comparison, _ left: Kind) {
        let folding = comparison.options.intersection([.caseInsensitive, .diacriticInsensitive])
        guard !folding.isEmpty, !left.takesFoldingOptions else { return }
        let letters = ComparisonOptions.letters.filter { folding.contains($0.1) }.map { String($0.0) }.joined()
        diagnostics.append(
            .error(.operatorNeeds("'[\(letters)]'", "strings", found: "\(left)"), at: comparison.operatorRange))
    }

    private mutating func report(_ message: DiagnosticMessage, _ expression: SyntaxTree.Expression) {
        diagnostics.append(.error(message, at: expression.range))
    }
}
