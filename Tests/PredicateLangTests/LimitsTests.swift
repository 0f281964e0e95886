import Foundation
import Testing

@testable import PredicateLang

/// Every bound in `Limits` is a diagnostic, never a crash: deep nesting (on the main thread and on a
/// 512 KiB thread), huge flat chains (no recursion per term in any pass), sizes, literals, and
/// hostile text such as invalid UTF-8.
@Suite("Limits")
struct LimitsTests {
    /// Limits that let 100,000-level inputs reach the parser instead of the size check.
    static let roomy = Limits(maxSourceBytes: 10_000_000, maxNodeCount: 1_000_000)

    static func nested(_ open: String, _ middle: String, _ close: String, _ count: Int) -> String {
        String(repeating: open, count: count) + middle + String(repeating: close, count: count)
    }

    /// Hostile inputs that each must produce `nesting-too-deep`: 100,000 levels of parentheses,
    /// NOT and unary minus, and 5,000 levels of every other nesting construct.
    static let deepInputs: [String] = [
        nested("(", "a == 1", ")", 100_000),
        nested("NOT ", "a == 1", "", 100_000),
        nested("!", "a == 1", "", 100_000),
        "a == " + nested("-", "1", "", 100_000),
        "a == " + nested("- ", "b", "", 100_000),
        "a == " + nested("(", "1", ")", 100_000),
        "a == " + nested("{", "1", "}", 5_000),
        "a == " + nested("sum(", "1", ")", 5_000),
        "a == " + nested("a[", "1", "]", 5_000),
        "a == " + nested("SUBQUERY(x, $y, ", "$y == 1", ")", 5_000),
        "a == " + nested("TERNARY(b == 1, ", "1", ", 2)", 5_000),
        "a == " + nested("$x := ", "1", "", 5_000),
        "a == 1" + String(repeating: " + 1", count: 5_000),
        "a == b" + String(repeating: "[0].c", count: 5_000),
        nested("(NOT ", "b == 1", ")", 5_000),
    ]

    /// Parses every deep input and reports which did not give `nesting-too-deep`.
    static func deepInputFailures() -> [String] {
        var failures: [String] = []
        for input in deepInputs {
            let result = SyntaxTree.parse(input, limits: roomy)
            if result.tree != nil || !result.diagnostics.contains(where: { $0.id == "nesting-too-deep" }) {
                failures.append(String(input.prefix(40)) + ": " + result.diagnostics.map(\.id).joined(separator: ","))
            }
        }
        return failures
    }

    /// Runs `body` on a thread with a 512 KiB stack (Apple's size for secondary threads) and waits.
    static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
        onThread(stackSize: 512 * 1024, body)
    }

    static func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return box.value
    }

    /// Swift Testing on Linux runs no test body on the process's main thread (neither in the test
    /// process nor in an exit test's child, nor via the main queue), so the main thread's case is
    /// covered by a thread with the main thread's stack size (8 MiB, `RLIMIT_STACK`), plus an exit
    /// test that would turn a crash into one failed test.
    @Test("100,000-deep nesting of every kind is a diagnostic in a child process")
    func deepNestingInChildProcess() async {
        await #expect(processExitsWith: .success) {
            if !LimitsTests.deepInputFailures().isEmpty { exit(1) }
        }
    }

    @Test("100,000-deep nesting of every kind is a diagnostic on an 8 MiB thread (the Linux default)")
    func deepNestingOnDefaultStack() {
        #expect(Self.onThread(stackSize: 8 << 20) { Self.deepInputFailures() } == [])
    }

    @Test("100,000-deep nesting of every kind is a diagnostic on a 512 KiB thread")
    func deepNestingOnSmallStack() {
        #expect(Self.onSmallStack { Self.deepInputFailures() } == [])
    }

    @Test("nesting up to the limit parses and every pass handles it on a 512 KiB thread")
    func nestingAtTheLimit() {
        // Under .ci/sanitizers (ASan/TSan) stack frames are several times larger and the limit-depth
        // passes overflow 512 KiB, so there they run on a 4 MiB thread: the sanitizer run still checks
        // every pass at the limit, and the 512 KiB bound is checked by the plain `swift test` run.
        let stackSize = underSanitizer ? 4 << 20 : 512 * 1024
        let outcome = Self.onThread(stackSize: stackSize) { () -> [String] in
            let depth = Limits.default.maxNestingDepth
            var problems: [String] = []
            for input in [
                Self.nested("(", "$a.b == 1", ")", depth - 1),
                Self.nested("NOT ", "$a == 1", "", depth),
                "a == " + Self.nested("(", "$x", ")", depth - 1),
                "a == " + Self.nested("{", "$x", "}", depth - 1),
                "a == " + Self.nested("sum(", "$x", ")", depth / 2 - 1),
                "a == $x" + String(repeating: " + 1", count: depth - 1),
                "a == $x" + String(repeating: "[0]", count: depth / 2 - 1),
                "a == " + Self.nested("-(", "$x", ")", depth / 2 - 1),
                Self.nested("SUBQUERY(x, $y, ", "$y == $x", ").@count == 1", depth / 3 - 1),
                Self.nested("(NOT ", "$a.b == 1", ")", depth - 3),
            ] {
                guard let tree = SyntaxTree.parse(input).tree else {
                    problems.append("did not parse: \(input.prefix(20))")
                    continue
                }
                let printed = tree.format
                if SyntaxTree.parse(printed).tree?.dump != tree.dump {
                    problems.append("round trip: \(input.prefix(20))")
                }
                _ = tree.dependencies
                _ = tree.applyingFormValueRule().dump
                _ = tree.substituting(["a": 1, "x": 2]).format
            }
            let tooDeep = SyntaxTree.parse(Self.nested("(", "a == 1", ")", depth + 1))
            if tooDeep.diagnostics.map(\.id) != ["nesting-too-deep"] { problems.append("limit + 1 accepted") }
            return problems
        }
        #expect(outcome == [])
    }

    @Test("a 10,000-term AND chain is one flat node and every pass loops over it, on a 512 KiB thread")
    func longFlatChains() {
        let outcome = Self.onSmallStack { () -> [String] in
            var problems: [String] = []
            let terms = (0..<10_000).map { "$t\($0 % 7).x == \($0)" }
            for connective in [" AND ", " OR ", " && "] {
                let input = terms.joined(separator: connective)
                guard let tree = SyntaxTree.parse(input, limits: Self.roomy).tree else {
                    problems.append("no tree")
                    continue
                }
                switch tree {
                case .and(let operands, _), .or(let operands, _):
                    if operands.count != 10_000 { problems.append("not flat") }
                default:
                    problems.append("not a compound")
                }
                let printed = tree.format
                if printed.count < input.count - 10_000 { problems.append("short print") }
                if tree.dump.isEmpty { problems.append("dump") }
                if tree.dependencies.variables.count != 10_000 { problems.append("dependencies") }
                if tree.dependencies.tags.count != 7 { problems.append("tags") }
                if tree.applyingFormValueRule().dependencies.variables.count != 10_000 { problems.append("rule") }
                if tree.substituting(["t1": 1]).dependencies.variables.count == 10_000 {
                    problems.append("substitution")
                }
                if SyntaxTree.parse(printed, limits: Self.roomy).tree?.dump != tree.dump {
                    problems.append("round trip")
                }
            }
            return problems
        }
        #expect(outcome == [])
    }

    @Test("the default node limit rejects a chain with too many nodes")
    func nodeLimit() {
        let input = (0..<4_000).map { "a == \($0)" }.joined(separator: " AND ")
        let result = SyntaxTree.parse(input, limits: Limits(maxSourceBytes: 1_000_000))
        #expect(result.tree == nil)
        #expect(result.diagnostics.map(\.id) == ["expression-too-complex"])
        #expect(SyntaxTree.parse(input, limits: Self.roomy).tree != nil)
    }

    @Test("a source larger than maxSourceBytes is rejected before lexing")
    func sourceSize() {
        let input = "a == '" + String(repeating: "x", count: 70_000) + "'"
        let result = SyntaxTree.parse(input)
        #expect(result.diagnostics.map(\.id) == ["input-too-large"])
        #expect(
            SyntaxTree.parse("a == 1", limits: Limits(maxSourceBytes: 5)).diagnostics.map(\.id) == ["input-too-large"])
        #expect(SyntaxTree.parse("a == 1", limits: Limits(maxSourceBytes: 6)).tree != nil)
    }

    @Test("string literals longer than maxStringLiteralBytes are rejected")
    func literalSize() {
        let limits = Limits(maxStringLiteralBytes: 4)
        #expect(SyntaxTree.parse("a == 'abcd'", limits: limits).tree != nil)
        #expect(SyntaxTree.parse("a == 'abcde'", limits: limits).diagnostics.map(\.id) == ["literal-too-long"])
    }

    @Test("aggregates larger than maxAggregateElements are rejected")
    func aggregateSize() {
        let limits = Limits(maxAggregateElements: 3)
        #expect(SyntaxTree.parse("a IN {1, 2, 3}", limits: limits).tree != nil)
        #expect(SyntaxTree.parse("a IN {1, 2, 3, 4}", limits: limits).diagnostics.map(\.id) == ["aggregate-too-large"])
        #expect(SyntaxTree.parse("a IN %@", arguments: [[1, 2, 3, 4]], limits: limits).tree != nil)
    }

    @Test(
        "hostile text gives diagnostics, never a crash",
        arguments: [
            String(decoding: [0x61, 0x20, 0x3D, 0x3D, 0x20, 0xFF, 0xFE], as: UTF8.self),
            String(decoding: [0x27, 0xC3, 0x28, 0x27, 0x20, 0x3D, 0x3D, 0x20, 0x61], as: UTF8.self),
            String(decoding: [0xED, 0xA0, 0x80], as: UTF8.self),
            "a == 99999999999999999999999999999999999999999999",
            "a == 1e99999",
            "a == 0x" + String(repeating: "F", count: 40),
            "a == '" + String(repeating: "\\", count: 7),
            "'", "\"", "$", "#", "@", "%", "\\", "?", "\u{0}", "(((", ")))", "[[[", "{{{", "a ==[", "a ==[c",
            "a == 'x\\u", "a == 'x\\uD83D\\u0041'", "SUBQUERY(", "FUNCTION(", "TERNARY(a == 1,", "CAST(",
            String(repeating: "AND ", count: 1000), String(repeating: ") ", count: 1000),
            "a " + String(repeating: "x", count: 60_000) + " 1", String(repeating: "y", count: 60_000) + "(1) == 1",
        ])
    func hostileText(_ input: String) {
        let result = SyntaxTree.parse(input)
        if result.tree == nil { #expect(result.diagnostics.hasErrors) }
        for diagnostic in result.diagnostics {
            #expect(diagnostic.range.upperBound <= result.source.utf8.count)
            _ = DiagnosticRenderer(source: result.source).render(diagnostic)
        }
    }

    @Test("replacement characters from invalid UTF-8 are reported as unexpected characters")
    func invalidUTF8() {
        let text = String(decoding: [0x61, 0x20, 0x3D, 0x3D, 0x20, 0xFF], as: UTF8.self)
        let result = SyntaxTree.parse(text)
        #expect(result.diagnostics.map(\.id) == ["unexpected-character"])
        #expect(result.diagnostics.first?.text == "unexpected character '\u{FFFD}'")
        let quoted = String(decoding: [0x61, 0x20, 0x3D, 0x3D, 0x20, 0x27, 0xFF, 0x27], as: UTF8.self)
        #expect(SyntaxTree.parse(quoted).tree?.dump == "(== a \"\u{FFFD}\")")
    }

    @Test("a huge exponent is infinity, not a crash; a huge integer is a diagnostic")
    func hugeNumbers() {
        #expect(SyntaxTree.parse("a == 1e400").tree?.dump == "(== a inf)")
        #expect(SyntaxTree.parse("a == 18446744073709551616").diagnostics.map(\.id) == ["integer-literal-overflow"])
    }
}

/// Carries a result out of a Thread; written once before the semaphore is signalled.
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
