// Schemas read from JSON Schema documents: every supported keyword and what it becomes, `$ref`s (every
// form, recursion to the same object without a strong cycle, cycles that never hang), nullable and required, and every way a
// document can be refused, each at its position with a did-you-mean where one helps.

import Testing

@testable import PredicateLang

@Suite("JSON Schema")
struct JSONSchemaTests {
    /// The root's fields as `name: type`, in order.
    static func fields(_ object: SchemaObject) -> [String] {
        object.fields.map { "\($0.name): \($0.type)" }
    }

    /// The schema of `properties` (a JSON object's members) with every property required.
    static func schema(properties: String, extra: String = "") throws -> SchemaObject {
        let names = try #require(JSONParser.parse("{\(properties)}").objectValue).map { "\"\($0.key)\"" }
        let text =
            ##"{"type": "object", "required": [\##(names.joined(separator: ", "))], "properties": {\##(properties)}\##(extra)}"##
        return try Schema(jsonSchema: text).root
    }

    @Test(
        "each keyword gives the type it describes",
        arguments: [
            (##""a": {"type": "integer", "format": "int64"}"##, "a: integer"),
            (##""a": {"type": "number", "format": "float"}"##, "a: double"),
            (##""a": {"type": "boolean"}"##, "a: boolean"),
            (##""a": {"type": "string"}"##, "a: string"),
            (##""a": {"type": "string", "format": "date-time"}"##, "a: date"),
            (##""a": {"type": "string", "format": "date"}"##, "a: date"),
            (##""a": {"type": "string", "format": "email"}"##, "a: string"),
            (##""a": {"type": "array", "items": {"type": "string"}}"##, "a: array of string"),
            (##""a": {"type": "array"}"##, "a: array of any"),
            (##""a": {"items": {"type": "integer"}}"##, "a: array of integer"),
            (##""a": {"type": "array", "items": [{"type": "string"}, {"type": "string"}]}"##, "a: array of string"),
            (##""a": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}"##, "a: array of any"),
            (##""a": {"type": "array", "uniqueItems": true, "items": {"type": "number"}}"##, "a: array of double"),
            (##""a": {"type": "object"}"##, "a: dictionary of any"),
            (##""a": {"type": "object", "additionalProperties": true}"##, "a: dictionary of any"),
            (##""a": {"type": "object", "additionalProperties": {"type": "integer"}}"##, "a: dictionary of integer"),
            (##""a": {"additionalProperties": {"type": "string", "format": "date-time"}}"##, "a: dictionary of date"),
            (##""a": {"type": "object", "additionalProperties": false}"##, "a: object #/properties/a"),
            (##""a": {"type": "object", "properties": {"b": {"type": "string"}}}"##, "a: object #/properties/a"),
            (##""a": {"title": "Address", "properties": {"b": {"type": "string"}}}"##, "a: object Address"),
            (##""a": {"type": ["string", "null"]}"##, "a: string or nil"),
            (##""a": {"type": "string", "nullable": true}"##, "a: string or nil"),
            (##""a": {"type": "string", "nullable": false}"##, "a: string"),
            (##""a": {"type": ["integer", "number"]}"##, "a: double"),
            (##""a": {"type": ["string", "integer"]}"##, "a: any"),
            (##""a": {"type": "null"}"##, "a: any"),
            (##""a": {}"##, "a: any"),
            (##""a": true"##, "a: any"),
            (##""a": {"enum": ["x", "y"]}"##, "a: any"),
            (##""a": {"const": 3}"##, "a: any"),
            (##""a": {"type": "string", "enum": ["x", "y"], "minLength": 1, "x-order": 3}"##, "a: string"),
            (##""a": {"anyOf": [{"type": "string"}, {"type": "null"}]}"##, "a: string or nil"),
            (##""a": {"oneOf": [{"type": "integer"}, {"type": ["null"]}]}"##, "a: integer or nil"),
            (##""a": {"allOf": [{"type": "integer", "minimum": 1}]}"##, "a: integer"),
            (##""a": {"oneOf": [{"type": "integer"}, {"type": "string"}]}"##, "a: any"),
            (##""a": {"anyOf": [{"type": "integer"}, {}]}"##, "a: any"),
            (##""a": {"type": "integer", "oneOf": [{"type": "string"}]}"##, "a: integer"),
        ])
    func keyword(_ property: String, _ expected: String) throws {
        #expect(Self.fields(try Self.schema(properties: property)) == [expected])
    }

    @Test("a property not listed in 'required' is optional; 'required' may name no property")
    func required() throws {
        let text = ##"""
            {"type": "object", "required": ["a", "zzz"],
             "properties": {"a": {"type": "string"}, "b": {"type": "integer"}, "c": {"type": ["integer", "null"]}}}
            """##
        #expect(
            Self.fields(try Schema(jsonSchema: text).root) == ["a: string", "b: integer or nil", "c: integer or nil"])
    }

    @Test("fields keep the order of 'properties'")
    func order() throws {
        let object = try Self.schema(properties: ##""z": {"type": "string"}, "a": {"type": "string"}, "m": {}"##)
        #expect(object.fields.map(\.name) == ["z", "a", "m"])
    }

    @Test(
        "$ref reaches #, definitions, $defs, components/schemas and escaped pointers",
        arguments: [
            (##"{"$ref": "#/definitions/Money"}"##, "a: double"),
            (##"{"$ref": "#/$defs/Money"}"##, "a: double"),
            (##"{"$ref": "#/components/schemas/Money"}"##, "a: double"),
            (##"{"$ref": "#/$defs/a~1b"}"##, "a: string"),
            (##"{"$ref": "#/$defs/til~0de"}"##, "a: boolean"),
            (##"{"$ref": "#/$defs/with%20space"}"##, "a: integer"),
            (##"{"$ref": "#/$defs/list/items/0"}"##, "a: date"),
            (##"{"$ref": "#/$defs/Money", "nullable": true}"##, "a: double or nil"),
            (##"{"$ref": "#/$defs/Money", "type": "string"}"##, "a: double"),
        ])
    func references(_ property: String, _ expected: String) throws {
        let definitions = ##"""
            {"Money": {"type": "number"}, "a/b": {"type": "string"}, "til~de": {"type": "boolean"},
             "with space": {"type": "integer"}, "list": {"items": [{"type": "string", "format": "date-time"}]}}
            """##
        let extra =
            ##", "definitions": \##(definitions), "$defs": \##(definitions), "components": {"schemas": \##(definitions)}"##
        #expect(Self.fields(try Self.schema(properties: ##""a": \##(property)"##, extra: extra)) == [expected])
    }

    @Test("objects are named by title, then by their definition's name, then by their pointer")
    func names() throws {
        let text = ##"""
            {"properties": {
                "a": {"$ref": "#/$defs/Customer"}, "b": {"$ref": "#/components/schemas/Item"},
                "c": {"$ref": "#/$defs/Titled"}, "d": {"properties": {"x": {}}}, "e": {"items": {"properties": {}}}},
             "$defs": {"Customer": {"properties": {}}, "Titled": {"title": "Person", "properties": {}}},
             "components": {"schemas": {"Item": {"properties": {}}}}}
            """##
        let root = try Schema(jsonSchema: text).root
        #expect(root.name == "#")
        #expect(
            Self.fields(root) == [
                "a: object Customer or nil", "b: object Item or nil", "c: object Person or nil",
                "d: object #/properties/d or nil", "e: array of object #/properties/e/items or nil",
            ])
        #expect(try Schema(jsonSchema: ##"{"title": "Order", "properties": {}}"##).root.name == "Order")
    }

    /// A Node whose children and parent are Nodes, and a Tree and Leaf that refer to each other.
    static let recursiveText = ##"""
        {"title": "Node", "type": "object", "required": ["children", "parent", "tree"],
         "properties": {
            "children": {"type": "array", "items": {"$ref": "#"}},
            "parent": {"$ref": "#", "nullable": true},
            "tree": {"$ref": "#/$defs/Tree"}},
         "$defs": {
            "Tree": {"type": "object", "required": ["root"], "properties": {"root": {"$ref": "#/$defs/Leaf"}}},
            "Leaf": {"type": "object", "required": ["up"], "properties": {"up": {"$ref": "#/$defs/Tree"}}}}}
        """##

    @Test("a $ref back to an enclosing object stands for that same object")
    func recursion() throws {
        let root = try Schema(jsonSchema: Self.recursiveText).root
        #expect(root.field(named: "children")?.type == .array(.object(root)))
        #expect(root.field(named: "parent")?.type == .optional(.object(root)))
        guard case .object(let tree)? = root.field(named: "tree")?.type,
            case .object(let leaf)? = tree.field(named: "root")?.type
        else {
            Issue.record("tree and leaf are not objects")
            return
        }
        #expect(leaf.field(named: "up")?.type == .object(tree))
        #expect(tree.name == "Tree" && leaf.name == "Leaf")
    }

    /// Weak references to a recursive schema's three objects (Node, Tree, Leaf of ``recursion()``), taken
    /// from a schema that is gone when this returns.
    private static func objectsOfDroppedSchema() throws -> [() -> SchemaObject?] {
        let schema = try Schema(jsonSchema: recursiveText)
        weak let node = schema.root
        guard case .object(let tree)? = schema.root.field(named: "tree")?.type,
            case .object(let leaf)? = tree.field(named: "root")?.type
        else { return [] }
        weak let weakTree = tree
        weak let weakLeaf = leaf
        return [{ node }, { weakTree }, { weakLeaf }]
    }

    @Test("a recursive schema is freed with its last copy: a reference back is not a strong cycle")
    func recursiveSchemaIsFreed() throws {
        let objects = try Self.objectsOfDroppedSchema()
        #expect(objects.count == 3)
        #expect(objects.map { $0() == nil } == [true, true, true])
    }

    @Test("a back-reference equals its object, hashes as it, and answers its fields")
    func backReferences() throws {
        let schema = try Schema(jsonSchema: Self.recursiveText)
        let root = schema.root
        guard case .array(.object(let child))? = root.field(named: "children")?.type else {
            Issue.record("children is not an array of objects")
            return
        }
        #expect(child !== root)
        #expect(child == root && Set([child, root]).count == 1)
        #expect(child.name == "Node" && child.fields.map(\.name) == ["children", "parent", "tree"])
        #expect(child.field(named: "parent")?.type == .optional(.object(root)))
        #expect(child.field(named: "nmae") == nil)
    }

    @Test("the root keeps an object only back-references reach, and a compiled predicate outlives its schema")
    func backReferencedObjectsKept() throws {
        // `p` reads N and C and keeps neither (its alternatives differ); `q` is C, whose `n` refers back to N.
        let text = ##"""
            {"required": ["p", "q"], "properties": {
                "p": {"anyOf": [{"$ref": "#/$defs/N"}, {"type": "integer"}]}, "q": {"$ref": "#/$defs/C"}},
             "$defs": {
                "N": {"title": "N", "required": ["c", "x"], "properties": {"c": {"$ref": "#/$defs/C"}, "x": {"type": "integer"}}},
                "C": {"title": "C", "required": ["n"], "properties": {"n": {"$ref": "#/$defs/N"}}}}}
            """##
        // Only the root is kept from each schema read.
        func compile(_ predicate: String) throws -> CompilationResult {
            CompiledPredicate.compile(predicate, schema: Schema(try Schema(jsonSchema: text).root))
        }
        #expect(try compile("q.n.x > 1 AND q.n.c.n.x < 5").diagnostics.isEmpty)
        #expect(try compile("q.n.y > 1").diagnostics.map(\.text) == ["unknown key 'y' in N"])
        let predicate = try #require(try compile("q.n.c.n.x == 3").predicate)
        let object = try TypedJSON.parse(#"{"p": 1, "q": {"n": {"x": 1, "c": {"n": {"x": 3}}}}}"#)
        #expect(try predicate.evaluate(with: object))
    }

    @Test("a recursive array that no object breaks reads as an array of any, without hanging")
    func recursiveArray() throws {
        let text = ##"""
            {"required": ["a", "b"], "properties": {"a": {"$ref": "#/$defs/List"}, "b": {"$ref": "#/$defs/Map"}},
             "$defs": {"List": {"type": "array", "items": {"$ref": "#/$defs/List"}},
                       "Map": {"additionalProperties": {"$ref": "#/$defs/Other"}},
                       "Other": {"type": "array", "items": {"$ref": "#/$defs/Map"}}}}
            """##
        #expect(
            Self.fields(try Schema(jsonSchema: text).root) == [
                "a: array of any", "b: dictionary of array of any",
            ])
    }

    @Test("each schema is read once, however often it is referenced")
    func sharedReferences() throws {
        // Each definition refers to the next twice: read without caching, this would be 2^25 reads.
        var definitions: [String] = []
        for level in 0..<25 {
            let next = ##"{"$ref": "#/$defs/D\##(level + 1)"}"##
            definitions.append(##""D\##(level)": {"properties": {"x": \##(next), "y": \##(next)}}"##)
        }
        definitions.append(##""D25": {"type": "integer"}"##)
        let text =
            ##"{"properties": {"d": {"$ref": "#/$defs/D0"}}, "$defs": {\##(definitions.joined(separator: ", "))}}"##
        let root = try Schema(jsonSchema: text).root
        guard case .object(let first)? = root.field(named: "d")?.type.nonOptional else {
            Issue.record("d is not an object")
            return
        }
        #expect(first.field(named: "x")?.type == first.field(named: "y")?.type)
    }

    @Test("a root picked by pointer, and variables")
    func rootPointer() throws {
        let text = ##"""
            {"openapi": "3.0.3", "components": {"schemas": {
                "Order": {"type": "object", "required": ["customer"], "properties": {"customer": {"$ref": "#/components/schemas/Customer"}}},
                "Customer": {"type": "object", "properties": {"name": {"type": "string"}}}}}}
            """##
        let schema = try Schema(jsonSchema: text, root: "#/components/schemas/Order", variables: ["since": .date])
        #expect(schema.root.name == "Order")
        #expect(Self.fields(schema.root) == ["customer: object Customer"])
        #expect(schema.variables == ["since": .date])
    }

    // MARK: Errors

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let marked: String
        let id: String
        let text: String
        var fixIt: String?
        var root = "#"
        var testDescription: String { marked }
    }

    /// Each case: the first error starts at 1️⃣ (and, when 2️⃣ is present, ends there).
    @Test(
        "a document that is not a schema is refused at the offending text",
        arguments: [
            ErrorCase(
                marked: ##"{"type": "object",1️⃣}"##, id: "invalid-json", text: "invalid JSON: trailing comma in object"),
            ErrorCase(marked: "1️⃣", id: "invalid-json", text: "invalid JSON: empty input"),
            ErrorCase(marked: ##"{"a": 1, 1️⃣"a": 2}"##, id: "invalid-json", text: "invalid JSON: duplicate key \"a\""),
            ErrorCase(
                marked: ##"{"type": 1️⃣"array"2️⃣, "items": {"type": "string"}}"##, id: "schema-root-not-object",
                text: "the root schema must describe an object with 'properties', not an array of string"),
            ErrorCase(
                marked: ##"1️⃣{}2️⃣"##, id: "schema-root-not-object",
                text: "the root schema must describe an object with 'properties', not a schema that allows any value"),
            ErrorCase(
                marked: ##"{"type": 1️⃣"object"2️⃣}"##, id: "schema-root-not-object",
                text: "the root schema must describe an object with 'properties', not a dictionary of any"),
            ErrorCase(
                marked: ##"1️⃣"hello"2️⃣"##, id: "schema-not-a-schema",
                text: "a schema must be an object or a boolean, not a string"),
            ErrorCase(
                marked: ##"{"properties": {"a": 1️⃣42}}"##, id: "schema-not-a-schema",
                text: "a schema must be an object or a boolean, not a number"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": 1️⃣"strng"2️⃣}}}"##, id: "schema-unknown-type",
                text: "unknown type 'strng'; expected array, boolean, integer, null, number, object or string",
                fixIt: "string"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": ["null", 1️⃣"interger"]}}}"##, id: "schema-unknown-type",
                text: "unknown type 'interger'; expected array, boolean, integer, null, number, object or string",
                fixIt: "integer"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": 1️⃣5}}}"##, id: "schema-keyword-type",
                text: "'type' must be a type name or a non-empty array of type names, not a number"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": 1️⃣[]}}}"##, id: "schema-keyword-type",
                text: "'type' must be a type name or a non-empty array of type names, not an empty array"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": ["string", 1️⃣3]}}}"##, id: "schema-keyword-type",
                text: "'type' must be an array of type names, not an array holding a number"),
            ErrorCase(
                marked: ##"{"properties": 1️⃣["a"]2️⃣}"##, id: "schema-keyword-type",
                text: "'properties' must be an object, not an array"),
            ErrorCase(
                marked: ##"{"required": 1️⃣"a", "properties": {"a": {}}}"##, id: "schema-keyword-type",
                text: "'required' must be an array of property names, not a string"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": "string", "required": 1️⃣true}}}"##, id: "schema-keyword-type",
                text: "'required' must be an array of property names, not a boolean"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": "array", "items": 1️⃣3}}}"##, id: "schema-keyword-type",
                text: "'items' must be a schema or an array of schemas, not a number"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": "string", "nullable": 1️⃣"yes"}}}"##, id: "schema-keyword-type",
                text: "'nullable' must be a boolean, not a string"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": "object", "additionalProperties": 1️⃣[]}}}"##,
                id: "schema-keyword-type", text: "'additionalProperties' must be a schema or a boolean, not an array"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"type": "string", "format": 1️⃣1}}}"##, id: "schema-keyword-type",
                text: "'format' must be a string, not a number"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"anyOf": 1️⃣[]}}}"##, id: "schema-keyword-type",
                text: "'anyOf' must be a non-empty array of schemas, not an empty array"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"$ref": 1️⃣7}}}"##, id: "schema-keyword-type",
                text: "'$ref' must be a string, not a number"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"$ref": 1️⃣"#/$defs/Custmer"2️⃣}}, "$defs": {"Customer": {}}}"##,
                id: "schema-unresolved-ref", text: "'#/$defs/Custmer' points at nothing: '#/$defs' has no 'Custmer'",
                fixIt: "#/$defs/Customer"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"$ref": 1️⃣"#/definitions/X"}}}"##, id: "schema-unresolved-ref",
                text: "'#/definitions/X' points at nothing: '#' has no 'definitions'"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"$ref": 1️⃣"#/$defs/list/7"}}, "$defs": {"list": [1]}}"##,
                id: "schema-unresolved-ref", text: "'#/$defs/list/7' points at nothing: '#/$defs/list' has no '7'"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"$ref": 1️⃣"other.json#/X"}}}"##, id: "schema-unsupported-ref",
                text: "'$ref' 'other.json#/X' is not a JSON pointer into this document ('#' or '#/' followed by keys)"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"$ref": 1️⃣"#anchor"}}}"##, id: "schema-unsupported-ref",
                text: "'$ref' '#anchor' is not a JSON pointer into this document ('#' or '#/' followed by keys)"),
            ErrorCase(
                marked:
                    ##"{"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"$ref": 1️⃣"#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}}"##,
                id: "schema-ref-cycle",
                text: "'$ref' cycle that never describes a value: #/$defs/A -> #/$defs/B -> #/$defs/A"),
            ErrorCase(
                marked: ##"{"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"$ref": 1️⃣"#/$defs/A"}}}"##,
                id: "schema-ref-cycle", text: "'$ref' cycle that never describes a value: #/$defs/A -> #/$defs/A"),
            ErrorCase(
                marked: ##"{"$ref": 1️⃣"#"}"##, id: "schema-ref-cycle",
                text: "'$ref' cycle that never describes a value: # -> #"),
            ErrorCase(
                marked: ##"1️⃣{"components": {"schemas": {"Order": {"properties": {}}}}}"##, id: "schema-unresolved-ref",
                text:
                    "'#/components/schemas/Ordr' points at nothing: '#/components/schemas' has no 'Ordr'; did you mean 'Order'?",
                root: "#/components/schemas/Ordr"),
            ErrorCase(
                marked: ##"1️⃣{"properties": {}}"##, id: "schema-unsupported-ref",
                text: "'$ref' 'components' is not a JSON pointer into this document ('#' or '#/' followed by keys)",
                root: "components"),
        ])
    func refused(_ testCase: ErrorCase) throws {
        let marked = MarkedText(testCase.marked)
        do {
            _ = try Schema(jsonSchema: marked.text, sourceName: "s.json", root: testCase.root)
            Issue.record("no error")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(error.diagnostics.allSatisfy { $0.severity == .error })
            #expect(first.id == testCase.id)
            #expect(first.text == testCase.text)
            #expect(first.range.lowerBound == marked.offset("1️⃣"))
            if marked.markers["2️⃣"] != nil { #expect(first.range.upperBound == marked.offset("2️⃣")) }
            #expect(first.fixIts.map(\.replacement) == (testCase.fixIt.map { [$0] } ?? []))
            if let fixIt = testCase.fixIt {
                #expect(first.notes.map(\.text) == ["did you mean '\(fixIt)'?"])
                #expect(first.notes.first?.range == first.fixIts.first?.range)
            }
        }
    }

    @Test("every problem is reported at once, and rendered like the compiler's diagnostics")
    func rendering() throws {
        let text = """
            {
              "properties": {
                "name": { "type": "strng" },
                "tags": { "type": "array", "items": 3 }
              }
            }
            """
        do {
            _ = try Schema(jsonSchema: text, sourceName: "orders.schema.json")
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["schema-unknown-type", "schema-keyword-type"])
            #expect(
                error.description == """
                    orders.schema.json:3:23: error: unknown type 'strng'; expected array, boolean, integer, null, number, object or string
                        "name": { "type": "strng" },
                                          ^~~~~~~
                    orders.schema.json:3:24: note: did you mean 'string'?
                        "name": { "type": "strng" },
                                           ^~~~~
                    orders.schema.json:4:41: error: 'items' must be a schema or an array of schemas, not a number
                        "tags": { "type": "array", "items": 3 }
                                                            ^

                    """)
        }
    }

    @Test("schemas nest 63 levels deep; deeper is an error, not a crash")
    func depth() throws {
        func nested(_ levels: Int) -> String {
            String(repeating: ##"{"properties": {"a": "##, count: levels) + "{}"
                + String(repeating: "}}", count: levels)
        }
        _ = try Schema(jsonSchema: nested(JSONSchemaReader.maxDepth - 1))
        #expect(throws: SchemaError.self) { try Schema(jsonSchema: nested(JSONSchemaReader.maxDepth)) }
        do {
            _ = try Schema(jsonSchema: nested(200))
        } catch {
            #expect(error.diagnostics.map(\.id) == ["schema-too-deep"])
        }
        // A chain of references counts each one as a level.
        let chain = (0..<200).map { ##""D\##($0)": {"properties": {"next": {"$ref": "#/$defs/D\##($0 + 1)"}}}"## }
        let text =
            ##"{"properties": {"d": {"$ref": "#/$defs/D0"}}, "$defs": {\##(chain.joined(separator: ", ")), "D200": {}}}"##
        do {
            _ = try Schema(jsonSchema: text)
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["schema-too-deep"])
        }
    }

    @Test("a schema at the nesting limit reads on a 512 KiB stack")
    func smallStack() async throws {
        let levels = JSONSchemaReader.maxDepth - 1
        let text =
            String(repeating: ##"{"properties": {"up": {"$ref": "#"}, "a": "##, count: levels) + "{}"
            + String(repeating: "}}", count: levels)
        let read = await SmallStackTests.onSmallStack { (try? Schema(jsonSchema: text)) != nil }
        #expect(read)
    }
}
