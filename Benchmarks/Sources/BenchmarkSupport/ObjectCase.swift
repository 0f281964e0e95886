// The Objects suite's cases: each predicate over the Order schema in NSPredicate format, its variables, its
// hand-written Swift closure and, where Foundation can express it on Linux, its Foundation Predicate.
// The closures live in this module so that the benchmark loop calls them opaquely, as it calls the VM.
import Foundation
import PredicateLang

/// One predicate of the Objects suite and its baselines.
public struct ObjectCase: @unchecked Sendable {
    /// Short id used in benchmark names ("O1" … "O6").
    public let id: String
    /// The predicate in NSPredicate format, over the keys of ``Order/schema``.
    public let format: String
    /// The `$variable` bindings every engine evaluates it with.
    public let variables: [String: Value]
    /// The hand-written Swift baseline: reads the order through a pointer.
    public let handWritten: (UnsafePointer<Order>) -> Bool
    /// What the hand-written baseline does, for the report.
    public let handWrittenNote: String
    /// A tuned hand-written baseline (UTF-8 byte loop), where the idiomatic closure calls Foundation.
    public let handTuned: ((UnsafePointer<Order>) -> Bool)?
    /// Foundation's Predicate for the same test, when Foundation can express it on Linux.
    public let foundation: Predicate<Order>?
    /// How the Foundation Predicate was written, or why there is none.
    public let foundationNote: String
    /// Whether the schema-compiled engine must evaluate this case with zero heap allocations.
    public let zeroAllocation: Bool

    init(
        _ id: String, _ format: String, variables: [String: Value] = [:], zeroAllocation: Bool = true,
        hand handWrittenNote: String = "idiomatic Swift over the struct's fields",
        _ handWritten: @escaping (UnsafePointer<Order>) -> Bool,
        tuned handTuned: ((UnsafePointer<Order>) -> Bool)? = nil,
        foundation: Predicate<Order>?, foundationNote: String
    ) {
        self.id = id
        self.format = format
        self.variables = variables
        self.zeroAllocation = zeroAllocation
        self.handWritten = handWritten
        self.handWrittenNote = handWrittenNote
        self.handTuned = handTuned
        self.foundation = foundation
        self.foundationNote = foundationNote
    }
}

extension ObjectCase {
    /// Every case of the Objects suite, in report order.
    public static let all: [ObjectCase] = {
        let since = Order.since
        return [
            ObjectCase(
                "O1", "customer.country == 'NZ' AND total > 100 AND ANY items.sku BEGINSWITH 'A-'",
                hand: "`==`, `>`, `contains(where:)` with `hasPrefix`",
                { order in
                    order.pointee.customer.country == "NZ" && order.pointee.total > 100
                        && order.pointee.items.contains { $0.sku.hasPrefix("A-") }
                },
                foundation: #Predicate<Order> { order in
                    order.customer.country == "NZ" && order.total > 100
                        && order.items.contains { item in item.sku.starts(with: "A-") }
                },
                foundationNote: "#Predicate with `contains(where:)` and `starts(with:)`"),
            ObjectCase(
                "O2", "SUBQUERY(items, $i, $i.qty > 2).@count > 0",
                hand: "`contains(where:)` (stops at the first match, allocates no filtered array)",
                { order in order.pointee.items.contains { $0.qty > 2 } },
                foundation: #Predicate<Order> { order in order.items.contains { item in item.qty > 2 } },
                foundationNote: "#Predicate with `contains(where:)` (its cheapest form of a non-empty SUBQUERY)"),
            ObjectCase(
                "O3", "createdAt > $since", variables: ["since": .date(since)],
                hand: "`Date` `>` against a captured constant",
                { order in order.pointee.createdAt > since },
                foundation: #Predicate<Order> { order in order.createdAt > since },
                foundationNote: "#Predicate capturing the date"),
            ObjectCase(
                "O4", "customer.name BEGINSWITH[c] 'jo' AND ANY tags IN {'gift', 'rush'}",
                hand: "Foundation `range(of:options: [.caseInsensitive, .anchored])`, `contains(where:)`",
                { order in
                    order.pointee.customer.name.range(of: "jo", options: [.caseInsensitive, .anchored]) != nil
                        && order.pointee.tags.contains { $0 == "gift" || $0 == "rush" }
                },
                tuned: { order in
                    ASCIIBytes.hasPrefix(order.pointee.customer.name, "jo", foldCase: true, foldDiacritics: false)
                        && order.pointee.tags.contains { $0 == "gift" || $0 == "rush" }
                },
                foundation: nil, foundationNote: "no case-insensitive string operation in Predicate on Linux"),
            ObjectCase(
                "O5", "total BETWEEN {50, 150} OR customer.country IN {'AU', 'NZ'}",
                hand: "`ClosedRange.contains`, two `==`",
                { order in
                    (50...150).contains(order.pointee.total) || order.pointee.customer.country == "AU"
                        || order.pointee.customer.country == "NZ"
                },
                foundation: #Predicate<Order> { order in
                    (50.0...150.0).contains(order.total) || ["AU", "NZ"].contains(order.customer.country)
                },
                foundationNote: "#Predicate with `ClosedRange.contains` and an array literal's `contains`"),
            ObjectCase(
                "O6", "items.@sum.qty >= 10",
                hand: "`reduce(0) { $0 + $1.qty }`",
                { order in order.pointee.items.reduce(0) { $0 + $1.qty } >= 10 },
                foundation: nil, foundationNote: "Predicate on Linux has no sum or reduce"),
        ]
    }()
}
