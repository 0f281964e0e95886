// FreeVariableReads: the free variables a small predicate reads, found without building its Dependencies.
// A form's load declares the tags each condition reads; building `Dependencies` for that allocated its
// arrays and copied every key path's names for one list of (name, property) pairs. This walk keeps up to four
// reads inline and declines trees that need the thorough walk: a SUBQUERY or `:=` (they bind names for part or
// all of the tree) and more than four reads. Debug builds check its answer against `dependencies`.

/// Up to four reads of free variables, in source order, repeats included: what ``Dependencies/variables``
/// lists, without the paths and ranges.
package struct FreeVariableReads {
    /// How many reads are kept.
    package private(set) var count = 0
    private var first: (name: String, property: Dependencies.Property)?
    private var second: (name: String, property: Dependencies.Property)?
    private var third: (name: String, property: Dependencies.Property)?
    private var fourth: (name: String, property: Dependencies.Property)?

    /// Adds a read; false when four are kept already.
    mutating func append(_ name: String, _ property: Dependencies.Property) -> Bool {
        switch count {
        case 0: first = (name, property)
        case 1: second = (name, property)
        case 2: third = (name, property)
        case 3: fourth = (name, property)
        default: return false
        }
        count &+= 1
        return true
    }

    /// The read at `position`; nil at ``count`` and past it.
    package subscript(position: Int) -> (name: String, property: Dependencies.Property)? {
        switch position {
        case 0: return first
        case 1: return second
        case 2: return third
        case 3: return fourth
        default: return nil
        }
    }
}

extension SyntaxTree.Predicate {
    /// The free variables this predicate reads, as ``dependencies`` lists them (names and properties, in
    /// source order), or nil when the tree has a SUBQUERY or an assignment or reads more than four: then
    /// `dependencies` is the answer.
    package var freeVariableReads: FreeVariableReads? {
        var walk = FreeVariableWalk()
        guard walk.visit(self) else { return nil }
        assert(
            walk.reads.count == dependencies.variables.count
                && zip(0..., dependencies.variables).allSatisfy { position, read in
                    walk.reads[position].map { $0.name == read.name && $0.property == read.property } ?? false
                },
            "the quick walk of free variables disagrees with dependencies")
        return walk.reads
    }
}

/// Visits a tree as ``DependencyCollector`` does for its variables, with nothing bound; each visit returns
/// false to decline. Recursion follows the tree's nesting, which the parser bounds.
private struct FreeVariableWalk {
    var reads = FreeVariableReads()

    mutating func visit(_ predicate: SyntaxTree.Predicate) -> Bool {
        switch predicate {
        case .constant:
            return true
        case .comparison(let comparison):
            return visit(comparison.lhs) && visit(comparison.rhs)
        case .and(let operands, _), .or(let operands, _):
            for operand in operands where !visit(operand) { return false }
            return true
        case .not(let operand, _):
            return visit(operand)
        }
    }

    mutating func visit(_ expression: SyntaxTree.Expression) -> Bool {
        switch expression {
        case .constant, .anyKey, .evaluatedObject:
            return true
        case .variable(let name, _):
            return reads.append(name, .value)
        case .keyPath(let base, let components, _):
            switch base {
            case nil, .evaluatedObject?:
                return true
            case .variable(let name, _)?:
                let property = components.first.flatMap { Dependencies.Property(rawValue: $0.name) } ?? .value
                return reads.append(name, property)
            case let base?:
                return visit(base)
            }
        case .function(_, let arguments, _), .aggregate(let arguments, _):
            for argument in arguments where !visit(argument) { return false }
            return true
        case .customFunction(let receiver, let selector, let arguments, _):
            guard visit(receiver), visit(selector) else { return false }
            for argument in arguments where !visit(argument) { return false }
            return true
        case .index(let base, let selector, _):
            guard visit(base) else { return false }
            if case .expression(let index) = selector { return visit(index) }
            return true
        case .arithmetic(_, let lhs, let rhs, _), .setOperation(_, let lhs, let rhs, _):
            return visit(lhs) && visit(rhs)
        case .negate(let operand, _):
            return visit(operand)
        case .ternary(let condition, let then, let otherwise, _):
            return visit(condition) && visit(then) && visit(otherwise)
        case .cast(let value, let type, _):
            return visit(value) && visit(type)
        case .subquery, .assignment:
            return false
        }
    }
}
