import KioskText
import Testing

@Suite struct GroupedTests {
    @Test func digitsGoInThreesWithTheSignInFront() {
        #expect(0.grouped == "0")
        #expect(999.grouped == "999")
        #expect(1_000.grouped == "1,000")
        #expect((-1_234_567).grouped == "-1,234,567")
        #expect(Int.min.grouped == "-9,223,372,036,854,775,808")
        #expect(UInt64(18_446_744_073_709_551_615).grouped == "18,446,744,073,709,551,615")
    }

    @Test func longTextIsShortenedWithAnEllipsis() {
        #expect(TerminalText.shortened("mango", longerThan: 5, keeping: 3) == "mango")
        #expect(TerminalText.shortened("mangos", longerThan: 5, keeping: 3) == "man…")
    }
}
