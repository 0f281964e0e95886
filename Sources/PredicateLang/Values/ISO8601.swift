// ISO8601: a small, dependency-free reader and writer for ISO-8601 timestamps, used by typed JSON
// (`{"$date": "..."}`), CAST to NSDate from a string, and date descriptions in messages.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads and writes ISO-8601 / RFC 3339 timestamps in the proleptic Gregorian calendar.
///
/// Accepted: `YYYY-MM-DD`, optionally followed by `T` (or `t` or a space) and `HH:MM`,
/// `HH:MM:SS` or `HH:MM:SS.fraction` (any number of fraction digits), optionally followed by `Z`
/// or an offset `±HH`, `±HHMM` or `±HH:MM`. A timestamp without an offset is read as UTC, and a
/// date without a time as midnight UTC. Leap seconds (`:60`) are rejected.
package enum ISO8601 {
    /// Seconds between 1970-01-01 and 2001-01-01 (Foundation's reference date).
    static let referenceSeconds: Int64 = 978_307_200

    /// The date `text` denotes, or nil when it is not a timestamp of the accepted forms.
    package static func parse(_ text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), reader.take("-"), let month = reader.digits(2), reader.take("-"),
            let day = reader.digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month) else { return nil }
        // Whole seconds are exact integers; the fraction is added last, in one rounding, so a
        // timestamp written by `format` reads back to the identical Double.
        var seconds = daysFromCivil(year, month, day) * 86_400 - referenceSeconds
        var fraction = 0.0
        if reader.take("T") || reader.take("t") || reader.take(" ") {
            guard let hour = reader.digits(2), reader.take(":"), let minute = reader.digits(2) else { return nil }
            var second = 0
            if reader.take(":") {
                guard let whole = reader.digits(2) else { return nil }
                second = whole
                if reader.take(".") || reader.take(",") {
                    guard let digits = reader.fractionDigits(), let value = Double("0." + digits) else { return nil }
                    fraction = value
                }
            }
            guard hour <= 23, minute <= 59, second <= 59 else { return nil }
            seconds += Int64(hour * 3600 + minute * 60 + second)
            if reader.take("Z") || reader.take("z") {
                // UTC
            } else if let sign = reader.sign() {
                guard let offsetHours = reader.digits(2) else { return nil }
                var offsetMinutes = 0
                if reader.take(":") {
                    guard let minutes = reader.digits(2) else { return nil }
                    offsetMinutes = minutes
                } else if let minutes = reader.digits(2) {
                    offsetMinutes = minutes
                }
                guard offsetHours <= 23, offsetMinutes <= 59 else { return nil }
                seconds -= Int64(sign * (offsetHours * 3600 + offsetMinutes * 60))
            }
        }
        guard reader.isAtEnd else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(seconds) + fraction)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` in UTC; nil for dates whose year is outside 0...9999 or
    /// whose fraction needs more than 17 digits to read back exactly.
    ///
    /// The fraction has the fewest digits (at most 17, trailing zeros dropped) for which
    /// ``parse(_:)`` returns the identical `Date`, so `format` and `parse` round-trip exactly.
    package static func format(_ date: Date) -> String? {
        guard let parts = Parts(date) else { return nil }
        var text = "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
        text += "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
        if parts.fraction != 0 {
            guard let digits = fractionDigits(whole: parts.wholeSeconds, target: date.timeIntervalSinceReferenceDate)
            else { return nil }
            text += "." + digits
        }
        return text + "Z"
    }

    /// The shortest decimal fraction `f` with `Double(whole) + Double("0." + f) == target`.
    static func fractionDigits(whole: Int64, target: Double) -> String? {
        let base = Double(whole)
        let fraction = target - base
        var scale = 1.0
        for count in 1...17 {
            scale *= 10
            guard let scaled = UInt64(exactly: (fraction * scale).rounded()), scaled > 0 else { continue }
            var digits = String(scaled)
            guard digits.count <= count else { continue }
            digits = String(repeating: "0", count: count - digits.count) + digits
            if let value = Double("0." + digits), base + value == target {
                while digits.hasSuffix("0") { digits.removeLast() }
                return digits
            }
        }
        return nil
    }

    /// `YYYY-MM-DD HH:MM:SS +0000`, as `-[NSDate description]` prints; nil outside years 0...9999.
    package static func foundationDescription(_ date: Date) -> String? {
        guard let parts = Parts(date) else { return nil }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2)) "
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)) +0000"
    }

    /// Calendar fields of a date in UTC, with the whole seconds since 2001 and the fraction.
    struct Parts {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        var wholeSeconds: Int64 = 0
        var fraction = 0.0

        init?(_ date: Date) {
            let interval = date.timeIntervalSinceReferenceDate
            // Years 0...9999 lie within about ±3.2e11 seconds of 2001.
            guard interval.isFinite, interval > -64_000_000_000, interval < 252_000_000_000 else { return nil }
            let whole = interval.rounded(.down)
            guard let seconds = Int64(exactly: whole) else { return nil }
            wholeSeconds = seconds
            fraction = interval - whole
            let unix = seconds + ISO8601.referenceSeconds
            let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
            let secondOfDay = Int(unix - days * 86_400)
            let civil = ISO8601.civilFromDays(days)
            guard (0...9999).contains(civil.year) else { return nil }
            year = civil.year
            month = civil.month
            day = civil.day
            hour = secondOfDay / 3600
            minute = secondOfDay % 3600 / 60
            second = secondOfDay % 60
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    static func isLeapYear(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// A cursor over ASCII bytes.
    struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[position + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            position += count
            return value
        }

        mutating func fractionDigits() -> String? {
            let start = position
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
            guard position > start else { return nil }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
