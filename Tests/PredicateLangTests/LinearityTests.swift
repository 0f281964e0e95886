// Parsing, compiling and printing are linear in the source. Each shape that a quadratic step would
// make slow (a key path node rebuilt per component; compiler tables scanned per key path and per
// variable) is built at the size limit and at an eighth of it: the work per piece of one input at the
// limit is compared with the work per piece of eight inputs of an eighth (the same number of bytes), so
// a linear pass gives a ratio near 1 and a quadratic one near 8 (with those steps put back, the key
// paths measure 6.7, the AND chain 6.9 and the OR chain 4.1). The work is the thread's CPU time, the
// least of five alternated runs, which other threads and processes do not inflate; the bound (3)
// leaves a wide margin either way.
// Instruction counts of the same shapes, outside the tests, are in Benchmarks/Scripts/parse-linearity.py.

import Testing

@testable import PredicateLang

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

@Suite("Linearity: inputs at the size limit")
struct LinearityTests {
    struct Shape: CustomTestStringConvertible, Sendable {
        typealias Input = (text: String, arguments: [Value])
        var name: String
        /// The predicate of n pieces and its arguments.
        var build: @Sendable (_ pieces: Int) -> Input
        /// The most pieces at the limit: the source (with its string arguments) within
        /// `maxSourceBytes`, and the predicate accepted by the parser and the compiler.
        let count: Int
        var testDescription: String { name }

        init(_ name: String, build: @escaping @Sendable (_ pieces: Int) -> Input) {
            self.name = name
            self.build = build
            count = Self.mostPieces(build)
        }

        /// The predicate at the limit.
        var atLimit: Input { build(count) }

        /// The most pieces within the byte limit (a binary search), then fewer while a parse or
        /// compile limit (nodes, nesting, aggregate elements) refuses the predicate.
        static func mostPieces(_ build: (Int) -> Input) -> Int {
            func largest(_ low: Int, _ high: Int, _ fits: (Int) -> Bool) -> Int {
                var (low, high) = (low, high)  // fits(low), !fits(high)
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if fits(middle) { low = middle } else { high = middle }
                }
                return low
            }
            var high = 2
            while LinearityTests.bytes(build(high)) <= sizeLimit { high *= 2 }
            let byBytes = largest(1, high) { LinearityTests.bytes(build($0)) <= sizeLimit }
            return isAccepted(build(byBytes)) ? byBytes : largest(1, byBytes) { isAccepted(build($0)) }
        }

        static func isAccepted(_ input: Input) -> Bool {
            let parsed = SyntaxTree.parse(input.text, arguments: input.arguments)
            guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else { return false }
            return CompiledPredicate.compile(tree, source: parsed.source).predicate != nil
        }
    }

    static let sizeLimit = Limits.default.maxSourceBytes

    /// The bytes of the text and of its string arguments.
    static func bytes(_ input: Shape.Input) -> Int {
        input.arguments.reduce(input.text.utf8.count) { total, argument in
            guard case .string(let string) = argument else { return total }
            return total + string.utf8.count
        }
    }

    /// `a0.a1.….a9.a0.…`: every component is 2 bytes and a dot.
    static func keyPath(_ count: Int, letter: String = "a") -> String {
        (0..<count).map { "\(letter)\($0 % 10)" }.joined(separator: ".")
    }

    static let shapes: [Shape] = [
        // The issue's shape: 16,000 components (48 KB) cost 1.2 s when each component rebuilt the node.
        Shape("a key path") { (keyPath($0) + " == 1", []) },
        // A %K argument is not source, but its key path is read as one.
        Shape("a %K key path") { ("%K == 1", [.string(keyPath($0, letter: "k"))]) },
        Shape("a key path on a variable") { ("$v." + keyPath($0, letter: "b") + " == 1", []) },
        // Chains of one connective (bytes or the node limit bind): a compiler that scans its key-path
        // and name tables for each new entry is quadratic here.
        Shape("an AND chain of distinct key paths") {
            ((0..<$0).map { "k\($0).x == \($0)" }.joined(separator: " AND "), [])
        },
        Shape("an OR chain of variables") { ((0..<$0).map { "$v\($0) == \($0)" }.joined(separator: " OR "), []) },
        Shape("the largest aggregate") { ("a IN {" + (0..<$0).map { "'s\($0)'" }.joined(separator: ", ") + "}", []) },
        Shape("the longest strings") {
            ((0..<$0).map { _ in "a == '" + String(repeating: "x", count: 4_096) + "'" }.joined(separator: " OR "), [])
        },
    ]

    @Test("the shape is within the source limit and reads back through every pass", arguments: shapes)
    func atTheLimit(_ shape: Shape) throws {
        let (text, arguments) = shape.atLimit
        let parsed = SyntaxTree.parse(text, arguments: arguments)
        #expect(!parsed.diagnostics.hasErrors, "\(parsed.diagnostics.prefix(3))")
        #expect(Self.bytes((text, arguments)) <= Self.sizeLimit)
        let tree = try #require(parsed.tree)
        let compiled = CompiledPredicate.compile(tree, source: parsed.source)
        #expect(compiled.predicate != nil, "\(compiled.diagnostics.prefix(3))")
        _ = try? compiled.predicate?.evaluate(with: ["a": 1], variables: ["v": 1])
        _ = tree.dependencies
        let printed = tree.format
        let again = try #require(SyntaxTree.parse(printed, limits: Limits(maxSourceBytes: 1 << 20)).tree)
        #expect(again.format == printed)
    }

    /// The CPU time this thread has used, in nanoseconds.
    static func threadCPUTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The CPU time `work` takes on this thread.
    static func cpuTime(_ work: () -> Void) -> UInt64 {
        let start = threadCPUTime()
        work()
        return threadCPUTime() - start
    }

    enum Pass: String, CaseIterable, Sendable {
        case parse, compile, print
    }

    /// One pass over each of `inputs`, parsed beforehand where the pass needs a tree.
    static func work(_ pass: Pass, _ inputs: [Shape.Input]) -> () -> Void {
        let trees = inputs.compactMap { input in
            let parsed = SyntaxTree.parse(input.text, arguments: input.arguments)
            return parsed.tree.map { ($0, parsed.source) }
        }
        switch pass {
        case .parse:
            return { for input in inputs { _ = SyntaxTree.parse(input.text, arguments: input.arguments) } }
        case .compile:
            return { for (tree, source) in trees { _ = CompiledPredicate.compile(tree, source: source) } }
        case .print:
            return { for (tree, _) in trees { _ = tree.format } }
        }
    }

    static let parts = 8

    @Test(
        "one input at the size limit costs about what eight inputs of an eighth cost, in each pass",
        arguments: shapes, Pass.allCases)
    func scalesLinearly(_ shape: Shape, _ pass: Pass) {
        let whole = [shape.atLimit]
        let eighth = max(1, shape.count / Self.parts)
        let eighths = Array(repeating: shape.build(eighth), count: Self.parts)
        let wholeWork = Self.work(pass, whole)
        let eighthsWork = Self.work(pass, eighths)
        var wholeTime = UInt64.max
        var eighthsTime = UInt64.max
        // Alternated, so that a busy moment slows both sides alike; the least time of each is kept.
        for _ in 0..<5 {
            eighthsTime = min(eighthsTime, Self.cpuTime(eighthsWork))
            wholeTime = min(wholeTime, Self.cpuTime(wholeWork))
        }
        // The time per piece at the limit over the time per piece at an eighth.
        let ratio =
            (Double(wholeTime) / Double(shape.count)) / (Double(max(eighthsTime, 1)) / Double(Self.parts * eighth))
        print(
            "linearity: \(shape.name), \(pass.rawValue): \(shape.count) pieces \(wholeTime / 1_000) µs, "
                + "\(Self.parts) × \(eighth) pieces \(eighthsTime / 1_000) µs, ratio \(ratio)")
        // Linear work gives about 1; quadratic work about 8.
        #expect(ratio < 3, "a piece at the limit costs \(ratio) times a piece at an eighth")
    }

    @Test("a 16,000-component key path is read into one node with its 16,000 components")
    func keyPathNode() throws {
        let text = (0..<16_000).map { "a\($0 % 100)" }.joined(separator: ".") + " == 1"
        let tree = try #require(SyntaxTree.parse(text).tree)
        guard case .comparison(let comparison) = tree, case .keyPath(nil, let components, _) = comparison.lhs else {
            Issue.record("not a comparison of a key path: \(tree.dump.prefix(80))")
            return
        }
        #expect(components.count == 16_000)
    }

    /// Rebuilding the key path node with a new component array for each component costs n²/2 component
    /// copies for n components; the builder appends to one array, whose storage moves only when it grows.
    @Test("appending 16,000 components moves their storage a logarithmic number of times")
    func componentsGrowInPlace() {
        var builder = KeyPathBuilder(.keyPath(base: nil, components: [.init("a")], .synthesized))
        var moves = 0
        var storage = builder.componentStorageIdentity
        for index in 0..<16_000 {
            builder.append(SyntaxTree.KeyPathComponent("k\(index)"))
            let now = builder.componentStorageIdentity
            if now != storage { moves += 1 }
            storage = now
        }
        // Geometric growth from 1 to 16,001 elements is about 15 moves; copying per component is 16,000.
        #expect(moves <= 40, "the component storage moved \(moves) times")
        guard case .keyPath(_, let components, _) = builder.take() else {
            Issue.record("not a key path")
            return
        }
        #expect(components.count == 16_001)
    }
}
