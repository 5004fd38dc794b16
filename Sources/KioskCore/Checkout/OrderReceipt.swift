/// A made order as its receipt shows it: what `receipt` prints and `order.paid` carries —
/// the kiosk, the order's number, time and ticket, its lines, how the total was reached,
/// what each tender paid of it, and the payment that settled it.
public struct OrderReceipt: Sendable, Hashable {
    /// The menu's name.
    public let kiosk: String
    /// The `seq` of the order's `order.succeeded`: its `#` in `history`.
    public let order: UInt64
    public let time: Timestamp
    /// The order's ticket, when the menu had a board.
    public let ticket: Int?
    public let lines: [ItemQuantity]
    public let total: Money?
    public let currency: String?
    /// How the total was reached, when the menu has taxes or discounts.
    public let price: PriceBreakdown?
    /// What each tender paid of it and refunded, on a menu with a `checkout`; `nil` on one
    /// without.
    public let payments: PaymentBook.OrderPayments?
    /// The payment that settled the order (`order.paid`), with its tender, change and card.
    public let settled: PaymentChanged?

    public init(
        kiosk: String, order: UInt64, time: Timestamp, ticket: Int? = nil, lines: [ItemQuantity], total: Money?, currency: String?,
        price: PriceBreakdown? = nil, payments: PaymentBook.OrderPayments? = nil, settled: PaymentChanged? = nil
    ) {
        self.kiosk = kiosk
        self.order = order
        self.time = time
        self.ticket = ticket
        self.lines = lines
        self.total = total
        self.currency = total == nil ? nil : currency
        self.price = price
        self.payments = payments
        self.settled = settled
    }

    /// Whether amounts show cents: the prices have them, or the currency does.
    public var hasCents: Bool { (price?.hasCents ?? false) || MinorUnit.hasCents(currency) }
}

extension Kiosk {
    /// The receipt of made order `order`, if the history keeps it; `settled` is the payment
    /// that paid what was left of it.
    public func receipt(of order: UInt64, settledBy settled: PaymentChanged? = nil) -> OrderReceipt? {
        guard let record = historyRecord(order), case .made(let total) = record.result else { return nil }
        return OrderReceipt(
            kiosk: menu.name, order: order, time: record.time, ticket: record.ticket, lines: record.lines, total: total,
            currency: menu.currency, price: record.price,
            payments: menu.checkout == nil ? nil : payments.orders[order] ?? PaymentBook.OrderPayments(), settled: settled
        )
    }
}
