import Testing

@testable import PredicateLang

/// What a predicate reads: free variables with their row property and path, and key paths of SELF.
@Suite("Dependencies")
struct DependenciesTests {
    static func dependencies(_ input: String) throws -> Dependencies {
        try #require(SyntaxTree.parse(input).tree, "\(SyntaxTree.parse(input).diagnostics)").dependencies
    }

    /// `name.property.path` for each variable read.
    static func reads(_ dependencies: Dependencies) -> [String] {
        dependencies.variables.map { ([$0.name, $0.property.rawValue] + $0.path).joined(separator: ".") }
    }

    @Test(
        "variable reads name the property and the rest of the path",
        arguments: [
            ("$t == 1", ["t.value"]),
            ("$t.value == 1", ["t.value"]),
            ("$t.value.a.b == 1", ["t.value.a.b"]),
            ("$t.isHidden == YES", ["t.isHidden"]),
            ("$t.isDisabled == NO", ["t.isDisabled"]),
            ("$t.isHidden.x == 1", ["t.isHidden.x"]),
            ("$t.other.x == 1", ["t.value.other.x"]),
            ("$t[0] == 1 AND $u[$v] == 2", ["t.value", "u.value", "v.value"]),
            (
                "$a + $b > sum($c) AND $d IN {$e, $f} OR TERNARY($g == 1, $h, $i) == CAST($j, 'NSString')",
                [
                    "a.value", "b.value", "c.value", "d.value", "e.value", "f.value", "g.value", "h.value", "i.value",
                    "j.value",
                ]
            ),
            ("FUNCTION($r, 'x:', $s) == -$t", ["r.value", "s.value", "t.value"]),
            ("NOT $a == 1 AND NONE $b.items > 2", ["a.value", "b.value.items"]),
        ])
    func variables(_ input: String, _ expected: [String]) throws {
        #expect(Self.reads(try Self.dependencies(input)) == expected)
    }

    @Test("SUBQUERY-bound variables and := targets are not free")
    func boundVariables() throws {
        let dependencies = try Self.dependencies(
            "SUBQUERY($items, $i, $i.price > $limit AND SUBQUERY($i.tags, $j, $j == $i.name).@count > 0).@count > 0 AND $x := $y + 1 == $x"
        )
        #expect(Self.reads(dependencies) == ["items.value", "limit.value", "y.value"])
    }

    @Test("a SUBQUERY variable is free outside its SUBQUERY")
    func scope() throws {
        let dependencies = try Self.dependencies("SUBQUERY(a, $i, $i > 1).@count == $i")
        #expect(Self.reads(dependencies) == ["i.value"])
    }

    @Test(
        "the members of the object a predicate reads, or nil when it reads the object whole",
        arguments: [
            ("a.b == 1 AND c > 2 AND a.d == 3", ["a", "c"] as [String]?),
            ("SUBQUERY(items, $i, $i.x > limit).@count > 0", ["items", "limit"]),
            ("$x == 1", []), ("SELF.a == 1", ["a"]),
            ("SELF == nil", nil), ("@count > 2", nil), ("@allKeys.@count > 0", nil), ("self.a == 1", ["a"]),
            ("SELF.#self == nil", nil), ("SUBQUERY(SELF, $k, $k == 1).@count > 0", nil),
            ("FUNCTION(SELF, 'x') == 1", nil),
        ])
    func objectMembersRead(_ text: String, _ expected: [String]?) throws {
        #expect(try Self.dependencies(text).objectMembersRead == expected)
    }

    @Test("key paths read from SELF, including inside SUBQUERY, in source order")
    func keyPaths() throws {
        let dependencies = try Self.dependencies(
            "a.b == 1 AND SELF.c > 2 AND SUBQUERY(items, $i, $i.x > limit).@count > 0 AND SELF == d[0]")
        #expect(
            dependencies.keyPaths.map { $0.components.joined(separator: ".") } == [
                "a.b", "c", "items", "items.x", "limit", "", "d",
            ])
    }

    @Test(
        "key paths read through a SUBQUERY variable extend the collection's path, with the range of the read",
        arguments: [
            ("SUBQUERY(items, $i, $i.qtty > 1).@count > 0", ["items", "items.qtty"], ["items", "$i.qtty"]),
            (
                "SUBQUERY(SELF.orders, $o, $o.customer.country == 'NZ' AND $o.total > 5).@count > 0",
                ["orders", "orders.customer.country", "orders.total"],
                ["SELF.orders", "$o.customer.country", "$o.total"]
            ),
            (
                "SUBQUERY(items, $i, SUBQUERY($i.parts, $p, $p.sku == $i.sku).@count > 0).@count > 0",
                ["items", "items.parts", "items.parts.sku", "items.sku"],
                ["items", "$i.parts", "$p.sku", "$i.sku"]
            ),
            (
                "SUBQUERY(items, $i, SUBQUERY($i, $j, $j.a == 1).@count > 0).@count > 0",
                ["items", "items.a"], ["items", "$j.a"]
            ),
            ("SUBQUERY(SELF, $x, $x.a == 1).@count > 0", ["", "a"], ["SELF", "$x.a"]),
            (
                "SUBQUERY(tags, $t, $t == 'x' AND $t.length > 1).@count > 0", ["tags", "tags.length"],
                ["tags", "$t.length"]
            ),
            (
                "SUBQUERY(items, $i, $i.tags.@count > 1).@count > 0", ["items", "items.tags.@count"],
                ["items", "$i.tags.@count"]
            ),
            // Collections that are not plain key paths: only the collection's own reads.
            ("SUBQUERY($items, $i, $i.qty > 1).@count > 0", [], []),
            (
                "SUBQUERY(items.@distinctUnionOfArrays.parts, $p, $p.sku == 'x').@count > 0",
                ["items.@distinctUnionOfArrays.parts"], ["items.@distinctUnionOfArrays.parts"]
            ),
            ("SUBQUERY(items[0].parts, $p, $p.sku == 'x').@count > 0", ["items"], ["items"]),
            // The variable is bound only inside its SUBQUERY.
            ("SUBQUERY(items, $i, $i.qty > 1).@count == $i.qty", ["items", "items.qty"], ["items", "$i.qty"]),
        ])
    func subqueryReads(_ input: String, _ paths: [String], _ ranges: [String]) throws {
        let result = SyntaxTree.parse(input)
        let dependencies = try #require(result.tree).dependencies
        #expect(dependencies.keyPaths.map { $0.components.joined(separator: ".") } == paths)
        #expect(dependencies.keyPaths.map { result.source.slice($0.range) } == ranges)
    }

    @Test("%K key paths are key path reads")
    func formatKeyPaths() throws {
        let tree = try #require(SyntaxTree.parse("%K == 1", arguments: ["a.b"]).tree)
        #expect(tree.dependencies.keyPaths.map(\.components) == [["a", "b"]])
    }

    @Test("tags are distinct names in first-seen order; ranges point at the read")
    func tagsAndRanges() throws {
        let result = SyntaxTree.parse("$b.isHidden == NO OR $a == 1 OR $b.value.c == 2")
        let dependencies = try #require(result.tree).dependencies
        #expect(dependencies.tags == ["b", "a"])
        #expect(dependencies.variables.map { result.source.slice($0.range) } == ["$b.isHidden", "$a", "$b.value.c"])
    }

    @Test("constants read nothing")
    func constants() throws {
        let dependencies = try Self.dependencies("TRUEPREDICATE AND 1 == 1 AND ANYKEY == 'x'")
        #expect(dependencies == Dependencies())
    }
}
