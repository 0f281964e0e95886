// FunctionEnvironment: the two impure inputs built-in functions read (`now()`, `random()`,
// `randomn:`), injectable so evaluation is reproducible in tests and in `predc`.

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The clock and random source that `now()`, `random()` and `randomn:` use.
///
/// ```swift
/// let frozen = FunctionEnvironment.fixed(now: Date(timeIntervalSinceReferenceDate: 0), random: 0.5)
/// try BuiltinFunction.now.apply([], environment: frozen)   // .date(2001-01-01 00:00:00 UTC)
/// ```
public struct FunctionEnvironment: Sendable {
    /// The current date.
    public var now: @Sendable () -> Date
    /// A random double in `0..<1`. Values outside that range are clamped into it.
    public var random: @Sendable () -> Double

    public init(now: @escaping @Sendable () -> Date, random: @escaping @Sendable () -> Double) {
        self.now = now
        self.random = random
    }

    /// The system clock and `Double.random(in: 0..<1)`.
    public static let live = FunctionEnvironment(now: { Date() }, random: { Double.random(in: 0..<1) })

    /// A frozen clock and a constant "random" number, for reproducible evaluation.
    public static func fixed(now: Date, random: Double = 0) -> FunctionEnvironment {
        FunctionEnvironment(now: { now }, random: { random })
    }
}
