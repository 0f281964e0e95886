// A date constant in an equality or ordering comparison is prepared as its seconds since the reference
// date (Matcher.Kind.date), so date fields of Swift values and JSON are compared without building a
// Value. The quick answer must equal the thorough one (Value.compare) for every subject: dates on both
// sides of the constant, equal ones, NaN dates (thorough only), and values of other kinds (thorough only,
// which raises or answers as NSPredicate does).

import Foundation
import Testing

@testable import PredicateLang

@Suite("Date matchers")
struct DateMatcherTests {
    static let constant = Date(timeIntervalSinceReferenceDate: 700_000_000)
    static let subjects: [Value] = [
        .date(Date(timeIntervalSinceReferenceDate: 699_999_999.5)), .date(constant),
        .date(Date(timeIntervalSinceReferenceDate: 700_000_000.25)), .date(Date(timeIntervalSinceReferenceDate: 0)),
        .date(Date(timeIntervalSinceReferenceDate: -0.0)), .date(Date(timeIntervalSinceReferenceDate: .nan)),
        .date(.distantFuture), .date(.distantPast), .int(700_000_000), .double(700_000_000), "2023-03-06", .null,
    ]
    static let operators: [ComparisonOperator] = [
        .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo,
    ]

    @Test("quick and thorough answers agree for every subject and operator", arguments: operators)
    func tiersAgree(_ op: ComparisonOperator) throws {
        let matcher = try Matcher(op: op, options: [], constant: .date(Self.constant))
        #expect(matcher.kind == .date)
        for subject in Self.subjects {
            let quick = withUnsafePointer(to: matcher) { pointer in
                withUnsafePointer(to: subject) { Matcher.quickTest(pointer, $0) }
            }
            let thorough = Result { () throws(EvaluationError) -> Bool in
                try matcher.thoroughTest(subject, limits: .default)
            }
            if case .date(let date) = subject, !date.timeIntervalSinceReferenceDate.isNaN {
                #expect(quick != nil, "\(subject) \(op) has a quick answer")
            }
            if let quick { #expect(quick == (try? thorough.get()), "\(subject) \(op.rawValue) constant") }
        }
    }

    @Test("a NaN date constant, and options, are not prepared")
    func notPrepared() throws {
        let nan = Value.date(Date(timeIntervalSinceReferenceDate: .nan))
        #expect(try Matcher(op: .lessThan, options: [], constant: nan).kind == .general)
        #expect(try Matcher(op: .between, options: [], constant: [.date(Self.constant)]).kind != .date)
    }

    @Test("typed date fields are compared by the quick tier: the answers are the closure's")
    func typedDates() throws {
        let orders = Orders.generate(300)
        let cutoff = Date(timeIntervalSinceReferenceDate: 700_500_000)
        let typed = try TypedPredicate(
            "createdAt >= CAST(\(cutoff.timeIntervalSinceReferenceDate), 'NSDate')", schema: Orders.schema)
        let reads = typed.predicate.program.matchers.map(\.kind)
        #expect(reads.contains(.date))
        #expect(try typed.filter(orders).map(\.id) == orders.filter { $0.createdAt >= cutoff }.map(\.id))
    }
}
