/// Columns of text aligned for a terminal: the first column to the left, the others to
/// the right, two spaces apart, no trailing spaces.
struct TextTable {
    private var rows: [[String]] = []

    mutating func add(_ cells: [String]) {
        rows.append(cells)
    }

    var lines: [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column == 0 {
                    line += cell + padding
                } else {
                    line += "  " + padding + cell
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
