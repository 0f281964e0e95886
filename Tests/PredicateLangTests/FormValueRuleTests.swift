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

    /// A form's rows as the checker sees them: `$n` holds an integer, `$s` a string, `$d` a dictionary, `$a`
    /// an array of strings; each with its `isHidden` and `isDisabled` flags.
    static let rowSchema: Schema = {
        return Schema(
            SchemaObject(name: "form", fields: []),
            variables: [
                "n": formRowType(.optional(.integer)), "s": formRowType(.optional(.string)),
                "d": formRowType(.dictionary(.any)),
                "a": formRowType(.array(.string)),
            ])
    }()

    @Test(
        "checking as written with the rule gives the rewritten tree's diagnostics",
        arguments: [
            "$n > 5", "$n BEGINSWITH 'x'", "$s > 5", "$s BEGINSWITH 'x'", "$n.value BEGINSWITH 'x'",
            "$n.isHidden == YES", "$n.isHidden BEGINSWITH 'x'", "$n.isDisabled > 'x'", "$d.key == 1",
            "$s.length > 1", "$a.@count > 1", "$s.@count > 1", "$a CONTAINS 5", "ANY $a BEGINSWITH 1",
            "SUBQUERY($a, $x, $x BEGINSWITH 'a').@count > 0", "SUBQUERY($a, $n, $n > 5).@count > 0",
            "SUBQUERY($a, $x, $x == 1).@count == $x", "$n + 1 > 'x'", "$unknown > 5", "$unknown.value > 5",
            "$n.value.foo == 1", "$n IN {1, 2} AND $s IN {'a'} OR NOT $n.isHidden == NO",
        ])
    func checkedAsWritten(_ text: String) throws {
        let tree = try #require(SyntaxTree.parse(text).tree)
        let asWritten = Self.rowSchema.diagnostics(for: tree, readsRowValues: true)
        let rewritten = Self.rowSchema.diagnostics(for: tree.applyingFormValueRule())
        #expect(asWritten == rewritten)
        #expect(asWritten.map(\.text) == rewritten.map(\.text))
    }

    @Test("the rule decides the diagnostics: read as written without it, a row is not a number")
    func ruleMatters() throws {
        let tree = try #require(SyntaxTree.parse("$n > 5 AND $s BEGINSWITH 'x'").tree)
        #expect(Self.rowSchema.diagnostics(for: tree, readsRowValues: true).isEmpty)
        #expect(!Self.rowSchema.diagnostics(for: tree).isEmpty)
        let mismatch = try #require(SyntaxTree.parse("$n BEGINSWITH 'x' OR $s.isHidden == YES").tree)
        #expect(
            Self.rowSchema.diagnostics(for: mismatch, readsRowValues: true).map(\.text) == [
                "'BEGINSWITH' needs a string, not an integer or nil"
            ])
    }
}
