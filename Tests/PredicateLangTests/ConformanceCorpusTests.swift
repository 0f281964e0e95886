// Runs the public conformance corpora (Tests/Conformance/Cases: the NSPredicate cases and ICU's own MATCHES
// cases) through the whole pipeline: parse with typed arguments, compile, evaluate with
// object/variables/template. Cases listed in the corpus's known-failures file may fail; any other failure,
// or a listed case that now passes, fails the test.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Conformance corpora")
struct ConformanceCorpusTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A corpus file of Tests/Conformance/Cases and the list of its cases the project knowingly fails.
    struct Corpus: Sendable, CustomTestStringConvertible {
        var file: String
        var knownFailures: String
        /// Fewer cases than this means the file was not read as it should be.
        var minimumCount: Int
        var testDescription: String { file }
    }

    static let corpora = [
        Corpus(file: "nspredicate-public.jsonl", knownFailures: "nspredicate-known-failures.txt", minimumCount: 280),
        Corpus(file: "icu-regex-public.jsonl", knownFailures: "icu-regex-known-failures.txt", minimumCount: 800),
    ]

    /// One corpus case with its typed inputs.
    struct Case {
        var id: String
        var format: String
        var arguments: [Value]
        var object: Value
        var variables: [String: Value]
        var expected: Value
    }

    enum Outcome: Equatable {
        case value(Bool)
        case parseError
        case evalError
    }

    @Test("every evaluation case passes unless it is a known failure", arguments: corpora)
    func corpus(_ corpus: Corpus) throws {
        let url = Self.packageRoot.appendingPathComponent("Tests/Conformance/Cases/\(corpus.file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        let known = Self.knownFailures(corpus.knownFailures)
        var failures: [String: String] = [:]
        var count = 0
        for line in text.split(separator: "\n") where !line.isEmpty {
            guard let testCase = try Self.decode(String(line)) else { continue }
            count += 1
            let outcome = Self.run(testCase)
            if !Self.matches(outcome, testCase.expected) {
                failures[testCase.id] = "\(testCase.format): got \(outcome), expected \(testCase.expected)"
            }
        }
        print(
            "\(corpus.file): \(count) cases executed, \(count - failures.count) passed, \(failures.count) known failures"
        )
        #expect(count >= corpus.minimumCount, "only \(count) cases read")
        let unexpected = failures.filter { known[$0.key] == nil }
        let nowPassing = known.keys.filter { id in failures[id] == nil && text.contains("\"id\": \"\(id)\"") }
        #expect(
            unexpected.isEmpty,
            "new failures:\n\(unexpected.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))"
        )
        #expect(nowPassing.isEmpty, "listed as known failures but passing: \(nowPassing.sorted())")
    }

    static func run(_ testCase: Case) -> Outcome {
        let result = CompiledPredicate.compile(testCase.format, arguments: testCase.arguments)
        guard let predicate = result.predicate else { return .parseError }
        guard Verifier.verify(predicate.program).isEmpty else { return .evalError }
        do {
            return .value(try predicate.evaluate(with: testCase.object, variables: testCase.variables))
        } catch {
            return .evalError
        }
    }

    static func matches(_ outcome: Outcome, _ expected: Value) -> Bool {
        switch (outcome, expected) {
        case (.value(let got), .bool(let want)): return got == want
        case (.parseError, .string("parse-error")): return true
        case (.parseError, .string("eval-error")), (.evalError, .string("eval-error")): return true
        default: return false
        }
    }

    // MARK: Reading cases

    /// Decodes one line; nil for format-only cases (`expected_format`), which the printer's tests cover.
    static func decode(_ line: String) throws -> Case? {
        guard case .dictionary(var fields) = try TypedJSON.parse(line), let expected = fields["expected"],
            case .string(let id)? = fields["id"], case .string(let format)? = fields["format"]
        else { return nil }
        if case .dictionary(let hints)? = fields["types"] {
            // Longest paths first, as the runner does, so `args[0][1]` is typed before `args[0]`.
            for (path, kind) in hints.sorted(by: { $0.key.count > $1.key.count }) {
                guard case .string(let kind) = kind else { continue }
                applyHint(kind, at: parsePath(path), in: &fields)
            }
        }
        var variables: [String: Value] = [:]
        if case .dictionary(let template)? = fields["template"] { variables.merge(template.dictionary) { $1 } }
        if case .dictionary(let bound)? = fields["variables"] { variables.merge(bound.dictionary) { $1 } }
        let arguments: [Value]
        if case .array(let values)? = fields["args"] { arguments = values } else { arguments = [] }
        return Case(
            id: id, format: format, arguments: arguments, object: fields["object"] ?? .null,
            variables: variables, expected: expected)
    }

    enum PathStep {
        case key(String)
        case index(Int)
    }

    /// `object.a.b` / `args[1][0]` into steps.
    static func parsePath(_ path: String) -> [PathStep] {
        var steps: [PathStep] = []
        var current = ""
        var inIndex = false
        for character in path {
            switch character {
            case "." where !inIndex:
                if !current.isEmpty { steps.append(.key(current)) }
                current = ""
            case "[":
                if !current.isEmpty { steps.append(.key(current)) }
                current = ""
                inIndex = true
            case "]":
                steps.append(.index(Int(current) ?? 0))
                current = ""
                inIndex = false
            default:
                current.append(character)
            }
        }
        if !current.isEmpty { steps.append(.key(current)) }
        return steps
    }

    static func applyHint(_ kind: String, at path: [PathStep], in fields: inout ValueDictionary) {
        guard case .key(let root)? = path.first, var value = fields[root] else { return }
        if path.count == 1 {
            fields[root] = convert(value, kind)
        } else {
            update(&value, Array(path.dropFirst()), kind)
            fields[root] = value
        }
    }

    static func update(_ value: inout Value, _ path: [PathStep], _ kind: String) {
        guard let step = path.first else { return }
        switch (step, value) {
        case (.key(let key), .dictionary(var dictionary)):
            if path.count == 1 {
                if kind == "nil" {
                    dictionary[key] = nil
                } else if let old = dictionary[key] {
                    dictionary[key] = convert(old, kind)
                }
            } else if var inner = dictionary[key] {
                update(&inner, Array(path.dropFirst()), kind)
                dictionary[key] = inner
            }
            value = .dictionary(dictionary)
        case (.index(let index), .array(var array)) where array.indices.contains(index):
            if path.count == 1 {
                array[index] = convert(array[index], kind)
            } else {
                update(&array[index], Array(path.dropFirst()), kind)
            }
            value = .array(array)
        default:
            break
        }
    }

    static func convert(_ value: Value, _ kind: String) -> Value {
        switch (kind, value) {
        case ("date", .string(let iso)):
            return (try? TypedJSON.parse("{\"$date\": \"\(iso)\"}")) ?? value
        case ("date", _):
            return value.doubleValue.map { .date(Date(timeIntervalSinceReferenceDate: $0)) } ?? value
        case ("set", .array(let elements)):
            return .set(ValueSet(elements))
        case ("double", _):
            return value.doubleValue.map { .double($0) } ?? value
        case ("int", .double(let double)):
            return Int64(exactly: double.rounded(.towardZero)).map { .int($0) } ?? value
        case ("null", _), ("nil", _):
            return .null
        default:
            return value
        }
    }

    /// `id  # reason` lines.
    static func knownFailures(_ file: String) -> [String: String] {
        let url = packageRoot.appendingPathComponent("Tests/Conformance/\(file)")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var known: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "#", maxSplits: 1)
            let id = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if !id.isEmpty { known[id] = parts.count > 1 ? String(parts[1]) : "" }
        }
        return known
    }
}
