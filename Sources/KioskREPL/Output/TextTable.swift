import KioskMenu

/// Columns of text aligned by display width, two spaces apart, with a header row: output
/// that reads well on a terminal and pipes well into `column`, `awk` or `grep`.
struct TextTable {
    enum Alignment {
        case left
        case right
    }

    struct Column {
        let title: String
        let alignment: Alignment
    }

    private let columns: [Column]
    private var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
    }

    mutating func add(_ row: [String]) {
        rows.append(row.map { TerminalText.visible($0) })
    }

    /// The table; `bold` marks the header row for a terminal.
    func render(bold: Bool = false) -> String {
        let all = [columns.map(\.title)] + rows
        let widths = columns.indices.map { column in
            all.map { TerminalText.width(of: column < $0.count ? $0[column] : "") }.max() ?? 0
        }
        var out = ""
        for (index, row) in all.enumerated() {
            var line = ""
            for column in columns.indices {
                let cell = column < row.count ? row[column] : ""
                let padding = String(repeating: " ", count: widths[column] - TerminalText.width(of: cell))
                if column > 0 { line += "  " }
                line += columns[column].alignment == .left ? cell + padding : padding + cell
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += (index == 0 && bold ? "\u{1B}[1m" + line + "\u{1B}[0m" : line) + "\n"
        }
        return out
    }
}
