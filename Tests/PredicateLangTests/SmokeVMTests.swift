import Testing
@testable import PredicateLang

@Suite struct SmokeVM {
    @Test func p1() throws {
        let tree = Tree.and(
            Tree.compare(Tree.variable("hobbies"), .contains, Tree.constant("Music")),
            Tree.compare(Tree.variable("age"), .greaterThan, Tree.constant(18)))
        let store = RowStore(["hobbies": ["Art", "Music"], "age": 30])
        let p = try compileVerified(tree, symbols: store.symbols)
        #expect(try p.evaluate(in: store))
    }
    @Test func parsed() throws {
        for (text, object) in [("SUBQUERY(collection, $variable, $variable.property == 1).@count > 1", ["collection": [["property": 1], ["property": 1], ["property": 2]]] as Value),
                               ("name BEGINSWITH[c] 'jo' AND age > 5", ["name": "John", "age": 7])] {
            let r = CompiledPredicate.compile(text)
            print(r.diagnostics)
            let p = try #require(r.predicate)
            print(p.disassembly())
            #expect(try p.evaluate(with: object))
        }
    }
}
