// A table row for evaluation tests: a format string, its inputs, and the expected outcome, run through
// the whole pipeline (parse → compile → verify → evaluate).

import Testing

@testable import PredicateLang

/// What an evaluation should produce.
enum Expected: Sendable, CustomStringConvertible {
    case value(Bool)
    case error(EvaluationError.Kind)

    var description: String {
        switch self {
        case .value(let value): "\(value)"
        case .error(let kind): kind.rawValue
        }
    }
}

/// One evaluation test case.
struct EvaluationCase: Sendable, CustomTestStringConvertible {
    var format: String
    var arguments: [Value] = []
    var object: Value = .null
    var variables: [String: Value] = [:]
    var expected: Expected

    init(
        _ format: String, _ expected: Bool, object: Value = .null, variables: [String: Value] = [:],
        arguments: [Value] = []
    ) {
        self.format = format
        self.expected = .value(expected)
        self.object = object
        self.variables = variables
        self.arguments = arguments
    }

    init(
        _ format: String, error kind: EvaluationError.Kind, object: Value = .null, variables: [String: Value] = [:],
        arguments: [Value] = []
    ) {
        self.format = format
        self.expected = .error(kind)
        self.object = object
        self.variables = variables
        self.arguments = arguments
    }

    var testDescription: String { "\(format) → \(expected)" }

    /// Runs the case; returns a message describing a mismatch, or nil.
    func mismatch() -> String? {
        let result = CompiledPredicate.compile(format, arguments: arguments)
        guard let predicate = result.predicate else { return "did not compile: \(result.diagnostics.map(\.text))" }
        let failures = Verifier.verify(predicate.program)
        if !failures.isEmpty { return "verifier: \(failures)" }
        let outcome: Expected
        do {
            outcome = .value(try predicate.evaluate(with: object, variables: variables))
        } catch {
            outcome = .error(error.kind)
        }
        switch (outcome, expected) {
        case (.value(let got), .value(let want)) where got == want: return nil
        case (.error(let got), .error(let want)) where got == want: return nil
        default: return "got \(outcome), expected \(expected)\n\(predicate.disassembly())"
        }
    }
}
