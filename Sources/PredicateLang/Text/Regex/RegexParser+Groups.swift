// RegexParser+Groups: the parenthesised parts of the grammar: capture and named groups, `(?:`, `(?>`,
// look-arounds (a look-behind must have a bounded length, as in ICU), comments, and inline flags
// `(?idmsuwx-idmsuwx)` / `(?flags: … )`.

extension RegexParser {
    /// After `(` (the `?` not yet read): a capture group, or one of the `(?…` forms.
    mutating func parseOpenParenthesis(at start: Int) throws(EvaluationError) -> State {
        guard at("?") else {
            groupCount += 1
            try open(.capture(groupCount), resume: .quantify, at: start)
            return .term
        }
        scanner.commentsAllowed = false
        try advance()
        return try parseGroupType(at: start)
    }

    /// After `(?`.
    mutating func parseGroupType(at start: Int) throws(EvaluationError) -> State {
        guard !token.isQuoted, let value = token.value else { throw Self.error(.ruleSyntax, at: start) }
        switch value {
        case 0x3A:
            try advance()
            try open(.plain, resume: .quantify, at: start)
        case 0x3E:
            try advance()
            try open(.atomic, resume: .quantify, at: start)
        case 0x3D, 0x21:
            try advance()
            try open(.lookahead(isNegated: value == 0x21), resume: .continuation, at: start)
        case 0x3C:
            try advance()
            if at("=") || at("!") {
                let isNegated = at("!")
                try advance()
                try open(.lookbehind(isNegated: isNegated), resume: .continuation, at: start)
            } else if asciiWordCharacter?.isLetter == true {
                try parseNamedGroup(at: start)
            } else {
                throw Self.error(.ruleSyntax, at: start)
            }
        case 0x23:
            try advance()
            try skipComment(at: start)
        case 0x69, 0x64, 0x6D, 0x73, 0x75, 0x77, 0x78, 0x2D:
            return try parseFlags(at: start)
        case 0x28, 0x7B:
            throw Self.error(.unimplemented, at: start)
        default:
            throw Self.error(.ruleSyntax, at: start)
        }
        return .term
    }

    /// `(?<name>`: ASCII letters and digits, starting with a letter; names must be unique.
    private mutating func parseNamedGroup(at start: Int) throws(EvaluationError) {
        var name = String.UnicodeScalarView()
        while let character = asciiWordCharacter {
            name.append(Unicode.Scalar(UInt8(character.value)))
            try advance()
        }
        guard at(">") else { throw Self.error(.invalidCaptureGroupName, at: start) }
        try advance()
        groupCount += 1
        let key = String(name)
        guard groupNames[key] == nil else { throw Self.error(.invalidCaptureGroupName, at: start) }
        groupNames[key] = groupCount
        try open(.capture(groupCount), resume: .quantify, at: start)
    }

    /// `(?#…)`: everything to the next `)`.
    mutating func skipComment(at start: Int) throws(EvaluationError) {
        while !at(")") {
            guard token.value != nil else { throw Self.error(.mismatchedParenthesis, at: start) }
            try advance()
        }
        try advance()
    }

    /// `(?ismx-ismx)` (flags until the enclosing group closes) or `(?ismx-ismx:` (a group with them).
    private mutating func parseFlags(at start: Int) throws(EvaluationError) -> State {
        var updated = flags
        var enable = true
        while true {
            guard !token.isQuoted, let value = token.value else { throw Self.error(.invalidFlag, at: start) }
            switch value {
            case 0x69: updated.caseInsensitive = enable
            case 0x64: updated.unixLines = enable
            case 0x6D: updated.multiline = enable
            case 0x73: updated.dotAll = enable
            case 0x75: break
            case 0x77: updated.unicodeWords = enable
            case 0x78: updated.comments = enable
            case 0x2D: enable = false
            case 0x29:
                flushLiteral()
                flags = updated
                try advance()
                return .term
            case 0x3A:
                try open(.plain, resume: .quantify, at: start)
                flags = updated
                try advance()
                return .term
            default:
                throw Self.error(.invalidFlag, at: start)
            }
            try advance()
        }
    }

    /// Opens a group (the pending literal run ends first).
    private mutating func open(_ kind: GroupKind, resume: State, at start: Int) throws(EvaluationError) {
        flushLiteral()
        guard frames.count <= Self.maxNesting else {
            throw EvaluationError(
                .regexLimit, "Can't do regex matching, reason: (groups nested deeper than \(Self.maxNesting))")
        }
        frames.append(Frame(kind: kind, savedFlags: flags, resume: resume, start: start))
    }

    /// `)`: closes the innermost group and appends it to the enclosing one.
    mutating func closeGroup() throws(EvaluationError) -> State {
        guard frames.count > 1 else { throw Self.error(.mismatchedParenthesis, at: tokenStart - 1) }
        let (frame, body) = finishFrame()
        let node: RegexNode
        switch frame.kind {
        case .root, .plain:
            node = body
        case .capture(let index):
            node = .capture(body, index: index)
        case .atomic:
            node = .atomic(body)
        case .lookahead(let isNegated):
            node = .lookaround(body, isAhead: true, isNegated: isNegated)
        case .lookbehind(let isNegated):
            // ICU needs a bounded length to know where to try the body; a negative look-behind's bound must
            // also fit in 24 bits.
            let maximum = body.maximumLength
            guard maximum < RegexNode.unboundedLength, !isNegated || maximum < 1 << 24 else {
                throw Self.error(.lookBehindLimit, at: frame.start)
            }
            node = .lookaround(body, isAhead: false, isNegated: isNegated)
        }
        // A group is one item even when empty, so a quantifier after it has something to repeat.
        frames[frames.count - 1].items.append(node == .empty ? .concatenation([]) : node)
        return frame.resume
    }
}
