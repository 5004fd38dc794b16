import KioskCore
import KioskSimulation
import Testing

@Suite struct ArrivalRateTests {
    @Test func ratesPerHourMinuteAndSecondAreHeldExactly() throws {
        let hourly = try ArrivalRate.parse("120/h")
        #expect(hourly.count == 120 && hourly.milliseconds == 3_600_000)
        #expect(hourly.perHour == 120)
        let perMinute = try ArrivalRate.parse("2/min")
        #expect(perMinute.perHour == 120)
        #expect(try ArrivalRate.parse("2/m") == ArrivalRate.parse("2/min"))
        let perSecond = try ArrivalRate.parse(" 0.5/s ")
        #expect(perSecond.count == 5 && perSecond.milliseconds == 10_000)
        #expect(perSecond.perHour == 1800)
        #expect(perSecond.description == "0.5/s")
        #expect(try ArrivalRate.parse("0/h").perMillisecond == 0)
    }

    @Test func malformedRatesAreErrorsWithTheirText() {
        for text in ["120", "120/d", "/h", "1.2.3/h", "-5/h", "1e3/h", "0.1234567/s", "12/h/h", ""] {
            #expect(throws: ArrivalsError.malformedRate(text)) { try ArrivalRate.parse(text) }
        }
        #expect(ArrivalsError.malformedRate("120/d").message == "'120/d' is not a rate: write a number per unit, such as 120/h, 2/min or 0.5/s")
    }

    @Test func absurdRatesAreRefusedNotOverflowed() {
        #expect(throws: ArrivalsError.rateTooLarge("999999999999/s")) { try ArrivalRate.parse("999999999999/s") }
        #expect(ArrivalsError.rateTooLarge("5000000000/h").message == "'5000000000/h' is too many customers: at most 1,000,000,000 per unit")
    }
}
