/// `order.held`: an order of a menu that is paid first, made and holding its stock, with
/// no ticket yet. The payment that settles it by `until` gives it its ticket
/// (`ticket.opened`); a hold that ends unpaid voids it and gives its stock back
/// (`order.voided` with the reason `hold_expired`).
public struct OrderHeld: Sendable, Hashable {
    /// The `seq` of the order's `order.succeeded`: its `#` in `history`.
    public let order: UInt64
    /// When the hold ends.
    public let until: Timestamp
    /// What is due, when the menu gives prices.
    public let total: Money?
    public let currency: String?

    public init(order: UInt64, until: Timestamp, total: Money?, currency: String?) {
        self.order = order
        self.until = until
        self.total = total
        self.currency = total == nil ? nil : currency
    }
}

/// `ticket.opened`: the ticket of an order that was paid first, opened by the payment that
/// settled it, with what a board needs to hold it as `order.succeeded` gives it for any
/// other order.
public struct TicketOpened: Sendable, Hashable {
    public let ticket: Int
    /// The `seq` of the order's `order.succeeded`.
    public let order: UInt64
    public let lines: [ItemQuantity]
    /// What the order took from stock: what a cancel from the queue gives back.
    public let consumed: [IngredientCount]
    /// When the ticket is promised to be ready.
    public let promised: Timestamp

    public init(ticket: Int, order: UInt64, lines: [ItemQuantity], consumed: [IngredientCount], promised: Timestamp) {
        self.ticket = ticket
        self.order = order
        self.lines = lines
        self.consumed = consumed
        self.promised = promised
    }
}
