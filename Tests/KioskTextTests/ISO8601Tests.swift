import KioskText
import Testing

@Suite struct ISO8601Tests {
    @Test func momentsPrintInUTCWithMilliseconds() {
        #expect(ISO8601.string(millisecondsSince1970: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.string(millisecondsSince1970: 1_795_266_910_589) == "2026-11-21T13:15:10.589Z")
        #expect(ISO8601.string(millisecondsSince1970: 951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(ISO8601.string(millisecondsSince1970: -1) == "1969-12-31T23:59:59.999Z")
    }

    @Test func whatIsWrittenReadsBackWithOrWithoutMilliseconds() {
        for milliseconds: Int64 in [0, 1_795_266_910_589, 951_782_400_000, 253_402_300_799_999] {
            #expect(ISO8601.milliseconds(parsing: ISO8601.string(millisecondsSince1970: milliseconds)) == milliseconds)
        }
        #expect(ISO8601.milliseconds(parsing: "2026-11-21T13:15:10Z") == 1_795_266_910_000)
    }

    @Test(arguments: ["", "2026-11-21", "2026-11-21T13:15:10.589", "2026-13-01T00:00:00Z", "2026-11-21T24:00:00Z",
                      "2026-11-21T13:15:10+09:00", "2026-11-21 13:15:10Z", "20x6-11-21T13:15:10Z"])
    func anythingElseIsNotATime(_ text: String) {
        #expect(ISO8601.milliseconds(parsing: text) == nil)
    }

    @Test func localTimesShiftByTheOffsetAndNeverTrap() {
        let civil = CivilTime(millisecondsSince1970: 1_795_262_400_000, offsetSeconds: 9 * 3600)
        #expect("\(civil.date) \(civil.timeOfDay)" == "2026-11-21 21:00:00")
        #expect(CivilTime(millisecondsSince1970: .max, offsetSeconds: 3600).hour == CivilTime(millisecondsSince1970: .max).hour)
    }
}

@Suite struct HexTests {
    @Test func digitsBothWays() {
        #expect((0..<16).map { Hex.lowercaseDigit($0) } == Array("0123456789abcdef".utf8))
        #expect((0..<16).map { Hex.uppercaseDigit($0) } == Array("0123456789ABCDEF".utf8))
        #expect(Array("09afAF".utf8).map(Hex.value) == [0, 9, 10, 15, 10, 15])
        #expect(Hex.value(of: UInt8(ascii: "g")) == nil)
        #expect(Hex.percentEncoded(0x0A) == "%0A")
    }

    @Test func fingerprintsAreSixteenDigitsAndStable() {
        #expect(Hex.padded(0xAB) == "00000000000000ab")
        #expect(Hex.fingerprint(of: "") == "cbf29ce484222325", "FNV-1a's offset basis")
        #expect(Hex.fingerprint(of: "a") == "af63dc4c8601ec8c")
    }
}

@Suite struct TrimmingTests {
    @Test func whiteSpaceGoesFromBothEndsOnly() {
        #expect("  mango juice  ".trimmingWhitespace() == "mango juice")
        #expect("\t y \r\n".trimmingWhitespace() == "y")
        #expect("\u{3000}딸기 우유\u{A0}".trimmingWhitespace() == "딸기 우유")
        #expect(" \t ".trimmingWhitespace() == "")
        #expect("ok".trimmingWhitespace() == "ok")
    }
}

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
