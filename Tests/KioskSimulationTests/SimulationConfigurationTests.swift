import KioskCore
import KioskSimulation
import Testing

/// What `kiosk simulate` takes from a menu: stations, prep times, each item's popularity
/// and the `simulate` block's arrivals, which `--arrivals` overrides (`SimulationOverrides`).
@Suite struct SimulationConfigurationTests {
    private final class Counts {
        var byItem: [Int] = []
    }

    private static func menu(popularity: [Int], arrivals: SimulateSettings.Arrivals?) throws -> Menu {
        try Menu(
            name: "Stand", ingredients: [Ingredient(name: "tea", initialStock: Menu.maximumQuantity)],
            items: popularity.enumerated().map { Item(name: "Tea \($0.offset)", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), popularity: $0.element) },
            simulateSettings: arrivals.map { SimulateSettings(arrivals: $0) }
        )
    }

    @Test func theMenusPopularityAndArrivalsMakeTheDay() throws {
        let steps: [SimulateSettings.Step] = [
            .init(start: 7 * 3_600_000, rate: try ArrivalRate(parsing: "180/h")),
            .init(start: 9 * 3_600_000, rate: try ArrivalRate(parsing: "60/h")),
        ]
        let menu = try Self.menu(popularity: [3, 1, 0], arrivals: .timesOfDay(steps))
        let configuration = SimulationConfiguration(boardOf: menu, seed: 1)
        #expect(configuration.items.map(\.popularity) == [3, 1, 0])
        #expect(configuration.arrivals == (try Arrivals.parse("07:00 180/h, 09:00 60/h")))
        #expect(configuration.opening == 7 * 3_600_000)
        let constant = SimulationConfiguration(boardOf: try Self.menu(popularity: [1], arrivals: .constant(try ArrivalRate(parsing: "2/min"))), seed: 1)
        #expect(constant.arrivals == .constant(try ArrivalRate.parse("2/min")))
        #expect(constant.opening == SimulationConfiguration.defaultOpeningTime)
        let plain = SimulationConfiguration(boardOf: try Self.menu(popularity: [1], arrivals: nil), seed: 1)
        #expect(plain.arrivals == .constant(ArrivalRate(perHour: 60)))
    }

    @Test func arrivalsOnTheCommandLineOverrideTheMenus() throws {
        let menu = try Self.menu(popularity: [1], arrivals: .timesOfDay([.init(start: 7 * 3_600_000, rate: try ArrivalRate(parsing: "180/h"))]))
        let menus = SimulationConfiguration(boardOf: menu, seed: 1)
        #expect(menus.opening == 7 * 3_600_000)
        var configuration = menus
        var overrides = SimulationOverrides()
        overrides.arrivals = try Arrivals.parse("50/h")
        overrides.apply(to: &configuration)
        #expect(configuration.arrivals == .constant(ArrivalRate(perHour: 50)))
        #expect(configuration.opening == SimulationConfiguration.defaultOpeningTime)
        // Nothing else changes: what is not chosen stays the menu's.
        var expected = menus
        expected.arrivals = configuration.arrivals
        #expect(configuration == expected)
        SimulationOverrides().apply(to: &configuration)
        #expect(configuration == expected)
    }

    @Test func customersChooseItemsByPopularityAndNeverOneOfZero() throws {
        let menu = try Self.menu(popularity: [3, 1, 0], arrivals: nil)
        var configuration = SimulationConfiguration(boardOf: menu, seed: 11)
        configuration.stop = .customers(8000)
        configuration.stations = [.init(name: "counter", staff: 1000)]
        let counts = Counts()
        counts.byItem = [0, 0, 0]
        _ = try Replications.run(menu: menu, configuration: configuration, observer: SimulationObserver(customer: { counts.byItem[$0.item] += 1 }))
        #expect(counts.byItem.reduce(0, +) == 8000)
        #expect(counts.byItem[2] == 0)
        let ratio = Double(counts.byItem[0]) / Double(counts.byItem[1])
        #expect(abs(ratio - 3) < 0.3, "chosen \(counts.byItem)")
    }
}
