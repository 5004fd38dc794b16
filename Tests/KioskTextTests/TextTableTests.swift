import KioskText
import Testing

@Suite struct TextTableTests {
    @Test func columnsAlignByDisplayWidthWithoutTrailingSpaces() {
        var table = TextTable([("ITEM", .left), ("PRICE", .right), ("NOTE", .left)])
        table.add(["딸기우유", "5,000"])
        table.add(["Latte", "4.50", "hot"])
        #expect(table.render() == """
        ITEM      PRICE  NOTE
        딸기우유  5,000
        Latte      4.50  hot

        """)
        #expect(table.render(bold: true).hasPrefix("\u{1B}[1mITEM      PRICE  NOTE\u{1B}[0m\n"))
    }

    @Test func cellsAreMadeVisibleAndATableMayHaveNoHeader() {
        var table = TextTable(alignments: [.left, .right])
        table.add(["a\u{1B}[2J", "1"])
        #expect(table.lines == ["a␛[2J  1"])
    }
}
