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
        let morning = CivilTime(millisecondsSince1970: 1_795_262_400_000 + 12 * 3_600_000 + 5 * 60_000 + 7_000, offsetSeconds: 9 * 3600)
        #expect(morning.timeOfDay == "09:05:07")
        #expect(morning.hourAndMinute == "09:05")
        #expect(CivilTime(millisecondsSince1970: .max, offsetSeconds: 3600).hour == CivilTime(millisecondsSince1970: .max).hour)
    }
}
