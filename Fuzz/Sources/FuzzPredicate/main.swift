// FuzzPredicate: libFuzzer target for the whole predicate pipeline. The input is predicate text; it
// goes through SyntaxTree.parse (and the format → parse round trip, dependencies, substitution),
// then CompiledPredicate.compile and evaluation against a fixed object with variables and against a
// fixed row store (form mode, `$tag` reads slots). The round trip must keep meaning: the printed text
// evaluates as the input does, and the input used as a %K or %@ argument stays one leaf. A text without `%`
// parsed without arguments (the quick parser where it applies) gives the tree the parser gives.
// Thrown errors and diagnostics are expected; a trap, hang, leak or broken property is a finding.
import PredicateLang
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small limits keep each execution cheap; the budgets themselves are under test.
let limits = Limits(maxEvaluationSteps: 20_000)

/// The object `SELF` and key paths read in variables mode: every value kind, nested collections.
let object: Value = [
    "name": "Ünïcode straße", "age": 42, "score": 3.5, "flag": true, "none": nil,
    "big": .int(Int64.max), "small": .int(Int64.min), "nan": .double(.nan), "inf": .double(.infinity),
    "when": .date(Date(timeIntervalSinceReferenceDate: 1_000)),
    "tags": ["a", "b", "c", "a"], "numbers": [1, 2, 3, -4, 0], "empty": [],
    "set": .set(ValueSet([1, "x", 2.5])),
    "items": [["n": 1, "k": "x", "sub": [1, 2]], ["n": 2, "k": "y", "sub": []], ["n": nil, "k": 3]],
    "dict": ["a": 1, "b": ["c": "d"]],
    // Keys that print quoted (`#"first name"`, `#"2nd"`, `#"a.b"`), so the round trip reads real values.
    "first name": "Ada", "2nd": 2, "a.b": "one key",
]

/// Bindings for `$name` in variables mode (others raise unbound-variable).
let variables: [String: Value] = [
    "x": 5, "s": "text", "list": [1, 2, 3], "zero": 0, "n": nil, "d": 1.5, "a b": "spaced",
]

/// The store for form mode: tags with values and flags.
let store: RowStore = {
    var store = RowStore(["name": "Ann", "age": 30, "country": "DE", "list": [1, 2], "none": nil, "x": 5])
    store[Slot(1)].isHidden = true
    store[Slot(2)].isDisabled = true
    return store
}()

/// `%@`-style arguments for format strings with placeholders.
let arguments: [Value] = ["name", 7, 2.5, "a*", [1, 2], nil]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    let parsed = SyntaxTree.parse(text, arguments: arguments, limits: limits)
    if let tree = parsed.tree {
        // The printer's output must parse again and print the same (format is idempotent).
        let printed = tree.format
        let reparsed = SyntaxTree.parse(printed, limits: Limits(maxSourceBytes: Int.max / 2))
        if let again = reparsed.tree {
            check(again.format == printed, "format is not idempotent: \(printed.debugDescription) → \(again.format.debugDescription)", text)
            checkSameMeaning(tree, again, printed: printed, text)
        } else if !reparsed.diagnostics.contains(where: { isLimitDiagnostic($0) }) {
            check(false, "format output does not parse: \(printed.debugDescription): \(reparsed.diagnostics.map(\.message.text))", text)
        }
        _ = tree.dependencies
        _ = tree.applyingFormValueRule().format
        _ = tree.substituting(["x": 1, "s": "t"]).format
    } else {
        check(!parsed.diagnostics.isEmpty, "parse failed without a diagnostic", text)
    }
    // Without a `%` the arguments go unused: parsed without them, the text takes the quick parser wherever it
    // can, and must give the tree the lexer and parser give (with arguments left unused, they always read it).
    if !text.utf8.contains(UInt8(ascii: "%")) {
        let quick = SyntaxTree.parse(text, limits: limits)
        check(quick.tree == parsed.tree, "the quick parser and the parser disagree", text)
    }
    _ = SyntaxTree.parseExpression(text, arguments: arguments, limits: limits)

    checkArgumentStaysOneLeaf(text)

    // Variables mode.
    let compiled = CompiledPredicate.compile(text, arguments: arguments, limits: limits)
    if let predicate = compiled.predicate {
        _ = try? predicate.evaluate(with: object, variables: variables)
        _ = try? predicate.evaluate(with: .null)
        _ = predicate.disassembly()
    }

    // Form mode: `$tag` reads slots.
    let formCompiled = CompiledPredicate.compile(text, arguments: arguments, symbols: store.symbols, limits: limits)
    if let predicate = formCompiled.predicate {
        _ = try? predicate.evaluate(in: store, object: object)
    }
    return 0
}

/// Limits for the round trip: the printed text may be longer than its source; evaluation limits stay.
let roundTripLimits = Limits(maxSourceBytes: Int.max / 2, maxEvaluationSteps: 20_000)

/// A clock and random source that do not change between evaluations.
let environment = FunctionEnvironment.fixed(now: Date(timeIntervalSinceReferenceDate: 1_000), random: 0.25)

/// What evaluating gave: the result, or the error's kind.
func outcome(_ predicate: CompiledPredicate, _ object: Value) -> String {
    var predicate = predicate
    predicate.functionEnvironment = environment
    do {
        return "\(try predicate.evaluate(with: object, variables: variables))"
    } catch {
        return error.kind.rawValue
    }
}

/// `parse(format(p))` evaluates as `p`: the same result or the same error kind on the fixed object and on
/// nil (a budget that runs out on one side only is not a finding: printing may add a step).
func checkSameMeaning(_ tree: SyntaxTree.Predicate, _ again: SyntaxTree.Predicate, printed: String, _ text: String) {
    guard let original = CompiledPredicate.compile(tree, source: SourceText(text), limits: roundTripLimits).predicate
    else { return }
    let copy = CompiledPredicate.compile(again, source: SourceText(printed), limits: roundTripLimits).predicate
    check(copy != nil, "the printed form does not compile: \(printed.debugDescription)", text)
    guard let copy else { return }
    for subject in [object, Value.null] {
        let before = outcome(original, subject)
        let after = outcome(copy, subject)
        let budget = EvaluationError.Kind.budgetExceeded.rawValue
        check(
            before == after || before == budget || after == budget,
            "the printed form evaluates differently: \(printed.debugDescription): \(before) before, \(after) after", text)
    }
}

/// The input as a `%K` key and a `%@` string in `%K == %@ OR b == 1` never changes the printed structure:
/// the printed text reads back as an OR of two comparisons, the first between the key path of the input's
/// components and the input string.
func checkArgumentStaysOneLeaf(_ text: String) {
    let parsed = SyntaxTree.parse("%K == %@ OR b == 1", arguments: [.string(text), .string(text)], limits: limits)
    // The quick parser reads `%K` and `%@`; an argument left over sends the text to the lexer and parser, which
    // must build the same tree (with an unused-argument warning).
    let thorough = SyntaxTree.parse(
        "%K == %@ OR b == 1", arguments: [.string(text), .string(text), .null], limits: limits)
    check(parsed.tree == thorough.tree, "the quick parser and the parser disagree on %K and %@", text)
    guard let tree = parsed.tree, !parsed.diagnostics.contains(where: { $0.severity == .error }) else { return }
    let printed = tree.format
    let again = SyntaxTree.parse(printed, limits: roundTripLimits)
    guard let reread = again.tree else {
        check(again.diagnostics.contains(where: isLimitDiagnostic), "an argument's printed form does not parse: \(printed.debugDescription)", text)
        return
    }
    let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    var isSame = false
    if case .or(let operands, _) = reread, operands.count == 2, case .comparison(let first) = operands[0],
        case .keyPath(nil, let keys, _) = first.lhs, keys.map(\.name) == components,
        case .constant(.string(let string), _) = first.rhs, string == text, case .comparison(let second) = operands[1],
        case .keyPath(nil, let other, _) = second.lhs, other.map(\.name) == ["b"]
    {
        isSame = true
    }
    check(isSame, "an argument changed the printed structure: \(printed.debugDescription)", text)
}

/// Limit diagnostics (a printed form can be longer or deeper than its source) are not findings.
func isLimitDiagnostic(_ diagnostic: Diagnostic) -> Bool {
    ["input-too-large", "nesting-too-deep", "expression-too-complex", "literal-too-long", "aggregate-too-large"]
        .contains(diagnostic.message.id)
}

/// A failed property is a finding: print it and abort so libFuzzer saves the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String, _ input: String) {
    if !condition {
        print("FuzzPredicate property violated: \(message())\ninput: \(input.debugDescription)")
        // Standard output is buffered when it is a file or a pipe: flush it before abort() loses it.
        fflush(nil)
        abort()
    }
}
