/// Columns of text aligned by display width, two spaces apart, without trailing spaces:
/// output that reads well on a terminal and pipes well into `column`, `awk` or `grep`.
/// Cells are made visible (`TerminalText`), so a name cannot send escape sequences.
public struct TextTable: Sendable {
    public enum Alignment: Sendable {
        case left
        case right
    }

    private let alignments: [Alignment]
    private let header: [String]?
    private var rows: [[String]] = []

    /// A table with a header row: each column's title and alignment.
    public init(_ columns: [(String, Alignment)]) {
        alignments = columns.map(\.1)
        header = columns.map(\.0)
    }

    /// A table without a header row.
    public init(alignments: [Alignment]) {
        self.alignments = alignments
        header = nil
    }

    /// Adds a row; a missing cell is empty, one past the last column is dropped.
    public mutating func add(_ row: [String]) {
        rows.append(row.map { TerminalText.visible($0) })
    }

    /// The lines of the table, header first, without line ends.
    public var lines: [String] {
        let all = (header.map { [$0] } ?? []) + rows
        let widths = alignments.indices.map { column in
            all.map { TerminalText.width(of: column < $0.count ? $0[column] : "") }.max() ?? 0
        }
        return all.map { row in
            var line = ""
            for column in alignments.indices {
                let cell = column < row.count ? row[column] : ""
                let padding = String(repeating: " ", count: widths[column] - TerminalText.width(of: cell))
                if column > 0 { line += "  " }
                line += alignments[column] == .left ? cell + padding : padding + cell
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// The table as text, each line ended; `bold` marks the header row for a terminal.
    public func render(bold: Bool = false) -> String {
        var out = ""
        for (index, line) in lines.enumerated() {
            out += (index == 0 && bold && header != nil ? "\u{1B}[1m" + line + "\u{1B}[0m" : line) + "\n"
        }
        return out
    }
}
