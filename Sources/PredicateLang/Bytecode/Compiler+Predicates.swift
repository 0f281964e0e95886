// Compiler, predicates: AND/OR chains become short-circuit jumps over the flag register; comparisons
// with a constant become fused leaves (`matchSlot`, `matchSlotCount`, `matchKey`) or a `match` against the
// prepared constant, and comparisons of two computed operands a general `compare`.

extension Compiler {
    mutating func compilePredicate(_ predicate: SyntaxTree.Predicate) {
        guard enter(predicate.range) else { return }
        defer { leave() }
        switch predicate {
        case .constant(let value, let range):
            emit(.setFlag(value), at: range)
        case .comparison(let comparison):
            compileComparison(comparison)
        case .and(let children, let range):
            compileChain(children, range: range, exit: Instruction.jumpIfFalse)
        case .or(let children, let range):
            compileChain(children, range: range, exit: Instruction.jumpIfTrue)
        case .not(let child, let range):
            compilePredicate(child)
            emit(.not, at: range)
        }
    }

    /// `a AND b AND c`: each operand but the last jumps to the end when it decides the answer; the
    /// flag at the end is the answer either way.
    ///
    /// The exits wait for the end in a list threaded through their own operands (as Lua's code generator
    /// keeps its jump lists): each holds the offset of the exit before it, -1 for the first, so a chain
    /// needs no array of them.
    private mutating func compileChain(
        _ children: [SyntaxTree.Predicate], range: SourceRange, exit: (JumpOffset) -> Instruction
    ) {
        guard !children.isEmpty else {
            emit(.setFlag(exit(JumpOffset(0)) == .jumpIfFalse(JumpOffset(0))), at: range)
            return
        }
        var pending: Int32 = -1
        let last = children.count &- 1
        // By index: iterating the array copies each child out (a retain and a release).
        for index in 0..<last {
            compilePredicate(children[index])
            let offset = emit(exit(JumpOffset(pending)), at: range)
            guard let link = Int32(exactly: offset) else {
                overflowed = true
                return
            }
            pending = link
        }
        compilePredicate(children[last])
        while pending >= 0 {
            let offset = Int(pending)
            switch instructions[offset] {
            case .jumpIfFalse(let link), .jumpIfTrue(let link): pending = link.rawValue
            default:
                overflowed = true
                return
            }
            patchJump(offset)
        }
    }

    // MARK: Comparisons

    private mutating func compileComparison(_ written: SyntaxTree.Comparison) {
        checkSupported(written)
        // `'x' IN $tags` is `$tags CONTAINS 'x'`; `5 == a` is `a == 5`: put the constant on the right. Only
        // then is the comparison copied (copying retains its operands).
        if written.modifier == .direct, isConstant(written.lhs), !isConstant(written.rhs),
            let swapped = swappedOperator(written.op)
        {
            var comparison = written
            swap(&comparison.lhs, &comparison.rhs)
            comparison.op = swapped
            compileOrdered(comparison)
        } else {
            compileOrdered(written)
        }
    }

    /// A comparison with any constant operand on the right.
    private mutating func compileOrdered(_ comparison: SyntaxTree.Comparison) {
        guard case .constant(let constant, let constantRange) = comparison.rhs else {
            compileExpression(comparison.lhs)
            compileExpression(comparison.rhs)
            emit(.compare(comparison.op, comparison.options, comparison.modifier), at: comparison.range)
            return
        }
        let matcher = matcher(prepareMatcher(comparison.op, comparison.options, constant, at: constantRange))
        if typedRoot != nil, emitMatchRead(comparison, matcher) { return }
        if comparison.modifier == .direct {
            if let slot = slotRead(comparison.lhs) {
                emit(.matchSlot(slot, matcher), at: comparison.range)
                return
            }
            if let slot = slotCountRead(comparison.lhs) {
                emit(.matchSlotCount(slot, matcher), at: comparison.range)
                return
            }
            if case .keyPath(nil, let components, let keyRange) = comparison.lhs, !components.isEmpty, typedRoot == nil
            {
                emit(.matchKey(keyPath(components, at: keyRange), matcher), at: comparison.range)
                return
            }
        }
        compileExpression(comparison.lhs)
        emit(.match(matcher, comparison.modifier), at: comparison.range)
    }

    /// Prepares the constant right-hand side once (``Matcher/Kind``). A pattern that does not compile is
    /// a warning here and an error, at the pattern, each time a string is matched against it: NSPredicate
    /// compiles the pattern when the comparison runs, so `x == 2 AND name MATCHES '('` is false where
    /// `x` is not 2.
    mutating func prepareMatcher(
        _ op: ComparisonOperator, _ options: ComparisonOptions, _ constant: Value, at range: SourceRange
    ) -> Matcher {
        do {
            return try Matcher(op: op, options: options, constant: constant)
        } catch {
            diagnostics.append(.warning(.invalidPattern(error.message), at: range))
            return Matcher(general: op, options: options, constant: constant, patternError: error.at(range))
        }
    }

    private mutating func checkSupported(_ comparison: SyntaxTree.Comparison) {
        if comparison.op == .utiConformsTo || comparison.op == .utiEquals {
            diagnostics.append(
                .warning(
                    .unsupportedConstruct("'\(comparison.op.rawValue)'"),
                    at: comparison.operatorRange))
        }
    }

    private func isConstant(_ expression: SyntaxTree.Expression) -> Bool {
        if case .constant = expression { return true }
        return false
    }

    /// The operator that gives the same answer with the operands exchanged, where that is exact.
    private func swappedOperator(_ op: ComparisonOperator) -> ComparisonOperator? {
        switch op {
        case .in: .contains
        case .contains: .in
        case .equalTo, .notEqualTo: op
        default: nil
        }
    }

    // MARK: Fused-leaf operands (form mode)

    /// The slot a `$tag` or `$tag.value` operand reads, when it is a known form tag.
    func slotRead(_ expression: SyntaxTree.Expression) -> SlotOperand? {
        switch expression {
        case .variable(let name, _):
            return formSlot(name)
        case .keyPath(.variable(let name, _)?, let components, _)
        where components.count == 1 && components[0].name == "value":
            return formSlot(name)
        default:
            return nil
        }
    }

    /// The slot whose `@count` an operand reads: `$tag.@count` or `$tag.value.@count`.
    func slotCountRead(_ expression: SyntaxTree.Expression) -> SlotOperand? {
        guard case .keyPath(.variable(let name, _)?, let components, _) = expression,
            components.last?.name == "@count", components.count == 1 || components.first?.name == "value",
            components.count <= 2
        else { return nil }
        return formSlot(name)
    }

    /// The slot of a free variable in form mode (not a SUBQUERY variable, known to the table).
    func formSlot(_ name: String) -> SlotOperand? {
        guard !scopes.contains(where: { $0.name == name }), let slot = symbols?.slot(for: name),
            let encoded = SlotOperand(exactly: slot.index)
        else { return nil }
        return encoded
    }
}
