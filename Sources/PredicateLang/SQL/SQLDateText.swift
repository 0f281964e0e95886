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

    /// Where `seconds` falls on the grid: the tick whose instant it is (`exact`), or else the last tick
    /// before it; nil outside years 0001–9999.
    func position(of seconds: Double) -> (tick: Int64, isExact: Bool)? {
        let scaled = (seconds * Double(scale)).rounded(.down)
        guard scaled.isFinite, let start = Int64(exactly: scaled), bounds.contains(start) else { return nil }
        // The nearest ticks bracket `seconds`; step until the last one not after it.
        var tick = start
        for _ in 0..<4 {
            guard let here = instant(tick) else { return nil }
            if here > seconds {
                tick -= 1
            } else if let next = instant(tick + 1), next <= seconds {
                tick += 1
            } else {
                return (tick, here == seconds)
            }
        }
        return nil
    }

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
    /// `x op date` for a non-nil date `x`. A stored date is a tick of the grid; a constant between two
    /// ticks is equal to none of them and ordered after the earlier one.
    mutating func dateCore(
        _ x: SQLScalar, _ op: ComparisonOperator, _ date: Date, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        let grid = SQLDateGrid(dialect)
        guard let position = grid.position(of: date.timeIntervalSinceReferenceDate), let text = grid.text(position.tick)
        else {
            throw SQLRefusal("the date is outside years 0001–9999", at: comparison.range)
        }
        let symbol: String
        switch (op, position.isExact) {
        case (.equalTo, false): return .alwaysFalse
        case (.notEqualTo, false): return .alwaysTrue
        case (.lessThan, false), (.lessThanOrEqualTo, false): symbol = "<="
        case (.greaterThan, false), (.greaterThanOrEqualTo, false): symbol = ">"
        default: symbol = op.sqlSymbol
        }
        return .exact("\(x.sql) \(symbol) \(bind(.string(text), as: .timestamptz))")
    }
}
