/// How a menu takes payment: its `checkout` statements. A menu without one takes orders
/// with no payment, as it always did.
public struct CheckoutSettings: Sendable, Hashable {
    /// When an order is paid.
    public enum Timing: String, Sendable, Hashable, CaseIterable {
        /// The order is made at once and paid afterwards, in one tender or several: a
        /// counter's tab.
        case later
        /// The order holds its stock, unpaid, for `hold`; the payment that settles it gives
        /// it its ticket, and a hold that ends unpaid gives its stock back.
        case first
    }

    public var timing: Timing
    /// How long the simulated card reader takes to answer, in milliseconds.
    public var readerLatency: Int64
    /// Cash settling an order rounds what is due to a multiple of this many of the
    /// currency's minor unit (5 as in Canada, 10 or 100 as in Sweden); 1 rounds nothing.
    /// A card is always charged exactly.
    public var cashRounding: Int
    /// With `pay first`, how long an unpaid order holds its stock, in milliseconds.
    public var hold: Int64

    /// The longest latency a menu may give the reader.
    public static let maximumReaderLatency: Int64 = 60_000
    /// The largest cash rounding step.
    public static let cashRoundingRange = 1...1_000
    /// How long an unpaid order may hold its stock: a second to a day.
    public static let holdRange: ClosedRange<Int64> = 1_000...86_400_000
    /// How long an unpaid order holds its stock when the menu does not say: 15 minutes.
    public static let defaultHold: Int64 = 900_000

    public init(timing: Timing = .later, readerLatency: Int64 = 0, cashRounding: Int = 1, hold: Int64 = CheckoutSettings.defaultHold) {
        self.timing = timing
        self.readerLatency = readerLatency
        self.cashRounding = cashRounding
        self.hold = hold
    }

    /// Whether an order waits for its payment before it gets a ticket.
    public var paysFirst: Bool { timing == .first }
}

/// How a payment is made.
public enum Tender: String, Sendable, Hashable, CaseIterable {
    case cash
    case card
}
