import Testing

@testable import PredicateLang

/// A compiled set's ASCII bitmap, computed from the set's structure, against the set's own members code point
/// by code point; the ASCII general-category table against the standard library's Unicode data.
@Suite("MATCHES sets: ASCII bitmaps")
struct RegexASCIIMaskTests {
    /// Category bit `n` of ``RegexProperty/generalCategories(_:)``.
    static func categories(_ numbers: UInt32...) -> RegexProperty {
        .generalCategories(numbers.reduce(0) { $0 | 1 << $1 })
    }

    static let letters = RegexSet.property(categories(1, 2, 3, 4, 5))
    static let digits = RegexSet.property(categories(9))
    static let lowercase = RegexSet.ranges(RegexRangeList(0x61, 0x7A))

    static let sets: [(String, RegexSet)] = [
        ("empty", .empty),
        ("one code point", .single(0x41)),
        ("a range across the word boundary", .ranges(RegexRangeList(0x30, 0x50))),
        ("a range from the first code point", .ranges(RegexRangeList(0, 5))),
        ("a range to 127", .ranges(RegexRangeList(0x70, 0x7F))),
        ("a range past ASCII", .ranges(RegexRangeList(0x7A, 0x2000))),
        ("a range outside ASCII", .ranges(RegexRangeList(0x100, 0x200))),
        ("every code point", .ranges(.all)),
        ("letters", letters),
        ("digits", digits),
        ("punctuation and symbols", .property(categories(19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29))),
        ("controls and separators", .property(categories(12, 15))),
        ("unassigned", .property(categories(0))),
        ("alphabetic", .property(.binary(.alphabetic))),
        ("ASCII hex digits", .property(.binary(.asciiHexDigit))),
        ("Latin script", .property(.script(25))),
        ("letters or digits", .union(letters, digits)),
        ("lowercase letters", .intersection(letters, lowercase)),
        ("letters but lowercase", .difference(letters, lowercase)),
        ("not letters", .complement(letters)),
        ("not letters or digits", .complement(.union(letters, digits))),
        ("Kelvin sign, case-closed", .caseClosure(.single(0x212A))),
        ("lowercase, case-closed", .caseClosure(lowercase)),
        ("letters but digits, case-closed, complemented", .complement(.caseClosure(.difference(letters, digits)))),
    ]

    @Test("a set's ASCII mask holds exactly its ASCII members", arguments: sets)
    func maskMatchesMembers(_ name: String, _ set: RegexSet) {
        let mask = set.asciiMask
        for value in UInt32(0)..<128 {
            #expect(mask.contains(value) == set.contains(value), "\(name): U+\(String(value, radix: 16))")
        }
    }

    @Test("a compiled set answers as the set, in and out of ASCII", arguments: sets)
    func compiledSetMatchesSet(_ name: String, _ set: RegexSet) {
        let compiled = RegexCompiledSet(set)
        for value in Array(UInt32(0)..<200) + [0x212A, 0x10FFFF] {
            #expect(compiled.contains(value) == set.contains(value), "\(name): U+\(String(value, radix: 16))")
        }
    }

    @Test("the ASCII category table is Unicode's")
    func asciiCategoriesAreUnicodes() {
        #expect(RegexProperty.asciiCategories.count == 128)
        for value in UInt32(0)..<128 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(RegexProperty.category(of: scalar) == RegexProperty.unicodeCategory(of: scalar), "U+\(value)")
        }
    }
}
