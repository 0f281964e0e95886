// PredicateCache: compile each distinct predicate once. A server that compiles the predicate of every
// request sees the same few texts again and again; the cache keys a compilation by everything that
// decides its result — the text, the arguments, the schema (its root object by identity, and the
// variables' types), the symbol table and the limits — and keeps a bounded number of results, failures
// included (a client that repeats a bad predicate does not make the server parse it each time).
//
// Eviction is CLOCK (second chance): every entry has a reference bit, set on each hit; when the cache is
// full, the hand sweeps the slots, clearing set bits, and replaces the first entry whose bit was clear. A
// lookup costs one hash of the key and one lock; compiling happens outside the lock, so two threads that
// miss on the same text at once both compile it and the second insert keeps the first's entry.

import Synchronization

/// A bounded, thread-safe cache of compiled predicates, for servers that compile what clients send.
///
/// ```swift
/// let cache = PredicateCache(capacity: 1_000)
/// // In each request handler, from any thread:
/// let predicate = try cache.predicate(request.filter, arguments: request.arguments, schema: orderSchema)
/// let matching = try orders.filter { try predicate.evaluate(with: $0) }
/// print(cache.statistics)   // hits 9840, misses 160 (98.4% hits), 0 evictions, 160 entries
/// ```
///
/// A compilation is looked up by its text, arguments, schema, symbol table and limits; failures are
/// cached too. ``statistics`` reports hits, misses and evictions, so the hit rate is observable.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class PredicateCache: Sendable {
    /// Counts since the cache was made (or since ``removeAll()``).
    public struct Statistics: Hashable, Sendable, CustomStringConvertible {
        /// Lookups answered from the cache.
        public var hits = 0
        /// Lookups that compiled.
        public var misses = 0
        /// Entries replaced to make room.
        public var evictions = 0
        /// Entries held now.
        public var count = 0

        /// The share of lookups answered from the cache, 0 when there were none.
        public var hitRate: Double {
            hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
        }

        public var description: String {
            let rate = (hitRate * 1000).rounded() / 10
            return "hits \(hits), misses \(misses) (\(rate)% hits), \(evictions) evictions, \(count) entries"
        }
    }

    /// What decides a compilation's result.
    ///
    /// Keys are compared on every field, but hashed on the text and the sizes of the rest: a server's cache
    /// holds many texts and few symbol tables, schemas and limits, and hashing a symbol table's every tag
    /// and the limits' every field cost four times the text's hash on each lookup. Keys that differ only
    /// in those fields share a hash and are told apart by comparison (an array compared with itself
    /// answers without reading its elements).
    struct Key: Hashable, Sendable {
        var text: String
        var arguments: [Value]
        /// The schema's root, compared by identity (and kept alive, so its identity is never reused).
        var schemaRoot: SchemaObject?
        var schemaVariables: [String: SchemaType]
        var symbols: [String]?
        var limits: Limits

        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(arguments.count)
            hasher.combine(schemaRoot.map(ObjectIdentifier.init))
            hasher.combine(symbols?.count ?? -1)
        }
    }

    private struct Entry {
        var key: Key
        var result: CompilationResult
        var referenced: Bool
    }

    private struct State {
        var slots: [Key: Int] = [:]
        var entries: [Entry] = []
        var hand = 0
        var statistics = Statistics()
    }

    /// The most entries the cache holds.
    public let capacity: Int
    private let state: Mutex<State>

    /// A cache holding at most `capacity` compilations (at least one).
    public init(capacity: Int = 1_024) {
        self.capacity = max(1, capacity)
        state = Mutex(State())
    }

    /// Hits, misses, evictions and the number of entries.
    public var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Empties the cache and resets its statistics.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The result of compiling `text` with `arguments` (against `schema` when given, with `symbols` in
    /// form mode), from the cache when the same compilation was made before.
    public func compile(
        _ text: String, arguments: [Value] = [], schema: Schema? = nil, symbols: SymbolTable? = nil,
        limits: Limits = .default
    ) -> CompilationResult {
        let key = Key(
            text: text, arguments: arguments, schemaRoot: schema?.root, schemaVariables: schema?.variables ?? [:],
            symbols: symbols?.tags, limits: limits)
        if let cached = lookUp(key) { return cached }
        let result: CompilationResult
        if let schema {
            result = CompiledPredicate.compile(text, arguments: arguments, schema: schema, limits: limits)
        } else {
            result = CompiledPredicate.compile(text, arguments: arguments, symbols: symbols, limits: limits)
        }
        insert(key, result)
        return result
    }

    /// The compiled predicate for `text`, from the cache when it was compiled before; throws its
    /// diagnostics when it does not compile.
    public func predicate(
        _ text: String, arguments: [Value] = [], schema: Schema? = nil, symbols: SymbolTable? = nil,
        limits: Limits = .default
    ) throws(CompilationFailure) -> CompiledPredicate {
        let result = compile(text, arguments: arguments, schema: schema, symbols: symbols, limits: limits)
        guard let predicate = result.predicate else {
            throw CompilationFailure(diagnostics: result.diagnostics, source: result.source)
        }
        return predicate
    }

    /// The typed predicate for `text` over values of `Root`, from the cache when it was compiled before.
    public func predicate<Root>(
        _ text: String, arguments: [Value] = [], schema: TypeSchema<Root>, limits: Limits = .default
    ) throws(CompilationFailure) -> TypedPredicate<Root> {
        let predicate = try predicate(text, arguments: arguments, schema: schema.schema, limits: limits)
        return TypedPredicate(predicate: predicate, schema: schema.schema)
    }

    private func lookUp(_ key: Key) -> CompilationResult? {
        state.withLock { state in
            guard let slot = state.slots[key] else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            state.entries[slot].referenced = true
            return state.entries[slot].result
        }
    }

    private func insert(_ key: Key, _ result: CompilationResult) {
        state.withLock { state in
            guard state.slots[key] == nil else { return }
            if state.entries.count < capacity {
                state.slots[key] = state.entries.count
                state.entries.append(Entry(key: key, result: result, referenced: false))
                state.statistics.count = state.entries.count
                return
            }
            // CLOCK: every set bit is cleared once as the hand passes, so a victim is found within two sweeps.
            while state.entries[state.hand].referenced {
                state.entries[state.hand].referenced = false
                state.hand = (state.hand + 1) % state.entries.count
            }
            let victim = state.hand
            state.slots[state.entries[victim].key] = nil
            state.entries[victim] = Entry(key: key, result: result, referenced: false)
            state.slots[key] = victim
            state.hand = (victim + 1) % state.entries.count
            state.statistics.evictions += 1
        }
    }
}
