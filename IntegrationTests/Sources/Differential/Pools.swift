// Pools: the values rows and predicates are drawn from — strings in mixed case, non-ASCII (composed and
// decomposed, case foldings that expand, fullwidth, astral), hostile ones (quotes, %, _, *, ?, [, \, NUL,
// a SQL injection attempt), integers at the edges of Int64 and of doubles' exact range, doubles with
// signed zeros, infinities and NaN. Rows and constants share them, so comparisons meet equal values.

import Foundation
import PredicateLang

/// The values the generators draw from.
public enum Pools {
    public static let words: [String] = [
        "", "a", "A", "ab", "abc", "ABC", "Abc", "abd", "b", "B", "zz", "x", "jo", "Jo", "JO", "john", "John", "JOHN",
        "joan", "Paris", "paris", "NZ", "nz", "gift", "rush", "Gift", "A-1", "a-1", "A-2", "B_2", "sku-9",
        "é", "É", "e\u{301}", "école", "École", "ecole", "Ecole", "e\u{301}cole", "straße", "STRASSE", "strasse", "ß",
        "ﬁ", "fi", "Ａ", "ａｂｃ", "σ", "ς", "Σ", "İ", "i", "ı", "\u{212A}", "k", "K", "😀", "a😀", "\u{E000}", "\u{FFFD}",
        "Ä", "ä", "ö", "z", "Z", "~", "_", "%",
        "a%b", "a_b", "a*b", "a?b", "a[b]", "[", "]", "a\\b", "\\", "c:\\dir", "it's", "say \"hi\"", "100%", "50_50",
        "'); DROP TABLE t; --", "\"; DROP TABLE \"t\"; --", "line\nbreak", "crlf\r\nx", "tab\tx", " padded ",
        "ab\u{0}cd", "\u{0}", "a.b", "a+b", "(x)", "{y}", "$1", "?1", "a|b", "^a$",
        String(repeating: "long", count: 75),
    ]

    public static let asciiWords: [String] = words.filter { $0.utf8.allSatisfy { $0 < 0x80 && $0 != 0 } }

    public static let integers: [Int64] = [
        0, 1, -1, 2, 3, 5, 7, 10, 17, 18, 42, 100, -100, 1_000_000, -7, 255,
        Int64.max, Int64.min, Int64.max - 1, Int64.min + 1, 1 << 53, (1 << 53) + 1, -((1 << 53) + 1), 1 << 62,
        9_007_199_254_740_993, 4_611_686_018_427_387_904, 3_037_000_500,
    ]

    public static let doubles: [Double] = [
        0.0, -0.0, 0.5, -0.5, 1.0, 1.5, 2.5, -2.5, 10.0, 100.0, 0.1, 0.30000000000000004, 1e300, -1e300, 1e-300,
        .infinity, -.infinity, .nan, 9_007_199_254_740_992.0, 9_007_199_254_740_994.0, 9.223372036854775807e18,
        4.2, 17.5, 18.0, 1e15, .leastNonzeroMagnitude,
    ]

    /// Instants on the millisecond grid, as ISO-8601 text (the form a row stores).
    public static let dateTexts: [String] = [
        "2024-01-01T00:00:00.000Z", "2024-01-01T00:00:00.001Z", "2023-12-31T23:59:59.999Z", "2001-01-01T00:00:00.000Z",
        "1970-01-01T00:00:00.000Z", "1999-12-31T23:59:59.500Z", "2024-02-29T12:30:45.123Z", "2100-01-01T00:00:00.000Z",
        "1900-06-15T08:00:00.250Z", "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2038-01-19T03:14:07.000Z",
    ]

    /// The date a text stands for, as the VM reads it (through typed JSON).
    public static func date(_ text: String) -> Date {
        guard case .date(let date)? = try? TypedJSON.parse("{\"$date\": \"\(text)\"}") else {
            return Date(timeIntervalSinceReferenceDate: 0)
        }
        return date
    }

    /// A random instant on the millisecond grid between 1900 and 2100.
    public static func randomDateText(_ random: inout SeededRandom) -> String {
        let year = random.int(1900...2100)
        let month = random.int(1...12)
        let day = random.int(1...28)
        let pad = { (value: Int, width: Int) in
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(random.int(0...23), 2)):"
            + "\(pad(random.int(0...59), 2)):\(pad(random.int(0...59), 2)).\(pad(random.int(0...999), 3))Z"
    }
}
