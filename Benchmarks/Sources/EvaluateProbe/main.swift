// EvaluateProbe: runs one Evaluate case on one engine a given number of times, for deterministic counts under
// valgrind (Scripts/callgrind-counts.sh runs it at two iteration counts and divides the differences, so that
// start-up cost cancels out). Not a benchmark target: `swift run -c release EvaluateProbe P1 predicatelang 20000`;
// `EvaluateProbe forms-change 1000 N` and `forms-chain 100 N` run form changes, `forms-load 1000 N` form loads, `compile P3 N` compiles
// (`compile O100 N` the 100-byte object predicate), `cache-hit P3 N` looks the compiled case up in the compile cache;
// `EvaluateProbe O1 predicatelang-schema N` runs an Objects case, `encode value-encoder N` the order encoding,
// `objects-counts` prints how many orders each Objects case holds for.
import BenchmarkSupport
import Foundation
import FormEngine
import PredicateLang

let arguments = CommandLine.arguments

// Form load + first evaluation: `EvaluateProbe forms-load CONDITIONS ITERATIONS` (from a FormDefinition) and
// `forms-load-json CONDITIONS ITERATIONS` (from JSON text), as the Forms suite's load benchmarks.
if arguments.count == 4, arguments[1] == "forms-load" || arguments[1] == "forms-load-json",
    let size = Int(arguments[2]), let count = Int(arguments[3])
{
    let definition = pairsForm(conditions: size)
    let json = arguments[1] == "forms-load-json" ? pairsFormJSON(conditions: size) : nil
    loadForms(definition, json: json, count)
    exit(0)
}

/// Loads the form `count` times, from `json` when given, else from `definition` (the measured loop of the load
/// probes: `Scripts/callgrind-profile.py` collects inside it).
@inline(never)
func loadForms(_ definition: FormDefinition, json: String?, _ count: Int) {
    for _ in 0..<count {
        do throws(FormError) {
            let form =
                if let json { try Form(FormDefinition.parseJSON(json), limits: benchmarkLimits) } else {
                    try Form(definition, limits: benchmarkLimits)
                }
            _ = form.options
        } catch {
            failLoudly("\(error)")
        }
    }
}

// Forms: `EvaluateProbe forms-change CONDITIONS ITERATIONS` / `EvaluateProbe forms-chain LENGTH ITERATIONS`.
if arguments.count == 4, arguments[1].hasPrefix("forms-"), let size = Int(arguments[2]), let count = Int(arguments[3]) {
    let fixture: ChangeFixture
    switch arguments[1] {
    case "forms-change": fixture = .pairs(conditions: size)
    case "forms-chain": fixture = .chain(length: size)
    default: failLoudly("unknown forms probe \(arguments[1])")
    }
    do throws(FormError) {
        try fixture.run(16)  // warm-up changes, as the evaluation probe warms up on 16 rows
        try fixture.run(count)
    } catch {
        failLoudly("\(error)")
    }
    exit(0)
}

// The first compile in a process: `EvaluateProbe first-compile` prints the nanoseconds of the first and of the
// second compile of the 100-byte object predicate (run.sh starts it several times; each start is one sample).
if arguments.count == 2, arguments[1] == "first-compile" {
    let clock = ContinuousClock()
    var elapsed: [Duration] = []
    var faults: [Int] = []
    for _ in 0..<2 {
        let faultsBefore = minorPageFaults()
        let start = clock.now
        let compiled = CompiledPredicate.compile(EvaluateCase.objectFormat100).predicate
        elapsed.append(clock.now - start)
        faults.append(minorPageFaults() - faultsBefore)
        guard compiled != nil else { failLoudly("\(EvaluateCase.objectFormat100) does not compile") }
    }
    let nanoseconds = elapsed.map { $0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000 }
    print(
        "{\"first\": \(nanoseconds[0]), \"second\": \(nanoseconds[1]), \"firstPageFaults\": \(faults[0]), "
            + "\"secondPageFaults\": \(faults[1])}")
    exit(0)
}

// Compile: `EvaluateProbe compile CASE ITERATIONS` compiles the case's form-mode text (against the symbols);
// `compile O100 ITERATIONS` compiles the 100-byte object predicate without symbols, as a server compiles a request's,
// and `compile O100-arguments ITERATIONS` the same predicate with its constants given as `%@` arguments.
// `compile corpus ITERATIONS` compiles every predicate of the conformance corpus that compiles, once per
// iteration (the compile suite's `corpus-valid`); its count divided by the corpus's bytes is instructions a byte.
if arguments.count == 4, arguments[1] == "compile", arguments[2] == "corpus", let count = Int(arguments[3]) {
    guard let corpus = loadCorpus() else { failLoudly("the conformance corpus is not there") }
    let valid = corpus.filter { CompiledPredicate.compile($0.format, arguments: $0.arguments).predicate != nil }
    FileHandle.standardError.write(
        "corpus: \(valid.count) predicates, \(valid.reduce(0) { $0 + $1.format.utf8.count }) bytes\n".data(using: .utf8)
            ?? Data())
    print(compileCorpus(valid, 16) + compileCorpus(valid, count))
    exit(0)
}
if arguments.count == 4, arguments[1] == "compile", arguments[2] == "O100-arguments", let count = Int(arguments[3]) {
    let text = EvaluateCase.objectFormat100WithArguments
    let values = EvaluateCase.objectArguments100
    print(compileRepeatedly(text, arguments: values, 16) + compileRepeatedly(text, arguments: values, count))
    exit(0)
}
if arguments.count == 4, arguments[1] == "compile", let count = Int(arguments[3]) {
    let source: (text: String, symbols: SymbolTable?)? =
        arguments[2] == "O100"
        ? (EvaluateCase.objectFormat100, nil)
        : EvaluateCase.all.first(where: { $0.id == arguments[2] }).map { ($0.format, Person.symbols) }
    if let source {
        // 16 warm-up compiles (the process's first builds type metadata), then the measured ones.
        let warmUp = compileRepeatedly(source.text, symbols: source.symbols, 16)
        print(warmUp + compileRepeatedly(source.text, symbols: source.symbols, count))
        exit(0)
    }
}

/// Compiles `text` `count` times; how many compiled (a measured loop: `Scripts/callgrind-profile.py` collects
/// inside it).
@inline(never)
func compileRepeatedly(_ text: String, symbols: SymbolTable?, _ count: Int) -> Int {
    var compiled = 0
    for _ in 0..<count where CompiledPredicate.compile(text, symbols: symbols).predicate != nil { compiled += 1 }
    return compiled
}

/// Compiles every predicate of `corpus` `count` times; how many compiled (a measured loop).
@inline(never)
func compileCorpus(_ corpus: [CorpusPredicate], _ count: Int) -> Int {
    var compiled = 0
    for _ in 0..<count {
        for predicate in corpus
        where CompiledPredicate.compile(predicate.format, arguments: predicate.arguments).predicate != nil {
            compiled += 1
        }
    }
    return compiled
}

/// Compiles `text` with format `arguments` `count` times, without symbols; how many compiled (a measured loop).
@inline(never)
func compileRepeatedly(_ text: String, arguments: [Value], _ count: Int) -> Int {
    var compiled = 0
    for _ in 0..<count where CompiledPredicate.compile(text, arguments: arguments).predicate != nil { compiled += 1 }
    return compiled
}

/// Looks `text` up in `cache` `count` times; how many lookups found a program (a measured loop).
@inline(never)
func lookUpRepeatedly(_ cache: PredicateCache, _ text: String, symbols: SymbolTable, _ count: Int) -> Int {
    var compiled = 0
    for _ in 0..<count where cache.compile(text, symbols: symbols).predicate != nil { compiled += 1 }
    return compiled
}

// The compile cache's hit path: `EvaluateProbe cache-hit CASE ITERATIONS` looks up the case's form-mode text
// (against the symbols) in a cache that compiled it once, as the Compile suite's cache-hit benchmarks.
if arguments.count == 4, arguments[1] == "cache-hit", let count = Int(arguments[3]),
    let testCase = EvaluateCase.all.first(where: { $0.id == arguments[2] })
{
    let cache = PredicateCache(capacity: 64)
    // The first of the 16 warm-up lookups compiles; the measured ones all hit.
    let compiled =
        lookUpRepeatedly(cache, testCase.format, symbols: Person.symbols, 16)
        + lookUpRepeatedly(cache, testCase.format, symbols: Person.symbols, count)
    guard cache.statistics.misses == 1 else { failLoudly("cache-hit: a lookup missed: \(cache.statistics)") }
    print(compiled)
    exit(0)
}

// Objects: `EvaluateProbe objects-counts` prints how many of the suite's orders each case holds for.
if arguments.count == 2, arguments[1] == "objects-counts" {
    let orders = Order.buffer
    for testCase in ObjectCase.all {
        guard let base = orders.baseAddress else { failLoudly("no orders") }
        let holds = (0..<orders.count).filter { testCase.handWritten(base + $0) }.count
        print("\(testCase.id): \(holds) of \(orders.count)")
    }
    exit(0)
}
// `EvaluateProbe CASE ENGINE ITERATIONS` for the Objects cases runs over the first `probeOrders` generated orders
// (the suite's first orders); `encode value-encoder ITERATIONS` encodes them.
if arguments.count == 4, let iterations = Int(arguments[3]), iterations >= 0,
    arguments[1] == "encode" || ObjectCase.all.contains(where: { $0.id == arguments[1] })
{
    runObjectProbe(case: arguments[1], engine: arguments[2], iterations: iterations)
    exit(0)
}

guard arguments.count == 4, let iterations = Int(arguments[3]), iterations >= 0,
    let testCase = EvaluateCase.all.first(where: { $0.id == arguments[1] })
else {
    let ids = EvaluateCase.all.map(\.id).joined(separator: " ")
    let objectIDs = ObjectCase.all.map(\.id).joined(separator: " ")
    let objectEngines =
        "predicatelang-schema predicatelang-schema-count predicatelang-schema-batch predicatelang-schema-bound "
        + "predicatelang-value hand-written hand-tuned"
    failLoudly(
        "usage: EvaluateProbe CASE ENGINE ITERATIONS\n  CASE: \(ids)\n"
            + "  ENGINE: predicatelang predicatelang-copied predicatelang-keypath hand-written hand-tuned foundation none\n"
            + "  or CASE: \(objectIDs), ENGINE: \(objectEngines) foundation none\n"
            + "  or encode value-encoder ITERATIONS, or objects-counts")
}
guard let rows = Person.rowBuffer.baseAddress, let stores = Person.storeBuffer.baseAddress,
    let objects = Person.objectBuffer.baseAddress
else { failLoudly("no rows") }

/// The inputs where they live, borrowed in place by the engines (``withBorrowed(_:_:)``).
let storesInPlace = UnsafeMutablePointer(mutating: stores)
let objectsInPlace = UnsafeMutablePointer(mutating: objects)
let rowsInPlace = UnsafeMutablePointer(mutating: rows)

/// The engine under test, as a row-index closure (the same shape as the Evaluate benchmarks' loop).
let body: (Int) -> Bool
switch arguments[2] {
case "predicatelang", "predicatelang-copied":
    let compiled: CompiledPredicate
    do throws(CompilationFailure) { compiled = try CompiledPredicate(testCase.format, symbols: Person.symbols) } catch {
        failLoudly("\(testCase.format) does not compile")
    }
    if arguments[2] == "predicatelang" {
        body = { withBorrowed(&storesInPlace[$0]) { (try? compiled.evaluate(in: $0)) ?? false } }
    } else {
        // The store copied out of its buffer first (a retain and a release), as the harness did before.
        body = { (try? compiled.evaluate(in: stores[$0])) ?? false }
    }
case "predicatelang-keypath":
    guard let format = testCase.keyPathFormat else { failLoudly("\(testCase.id) has no key-path form") }
    let compiled: CompiledPredicate
    do throws(CompilationFailure) { compiled = try CompiledPredicate(format) } catch { failLoudly("\(format) does not compile") }
    body = { withBorrowed(&objectsInPlace[$0]) { (try? compiled.evaluate(with: $0)) ?? false } }
case "hand-written":
    let closure = testCase.handWritten
    body = { closure(rows + $0) }
case "hand-tuned":
    guard let closure = testCase.handTuned else { failLoudly("\(testCase.id) has no hand-tuned baseline") }
    body = { closure(rows + $0) }
case "foundation":
    guard let predicate = testCase.foundation else { failLoudly("\(testCase.id) has no Foundation baseline") }
    body = { withBorrowed(&rowsInPlace[$0]) { (try? predicate.evaluate($0)) ?? false } }
case "none":
    body = { $0 & 3 == 0 }
default:
    failLoudly("unknown engine \(arguments[2])")
}

@inline(never)
func run(_ body: (Int) -> Bool, _ iterations: Int) -> Int {
    var count = 0
    for index in 0..<iterations where body(index & 15) { count += 1 }
    return count
}

// One warm-up pass over the 16 rows (lazy initialisation must not count), then the measured loop.
_ = run(body, 16)
print(run(body, iterations))

/// The process's minor page faults so far (pages mapped on first touch: code, metadata, heap).
func minorPageFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}
