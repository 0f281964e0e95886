// RegexBoundaryTables: the zero-width assertions of MATCHES evaluated at a subject position, as ICU defines
// them (line anchors with CR LF, `\b` skipping marks and format characters, `(?w)` and `\X` boundaries).
// Boundaries that depend on more than the neighbouring code points are tabulated once per subject.

/// Per-subject boundary tables and the assertion tests that read them. Shared by both matchers.
struct RegexBoundaryTables {
    /// ICU's `\b` at every position (0...count), when the program uses `\b` or `\B`.
    private var wordBoundaries: [Bool] = []
    /// UAX #29 word boundaries (`(?w)`), when used.
    private var unicodeWordBoundaries: [Bool] = []
    /// Grapheme cluster boundaries (`\X`), when used.
    private var graphemeBoundaries: [Bool] = []

    init<Subject: RandomAccessCollection>(_ subject: Subject, program: RegexProgram)
    where Subject.Element == Unicode.Scalar, Subject.Index == Int {
        self.init(
            subject, words: program.usesWordBoundaries, unicodeWords: program.usesUnicodeWordBoundaries,
            graphemes: program.usesGraphemeBoundaries)
    }

    init<Subject: RandomAccessCollection>(_ subject: Subject, words: Bool, unicodeWords: Bool, graphemes: Bool)
    where Subject.Element == Unicode.Scalar, Subject.Index == Int {
        if words { wordBoundaries = Self.wordBoundaries(subject) }
        if unicodeWords { unicodeWordBoundaries = RegexWordBreaks.boundaries(subject) }
        if graphemes { graphemeBoundaries = RegexGraphemes.boundaries(subject) }
    }

    /// Whether `assertion` holds at `position` (0...count) of `subject`.
    func holds<Subject: RandomAccessCollection>(_ assertion: RegexAssertion, _ subject: Subject, at position: Int)
        -> Bool
    where Subject.Element == Unicode.Scalar, Subject.Index == Int {
        let count = subject.count
        func at(_ offset: Int) -> UInt32? {
            offset >= 0 && offset < count ? subject[subject.startIndex + offset].value : nil
        }
        switch assertion {
        case .startOfInput:
            return position == 0
        case .startOfLine:
            return position == 0 || position < count && Self.isTerminator(at(position - 1))
        case .startOfUnixLine:
            return position == 0 || at(position - 1) == 0x0A
        case .endOfInput:
            return position == count
        case .endOfInputOrFinalTerminator:
            if position == count { return true }
            if position == count - 1 {
                return Self.isTerminator(at(position)) && !(at(position) == 0x0A && at(position - 1) == 0x0D)
            }
            return position == count - 2 && at(position) == 0x0D && at(position + 1) == 0x0A
        case .endOfInputOrFinalNewline:
            return position == count || position == count - 1 && at(position) == 0x0A
        case .endOfLine:
            if position == count { return true }
            return Self.isTerminator(at(position)) && !(at(position) == 0x0A && at(position - 1) == 0x0D)
        case .endOfUnixLine:
            return position == count || at(position) == 0x0A
        case .wordBoundary: return Self.entry(wordBoundaries, position)
        case .notWordBoundary: return !Self.entry(wordBoundaries, position)
        case .unicodeWordBoundary: return Self.entry(unicodeWordBoundaries, position)
        case .notUnicodeWordBoundary: return !Self.entry(unicodeWordBoundaries, position)
        case .graphemeBoundary: return Self.entry(graphemeBoundaries, position)
        case .notGraphemeBoundary: return !Self.entry(graphemeBoundaries, position)
        case .atCarriageReturnLineFeed: return at(position) == 0x0D && at(position + 1) == 0x0A
        case .notAtCarriageReturnLineFeed: return !(at(position) == 0x0D && at(position + 1) == 0x0A)
        }
    }

    /// A table entry; the compilers ask for every table a program reads, so a missing one is a bug.
    private static func entry(_ table: [Bool], _ position: Int) -> Bool {
        assert(position < table.count, "boundary table not prepared")
        return position < table.count && table[position]
    }

    /// ICU's line terminators: LF, VT, FF, CR, NEL, LS, PS.
    static func isTerminator(_ value: UInt32?) -> Bool {
        guard let value else { return false }
        return value &- 0x0A < 4 || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// ICU's `\b`: a boundary lies between a word character and a non-word character, where marks
    /// (Grapheme_Extend) and format characters belong to the character before them; never before one.
    static func wordBoundaries<Subject: RandomAccessCollection>(_ subject: Subject) -> [Bool]
    where Subject.Element == Unicode.Scalar, Subject.Index == Int {
        let count = subject.count
        var result = Array(repeating: false, count: count + 1)
        var previousIsWord = false
        for offset in 0...count {
            if offset == count {
                result[offset] = previousIsWord
                break
            }
            let scalar = subject[subject.startIndex + offset]
            if isExtendOrFormat(scalar) {
                result[offset] = false
                continue
            }
            let isWord = RegexProperty.isWord(scalar)
            result[offset] = isWord != previousIsWord
            previousIsWord = isWord
        }
        return result
    }

    /// Marks and format characters, which `\b` looks through.
    static func isExtendOrFormat(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x80 else { return false }
        let properties = scalar.properties
        return properties.isGraphemeExtend || properties.generalCategory == .format
    }
}
