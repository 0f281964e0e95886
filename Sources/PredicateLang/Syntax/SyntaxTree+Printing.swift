// SyntaxTree+Printing: the canonical printer. Its output is Apple's `predicateFormat` wherever that
// keeps the meaning (`=` prints `==`, keywords upper-case, options glued as `LIKE[cd]`, strings in
// double quotes, compound children and binary operands parenthesised), and departs from it where
// Apple's text would read back as something else: doubles keep their fraction, infinities and NaN
// print as expressions, keys that are not plain identifiers print quoted (`#"first name"`). The
// constants' spellings are in SyntaxPrinter+Constants.swift. AND/OR operands are printed in a loop,
// so a flat chain of any length costs no recursion; nesting is bounded by the parser's depth limit.

extension SyntaxTree.Predicate {
    /// The canonical format string: `parse(format)` evaluates exactly as this predicate does, on
    /// every object, and prints the same text again.
    ///
    /// The text is `NSPredicate.predicateFormat` except where that would change the meaning (see
    /// "Printing" in the language reference): a double with an integral value keeps its fraction
    /// (`2.0`, not `2`), infinities print `1e999` and NaN `1e999 - 1e999`, a set constant
    /// `{1, 2} UNION {}`, a key or variable name that is not an identifier prints quoted
    /// (`#"first name"`, `$#"a b"`), and booleans print `1`/`0` only where they are compared (elsewhere
    /// `TRUE`/`FALSE`). Dictionary constants, which the language has no literal for, print as Apple
    /// prints them and do not read back.
    public var format: String {
        var printer = SyntaxPrinter()
        printer.write(self)
        return printer.output
    }
}

extension SyntaxTree.Predicate {
    /// The format string with constants written so they read back to the same kinds and values
    /// (``Value/exactPredicateDescription``): parsing it gives a predicate that evaluates as this one.
    /// Used where the text is run again, such as a SQL translation's residual.
    package var exactFormat: String {
        var printer = SyntaxPrinter(exactConstants: true)
        printer.write(self)
        return printer.output
    }
}

extension SyntaxTree.Expression {
    /// The canonical format of this expression, as `NSExpression.description` prints it (with the
    /// same departures as ``SyntaxTree/Predicate/format``).
    public var format: String {
        var printer = SyntaxPrinter()
        printer.write(self)
        return printer.output
    }
}

/// Writes trees as canonical format strings.
struct SyntaxPrinter {
    var output = ""
    /// Whether constants print as ``Value/exactPredicateDescription`` rather than Apple's way.
    var exactConstants = false

    mutating func write(_ predicate: SyntaxTree.Predicate) {
        switch predicate {
        case .constant(let value, _):
            output += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison):
            write(comparison)
        case .and(let operands, _):
            writeCompound(operands, connective: " AND ", empty: "TRUEPREDICATE")
        case .or(let operands, _):
            writeCompound(operands, connective: " OR ", empty: "FALSEPREDICATE")
        case .not(let operand, _):
            output += "NOT "
            writeCompoundOperand(operand)
        }
    }

    private mutating func writeCompound(_ operands: [SyntaxTree.Predicate], connective: String, empty: String) {
        if operands.isEmpty { output += empty }
        if operands.count == 1 {
            write(operands[0])
            return
        }
        for (index, operand) in operands.enumerated() {
            if index > 0 { output += connective }
            writeCompoundOperand(operand)
        }
    }

    /// A child of AND/OR/NOT: parenthesised when it is itself compound (a compound of one operand
    /// prints as that operand, and reads back as it).
    private mutating func writeCompoundOperand(_ operand: SyntaxTree.Predicate) {
        switch SyntaxPrinter.normalized(operand) {
        case .and, .or, .not:
            output += "("
            write(operand)
            output += ")"
        case .constant, .comparison:
            write(operand)
        }
    }

    /// `predicate` as the parser would read its printed text, at the top: an AND or OR of one operand
    /// is that operand, of none the constant it prints as.
    static func normalized(_ predicate: SyntaxTree.Predicate) -> SyntaxTree.Predicate {
        var current = predicate
        while true {
            switch current {
            case .and(let operands, let range), .or(let operands, let range):
                guard operands.count <= 1 else { return current }
                guard let only = operands.first else {
                    if case .and = current { return .constant(true, range) }
                    return .constant(false, range)
                }
                current = only
            default:
                return current
            }
        }
    }

    private mutating func write(_ comparison: SyntaxTree.Comparison) {
        switch comparison.modifier {
        case .any: output += "ANY "
        case .all: output += "ALL "
        case .direct: break
        }
        write(comparison.lhs, isCompared: true)
        output += " " + comparison.op.rawValue
        if !comparison.options.isEmpty {
            output += "["
            for (letter, option) in ComparisonOptions.letters where comparison.options.contains(option) {
                output.append(letter)
            }
            output += "]"
        }
        output += " "
        write(comparison.rhs, isCompared: true)
    }

    /// Writes `expression`. `isCompared` is true for an operand of a comparison (and the elements of
    /// an aggregate that is one), where a boolean may print as `1`/`0`: comparisons treat the two alike.
    mutating func write(_ expression: SyntaxTree.Expression, isCompared: Bool = false) {
        switch SyntaxPrinter.normalized(expression) {
        case .constant(let value, _):
            if exactConstants {
                output += value.exactPredicateDescription
            } else {
                writeConstant(value, isCompared: isCompared)
            }
        case .evaluatedObject:
            output += "SELF"
        case .variable(let name, _):
            output += "$" + SyntaxPrinter.escapedName(name)
        case .keyPath(let base, let components, _):
            writeKeyPath(base, components)
        case .function(let selector, let arguments, _):
            output += SyntaxPrinter.escapedWord(SyntaxPrinter.selector(selector, arity: arguments.count))
            writeList(arguments, open: "(", close: ")")
        case .customFunction(let receiver, let selector, let arguments, _):
            output += "FUNCTION("
            write(receiver)
            output += ", "
            write(selector)
            if !arguments.isEmpty { output += " ," }
            for (index, argument) in arguments.enumerated() {
                output += index == 0 ? " " : ", "
                write(argument)
            }
            output += ")"
        case .aggregate(let elements, _):
            writeList(elements, open: "{", close: "}", isCompared: isCompared)
        case .index(let base, let selector, _):
            writeIndex(base, selector)
        case .arithmetic(let op, let lhs, let rhs, _):
            writeBinary(op.rawValue, lhs, rhs)
        case .setOperation(let op, let lhs, let rhs, _):
            writeBinary(op.rawValue, lhs, rhs)
        case .negate(let operand, _):
            writeNegation(operand)
        case let other:
            writeCallForm(other)
        }
    }

    /// `base.a.b`; a key path on SELF prints without `SELF.`, one without components as its base.
    ///
    /// The parser reads `a.b.c` as one key path, so a key path on a key path prints as one. That keeps
    /// the meaning except after a collection operator, which takes the rest of the path as its own
    /// (`x.@count.b` is not `(x.@count).b` evaluated in two steps): such a base prints inside the
    /// identity `TERNARY(TRUEPREDICATE, base, nil)`, which the parser does not merge. Only trees built
    /// in Swift have that shape; parsed ones never do.
    private mutating func writeKeyPath(_ base: SyntaxTree.Expression?, _ components: [SyntaxTree.KeyPathComponent]) {
        if let base {
            if case .keyPath(_, let inner, _) = SyntaxPrinter.normalized(base),
                inner.contains(where: { $0.name.hasPrefix("@") })
            {
                output += "TERNARY(TRUEPREDICATE, "
                write(base)
                output += ", nil)"
            } else {
                writeOperand(base, parenthesizeNegative: true)
            }
            output += "."
        }
        for (index, component) in components.enumerated() {
            if index > 0 { output += "." }
            output += SyntaxPrinter.escapedKey(component.name)
        }
    }

    private mutating func writeIndex(_ base: SyntaxTree.Expression, _ selector: SyntaxTree.IndexSelector) {
        writeOperand(base, parenthesizeNegative: true)
        output += "["
        switch selector {
        case .expression(let index): write(index)
        case .first: output += "FIRST"
        case .last: output += "LAST"
        case .size: output += "SIZE"
        }
        output += "]"
    }

    /// `-operand`. (A negated number never reaches here: ``normalized(_:)`` folds it, as the parser does.)
    private mutating func writeNegation(_ operand: SyntaxTree.Expression) {
        output += "-"
        if case .constant(.bool(let flag), _) = SyntaxPrinter.normalized(operand) {
            // A boolean prints as 1/0 where it is compared; under a minus that text would read back as a
            // number and fold into a constant (and negating a boolean raises), so here it keeps its keyword.
            output += flag ? "TRUE" : "FALSE"
        } else {
            writeOperand(operand, parenthesizeNegative: true)
        }
    }

    /// SUBQUERY, TERNARY, CAST, `:=` and ANYKEY.
    private mutating func writeCallForm(_ expression: SyntaxTree.Expression) {
        switch expression {
        case .subquery(let collection, let variable, let predicate, _):
            output += "SUBQUERY("
            write(collection)
            output += ", $" + SyntaxPrinter.escapedName(variable) + ", "
            write(predicate)
            output += ")"
        case .ternary(let condition, let then, let otherwise, _):
            output += "TERNARY("
            write(condition)
            output += ", "
            write(then)
            output += ", "
            write(otherwise)
            output += ")"
        case .cast(let value, let type, _):
            writeList([value, type], open: "CAST(", close: ")")
        case .assignment(let variable, let value, _):
            output += "$" + SyntaxPrinter.escapedName(variable) + " := "
            writeOperand(value, parenthesizeNegative: false)
        case .anyKey:
            output += "ANYKEY"
        default:
            break
        }
    }

    private mutating func writeBinary(_ op: String, _ lhs: SyntaxTree.Expression, _ rhs: SyntaxTree.Expression) {
        writeOperand(lhs, parenthesizeNegative: false)
        output += " " + op + " "
        writeOperand(rhs, parenthesizeNegative: false)
    }

    /// An operand of a binary operator, a key path or a subscript: parenthesised when it is a
    /// binary operation or an assignment, or a constant that prints as one (NaN, a set), and, before
    /// `.` or `[`, a negation or a negative number.
    private mutating func writeOperand(_ operand: SyntaxTree.Expression, parenthesizeNegative: Bool) {
        let needsParentheses: Bool
        let normalized = SyntaxPrinter.normalized(operand)
        switch normalized {
        case .arithmetic, .setOperation, .assignment:
            needsParentheses = true
        case .negate:
            needsParentheses = parenthesizeNegative
        case .constant(let value, _):
            needsParentheses =
                SyntaxPrinter.printsAsOperation(value)
                || (parenthesizeNegative && SyntaxPrinter.printsNegative(value))
        default:
            needsParentheses = false
        }
        if needsParentheses { output += "(" }
        write(normalized)
        if needsParentheses { output += ")" }
    }

    private mutating func writeList(
        _ expressions: [SyntaxTree.Expression], open: String, close: String, isCompared: Bool = false
    ) {
        output += open
        for (index, expression) in expressions.enumerated() {
            if index > 0 { output += ", " }
            write(expression, isCompared: isCompared)
        }
        output += close
    }
}
