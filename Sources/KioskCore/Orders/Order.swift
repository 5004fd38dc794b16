/// One line of an order: an item by its index in `Menu.items`, how many, and for an item
/// with sizes or options the selection it takes.
public struct OrderLine: Sendable, Hashable {
    public let item: Int
    public let quantity: Int
    /// `nil` for the item's default selection (or an item without choices).
    public let selection: Selection?

    public init(item: Int, quantity: Int, selection: Selection? = nil) {
        self.item = item
        self.quantity = quantity
        self.selection = selection
    }

    /// A line of `item` taking `selection`, kept as the default (`nil`) when it is the
    /// item's default one: so two lines that choose the same are the same line.
    public init(item: Int, quantity: Int, choosing selection: Selection, in menu: Menu) {
        self.init(item: item, quantity: quantity, selection: selection == menu.items[item].choices?.defaultSelection ? nil : selection)
    }
}

/// One atomic order: every line is made, or none is.
public struct Order: Sendable, Hashable {
    public let lines: [OrderLine]

    public init(_ lines: [OrderLine]) {
        self.lines = lines
    }

    public init(item: Int, quantity: Int = 1) {
        self.lines = [OrderLine(item: item, quantity: quantity)]
    }
}

extension Order {
    /// The item of an order of just one of it, the usual order.
    var singleItem: Int? {
        guard lines.count == 1, let line = lines.first, line.quantity == 1, line.selection == nil else { return nil }
        return line.item
    }

    /// The lines by item name, as events and history show them.
    public func itemQuantities(in menu: Menu) -> [ItemQuantity] {
        lines.map { ItemQuantity(item: menu.items[$0.item].name, quantity: $0.quantity, choice: menu.lineChoice(item: $0.item, selection: $0.selection)) }
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
    /// A line of an item whose size or options have no default, which an order must
    /// choose (see `Item.requiresChoice`).
    case choiceRequired(item: Int)
    /// A line's selection is not one its item allows (or the item has no choices).
    case selectionNotAllowed(item: Int, SelectionProblem)
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
