// The 16-row evaluation data set shared by every engine in the Evaluate suite: one Swift struct per row
// (what the hand-written and Foundation baselines read) and the same rows as RowStores and key-path objects
// (what PredicateLang reads). Row i of every engine is the same person.

/// One row of the evaluation data set, as a plain Swift struct.
public struct Person: Sendable {
    public var name: String
    public var age: Int
    public var country: String
    public var hobbies: [String]
    public var score: Int
    public var status: String
    public var tags: [String]
    /// A multi-select answer (`$t.value` in P2).
    public var t: [String]
    /// Mostly non-ASCII city names, for the Unicode string leaves.
    public var city: String
    public var email: String
    public var scores: [Int]
}

extension Person {
    /// The sixteen rows. Evaluation number `i` reads row `i & 15`, so nothing can be hoisted.
    /// Names are ASCII only (the ASCII string leaves read them); cities are mostly not.
    public static let rows: [Person] = [
        Person(name: "Alice", age: 34, country: "NZ", hobbies: ["Music", "Art"], score: 72, status: "active",
               tags: ["a", "b", "c"], t: [], city: "Zürich", email: "alice@example.com", scores: [95, 80, 60]),
        Person(name: "Bob", age: 17, country: "AU", hobbies: ["Music"], score: 88, status: "active",
               tags: ["x"], t: ["yes"], city: "São Paulo", email: "bob@example.org", scores: [50, 40]),
        Person(name: "annie", age: 45, country: "US", hobbies: ["Sport"], score: 49, status: "banned",
               tags: [], t: [], city: "Paris", email: "Annie@example.com", scores: [91]),
        Person(name: "Andrew", age: 66, country: "AU", hobbies: ["Art", "Cooking"], score: 90, status: "active",
               tags: ["t1", "t2", "t3", "t4"], t: ["a", "b"], city: "ZÜRICH", email: "andrew@example.net",
               scores: [100, 100, 20]),
        Person(name: "Joanna", age: 29, country: "GB", hobbies: ["Music", "Reading"], score: 55, status: "active",
               tags: ["q"], t: [], city: "Nürnberg", email: "joanna@example.com", scores: [10, 20, 30]),
        Person(name: "Zoe", age: 52, country: "FR", hobbies: ["Music"], score: 61, status: "pending",
               tags: ["p", "q", "r"], t: ["x"], city: "SÃO TOMÉ", email: "zoe@example.com", scores: [70, 71, 72]),
        Person(name: "Hannah", age: 19, country: "NZ", hobbies: ["Art"], score: 30, status: "active",
               tags: ["a"], t: [], city: "Köln", email: "hannah@example.org", scores: [89, 90]),
        Person(name: "ANNE", age: 40, country: "CA", hobbies: [], score: 75, status: "banned",
               tags: ["a", "b", "c"], t: ["y"], city: "Saône", email: "anne@@example.com", scores: []),
        Person(name: "Aaron", age: 23, country: "AU", hobbies: ["Music", "Art"], score: 50, status: "active",
               tags: [], t: [], city: "Dürnten", email: "aaron@example.com", scores: [200, 5]),
        Person(name: "Emile", age: 38, country: "IE", hobbies: ["Cooking"], score: 82, status: "active",
               tags: ["e", "f", "g"], t: ["z"], city: "Sevilla", email: "emile@example.com", scores: [60]),
        Person(name: "Chloe", age: 70, country: "DE", hobbies: ["Music"], score: 95, status: "active",
               tags: [], t: ["a"], city: "Genève", email: "chloe@example.org", scores: [99, 99, 99]),
        Person(name: "Anais", age: 27, country: "NZ", hobbies: ["Reading", "Music"], score: 65, status: "active",
               tags: ["m"], t: [], city: "Zurich", email: "anais@example.com", scores: [45, 45]),
        Person(name: "Dmitri", age: 15, country: "US", hobbies: ["Sport", "Music"], score: 40, status: "active",
               tags: ["k", "l", "m"], t: ["q"], city: "Sao Luís", email: "dmitri@example.com", scores: [12]),
        Person(name: "Annabel", age: 64, country: "AU", hobbies: ["Art"], score: 50, status: "pending",
               tags: ["n", "o", "p", "q"], t: [], city: "Ålesund", email: "annabel@example.com", scores: [91, 92]),
        Person(name: "Lee", age: 18, country: "GB", hobbies: ["Music"], score: 77, status: "active",
               tags: [], t: ["r"], city: "Dürer", email: "lee@example", scores: [0]),
        Person(name: "Mia", age: 31, country: "NZ", hobbies: ["Art", "Music"], score: 58, status: "banned",
               tags: ["s"], t: [], city: "Málaga", email: "mia@example.org", scores: [88, 150]),
    ]

    /// The rows in a buffer that is never freed, so that "row i" is a pointer read for every engine (no
    /// array bounds check, no copy, no retain of the row's fields on the way in).
    nonisolated(unsafe) public static let rowBuffer: UnsafeBufferPointer<Person> = {
        let buffer = UnsafeMutableBufferPointer<Person>.allocate(capacity: rows.count)
        _ = buffer.initialize(from: rows)
        return UnsafeBufferPointer(buffer)
    }()
}
