// Tests of `--schema` on lint, eval, filter and explain: golden files of whole runs
// (Golden/schema/<name>.args, one argument a line, `$EXAMPLES` for Examples/ and `$GOLDEN` for
// Golden/schema/; <name>.out has the exit status, standard output and standard error with those paths
// written back), and how `FILE#/POINTER` is split.

import Testing

@testable import predc

@Suite("--schema")
struct SchemaCommandTests {
    static let golden = Golden.directory.appendingPathComponent("schema").path
    static let examples = TestPaths.examples.path

    @Test(arguments: Golden.names(in: "schema", ext: "args"))
    func golden(_ name: String) throws {
        let arguments = try #require(Golden.read("schema/\(name).args")).split(separator: "\n").map {
            String($0).replacing("$EXAMPLES", with: Self.examples).replacing("$GOLDEN", with: Self.golden)
        }
        let result = predc(arguments)
        let output = "exit: \(result.status.rawValue)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)"
        Golden.check(
            output.replacing(Self.examples, with: "Examples").replacing(Self.golden, with: "Golden/schema"),
            "schema/\(name).out")
    }

    @Test(
        "FILE#/POINTER splits at the last '#' unless the whole argument names a file",
        arguments: [
            ("orders.schema.json", "orders.schema.json", "#"),
            ("api.json#/components/schemas/Order", "api.json", "#/components/schemas/Order"),
            ("dir#1/api.json#", "dir#1/api.json", "#"),
        ])
    func split(_ argument: String, _ path: String, _ root: String) {
        let parts = SchemaFile.split(argument)
        #expect(parts.path == path && parts.root == root)
    }

    @Test("a file whose name has a '#' is that file")
    func hashInFileName() throws {
        let url = try TestPaths.temporaryFile(#"{"properties": {"a": {"type": "integer"}}}"#, suffix: "#x.json")
        #expect(SchemaFile.split(url.path).path == url.path)
        #expect(predc("lint", "a == 'x'", "--schema", url.path).status == .dataError)
        #expect(predc("lint", "a == 1", "--schema", url.path).status == .success)
    }
}
