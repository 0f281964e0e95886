// Compile suite: parse + compile cost per source byte, for P1, P3 (form mode, against a symbol table), for a
// 100-byte object predicate (`compile:O100`, schema-free, as a server compiles a request's predicate) and for
// every predicate of the public conformance corpus (read at run time; the benchmark is skipped if the corpus is
// absent), and the compile cache's hit path for P1 and P3. Names carry the byte count the report divides by:
// `compile:<id>:<bytes>B`, `cache-hit:<id>:<bytes>B`.
import Benchmark
import BenchmarkSupport
import Foundation
import PredicateLang

func compileConfiguration() -> Benchmark.Configuration {
    .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 10,
        scalingFactor: .one,
        maxDuration: .seconds(1),
        maxIterations: 100_000
    )
}

let benchmarks: @Sendable () -> Void = {
    let p1 = EvaluateCase.all[0].format
    let p3 = EvaluateCase.p3Format
    let symbols = Person.symbols

    for (id, text) in [("P1", p1), ("P3", p3)] {
        guard CompiledPredicate.compile(text, symbols: symbols).predicate != nil else {
            failLoudly("compile \(id): \(text) does not compile")
        }
        guard SyntaxTree.parse(text).tree != nil else { failLoudly("parse \(id): \(text) does not parse") }
        let bytes = text.utf8.count
        Benchmark("compile:\(id):\(bytes)B", configuration: compileConfiguration()) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(CompiledPredicate.compile(text, symbols: symbols))
            }
        }
        Benchmark("parse:\(id):\(bytes)B", configuration: compileConfiguration()) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(SyntaxTree.parse(text))
            }
        }
        // The compile cache's hit path: what a server pays for a predicate it has compiled before (the
        // text hashed, one lock, the cached program returned).
        let cache = PredicateCache(capacity: 64)
        _ = cache.compile(text, symbols: symbols)
        Benchmark("cache-hit:\(id):\(bytes)B", configuration: compileConfiguration()) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(cache.compile(text, symbols: symbols))
            }
            if cache.statistics.misses != 1 { failLoudly("cache-hit \(id): a lookup missed: \(cache.statistics)") }
        }
    }

    // A 100-byte object predicate, compiled without a schema (what a server pays per request).
    let object = EvaluateCase.objectFormat100
    guard CompiledPredicate.compile(object).predicate != nil else { failLoudly("compile O100: \(object) does not compile") }
    Benchmark("compile:O100:\(object.utf8.count)B", configuration: compileConfiguration()) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(CompiledPredicate.compile(object))
        }
    }

    // The corpus: every predicate that compiles (the cases that expect a parse error are compiled in a second
    // benchmark, since they stop early and would flatter the per-byte figure).
    guard let corpus = loadCorpus() else { return }
    var valid: [CorpusPredicate] = []
    var invalid: [CorpusPredicate] = []
    for predicate in corpus {
        if CompiledPredicate.compile(predicate.format, arguments: predicate.arguments).predicate != nil {
            valid.append(predicate)
        } else {
            invalid.append(predicate)
        }
    }
    for (label, predicates) in [("corpus-valid", valid), ("corpus-invalid", invalid)] where !predicates.isEmpty {
        let bytes = predicates.reduce(0) { $0 + $1.format.utf8.count }
        Benchmark(
            "compile:\(label)-\(predicates.count):\(bytes)B", configuration: compileConfiguration()
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                for predicate in predicates {
                    blackHole(CompiledPredicate.compile(predicate.format, arguments: predicate.arguments))
                }
            }
        }
    }
}
