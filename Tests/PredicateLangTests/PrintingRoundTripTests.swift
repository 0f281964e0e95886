// The printing round-trip property: for every predicate of the corpora and the test tables, and for
// seeded random trees over every construct, the printed text parses, prints the same again, and
// evaluates exactly as the original on every object of a set (same result or same error kind); and a
// %K or %@ argument drawn from hostile strings never changes the structure of the printed text.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Printing keeps meaning: parse(format(p)) evaluates as p")
struct PrintingRoundTripTests {
    /// What one evaluation gave.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(Bool)
        case error(EvaluationError.Kind)
        var description: String {
            switch self {
            case .value(let flag): "\(flag)"
            case .error(let kind): "error \(kind.rawValue)"
            }
        }
    }

    /// Parse limits wide enough for any printed form: printing may add parentheses and NaN or a set may
    /// add an operation, so a predicate at a limit can print a little past it. Evaluation limits stay.
    static let limits = Limits(
        maxSourceBytes: 1 << 24, maxNestingDepth: 256, maxNodeCount: 1 << 20, maxAggregateElements: 1 << 16,
        maxStringLiteralBytes: 1 << 20)

    /// A clock and random source that do not change between the two evaluations.
    static let environment = FunctionEnvironment.fixed(now: Date(timeIntervalSinceReferenceDate: 1_000), random: 0.25)

    static func outcome(_ predicate: CompiledPredicate, on object: Value, variables: [String: Value]) -> Outcome {
        var predicate = predicate
        predicate.functionEnvironment = environment
        do {
            return .value(try predicate.evaluate(with: object, variables: variables))
        } catch {
            return .error(error.kind)
        }
    }

    /// One predicate checked: where the property fails, a description of how.
    struct Check {
        var evaluations = 0
        var failures: [String] = []

        /// Prints `tree`, re-parses the text and compares: it must parse, print identically, compile when
        /// the tree compiles, and evaluate alike on every (object, variables) pair.
        mutating func roundTrip(_ tree: SyntaxTree.Predicate, label: String, on inputs: [(Value, [String: Value])]) {
            let printed = tree.format
            let reparsed = SyntaxTree.parse(printed, limits: PrintingRoundTripTests.limits)
            guard let again = reparsed.tree, !reparsed.diagnostics.hasErrors else {
                failures.append(
                    "\(label): printed \(printed) does not parse: \(reparsed.diagnostics.map(\.message.text))")
                return
            }
            guard again.format == printed else {
                failures.append("\(label): not idempotent: \(printed) → \(again.format)")
                return
            }
            let original = CompiledPredicate.compile(
                tree, source: SourceText(""), limits: PrintingRoundTripTests.limits)
            let copy = CompiledPredicate.compile(again, source: reparsed.source, limits: PrintingRoundTripTests.limits)
            guard let original = original.predicate else { return }
            guard let copy = copy.predicate else {
                failures.append("\(label): \(printed) compiles only before printing: \(copy.diagnostics)")
                return
            }
            for (object, variables) in inputs {
                evaluations += 1
                let before = PrintingRoundTripTests.outcome(original, on: object, variables: variables)
                let after = PrintingRoundTripTests.outcome(copy, on: object, variables: variables)
                if before != after, before != .error(.budgetExceeded), after != .error(.budgetExceeded) {
                    failures.append(
                        "\(label): \(printed) on \(object.shortDescription): \(before) before, \(after) after")
                    return
                }
            }
        }
    }

    // MARK: Corpora

    @Test(
        "every predicate of the corpora and test tables round-trips on every corpus object",
        arguments: PrintingCorpus.Source.allCases)
    func corpus(_ source: PrintingCorpus.Source) throws {
        let inputs = PrintingCorpus.objects.map { ($0, PrintingCorpus.variables) }
        var check = Check()
        var predicates = 0
        for entry in try PrintingCorpus.predicates(from: source) {
            let parsed = SyntaxTree.parse(entry.format, arguments: entry.arguments)
            guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else { continue }
            predicates += 1
            // The ICU cases are all `SELF MATCHES %@`: their own subject is the object that matters.
            check.roundTrip(tree, label: entry.label, on: (source == .regex ? [] : inputs) + entry.ownInputs)
        }
        print("printing round trip (\(source)): \(predicates) predicates, \(check.evaluations) evaluations")
        #expect(predicates >= source.minimumCount, "only \(predicates) predicates parsed")
        #expect(
            check.failures.isEmpty,
            "\(check.failures.count) failures:\n\(check.failures.prefix(20).joined(separator: "\n"))")
    }

    // MARK: Random trees

    @Test("seeded random trees over every construct round-trip on the objects", arguments: [1, 2, 3, 4])
    func randomTrees(_ seed: UInt64) {
        var generator = SyntaxTreeGenerator(seed: seed)
        let inputs = PrintingCorpus.generatorObjects.map { ($0, PrintingCorpus.variables) }
        var check = Check()
        let count = 1_000
        for index in 0..<count {
            let tree = generator.predicate()
            check.roundTrip(tree, label: "seed \(seed) tree \(index)", on: inputs)
        }
        print("printing round trip (seed \(seed)): \(count) trees, \(check.evaluations) evaluations")
        #expect(
            check.failures.isEmpty,
            "\(check.failures.count) failures:\n\(check.failures.prefix(20).joined(separator: "\n"))")
    }

    // MARK: Hostile arguments

    /// Templates whose `%K`/`%@` arguments are replaced by hostile strings; the structure around them must
    /// not change.
    static let templates: [String] = [
        "%K == 1", "%K == %@", "a.%K.b == %@ AND c == 2", "%K BEGINSWITH[cd] %@ OR %K == nil",
        "ANY %K.%K IN %@", "SUBQUERY(%K, $x, $x.%K == %@).@count > 0", "%@ + %K == 1", "NOT %K LIKE %@",
        "TERNARY(%K == %@, %K, %@) == 1", "{%@, %K}[0] == %@", "$v := %K == %@", "%K[%@] == %@",
    ]

    @Test("a %K or %@ argument from hostile strings stays one leaf: the re-parsed tree is the same")
    func hostileArguments() {
        var strings = SyntaxTreeGenerator.strings + SyntaxTreeGenerator.keys
        var generator = SyntaxTreeGenerator(seed: 15)
        for _ in 0..<500 { strings.append(generator.randomString()) }
        var failures: [String] = []
        var checked = 0
        for template in Self.templates {
            let slots = template.components(separatedBy: "%").count - 1
            for string in strings {
                let arguments = Array(repeating: Value.string(string), count: slots)
                let parsed = SyntaxTree.parse(template, arguments: arguments)
                // `%K` splits on dots; an empty component is an error, not something printing could break.
                guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else { continue }
                checked += 1
                let printed = tree.format
                guard let again = SyntaxTree.parse(printed, limits: Self.limits).tree else {
                    failures.append("\(template) with \(string.debugDescription): \(printed) does not parse")
                    continue
                }
                if again.dump != tree.dump {
                    failures.append("\(template) with \(string.debugDescription): \(tree.dump) → \(again.dump)")
                }
            }
        }
        print("hostile arguments: \(checked) (template, string) pairs")
        #expect(checked >= 5_000)
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(20).joined(separator: "\n"))")
    }
}

/// The predicates and objects of the round-trip property.
enum PrintingCorpus {
    /// Where predicates come from.
    enum Source: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case nspredicate, regex, formatCases, grammar, forms, fuzzSeeds, printerTables
        var testDescription: String { rawValue }

        /// Fewer predicates than this means the source was not read as it should be.
        var minimumCount: Int {
            switch self {
            case .nspredicate: 270
            case .regex: 800
            case .formatCases: 28
            case .grammar: 8
            case .forms: 50
            case .fuzzSeeds: 200
            case .printerTables: 50
            }
        }
    }

    struct Entry {
        var label: String
        var format: String
        var arguments: [Value] = []
        /// The case's own object and variables, when it has them.
        var ownInputs: [(Value, [String: Value])] = []
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Variable bindings for every evaluation (`unbound` and `ANY` stay unbound: an error both times).
    static let variables: [String: Value] = [
        "x": 5, "s": "text", "list": [1, 2, 3], "d": 1.5, "in": 2, "a b": "ab", "2": 2.0, "y": true, "n": nil,
        "LAST_NAME": "Turner", "a": 1, "b": [1, 2], "who": "Jo",
    ]

    /// An object with every value kind and the keys of ``SyntaxTreeGenerator/keys``.
    static let richObject: Value = [
        "a": 1, "b": "B", "n": 2.0, "k": true, "name": "Ünïcode straße", "age": 42, "score": 3.5,
        "tags": ["a", "b", "c", "a"], "numbers": [1, 2, 3, -4, 0], "empty": [], "none": nil,
        "items": [["n": 1, "k": "x", "sub": [1, 2]], ["n": 2, "k": "y", "sub": []], ["n": nil, "k": 3]],
        "sub": .set(ValueSet([1, "x", 2.5])), "dict": ["a": 1, "b": ["c": "d"]], "size": 3, "first": "f",
        "AND": false, "self": "s", "in": [1], "TRUEPREDICATE": 0, "first name": "Ann", "2nd": [2], "$x": "dollar",
        "#": "hash", "a.b": "dotted", "": "empty key", "x\"y": 1, "x'y": 2, "back\\slash": 3, "tab\there": 4,
        "é": 5, "😀": 6, "UTI-EQUALS": 7, "nosuch == 0 OR TRUEPREDICATE OR y": 8, "a) OR (b": 9, "café": 10,
        "when": .date(Date(timeIntervalSinceReferenceDate: 10.5)), "big": .int(.max), "nan": .double(.nan),
    ]

    /// Objects for the random trees.
    static let generatorObjects: [Value] = [
        richObject, .null, "text", 7, 2.5, ["a", "b"], [richObject, ["a": 2]], .set(ValueSet([1, 2])),
    ]

    /// The corpus objects (the distinct objects of the NSPredicate cases) and a few more.
    static let objects: [Value] = {
        var seen = Set<Value>()
        var objects: [Value] = []
        for object in [richObject, .null, "abc", 42, [1, 2, 3]]
            + corpusCases(in: "nspredicate-public.jsonl").map(\.object)
        where seen.insert(object).inserted {
            objects.append(object)
        }
        return objects
    }()

    /// The cases of a corpus file (those that have an object).
    static func corpusCases(in file: String) -> [ConformanceCorpusTests.Case] {
        let url = packageRoot.appendingPathComponent("Tests/Conformance/Cases/\(file)")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? ConformanceCorpusTests.decode(String($0)) }
    }

    /// The predicates of `source`: the corpora (with their arguments, objects and variables), the
    /// format-only conformance cases, the grammar's valid examples, the form scenarios' conditions, the
    /// fuzz seeds (with the harness's arguments) and the printer's test tables.
    static func predicates(from source: Source) throws -> [Entry] {
        switch source {
        case .nspredicate, .regex:
            let file = source == .regex ? "icu-regex-public.jsonl" : "nspredicate-public.jsonl"
            return corpusCases(in: file).map { testCase in
                Entry(
                    label: testCase.id, format: testCase.format, arguments: testCase.arguments,
                    ownInputs: [(testCase.object, testCase.variables)])
            }
        case .formatCases:
            return ConformanceCase.formatCases.map { Entry(label: $0.id, format: $0.format, arguments: $0.arguments) }
        case .grammar:
            return try lines(under: "Grammar/examples/valid", label: "grammar")
        case .forms:
            return try formConditions()
        case .fuzzSeeds:
            let fuzzArguments: [Value] = ["name", 7, 2.5, "a*", [1, 2], nil]
            return try lines(under: "Fuzz/corpus/FuzzPredicate", label: "fuzz seed", whole: true).map {
                var entry = $0
                entry.arguments = fuzzArguments
                return entry
            }
        case .printerTables:
            return PrinterTests.roundTripInputs.map { Entry(label: "PrinterTests", format: $0) }
                + PrintingRulesTests.cases.map { Entry(label: "rule", format: $0.input, arguments: $0.arguments) }
        }
    }

    /// The files under `folder` (relative to the package root), one predicate per line or per file.
    static func lines(under folder: String, label: String, whole: Bool = false) throws -> [Entry] {
        let directory = packageRoot.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return names.flatMap { name -> [Entry] in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
                return []
            }
            let text = String(decoding: data, as: UTF8.self)
            let predicates = whole ? [text] : text.split(separator: "\n").map(String.init)
            return predicates.map { Entry(label: "\(label) \(name)", format: $0) }
        }
    }

    /// The hidden/disabled/required conditions of the form scenarios.
    static func formConditions() throws -> [Entry] {
        let url = packageRoot.appendingPathComponent("Tests/Conformance/Cases/form-scenarios-public.json")
        let root = try TypedJSON.parse(try String(contentsOf: url, encoding: .utf8))
        var entries: [Entry] = []
        var pending: [(Value, String?)] = [(root, nil)]
        while let (value, key) = pending.popLast() {
            switch value {
            case .dictionary(let dictionary):
                pending += dictionary.map { ($0.value, $0.key) }
            case .array(let elements):
                pending += elements.map { ($0, key) }
            case .string(let text) where key == "hidden" || key == "disabled" || key == "required":
                entries.append(Entry(label: "form scenario", format: text))
            default:
                break
            }
        }
        return entries
    }
}
