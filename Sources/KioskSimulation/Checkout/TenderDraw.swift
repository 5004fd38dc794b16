import KioskCore

/// How one customer will pay, drawn when they arrive: by card or in cash, and whether the
/// card is declined (the customer then pays in cash).
enum TenderDraw: UInt8, Sendable, Equatable {
    case cash
    case card
    /// A card the reader declines, after its latency; then cash.
    case declinedCard

    /// Two draws from `stream`, made for every customer whatever happens next, so no
    /// outcome shifts the stream: one against `cardShare`, one against `declineRate`.
    /// Each is a uniform whole number below 100,000 against the rate's parts per
    /// 100,000, so the shares are exact.
    static func draw(_ checkout: SimulationConfiguration.Checkout, using stream: inout Xoshiro256StarStar) -> TenderDraw {
        let card = stream.nextInt(below: UInt64(Rate.whole)) < UInt64(checkout.cardShare.parts)
        let declined = stream.nextInt(below: UInt64(Rate.whole)) < UInt64(checkout.declineRate.parts)
        guard card else { return .cash }
        return declined ? .declinedCard : .card
    }

    /// Whether the customer goes to a card reader.
    var usesReader: Bool { self != .cash }
}

/// What the checkout took during a run, by tender, kept as it happens. Amounts are
/// hundredths summed in 128 bits: no count of customers can overflow them.
struct CheckoutTally: Sendable, Equatable {
    /// Paid by card.
    var cardPayments = 0
    /// Paid in cash, after a declined card among them.
    var cashPayments = 0
    /// Cards the reader declined.
    var declines = 0
    /// Customers whose order had nothing to pay (no price, or a total of 0).
    var unpaid = 0
    var cardRevenue: Int128 = 0
    /// What the drawer took: what was due, rounded to the cash step.
    var cashRevenue: Int128 = 0
    /// What cash rounding added to what was due (negative when it took off).
    var cashRounding: Int128 = 0

    /// A card payment of `due` hundredths.
    mutating func recordCard(_ due: Int) {
        cardPayments += 1
        cardRevenue += Int128(due)
    }

    /// A cash payment of `due` hundredths, rounded as the kiosk's `pay cash` rounds it.
    mutating func recordCash(_ due: Int, step: Int) {
        let rounded = CheckoutTally.roundedForCash(due, step: step)
        cashPayments += 1
        cashRevenue += Int128(rounded)
        cashRounding += Int128(rounded) - Int128(due)
    }

    /// `due` rounded half up to a multiple of `step`, never to nothing: below half a step,
    /// one step is due (as `Kiosk.payCash` settles an order).
    static func roundedForCash(_ due: Int, step: Int) -> Int {
        guard step > 1, due > 0 else { return due }
        let rounded = Rounding.halfUp.divide(Int128(due), by: 1, toMultipleOf: step) ?? due
        return rounded == 0 ? step : rounded
    }
}
