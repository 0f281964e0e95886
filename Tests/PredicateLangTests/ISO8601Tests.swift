import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ISO-8601 reader and writer behind `{"$date": "..."}` and CAST to NSDate.
@Suite("ISO 8601")
struct ISO8601Tests {
    @Test(
        "accepted forms, as seconds since 2001-01-01",
        arguments: [
            ("2001-01-01T00:00:00Z", 0.0),
            ("2001-01-01t00:00:00z", 0),
            ("2001-01-01 00:00:01Z", 1),
            ("2001-01-01T00:00Z", 0),
            ("2001-01-01", 0),
            ("2001-01-01T00:00:00.25Z", 0.25),
            ("2001-01-01T00:00:00,5Z", 0.5),
            ("2001-01-01T01:00:00+01:00", 0),
            ("2001-01-01T01:30:00+0130", 0),
            ("2000-12-31T23:00:00-01", 0),
            ("2000-02-29T00:00:00Z", -26_524_800),
            ("1970-01-01T00:00:00Z", -978_307_200),
            ("0001-01-01T00:00:00Z", -63_113_904_000),
            ("9999-12-31T23:59:59Z", 252_423_993_599),
        ])
    func accepted(_ text: String, _ seconds: Double) {
        #expect(ISO8601.parse(text)?.timeIntervalSinceReferenceDate == seconds)
    }

    @Test(
        "rejected forms",
        arguments: [
            "", "2001", "2001-1-01", "2001-13-01", "2001-00-10", "2001-02-29", "1900-02-29", "2001-04-31",
            "2001-01-01T24:00:00Z", "2001-01-01T12:60:00Z", "2001-01-01T12:00:60Z", "2001-01-01T12Z",
            "2001-01-01T12:00:00.Z", "2001-01-01T12:00:00+24:00", "2001-01-01T12:00:00Zjunk", "yesterday",
            "2001-01-01X12:00:00Z", "２００１-01-01",
        ])
    func rejected(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test(
        "formatting writes UTC with the shortest exact fraction",
        arguments: [
            (0.0, "2001-01-01T00:00:00Z"),
            (0.5, "2001-01-01T00:00:00.5Z"),
            (-0.5, "2000-12-31T23:59:59.5Z"),
            (86_400 * 365 + 3_661.001, "2002-01-01T01:01:01.001Z"),
            (-978_307_200, "1970-01-01T00:00:00Z"),
        ])
    func formatting(_ seconds: Double, _ expected: String) {
        #expect(ISO8601.format(Date(timeIntervalSinceReferenceDate: seconds)) == expected)
    }

    @Test("NSDate's description format")
    func foundationDescription() {
        #expect(
            ISO8601.foundationDescription(Date(timeIntervalSinceReferenceDate: 3_600.75)) == "2001-01-01 01:00:00 +0000"
        )
        #expect(ISO8601.format(Date(timeIntervalSinceReferenceDate: 1e15)) == nil)
        #expect(ISO8601.format(Date(timeIntervalSinceReferenceDate: .nan)) == nil)
    }
}
