import KioskText

extension TextTable {
    /// A report's table: the first column names the row, the others are numbers.
    static func report(_ titles: [String]) -> TextTable {
        TextTable(titles.enumerated().map { ($0.element, $0.offset == 0 ? .left : .right) })
    }
}
