/// What became of an order that was considered.
public enum OrderOutcome: Sendable, Hashable {
    /// Made: the stock was taken. `total` is `nil` when no item of the order has a price;
    /// `price` says how the total was reached when the menu has taxes or discounts.
    case made(total: Money?, price: PriceBreakdown? = nil)
    /// Refused for missing stock: nothing was taken.
    case refused([Shortfall])

    public var isMade: Bool {
        if case .made = self { true } else { false }
    }
}
