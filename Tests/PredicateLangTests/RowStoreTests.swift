// Form mode: `$tag` reads compiled to slot reads against a SymbolTable, evaluated over a RowStore —
// values, isHidden/isDisabled flags, the XLForm `$t.other` rule, unknown tags, SUBQUERY variables that
// shadow tags, and stores laid out differently from the table.

import Testing

@testable import PredicateLang

@Suite("Row store evaluation")
struct RowStoreTests {
    static func store() -> RowStore {
        var store = RowStore([
            "name": "Jo", "age": 30, "hobbies": ["Music", "Art"], "address": ["city": "Paris"], "empty": [],
        ])
        store[Slot(0)].isHidden = true
        store[Slot(1)].isDisabled = true
        return store
    }

    static func evaluate(_ text: String, in store: RowStore = RowStoreTests.store()) throws -> Bool {
        let result = CompiledPredicate.compile(text, symbols: store.symbols)
        let predicate = try #require(result.predicate, "\(result.diagnostics.map(\.text))")
        #expect(Verifier.verify(predicate.program).isEmpty)
        #expect(predicate.program.isFormMode)
        return try predicate.evaluate(in: store)
    }

    @Test(
        "tags read slot values, flags and sub-keys",
        arguments: [
            ("$name == 'Jo'", true), ("$name.value == 'Jo'", true), ("$age > 18", true), ("$age.value >= 31", false),
            ("$hobbies CONTAINS 'Art'", true), ("'Music' IN $hobbies", true), ("$hobbies.@count == 2", true),
            ("$hobbies.value.@count = 2", true), ("$empty.value.@count = 0", true), ("$name.isHidden == YES", true),
            ("$age.isHidden == YES", false), ("$age.isDisabled == YES", true), ("$name.isDisabled == NO", true),
            ("$address.city == 'Paris'", true), ("$address.value.city == 'Paris'", true), ("$name.length == 2", true),
            ("ANY $hobbies BEGINSWITH 'M'", true), ("ALL $hobbies BEGINSWITH 'M'", false), ("$age IN {29, 30}", true),
            ("$name BEGINSWITH[c] 'j' AND $age < 40", true), ("$name ==[c] 'JO'", true), ("$age == 30.0", true),
            ("SUBQUERY($hobbies, $name, $name BEGINSWITH 'A').@count == 1", true),
        ])
    func reads(_ text: String, _ expected: Bool) throws {
        #expect(try Self.evaluate(text) == expected)
    }

    @Test(
        "fused leaves fall back to full semantics on other kinds of values",
        arguments: [
            ("$name > 5", nil), ("$age == 'x'", false), ("$age != 'x'", true), ("$name == 5", false),
            ("$age.@count == 1", nil), ("$hobbies == 3", false),
        ] as [(String, Bool?)])
    func typeGuards(_ text: String, _ expected: Bool?) throws {
        if let expected {
            #expect(try Self.evaluate(text) == expected)
        } else {
            #expect(throws: EvaluationError.self) { try Self.evaluate(text) }
        }
    }

    @Test(
        "fused string equality compares scalars exactly, as isEqual: does",
        arguments: [
            ("$s == 'K'", "\u{212A}", false), ("$s == '\u{e9}'", "e\u{301}", false), ("$s == '\u{e9}'", "\u{e9}", true),
            ("$s != 'K'", "\u{212A}", true), ("$l CONTAINS 'K'", "\u{212A}", false),
            ("$l CONTAINS '\u{e9}'", "\u{e9}", true),
            ("$s ==[c] 'k'", "K", true), ("$s == 'abc'", "abc", true),
        ])
    func exactStrings(_ text: String, _ value: String, _ expected: Bool) throws {
        let store = RowStore(["s": .string(value), "l": [.string(value)]])
        let predicate = try #require(CompiledPredicate.compile(text, symbols: store.symbols).predicate)
        #expect(try predicate.evaluate(in: store) == expected)
        #expect(
            try predicate.evaluate(with: .null, variables: ["s": .string(value), "l": [.string(value)]]) == expected)
    }

    @Test("an unknown tag reads as null with a warning")
    func unknownTag() throws {
        let store = Self.store()
        let result = CompiledPredicate.compile("$nmae == nil AND $nmae.value == nil", symbols: store.symbols)
        let predicate = try #require(result.predicate)
        #expect(result.diagnostics.count == 2)
        #expect(
            result.diagnostics.allSatisfy { $0.id == "unknown-tag" && $0.notes.first?.text == "did you mean 'name'?" })
        #expect(try predicate.evaluate(in: store))
    }

    @Test("a store with fewer slots than the table reads null and false beyond its end")
    func shortStore() throws {
        let table = SymbolTable(tags: ["a", "b"])
        let predicate = try #require(
            CompiledPredicate.compile("$b == nil AND $b.isHidden == NO", symbols: table).predicate)
        #expect(try predicate.evaluate(in: RowStore(["a": 1])))
    }

    @Test("a form-mode program evaluated with variables reads each tag by name")
    func formProgramWithVariables() throws {
        let predicate = try #require(
            CompiledPredicate.compile("$age > 18", symbols: SymbolTable(tags: ["age"])).predicate)
        #expect(try predicate.evaluate(variables: ["age": 30]))
        #expect(try !predicate.evaluate(variables: [:]))
    }

    @Test("a program compiled without a table binds the store's tags as variables")
    func plainProgramOverStore() throws {
        let predicate = try #require(CompiledPredicate.compile("$age > 18 AND $missing == nil").predicate)
        #expect(!predicate.program.isFormMode)
        #expect(throws: EvaluationError.self) { try predicate.evaluate(in: Self.store()) }
        let simple = try #require(CompiledPredicate.compile("$age > 18").predicate)
        #expect(try simple.evaluate(in: Self.store()))
    }

    @Test("the store's values change between evaluations of one program")
    func updates() throws {
        var store = Self.store()
        let predicate = try #require(CompiledPredicate.compile("$age >= 18", symbols: store.symbols).predicate)
        #expect(try predicate.evaluate(in: store))
        store["age"] = 12
        #expect(try !predicate.evaluate(in: store))
        store["age"] = .null
        #expect(try !predicate.evaluate(in: store))
    }

    /// Key leaves of `SELF` read a dictionary object's members (schema-free: taken out of the `Value` once per
    /// evaluation; in form mode through the thorough reading, which keeps the row-store path free of the
    /// check); other objects (null, a string) take the thorough reading in both. Each row: the object, then the
    /// answer in form mode (with the store) and schema-free (`evaluate(with:)`).
    @Test(
        "plain keys of SELF read a dictionary object, and only a dictionary, in both modes",
        arguments: [
            (Value.dictionary(["name": "Ada", "age": 30]), true, true),
            (Value.dictionary(["name": "Bob", "age": 30]), false, false),
            (Value.dictionary(["name": "Ada"]), true, false),
            (Value.dictionary([:]), false, false),
            (Value.null, false, false),
        ])
    func selfKeysOfObjects(_ object: Value, _ formAnswer: Bool, _ plainAnswer: Bool) throws {
        let form = try #require(
            CompiledPredicate.compile("name BEGINSWITH 'A' AND $age > 18", symbols: SymbolTable(tags: ["age"]))
                .predicate)
        #expect(form.program.storage.readsPlainKeys)
        #expect(try form.evaluate(in: RowStore(["age": 40]), object: object) == formAnswer)
        let plain = try #require(CompiledPredicate.compile("name BEGINSWITH 'A' AND age > 18").predicate)
        #expect(try plain.evaluate(with: object) == plainAnswer)
        let listed = try #require(CompiledPredicate.compile("ANY name BEGINSWITH 'A'").predicate)
        #expect(try listed.evaluate(with: .array([object])) == formAnswer)
        // A string has no key `name`: raised as Apple's valueForUndefinedKey: does, in both modes.
        #expect(throws: EvaluationError.self) { try plain.evaluate(with: "Ada") }
        #expect(throws: EvaluationError.self) { try form.evaluate(in: RowStore(["age": 40]), object: "Ada") }
    }
}
