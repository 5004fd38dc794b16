/// One line of an order: an item by its index in `Menu.items`, how many, for an item
/// with sizes or options the selection it takes, and for a part of a combo which.
///
/// A combo is ordered as its parts: ordinary lines of the items chosen, each marked with
/// the combo it belongs to. Stock, tickets and the board read them as any line; only the
/// price reads the mark.
public struct OrderLine: Sendable, Hashable {
    public let item: Int
    public let quantity: Int
    /// `nil` for the item's default selection (or an item without choices).
    public let selection: Selection?
    /// The combo the line is a part of, or `nil` for a line sold on its own.
    public let part: ComboPart?

    public init(item: Int, quantity: Int, selection: Selection? = nil, part: ComboPart? = nil) {
        self.item = item
        self.quantity = quantity
        self.selection = selection
        self.part = part
    }

    /// A line of `item` taking `selection`, kept as the default (`nil`) when it is the
    /// item's default one: so two lines that choose the same are the same line.
    public init(item: Int, quantity: Int, choosing selection: Selection, in menu: Menu, part: ComboPart? = nil) {
        self.init(item: item, quantity: quantity, selection: selection == menu.items[item].choices?.defaultSelection ? nil : selection, part: part)
    }
}

/// Where a line sits in a combo: which combo of the menu, which of the order's combos (two
/// breakfast sets in one order are two), which of its `choose` slots, and how many of the
/// combo the order takes. A part's quantity is what its slot takes times that.
public struct ComboPart: Sendable, Hashable {
    /// An index into `Menu.combos`.
    public let combo: Int
    /// The combo's place among the order's combos, from 1.
    public let number: Int
    /// An index into the combo's `slots`.
    public let slot: Int
    /// How many of the combo, at least 1.
    public let quantity: Int

    public init(combo: Int, number: Int, slot: Int, quantity: Int) {
        self.combo = combo
        self.number = number
        self.slot = slot
        self.quantity = quantity
    }
}

/// One atomic order: every line is made, or none is.
public struct Order: Sendable, Hashable {
    public let lines: [OrderLine]
    /// The `ask` discounts the operator gave, by index into the menu's `Pricing.discounts`.
    public let askedDiscounts: Set<Int>

    public init(_ lines: [OrderLine], askingFor discounts: Set<Int> = []) {
        self.lines = lines
        self.askedDiscounts = discounts
    }

    public init(item: Int, quantity: Int = 1) {
        self.lines = [OrderLine(item: item, quantity: quantity)]
        self.askedDiscounts = []
    }
}

extension Order {
    /// The item of an order of just one of it, the usual order.
    var singleItem: Int? {
        guard lines.count == 1, let line = lines.first, line.quantity == 1, line.selection == nil, line.part == nil else { return nil }
        return line.item
    }

    /// The lines by item name, as events and history show them.
    public func itemQuantities(in menu: Menu) -> [ItemQuantity] {
        lines.map { ItemQuantity(item: menu.items[$0.item].name, quantity: $0.quantity, choice: menu.lineChoice(of: $0)) }
    }

    /// Whether a line is a part of a combo.
    var hasCombos: Bool { lines.contains { $0.part != nil } }

    /// What is wrong with the order's combos, or `nil` when each is one its combo allows:
    /// its parts in a row, each an item of its slot, a whole number of each per combo, and
    /// each slot taking within its limits.
    func comboProblem(in menu: Menu) -> OrderError? {
        var index = lines.startIndex
        var numbers = Set<Int>()
        while index < lines.endIndex {
            guard let part = lines[index].part else {
                index += 1
                continue
            }
            guard menu.combos.indices.contains(part.combo), part.quantity >= 1, numbers.insert(part.number).inserted else {
                return .comboNotAllowed(combo: part.combo, slot: nil)
            }
            let combo = menu.combos[part.combo]
            var taken = Array(repeating: 0, count: combo.slots.count)
            while index < lines.endIndex, let next = lines[index].part, next.number == part.number {
                let line = lines[index]
                guard next.combo == part.combo, next.quantity == part.quantity, combo.slots.indices.contains(next.slot),
                      combo.slots[next.slot].items.contains(line.item), line.quantity % part.quantity == 0 else {
                    return .comboNotAllowed(combo: part.combo, slot: combo.slots.indices.contains(next.slot) ? next.slot : nil)
                }
                taken[next.slot] += line.quantity / part.quantity
                index += 1
            }
            for (slot, limits) in combo.slots.enumerated() where !(limits.minimum...limits.maximum).contains(taken[slot]) {
                return .comboNotAllowed(combo: part.combo, slot: slot)
            }
        }
        return nil
    }
}

/// Why an order could not even be considered. A refusal for missing stock is not an
/// error; it is an `OrderOutcome`.
public enum OrderError: Error, Equatable, Sendable {
    case empty
    /// A line's quantity is outside `1...Menu.maximumQuantity`.
    case quantityOutOfRange(Int)
    /// The ingredients needed add up past what any stock can hold.
    case requirementTooLarge(ingredient: Int)
    /// The price of the order, or the sales total it would make, does not fit.
    case totalTooLarge
    /// An item ordered outside the windows it is served in, or (`pick`) with an option
    /// outside its own.
    case notServedNow(item: Int, pick: Selection.Pick? = nil)
    /// A line of an item whose size or options have no default, which an order must
    /// choose (see `Item.requiresChoice`).
    case choiceRequired(item: Int)
    /// A line's selection is not one its item allows (or the item has no choices).
    case selectionNotAllowed(item: Int, SelectionProblem)
    /// A combo's parts are not what it allows: a slot (by index) taking outside its limits
    /// or an item it does not offer; `nil` for parts that do not hold together.
    case comboNotAllowed(combo: Int, slot: Int?)
}

/// The total of each ingredient an order needs, every line summed.
public struct Requirements: Sendable, Hashable {
    /// An ingredient and how much of it: a recipe's component, so a one-line order of one
    /// item needs its recipe as it is, without a copy.
    public typealias Need = Recipe.Component

    public private(set) var needs: [Need]

    /// Borrowing its arguments: an initializer takes them owned by default, so each order
    /// retained its lines and the menu for the call and released them in it: atomic
    /// operations on every order's path.
    public init(for order: borrowing Order, in menu: borrowing Menu) throws(OrderError) {
        guard !order.lines.isEmpty else { throw .empty }
        if order.lines.count == 1, let line = order.lines.first {
            // One line, the usual order: its recipe lists each ingredient once already.
            guard (1...Menu.maximumQuantity).contains(line.quantity) else { throw .quantityOutOfRange(line.quantity) }
            let components = try Requirements.recipe(of: line, in: menu).components
            needs = line.quantity == 1 ? components : components.map { Need(ingredient: $0.ingredient, quantity: $0.quantity * line.quantity) }
            return
        }
        needs = []
        needs.reserveCapacity(order.lines.count * 2)
        for line in order.lines {
            guard (1...Menu.maximumQuantity).contains(line.quantity) else {
                throw .quantityOutOfRange(line.quantity)
            }
            for component in try Requirements.recipe(of: line, in: menu).components {
                // Both factors are at most 10^9, so the product fits; the sum may not.
                try add(component.quantity * line.quantity, of: component.ingredient)
            }
        }
    }

    /// What one of `line` takes: its item's recipe, or its selection's.
    @inline(__always)
    static func recipe(of line: borrowing OrderLine, in menu: borrowing Menu) throws(OrderError) -> Recipe {
        guard let selection = line.selection else {
            guard !menu.items[line.item].requiresChoice else { throw .choiceRequired(item: line.item) }
            return menu.items[line.item].recipe
        }
        guard let choices = menu.items[line.item].choices else { throw .selectionNotAllowed(item: line.item, .unknownSize) }
        if let problem = choices.problem(with: selection) { throw .selectionNotAllowed(item: line.item, problem) }
        return choices.recipe(of: selection)
    }

    private mutating func add(_ quantity: Int, of ingredient: Int) throws(OrderError) {
        if let index = needs.firstIndex(where: { $0.ingredient == ingredient }) {
            let (sum, overflow) = needs[index].quantity.addingReportingOverflow(quantity)
            guard !overflow else { throw .requirementTooLarge(ingredient: ingredient) }
            needs[index] = Need(ingredient: ingredient, quantity: sum)
        } else {
            needs.append(Need(ingredient: ingredient, quantity: quantity))
        }
    }
}
