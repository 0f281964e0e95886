// WhatIf: candidate replacement inputs for `predc form explain` — the constants a condition compares
// an input with (and their neighbours for ordering comparisons), null, an empty string, the other
// boolean, a collection with or without a searched element, and the flipped flag for isHidden/isDisabled.

import PredicateLang

/// Candidate inputs that might flip a condition.
enum WhatIf {
    /// A replacement for one input.
    enum Candidate: Equatable {
        case value(Value)
        case flag(Bool)
    }

    /// Candidates for `read`, excluding the current input, without duplicates.
    static func candidates(
        for read: FormConditionGraph.Read, in tree: SyntaxTree.Predicate, store: RowStore, symbols: SymbolTable
    ) -> [Candidate] {
        guard let slot = symbols.slot(for: read.tag) else { return [] }
        switch read.property {
        case .isHidden: return [.flag(!store[slot].isHidden)]
        case .isDisabled: return [.flag(!store[slot].isDisabled)]
        case .value: break
        }
        let current = store.value(at: slot)
        var values: [Value] = []
        SyntaxWalk.comparisons(in: tree) { comparison in
            let other: SyntaxTree.Expression
            if SyntaxWalk.taggedValue(comparison.lhs) == read.tag {
                other = comparison.rhs
            } else if SyntaxWalk.taggedValue(comparison.rhs) == read.tag {
                other = comparison.lhs
            } else {
                return
            }
            guard let constant = other.constantValue() else { return }
            values += related(to: constant, op: comparison.op, current: current)
        }
        values += [.null]
        switch current {
        case .bool(let flag): values.append(.bool(!flag))
        case .string: values.append(.string(""))
        case .int, .double: values.append(.int(0))
        case .array: values.append(.array([]))
        default: break
        }
        var unique: [Candidate] = []
        for value in values where value != current || value.kindName != current.kindName {
            let candidate = Candidate.value(value)
            if !unique.contains(candidate) { unique.append(candidate) }
        }
        return unique
    }

    private static func related(to constant: Value, op: ComparisonOperator, current: Value) -> [Value] {
        switch constant {
        case .array(let elements) where op == .between:
            return elements + elements.flatMap(neighbours)
        default:
            break
        }
        if let elements = constant.collectionElements { return elements }
        var values = [constant]
        if [.lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo].contains(op) {
            values += neighbours(constant)
        }
        if op == .contains, case .array(let elements) = current {
            values.append(
                elements.contains(constant) ? .array(elements.filter { $0 != constant }) : .array(elements + [constant])
            )
        }
        return values
    }

    private static func neighbours(_ value: Value) -> [Value] {
        switch value {
        case .int(let integer):
            var result: [Value] = []
            let (below, underflow) = integer.subtractingReportingOverflow(1)
            if !underflow { result.append(.int(below)) }
            let (above, overflow) = integer.addingReportingOverflow(1)
            if !overflow { result.append(.int(above)) }
            return result
        case .double(let double):
            return [.double(double - 1), .double(double + 1)]
        default:
            return []
        }
    }

    /// Puts `candidate` into `store` for `read`.
    static func assign(
        _ candidate: Candidate, to read: FormConditionGraph.Read, in store: inout RowStore, symbols: SymbolTable
    ) {
        guard let slot = symbols.slot(for: read.tag) else { return }
        switch (candidate, read.property) {
        case (.value(let value), _): store[slot].value = value
        case (.flag(let flag), .isHidden): store[slot].isHidden = flag
        case (.flag(let flag), _): store[slot].isDisabled = flag
        }
    }

    /// How a candidate prints.
    static func describe(_ candidate: Candidate) -> String {
        switch candidate {
        case .value(let value): TypedJSON.serialize(value)
        case .flag(let flag): String(flag)
        }
    }
}
