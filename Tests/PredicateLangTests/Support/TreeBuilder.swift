// Hand-built syntax trees for compiler and VM tests that must not depend on the parser, plus a helper
// that compiles a tree and checks the program with the Verifier.

@testable import PredicateLang

/// Shorthands for building `SyntaxTree` values in tests.
enum Tree {
    typealias Expression = SyntaxTree.Expression
    typealias Predicate = SyntaxTree.Predicate

    static func constant(_ value: Value, _ range: SourceRange = .synthesized) -> Expression { .constant(value, range) }
    static func variable(_ name: String, _ range: SourceRange = .synthesized) -> Expression { .variable(name, range) }
    static var object: Expression { .evaluatedObject(.synthesized) }

    /// `a.b.c` on SELF, or on `base`.
    static func key(_ path: String, base: Expression? = nil, _ range: SourceRange = .synthesized) -> Expression {
        .keyPath(base: base, components: path.split(separator: ".").map { .init(String($0)) }, range)
    }

    static func compare(
        _ lhs: Expression, _ op: ComparisonOperator, _ rhs: Expression, options: ComparisonOptions = [],
        modifier: ComparisonModifier = .direct, _ range: SourceRange = .synthesized
    ) -> Predicate {
        .comparison(
            SyntaxTree.Comparison(
                modifier: modifier, lhs: lhs, op: op, options: options, rhs: rhs,
                range: range, operatorRange: range))
    }

    static func and(_ children: Predicate...) -> Predicate { .and(children, .synthesized) }
    static func or(_ children: Predicate...) -> Predicate { .or(children, .synthesized) }
    static func not(_ child: Predicate) -> Predicate { .not(child, .synthesized) }
}

/// Compiles a tree, requiring success and a program the Verifier accepts.
func compileVerified(
    _ tree: SyntaxTree.Predicate, symbols: SymbolTable? = nil, source: String = "", limits: Limits = .default
) throws -> CompiledPredicate {
    let result = CompiledPredicate.compile(tree, source: SourceText(source), symbols: symbols, limits: limits)
    guard let predicate = result.predicate else { throw TestFailure("did not compile: \(result.diagnostics)") }
    let failures = Verifier.verify(predicate.program)
    guard failures.isEmpty else { throw TestFailure("verifier: \(failures)\n\(predicate.disassembly())") }
    return predicate
}

/// A test failure with a message.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The mnemonics of a program, for opcode-sequence tests.
func mnemonics(_ program: Program) -> [String] { program.instructions.map(\.mnemonic) }
