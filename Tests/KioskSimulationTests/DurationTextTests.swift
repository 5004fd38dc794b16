import KioskSimulation
import Testing

@Suite struct DurationTextTests {
    @Test func durationsAreWholeMillisecondsWithAUnit() {
        #expect(DurationText.parse("500ms") == 500)
        #expect(DurationText.parse("90s") == 90_000)
        #expect(DurationText.parse("1.5h") == 5_400_000)
        #expect(DurationText.parse("2min") == 120_000)
        #expect(DurationText.parse("2m") == 120_000)
    }

    @Test func whatIsNotADurationIsNil() {
        #expect(DurationText.parse("0.0001s") == nil) // not a whole millisecond
        #expect(DurationText.parse("5") == nil) // no unit
        #expect(DurationText.parse("99999999999h") == nil) // past a year, and would overflow
        #expect(DurationText.parse("-5s") == nil)
    }

    @Test func formattingUsesTheLargestWholeUnit() {
        #expect(DurationText.format(7_200_000) == "2h")
        #expect(DurationText.format(5_400_000) == "90m")
        #expect(DurationText.format(45_000) == "45s")
        #expect(DurationText.format(1_500) == "1500ms")
        #expect(DurationText.format(0) == "0s")
    }
}
