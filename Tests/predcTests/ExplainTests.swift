// Tests of `predc explain`: golden listings (Golden/explain/<name>.predicate -> <name>.explain) and
// the --json document's structure.

import Foundation
import Testing

@testable import predc

@Suite("explain")
struct ExplainTests {
    @Test(arguments: Golden.names(in: "explain", ext: "predicate"))
    func golden(_ name: String) throws {
        let path = Golden.directory.appendingPathComponent("explain/\(name).predicate").path
        let result = predc("explain", "-f", path)
        #expect(result.status == .success, "\(result)")
        let listing = result.stdout.replacingOccurrences(of: path, with: "\(name).predicate")
        Golden.check(listing, "explain/\(name).explain")
    }

    @Test func listingHasEveryPart() {
        let result = predc("explain", "age > 2 * 9 AND $x.value == 'a'")
        for part in [
            "tokens", "identifier", "keyword", "canonical", "tree", "dependencies", "key path  age",
            "variable  $x.value", "constant folding",
            "2 * 9  =>  18", "bytecode",
        ] {
            #expect(result.stdout.contains(part), "missing \(part)\n\(result)")
        }
    }

    @Test func showsWhatTheCompilerFolded() {
        let result = predc("explain", "name ==[c] uppercase('ab') AND (TRUEPREDICATE OR x > 1) AND y > 2 * 3")
        #expect(result.stdout.contains("TRUEPREDICATE OR x > 1  =>  TRUEPREDICATE"), "\(result)")
        #expect(result.stdout.contains("compiled as: name ==[c] \"AB\" AND y > 6"), "\(result)")
        #expect(predc("explain", "a == 1").stdout.contains("(nothing to fold)"))
    }

    @Test func jsonDocument() throws {
        let result = predc("explain", "age >= 18 AND $tag.isHidden == NO", "--json")
        #expect(result.status == .success)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["canonical"] as? String != nil)
        let dependencies = try #require(document["dependencies"] as? [String: Any])
        let variables = try #require(dependencies["variables"] as? [[String: Any]])
        #expect(variables.first?["name"] as? String == "tag")
        #expect(variables.first?["property"] as? String == "isHidden")
        #expect((dependencies["keyPaths"] as? [[String: Any]])?.first?["line"] as? Int == 1)
        let instructions = try #require(document["instructions"] as? [[String: Any]])
        #expect(!instructions.isEmpty)
        #expect((document["tokens"] as? [[String: Any]])?.first?["text"] as? String == "age")
        #expect(instructions.allSatisfy { $0["mnemonic"] is String })
    }

    @Test func compileErrorsExit65() {
        #expect(predc("explain", "a ==").status == .dataError)
    }
}
