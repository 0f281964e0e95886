// Lint rule `mixed-and-or`: `a OR b AND c` relies on AND binding tighter than OR; parentheses make
// the intent explicit. An AND directly inside an OR without its own parentheses is reported.

import PredicateLang

/// `a OR b AND c`.
struct MixedAndOrRule: LintRule {
    let id = "mixed-and-or"
    let summary = "AND and OR mixed without parentheses"

    func check(_ input: LintInput) -> [LintFinding] {
        var findings: [LintFinding] = []
        SyntaxWalk.predicates(in: input.tree) { node in
            guard case .or(let operands, _) = node else { return }
            for operand in operands {
                guard case .and(_, let range) = operand,
                    !MixedAndOrRule.isParenthesized(range, in: input.source)
                else { continue }
                findings.append(
                    LintFinding(
                        rule: id,
                        message: "'AND' inside 'OR' without parentheses; add parentheses to make "
                            + "the grouping explicit", range: range,
                        notes: [("AND binds tighter than OR: this reads as '(\(input.source.slice(range)))'", range)]))
            }
        }
        return findings
    }

    /// Whether the text of `range` is wrapped in a matching pair of parentheses, inside or around it.
    static func isParenthesized(_ range: SourceRange, in source: SourceText) -> Bool {
        let bytes = source.utf8
        let low = max(0, min(range.lowerBound, bytes.count))
        let high = max(low, min(range.upperBound, bytes.count))
        if low < high, bytes[low] == UInt8(ascii: "("), matchingClose(bytes, from: low) == high - 1 { return true }
        var before = low - 1
        while before >= 0, isSpace(bytes[before]) { before -= 1 }
        guard before >= 0, bytes[before] == UInt8(ascii: "(") else { return false }
        var after = high
        while after < bytes.count, isSpace(bytes[after]) { after += 1 }
        return after < bytes.count && matchingClose(bytes, from: before) == after
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The offset of the `)` matching the `(` at `open`, skipping quoted strings.
    private static func matchingClose(_ bytes: [UInt8], from open: Int) -> Int? {
        var depth = 0
        var quote: UInt8?
        var index = open
        while index < bytes.count {
            let byte = bytes[index]
            if let active = quote {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == active {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}
