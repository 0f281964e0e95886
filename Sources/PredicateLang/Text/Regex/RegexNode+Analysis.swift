// RegexNode+Analysis: what the compilers need to know about a parsed pattern before compiling it: the
// automaton's size, whether the pattern needs the backtracking matcher, and ICU's length rules (zero-length
// loop bodies, the bounded look-behind requirement).

extension RegexNode {
    /// ICU's measure of "unbounded" for match lengths (INT32_MAX).
    static let unboundedLength = Int(Int32.max)

    /// Automaton instructions this node compiles to (RegexProgram), saturating at `Int.max`.
    var programSize: Int {
        switch self {
        case .empty, .backreference: return 0
        case .literal(let codePoints), .foldedLiteral(let codePoints): return codePoints.count
        case .set, .assertion: return 1
        case .dot(let kind): return kind == .all ? 7 : 1
        case .lineBreak: return 7
        case .graphemeCluster: return 6
        case .lookaround(let body, _, _): return Self.add(body.programSize, 2)
        case .capture(let body, _), .atomic(let body): return body.programSize
        case .concatenation(let nodes): return nodes.reduce(0) { Self.add($0, $1.programSize) }
        case .alternation(let nodes): return nodes.reduce(0) { Self.add($0, Self.add($1.programSize, 2)) }
        case .repetition(let node, let minimum, let maximum, _, _):
            let body = node.programSize
            let required = Self.multiply(body, minimum)
            guard let maximum else { return Self.add(required, Self.add(body, 2)) }
            return Self.add(required, Self.multiply(Self.add(body, 1), max(0, maximum - minimum)))
        }
    }

    /// Whether the automaton cannot match this node exactly as ICU does: back references, atomic groups and
    /// possessive quantifiers need backtracking, and so does a look-behind whose body contains `.` in DOTALL
    /// mode or `\R` (ICU stops them at the look-behind's position, so a CR there stands alone).
    var requiresBacktracking: Bool {
        switch self {
        case .backreference, .atomic: return true
        case .repetition(let body, _, _, let mode, _): return mode == .possessive || body.requiresBacktracking
        case .lookaround(let body, let isAhead, _): return body.requiresBacktracking || !isAhead && body.readsPastEnd
        case .capture(let body, _): return body.requiresBacktracking
        case .concatenation(let nodes), .alternation(let nodes): return nodes.contains { $0.requiresBacktracking }
        default: return false
        }
    }

    /// Whether the node contains `.` (DOTALL) or `\R`, which look at the code point after a CR.
    private var readsPastEnd: Bool {
        switch self {
        case .dot(let kind): return kind == .all
        case .lineBreak: return true
        case .repetition(let body, _, _, _, _), .capture(let body, _), .atomic(let body),
            .lookaround(let body, _, _):
            return body.readsPastEnd
        case .concatenation(let nodes), .alternation(let nodes): return nodes.contains { $0.readsPastEnd }
        default: return false
        }
    }

    /// Whether ICU's minimum match length of the node is zero (its loops then check for progress).
    var mayMatchEmpty: Bool {
        switch self {
        case .empty, .backreference, .assertion, .lookaround: return true
        case .literal(let codePoints), .foldedLiteral(let codePoints): return codePoints.isEmpty
        case .set, .dot, .lineBreak, .graphemeCluster: return false
        case .capture(let body, _), .atomic(let body): return body.mayMatchEmpty
        case .concatenation(let nodes): return nodes.allSatisfy(\.mayMatchEmpty)
        case .alternation(let nodes): return nodes.contains { $0.mayMatchEmpty }
        case .repetition(let body, let minimum, _, _, _): return minimum == 0 || body.mayMatchEmpty
        }
    }

    /// ICU's maximum match length in UTF-16 code units (its maxMatchLength), saturating at
    /// ``unboundedLength``. A look-behind body must be bounded.
    var maximumLength: Int {
        switch self {
        case .empty, .assertion: return 0
        case .literal(let codePoints):
            if codePoints.count == 1 { return codePoints[0] > 0x1_0000 ? 2 : 1 }
            return codePoints.reduce(0) { $0 + ($1 >= 0x1_0000 ? 2 : 1) }
        case .foldedLiteral(let codePoints):
            if codePoints.count == 1 { return 2 }
            return codePoints.reduce(0) { $0 + ($1 >= 0x1_0000 ? 2 : 1) }
        case .set, .dot, .lineBreak: return 2
        case .graphemeCluster, .backreference: return Self.unboundedLength
        case .capture(let body, _), .atomic(let body): return body.maximumLength
        case .lookaround(let body, let isAhead, _): return isAhead ? body.maximumLength : 0
        case .concatenation(let nodes):
            return min(nodes.reduce(0) { Self.add($0, $1.maximumLength) }, Self.unboundedLength)
        case .alternation(let nodes): return nodes.map(\.maximumLength).max() ?? 0
        case .repetition(let body, _, let maximum, let mode, let isInterval):
            guard let maximum else { return Self.unboundedLength }
            if maximum == 0 { return 0 }
            // `??` compiles to a backward state save, which ICU's measure reads as a loop.
            if !isInterval && mode == .lazy { return Self.unboundedLength }
            return min(Self.multiply(body.maximumLength, maximum), Self.unboundedLength)
        }
    }

    static func add(_ left: Int, _ right: Int) -> Int {
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? Int.max : sum
    }

    static func multiply(_ left: Int, _ right: Int) -> Int {
        let (product, overflow) = left.multipliedReportingOverflow(by: right)
        return overflow ? Int.max : product
    }
}
