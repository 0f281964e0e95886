// Model-based test: random forms and random edit sequences, and after every step the incremental
// engine's full state is compared with a from-scratch fixed-point evaluation of the same form by a
// naive oracle (below). Thousands of steps run in the suite; FORMENGINE_MODEL_STEPS=1000000 runs a
// long session, FORMENGINE_MODEL_BASE_SEED=<n> draws its forms from another seed range (the default is
// 0x5EED0000), FORMENGINE_MODEL_SEED=<n> replays one form. Divergences print the seed.
import Foundation
import Testing

@testable import FormEngine

@Suite("Model-based: incremental engine == from-scratch oracle")
struct ModelBasedTests {
    static var totalSteps: Int {
        ProcessInfo.processInfo.environment["FORMENGINE_MODEL_STEPS"].flatMap(Int.init) ?? 2_500
    }

    static var baseSeed: UInt64 {
        ProcessInfo.processInfo.environment["FORMENGINE_MODEL_BASE_SEED"].flatMap(UInt64.init) ?? 0x5EED_0000
    }

    @Test("random forms and edits with Swift function conditions agree with the oracle")
    func functionConditions() {
        runSessions(mode: .function)
    }

    @Test("random forms and edits with predicate-string conditions agree with the oracle")
    func predicateConditions() {
        runSessions(mode: .predicate)
    }

    func runSessions(mode: ConditionMode) {
        let stepsPerForm = 40
        if let replay = ProcessInfo.processInfo.environment["FORMENGINE_MODEL_SEED"].flatMap(UInt64.init) {
            var session = ModelSession(seed: replay, mode: mode)
            session.run(steps: stepsPerForm * 10)
            return
        }
        let forms = max(1, Self.totalSteps / stepsPerForm)
        var checked = 0
        var divergences = 0
        for index in 0..<forms {
            var session = ModelSession(seed: Self.baseSeed &+ UInt64(index), mode: mode)
            session.run(steps: stepsPerForm)
            checked += session.checkedSteps
            if session.failed {
                divergences += 1
                break
            }
        }
        // The figure a long run reports (FORMENGINE_MODEL_STEPS); most drawn steps apply at least one action.
        print(
            "model-based (\(mode)): \(forms) forms from seed \(Self.baseSeed), \(checked) steps compared with the oracle, \(divergences) divergences"
        )
        #expect(checked >= forms * stepsPerForm / 2, "most steps must reach the comparison")
    }
}

enum ConditionMode: Sendable { case function, predicate }

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A condition drawn from a small grammar, with its meaning (for the oracle) and its engine form.
indirect enum Template: CustomStringConvertible, Sendable {
    case constant(Bool)
    case valueEquals(String, Value)
    case valueGreater(String, Int64)
    case valueIsNull(String)
    case isHidden(String)
    case isDisabled(String)
    case not(Template)
    case and(Template, Template)
    case or(Template, Template)

    var dependencies: [String] {
        switch self {
        case .constant: []
        case .valueEquals(let tag, _), .valueGreater(let tag, _), .valueIsNull(let tag): [tag]
        case .isHidden(let tag): ["\(tag).isHidden"]
        case .isDisabled(let tag): ["\(tag).isDisabled"]
        case .not(let inner): inner.dependencies
        case .and(let left, let right), .or(let left, let right): left.dependencies + right.dependencies
        }
    }

    /// The condition's result; an evaluation error (an ordering comparison of a string with a number,
    /// which NSPredicate raises on) makes the whole condition false, as in the engine.
    func evaluate(value: (String) -> Value, hidden: (String) -> Bool, disabled: (String) -> Bool) -> Bool {
        result(value: value, hidden: hidden, disabled: disabled) ?? false
    }

    /// nil: evaluation error.
    private func result(value: (String) -> Value, hidden: (String) -> Bool, disabled: (String) -> Bool) -> Bool? {
        switch self {
        case .constant(let result): return result
        case .valueEquals(let tag, let expected): return value(tag) == expected
        case .valueGreater(let tag, let bound):
            let current = value(tag)
            if current.isNull { return false }
            guard let number = current.doubleValue else { return nil }
            return number > Double(bound)
        case .valueIsNull(let tag): return value(tag).isNull
        case .isHidden(let tag): return hidden(tag)
        case .isDisabled(let tag): return disabled(tag)
        case .not(let inner): return inner.result(value: value, hidden: hidden, disabled: disabled).map { !$0 }
        case .and(let left, let right):
            guard let first = left.result(value: value, hidden: hidden, disabled: disabled) else { return nil }
            if !first { return false }
            return right.result(value: value, hidden: hidden, disabled: disabled)
        case .or(let left, let right):
            guard let first = left.result(value: value, hidden: hidden, disabled: disabled) else { return nil }
            if first { return true }
            return right.result(value: value, hidden: hidden, disabled: disabled)
        }
    }

    func condition(_ mode: ConditionMode) -> Condition {
        switch mode {
        case .function:
            let template = self
            return .function(dependencies) { reader in
                template.evaluate(value: reader.value, hidden: reader.isHidden, disabled: reader.isDisabled)
            }
        case .predicate:
            return .predicate(description)
        }
    }

    var description: String {
        switch self {
        case .constant(let result): result ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .valueEquals(let tag, let value): "$\(tag) == \(value.predicateDescription)"
        case .valueGreater(let tag, let bound): "$\(tag) > \(bound)"
        case .valueIsNull(let tag): "$\(tag) == nil"
        case .isHidden(let tag): "$\(tag).isHidden == YES"
        case .isDisabled(let tag): "$\(tag).isDisabled == YES"
        case .not(let inner): "NOT (\(inner))"
        case .and(let left, let right): "(\(left)) AND (\(right))"
        case .or(let left, let right): "(\(left)) OR (\(right))"
        }
    }
}
