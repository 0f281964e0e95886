// HostileProbe: how long the evaluations that repeat expensive work per element take before the default
// budget stops them (wall clock, one run each, release build). `HostileProbe [STEPS]` runs them at another
// budget. Every line must end well under a second: the budget is calibrated so that a spent budget is a
// fraction of a second of work.

import Foundation
import PredicateLang

let steps = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? Limits.default.maxEvaluationSteps

func measure(_ label: String, _ text: String, arguments: [Value] = [], object: Value) {
    var limits = Limits.default
    limits.maxEvaluationSteps = steps
    do {
        let predicate = try CompiledPredicate(text, arguments: arguments, limits: limits)
        let start = ContinuousClock.now
        let outcome: String
        do { outcome = "\(try predicate.evaluate(with: object))" } catch { outcome = error.kind.rawValue }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
        print("| \(label) | \(outcome) | \(String(format: "%.1f", milliseconds)) |")
    } catch {
        print("| \(label) | does not compile | |")
    }
}

let indexes: Value = .array((0..<2_000).map { .int(Int64($0)) })
let wide: Value = .array((0..<20_000).map { .int(Int64($0)) })
let ascii = String(repeating: "ab", count: 32_768)
let accented = String(repeating: "é", count: 16_384)
let object: Value = ["x": indexes, "y": wide, "s": .string(ascii), "u": .string(accented)]

print("budget: \(steps) steps")
print("| evaluation | outcome | ms |")
print("|---|---|---|")
measure(
    "SUBQUERY over 2,000 × MATCHES `(a\\|b)*[cd][ab]{0,400}a` on 64 KB", "SUBQUERY(x, $i, s MATCHES %@).@count > 0",
    arguments: ["(a|b)*[cd][ab]{0,400}a"], object: object)
measure(
    "SUBQUERY over 2,000 × LIKE on 64 KB", "SUBQUERY(x, $i, s LIKE %@).@count > 0", arguments: ["*a*a*a*a*c"],
    object: object)
measure(
    "SUBQUERY over 2,000 × CONTAINS[cd] on 64 KB", "SUBQUERY(x, $i, s CONTAINS[cd] 'abc').@count > 0", object: object)
measure(
    "SUBQUERY over 2,000 × CONTAINS[cd] on 32 KB of é", "SUBQUERY(x, $i, u CONTAINS[cd] 'abc').@count > 0",
    object: object)
measure("SUBQUERY over 2,000 × ordering 64 KB", "SUBQUERY(x, $i, s <[c] s).@count > 0", object: object)
measure("SUBQUERY over 2,000 × UNION of 2,000", "SUBQUERY(x, $i, (x UNION x).@count == 0).@count > 0", object: object)
measure(
    "SUBQUERY over 2,000 × SUBQUERY over 2,000",
    "SUBQUERY(x, $i, SUBQUERY(x, $j, $j == $i + 5000).@count > 0).@count > 0", object: object)
measure("SUBQUERY over 2,000 × sum: of 20,000", "SUBQUERY(x, $i, sum:(y) == 0).@count > 0", object: object)
measure("SUBQUERY over 2,000 × IN 20,000", "SUBQUERY(x, $i, -1 IN y).@count > 0", object: object)
let long = String(repeating: "a", count: 3_000_000)
let needle = String(repeating: "a", count: 3_999) + "b"
measure(
    "CONTAINS a 4,000-byte near miss in 3 MB", "t CONTAINS %@", arguments: [.string(needle)],
    object: ["t": .string(long)])
measure(
    "CONTAINS[cd] a 4,000-byte near miss in 3 MB", "t CONTAINS[cd] %@", arguments: [.string(needle)],
    object: ["t": .string(long)])
