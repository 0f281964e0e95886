// Compiler, expressions: operands compile to stack code. Form tags become slot reads, SUBQUERY
// variables become locals, SUBQUERY and TERNARY become inline loops and jumps (the VM never recurses),
// and constructs that cannot run here compile to an `unsupported` error with a warning.

extension Compiler {
    mutating func compileExpression(_ expression: SyntaxTree.Expression) {
        guard enter(expression.range) else { return }
        defer { leave() }
        if typedRoot != nil, emitLoadRead(expression) { return }
        switch expression {
        case .constant(let value, let range):
            emit(.pushConstant(constant(value)), at: range)
        case .evaluatedObject(let range):
            emit(.pushObject, at: range)
        case .variable(let name, let range):
            compileVariable(name, at: range)
        case .keyPath(let base, let components, let range):
            compileKeyPath(base, components, at: range)
        case .function(let selector, let arguments, let range):
            compileFunction(selector, arguments, at: range)
        case .customFunction(_, _, _, let range):
            emitUnsupported("FUNCTION()", at: range)
        case .aggregate(let elements, let range):
            for element in elements { compileExpression(element) }
            guard let count = UInt16(exactly: elements.count) else {
                overflowed = true
                return
            }
            emit(.makeArray(count: count), at: range)
        case .index(let base, let selector, let range):
            compileExpression(base)
            switch selector {
            case .expression(let index):
                compileExpression(index)
                emit(.index, at: range)
            case .first: emit(.indexFixed(.first), at: range)
            case .last: emit(.indexFixed(.last), at: range)
            case .size: emit(.indexFixed(.size), at: range)
            }
        case .arithmetic(let op, let lhs, let rhs, let range):
            compileExpression(lhs)
            compileExpression(rhs)
            emit(.arithmetic(op), at: range)
        case .negate(let operand, let range):
            compileExpression(operand)
            emit(.negate, at: range)
        case .setOperation(let op, let lhs, let rhs, let range):
            compileExpression(lhs)
            compileExpression(rhs)
            emit(.setOperation(op), at: range)
        case .subquery(let collection, let variable, let predicate, let range):
            compileSubquery(collection, variable, predicate, at: range)
        case .ternary(let condition, let then, let otherwise, let range):
            compilePredicate(condition)
            let toElse = emitJump(Instruction.jumpIfFalse, at: range)
            compileExpression(then)
            let toEnd = emitJump(Instruction.jump, at: range)
            patchJump(toElse)
            compileExpression(otherwise)
            patchJump(toEnd)
        case .cast(let value, let type, let range):
            compileExpression(value)
            compileExpression(type)
            emit(.cast, at: range)
        case .assignment(_, let value, _):
            // `$x := e` evaluates to e's value; there is no mutable context to assign into.
            compileExpression(value)
        case .anyKey(let range):
            emitUnsupported("ANYKEY", at: range)
        }
    }

    // MARK: Variables and key paths

    private mutating func compileVariable(_ name: String, at range: SourceRange) {
        if let scope = scopes.last(where: { $0.name == name }) {
            emit(.loadLocal(scope.local), at: range)
        } else if symbols != nil {
            if let slot = formSlot(name) {
                emit(.loadSlot(slot), at: range)
            } else {
                reportUnknownTag(name, at: range)
                emit(.pushConstant(constant(.null)), at: range)
            }
        } else {
            emit(.loadVariable(self.name(name)), at: range)
        }
    }

    private mutating func compileKeyPath(
        _ base: SyntaxTree.Expression?, _ components: [SyntaxTree.KeyPathComponent], at range: SourceRange
    ) {
        guard let base else {
            emit(.pushObject, at: range)
            emitKeyPath(components, at: range)
            return
        }
        // Form mode: `$t.value…`, `$t.isHidden`, `$t.isDisabled`, and `$t.other…` = `$t.value.other…`.
        if case .variable(let name, let variableRange) = base, symbols != nil,
            !scopes.contains(where: { $0.name == name })
        {
            guard let slot = formSlot(name) else {
                reportUnknownTag(name, at: variableRange)
                emit(.pushConstant(constant(.null)), at: range)
                return
            }
            var rest = components[...]
            switch components.first?.name {
            case "value":
                emit(.loadSlot(slot), at: variableRange)
                rest = rest.dropFirst()
            case "isHidden":
                emit(.loadSlotHidden(slot), at: variableRange)
                rest = rest.dropFirst()
            case "isDisabled":
                emit(.loadSlotDisabled(slot), at: variableRange)
                rest = rest.dropFirst()
            default:
                emit(.loadSlot(slot), at: variableRange)
            }
            emitKeyPath(Array(rest), at: range)
            return
        }
        compileExpression(base)
        emitKeyPath(components, at: range)
    }

    private mutating func emitKeyPath(_ components: [SyntaxTree.KeyPathComponent], at range: SourceRange) {
        guard !components.isEmpty else { return }
        emit(.keyPath(keyPath(components, at: range)), at: range)
    }

    private mutating func reportUnknownTag(_ name: String, at range: SourceRange) {
        if symbols?.slot(for: name) != nil {
            overflowed = true  // a known tag whose slot number does not fit the encoding
            return
        }
        var notes: [Diagnostic] = []
        var fixIts: [FixIt] = []
        if let suggestion = closestTag(to: name) {
            notes.append(.note(.didYouMeanTag(suggestion), at: range))
            fixIts.append(FixIt(range: range, replacement: "$" + suggestion))
        }
        diagnostics.append(.warning(.unknownTag(name), at: range, notes: notes, fixIts: fixIts))
    }

    /// The known tag nearest to `name` by edit distance, if it is near enough to be a typo.
    func closestTag(to name: String) -> String? {
        guard let tags = symbols?.tags else { return nil }
        return Suggestion.closest(to: name, among: tags)
    }

    // MARK: Functions, SUBQUERY, unsupported

    private mutating func compileFunction(
        _ selector: String, _ arguments: [SyntaxTree.Expression], at range: SourceRange
    ) {
        guard let function = BuiltinFunction(selector: selector), function != .distanceToLocation else {
            emitUnsupported("the function '\(selector)'", at: range)
            return
        }
        guard let count = UInt8(exactly: arguments.count) else {
            overflowed = true
            return
        }
        for argument in arguments { compileExpression(argument) }
        emit(.call(function, count: count), at: range)
    }

    /// `SUBQUERY(collection, $v, predicate)` as an inline loop over locals l (elements), l+1 (position),
    /// l+2 (results) and l+3 (`$v`).
    private mutating func compileSubquery(
        _ collection: SyntaxTree.Expression, _ variable: String, _ predicate: SyntaxTree.Predicate,
        at range: SourceRange
    ) {
        compileExpression(collection)
        let state = allocateLocals(4)
        emit(.iterate(state), at: range)
        let loop = instructions.count
        let exit = emitJump({ .iterateNext($0, state) }, at: range)
        scopes.append((variable, LocalIndex(state.rawValue &+ 3)))
        compilePredicate(predicate)
        scopes.removeLast()
        emitLoop(Instruction.jumpIfFalse, to: loop, at: range)
        emit(.iterateKeep(state), at: range)
        emitLoop(Instruction.jump, to: loop, at: range)
        patchJump(exit)
        emit(.iterateEnd(state), at: range)
    }

    private mutating func emitUnsupported(_ what: String, at range: SourceRange) {
        diagnostics.append(.warning(.unsupportedConstruct(what), at: range))
        emit(.unsupported(constant(.string("\(what) is not supported"))), at: range)
    }
}
