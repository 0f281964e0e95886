// SyntaxPrinter+Constants: how the canonical printer spells constants and names so that the text reads
// back as the same value or the same name, and the tree folds (negated numbers, CAST to NSDate) it
// applies first so that printing is idempotent. Value.predicateDescription is the display form (error
// messages, listings); this is the form that must survive a round trip.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyntaxPrinter {
    /// Writes a constant. Booleans print `1`/`0` where `isCompared` (Apple's spelling: comparisons treat
    /// a boolean as the number), elsewhere `TRUE`/`FALSE` (arithmetic rejects booleans, not numbers).
    mutating func writeConstant(_ value: Value, isCompared: Bool) {
        if isCompared {
            ValueTextWriter.write(
                value, style: ComparedConstantStyle.self, maxDepth: Value.maxPrintingDepth, to: &output)
        } else {
            ValueTextWriter.write(value, style: ConstantStyle.self, maxDepth: Value.maxPrintingDepth, to: &output)
        }
    }

    /// Whether `value` prints as a binary operation (NaN as `1e999 - 1e999`, a set as `{...} UNION {}`),
    /// so that it needs parentheses where an operation would.
    static func printsAsOperation(_ value: Value) -> Bool {
        switch value {
        case .double(let double): double.isNaN
        case .set: true
        default: false
        }
    }

    /// Whether `value` prints with a leading minus, so that it needs parentheses before `.` or `[`.
    static func printsNegative(_ value: Value) -> Bool {
        switch value {
        case .int(let integer): integer < 0
        case .double(let double): !double.isNaN && double.sign == .minus
        default: false
        }
    }

    // MARK: Names

    /// A key path component: an identifier as it is, a reserved word with `#` (`#size`), a collection
    /// operator as it is (`@count`), any other text quoted (`#"first name"`, `#"2nd"`, `#"a.b"`).
    static func escapedKey(_ name: String) -> String {
        if name.hasPrefix("@"), Lexer.isWord(String(name.dropFirst())) { return name }
        return escapedName(name)
    }

    /// A variable or key name: an identifier as it is, a reserved word with `#`, any other text quoted
    /// with `#` (`$#"a b"`).
    static func escapedName(_ name: String) -> String {
        guard Lexer.isWord(name) else { return "#" + Value.quotedString(name) }
        return escapedWord(name)
    }

    /// A word, with `#` in front when it is reserved.
    static func escapedWord(_ word: String) -> String {
        Keyword.isReserved(word) ? "#" + word : word
    }

    /// A function's selector as the parser would complete it: one argument and no colon gets a `:`.
    static func selector(_ selector: String, arity: Int) -> String {
        arity == 1 && !selector.hasSuffix(":") ? selector + ":" : selector
    }

    // MARK: Folds

    /// `expression` as the parser would build it from its printed text, at the top node: a negated
    /// number is a negative constant, `CAST(<number>, "NSDate")` a date constant, `castObject:toType:`
    /// a CAST, a key path on SELF has no base and a key path without components is its base.
    static func normalized(_ expression: SyntaxTree.Expression) -> SyntaxTree.Expression {
        var current = expression
        while true {
            switch current {
            case .negate(let operand, let range):
                guard let value = foldedNegation(operand) else { return current }
                return .constant(value, range)
            case .keyPath(let base, let components, let range):
                guard let base else { return current }
                if components.isEmpty {
                    current = base
                } else if case .evaluatedObject = normalized(base) {
                    return .keyPath(base: nil, components: components, range)
                } else {
                    return current
                }
            case .function(let selector, let arguments, let range)
            where selector == BuiltinFunction.cast.rawValue && arguments.count == 2:
                current = .cast(arguments[0], type: arguments[1], range)
            case .cast(let value, let type, let range):
                return PredicateParser.cast(folded(value), folded(type), range: range)
            default:
                return current
            }
        }
    }

    /// The constant `expression` folds into, or `expression` itself.
    private static func folded(_ expression: SyntaxTree.Expression) -> SyntaxTree.Expression {
        let normal = normalized(expression)
        if case .constant = normal { return normal }
        return expression
    }

    /// The constant the parser makes of `-operand`: a number negated (except Int64.min, whose negation
    /// does not fit), or nil when `-operand` stays a negation.
    private static func foldedNegation(_ operand: SyntaxTree.Expression) -> Value? {
        let value: Value
        switch operand {
        case .constant(let constant, _):
            value = constant
        case .negate(let inner, _):
            guard let folded = foldedNegation(inner) else { return nil }
            value = folded
        default:
            return nil
        }
        switch value {
        case .int(let integer) where integer != .min: return .int(-integer)
        case .double(let double): return .double(-double)
        default: return nil
        }
    }
}

/// Constants outside comparisons, spelled so that they read back as the same value: booleans
/// `TRUE`/`FALSE`, doubles always with a fraction or an exponent (`2.0`, `1e+20`), infinities
/// `1e999`/`-1e999`, NaN `1e999 - 1e999`, strings quoted with escapes, dates
/// `CAST(<seconds>, "NSDate")` (six decimals when those are exact, else the shortest exact digits),
/// arrays `{a, b}`, sets `{a, b} UNION {}`.
enum ConstantStyle: ValueTextStyle {
    static func writeScalar(_ value: Value, to output: inout String) {
        writeScalar(value, booleansAsNumbers: false, to: &output)
    }

    static func writeScalar(_ value: Value, booleansAsNumbers: Bool, to output: inout String) {
        switch value {
        case .null: output += "nil"
        case .bool(let flag): output += booleansAsNumbers ? (flag ? "1" : "0") : (flag ? "TRUE" : "FALSE")
        case .int(let integer): output += String(integer)
        case .double(let double): output += doubleText(double)
        case .string(let string): output += Value.quotedString(string)
        case .date(let date): output += "CAST(" + secondsText(date.timeIntervalSinceReferenceDate) + ", \"NSDate\")"
        case .array, .set, .dictionary: break
        }
    }

    /// The shortest digits that read back as `double` and read as a double (`2.0`, `1e+20`, `-0.0`).
    static func doubleText(_ double: Double) -> String {
        if double.isNaN { return "1e999 - 1e999" }
        if double.isInfinite { return double < 0 ? "-1e999" : "1e999" }
        return double.description
    }

    /// A date's seconds since 2001: `%f`'s six decimals (as Apple prints them) when those read back
    /// exactly, otherwise the shortest exact digits.
    static func secondsText(_ seconds: Double) -> String {
        guard seconds.isFinite else { return doubleText(seconds) }
        let fixed = Value.fixedPointDescription(seconds)
        if fixed.contains("."), let reread = Double(fixed), reread == seconds, reread.sign == seconds.sign {
            return fixed
        }
        return doubleText(seconds)
    }

    static func opening(_ container: Value) -> String { "{" }

    static func closing(_ container: Value) -> String {
        if case .set = container { return "} UNION {}" }
        return "}"
    }

    static func writeKey(_ key: String, to output: inout String) { output += Value.quotedString(key) + " = " }
    static var separator: String { ", " }
    static var elided: String { "{...}" }
}

/// ``ConstantStyle`` for an operand of a comparison: booleans print `1`/`0`, as Apple prints them.
enum ComparedConstantStyle: ValueTextStyle {
    static func writeScalar(_ value: Value, to output: inout String) {
        ConstantStyle.writeScalar(value, booleansAsNumbers: true, to: &output)
    }

    static func opening(_ container: Value) -> String { ConstantStyle.opening(container) }
    static func closing(_ container: Value) -> String { ConstantStyle.closing(container) }
    static func writeKey(_ key: String, to output: inout String) { ConstantStyle.writeKey(key, to: &output) }
    static var separator: String { ConstantStyle.separator }
    static var elided: String { ConstantStyle.elided }
}
