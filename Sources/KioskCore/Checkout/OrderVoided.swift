/// `order.voided`: an order undone before its ticket was started — what its payments took
/// given back, its ticket taken off the board, its stock back — and closed to payments.
public struct OrderVoided: Sendable, Hashable {
    /// The `seq` of the order's `order.succeeded`: its `#` in `history`.
    public let order: UInt64
    /// Its ticket, when the menu had a board.
    public let ticket: Int?
    /// What the void gave back, all tenders together (each a `payment.refunded` before it).
    public let refunded: Money
    public let currency: String?

    public init(order: UInt64, ticket: Int?, refunded: Money, currency: String?) {
        self.order = order
        self.ticket = ticket
        self.refunded = refunded
        self.currency = currency
    }
}
