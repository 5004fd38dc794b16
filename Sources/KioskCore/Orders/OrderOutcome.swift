/// What became of an order that was considered.
public enum OrderOutcome: Sendable, Hashable {
    /// Made: the stock was taken. `total` is `nil` when no item of the order has a price.
    case made(total: Money?)
    /// Refused for missing stock: nothing was taken.
    case refused([Shortfall])

    public var isMade: Bool {
        if case .made = self { true } else { false }
    }
}
