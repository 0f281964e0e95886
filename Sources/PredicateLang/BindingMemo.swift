// BindingMemo: the last binding of a typed predicate's variables, kept so that batches filtered or
// counted again with the same variable values (a server answering page after page of the same query)
// reuse the predicate compiled for them instead of compiling it once per batch. One entry, keyed by the
// values of the variables the predicate reads; only scalar values (null, booleans, numbers, strings,
// dates) are remembered, compared by kind and exact value, so `1`, `1.0` and `true` are three bindings.
// A binding that does not compile is remembered too (the batch then runs the predicate as compiled).
// The lock is held only to look up and to store: compiling happens outside it, so two threads that miss
// at once both compile and the later store wins.

import Synchronization

/// The most recent variable binding of a ``TypedPredicate`` and the predicate compiled for it.
final class BindingMemo: Sendable {
    /// The lock and its entry (a `Mutex` needs macOS 15 / iOS 18; before them nothing is remembered).
    private let storage: (any AnyObject & Sendable)?

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            storage = LockedBinding()
        } else {
            storage = nil
        }
    }

    /// Lookups answered from the remembered binding (for tests).
    var hits: Int {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let locked = storage as? LockedBinding {
            return locked.state.withLock { $0.hits }
        }
        return 0
    }

    /// The program for `variables`: the remembered one when they bind the predicate's variables to the
    /// same values as last time, else `bind(names)` (`names`: the variables the predicate reads, listed
    /// once each), remembered when every value is a scalar.
    func core(
        for variables: borrowing [String: Value], names: () -> [String],
        bind: ([String]) -> CompiledPredicate.Core?
    ) -> CompiledPredicate.Core? {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
            let locked = storage as? LockedBinding
        else { return bind(names()) }
        return locked.core(for: variables, names: names, bind: bind)
    }
}

/// The memo's entry behind a lock.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class LockedBinding: Sendable {
    struct Entry {
        /// The value bound to each of ``State/names``, in order (one per name).
        let values: [Value]
        /// The predicate compiled with them; nil when the binding did not compile.
        let core: CompiledPredicate.Core?
    }

    struct State {
        /// The variables the predicate reads, once each (computed on first use).
        var names: [String]?
        var entry: Entry?
        var hits = 0
    }

    let state = Mutex(State())

    func core(
        for variables: borrowing [String: Value], names computeNames: () -> [String],
        bind: ([String]) -> CompiledPredicate.Core?
    ) -> CompiledPredicate.Core? {
        let (names, hit) = state.withLock { state -> ([String], CompiledPredicate.Core??) in
            let names = state.names ?? computeNames()
            state.names = names
            guard let entry = state.entry, Self.bindsSame(variables, names, entry.values) else { return (names, nil) }
            state.hits += 1
            return (names, .some(entry.core))
        }
        if let hit { return hit }
        let core = bind(names)
        var values: [Value] = []
        values.reserveCapacity(names.count)
        for name in names {
            guard let value = variables[name], Self.isScalar(value) else { return core }
            values.append(value)
        }
        let entry = Entry(values: values, core: core)
        state.withLock { $0.entry = entry }
        return core
    }

    /// Whether `variables` binds each of `names` to the value remembered for it, of the same kind.
    private static func bindsSame(_ variables: borrowing [String: Value], _ names: [String], _ values: [Value]) -> Bool
    {
        for index in names.indices {
            guard let value = variables[names[index]], value.isIdentical(to: values[index]) else { return false }
        }
        return true
    }

    private static func isScalar(_ value: Value) -> Bool {
        switch value {
        case .null, .bool, .int, .double, .string, .date: true
        case .array, .set, .dictionary: false
        }
    }
}
