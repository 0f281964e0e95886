// The Evaluate suite's cases: each predicate in NSPredicate format (form mode and key-path mode), with
// its hand-written Swift closure and, where Foundation can express it on Linux, its Foundation Predicate.
// The closures live in this module so that the benchmark loop calls them opaquely, as it calls the VM.
import Foundation
import PredicateLang

/// One predicate of the Evaluate suite and its baselines.
public struct EvaluateCase: @unchecked Sendable {
    /// Short id used in benchmark names ("P1", "contains[c]-ascii", ...).
    public let id: String
    /// The predicate in form mode (`$tag` reads a row-store slot).
    public let format: String
    /// The same predicate over the key paths of an object, for `evaluate(with:)`; nil when not measured.
    public let keyPathFormat: String?
    /// The hand-written Swift baseline: reads the row through a pointer.
    public let handWritten: (UnsafePointer<Person>) -> Bool
    /// Foundation's Predicate for the same test, when Foundation can express it on Linux.
    public let foundation: Predicate<Person>?
    /// Why ``foundation`` is nil.
    public let foundationNote: String?
    /// Whether the engine must evaluate this case with zero heap allocations (target A1).
    public let zeroAllocation: Bool
    /// What the hand-written baseline does, for the report.
    public let handWrittenNote: String
    /// A tuned hand-written baseline (UTF-8 byte loop), for the ASCII string leaves.
    public let handTuned: ((UnsafePointer<Person>) -> Bool)?

    init(
        _ id: String, _ format: String, keyPath: String? = nil, zeroAllocation: Bool,
        hand handWrittenNote: String = "idiomatic Swift over the struct's fields",
        _ handWritten: @escaping (UnsafePointer<Person>) -> Bool,
        foundation: Predicate<Person>?, foundationNote: String? = nil,
        tuned handTuned: ((UnsafePointer<Person>) -> Bool)? = nil
    ) {
        self.handTuned = handTuned
        self.id = id
        self.format = format
        self.keyPathFormat = keyPath
        self.zeroAllocation = zeroAllocation
        self.handWrittenNote = handWrittenNote
        self.handWritten = handWritten
        self.foundation = foundation
        self.foundationNote = foundationNote
    }
}

extension EvaluateCase {
    /// A 100-byte predicate over the Objects suite's orders, compiled without a schema as a server compiles
    /// the predicate of a request (issue 16: "a 100-byte predicate in at most 3 µs", and the first compile in a
    /// process).
    public static let objectFormat100 =
        "customer.country == 'NZ' AND total > 100 AND ANY items.sku BEGINSWITH 'A-' AND customer.name != 'Bo'"

    /// ``objectFormat100`` with its four constants as `%@` arguments, as a server compiles a request's predicate
    /// from a template (``objectArguments100``).
    public static let objectFormat100WithArguments =
        "customer.country == %@ AND total > %@ AND ANY items.sku BEGINSWITH %@ AND customer.name != %@"
    /// The arguments of ``objectFormat100WithArguments``.
    public static let objectArguments100: [Value] = ["NZ", 100, "A-", "Bo"]

    /// The P3 format string (221 bytes), as the anchors document gives it.
    public static let p3Format =
        "($age > 18 AND $age < 65) AND ($country == 'NZ' OR $country == 'AU') AND ($hobbies CONTAINS 'Music' OR $hobbies CONTAINS 'Art') AND $score >= 50 AND NOT ($status == 'banned') AND ($name BEGINSWITH 'A' OR $tags.@count > 2)"

    /// Every case of the Evaluate suite, in report order.
    public static let all: [EvaluateCase] = [
        EvaluateCase(
            "P1", "$hobbies CONTAINS 'Music' AND $age > 18",
            keyPath: "hobbies CONTAINS 'Music' AND age > 18", zeroAllocation: true,
            { $0.pointee.hobbies.contains("Music") && $0.pointee.age > 18 },
            foundation: #Predicate<Person> { $0.hobbies.contains("Music") && $0.age > 18 }),
        EvaluateCase(
            "P2", "$t.value.@count = 0", keyPath: "t.@count = 0", zeroAllocation: true,
            { $0.pointee.t.isEmpty },
            foundation: #Predicate<Person> { $0.t.count == 0 }),
        EvaluateCase(
            "P3", p3Format, keyPath: p3Format.replacingOccurrences(of: "$", with: ""), zeroAllocation: true,
            { p in
                (p.pointee.age > 18 && p.pointee.age < 65) && (p.pointee.country == "NZ" || p.pointee.country == "AU")
                    && (p.pointee.hobbies.contains("Music") || p.pointee.hobbies.contains("Art"))
                    && p.pointee.score >= 50 && !(p.pointee.status == "banned")
                    && (p.pointee.name.hasPrefix("A") || p.pointee.tags.count > 2)
            },
            foundation: FoundationP3.predicate,
            foundationNote: "built from PredicateExpressions pieces: #Predicate cannot type-check it"),
        EvaluateCase(
            "contains-ascii", "$name CONTAINS 'ann'", zeroAllocation: true,
            { $0.pointee.name.contains("ann") },
            foundation: #Predicate<Person> { $0.name.contains("ann") },
            tuned: { ASCIIBytes.contains($0.pointee.name, "ann", foldCase: false) }),
        EvaluateCase(
            "contains[c]-ascii", "$name CONTAINS[c] 'ann'", zeroAllocation: true,
            hand: "Foundation range(of:options: .caseInsensitive)",
            { $0.pointee.name.range(of: "ann", options: .caseInsensitive) != nil },
            foundation: nil, foundationNote: "no case-insensitive string operation in Predicate on Linux",
            tuned: { ASCIIBytes.contains($0.pointee.name, "ann", foldCase: true) }),
        EvaluateCase(
            "contains[c]-unicode", "$city CONTAINS[c] 'ür'", zeroAllocation: false,
            hand: "Foundation range(of:options: .caseInsensitive)",
            { $0.pointee.city.range(of: "ür", options: .caseInsensitive) != nil },
            foundation: nil, foundationNote: "no case-insensitive string operation in Predicate on Linux"),
        EvaluateCase(
            "beginswith-ascii", "$name BEGINSWITH 'An'", zeroAllocation: true,
            { $0.pointee.name.hasPrefix("An") },
            foundation: #Predicate<Person> { $0.name.starts(with: "An") },
            tuned: { ASCIIBytes.hasPrefix($0.pointee.name, "An", foldCase: false) }),
        EvaluateCase(
            "beginswith[cd]-ascii", "$name BEGINSWITH[cd] 'an'", zeroAllocation: true,
            hand: "Foundation range(of:options: [.caseInsensitive, .diacriticInsensitive, .anchored])",
            { $0.pointee.name.range(of: "an", options: [.caseInsensitive, .diacriticInsensitive, .anchored]) != nil },
            foundation: nil, foundationNote: "no case-insensitive string operation in Predicate on Linux",
            tuned: { ASCIIBytes.hasPrefix($0.pointee.name, "an", foldCase: true) }),
        EvaluateCase(
            "beginswith[cd]-unicode", "$city BEGINSWITH[cd] 'sao'", zeroAllocation: false,
            hand: "Foundation range(of:options: [.caseInsensitive, .diacriticInsensitive, .anchored])",
            { $0.pointee.city.range(of: "sao", options: [.caseInsensitive, .diacriticInsensitive, .anchored]) != nil },
            foundation: nil, foundationNote: "no case-insensitive string operation in Predicate on Linux"),
        EvaluateCase(
            "in-constant-set", "$country IN {'NZ', 'AU', 'CA', 'IE', 'GB', 'US'}", zeroAllocation: true,
            hand: "Set<String>.contains",
            { HandWrittenConstants.countries.contains($0.pointee.country) },
            foundation: #Predicate<Person> { ["NZ", "AU", "CA", "IE", "GB", "US"].contains($0.country) }),
        EvaluateCase(
            "between", "$age BETWEEN {18, 65}", zeroAllocation: true,
            { (18...65).contains($0.pointee.age) },
            foundation: #Predicate<Person> { (18...65).contains($0.age) }),
        EvaluateCase(
            "matches", "$email MATCHES '[a-z]+@example[.](com|org)'", zeroAllocation: false,
            hand: "Swift Regex wholeMatch",
            { HandWrittenConstants.email.matches($0.pointee.email) },
            foundation: #Predicate<Person> { $0.email.contains(/^[a-z]+@example[.](com|org)$/) },
            foundationNote: "anchored Regex with contains(_:)"),
        EvaluateCase(
            "any-array", "ANY $scores > 90", zeroAllocation: false,
            { $0.pointee.scores.contains { $0 > 90 } },
            foundation: #Predicate<Person> { $0.scores.contains { $0 > 90 } }),
        EvaluateCase(
            "sum", "$scores.@sum.#self > 200", zeroAllocation: false,
            { $0.pointee.scores.reduce(0, +) > 200 },
            foundation: nil, foundationNote: "Predicate on Linux has no sum/reduce"),
    ]
}

/// Constants the hand-written closures use, built once (as a programmer would hoist them).
enum HandWrittenConstants {
    static let countries: Set<String> = ["NZ", "AU", "CA", "IE", "GB", "US"]
    nonisolated(unsafe) static let email = EmailPattern()
}

/// A Swift Regex, compiled once, used as a whole-string match.
final class EmailPattern {
    let regex = /[a-z]+@example[.](com|org)/
    func matches(_ subject: String) -> Bool { (try? regex.wholeMatch(in: subject)) != nil }
}
