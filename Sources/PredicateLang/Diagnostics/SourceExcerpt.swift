// SourceExcerpt: the part of a source line a diagnostic shows, made safe for a terminal. Control
// characters, bidirectional overrides and lone format characters print as `<U+001B>` (clang's
// spelling); a line wider than the excerpt is cut around the caret with `…` on each cut side; the
// caret line is built from the same cells, so the caret stays under the character the column names.

/// A source line and its caret line, ready to print under a diagnostic header.
struct SourceExcerpt: Equatable {
    /// The displayed line: escaped and, when it is too wide, cut to a window around the caret.
    var line: String
    /// Spaces (tabs where the line has tabs) up to the caret, `^`, then `~` for the rest of the range.
    var marker: String

    /// The excerpt of `line` for a range that starts `column` Characters into it (0-based) and covers
    /// `width` Characters on this line; at most `maxWidth` columns wide when the line must be cut.
    init(line text: String, column: Int, width: Int, maxWidth: Int) {
        let cells = text.map(DisplayText.cell)
        let count = cells.count
        let start = max(0, column)
        let caretCell = min(start, count)
        let beyond = start - caretCell
        let total = cells.reduce(0) { $0 + $1.count } + beyond + 1
        var low = 0
        var high = count
        if total > maxWidth {
            (low, high) = Self.window(cells, around: caretCell, budget: max(maxWidth - 2, 12))
        }
        var line = low > 0 ? "…" : ""
        var marker = low > 0 ? " " : ""
        for index in low..<high { line += cells[index] }
        if high < count { line += "…" }
        for index in low..<caretCell { marker += Self.padding(cells[index]) }
        marker += String(repeating: " ", count: beyond)
        let rangeEnd = min(caretCell + max(width, 0), high)
        let underline = cells[caretCell..<max(rangeEnd, caretCell)].reduce(0) { $0 + $1.count }
        marker += "^" + String(repeating: "~", count: max(0, underline - 1))
        self.line = line
        self.marker = marker
    }

    /// The cells `low..<high` to show: the caret's cell, a third of the budget before it, then as much
    /// as fits after it, then more before it when the line ends early.
    private static func window(_ cells: [String], around caret: Int, budget: Int) -> (Int, Int) {
        var low = caret
        var high = caret
        var used = 0
        while low > 0, used + cells[low - 1].count <= budget / 3 {
            low -= 1
            used += cells[low].count
        }
        while high < cells.count, used + cells[high].count <= budget {
            used += cells[high].count
            high += 1
        }
        while low > 0, used + cells[low - 1].count <= budget {
            low -= 1
            used += cells[low].count
        }
        return (low, high)
    }

    /// What goes under a cell before the caret: a tab under a tab (so both align the same way), else
    /// one space per column.
    private static func padding(_ cell: String) -> String {
        cell == "\t" ? "\t" : String(repeating: " ", count: cell.count)
    }
}

/// Text made safe to print on a terminal.
package enum DisplayText {
    /// `text` with every character a terminal would act on (controls, bidirectional overrides, lone
    /// format characters) spelled `<U+XXXX>`; a tab is kept.
    package static func escaping(_ text: String) -> String {
        var output = ""
        for character in text { output += cell(character) }
        return output
    }

    /// How one Character of a source line or message is shown.
    static func cell(_ character: Character) -> String {
        if character == "\t" { return "\t" }
        let scalars = character.unicodeScalars
        let isLoneFormat = scalars.count == 1 && scalars.allSatisfy { $0.properties.generalCategory == .format }
        guard isLoneFormat || scalars.contains(where: needsEscape) else { return String(character) }
        var output = ""
        for scalar in scalars {
            if isLoneFormat || needsEscape(scalar) {
                output += escape(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// C0 and C1 controls (a tab aside), DEL, the bidirectional embedding, override and isolate
    /// controls, and the line and paragraph separators.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `<U+001B>`: at least four upper-case hexadecimal digits.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// `text` cut to at most `limit` Characters, keeping its beginning and its end around a `…`.
    package static func truncating(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let tail = limit / 3
        return String(text.prefix(max(0, limit - tail - 1))) + "…" + String(text.suffix(tail))
    }
}
