// Compiling against a schema changes what is checked, never an answer: every NSPredicate conformance case
// whose object is a dictionary (and whose predicate parses) is compiled against the schema inferred from
// that object, and must give the answer it gives without a schema. The checker may refuse a case only
// where the inferred schema does not describe a key the predicate reads (the example lacks it) or where
// evaluation fails anyway; refusals are counted and printed.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Schema equivalence")
struct SchemaEquivalenceTests {
    @Test("a schema inferred from the object changes no answer of the conformance corpus")
    func corpus() throws {
        let url = ConformanceCorpusTests.packageRoot.appendingPathComponent(
            "Tests/Conformance/Cases/nspredicate-public.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        var compared = 0
        var refused: [String] = []
        for line in text.split(separator: "\n") where !line.isEmpty {
            guard let testCase = try ConformanceCorpusTests.decode(String(line)),
                let schema = InferredSchema.schema(of: testCase.object, variables: testCase.variables)
            else { continue }
            let plain = ConformanceCorpusTests.run(testCase)
            guard plain != .parseError else { continue }
            let result = CompiledPredicate.compile(testCase.format, arguments: testCase.arguments, schema: schema)
            guard let predicate = result.predicate else {
                let ids = Set(result.diagnostics.filter { $0.severity == .error }.map(\.id)).sorted()
                refused.append("\(testCase.id) [\(ids.joined(separator: ", "))] \(testCase.format) -> \(plain)")
                // A key the example does not have, or what evaluation would raise anyway.
                #expect(ids == ["unknown-key"] || plain == .evalError, "\(testCase.id): \(testCase.format)")
                continue
            }
            compared += 1
            let typed: ConformanceCorpusTests.Outcome
            do {
                typed = .value(try predicate.evaluate(with: testCase.object, variables: testCase.variables))
            } catch {
                typed = .evalError
            }
            #expect(typed == plain, "\(testCase.id): \(testCase.format)")
        }
        print("schema equivalence: \(compared) cases compared, \(refused.count) refused by the checker")
        for line in refused { print("  refused: \(line)") }
        #expect(compared >= 90, "only \(compared) cases compared")
    }
}
