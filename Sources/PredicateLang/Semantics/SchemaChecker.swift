// SchemaChecker: types a predicate against a schema before it is compiled. Every expression gets a
// SchemaType; every key path is looked up in the schema (an unknown key is an error with a did-you-mean
// and a fix-it), every comparison and operator is checked against its operands' kinds (a comparison that
// can never succeed, `BEGINSWITH` on a number, `ANY` over a scalar, `@sum` of strings are errors), and a
// comparison whose answer is fixed is a warning. SUBQUERY variables take the type of the collection's
// elements. Where a type is `any`, nothing is checked. Recursion follows nesting, which the parser bounds.

/// Checks a syntax tree against a ``Schema``.
struct SchemaChecker {
    let schema: Schema
    var diagnostics: [Diagnostic] = []
    /// Variables bound by enclosing SUBQUERYs and by assignments, innermost last; `isSubquery` marks the
    /// SUBQUERY variables, which XLForm's rule leaves alone.
    var scopes: [(name: String, type: SchemaType, isSubquery: Bool)] = []
    /// Whether a free `$t` reads its row's value, as XLForm has it (``SyntaxTree/Predicate/applyingFormValueRule()``):
    /// `$t` and `$t.x` are typed as `$t.value` and `$t.value.x`, while `$t.value`, `$t.isHidden` and
    /// `$t.isDisabled` are typed as written. A form checks its conditions as written this way, without
    /// rewriting each tree first.
    private let readsRowValues: Bool
    private var depth = 0
    /// The deepest nesting followed (the parser's own limit is lower).
    private let maxDepth: Int

    init(schema: Schema, limits: Limits, readsRowValues: Bool = false) {
        self.schema = schema
        self.readsRowValues = readsRowValues
        maxDepth = max(64, limits.maxNestingDepth * 2)
    }

    /// The diagnostics of `predicate` against the schema: none when the quick check
    /// (``isQuicklyClean(_:against:readsRowValues:)``) shows there are none, else the thorough walk's.
    static func check(
        _ predicate: SyntaxTree.Predicate, against schema: Schema, limits: Limits, readsRowValues: Bool = false
    ) -> [Diagnostic] {
        if isQuicklyClean(predicate, against: schema, readsRowValues: readsRowValues) {
            assert(
                thoroughCheck(predicate, against: schema, limits: limits, readsRowValues: readsRowValues).isEmpty,
                "the quick check passed '\(predicate.format)', in which the thorough walk finds diagnostics")
            return []
        }
        return thoroughCheck(predicate, against: schema, limits: limits, readsRowValues: readsRowValues)
    }

    /// The diagnostics of `predicate` against the schema, found by walking all of it.
    static func thoroughCheck(
        _ predicate: SyntaxTree.Predicate, against schema: Schema, limits: Limits, readsRowValues: Bool = false
    ) -> [Diagnostic] {
        var checker = SchemaChecker(schema: schema, limits: limits, readsRowValues: readsRowValues)
        checker.check(predicate)
        return checker.diagnostics
    }

    // MARK: Predicates

    mutating func check(_ predicate: SyntaxTree.Predicate) {
        guard enter() else { return }
        defer { depth -= 1 }
        switch predicate {
        case .constant:
            break
        case .comparison(let comparison):
            checkComparison(comparison)
        case .and(let operands, _), .or(let operands, _):
            for operand in operands { check(operand) }
        case .not(let operand, _):
            check(operand)
        }
    }

    private mutating func enter() -> Bool {
        depth += 1
        return depth <= maxDepth
    }

    // MARK: Expressions

    /// The type of `expression`, reporting what is wrong inside it.
    mutating func type(of expression: SyntaxTree.Expression) -> SchemaType {
        guard enter() else { return .any }
        defer { depth -= 1 }
        switch expression {
        case .constant(let value, _):
            return Self.type(of: value)
        case .evaluatedObject:
            return .object(schema.root)
        case .variable(let name, let range):
            guard readsRowValues, !isSubqueryVariable(name) else { return variableType(name) }
            return rowValueType(name, at: range)
        case .keyPath(let base, let components, _):
            if readsRowValues, case .variable(let name, let range)? = base, !isSubqueryVariable(name) {
                // `$t.value…`, `$t.isHidden`, `$t.isDisabled` as written; any other key is the value's.
                let readsRowProperty = components.first.map { SyntaxTree.Predicate.rowPropertyKeys.contains($0.name) }
                let baseType = readsRowProperty == true ? variableType(name) : rowValueType(name, at: range)
                return keyPathType(baseType, components[...])
            }
            let baseType = base.map { type(of: $0) } ?? .object(schema.root)
            return keyPathType(baseType, components[...])
        case .function(let selector, let arguments, _):
            let types = arguments.map { type(of: $0) }
            return Self.resultType(of: selector, arguments: types)
        case .customFunction(let receiver, let selector, let arguments, _):
            for argument in [receiver, selector] + arguments { _ = type(of: argument) }
            return .any
        case .aggregate(let elements, _):
            return .array(Self.unify(elements.map { type(of: $0) }))
        case .index(let base, let selector, _):
            return indexType(type(of: base), selector)
        case .arithmetic(let op, let lhs, let rhs, _):
            let left = type(of: lhs)
            let right = type(of: rhs)
            checkNumeric(left, lhs.range, what: "'\(op.rawValue)'")
            checkNumeric(right, rhs.range, what: "'\(op.rawValue)'")
            return left.nonOptional == .integer && right.nonOptional == .integer && op != .power ? .integer : .double
        case .negate(let operand, _):
            let operandType = type(of: operand)
            checkNumeric(operandType, operand.range, what: "'-'")
            return operandType.nonOptional == .integer ? .integer : .double
        case .setOperation(_, let lhs, let rhs, _):
            let left = type(of: lhs)
            _ = type(of: rhs)
            return .set(left.elementType ?? .any)
        case .subquery(let collection, let variable, let predicate, _):
            let collectionType = type(of: collection)
            let element = elementType(collectionType, at: collection.range, what: "SUBQUERY")
            scopes.append((variable, element, true))
            check(predicate)
            scopes.removeLast()
            return .array(element)
        case .ternary(let condition, let then, let otherwise, _):
            check(condition)
            return Self.unify([type(of: then), type(of: otherwise)])
        case .cast(let value, let target, _):
            _ = type(of: value)
            _ = type(of: target)
            if case .constant(.string(let name), _) = target { return Self.castType(name) }
            return .any
        case .assignment(let variable, let value, _):
            let valueType = type(of: value)
            scopes.append((variable, valueType, false))
            return valueType
        case .anyKey:
            return .any
        }
    }

    private func variableType(_ name: String) -> SchemaType {
        scopes.last { $0.name == name }?.type ?? schema.variableType(named: name) ?? .any
    }

    /// Whether `name` is bound by an enclosing SUBQUERY.
    private func isSubqueryVariable(_ name: String) -> Bool {
        scopes.contains { $0.isSubquery && $0.name == name }
    }

    /// The type of the free `$name` read as its row's value: its `value` key, located where the rewritten
    /// tree puts the key it inserts (empty, just after the variable), so that diagnostics match.
    private mutating func rowValueType(_ name: String, at range: SourceRange) -> SchemaType {
        member(variableType(name), SyntaxTree.KeyPathComponent("value", range: .empty(at: range.upperBound)))
    }

    /// The element type of a collection operand, or `any` after reporting that it is not one.
    mutating func elementType(_ type: SchemaType, at range: SourceRange, what: String) -> SchemaType {
        if let element = type.elementType { return element }
        diagnostics.append(.error(.needsCollection(what, found: type.description), at: range))
        return .any
    }

    private mutating func checkNumeric(_ type: SchemaType, _ range: SourceRange, what: String) {
        switch type.nonOptional {
        case .string, .date, .array, .set, .dictionary, .object:
            diagnostics.append(.error(.operatorNeeds(what, "numbers", found: type.description), at: range))
        default:
            break
        }
    }

    private mutating func indexType(_ base: SchemaType, _ selector: SyntaxTree.IndexSelector) -> SchemaType {
        if case .expression(let index) = selector { _ = type(of: index) }
        if case .size = selector { return .integer }
        switch base.nonOptional {
        case .array(let element), .set(let element): return element.optional
        case .dictionary(let value): return value.optional
        default: return .any
        }
    }

    // MARK: Types of constants and functions

    /// The type of a constant.
    static func type(of value: Value) -> SchemaType {
        switch value {
        case .null: return .optional(.any)
        case .bool: return .boolean
        case .int: return .integer
        case .double: return .double
        case .string: return .string
        case .date: return .date
        case .array(let elements): return .array(unify(elements.map(type(of:))))
        case .set(let set): return .set(unify(set.elements.map(type(of:))))
        case .dictionary: return .dictionary(.any)
        }
    }

    /// One type for all of `types`: their common type when they agree (`any` when they do not), optional
    /// when one is.
    static func unify(_ types: [SchemaType]) -> SchemaType {
        let known = types.filter { !$0.isAny }
        guard let first = known.first?.nonOptional else { return types.isEmpty ? .any : types[0] }
        let isOptional = types.contains { $0.isOptional }
        let common: SchemaType
        if known.allSatisfy({ $0.nonOptional == first }) {
            common = first
        } else if known.allSatisfy({ $0.isNumeric }) {
            common = .double
        } else {
            return .any
        }
        return isOptional ? common.optional : common
    }

    /// The result type of a built-in function.
    static func resultType(of selector: String, arguments: [SchemaType]) -> SchemaType {
        guard let function = BuiltinFunction(selector: selector) else { return .any }
        switch function {
        case .count, .length, .noIndex: return function == .noIndex ? arguments.first ?? .any : .integer
        case .sum, .average, .median, .standardDeviation, .squareRoot, .logarithm, .naturalLogarithm,
            .exponential, .add, .subtract, .multiply, .divide, .modulus, .power, .random, .randomBelow,
            .distanceToLocation:
            return .double
        case .floor, .ceiling, .absoluteValue, .truncate, .onesComplement, .bitwiseAnd, .bitwiseOr,
            .bitwiseXor, .leftShift, .rightShift:
            return arguments.first.map { $0.isNumeric ? $0.nonOptional : .double } ?? .double
        case .min, .max, .mode: return arguments.first?.elementType?.optional ?? .any
        case .uppercase, .lowercase: return .string
        case .now: return .date
        case .objectAtIndex: return arguments.first?.elementType?.optional ?? .any
        case .cast: return .any
        }
    }

    /// The type `CAST(x, 'name')` produces.
    static func castType(_ name: String) -> SchemaType {
        switch name {
        case "NSNumber", "NSDecimalNumber": .double
        case "NSString": .string
        case "NSDate": .date
        default: .any
        }
    }
}

extension Schema {
    /// The checker's diagnostics of `predicate` against this schema (unknown keys, comparisons that can
    /// never succeed, operators on the wrong kind of value, fixed answers), without compiling it.
    /// `readsRowValues` checks a form condition as written with XLForm's rule (a free `$t` reads `$t.value`),
    /// as the checker would check it after ``SyntaxTree/Predicate/applyingFormValueRule()``.
    package func diagnostics(
        for predicate: SyntaxTree.Predicate, limits: Limits = .default, readsRowValues: Bool = false
    ) -> [Diagnostic] {
        SchemaChecker.check(predicate, against: self, limits: limits, readsRowValues: readsRowValues)
    }
}

extension SchemaType {
    /// The type the checker gives a constant `value` (the type of a `$variable` bound to it).
    package init(of value: Value) {
        self = SchemaChecker.type(of: value)
    }
}
