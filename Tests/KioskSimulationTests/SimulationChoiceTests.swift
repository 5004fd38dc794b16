import KioskCore
import KioskSimulation
import Testing

/// Customers who choose sizes and options as the menu's `demand` says, and the option
/// that ran out first.
@Suite struct SimulationChoiceTests {
    private static let customers = 10_000
    private static let espresso = 0, milk = 1, oatMilk = 2, vanilla = 3

    /// A latte, small (espresso 1) or large (espresso 2, the default), whole milk or oat
    /// (100 of either), and vanilla (1) to add; plenty of everything unless given.
    private static func latte(
        demand: (ItemChoices) -> ChoiceDemand?, milkStock: Int = Menu.maximumQuantity, oatStock: Int = Menu.maximumQuantity
    ) throws -> Menu {
        let plenty = Menu.maximumQuantity
        let ingredients = [
            Ingredient(name: "espresso", initialStock: plenty), Ingredient(name: "milk", initialStock: milkStock),
            Ingredient(name: "oat-milk", initialStock: oatStock), Ingredient(name: "vanilla", initialStock: plenty),
        ]
        let sizes = [
            ItemSize(name: "small", price: Money(hundredths: 400_000), recipe: Recipe([.init(ingredient: espresso, quantity: 1), .init(ingredient: milk, quantity: 100)])),
            ItemSize(name: "large", price: Money(hundredths: 500_000), recipe: Recipe([.init(ingredient: espresso, quantity: 2), .init(ingredient: milk, quantity: 100)])),
        ]
        let groups = [
            OptionGroup(name: "Milk", minimum: 1, maximum: 1, options: [
                ItemOption(name: "Whole", isDefault: true),
                ItemOption(name: "Oat", price: Money(hundredths: 50_000), changes: [.replace(milk, with: oatMilk)]),
            ]),
            OptionGroup(name: "Extras", minimum: 0, maximum: 2, options: [
                ItemOption(name: "Vanilla", price: Money(hundredths: 30_000), adds: [.init(ingredient: vanilla, quantity: 1)]),
                ItemOption(name: "Syrup", price: Money(hundredths: 30_000)),
            ]),
        ]
        let plain = ItemChoices(sizes: sizes, defaultSize: 1, groups: groups)
        let choices = ItemChoices(sizes: sizes, defaultSize: 1, groups: groups, demand: demand(plain))
        return try Menu(name: "Coffee", ingredients: ingredients, items: [Item(name: "Latte", choices: choices)])
    }

    private static func day(_ menu: Menu, seed: UInt64 = 7) throws -> RunReport {
        var configuration = SimulationConfiguration(menu: menu, seed: seed)
        configuration.arrivals = .constant(ArrivalRate(perHour: 600))
        configuration.stop = .customers(customers)
        return try #require(try Replications.run(menu: menu, configuration: configuration).runs.first)
    }

    @Test func customersChooseSizesAndOptionsInTheirShares() throws {
        // 30% small (so 70% large, the default), 40% oat, 25% vanilla.
        let run = try Self.day(try Self.latte { plain in
            var demand = plain.demand
            demand.sizes[0] = 3000
            demand.options[0][1] = 4000
            demand.options[1][0] = 2500
            return demand
        })
        let demand = run.ingredients.map(\.demand)
        let large = Double(demand[Self.espresso] - Self.customers) / Double(Self.customers)
        let oat = Double(demand[Self.oatMilk] / 100) / Double(Self.customers)
        let vanilla = Double(demand[Self.vanilla]) / Double(Self.customers)
        // The seed is fixed; each margin is above four standard deviations of its share.
        #expect(abs(large - 0.70) < 0.02, "large \(large)")
        #expect(abs(oat - 0.40) < 0.02, "oat \(oat)")
        #expect(abs(vanilla - 0.25) < 0.02, "vanilla \(vanilla)")
        #expect(demand[Self.milk] + demand[Self.oatMilk] == 100 * Self.customers)
        #expect(run.refused == 0 && run.optionsOut.isEmpty)
    }

    @Test func withoutDemandEveryCustomerTakesTheDefault() throws {
        let run = try Self.day(try Self.latte { _ in nil })
        let demand = run.ingredients.map(\.demand)
        #expect(demand == [2 * Self.customers, 100 * Self.customers, 0, 0])
    }

    @Test func theFirstOptionOutIsNamedWithItsIngredientAndTime() throws {
        let run = try Self.day(try Self.latte(demand: { plain in
            var demand = plain.demand
            demand.options[0][1] = 5000
            return demand
        }, oatStock: 1000))
        let oatMilk = run.ingredients[Self.oatMilk]
        let firstShort = try #require(oatMilk.firstShort)
        #expect(run.optionsOut == [RunReport.OptionOut(item: "Latte", option: "Oat", ingredient: "oat-milk", time: firstShort)])
        // Ten oat lattes were made; every later one was refused, and nothing else.
        #expect(oatMilk.used == 1000)
        #expect(run.refused == oatMilk.lostOrders && run.refused > 4000)
        #expect(run.ingredients[Self.milk].lostOrders == 0)
    }

    /// Whole milk needs the milk oat milk replaces: without milk, only oat lattes are made.
    @Test func anOptionThatKeepsWhatAnotherReplacesRunsOutWithIt() throws {
        let run = try Self.day(try Self.latte(demand: { plain in
            var demand = plain.demand
            demand.options[0][1] = 5000
            return demand
        }, milkStock: 1000, oatStock: 2000))
        let milk = try #require(run.ingredients[Self.milk].firstShort)
        let oat = try #require(run.ingredients[Self.oatMilk].firstShort)
        #expect(milk < oat)
        #expect(run.optionsOut == [
            RunReport.OptionOut(item: "Latte", option: "Whole", ingredient: "milk", time: milk),
            RunReport.OptionOut(item: "Latte", option: "Oat", ingredient: "oat-milk", time: oat),
        ])
    }

    @Test func theSameSeedChoosesTheSame() throws {
        let menu = try Self.latte { plain in
            var demand = plain.demand
            demand.sizes[0] = 5000
            demand.options[1][1] = 5000
            return demand
        }
        #expect(try Self.day(menu, seed: 3) == Self.day(menu, seed: 3))
        #expect(try Self.day(menu, seed: 3).ingredients.map(\.demand) != Self.day(menu, seed: 4).ingredients.map(\.demand))
    }
}
