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
    /// Why, when no operator voided it: `hold_expired` for an order paid first whose hold
    /// ended unpaid.
    public let reason: String?

    public init(order: UInt64, ticket: Int?, refunded: Money, currency: String?, reason: String? = nil) {
        self.order = order
        self.ticket = ticket
        self.refunded = refunded
        self.currency = currency
        self.reason = reason
    }

    /// The reason of a void whose order's hold ended unpaid.
    public static let holdExpired = "hold_expired"
}
