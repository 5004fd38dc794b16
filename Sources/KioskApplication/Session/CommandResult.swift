import KioskCore
import KioskSinks

/// What a command did: what to show, the error if it failed, and the events it caused.
public struct CommandResult: Sendable {
    public let command: Command
    public var output: CommandOutput
    public var error: CommandError?
    public var events: [Event]
    /// The sequence number of the last event in the state once the command ran, its own
    /// events included (0 before any): what the result shows is the state up to it, so a
    /// screen that shows the result follows the event stream from after it.
    public var sequence: UInt64 = 0

    public init(command: Command, output: CommandOutput = .none, error: CommandError? = nil, events: [Event] = []) {
        self.command = command
        self.output = output
        self.error = error
        self.events = events
    }

    public var succeeded: Bool { error == nil }
}

/// The data a command shows, rendered as text by `ResultText` (the terminal) or as JSON by `ResultJSON`.
public enum CommandOutput: Sendable {
    case none
    case menu(MenuListing)
    case stock(StockListing)
    case history([OrderRecord])
    case report(SalesReport)
    case sinks([SinkStatus])
    /// Text to show as it is (`help`).
    case text(String)
    case ordered(OrderSummary)
    /// What `price` says an order would cost; no total when the menu gives no prices.
    case quoted(OrderSummary)
    /// `receipt`: a made order's lines, discounts, taxes and total.
    case receipt(OrderReceipt)
    /// `receipt --format escpos`: the receipt as the ESC/POS bytes a printer is sent.
    case printedReceipt([UInt8])
    case stockChanges([StockChange])
    /// What `restock` alone changed; nothing when nothing was low or short.
    case restocked([StockChange])
    case failedEvents([FailedEvent])
    case retried([RetriedSink])
    case reloaded(ReloadSummary)
    /// What `suggest` or `suggest next` shows: a page of suggestions, or why there are none.
    case suggestions(SuggestionOutcome)
    /// `suggest next` past the last page it may show.
    case noMoreSuggestions(NoMoreSuggestions)
    /// `profile`: every profile.
    case profiles(Profiles)
    /// `profile NAME`, or the profile a change left; with the menu its names are read on.
    case profile(Profile, menu: Menu)
    /// `profile NAME remove`: the name as it was made.
    case profileRemoved(String)
    /// The kitchen's three columns (`board`).
    case board(BoardListing)
    /// What a customer screen shows (`board public`).
    case publicBoard(PublicBoard)
    /// Per item, how many are in the kitchen (`board all-day`).
    case allDay([AllDayCount])
    /// A ticket moved by `start`, `ready`, `pickup`, `bump`, `recall` or `cancel`.
    case ticketMoved(MovedTicket)
    /// The virtual clock after `wait`.
    case waited(Timestamp)
    /// A payment `pay` took: its last step, and the ticket it opened for an order paid first.
    case paid(PaymentChanged, promise: TicketPromise? = nil)
    /// What `refund` gave back, one step per tender.
    case refunded([PaymentChanged])
    /// What `void` did: the order voided, after what it gave back, one refund per tender.
    case voided(OrderVoided, refunds: [PaymentChanged])
    /// A step of the drawer's day, or its X or Z report: where the day stands.
    case drawer(DrawerChanged)
}

/// What a successful `reload` changed.
public struct ReloadSummary: Sendable, Equatable {
    public let difference: MenuDifference
    /// The new menu declares other sinks: they take effect at the next start.
    public let sinksChanged: Bool
    /// `false` when the files compiled to the same menu: nothing was swapped.
    public var menuChanged = true
}

/// The items of the menu as `menu` lists them, with what a screen needs besides: the
/// items' tags and allergens, the questions `suggest` asks, and the board's stations and
/// marks.
public struct MenuListing: Sendable {
    public struct Row: Sendable {
        public let name: String
        public let aliases: [String]
        public let price: Money?
        public let needs: [IngredientCount]
        public let makeable: Int
        public let tags: [String]
        /// `nil` when the menu does not say.
        public let allergens: Allergens?
        /// Where it is made and how long it takes, on a menu with a board.
        public let station: String?
        public let prep: Duration
        /// For an item with sizes, each size with its price, needs and what the stock can
        /// make of it (with the default options).
        public let sizes: [SizeRow]
        /// For an item with options, its groups.
        public let groups: [OptionGroup]
        /// For each option of each group, how many of the item the stock can make with it
        /// (in the default size, the other groups at their defaults): 0 is sold out.
        public let optionsAvailable: [[Int]]
        /// The default size's name, when the item has sizes and one of them is the default.
        public let defaultSize: String?
        /// When it is served (`07:00-11:00 mon-fri`), for an item with windows, and whether now.
        public let served: (windows: String, now: Bool)?
    }

    /// One size of an item as `menu` lists it.
    public struct SizeRow: Sendable {
        public let name: String
        public let price: Money?
        public let needs: [IngredientCount]
        public let makeable: Int
    }

    /// A combo as `menu` lists it: each `choose` with its limits, and each item it offers
    /// with the price of its cheapest selection, which the combo's price includes.
    public struct ComboRow: Sendable {
        public struct Choice: Sendable {
            public let minimum: Int
            public let maximum: Int
            public let items: [(name: String, included: Money?)]
        }

        public let name: String
        public let aliases: [String]
        public let price: Money?
        public let choices: [Choice]
    }

    public let name: String
    public let currency: String?
    public let rows: [Row]
    public let combos: [ComboRow]
    public let questions: [Question]
    /// The board's settings and stations, when the menu has a board.
    public let board: BoardSettings?
    public let stations: [Station]
    /// How the menu takes payment, when it has a `checkout`.
    public let checkout: CheckoutSettings?

    init(menu: Menu, inventory: Inventory, served: (Int) -> Bool = { _ in true }) {
        name = menu.name
        currency = menu.currency
        checkout = menu.checkout
        questions = menu.questions
        board = menu.board
        stations = menu.board == nil ? [] : menu.stations
        combos = menu.combos.map { combo in
            ComboRow(name: combo.name, aliases: combo.aliases, price: combo.price, choices: combo.slots.map { slot in
                ComboRow.Choice(minimum: slot.minimum, maximum: slot.maximum, items: slot.items.map { item in
                    (menu.items[item].name, combo.price == nil ? nil : menu.cheapestPrice(of: item))
                })
            })
        }
        rows = menu.items.indices.map { index in
            let item = menu.items[index]
            return Row(
                name: item.name,
                aliases: item.aliases,
                price: item.price,
                needs: item.recipe.components.map { IngredientCount(ingredient: menu.ingredients[$0.ingredient].name, count: $0.quantity) },
                makeable: menu.makeableCount(of: index, with: inventory),
                tags: item.tags,
                allergens: item.allergens,
                station: menu.board == nil ? nil : menu.stations[item.station].name,
                prep: item.prep,
                sizes: MenuListing.sizes(of: item, menu: menu, inventory: inventory),
                groups: item.choices?.groups ?? [],
                optionsAvailable: MenuListing.optionsAvailable(of: item, inventory: inventory),
                defaultSize: item.choices.flatMap { choices in choices.hasSizes ? choices.defaultSize.flatMap { choices.sizes[$0].name } : nil },
                served: item.availability.map { ($0.description, served(index)) }
            )
        }
    }
}

extension MenuListing {
    /// For each option of `item`, what the stock can make of the item taking it.
    static func optionsAvailable(of item: Item, inventory: Inventory) -> [[Int]] {
        guard let choices = item.choices else { return [] }
        let size = choices.defaultSize ?? 0
        return choices.groups.indices.map { group in
            let others = choices.groups.indices.filter { $0 != group }.flatMap { other in
                choices.groups[other].options.indices.filter { choices.groups[other].options[$0].isDefault }.map { Selection.Pick(group: other, option: $0) }
            }
            return choices.groups[group].options.indices.map { option in
                let recipe = choices.recipe(of: Selection(size: size, picks: (others + [Selection.Pick(group: group, option: option)]).sorted { ($0.group, $0.option) < ($1.group, $1.option) }))
                return recipe.components.map { inventory[$0.ingredient] / $0.quantity }.min() ?? 0
            }
        }
    }

    /// Each named size of `item` with the default options, or none.
    static func sizes(of item: Item, menu: Menu, inventory: Inventory) -> [SizeRow] {
        guard let choices = item.choices, choices.hasSizes else { return [] }
        let defaults = choices.groups.indices.flatMap { group in
            choices.groups[group].options.indices.filter { choices.groups[group].options[$0].isDefault }.map { Selection.Pick(group: group, option: $0) }
        }
        return choices.sizes.indices.map { size in
            let selection = Selection(size: size, picks: defaults)
            let recipe = choices.recipe(of: selection)
            return SizeRow(
                name: choices.sizes[size].name ?? "",
                price: choices.price(of: selection),
                needs: recipe.components.map { IngredientCount(ingredient: menu.ingredients[$0.ingredient].name, count: $0.quantity) },
                makeable: recipe.components.map { inventory[$0.ingredient] / $0.quantity }.min() ?? 0
            )
        }
    }
}

/// The ingredients as `stock` lists them.
public struct StockListing: Sendable {
    public struct Row: Sendable {
        public let name: String
        public let count: Int
        public let low: Int
        public let unit: String?
        /// What `restock` alone would add, for a low or short ingredient.
        public var restock: Int?

        /// `out` at zero, `low` at or below the low mark, else nothing.
        public var flag: String? {
            count == 0 ? "out" : count <= low ? "low" : nil
        }
    }

    public let rows: [Row]

    init(menu: Menu, inventory: Inventory, restock: [RestockNeed] = []) {
        var rows = menu.ingredients.indices.map { index in
            let ingredient = menu.ingredients[index]
            return Row(name: ingredient.name, count: inventory[index], low: ingredient.lowMark, unit: ingredient.unit)
        }
        for need in restock where rows.indices.contains(need.ingredient) { rows[need.ingredient].restock = need.amount }
        self.rows = rows
    }
}

/// Sales totals as `report` shows them.
public struct SalesReport: Sendable {
    public let currency: String?
    public let hasPrices: Bool
    public let sales: [Ledger.Sales]
    public let usage: [Ledger.Usage]
    public let revenue: Money
    public let madeOrders: Int
    public let refusedOrders: Int
    /// Sales by size and by option, for the items that have them.
    public let choiceSales: [Ledger.ChoiceSales]
    /// Per station times, late tickets and waste, when the menu has a board.
    public let board: BoardReport?
    /// Money by day — gross, discounts, net, each tax, total — for orders priced with taxes
    /// or discounts.
    public let days: [Ledger.MoneyDay]
    /// What each tender took and gave back, on a menu with a `checkout`.
    public let payments: PaymentBook?

    init(menu: Menu, ledger: Ledger, board: BoardReport? = nil, payments: PaymentBook? = nil) {
        self.board = board
        self.payments = menu.checkout == nil ? nil : payments
        days = ledger.moneyDays
        currency = menu.currency
        hasPrices = menu.items.contains { $0.price != nil } || ledger.revenue != .zero
        sales = Array(ledger.sales) + ledger.retiredSales.filter { $0.quantity > 0 }
        usage = Array(ledger.usage) + ledger.retiredUsage.filter { $0.used > 0 }
        revenue = ledger.revenue
        madeOrders = ledger.madeOrders
        refusedOrders = ledger.refusedOrders
        choiceSales = ledger.choiceSales.filter { $0.quantity > 0 }
    }
}

/// A made order.
public struct OrderSummary: Sendable {
    public let lines: [ItemQuantity]
    public let total: Money?
    public let currency: String?
    /// How the total was reached, when the menu has taxes or discounts.
    public var price: PriceBreakdown? = nil
    /// Its ticket and when it is promised, when the menu has a board.
    public var promise: TicketPromise? = nil
    /// A made order's number: the `seq` of its `order.succeeded`, what `pay`, `refund`,
    /// `void` and `receipt` take.
    public var order: UInt64? = nil
    /// On a menu paid first, when the unpaid order stops holding its stock: it is voided
    /// then, unless paid.
    public var heldUntil: Timestamp? = nil
}

/// One ingredient's count before and after an edit.
public struct StockChange: Sendable, Equatable {
    public let ingredient: String
    public let from: Int
    public let to: Int
}

/// An event a sink gave up on, as `sinks failed` lists it.
public struct FailedEvent: Sendable {
    public let sink: String
    public let event: Event
    public let reason: String
    public let retrying: Bool
}

/// How many failed events `sinks retry` sends again to one sink.
public struct RetriedSink: Sendable, Equatable {
    public let sink: String
    public let count: Int
}
