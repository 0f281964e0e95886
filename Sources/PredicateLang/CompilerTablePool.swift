// CompilerTablePool: compiler tables kept between the compiles that are not given any (a server compiling the
// predicate of each request), so that such a compile allocates none of its growing tables either — as a
// form's load, which hands one set from condition to condition, already does not.

/// A few emptied ``CompilerTables`` shared by every thread. A compile that is not given tables takes a set
/// from ``shared`` (or empty ones when none is kept), writes into it, and gives it back emptied. At most
/// ``capacity`` sets are kept, and only sets with room for at most ``keptRoom`` instructions (and an eighth
/// as many matchers): a few tens of kilobytes at most stay with the process. Where there is no POSIX mutex
/// (``LockedValue``) nothing is kept.
final class CompilerTablePool: Sendable {
    /// The pool every compile not given tables uses: four sets (one per thread compiling at the same time is
    /// enough), of room for at most 128 instructions each.
    static let shared = CompilerTablePool(capacity: 4, keptRoom: 128)

    /// The most sets kept.
    let capacity: Int
    /// The most instructions, source ranges and graph nodes a kept set has room for.
    let keptRoom: Int
    private let sets: LockedValue<[CompilerTables]>?

    init(capacity: Int, keptRoom: Int) {
        self.capacity = capacity
        self.keptRoom = keptRoom
        sets = LockedValue([])
    }

    /// How many sets are kept now.
    var count: Int { sets?.withLock { $0.count } ?? 0 }

    /// A kept set, or empty tables when none is kept.
    func take() -> CompilerTables {
        sets?.withLock { $0.popLast() } ?? CompilerTables()
    }

    /// Keeps `tables` (emptied by the compile that used them) for a later compile, unless the pool is full or
    /// they have grown past ``keptRoom``; `tables` is left nil.
    func give(_ tables: inout CompilerTables?) {
        guard let given = tables.take(), given.hasRoom(atMost: keptRoom) else { return }
        let capacity = capacity
        sets?.withLock { kept in
            if kept.count < capacity { kept.append(given) }
        }
    }
}
