// SubstringMatcher: a string comparison against a constant, prepared once at compile time. The VM's
// fused string leaves (`name BEGINSWITH[c] 'ab'`, `tag == 'x'`, `title CONTAINS[cd] 'é'`) call it.
// ASCII subjects are compared in place, byte by byte, with no Foundation and no heap allocation.

/// A comparison of run-time strings against a constant string (the needle), with the needle folded
/// once for the options.
///
/// `matches(subject, op)` answers `subject <op> needle` exactly as if the predicate were written with
/// the subject on the left and the constant on the right, with NSPredicate's string semantics:
///
/// ```swift
/// let matcher = SubstringMatcher(needle: "ab", options: .caseInsensitive)
/// matcher.matches("ABC", .beginsWith)   // true:  'ABC' BEGINSWITH[c] 'ab'
/// matcher.matches("a", .in)             // true:  'a' IN[c] 'ab' (the needle is the container)
/// matcher.matches("AA", .lessThan)      // true:  'AA' <[c] 'ab'
/// ```
///
/// - `beginsWith`, `endsWith`, `contains`: substring search; an empty needle never matches.
/// - `in`: the needle is the container: true when the needle contains the subject (an empty subject
///   never matches).
/// - `equalTo`, `notEqualTo`: without options, exact scalar equality (`isEqual:`); with options,
///   folded equality.
/// - `lessThan` … `greaterThanOrEqualTo`: `compare:` order of the folded strings (canonical
///   decompositions in UTF-16 code-unit order; the code units as they are with `[n]`).
/// - `like`, `matches`, `between`, `utiConformsTo`, `utiEquals` are not string comparisons against a
///   constant; `matches` returns false for them (use ``LikePattern``, ``RegexPattern`` or
///   ``Value/compare(_:_:_:options:limits:)``).
///
/// Cost: when the subject is ASCII and the folded needle is ASCII, the subject's UTF-8 bytes are
/// read in place (`withContiguousStorageIfAvailable`) and lowercased on the fly for `[c]`; this path
/// does not allocate. A non-ASCII subject is folded with ``StringFolding`` (allocates).
package struct SubstringMatcher: Sendable, Hashable {
    /// The needle as written.
    package let needle: String
    /// The options as written (`[n]` overrides `[c]`/`[d]`).
    package let options: ComparisonOptions
    /// The needle folded for `options` (NFC at least, unless `[n]`).
    let foldedNeedle: String
    /// Whether `foldedNeedle` is ASCII, so ASCII subjects can use the byte kernels.
    let isFoldedNeedleASCII: Bool
    /// The UTF-8 bytes of `foldedNeedle` (in place when short), kept so the byte kernels read them in place.
    let foldedNeedleBytes: ConstantBytes
    /// The effective folding options (`[n]`, or the `[c]`/`[d]` subset).
    let effective: ComparisonOptions

    /// Prepares `needle` for comparisons with `options`.
    /// The empty needle without options, prepared without folding: what a matcher of another kind keeps.
    init() {
        needle = ""
        options = []
        effective = []
        foldedNeedle = ""
        isFoldedNeedleASCII = true
        foldedNeedleBytes = ConstantBytes()
    }

    package init(needle: String, options: ComparisonOptions) {
        self.needle = needle
        self.options = options
        effective = StringFolding.effectiveOptions(options)
        foldedNeedle = StringFolding.fold(needle, options: options)
        isFoldedNeedleASCII = StringFolding.isASCII(foldedNeedle)
        foldedNeedleBytes = ConstantBytes(foldedNeedle)
    }

    /// The same needle scalars and options (everything else follows from them; needles that are only
    /// canonically equivalent are different under `[n]`).
    package static func == (lhs: SubstringMatcher, rhs: SubstringMatcher) -> Bool {
        lhs.options == rhs.options && lhs.needle.hasSameScalars(as: rhs.needle)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(options)
        needle.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Whether `subject <op> needle` holds (see ``SubstringMatcher`` for each operator).
    package func matches(_ subject: String, _ op: ComparisonOperator) -> Bool {
        withUnsafePointer(to: self) { Self.matches($0, subject, op) }
    }

    /// ``matches(_:_:)`` on a matcher read in place (the VM's side table), so it is never copied.
    @inline(__always)
    static func matches(_ matcher: UnsafePointer<SubstringMatcher>, _ subject: String, _ op: ComparisonOperator) -> Bool
    {
        if let fast = matchesASCII(matcher, subject, op) { return fast }
        if let anchored = matchesAnchoredASCII(matcher, subject, op) {
            assert(anchored == matcher.pointee.matchesUnicode(subject, op), "anchored shortcut disagrees with folding")
            return anchored
        }
        return matcher.pointee.matchesUnicode(subject, op)
    }

    /// The folded needle's bytes, in place (the matcher stays where it is while they are read).
    @_transparent
    private static func needleBytes(_ matcher: UnsafePointer<SubstringMatcher>) -> UnsafeBufferPointer<UInt8>? {
        matcher.pointer(to: \.foldedNeedleBytes).map(ConstantBytes.bytes)
    }

    /// The allocation-free path: nil when the subject or the folded needle is not ASCII.
    @inline(__always)
    private static func matchesASCII(
        _ matcher: UnsafePointer<SubstringMatcher>, _ subject: String, _ op: ComparisonOperator
    ) -> Bool? {
        guard matcher.pointee.isFoldedNeedleASCII else { return nil }
        let caseInsensitive = matcher.pointee.effective.contains(.caseInsensitive)
        return subject.withUTF8Bytes { subjectBytes -> Bool? in
            guard ASCIIBytes.isASCII(subjectBytes) else { return nil }
            guard let needleBytes = needleBytes(matcher) else { return nil }
            return switch op {
            case .beginsWith:
                StringSearch.findBytes(
                    needleBytes, in: subjectBytes, anchor: .prefix, caseInsensitive: caseInsensitive)
            case .endsWith:
                StringSearch.findBytes(
                    needleBytes, in: subjectBytes, anchor: .suffix, caseInsensitive: caseInsensitive)
            case .contains:
                StringSearch.findBytes(
                    needleBytes, in: subjectBytes, anchor: .anywhere, caseInsensitive: caseInsensitive)
            case .in:
                StringSearch.findBytes(
                    subjectBytes, in: needleBytes, anchor: .anywhere, caseInsensitive: caseInsensitive)
            case .equalTo, .notEqualTo:
                ASCIIBytes.equal(subjectBytes, needleBytes, caseInsensitive: caseInsensitive) == (op == .equalTo)
            case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
                op.holds(order: ASCIIBytes.order(subjectBytes, needleBytes, caseInsensitive: caseInsensitive))
            case .like, .matches, .between, .utiConformsTo, .utiEquals:
                false
            }
        }
    }

    /// `BEGINSWITH`/`ENDSWITH` an ASCII needle (without `[d]` or `[n]`) on a subject that is not all ASCII,
    /// decided from the subject's scalars at the anchored end, one at a time, without folding the subject: an
    /// ASCII scalar folds to itself (lowercased under `[c]`), so the first one that differs decides "no",
    /// and a full match holds unless a combining mark follows it (a mark would change the last matched
    /// character). A non-ASCII scalar reached inside the anchored part decides "no" when
    /// ``StringFolding/neverFoldsToASCII(_:caseInsensitive:)`` says its folded form holds no ASCII letter
    /// for the needle there (`ö`, `é`, a combining mark); nil — fold the whole subject — when folding may
    /// turn it into ASCII (`ﬁ`, `Ｊ`, `K`).
    @inline(never)
    private static func matchesAnchoredASCII(
        _ matcher: UnsafePointer<SubstringMatcher>, _ subject: String, _ op: ComparisonOperator
    ) -> Bool? {
        guard op == .beginsWith || op == .endsWith, matcher.pointee.isFoldedNeedleASCII,
            !matcher.pointee.effective.contains(.diacriticInsensitive),
            !matcher.pointee.effective.contains(.normalized), !matcher.pointee.foldedNeedleBytes.isEmpty
        else { return nil }
        let caseInsensitive = matcher.pointee.effective.contains(.caseInsensitive)
        guard let needle = needleBytes(matcher) else { return nil }
        let scalars = subject.unicodeScalars
        if op == .beginsWith {
            var position = scalars.startIndex
            for expected in needle {
                guard position < scalars.endIndex else { return false }
                let scalar = scalars[position]
                guard scalar.isASCII else {
                    return StringFolding.neverFoldsToASCII(scalar, caseInsensitive: caseInsensitive) ? false : nil
                }
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                if (caseInsensitive ? ASCIIBytes.lowercased(byte) : byte) != expected { return false }
                position = scalars.index(after: position)
            }
            guard position < scalars.endIndex else { return true }
            let next = scalars[position]
            guard StringFolding.isCombining(next) else { return true }
            // A mark that case folding turns into a letter (U+0345 → ι) ends the match after all.
            return caseInsensitive && next.properties.changesWhenCaseFolded ? nil : false
        }
        var position = scalars.endIndex
        for expected in needle.reversed() {
            guard position > scalars.startIndex else { return false }
            position = scalars.index(before: position)
            let scalar = scalars[position]
            guard scalar.isASCII else {
                return StringFolding.neverFoldsToASCII(scalar, caseInsensitive: caseInsensitive) ? false : nil
            }
            let byte = UInt8(truncatingIfNeeded: scalar.value)
            if (caseInsensitive ? ASCIIBytes.lowercased(byte) : byte) != expected { return false }
        }
        return true
    }

    @inline(never)
    private func matchesUnicode(_ subject: String, _ op: ComparisonOperator) -> Bool {
        switch op {
        case .beginsWith, .endsWith, .contains:
            let anchor: SubstringAnchor = op == .beginsWith ? .prefix : (op == .endsWith ? .suffix : .anywhere)
            let text = Array(StringFolding.fold(subject, options: effective).unicodeScalars)
            return StringSearch.findScalars(
                Array(foldedNeedle.unicodeScalars), in: text, anchor: anchor, literal: effective.contains(.normalized))
        case .in:
            let element = Array(StringFolding.fold(subject, options: effective).unicodeScalars)
            return StringSearch.findScalars(
                element, in: Array(foldedNeedle.unicodeScalars), anchor: .anywhere,
                literal: effective.contains(.normalized))
        case .equalTo, .notEqualTo:
            let equal =
                options.isEmpty
                ? subject.hasSameScalars(as: needle)
                : StringSearch.utf16Order(StringFolding.fold(subject, options: effective), foldedNeedle) == 0
            return equal == (op == .equalTo)
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            let folded = StringFolding.fold(subject, options: effective)
            return op.holds(
                order: effective.contains(.normalized)
                    ? StringSearch.utf16Order(folded, foldedNeedle) : ValueOrdering.compareStrings(folded, foldedNeedle)
            )
        case .like, .matches, .between, .utiConformsTo, .utiEquals:
            return false
        }
    }
}
