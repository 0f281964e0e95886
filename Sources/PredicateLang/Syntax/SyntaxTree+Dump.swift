// SyntaxTree+Dump: a stable one-line S-expression of a tree, for golden tests. Unlike the canonical
// format it keeps every distinction the tree makes (integer vs double vs boolean, AND nesting) and
// leaves out source ranges, so two parses of equivalent text dump identically.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyntaxTree.Predicate {
    /// `(and (== a 1) (any < children.age 18))`.
    package var dump: String {
        var dumper = SyntaxDumper()
        dumper.write(self)
        return dumper.output
    }
}

extension SyntaxTree.Expression {
    /// `(+ a (* 1 2))`.
    package var dump: String {
        var dumper = SyntaxDumper()
        dumper.write(self)
        return dumper.output
    }
}

/// Writes the S-expression form.
struct SyntaxDumper {
    var output = ""

    mutating func write(_ predicate: SyntaxTree.Predicate) {
        switch predicate {
        case .constant(let value, _):
            output += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison):
            output += "("
            if comparison.modifier != .direct { output += comparison.modifier.rawValue + " " }
            output += comparison.op.rawValue
            if !comparison.options.isEmpty {
                output += "["
                for (letter, option) in ComparisonOptions.letters where comparison.options.contains(option) {
                    output.append(letter)
                }
                output += "]"
            }
            output += " "
            write(comparison.lhs)
            output += " "
            write(comparison.rhs)
            output += ")"
        case .and(let operands, _):
            writeNode("and", operands)
        case .or(let operands, _):
            writeNode("or", operands)
        case .not(let operand, _):
            writeNode("not", [operand])
        }
    }

    private mutating func writeNode(_ head: String, _ operands: [SyntaxTree.Predicate]) {
        output += "(" + head
        for operand in operands {
            output += " "
            write(operand)
        }
        output += ")"
    }

    private mutating func writeNode(_ head: String, _ operands: [SyntaxTree.Expression]) {
        output += "(" + head
        for operand in operands {
            output += " "
            write(operand)
        }
        output += ")"
    }

    mutating func write(_ expression: SyntaxTree.Expression) {
        switch expression {
        case .constant(let value, _):
            writeConstant(value)
        case .evaluatedObject:
            output += "SELF"
        case .variable(let name, _):
            output += "$" + SyntaxDumper.key(name)
        case .keyPath(let base, let components, _):
            let path = components.map { SyntaxDumper.key($0.name) }.joined(separator: ".")
            if let base {
                output += "(. "
                write(base)
                output += " " + path + ")"
            } else {
                output += path
            }
        case .function(let selector, let arguments, _):
            writeNode("call " + selector, arguments)
        case .customFunction(let receiver, let selector, let arguments, _):
            writeNode("FUNCTION", [receiver, selector] + arguments)
        case .aggregate(let elements, _):
            writeNode("aggregate", elements)
        case .index(let base, let selector, _):
            output += "(index "
            write(base)
            switch selector {
            case .expression(let index):
                output += " "
                write(index)
            case .first: output += " FIRST"
            case .last: output += " LAST"
            case .size: output += " SIZE"
            }
            output += ")"
        case .arithmetic(let op, let lhs, let rhs, _):
            writeNode(op.rawValue, [lhs, rhs])
        case .setOperation(let op, let lhs, let rhs, _):
            writeNode(op.rawValue, [lhs, rhs])
        case .negate(let operand, _):
            writeNode("neg", [operand])
        case .subquery(let collection, let variable, let predicate, _):
            output += "(SUBQUERY "
            write(collection)
            output += " $" + SyntaxDumper.key(variable) + " "
            write(predicate)
            output += ")"
        case .ternary(let condition, let then, let otherwise, _):
            output += "(TERNARY "
            write(condition)
            output += " "
            write(then)
            output += " "
            write(otherwise)
            output += ")"
        case .cast(let value, let type, _):
            writeNode("CAST", [value, type])
        case .assignment(let variable, let value, _):
            output += "(:= $" + SyntaxDumper.key(variable) + " "
            write(value)
            output += ")"
        case .anyKey:
            output += "ANYKEY"
        }
    }

    /// Constants keep their kind: `1`, `1.0`, `true`, `"s"`, `nil`, `(date 0.5)`, `(array 1 2)`.
    private mutating func writeConstant(_ value: Value) {
        switch value {
        case .null: output += "nil"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let integer): output += String(integer)
        case .double(let double): output += double.description
        case .string(let string): output += Value.quotedString(string)
        case .date(let date): output += "(date \(date.timeIntervalSinceReferenceDate.description))"
        case .array(let elements): writeValues("array", elements)
        case .set(let set): writeValues("set", set.elements)
        case .dictionary(let dictionary):
            output += "(dictionary"
            for key in dictionary.keys.sorted() {
                output += " (" + Value.quotedString(key) + " "
                writeConstant(dictionary[key] ?? .null)
                output += ")"
            }
            output += ")"
        }
    }

    private mutating func writeValues(_ head: String, _ values: [Value]) {
        output += "(" + head
        for value in values {
            output += " "
            writeConstant(value)
        }
        output += ")"
    }

    /// A key or variable name as written in a key path; names that are not plain words are quoted with
    /// `|`, and a `|` or `\` inside is escaped with `\`, so that two different names never dump alike.
    static func key(_ name: String) -> String {
        let plain =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0 == "@" || $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil
            }
        guard !plain else { return name }
        var quoted = "|"
        for scalar in name.unicodeScalars {
            if scalar == "|" || scalar == "\\" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "|"
    }
}
