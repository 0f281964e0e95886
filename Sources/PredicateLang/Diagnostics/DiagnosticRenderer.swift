// DiagnosticRenderer: turns Diagnostic data (and evaluation errors) into swiftc-style text:
// `name:line:col: severity: message`, the source line, `^~~~` under the range, then each note and
// fix-it with its own position. Columns count Characters. The output stays bounded and terminal-safe
// whatever the input: a list is cut after `maxDiagnostics` with a count of the rest, a long line is
// shown as a window around the caret, and control characters print as `<U+001B>` (SourceExcerpt).
// Colour (ANSI) only when asked, so files and pipes get plain text.

/// Renders diagnostics the way swiftc prints them.
///
/// ```
/// <input>:1:39: error: expected ')' to end the group
/// (age >= 18 AND name BEGINSWITH[c] 'Jo'
///                                       ^
/// <input>:1:1: note: to match this '('
/// (age >= 18 AND name BEGINSWITH[c] 'Jo'
/// ^
/// ```
///
/// Hostile input cannot make the output large or act on the terminal:
///
/// - ``render(_:)-([Diagnostic])`` prints the first ``maxDiagnostics`` diagnostics (each with its
///   notes), then one line counting the rest: `<input>: note: 80 more errors not shown`.
/// - A source line wider than ``maxLineWidth`` columns is shown as a window of that width around the
///   caret, with `…` on each side that was cut:
///   ```
///   big.predicate:1:56012: error: expected expression after '=='
///   …aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa ==
///                                               ^
///   ```
/// - Control characters (ESC, NUL, DEL, C1 controls), bidirectional overrides and isolates, line and
///   paragraph separators and lone format characters print as `<U+001B>`, in the source line as in
///   the message, and the caret line is widened to match, so the caret stays under the character the
///   column names. A message longer than four times ``maxLineWidth`` is cut in the middle.
public struct DiagnosticRenderer: Sendable {
    /// The text the diagnostics' ranges point into.
    public var source: SourceText
    /// Whether to use ANSI colours (only for a terminal).
    public var useColor: Bool
    /// How many diagnostics a list prints before it counts the rest in one line (at least 1;
    /// `Int.max` prints them all). The default is 20.
    public var maxDiagnostics: Int
    /// The widest source excerpt, in columns (16 to 65,536). A longer line is cut to a window around
    /// the caret. The default is 100.
    public var maxLineWidth: Int

    /// Creates a renderer for diagnostics whose ranges point into `source`.
    public init(source: SourceText, useColor: Bool = false, maxDiagnostics: Int = 20, maxLineWidth: Int = 100) {
        self.source = source
        self.useColor = useColor
        self.maxDiagnostics = maxDiagnostics
        self.maxLineWidth = maxLineWidth
    }

    /// One diagnostic with its source excerpt, then its fix-its (as "did you mean '…'?") and notes. A
    /// fix-it with a `did-you-mean` note at its range is shown once, by the note.
    public func render(_ diagnostic: Diagnostic) -> String {
        var output = block(diagnostic.severity, diagnostic.text, diagnostic.range)
        for fixIt in diagnostic.fixIts
        where !diagnostic.notes.contains(where: { $0.id == "did-you-mean" && $0.range == fixIt.range }) {
            output += block(.note, DiagnosticMessage.didYouMean(fixIt.replacement).text, fixIt.range)
        }
        for note in diagnostic.notes {
            output += render(note)
        }
        return output
    }

    /// The diagnostics in the given order: the first ``maxDiagnostics`` of them, then a line that
    /// counts the others by severity (`<input>: note: 3 more errors and 1 more warning not shown`).
    public func render(_ diagnostics: [Diagnostic]) -> String {
        let shown = diagnostics.prefix(max(1, maxDiagnostics))
        var output = shown.map(render).joined()
        let hidden = diagnostics.dropFirst(shown.count)
        if !hidden.isEmpty { output += summary(of: hidden) }
        return output
    }

    /// An evaluation error as an error at the construct that failed: header, source line, caret.
    ///
    /// ```
    /// <input>:1:1: error: Can't compare integer 3 with string "eighteen"
    /// age < 'eighteen' OR name == 'x'
    /// ^~~~~~~~~~~~~~~~
    /// ```
    public func render(_ error: EvaluationError) -> String {
        block(.error, error.message, error.range)
    }

    /// `<name>: note: 3 more errors and 1 more warning not shown`.
    private func summary(of hidden: ArraySlice<Diagnostic>) -> String {
        var parts: [String] = []
        for severity in [Severity.error, .warning, .note] {
            let count = hidden.count { $0.severity == severity }
            if count > 0 { parts.append("\(count) more \(severity.rawValue)\(count == 1 ? "" : "s")") }
        }
        let header = DisplayText.escaping(source.name) + ": " + paint("note:", severityColor(.note)) + " "
        return header + paint(parts.joined(separator: " and ") + " not shown", "1") + "\n"
    }

    /// Header, source line and caret line.
    private func block(_ severity: Severity, _ message: String, _ range: SourceRange) -> String {
        let location = source.location(of: range.lowerBound)
        var header = DisplayText.escaping(source.name) + ":\(location.line):\(location.column): "
        let text = DisplayText.escaping(DisplayText.truncating(message, to: 4 * lineWidth))
        header += paint(severity.rawValue + ":", severityColor(severity)) + " " + paint(text, "1")
        let excerpt = excerpt(for: range, column: location.column - 1)
        return header + "\n" + excerpt.line + "\n" + paint(excerpt.marker, "32") + "\n"
    }

    /// The line holding the start of `range`, with the caret at `column` and `~` under the rest of the
    /// range on that line.
    private func excerpt(for range: SourceRange, column: Int) -> SourceExcerpt {
        let lineIndex = source.lineIndex(containing: range.lowerBound)
        let line = source.lineText(lineIndex)
        let lineEnd = source.lineStarts[lineIndex] + line.utf8.count
        let end = min(max(range.upperBound, range.lowerBound), lineEnd)
        let width = end > range.lowerBound ? source.characterCount(from: range.lowerBound, to: end) : 0
        return SourceExcerpt(line: line, column: column, width: width, maxWidth: lineWidth)
    }

    /// ``maxLineWidth`` within 16...65,536 columns.
    private var lineWidth: Int { min(max(16, maxLineWidth), 1 << 16) }

    private func severityColor(_ severity: Severity) -> String {
        switch severity {
        case .error: "1;31"
        case .warning: "1;35"
        case .note: "1;36"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
