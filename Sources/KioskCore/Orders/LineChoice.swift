/// What an order line of an item with sizes or options chose, by name, as its events,
/// tickets and history keep it: the size, the options taken, what one of it costs and
/// what one of it takes from stock.
///
/// By name, like the rest of an event: a journal written under one menu reads the same
/// under a menu that renamed or dropped an option. A class, so that a line without
/// choices — most lines — pays one word for the possibility, and copies retain one box.
public final class LineChoice: Sendable, Hashable, CustomStringConvertible {
    /// An option taken, and how many times.
    public struct Option: Sendable, Hashable {
        public let group: String
        public let option: String
        public let count: Int
        /// Whether it leaves a line of the recipe out (`No sugar`): a cook's ticket marks it.
        public let removes: Bool

        public init(group: String, option: String, count: Int = 1, removes: Bool = false) {
            self.group = group
            self.option = option
            self.count = count
            self.removes = removes
        }
    }

    /// The size's name; `nil` for an item without sizes.
    public let size: String?
    /// In the item's group order, then option order.
    public let options: [Option]
    /// The price of one, when the menu gives prices.
    public let unitPrice: Money?
    /// What one of the line takes, ingredient by ingredient: its size's recipe as its
    /// options changed it.
    public let recipe: [IngredientCount]

    public init(size: String?, options: [Option], unitPrice: Money?, recipe: [IngredientCount]) {
        self.size = size
        self.options = options
        self.unitPrice = unitPrice
        self.recipe = recipe
    }

    /// `large, Oat, Extra shot ×2`: the words a cook and a receipt read after the item.
    public var description: String {
        var words: [String] = []
        if let size { words.append(size) }
        for option in options { words.append(option.count > 1 ? "\(option.option) ×\(option.count)" : option.option) }
        return words.joined(separator: ", ")
    }

    public static func == (lhs: LineChoice, rhs: LineChoice) -> Bool {
        lhs === rhs || (lhs.size == rhs.size && lhs.options == rhs.options && lhs.unitPrice == rhs.unitPrice && lhs.recipe == rhs.recipe)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(options)
        hasher.combine(unitPrice)
        hasher.combine(recipe)
    }
}

extension Menu {
    /// The choice of a line of `item` taking `selection` (its default one when `nil`), or
    /// `nil` for an item without choices.
    public func lineChoice(item: Int, selection: Selection?) -> LineChoice? {
        guard let choices = items[item].choices, let selection = selection ?? choices.defaultSelection else { return nil }
        let options = selection.picks.map { pick in
            let group = choices.groups[pick.group]
            let option = group.options[pick.option]
            let removes = option.changes.contains { if case .remove = $0 { true } else { false } }
            return LineChoice.Option(group: group.name, option: option.name, count: pick.count, removes: removes)
        }
        let recipe = choices.recipe(of: selection).components.map { IngredientCount(ingredient: ingredients[$0.ingredient].name, count: $0.quantity) }
        return LineChoice(size: choices.sizes[selection.size].name, options: options, unitPrice: choices.price(of: selection), recipe: recipe)
    }
}
