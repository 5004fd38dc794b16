import KioskText

/// Turns diagnostics into the text a compiler would print:
///
/// ```
/// menus/cafe.kiosk:12:26: error: unknown ingredient 'banan'
///    12 | item "Banana Milk" needs banan 2, milk 1
///       |                          ^~~~~
///       = help: did you mean 'banana'?
/// ```
///
/// A pure formatter: it finds nothing and decides nothing, it only lays out. The labels
/// and messages are in the operator's language; the place, the excerpt and the carets are
/// the same in every language (the carets count display cells, so they stay under a
/// Korean name).
public struct DiagnosticRenderer: Sendable {
    /// ANSI colours, for a terminal that has not asked for `NO_COLOR`.
    public var colors: Bool
    /// Source lines wider than this are shown as a window around the caret.
    public var maximumLineWidth: Int

    public init(colors: Bool = false, maximumLineWidth: Int = 120) {
        self.colors = colors
        self.maximumLineWidth = maximumLineWidth
    }

    /// All diagnostics, in the order given, each ending with a newline.
    public func render(_ diagnostics: [Diagnostic], in sources: SourceMap) -> String {
        diagnostics.map { render($0, in: sources) }.joined()
    }

    public func render(_ diagnostic: Diagnostic, in sources: SourceMap) -> String {
        var out = header(diagnostic.range, severity: .error, message: diagnostic.message, in: sources)
        out += excerpt(diagnostic.range, in: sources)
        let gutter = String(repeating: " ", count: gutterWidth(for: diagnostic.range, in: sources))
        let helpLabel = paint(tr("help:"), .help)
        for help in diagnostic.help {
            out += "\(gutter) \(paint("=", .gutter)) \(helpLabel) \(help)\n"
        }
        if let related = diagnostic.related {
            out += header(related, severity: .note, message: diagnostic.problem.relatedNote, in: sources)
            out += excerpt(related, in: sources)
        }
        return out
    }

    private func header(_ range: SourceRange, severity: Diagnostic.Severity, message: String, in sources: SourceMap) -> String {
        let location = sources.location(of: range)
        let path = TerminalText.visible(sources[range.file].path)
        let label = severity == .error ? paint(tr("error:"), .error) : paint(tr("note:"), .note)
        return "\(paint("\(path):\(location.line):\(location.column):", .bold)) \(label) \(paint(message, .bold))\n"
    }

    private func gutterWidth(for range: SourceRange, in sources: SourceMap) -> Int {
        max(5, String(sources.location(of: range).line).count)
    }

    /// The source line and the caret line under it.
    private func excerpt(_ range: SourceRange, in sources: SourceMap) -> String {
        let file = sources[range.file]
        let line = file.location(of: range.bytes.lowerBound).line
        let lineBytes = file.lineRange(line)
        let start = min(max(range.bytes.lowerBound, lineBytes.lowerBound), lineBytes.upperBound)
        let end = min(max(range.bytes.upperBound, start), lineBytes.upperBound)

        let before = UTF8Scan.scalars(file.bytes[lineBytes.lowerBound..<start])
        let inside = UTF8Scan.scalars(file.bytes[start..<end])
        let after = UTF8Scan.scalars(file.bytes[end..<lineBytes.upperBound])
        let window = Window(before: before.map(shown), inside: inside.map(shown), after: after.map(shown), limit: maximumLineWidth)

        let gutterWidth = max(5, String(line).count)
        let number = String(line)
        let pad = String(repeating: " ", count: gutterWidth - number.count)
        let blank = String(repeating: " ", count: gutterWidth)
        var out = "\(paint(pad + number + " |", .gutter)) \(window.text)\n"
        let carets = "^" + String(repeating: "~", count: max(0, window.caretWidth - 1))
        out += "\(paint(blank + " |", .gutter)) \(String(repeating: " ", count: window.caretColumn))\(paint(carets, .caret))\n"
        return out
    }

    private func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar == "\t" ? " " : TerminalText.visible(scalar)
    }

    // MARK: Colours

    private enum Paint {
        case bold, error, note, help, gutter, caret

        var code: String {
            switch self {
            case .bold: "\u{1B}[1m"
            case .error: "\u{1B}[1;31m"
            case .note: "\u{1B}[1;36m"
            case .help: "\u{1B}[1;36m"
            case .gutter: "\u{1B}[1;34m"
            case .caret: "\u{1B}[1;32m"
            }
        }
    }

    private func paint(_ text: String, _ paint: Paint) -> String {
        colors ? paint.code + text + "\u{1B}[0m" : text
    }
}

/// The part of a long source line that fits the width limit, keeping the caret in view.
private struct Window {
    var text = ""
    var caretColumn = 0
    var caretWidth = 1

    init(before: [Unicode.Scalar], inside: [Unicode.Scalar], after: [Unicode.Scalar], limit: Int) {
        let widths = (before + inside + after).map(TerminalText.width(of:))
        let total = widths.reduce(0, +)
        let prefixWidth = widths.prefix(before.count).reduce(0, +)
        let spanWidth = widths[before.count..<(before.count + inside.count)].reduce(0, +)
        let all = before + inside + after

        var first = 0
        var skipped = 0
        if total > limit {
            // Start the window a third of the way before the caret.
            let target = max(0, prefixWidth - limit / 3)
            while first < all.count, skipped + widths[first] <= target, skipped < target {
                skipped += widths[first]
                first += 1
            }
        }
        let lead = first > 0 ? "…" : ""
        var shownWidth = 0
        var last = first
        while last < all.count, shownWidth + widths[last] <= limit {
            shownWidth += widths[last]
            last += 1
        }
        text = lead
        text.unicodeScalars.append(contentsOf: all[first..<last])
        if last < all.count { text += "…" }
        caretColumn = prefixWidth - skipped + (lead.isEmpty ? 0 : 1)
        let visibleSpan = min(spanWidth, max(1, limit - (prefixWidth - skipped)))
        caretWidth = max(1, visibleSpan)
    }
}
