@testable import KioskSimulation
import Testing

@Suite struct TextFormatTests {
    @Test func fixedPointNumbersRoundHalfAwayFromZero() {
        #expect(TextFormat.fixed(2.345, 2) == "2.35" || TextFormat.fixed(2.345, 2) == "2.34") // 2.345 is not exact in binary
        #expect(TextFormat.fixed(0.125, 2) == "0.13")
        #expect(TextFormat.fixed(-0.125, 2) == "-0.13")
        #expect(TextFormat.fixed(-0.0001, 2) == "0.00")
        #expect(TextFormat.fixed(1234.5, 0) == "1235")
        #expect(TextFormat.fixed(3, 3) == "3.000")
        #expect(TextFormat.fixed(.nan, 1) == "nan")
    }

    @Test func durationsForPeople() {
        #expect(TextFormat.duration(850) == "850ms")
        #expect(TextFormat.duration(42_340) == "42.3s")
        #expect(TextFormat.duration(59_960) == "1m00s")
        #expect(TextFormat.duration(245_000) == "4m05s")
        #expect(TextFormat.duration(3_720_000) == "1h02m")
    }

    @Test func clocksAndCounts() {
        #expect(TextFormat.clock(8 * 3_600_000 + 5 * 60_000) == "08:05")
        #expect(TextFormat.clock(25 * 3_600_000) == "25:00")
        #expect(TextFormat.preciseClock(8 * 3_600_000 + 3_120) == "08:00:03.120")
        #expect(TextFormat.time(8 * 3_600_000 + 3_999) == "08:00:03")
        #expect(TextFormat.grouped(1_234_567) == "1,234,567")
        #expect(TextFormat.grouped(-12) == "-12")
        #expect(TextFormat.percent(0.8125) == "81.3 %")
    }
}
