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

    /// The combo a line is a part of, by name, as its events keep it.
    public struct Combo: Sendable, Hashable {
        public let name: String
        /// Which of the order's combos, from 1: the lines of one combo share it.
        public let number: Int
        /// How many of the combo the order takes.
        public let quantity: Int
        /// The price of one of the combo, when the menu gives prices: what its parts' unit
        /// prices (each what its size and options add) are added to.
        public let price: Money?

        public init(name: String, number: Int, quantity: Int, price: Money?) {
            self.name = name
            self.number = number
            self.quantity = quantity
            self.price = price
        }
    }

    /// The size's name; `nil` for an item without sizes.
    public let size: String?
    /// In the item's group order, then option order.
    public let options: [Option]
    /// The price of one, when the menu gives prices; for a part of a combo, what one of it
    /// adds to the combo's price (its size and options above the item's cheapest).
    public let unitPrice: Money?
    /// What one of the line takes, ingredient by ingredient: its size's recipe as its
    /// options changed it.
    public let recipe: [IngredientCount]
    /// The combo the line is a part of, or `nil`.
    public let combo: Combo?

    public init(size: String?, options: [Option], unitPrice: Money?, recipe: [IngredientCount], combo: Combo? = nil) {
        self.size = size
        self.options = options
        self.unitPrice = unitPrice
        self.recipe = recipe
        self.combo = combo
    }

    /// `large, Oat, Extra shot ×2`: the words a cook and a receipt read after the item.
    public var description: String {
        var words: [String] = []
        if let size { words.append(size) }
        for option in options { words.append(option.count > 1 ? "\(option.option) ×\(option.count)" : option.option) }
        return words.joined(separator: ", ")
    }

    public static func == (lhs: LineChoice, rhs: LineChoice) -> Bool {
        lhs === rhs || (lhs.size == rhs.size && lhs.options == rhs.options && lhs.unitPrice == rhs.unitPrice && lhs.recipe == rhs.recipe && lhs.combo == rhs.combo)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(options)
        hasher.combine(unitPrice)
        hasher.combine(recipe)
        hasher.combine(combo)
    }
}

extension Menu {
    /// The choice of `line`: its item's size and options, and the combo it is a part of;
    /// `nil` for a line of an item without choices sold on its own.
    public func lineChoice(of line: OrderLine) -> LineChoice? {
        guard let part = line.part else { return lineChoice(item: line.item, selection: line.selection) }
        let combo = combos[part.combo]
        let membership = LineChoice.Combo(name: combo.name, number: part.number, quantity: part.quantity, price: combo.price)
        let upcharge = comboUpcharge(of: line)
        guard let choice = lineChoice(item: line.item, selection: line.selection) else {
            let recipe = items[line.item].recipe.components.map { IngredientCount(ingredient: ingredients[$0.ingredient].name, count: $0.quantity) }
            return LineChoice(size: nil, options: [], unitPrice: combo.price == nil ? nil : upcharge, recipe: recipe, combo: membership)
        }
        return LineChoice(size: choice.size, options: choice.options, unitPrice: combo.price == nil ? nil : upcharge, recipe: choice.recipe, combo: membership)
    }

    /// What one of a combo's part adds to the combo's price: its selection's price above
    /// its item's cheapest (0 for an item without choices, or at its cheapest).
    func comboUpcharge(of line: OrderLine) -> Money {
        guard let choices = items[line.item].choices, let selection = line.selection ?? choices.defaultSelection,
              let cheapest = choices.priceExtremes?.cheapest, let price = choices.price(of: selection),
              let floor = choices.price(of: cheapest) else { return .zero }
        return Money(hundredths: max(0, price.hundredths - floor.hundredths))
    }

    /// The step a combo's price is shared in, in hundredths: a whole unit when every price
    /// of the menu is whole (a won, a yen), else a hundredth (a cent).
    var comboShareStep: Int {
        let whole = { (price: Money?) in (price?.hundredths ?? 0) % 100 == 0 }
        let allWhole = items.allSatisfy { item in
            whole(item.price) && (item.choices.map { choices in
                choices.sizes.allSatisfy { whole($0.price) } && choices.groups.allSatisfy { $0.options.allSatisfy { whole($0.price) } }
            } ?? true)
        } && combos.allSatisfy { whole($0.price) }
        return allWhole ? 100 : 1
    }

    /// The price of one of `item` at its cheapest selection (its price, for an item without
    /// choices): a combo part's weight when the combo's price is shared among its lines.
    public func cheapestPrice(of item: Int) -> Money {
        items[item].cheapestPrice ?? .zero
    }

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
