// JSONEscape: the string-escape rules of RFC 8259 §7, shared by the positioned parser (JSONParser,
// which reports each failure with its position) and the one-pass reader (TypedJSONReader, which
// gives up and lets the positioned parser report it).

enum JSONEscape {
    /// The byte a one-letter escape stands for (`\n` → 0x0A, `\/` → `/`); nil for `u` and for letters
    /// that are not escapes.
    @inline(__always)
    static func byte(for letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The value of one hex digit of a `\u` escape.
    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte &- UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte &- UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    static let highSurrogates: ClosedRange<UInt32> = 0xD800...0xDBFF
    static let lowSurrogates: ClosedRange<UInt32> = 0xDC00...0xDFFF

    /// The code point of a surrogate pair (`high` and `low` in their ranges).
    @inline(__always)
    static func codePoint(high: UInt32, low: UInt32) -> UInt32 {
        0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }
}
