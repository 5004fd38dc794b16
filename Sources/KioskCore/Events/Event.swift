/// One thing that happened at the kiosk, as every sink receives it.
///
/// Events are plain values, shaped after CloudEvents 1.0: `id`, `source`, `type`, `time`,
/// `seq` and a typed payload. The message text is not rendered on the order path; the
/// event carries its template and sinks render it when (and if) they need it.
public struct Event: Sendable, Hashable {
    public let id: EventID
    /// Increases by one per event within a kiosk's state.
    public let sequence: UInt64
    public let time: Timestamp
    /// A URI reference: the menu's `source`, `/kiosk/<slug of its name>` by default.
    public let source: String
    public let payload: Payload
    public let template: MessageTemplate

    public init(id: EventID, sequence: UInt64, time: Timestamp, source: String, payload: Payload, template: MessageTemplate) {
        self.id = id
        self.sequence = sequence
        self.time = time
        self.source = source
        self.payload = payload
        self.template = template
    }

    public var type: EventType { payload.type }

    /// The human text of the event: its template with the placeholders filled in.
    public var message: String { template.render(payload) }

    /// Boxed: events are copied into every queue and batch, and a box copies as one reference.
    public indirect enum Payload: Sendable, Hashable {
        case orderSucceeded(OrderSucceeded)
        case orderFailed(OrderFailed)
        case restockNeeded(RestockNeeded)
        case stockChanged(StockChanged)
        case menuReloaded(MenuReloaded)
        case ticketStarted(TicketStarted)
        case ticketReady(TicketChanged)
        case ticketPickedUp(TicketChanged)
        case ticketCancelled(TicketCancelled)
        case ticketRecalled(TicketChanged)
        case ticketLate(TicketChanged)
        case suggestionMade(SuggestionMade)
        case menuReloadFailed(MenuReloadFailed)
        /// Every step of a payment: its type is its status's.
        case payment(PaymentChanged)
        /// Every step of the drawer's day: its type is its kind's.
        case drawer(DrawerChanged)
        /// `order.paid`: the payment that settled an order, with the order's receipt.
        case orderPaid(OrderReceipt)
        /// `order.voided`: an order undone before its ticket started.
        case orderVoided(OrderVoided)
        /// `order.held`: an order paid first, holding its stock until it is paid.
        case orderHeld(OrderHeld)
        /// `ticket.opened`: the ticket an order paid first gets with its payment.
        case ticketOpened(TicketOpened)

        public var type: EventType {
            switch self {
            case .orderSucceeded: .orderSucceeded
            case .orderFailed: .orderFailed
            case .restockNeeded: .restockNeeded
            case .stockChanged: .stockChanged
            case .menuReloaded: .menuReloaded
            case .ticketStarted: .ticketStarted
            case .ticketReady: .ticketReady
            case .ticketPickedUp: .ticketPickedUp
            case .ticketCancelled: .ticketCancelled
            case .ticketRecalled: .ticketRecalled
            case .ticketLate: .ticketLate
            case .suggestionMade: .suggestionMade
            case .menuReloadFailed: .menuReloadFailed
            case .payment(let e): e.status.eventType
            case .drawer(let e): e.kind.eventType
            case .orderPaid: .orderPaid
            case .orderVoided: .orderVoided
            case .orderHeld: .orderHeld
            case .ticketOpened: .ticketOpened
            }
        }
    }
}

/// An order line by item name, as events and history show it: two lines are the same
/// line when they name the same item with the same choices.
public struct ItemQuantity: Sendable, Hashable {
    public let item: String
    public let quantity: Int
    /// The size and options of a line of an item that has them; `nil` for any other.
    public let choice: LineChoice?

    public init(item: String, quantity: Int, choice: LineChoice? = nil) {
        self.item = item
        self.quantity = quantity
        self.choice = choice
    }
}

/// A count of one ingredient by name.
public struct IngredientCount: Sendable, Hashable {
    public let ingredient: String
    public let count: Int

    public init(ingredient: String, count: Int) {
        self.ingredient = ingredient
        self.count = count
    }
}

/// An ingredient an order was short of, by name.
public struct Missing: Sendable, Hashable {
    public let ingredient: String
    public let needed: Int
    public let available: Int

    public init(ingredient: String, needed: Int, available: Int) {
        self.ingredient = ingredient
        self.needed = needed
        self.available = available
    }
}

/// `order.succeeded`: what was made, what it used, and the stock it left.
public struct OrderSucceeded: Sendable, Hashable {
    public let lines: [ItemQuantity]
    public let consumed: [IngredientCount]
    /// The stock of each consumed ingredient after the order.
    public let stock: [IngredientCount]
    public let total: Money?
    public let currency: String?
    /// The price of each line, when the menu gives prices: what the sales totals are made
    /// of when the journal is folded.
    public let lineTotals: [Money]
    /// The order's ticket number, when the menu has a board.
    public let ticket: Int?
    /// When the ticket is promised to be ready, when the menu has a board.
    public let promised: Timestamp?
    /// How the total was reached, when the menu has taxes or discounts: each line's gross,
    /// discounts, taxes and net; `lineTotals` are then the lines' totals after them.
    public let price: PriceBreakdown?

    public init(
        lines: [ItemQuantity], consumed: [IngredientCount], stock: [IngredientCount], total: Money? = nil, currency: String? = nil,
        lineTotals: [Money] = [], ticket: Int? = nil, promised: Timestamp? = nil, price: PriceBreakdown? = nil
    ) {
        self.price = price
        self.lines = lines
        self.consumed = consumed
        self.stock = stock
        self.total = total
        self.currency = currency
        self.lineTotals = lineTotals
        self.ticket = ticket
        self.promised = promised
    }
}

/// `order.failed`: the order, refused whole, and what was missing.
public struct OrderFailed: Sendable, Hashable {
    public let lines: [ItemQuantity]
    public let missing: [Missing]

    public init(lines: [ItemQuantity], missing: [Missing]) {
        self.lines = lines
        self.missing = missing
    }
}

/// `restock.needed`: an ingredient at or below its low mark, or short for a refused order.
public struct RestockNeeded: Sendable, Hashable {
    public enum Reason: String, Sendable, Hashable {
        case low
        case short
    }

    public let ingredient: String
    public let stock: Int
    public let low: Int
    public let reason: Reason
    /// For `short`: how many the refused order needed.
    public let needed: Int?

    public init(ingredient: String, stock: Int, low: Int, reason: Reason, needed: Int? = nil) {
        self.ingredient = ingredient
        self.stock = stock
        self.low = low
        self.reason = reason
        self.needed = needed
    }
}

/// `stock.changed`: an edit by the operator.
public struct StockChanged: Sendable, Hashable {
    public let ingredient: String
    public let from: Int
    public let to: Int
    public let reason: StockEdit

    public init(ingredient: String, from: Int, to: Int, reason: StockEdit) {
        self.ingredient = ingredient
        self.from = from
        self.to = to
        self.reason = reason
    }
}

/// `menu.reloaded`: the menu was replaced; stock of shared ingredients was kept.
public struct MenuReloaded: Sendable, Hashable {
    public let menu: String
    public let ingredients: Int
    public let items: Int
    public let difference: MenuDifference

    public init(menu: String, ingredients: Int, items: Int, difference: MenuDifference) {
        self.menu = menu
        self.ingredients = ingredients
        self.items = items
        self.difference = difference
    }
}

/// `menu.reload_failed`: the menu files did not compile; the menu in use stays.
public struct MenuReloadFailed: Sendable, Hashable {
    /// The name of the menu that stays.
    public let menu: String
    /// How many errors the files have.
    public let errors: Int

    public init(menu: String, errors: Int) {
        self.menu = menu
        self.errors = errors
    }
}

/// The kinds of stock edit.
public enum StockEdit: String, Sendable, Hashable, CaseIterable {
    case add
    case remove
    case set
    case restock
    /// Ingredients of a cancelled queued ticket (or a voided order), back in stock.
    case cancel
    /// Ingredients of a refunded order, back in stock because the operator said so.
    case refund
}

/// What a new menu added and removed, by name.
public struct MenuDifference: Sendable, Hashable {
    public var addedItems: [String] = []
    public var removedItems: [String] = []
    public var addedIngredients: [String] = []
    public var removedIngredients: [String] = []

    public init(from old: Menu, to new: Menu) {
        let oldItems = Set(old.items.map { NameKey.fold($0.name) })
        let newItems = Set(new.items.map { NameKey.fold($0.name) })
        addedItems = new.items.map(\.name).filter { !oldItems.contains(NameKey.fold($0)) }
        removedItems = old.items.map(\.name).filter { !newItems.contains(NameKey.fold($0)) }
        addedIngredients = new.ingredients.map(\.name).filter { old.ingredientIndex(named: $0) == nil }
        removedIngredients = old.ingredients.map(\.name).filter { new.ingredientIndex(named: $0) == nil }
    }

    public init(addedItems: [String] = [], removedItems: [String] = [], addedIngredients: [String] = [], removedIngredients: [String] = []) {
        self.addedItems = addedItems
        self.removedItems = removedItems
        self.addedIngredients = addedIngredients
        self.removedIngredients = removedIngredients
    }

    public var isEmpty: Bool {
        addedItems.isEmpty && removedItems.isEmpty && addedIngredients.isEmpty && removedIngredients.isEmpty
    }
}
