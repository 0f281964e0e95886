// SQLDateText: how a date column holds an instant. SQLite has no date type: a date is TEXT in one fixed
// layout, `YYYY-MM-DDTHH:MM:SS.sssZ` (UTC, milliseconds), which sorts as the instants do. PostgreSQL's
// `timestamptz` keeps microseconds; its parameters are written `YYYY-MM-DDTHH:MM:SS.ssssssZ`. The instant
// a stored text stands for is the one the VM reads from it (ISO8601.parse), so a row read back and
// evaluated in process compares exactly as the SQL does.

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The instants a dialect's date column holds: one per tick of its grid (a millisecond in SQLite, a
/// microsecond in PostgreSQL) in years 0001 to 9999.
struct SQLDateGrid {
    /// Ticks per second.
    let scale: Int64
    /// Fraction digits in the text.
    let digits: Int

    init(_ dialect: SQLDialect) {
        (scale, digits) = dialect == .sqlite ? (1_000, 3) : (1_000_000, 6)
    }

    /// The first and last tick of years 0001–9999, counted from 2001-01-01.
    private var bounds: ClosedRange<Int64> {
        let first = (ISO8601.daysFromCivil(1, 1, 1) * 86_400 - ISO8601.referenceSeconds) * scale
        let last = (ISO8601.daysFromCivil(10_000, 1, 1) * 86_400 - ISO8601.referenceSeconds) * scale - 1
        return first...last
    }

    /// The text of tick `tick`: `YYYY-MM-DDTHH:MM:SS.fff…Z`; nil outside years 0001–9999.
    func text(_ tick: Int64) -> String? {
        guard bounds.contains(tick) else { return nil }
        let ticksPerDay = 86_400 * scale
        let sinceEpoch = tick + ISO8601.referenceSeconds * scale
        var days = sinceEpoch / ticksPerDay
        var remainder = sinceEpoch % ticksPerDay
        if remainder < 0 {
            days -= 1
            remainder += ticksPerDay
        }
        let (year, month, day) = ISO8601.civilFromDays(days)
        let seconds = Int(remainder / scale)
        let fraction = String(remainder % scale)
        return ISO8601.pad(year, 4) + "-" + ISO8601.pad(month, 2) + "-" + ISO8601.pad(day, 2) + "T"
            + ISO8601.pad(seconds / 3600, 2) + ":" + ISO8601.pad(seconds / 60 % 60, 2) + ":"
            + ISO8601.pad(seconds % 60, 2) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
            + "Z"
    }

    /// The instant the VM reads from tick `tick`'s text, in seconds since 2001-01-01.
    func instant(_ tick: Int64) -> Double? {
        text(tick).flatMap(ISO8601.parse)?.timeIntervalSinceReferenceDate
    }

    /// The first tick whose instant satisfies `holds`, for a `holds` that is false and then true as the
    /// ticks grow (the instants never decrease); nil when no tick satisfies it. Several ticks can share an
    /// instant where a double is coarser than the grid (microseconds before 1729 or after 2273).
    func firstTick(where holds: (Double) -> Bool) -> Int64? {
        var low = bounds.lowerBound
        var high = bounds.upperBound
        guard let last = instant(high), holds(last) else { return nil }
        if let first = instant(low), holds(first) { return low }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if let value = instant(middle), holds(value) { high = middle } else { low = middle }
        }
        return high
    }

    /// The first tick of the grid.
    var firstTick: Int64 { bounds.lowerBound }

    /// The grid's text for `date` (its nearest tick), as a writer stores it.
    func text(for date: Date) -> String? {
        let scaled = (date.timeIntervalSinceReferenceDate * Double(scale)).rounded()
        guard scaled.isFinite, let tick = Int64(exactly: scaled) else { return nil }
        return text(tick)
    }
}

extension SQLDialect {
    /// The text a date column holds for `date`, to write rows the translation reads: in SQLite the
    /// column's TEXT (`2024-05-01T09:30:00.250Z`, rounded to the millisecond), in PostgreSQL a
    /// `timestamptz` input (`2024-05-01T09:30:00.250000Z`, rounded to the microsecond). Nil outside years
    /// 0001–9999.
    public func dateText(_ date: Date) -> String? {
        SQLDateGrid(self).text(for: date)
    }
}

extension SQLTranslator {
    /// `x op date` for a non-nil date `x`. The ticks whose instants pass form a range, found by
    /// bisection with the VM's own comparison; SQL compares the stored ticks with its ends.
    mutating func dateCore(
        _ x: SQLScalar, _ op: ComparisonOperator, _ date: Date, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite else {
            throw SQLRefusal("a date that is not finite is not translated", at: comparison.range)
        }
        let grid = SQLDateGrid(dialect)
        let notBefore = grid.firstTick { $0 >= seconds }
        let after = grid.firstTick { $0 > seconds }
        switch op {
        case .lessThan: return below(x.sql, notBefore, grid)
        case .lessThanOrEqualTo: return below(x.sql, after, grid)
        case .greaterThan: return notBelow(x.sql, after, grid)
        case .greaterThanOrEqualTo: return notBelow(x.sql, notBefore, grid)
        case .equalTo, .notEqualTo:
            guard let low = notBefore, low != after else { return .constant(op == .notEqualTo) }
            var equal: SQLCondition
            if let high = after, high == low + 1, let text = grid.text(low) {
                equal = .exact("\(x.sql) = \(bind(.string(text), as: .timestamptz))")
            } else {
                equal = .all([notBelow(x.sql, low, grid), below(x.sql, after, grid)])
            }
            return op == .equalTo ? equal : equal.negated
        default:
            return .alwaysFalse
        }
    }

    /// `x >= tick` (no stored date when there is no tick).
    private mutating func notBelow(_ x: String, _ tick: Int64?, _ grid: SQLDateGrid) -> SQLCondition {
        guard let tick, let text = grid.text(tick) else { return .alwaysFalse }
        if tick == grid.firstTick { return .alwaysTrue }
        return .exact("\(x) >= \(bind(.string(text), as: .timestamptz))")
    }

    /// `x < tick` (every stored date when there is no tick).
    private mutating func below(_ x: String, _ tick: Int64?, _ grid: SQLDateGrid) -> SQLCondition {
        guard let tick, let text = grid.text(tick) else { return .alwaysTrue }
        if tick == grid.firstTick { return .alwaysFalse }
        return .exact("\(x) < \(bind(.string(text), as: .timestamptz))")
    }
}
