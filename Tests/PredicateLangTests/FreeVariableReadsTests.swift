// The quick walk of free variables (FreeVariableReads): for the trees it takes it lists what Dependencies
// lists (name and property, in source order, repeats included); it declines SUBQUERY, `:=` and more than four
// reads, whose callers take Dependencies.
import Testing

@testable import PredicateLang

@Suite("Free variable reads: the quick walk against Dependencies")
struct FreeVariableReadsTests {
    @Test(
        "the reads a small tree makes, as Dependencies lists them",
        arguments: [
            ("$t == 1", ["t.value"]),
            ("$t.value == 1 AND $u.isHidden == YES", ["t.value", "u.isHidden"]),
            ("$t.isDisabled == NO OR $t.value.a.b == 2", ["t.isDisabled", "t.value"]),
            ("$t.other == 1 AND SELF.x == $t", ["t.value", "t.value"]),
            ("name BEGINSWITH 'a' AND age > 3", []),
            ("TRUEPREDICATE", []),
            ("$a + $b > sum($c) AND NOT $d == 1", ["a.value", "b.value", "c.value", "d.value"]),
            ("$t[$u] == 1 AND FUNCTION($r, 'x:') == -1", ["t.value", "u.value", "r.value"]),
            ("TERNARY($g == 1, $h, 2) == CAST($j, 'NSString')", ["g.value", "h.value", "j.value"]),
            ("x.@count == $n.value", ["n.value"]),
        ])
    func reads(_ input: String, _ expected: [String]) throws {
        let tree = try #require(SyntaxTree.parse(input).tree)
        let quick = try #require(tree.freeVariableReads)
        let listed = (0..<quick.count).compactMap { quick[$0].map { "\($0.name).\($0.property.rawValue)" } }
        #expect(listed == expected)
        #expect(listed == tree.dependencies.variables.map { "\($0.name).\($0.property.rawValue)" })
        #expect(quick[quick.count] == nil)
    }

    @Test(
        "trees with SUBQUERY, assignments or more than four reads are declined",
        arguments: [
            "SUBQUERY($items, $i, $i.qty > $min).@count > 0",
            "$a == 1 AND $b == 2 AND $c == 3 AND $d == 4 AND $e == 5",
            "$t == 1 OR $t == 2 OR $t == 3 OR $t == 4 OR $t == 5",
            "FUNCTION($x := 1, 'y:', $x) == 1",
        ])
    func declined(_ input: String) throws {
        let tree = try #require(SyntaxTree.parse(input).tree)
        #expect(tree.freeVariableReads == nil)
    }
}
