import Testing

@testable import PredicateLang

/// XLForm's rule: `$t` means `$t.value` unless it is followed by value/isHidden/isDisabled.
@Suite("Form value rule")
struct FormValueRuleTests {
    @Test(
        "free variables read the row value",
        arguments: [
            ("$t == 1", "$t.value == 1"),
            ("$t.value == 1", "$t.value == 1"),
            ("$t.isHidden == 1", "$t.isHidden == 1"),
            ("$t.isDisabled == 1", "$t.isDisabled == 1"),
            ("$t.name == 'x'", "$t.value.name == \"x\""),
            ("$t.a.b == 'x'", "$t.value.a.b == \"x\""),
            ("$t[0] == 1", "$t.value[0] == 1"),
            (
                "$t CONTAINS[c] 'hide' AND NOT $u.isHidden == YES",
                "$t.value CONTAINS[c] \"hide\" AND (NOT $u.isHidden == 1)"
            ),
            (
                "sum($a) + $b > TERNARY($c == 1, $d, 2)",
                "sum:($a.value) + $b.value > TERNARY($c.value == 1, $d.value, 2)"
            ),
            (
                "SUBQUERY($items, $i, $i.price > $limit).@count > 0",
                "SUBQUERY($items.value, $i, $i.price > $limit.value).@count > 0"
            ),
            ("SUBQUERY(a, $i, $i > 1).@count == $i", "SUBQUERY(a, $i, $i > 1).@count == $i.value"),
            ("$x := $y == 1", "$x := $y.value == 1"),
            ("a == 1", "a == 1"),
        ])
    func rewrite(_ input: String, _ expected: String) throws {
        let tree = try #require(SyntaxTree.parse(input).tree)
        let rewritten = tree.applyingFormValueRule()
        #expect(rewritten.format == expected)
        #expect(rewritten.applyingFormValueRule().format == expected, "applying the rule twice changes nothing")
    }

    @Test("rewritten trees keep the variable's source range")
    func ranges() throws {
        let result = SyntaxTree.parse("a == 1 AND $t.x == 2")
        let rewritten = try #require(result.tree).applyingFormValueRule()
        let read = try #require(rewritten.dependencies.variables.first)
        #expect(result.source.slice(read.range) == "$t.x")
        #expect(read.property == .value)
        #expect(read.path == ["x"])
    }
}
