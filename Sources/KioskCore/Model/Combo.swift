/// Several items sold together for one price: `combo "Breakfast Set" price 7000 { … }`.
/// Each slot chooses from a few items, and each item chosen keeps its own sizes and options.
public struct Combo: Sendable, Hashable {
    /// `choose 1 from "Latte", "Americano"`: how many of the items a combo takes here.
    public struct Slot: Sendable, Hashable {
        public let minimum: Int
        public let maximum: Int
        /// Indices into `Menu.items`, none with a repeat.
        public let items: [Int]

        public init(minimum: Int, maximum: Int, items: [Int]) {
            self.minimum = minimum
            self.maximum = maximum
            self.items = items
        }
    }

    public let name: String
    public let aliases: [String]
    public let slug: String
    /// The price of the combo with each item at its cheapest selection; `nil` when the menu
    /// gives none. A chosen item's size and options add what they cost above its cheapest.
    public let price: Money?
    public let slots: [Slot]

    public init(name: String, aliases: [String] = [], price: Money?, slots: [Slot]) {
        self.name = name
        self.aliases = aliases
        self.slug = NameKey.slug(name)
        self.price = price
        self.slots = slots
    }
}

extension Combo {
    /// How many ways the combo can be chosen, each item with each of its selections, or
    /// `nil` past `Int.max`: per slot, the multisets of `minimum` to `maximum` takings from
    /// the items' selections together.
    public func selectionCount(in items: [Item]) -> Int? {
        var total = 1
        for slot in slots {
            var pool = 0
            for item in slot.items {
                var count = 1
                if let choices = items[item].choices {
                    guard let selections = choices.selectionCount else { return nil }
                    count = selections
                }
                let (sum, overflow) = pool.addingReportingOverflow(count)
                guard !overflow else { return nil }
                pool = sum
            }
            var ways = 0
            for taken in slot.minimum...slot.maximum {
                guard let multisets = Combo.multisets(of: taken, from: pool) else { return nil }
                let (sum, overflow) = ways.addingReportingOverflow(multisets)
                guard !overflow else { return nil }
                ways = sum
            }
            let (product, overflow) = total.multipliedReportingOverflow(by: ways)
            guard !overflow else { return nil }
            total = product
        }
        return total
    }

    /// C(pool + taken − 1, taken): the ways to take `taken` from `pool` kinds with repeats.
    static func multisets(of taken: Int, from pool: Int) -> Int? {
        guard taken > 0 else { return 1 }
        guard pool > 0 else { return 0 }
        var result = 1
        for step in 1...taken {
            // result · (pool + step − 1) / step stays whole at every step.
            let (kinds, past) = pool.addingReportingOverflow(step - 1)
            let (product, overflow) = result.multipliedReportingOverflow(by: kinds)
            guard !past, !overflow else { return nil }
            result = product / step
        }
        return result
    }
}
