import KioskCore
import KioskMenu
import KioskTestSupport
import Testing

/// `popularity` on an item and the `simulate` block: what they compile to, and every
/// diagnostic they have, each asserted as its whole rendered text.
@Suite struct SimulateLanguageTests {
    private static func rate(_ text: String) throws -> ArrivalRate {
        try ArrivalRate(parsing: text)
    }

    @Test func popularityIsARelativeWeightThatDefaultsToOne() throws {
        let menu = try #require(Compile(pantry + """
        item "Banana Milk" needs banana 2, milk 1 popularity 3
        item "Banana Split" needs banana 3
        item "Warm Milk" needs milk 1 popularity 0
        """).menu).menu
        #expect(menu.items.map(\.popularity) == [3, 1, 0])
        #expect(menu.simulateSettings == nil)
    }

    @Test func arrivalsFromTimesOfDayOrOneRateAllDay() throws {
        let day = try #require(Compile(pantry + "simulate { arrivals 07:00 180/h, 09:00 60/h,\n  11:30 4/min }").menu)
        #expect(day.menu.simulateSettings == SimulateSettings(arrivals: .timesOfDay([
            SimulateSettings.Step(start: 7 * 3_600_000, rate: try Self.rate("180/h")),
            SimulateSettings.Step(start: 9 * 3_600_000, rate: try Self.rate("60/h")),
            SimulateSettings.Step(start: 11 * 3_600_000 + 30 * 60_000, rate: try Self.rate("4/min")),
        ])))
        #expect(day.summary == "2 ingredients, 0 items, 3 arrival rates, 0 sinks")
        let constant = try #require(Compile(pantry + "simulate arrivals 0.5/s").menu)
        #expect(constant.menu.simulateSettings == SimulateSettings(arrivals: .constant(try Self.rate("0.5/s"))))
        #expect(constant.summary == "2 ingredients, 0 items, 1 arrival rate, 0 sinks")
    }

    @Test func theBoardMenusSayTheirDemand() throws {
        for name in ["juice-board", "juice-board-ko"] {
            let compiled = try #require(MenuCompiler(sinkSchemas: SinkSchemasFixture.all).compile(path: Repository.menus + "/\(name).kiosk").menu)
            #expect(compiled.menu.items.map(\.popularity) == [2, 3, 1, 2, 2, 4, 1])
            guard case .timesOfDay(let steps)? = compiled.menu.simulateSettings?.arrivals else {
                Issue.record("\(name) has no arrival profile")
                continue
            }
            #expect(steps.map(\.rate.description) == ["40/h", "15/h", "60/h", "20/h"])
        }
    }

    @Test func aPopularityOutOfRangeIsAnError() {
        #expect(Compile(pantry + "item Shake needs milk 1 popularity 2000000\nitem Split needs banana 1 popularity -1").rendered == """
        menu.kiosk:3:36: error: 'popularity' must be between 0 and 1,000,000 (found 2,000,000)
            3 | item Shake needs milk 1 popularity 2000000
              |                                    ^~~~~~~
        menu.kiosk:4:38: error: 'popularity' cannot be negative (found -1)
            4 | item Split needs banana 1 popularity -1
              |                                      ^~

        """)
    }

    @Test func aMistypedRateUnitSuggestsTheRateItMeans() {
        #expect(Compile(pantry + "simulate { arrivals 07:00 180/hour, 09:00 2/minute, 10:00 5/d }").rendered == """
        menu.kiosk:3:27: error: '180/hour' is not a rate
            3 | simulate { arrivals 07:00 180/hour, 09:00 2/minute, 10:00 5/d }
              |                           ^~~~~~~~
              = help: did you mean '180/h'?
        menu.kiosk:3:43: error: '2/minute' is not a rate
            3 | simulate { arrivals 07:00 180/hour, 09:00 2/minute, 10:00 5/d }
              |                                           ^~~~~~~~
              = help: did you mean '2/min'?
        menu.kiosk:3:59: error: '5/d' is not a rate
            3 | simulate { arrivals 07:00 180/hour, 09:00 2/minute, 10:00 5/d }
              |                                                           ^~~
              = help: write customers per unit: 120/h, 2/min or 0.5/s

        """)
    }

    @Test func timesMustBeTimesOfDayAndIncrease() {
        #expect(Compile(pantry + "simulate {\n  arrivals 07:00 180/h, 24:00 1/h, 11:30 240/h,\n           09:00 60/h, 10:00 5/h\n}").rendered == """
        menu.kiosk:4:25: error: '24:00' is not a time of day
            4 |   arrivals 07:00 180/h, 24:00 1/h, 11:30 240/h,
              |                         ^~~~~
              = help: write HH:MM from 00:00 to 23:59, such as 07:30
        menu.kiosk:5:12: error: '09:00' must be later than '11:30', the time before it
            5 |            09:00 60/h, 10:00 5/h
              |            ^~~~~
              = help: list the rates in the order of the day: arrivals 07:00 180/h, 09:00 60/h
        menu.kiosk:4:36: note: '11:30' is here
            4 |   arrivals 07:00 180/h, 24:00 1/h, 11:30 240/h,
              |                                    ^~~~~
        menu.kiosk:5:24: error: '10:00' must be later than '11:30', the time before it
            5 |            09:00 60/h, 10:00 5/h
              |                        ^~~~~
              = help: list the rates in the order of the day: arrivals 07:00 180/h, 09:00 60/h
        menu.kiosk:4:36: note: '11:30' is here
            4 |   arrivals 07:00 180/h, 24:00 1/h, 11:30 240/h,
              |                                    ^~~~~

        """)
    }

    @Test func aRateWithoutItsTimeATimeWithoutItsRateAndTooManyCustomers() {
        #expect(Compile(pantry + "simulate arrivals 07:00 180/h, 60/h, 12:00\nsimulate arrivals 5000000000/h").rendered == """
        menu.kiosk:3:32: error: '60/h' needs a time of day before it
            3 | simulate arrivals 07:00 180/h, 60/h, 12:00
              |                                ^~~~
              = help: each rate of a day holds from its time: 09:00 60/h
        menu.kiosk:3:43: error: expected a rate such as 120/h after '12:00'
            3 | simulate arrivals 07:00 180/h, 60/h, 12:00
              |                                           ^
        menu.kiosk:4:1: error: 'simulate' is given twice
            4 | simulate arrivals 5000000000/h
              | ^~~~~~~~
        menu.kiosk:3:1: note: first given here
            3 | simulate arrivals 07:00 180/h, 60/h, 12:00
              | ^~~~~~~~
        menu.kiosk:4:19: error: '5000000000/h' is beyond the maximum of 1,000,000,000 customers per unit
            4 | simulate arrivals 5000000000/h
              |                   ^~~~~~~~~~~~

        """)
    }

    @Test func aSimulateBlockNeedsArrivalsAndAMistypedOneIsNamed() {
        #expect(Compile(pantry + "simulate { }\nsimulat { arrivals 60/h }").rendered == """
        menu.kiosk:3:1: error: 'simulate' has no 'arrivals'
            3 | simulate { }
              | ^~~~~~~~
              = help: say when customers come: simulate { arrivals 07:00 180/h, 09:00 60/h }
        menu.kiosk:4:1: error: unknown statement 'simulat'
            4 | simulat { arrivals 60/h }
              | ^~~~~~~
              = help: did you mean 'simulate'?

        """)
        #expect(Compile(pantry + "simulate { arrival 60/h }").rendered == """
        menu.kiosk:3:1: error: 'simulate' has no 'arrivals'
            3 | simulate { arrival 60/h }
              | ^~~~~~~~
              = help: say when customers come: simulate { arrivals 07:00 180/h, 09:00 60/h }
        menu.kiosk:3:12: error: unknown property 'arrival' for 'simulate'
            3 | simulate { arrival 60/h }
              |            ^~~~~~~
              = help: did you mean 'arrivals'?

        """)
    }
}
