// Diagnostic: one problem found while parsing or compiling, kept as data (severity, stable id,
// message, range, notes, fix-its). Rendering to text is DiagnosticRenderer's job.

/// How serious a ``Diagnostic`` is.
public enum Severity: String, Hashable, Sendable, Codable, Comparable {
    /// Extra information attached to another diagnostic.
    case note
    /// A problem that does not stop compilation (for example an unknown tag read as null).
    case warning
    /// A problem that stops compilation.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable identifier and the text of a diagnostic, such as `expected-expression` /
/// "expected expression after 'AND'".
///
/// Identifiers never change once published: tools and tests match on them, not on the text.
public struct DiagnosticMessage: Hashable, Sendable, Codable {
    /// Stable, kebab-case identifier, for example `unterminated-string`.
    public var id: String
    /// Lower-case message without a final period, source tokens in single quotes.
    public var text: String

    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}

/// A replacement that would fix a problem: replace `range` with `replacement`.
public struct FixIt: Hashable, Sendable, Codable {
    /// The bytes to replace.
    public var range: SourceRange
    /// The text to put there.
    public var replacement: String

    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A problem found in a predicate, with the range it concerns.
///
/// Diagnostics are collected, never thrown: parsing and compiling go on after an error where they
/// can, so one run reports every problem.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// Error, warning or note.
    public var severity: Severity
    /// The stable id and the text.
    public var message: DiagnosticMessage
    /// The bytes the diagnostic is about; empty for "expected ..." at a position.
    public var range: SourceRange
    /// Further diagnostics (severity `.note`) with their own positions, such as "to match this '('".
    public var notes: [Diagnostic]
    /// Suggested replacements, such as `BEGINSWITH` for `BEGINSWTH`.
    public var fixIts: [FixIt]

    public init(
        _ severity: Severity, _ message: DiagnosticMessage, at range: SourceRange,
        notes: [Diagnostic] = [], fixIts: [FixIt] = []
    ) {
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    /// Shorthand for the stable id.
    public var id: String { message.id }
    /// Shorthand for the text.
    public var text: String { message.text }

    /// An error diagnostic.
    public static func error(
        _ message: DiagnosticMessage, at range: SourceRange, notes: [Diagnostic] = [], fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(.error, message, at: range, notes: notes, fixIts: fixIts)
    }

    /// A warning diagnostic.
    public static func warning(
        _ message: DiagnosticMessage, at range: SourceRange, notes: [Diagnostic] = [], fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(.warning, message, at: range, notes: notes, fixIts: fixIts)
    }

    /// A note diagnostic, attached to another one.
    public static func note(_ message: DiagnosticMessage, at range: SourceRange) -> Diagnostic {
        Diagnostic(.note, message, at: range)
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// These diagnostics, then `later`. Most stages of a compile report none, and joining empty arrays with
    /// `+` still goes through the standard library's check for room (about 60 instructions each time).
    func followed(by later: [Diagnostic]) -> [Diagnostic] {
        if later.isEmpty { return self }
        if isEmpty { return later }
        return self + later
    }
}
