import KioskCore
import KioskSimulation

/// Menus and configurations the simulation tests share.
enum Support {
    /// One item made of one ingredient with as much stock as a menu may hold: for the
    /// queueing tests, where stock must never run out.
    static func unlimitedMenu() throws -> Menu {
        try Menu(
            name: "Tea Bar", ingredients: [Ingredient(name: "tea", initialStock: Menu.maximumQuantity)],
            items: [Item(name: "Tea", recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
    }

    /// M/M/c: one station with `servers` staff, exponential preparation with mean 1 min,
    /// Poisson arrivals at `perHour`, stopping after `customers` arrivals.
    static func queue(servers: Int, perHour: Int64, customers: Int, seed: UInt64) throws -> (Menu, SimulationConfiguration) {
        let menu = try unlimitedMenu()
        var configuration = SimulationConfiguration(menu: menu, seed: seed)
        configuration.stations = [.init(name: "bar", staff: servers)]
        configuration.items = [.init(station: 0, preparationMilliseconds: 60_000, popularity: 1)]
        configuration.service = .exponential
        configuration.arrivals = .constant(ArrivalRate(perHour: perHour))
        configuration.stop = .customers(customers)
        return (menu, configuration)
    }

    /// The Juice Maker (ten of each fruit) at 60 customers an hour for 4 hours, every juice
    /// equally popular, 1 min each at one counter: stock runs out within the first hour.
    static func juiceDay(seed: UInt64, restock: RestockPolicy = .none) -> SimulationConfiguration {
        var configuration = SimulationConfiguration(menu: Menu.juiceMaker, seed: seed)
        configuration.stop = .duration(milliseconds: 4 * 3_600_000)
        configuration.restock = restock
        return configuration
    }

    /// `menu` with every ingredient's starting stock replaced.
    static func menu(_ menu: Menu, startingStock: [Int]) throws -> Menu {
        let ingredients = zip(menu.ingredients, startingStock).map {
            Ingredient(name: $0.name, initialStock: $1, lowMark: $0.lowMark, unit: $0.unit)
        }
        return try Menu(name: menu.name, currency: menu.currency, ingredients: ingredients, items: menu.items, messages: menu.messages)
    }
}
