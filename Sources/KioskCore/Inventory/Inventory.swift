/// How much of each ingredient is in stock, by ingredient index.
///
/// Counts always stay within `0...Menu.maximumQuantity`; every edit that would leave that
/// range throws and changes nothing.
public struct Inventory: Sendable, Hashable {
    public private(set) var counts: [Int]

    public init(counts: [Int]) {
        self.counts = counts
    }

    public subscript(ingredient: Int) -> Int { counts[ingredient] }

    public mutating func add(_ amount: Int, to ingredient: Int) throws(StockError) {
        try checkAmount(amount)
        let current = counts[ingredient]
        guard amount <= Menu.maximumQuantity - current else {
            throw .aboveMaximum(ingredient: ingredient, current: current, requested: amount)
        }
        counts[ingredient] = current + amount
    }

    public mutating func remove(_ amount: Int, from ingredient: Int) throws(StockError) {
        try checkAmount(amount)
        let current = counts[ingredient]
        guard amount <= current else {
            throw .belowZero(ingredient: ingredient, available: current, requested: amount)
        }
        counts[ingredient] = current - amount
    }

    public mutating func set(_ amount: Int, for ingredient: Int) throws(StockError) {
        try checkAmount(amount)
        counts[ingredient] = amount
    }

    /// Sets a count known to be in range, from the journal.
    mutating func restore(_ count: Int, for ingredient: Int) {
        counts[ingredient] = count
    }

    /// Takes every requirement, or none of them when any is short.
    ///
    /// - Returns: the shortfalls, empty when the stock was taken.
    public mutating func take(_ requirements: Requirements) -> [Shortfall] {
        // One ingredient, the usual recipe: one look at its count.
        if requirements.needs.count == 1, let need = requirements.needs.first {
            let available = counts[need.ingredient]
            guard need.quantity <= available else {
                return [Shortfall(ingredient: need.ingredient, needed: need.quantity, available: available)]
            }
            counts[need.ingredient] = available - need.quantity
            return []
        }
        var shortfalls: [Shortfall] = []
        for need in requirements.needs where need.quantity > counts[need.ingredient] {
            shortfalls.append(Shortfall(ingredient: need.ingredient, needed: need.quantity, available: counts[need.ingredient]))
        }
        guard shortfalls.isEmpty else { return shortfalls }
        for need in requirements.needs {
            counts[need.ingredient] -= need.quantity
        }
        return shortfalls
    }

    /// Gives a newly loaded menu its stock: ingredients it shares with `old` keep their
    /// count, new ones start at their declared stock.
    public static func carryingOver(_ old: Inventory, from oldMenu: Menu, to newMenu: Menu) -> Inventory {
        var counts = newMenu.ingredients.map(\.initialStock)
        for (index, ingredient) in newMenu.ingredients.enumerated() {
            if let oldIndex = oldMenu.ingredientIndex(named: ingredient.name) {
                counts[index] = old[oldIndex]
            }
        }
        return Inventory(counts: counts)
    }

    private func checkAmount(_ amount: Int) throws(StockError) {
        guard (0...Menu.maximumQuantity).contains(amount) else { throw .amountOutOfRange(amount) }
    }
}

/// An ingredient an order needs more of than there is.
public struct Shortfall: Sendable, Hashable {
    public let ingredient: Int
    public let needed: Int
    public let available: Int

    public init(ingredient: Int, needed: Int, available: Int) {
        self.ingredient = ingredient
        self.needed = needed
        self.available = available
    }

    /// How many more would let the order through.
    public var missing: Int { needed - available }
}
