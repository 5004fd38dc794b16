import KioskCore
import KioskSinks

/// What a command did: what to show, the error if it failed, and the events it caused.
public struct CommandResult: Sendable {
    public let command: Command
    public var output: CommandOutput
    public var error: CommandError?
    public var events: [Event]

    public init(command: Command, output: CommandOutput = .none, error: CommandError? = nil, events: [Event] = []) {
        self.command = command
        self.output = output
        self.error = error
        self.events = events
    }

    public var succeeded: Bool { error == nil }
}

/// The data a command shows, rendered as text or JSON by `Presenter`.
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
    case stockChanges([StockChange])
    /// What `restock` alone changed; nothing when nothing was low or short.
    case restocked([StockChange])
    case failedEvents([FailedEvent])
    case retried([RetriedSink])
    case reloaded(ReloadSummary)
}

/// What a successful `reload` changed.
public struct ReloadSummary: Sendable, Equatable {
    public let difference: MenuDifference
    /// The new menu declares other sinks: they take effect at the next start.
    public let sinksChanged: Bool
}

/// The items of the menu as `menu` lists them.
public struct MenuListing: Sendable {
    public struct Row: Sendable {
        public let name: String
        public let aliases: [String]
        public let price: Money?
        public let needs: [IngredientCount]
        public let makeable: Int
    }

    public let name: String
    public let currency: String?
    public let rows: [Row]

    init(menu: Menu, inventory: Inventory) {
        name = menu.name
        currency = menu.currency
        rows = menu.items.indices.map { index in
            let item = menu.items[index]
            return Row(
                name: item.name,
                aliases: item.aliases,
                price: item.price,
                needs: item.recipe.components.map { IngredientCount(ingredient: menu.ingredients[$0.ingredient].name, count: $0.quantity) },
                makeable: menu.makeableCount(of: index, with: inventory)
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

        /// `out` at zero, `low` at or below the low mark, else nothing.
        public var flag: String? {
            count == 0 ? "out" : count <= low ? "low" : nil
        }
    }

    public let rows: [Row]

    init(menu: Menu, inventory: Inventory) {
        rows = menu.ingredients.indices.map { index in
            let ingredient = menu.ingredients[index]
            return Row(name: ingredient.name, count: inventory[index], low: ingredient.lowMark, unit: ingredient.unit)
        }
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

    init(menu: Menu, ledger: Ledger) {
        currency = menu.currency
        hasPrices = menu.items.contains { $0.price != nil } || ledger.revenue != .zero
        sales = Array(ledger.sales) + ledger.retiredSales.filter { $0.quantity > 0 }
        usage = Array(ledger.usage) + ledger.retiredUsage.filter { $0.used > 0 }
        revenue = ledger.revenue
        madeOrders = ledger.madeOrders
        refusedOrders = ledger.refusedOrders
    }
}

/// A made order.
public struct OrderSummary: Sendable {
    public let lines: [ItemQuantity]
    public let total: Money?
    public let currency: String?
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
