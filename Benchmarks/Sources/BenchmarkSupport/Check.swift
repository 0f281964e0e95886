// Equal-answer checks run before any timing: every engine of a benchmark group must give the same answer
// as the hand-written baseline on every row, or the run stops with the disagreement printed.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the benchmark process with `message` on standard error and exit status 1.
public func failLoudly(_ message: String) -> Never {
    var line = "\n*** BENCHMARK CHECK FAILED ***\n" + message + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    exit(1)
}

/// An engine's answer for row `i`, or a failure description.
public typealias RowAnswer = (Int) -> Result<Bool, CheckFailure>

/// Why an engine could not answer (a compile or evaluation error).
public struct CheckFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Checks that every engine gives the reference engine's answer on rows `0..<rowCount`, and that the
/// reference answers are not all equal (a constant predicate would measure nothing). Fails loudly otherwise.
/// Returns the number of rows for which the predicate holds.
@discardableResult
public func checkSameAnswers(
    _ group: String, rowCount: Int, reference: (name: String, answer: RowAnswer),
    others: [(name: String, answer: RowAnswer)], requireMixed: Bool = true
) -> Int {
    var expected: [Bool] = []
    for row in 0..<rowCount {
        switch reference.answer(row) {
        case .success(let value): expected.append(value)
        case .failure(let failure):
            failLoudly("\(group): reference \(reference.name) failed on row \(row): \(failure)")
        }
    }
    var problems: [String] = []
    for (name, answer) in others {
        for row in 0..<rowCount {
            switch answer(row) {
            case .success(let value) where value != expected[row]:
                problems.append("  \(name) row \(row): \(value), \(reference.name) says \(expected[row])")
            case .success:
                break
            case .failure(let failure):
                problems.append("  \(name) row \(row): error \(failure)")
            }
        }
    }
    if !problems.isEmpty {
        failLoudly("\(group): engines disagree\n" + problems.joined(separator: "\n"))
    }
    let trueCount = expected.filter { $0 }.count
    if requireMixed && (trueCount == 0 || trueCount == rowCount) {
        failLoudly("\(group): \(reference.name) gives the same answer (\(trueCount != 0)) on every row")
    }
    return trueCount
}
