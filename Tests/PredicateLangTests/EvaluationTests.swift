// Semantics through the whole pipeline, one table per operator family: each row is parsed, compiled,
// verified and evaluated, and must give the NSPredicate answer (the language reference documents each).

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private typealias C = EvaluationCase

@Suite("Evaluation semantics")
struct EvaluationTests {
    @Test(
        "equality and ordering across number kinds, booleans and strings",
        arguments: [
            C("1 == 1.0", true), C("YES == 1", true), C("NO == 0", true), C("YES == 2", false),
            C("'42' == 42", false), C("'42' != 42", true), C("2.5 > 2", true), C("9223372036854775807 > 9.2e18", true),
            C("a == 3", true, object: ["a": 3.0]), C("a < 3", false, object: ["a": 3]),
            C("a <= 3", true, object: ["a": 3]),
            C("a >= 3.5", false, object: ["a": 3]), C("a != 4", true, object: ["a": 3]),
            C("'XYZ' < 'abc'", true), C("'x Z' < 'x z'", true), C("'a' <[c] 'B'", true), C("'abc' ==[c] 'ABC'", true),
            C("'café' ==[cd] 'CAFE'", true), C("'e\u{301}' == '\u{e9}'", false),
            C("name == 'Ann'", true, object: ["name": "Ann"]),
            C("name != 'Ann'", false, object: ["name": "Ann"]), C("flag == YES", true, object: ["flag": true]),
            C("'a' < 1", error: .typeMismatch),
        ])
    func equalityAndOrdering(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "null rules",
        arguments: [
            C("missing == nil", true, object: [:]), C("missing != nil", false, object: [:]),
            C("missing == 1", false, object: [:]),
            C("missing != 1", true, object: [:]), C("missing < 1", false, object: [:]), C("nil <= nil", true),
            C("nil < nil", false), C("missing BEGINSWITH 'a'", false, object: [:]),
            C("missing LIKE 'a*'", false, object: [:]),
            C("missing IN {1}", false, object: [:]), C("x CONTAINS 1", false, object: ["x": .null]),
            C("missing BETWEEN {1, 2}", false, object: [:]), C("SELF == nil", true),
        ])
    func nullRules(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "string operators, LIKE and MATCHES",
        arguments: [
            C("name BEGINSWITH[c] 'jo'", true, object: ["name": "John"]),
            C("name BEGINSWITH 'jo'", false, object: ["name": "John"]),
            C("name ENDSWITH 'hn'", true, object: ["name": "John"]),
            C("name CONTAINS[cd] 'OH'", true, object: ["name": "Jöhn"]),
            C("name CONTAINS ''", false, object: ["name": "abc"]),
            C("name BEGINSWITH ''", false, object: ["name": "abc"]),
            C("age BEGINSWITH 'x'", error: .typeMismatch, object: ["age": 5]),
            C("name LIKE 'J*n'", true, object: ["name": "John"]),
            C("name LIKE[c] 'j?hn'", true, object: ["name": "John"]),
            C("name LIKE 'a.c'", true, object: ["name": "a.c"]), C("'' LIKE ''", false),
            C("name MATCHES 'J.*n'", true, object: ["name": "John"]),
            C("name MATCHES 'oh'", false, object: ["name": "John"]),
            C("name MATCHES[c] 'JOHN'", true, object: ["name": "John"]),
            C("name MATCHES 5", error: .typeMismatch, object: ["name": "5"]),
            C("name LIKE %@", true, object: ["name": "abc"], arguments: ["a*"]),
        ])
    func strings(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "CONTAINS and IN on strings, arrays, sets and dictionaries",
        arguments: [
            C("tags CONTAINS 'a'", true, object: ["tags": ["a", "b"]]),
            C("tags CONTAINS 'c'", false, object: ["tags": ["a", "b"]]),
            C("'a' IN tags", true, object: ["tags": ["a", "b"]]), C("1 IN tags", false, object: ["tags": ["1"]]),
            C("name IN {'Ann', 'Bob'}", true, object: ["name": "Bob"]),
            C("name IN[c] {'ANN'}", false, object: ["name": "ann"]),
            C("name IN 'xAnnx'", true, object: ["name": "Ann"]), C("name IN[c] 'XANNX'", true, object: ["name": "ann"]),
            C("5 IN 'abc'", error: .typeMismatch),
            C("x IN %@", true, object: ["x": 2], arguments: [.dictionary(["k": 2])]),
            C("x IN %@", false, object: ["x": "k"], arguments: [.dictionary(["k": 2])]),
            C("x IN %@", true, object: ["x": 2], arguments: [.set(ValueSet([1, 2]))]),
            C("s CONTAINS 2", true, object: ["s": .set(ValueSet([1, 2]))]),
            C("x IN 5", error: .notACollection, object: ["x": 1]),
            C("{1, 2} CONTAINS 2.0", true), C("tags CONTAINS[c] 'A'", false, object: ["tags": ["a"]]),
        ])
    func membership(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "BETWEEN",
        arguments: [
            C("5 BETWEEN {1, 10}", true), C("5 BETWEEN {10, 1}", true), C("11 BETWEEN {1, 10}", false),
            C("'b' BETWEEN {'a', 'c'}", true), C("5 BETWEEN {1}", error: .invalidBetweenBounds),
            C("5 BETWEEN 3", error: .invalidBetweenBounds),
            C("x BETWEEN {lo, hi}", true, object: ["x": 2, "lo": 1, "hi": 3]),
        ])
    func between(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "ANY, ALL, NONE, SOME",
        arguments: [
            C("ANY xs > 2", true, object: ["xs": [1, 3]]), C("ALL xs > 2", false, object: ["xs": [1, 3]]),
            C("NONE xs > 5", true, object: ["xs": [1, 3]]), C("SOME xs == 1", true, object: ["xs": [1, 3]]),
            C("ANY xs > 2", false, object: ["xs": []]), C("ALL xs > 2", true, object: ["xs": []]),
            C("NONE xs > 2", true, object: ["xs": []]),
            C("ANY xs > 2", false, object: [:]), C("ALL xs > 2", true, object: [:]),
            C("ANY xs > 2", error: .notACollection, object: ["xs": 5]),
            C("ANY xs == 'a'", error: .notACollection, object: ["xs": "abc"]),
            C("ANY xs == 1", error: .notACollection, object: ["xs": ["k": 1]]),
            C("ANY xs > y", true, object: ["xs": [1, 3], "y": 2]),
            C("ALL xs BEGINSWITH 'a'", true, object: ["xs": ["ab", "ac"]]),
            C("ANY xs IN {3, 4}", true, object: ["xs": [1, 3]]),
            C("ANY children.age < 18", true, object: ["children": [["age": 20], ["age": 10]]]),
            C("ANY s == 2", true, object: ["s": .set(ValueSet([1, 2]))]),
        ])
    func quantifiers(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "key paths, collection operators and indexing",
        arguments: [
            C("a.b.c == 1", true, object: ["a": ["b": ["c": 1]]]),
            C("items.price == {1, 2}", true, object: ["items": [["price": 1], ["price": 2]]]),
            C("items.@count == 2", true, object: ["items": [1, 2]]),
            C("items.@sum.price == 3", true, object: ["items": [["price": 1], ["price": 2]]]),
            C("items.@avg.price == 1.5", true, object: ["items": [["price": 1], ["price": 2]]]),
            C("items.@max.price == 2", true, object: ["items": [["price": 1], ["price": 2]]]),
            C("name.length == 4", true, object: ["name": "John"]),
            C("xs[0] == 1", true, object: ["xs": [1, 2]]), C("xs[FIRST] == 1", true, object: ["xs": [1, 2]]),
            C("xs[LAST] == 2", true, object: ["xs": [1, 2]]), C("xs[SIZE] == 2", true, object: ["xs": [1, 2]]),
            C("d['k'] == 'v'", true, object: ["d": ["k": "v"]]),
            C("xs[5] == 1", error: .invalidIndex, object: ["xs": [1]]),
            C("{}[FIRST] == 1", false), C("n[0] == 1", error: .notACollection, object: ["n": 5]),
        ])
    func keyPaths(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "arithmetic, functions, TERNARY and CAST",
        arguments: [
            C("7 / 2 == 3", true), C("7 / 2.0 == 3.5", true), C("5 / 0 == 0", true),
            C("x + 1 == 3", true, object: ["x": 2]),
            C("x - 1 == 1", true, object: ["x": 2]), C("2 ** 3 == 8", true), C("-x == -2", true, object: ["x": 2]),
            C("TRUE + 1 == 2", error: .typeMismatch),
            C("x * 2 == 9223372036854775806", true, object: ["x": 4_611_686_018_427_387_903]),
            C("x / -1 == x", true, object: ["x": .int(Int64.min)]),
            C("x + 1 < 0", true, object: ["x": .int(Int64.max)]),
            C("x + 1.0 > 9223372036854775807", true, object: ["x": .int(Int64.max)]),
            C("sum({1, 2, 3}) == 6", true), C("max(xs) == 3", true, object: ["xs": [1, 3]]),
            C("average({}) == 0", error: .emptyCollection),
            C("uppercase('ab') == 'AB'", true), C("now() > CAST(0, 'NSDate')", true),
            C("TERNARY(x > 1, 'big', 'small') == 'big'", true, object: ["x": 2]),
            C("TERNARY(x > 1, 'big', 'small') == 'small'", true, object: ["x": 0]),
            C("TERNARY(x > 1, y, 1 / 0) == 5", true, object: ["x": 2, "y": 5]),
            C("CAST('12', 'NSNumber') == 12", true), C("CAST(x, 'NSNumber') == 12", true, object: ["x": "12"]),
            C("CAST(1, 'NoSuchClass') == 1", error: .invalidCast),
        ])
    func arithmetic(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "SUBQUERY, set operations, aggregates",
        arguments: [
            C(
                "SUBQUERY(items, $i, $i.price > 1).@count == 2", true,
                object: ["items": [["price": 1], ["price": 2], ["price": 3]]]),
            C("SUBQUERY(items, $i, $i.price > 5).@count == 0", true, object: ["items": [["price": 1]]]),
            C(
                "SUBQUERY(items, $i, ANY $i.tags == 'x').@count == 1", true,
                object: ["items": [["tags": ["x"]], ["tags": ["y"]]]]),
            C(
                "SUBQUERY(items, $i, SUBQUERY($i.kids, $k, $k > 1).@count > 0).@count == 1", true,
                object: ["items": [["kids": [1, 2]], ["kids": [0]]]]),
            C("SUBQUERY(items, $i, $i == 1).@count == 0", true, object: [:]),
            C("SUBQUERY(items, $i, $i == 1).@count == 0", error: .notACollection, object: ["items": 5]),
            C("a IN b UNION c", true, object: ["a": 2, "b": [1], "c": [2]]),
            C("(b INTERSECT c).@count == 1", true, object: ["b": [1, 2], "c": [2, 3]]),
            C("(b MINUS c).@count == 1", true, object: ["b": [1, 2], "c": [2, 3]]),
            C("{1, 2, x} == {1, 2, 3}", true, object: ["x": 3]), C("{x, 2}[SIZE] == 2", true, object: ["x": 1]),
        ])
    func subqueries(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "dates against dates and numbers",
        arguments: [
            C(
                "d > %@", true, object: ["d": .date(Date(timeIntervalSinceReferenceDate: 100))],
                arguments: [.date(Date(timeIntervalSinceReferenceDate: 50))]),
            C(
                "d == %@", true, object: ["d": .date(Date(timeIntervalSinceReferenceDate: 100))],
                arguments: [.date(Date(timeIntervalSinceReferenceDate: 100))]),
            C(
                "d BETWEEN %@", true, object: ["d": .date(Date(timeIntervalSinceReferenceDate: 100))],
                arguments: [
                    [.date(Date(timeIntervalSinceReferenceDate: 200)), .date(Date(timeIntervalSinceReferenceDate: 0))]
                ]),
            C("d > 5", error: .typeMismatch, object: ["d": .date(Date(timeIntervalSinceReferenceDate: 100))]),
            C("d == 100", false, object: ["d": .date(Date(timeIntervalSinceReferenceDate: 100))]),
        ])
    func dates(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "variables, unbound variables and assignment",
        arguments: [
            C("$x == 1", true, variables: ["x": 1]), C("$x == 1", error: .unboundVariable),
            C("$x.name == 'a'", true, variables: ["x": ["name": "a"]]),
            C("$x == nil", true, variables: ["x": .null]), C("($x := 5) == 5", true),
            C("$a[$b] > 1", true, variables: ["a": [2], "b": 0]),
        ])
    func variables(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }

    @Test(
        "compound predicates short-circuit left to right",
        arguments: [
            C("FALSEPREDICATE AND $missing == 1", false), C("TRUEPREDICATE OR $missing == 1", true),
            C("x == 1 AND $missing == 1", false, object: ["x": 2]),
            C("x == 1 OR $missing == 1", true, object: ["x": 1]),
            C("x == 2 AND $missing == 1", error: .unboundVariable, object: ["x": 2]),
            C("NOT x == 1", true, object: ["x": 2]), C("NOT missing == 1", true, object: [:]),
            C("NOT missing != 1", false, object: [:]), C("NOT (x == 1 OR x == 2)", false, object: ["x": 2]),
            C("(x == 1 OR x == 2) AND (y == 3 OR y == 4)", true, object: ["x": 2, "y": 4]),
            C("x == 1 OR x == 2 OR x == 3", true, object: ["x": 3]),
            C("x == 1 AND x == 1 AND x == 2", false, object: ["x": 1]),
        ])
    func compound(_ c: EvaluationCase) { #expect(c.mismatch() == nil, "\(c.mismatch() ?? "")") }
}
