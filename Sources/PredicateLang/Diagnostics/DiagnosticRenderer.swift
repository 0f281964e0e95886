// DiagnosticRenderer: turns Diagnostic data into swiftc-style text: `name:line:col: severity:
// message`, the source line, `^~~~` under the range, then each note and fix-it with its own position.
// Columns count Characters. Colour (ANSI) only when asked, so files and pipes get plain text.

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
public struct DiagnosticRenderer: Sendable {
    /// The text the diagnostics' ranges point into.
    public var source: SourceText
    /// Whether to use ANSI colours (only for a terminal).
    public var useColor: Bool

    public init(source: SourceText, useColor: Bool = false) {
        self.source = source
        self.useColor = useColor
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

    /// Every diagnostic, in the given order.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    /// Header, source line and caret line.
    private func block(_ severity: Severity, _ message: String, _ range: SourceRange) -> String {
        let location = source.location(of: range.lowerBound)
        var header = "\(source.name):\(location.line):\(location.column): "
        header += paint(severity.rawValue + ":", severityColor(severity)) + " " + paint(message, "1")
        let lineIndex = source.lineIndex(containing: range.lowerBound)
        let line = source.lineText(lineIndex)
        return header + "\n" + line + "\n" + paint(caretLine(for: range, line: line, lineIndex: lineIndex), "32") + "\n"
    }

    /// Spaces (tabs kept, for alignment) up to the range, `^` at its start, `~` for the rest of it
    /// on the same line.
    private func caretLine(for range: SourceRange, line: String, lineIndex: Int) -> String {
        let lineStart = source.lineStarts[lineIndex]
        let column = source.location(of: range.lowerBound).column - 1
        let lineEnd = lineStart + line.utf8.count
        let end = min(max(range.upperBound, range.lowerBound), lineEnd)
        let width = end > range.lowerBound ? source.characterCount(from: range.lowerBound, to: end) : 0
        var caret = ""
        for character in line.prefix(column) { caret.append(character == "\t" ? "\t" : " ") }
        if column > line.count { caret += String(repeating: " ", count: column - line.count) }
        return caret + "^" + String(repeating: "~", count: max(0, width - 1))
    }

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
