// SyntaxTree+Printing: the canonical printer, Apple's `predicateFormat`. `=` prints `==`,
// keywords upper-case, options glued (`LIKE[cd]`), compound children and binary operands always
// parenthesised, strings in double quotes, booleans 1/0. AND/OR operands are printed in a loop, so
// a flat chain of any length costs no recursion; nesting is bounded by the parser's depth limit.

extension SyntaxTree.Predicate {
    /// The canonical format string, as `NSPredicate.predicateFormat` prints it.
    ///
    /// Parsing the result gives the same tree, except that booleans print as `1`/`0` and doubles
    /// with an integral value without `.0` (both read back as integers), as on Apple platforms.
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
    /// The canonical format of this expression, as `NSExpression.description` prints it.
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

    /// A child of AND/OR/NOT: parenthesised when it is itself compound.
    private mutating func writeCompoundOperand(_ operand: SyntaxTree.Predicate) {
        switch operand {
        case .and, .or, .not:
            output += "("
            write(operand)
            output += ")"
        case .constant, .comparison:
            write(operand)
        }
    }

    private mutating func write(_ comparison: SyntaxTree.Comparison) {
        switch comparison.modifier {
        case .any: output += "ANY "
        case .all: output += "ALL "
        case .direct: break
        }
        write(comparison.lhs)
        output += " " + comparison.op.rawValue
        if !comparison.options.isEmpty {
            output += "["
            for (letter, option) in ComparisonOptions.letters where comparison.options.contains(option) {
                output.append(letter)
            }
            output += "]"
        }
        output += " "
        write(comparison.rhs)
    }

    mutating func write(_ expression: SyntaxTree.Expression) {
        switch expression {
        case .constant(let value, _):
            output += exactConstants ? value.exactPredicateDescription : value.predicateDescription
        case .evaluatedObject:
            output += "SELF"
        case .variable(let name, _):
            output += "$" + SyntaxPrinter.escapedWord(name)
        case .keyPath(let base, let components, _):
            if let base {
                writeOperand(base, parenthesizeNegative: true)
                output += "."
            }
            output += components.map { SyntaxPrinter.escapedWord($0.name) }.joined(separator: ".")
        case .function(let selector, let arguments, _):
            output += SyntaxPrinter.escapedWord(selector)
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
            writeList(elements, open: "{", close: "}")
        case .index(let base, let selector, _):
            writeOperand(base, parenthesizeNegative: true)
            output += "["
            switch selector {
            case .expression(let index): write(index)
            case .first: output += "FIRST"
            case .last: output += "LAST"
            case .size: output += "SIZE"
            }
            output += "]"
        case .arithmetic(let op, let lhs, let rhs, _):
            writeBinary(op.rawValue, lhs, rhs)
        case .setOperation(let op, let lhs, let rhs, _):
            writeBinary(op.rawValue, lhs, rhs)
        case .negate(let operand, _):
            output += "-"
            if case .constant(.bool(let flag), _) = operand {
                // A boolean prints as 1/0 elsewhere (NSNumber's description); under a minus that text
                // would read back as a number and fold into a constant, so here it keeps its keyword.
                output += flag ? "TRUE" : "FALSE"
            } else {
                writeOperand(operand, parenthesizeNegative: true)
            }
        default:
            writeCallForm(expression)
        }
    }

    /// SUBQUERY, TERNARY, CAST, `:=` and ANYKEY.
    private mutating func writeCallForm(_ expression: SyntaxTree.Expression) {
        switch expression {
        case .subquery(let collection, let variable, let predicate, _):
            output += "SUBQUERY("
            write(collection)
            output += ", $" + SyntaxPrinter.escapedWord(variable) + ", "
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
            output += "$" + SyntaxPrinter.escapedWord(variable) + " := "
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
    /// binary operation or an assignment (and, before `.` or `[`, a negation or negative number).
    private mutating func writeOperand(_ operand: SyntaxTree.Expression, parenthesizeNegative: Bool) {
        let needsParentheses: Bool
        switch operand {
        case .arithmetic, .setOperation, .assignment:
            needsParentheses = true
        case .negate:
            needsParentheses = parenthesizeNegative
        case .constant(let value, _):
            needsParentheses = parenthesizeNegative && value.predicateDescription.hasPrefix("-")
        default:
            needsParentheses = false
        }
        if needsParentheses { output += "(" }
        write(operand)
        if needsParentheses { output += ")" }
    }

    private mutating func writeList(_ expressions: [SyntaxTree.Expression], open: String, close: String) {
        output += open
        for (index, expression) in expressions.enumerated() {
            if index > 0 { output += ", " }
            write(expression)
        }
        output += close
    }

    /// A key, variable name or function name, with `#` in front when it is a reserved word.
    static func escapedWord(_ word: String) -> String {
        Keyword.isReserved(word) ? "#" + word : word
    }
}
