// Dependencies: what a predicate reads, taken from the tree (never from the text): the free
// $variables with the row property each one reads, and the key paths read from the evaluated object,
// including those read through a SUBQUERY variable. The form engine indexes conditions by these;
// `predc explain` lists them.

/// The variables and key paths a predicate reads.
///
/// A variable read `$t.isHidden` reads the row flag; `$t`, `$t.value.x` and `$t.x` (XLForm's rule)
/// read the value. Variables bound by `SUBQUERY` and the targets of `:=` are not free and are not
/// listed (a name assigned anywhere in the predicate counts as bound everywhere in it).
///
/// A key path read through a `SUBQUERY` variable is a read of the collection's elements:
/// `SUBQUERY(items, $i, $i.qty > 1)` reads `items` and `items.qty` (the range of `$i.qty`), and the
/// paths of nested SUBQUERYs extend their collection's (`SUBQUERY($i.parts, $p, $p.sku == 'x')` inside
/// it reads `items.parts` and `items.parts.sku`). This holds when the collection is a key path of the
/// evaluated object (or of another such variable) without collection operators; over anything else (a
/// `$variable`, a function's result, `items.@distinctUnionOfArrays.x`) the reads through the variable
/// are not listed, and the collection's own reads stand for them. `$i` alone adds nothing: the
/// collection's path is already listed.
public struct Dependencies: Hashable, Sendable {
    /// What a variable read is about.
    public enum Property: String, Hashable, Sendable, Codable {
        case value, isHidden, isDisabled
    }

    /// One read of a free variable.
    public struct VariableRead: Hashable, Sendable {
        /// The variable's name, without `$`.
        public var name: String
        /// The row property read.
        public var property: Property
        /// The key path components after the property (`$t.value.a.b` → `["a", "b"]`).
        public var path: [String]
        /// Where the read is written.
        public var range: SourceRange

        public init(name: String, property: Property, path: [String], range: SourceRange) {
            self.name = name
            self.property = property
            self.path = path
            self.range = range
        }
    }

    /// One key path read from the evaluated object (`SELF`); `SELF` alone has no components.
    public struct KeyPathRead: Hashable, Sendable {
        /// The keys, such as `["address", "city"]`.
        public var components: [String]
        /// Where the key path is written.
        public var range: SourceRange

        public init(components: [String], range: SourceRange) {
            self.components = components
            self.range = range
        }
    }

    /// Free variables only, in source order.
    public var variables: [VariableRead]
    /// Key paths read from the evaluated object, in source order.
    public var keyPaths: [KeyPathRead]

    public init(variables: [VariableRead] = [], keyPaths: [KeyPathRead] = []) {
        self.variables = variables
        self.keyPaths = keyPaths
    }

    /// The first key of every key path read from the evaluated object, in first-seen order, when the
    /// object's other members cannot change the answer; nil when a read takes the object as a whole
    /// (`SELF`, the key `self`, `@count` or another `@` key of the object itself). A ``JSONProjection``
    /// onto these keys reads only what the predicate needs.
    public var objectMembersRead: [String]? {
        var keys: [String] = []
        for read in keyPaths {
            guard let first = read.components.first, !KeyValueCoding.isOperatorKey(first),
                !KeyValueCoding.isSelfKey(first)
            else {
                return nil
            }
            if !keys.contains(first) { keys.append(first) }
        }
        return keys
    }

    /// The distinct variable names, in first-seen order.
    public var tags: [String] {
        var seen = Set<String>()
        return variables.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }
}

extension SyntaxTree.Predicate {
    /// The free variables and the key paths this predicate reads.
    public var dependencies: Dependencies {
        var collector = DependencyCollector()
        collector.visit(self, bound: [:])
        return collector.result
    }
}

extension SyntaxTree.Expression {
    /// The free variables and the key paths this expression reads.
    public var dependencies: Dependencies {
        var collector = DependencyCollector()
        collector.visit(self, bound: [:])
        return collector.result
    }
}

/// Walks a tree collecting reads; AND/OR operands are visited in a loop. `bound` maps each variable
/// bound by an enclosing SUBQUERY to the key path of the collection it ranges over (nil when that is not
/// a plain key path of the evaluated object). Recursion follows the tree's nesting, which the parser bounds.
struct DependencyCollector {
    typealias Scope = [String: [String]?]

    var variables: [Dependencies.VariableRead] = []
    var keyPaths: [Dependencies.KeyPathRead] = []
    var assigned: Set<String> = []

    var result: Dependencies {
        Dependencies(
            variables: assigned.isEmpty ? variables : variables.filter { !assigned.contains($0.name) },
            keyPaths: keyPaths)
    }

    mutating func visit(_ predicate: SyntaxTree.Predicate, bound: Scope) {
        switch predicate {
        case .constant:
            break
        case .comparison(let comparison):
            visit(comparison.lhs, bound: bound)
            visit(comparison.rhs, bound: bound)
        case .and(let operands, _), .or(let operands, _):
            for operand in operands { visit(operand, bound: bound) }
        case .not(let operand, _):
            visit(operand, bound: bound)
        }
    }

    mutating func visit(_ expression: SyntaxTree.Expression, bound: Scope) {
        switch expression {
        case .constant, .anyKey:
            break
        case .evaluatedObject(let range):
            keyPaths.append(.init(components: [], range: range))
        case .variable(let name, let range):
            if !bound.keys.contains(name) {
                variables.append(.init(name: name, property: .value, path: [], range: range))
            }
        case .keyPath(let base, let components, let range):
            visitKeyPath(base, components, range: range, bound: bound)
        case .function(_, let arguments, _), .aggregate(let arguments, _):
            for argument in arguments { visit(argument, bound: bound) }
        case .customFunction(let receiver, let selector, let arguments, _):
            for argument in [receiver, selector] + arguments { visit(argument, bound: bound) }
        case .index(let base, let selector, _):
            visit(base, bound: bound)
            if case .expression(let index) = selector { visit(index, bound: bound) }
        case .arithmetic(_, let lhs, let rhs, _), .setOperation(_, let lhs, let rhs, _):
            visit(lhs, bound: bound)
            visit(rhs, bound: bound)
        case .negate(let operand, _):
            visit(operand, bound: bound)
        case .subquery(let collection, let variable, let predicate, _):
            visit(collection, bound: bound)
            var inner = bound
            inner[variable] = .some(Self.elementPath(of: collection, bound: bound))
            visit(predicate, bound: inner)
        case .ternary(let condition, let then, let otherwise, _):
            visit(condition, bound: bound)
            visit(then, bound: bound)
            visit(otherwise, bound: bound)
        case .cast(let value, let type, _):
            visit(value, bound: bound)
            visit(type, bound: bound)
        case .assignment(let variable, let value, _):
            assigned.insert(variable)
            visit(value, bound: bound)
        }
    }

    /// The names are taken out of `components` only where they are kept: a form condition's `$t.value`
    /// keeps none (its property is `value`, its path empty), so it costs no array.
    private mutating func visitKeyPath(
        _ base: SyntaxTree.Expression?, _ components: [SyntaxTree.KeyPathComponent], range: SourceRange,
        bound: Scope
    ) {
        switch base {
        case nil, .evaluatedObject?:
            keyPaths.append(.init(components: components.map(\.name), range: range))
        case .variable(let name, _)? where !bound.keys.contains(name):
            if let first = components.first, let property = Dependencies.Property(rawValue: first.name) {
                let path = components.count > 1 ? components.dropFirst().map(\.name) : []
                variables.append(.init(name: name, property: property, path: path, range: range))
            } else {
                variables.append(.init(name: name, property: .value, path: components.map(\.name), range: range))
            }
        case .variable(let name, _)?:
            // A SUBQUERY variable: a read of the elements of its collection, when that is a key path.
            if let collection = bound[name] ?? nil, !components.isEmpty {
                keyPaths.append(.init(components: collection + components.map(\.name), range: range))
            }
        case let base?:
            visit(base, bound: bound)
        }
    }

    /// The key path of the evaluated object that `collection` denotes, if it is one: `items`, `SELF`, or
    /// a path through a SUBQUERY variable whose collection is one; nil for anything else and for paths
    /// with collection operators (their elements are not the elements of a key path).
    static func elementPath(of collection: SyntaxTree.Expression, bound: Scope) -> [String]? {
        let path: [String]?
        switch collection {
        case .evaluatedObject:
            path = []
        case .keyPath(nil, let components, _), .keyPath(.evaluatedObject?, let components, _):
            path = components.map(\.name)
        case .variable(let name, _):
            path = bound[name] ?? nil
        case .keyPath(.variable(let name, _)?, let components, _):
            path = (bound[name] ?? nil).map { $0 + components.map(\.name) }
        default:
            path = nil
        }
        guard let path, !path.contains(where: KeyValueCoding.isOperatorKey) else { return nil }
        return path
    }
}
