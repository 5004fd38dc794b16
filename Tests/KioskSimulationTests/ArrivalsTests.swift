import KioskCore
import KioskSimulation
import Testing

@Suite struct ArrivalsTests {
    @Test func aProfileIsTimesOfDayWithRates() throws {
        let arrivals = try Arrivals.parse("07:00 180/h, 09:00 60/h, 11:30 240/h")
        guard case .profile(let pieces) = arrivals else {
            Issue.record("not a profile")
            return
        }
        let hour: Int64 = 3_600_000
        #expect(pieces.map(\.start) == [7 * hour, 9 * hour, 11 * hour + hour / 2])
        #expect(pieces.map(\.rate.perHour) == [180, 60, 240])
        #expect(arrivals.firstTime == 7 * hour)
        #expect(arrivals.description == "07:00 180/h, 09:00 60/h, 11:30 240/h")
    }

    @Test func aLoneRateIsConstant() throws {
        #expect(try Arrivals.parse("2/min") == .constant(ArrivalRate.parse("2/min")))
        #expect(try Arrivals.parse("2/min").firstTime == nil)
        // A single time and rate is a profile that opens at that time.
        #expect(try Arrivals.parse("7:30 60/h").firstTime == 7 * 3_600_000 + 30 * 60_000)
    }

    @Test func mistakesInAProfileSayWhere() {
        #expect(throws: ArrivalsError.timesNotIncreasing(earlier: "09:00", later: "08:00")) { try Arrivals.parse("09:00 60/h, 08:00 30/h") }
        #expect(throws: ArrivalsError.malformedTime("25:00")) { try Arrivals.parse("25:00 60/h") }
        #expect(throws: ArrivalsError.missingTime("60/h")) { try Arrivals.parse("07:00 30/h, 60/h") }
        #expect(throws: ArrivalsError.empty) { try Arrivals.parse(" ") }
        #expect(ArrivalsError.timesNotIncreasing(earlier: "09:00", later: "08:00").message == "'08:00' comes after '09:00' in the profile but is not later")
        #expect(ArrivalsError.malformedTime("25:00").message == "'25:00' is not a time of day: write HH:MM from 00:00 to 23:59, such as 07:30")
    }
}
