import Testing

@testable import PredicateLang

/// `predicateWithSubstitutionVariables:`: bound free variables become constants.
@Suite("Substitution")
struct SubstitutionTests {
    @Test(
        "bound variables become constants, unbound stay",
        arguments: [
            ("lastName like[c] $LAST_NAME", ["LAST_NAME": "Turner"], "lastName LIKE[c] \"Turner\""),
            ("lastName like[c] $LAST_NAME", [:], "lastName LIKE[c] $LAST_NAME"),
            ("$a == 1 AND $b == 2", ["a": 5], "5 == 1 AND $b == 2"),
            ("date == $DATE", ["DATE": nil], "date == nil"),
            ("$x.name == 'y'", ["x": ["name": "y"]], "{\"name\" = \"y\"}.name == \"y\""),
            ("$list[0] == 1", ["list": [1, 2]], "{1, 2}[0] == 1"),
            (
                "SUBQUERY($items, $i, $i.p > $max).@count > 0", ["items": [1], "i": 9, "max": 3],
                "SUBQUERY({1}, $i, $i.p > 3).@count > 0"
            ),
            ("$x := $y == 1", ["x": 1, "y": 2], "$x := 2 == 1"),
            ("TERNARY($c == 1, $a, $b) == $a", ["a": "A", "c": 1], "TERNARY(1 == 1, \"A\", $b) == \"A\""),
        ] as [(String, [String: Value], String)])
    func substitute(_ input: String, _ variables: [String: Value], _ expected: String) throws {
        let tree = try #require(SyntaxTree.parse(input).tree)
        #expect(tree.substituting(variables).format == expected)
    }

    @Test("substituted constants keep the variable's range and kind")
    func constants() throws {
        let result = SyntaxTree.parse("a == $v")
        let tree = try #require(result.tree).substituting(["v": 2.5])
        guard case .comparison(let comparison) = tree, case .constant(let value, let range) = comparison.rhs else {
            Issue.record("unexpected tree \(tree.dump)")
            return
        }
        #expect(value == .double(2.5))
        #expect(result.source.slice(range) == "$v")
        #expect(tree.dump == "(== a 2.5)")
    }

    @Test("expressions substitute too")
    func expressions() throws {
        let expression = try #require(SyntaxTree.parseExpression("$a + 1").expression)
        #expect(expression.substituting(["a": 1]).format == "1 + 1")
    }
}
