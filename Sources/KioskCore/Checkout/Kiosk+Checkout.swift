/// What an order owes: its total, what it has been paid, and the rest.
public struct OrderBalance: Sendable, Hashable {
    /// The `seq` of the order.
    public let order: UInt64
    public let total: Money
    public let paid: Money

    public var due: Money { Money(hundredths: max(0, total.hundredths &- paid.hundredths)) }
}

/// A tip on a card payment: an amount, or a percentage of what is due.
public enum Tip: Sendable, Hashable {
    case amount(Money)
    case percent(Rate)
}

/// Why a payment could not be taken at all (a declined card is an outcome, not an error).
public enum PaymentError: Error, Sendable, Equatable {
    /// The menu has no `checkout`.
    case noCheckout
    /// No such order in the history; `nil`: no order is open.
    case unknownOrder(UInt64?)
    /// The order was refused: nothing to pay.
    case orderRefused(UInt64)
    /// The order has no price.
    case unpriced(UInt64)
    /// Nothing is left to pay.
    case alreadyPaid(UInt64)
    /// Cash short of what is due, not said to be part of a split payment.
    case cashShort(order: UInt64, due: Money, tendered: Money)
    /// An amount below one minor unit, or not a multiple of it.
    case notInMinorUnits(Money)
    /// The amount, with a tip, does not fit.
    case overflow
}

extension Kiosk {
    /// The currency's minor unit in hundredths.
    var minorUnit: Int { menu.pricing?.unit ?? MinorUnit.hundredths(of: menu.currency) }

    /// What order `order` owes; with `nil`, the last made order that still owes something.
    public func balance(of order: UInt64?) throws(PaymentError) -> OrderBalance {
        let history = ledger.history
        if let order {
            guard let record = history.reversed().first(where: { $0.sequence == order }) else { throw .unknownOrder(order) }
            guard case .made(let total) = record.result else { throw .orderRefused(order) }
            guard let total else { throw .unpriced(order) }
            return OrderBalance(order: order, total: total, paid: payments.paid[order] ?? .zero)
        }
        for record in history.reversed() {
            guard case .made(let total?) = record.result else { continue }
            let balance = OrderBalance(order: record.sequence, total: total, paid: payments.paid[record.sequence] ?? .zero)
            if balance.due > .zero { return balance }
        }
        throw .unknownOrder(nil)
    }

    /// Takes cash for order `order` (the last open one with `nil`). Settling the order, what
    /// is due rounds to the menu's cash step first; `tendered` must cover it, and the rest
    /// is change. With `split`, less may be tendered: it is all taken, part of a payment
    /// in several tenders, and rounds nothing.
    @discardableResult
    public mutating func payCash(
        _ order: UInt64?, tendered: Money, split: Bool, at time: Timestamp, emitting events: inout [Event]
    ) throws(PaymentError) -> PaymentChanged {
        guard let checkout = menu.checkout else { throw .noCheckout }
        let balance = try payable(order)
        try requireMinorUnits(tendered)
        let due = balance.due
        let step = cashStep(checkout)
        let roundedDue = Rounding.halfUp.divide(Int128(due.hundredths), by: 1, toMultipleOf: step).map(Money.init(hundredths:)) ?? due
        let payment: PaymentChanged
        if tendered >= roundedDue {
            payment = PaymentChanged(
                status: .completed, payment: payments.nextPayment, order: balance.order, tender: .cash, amount: due,
                tendered: tendered, change: Money(hundredths: tendered.hundredths - roundedDue.hundredths),
                rounding: Money(hundredths: roundedDue.hundredths - due.hundredths), due: .zero, currency: menu.currency
            )
        } else if split, tendered > .zero, tendered < due {
            payment = PaymentChanged(
                status: .completed, payment: payments.nextPayment, order: balance.order, tender: .cash, amount: tendered,
                tendered: tendered, change: .zero, due: Money(hundredths: due.hundredths - tendered.hundredths), currency: menu.currency
            )
        } else {
            throw .cashShort(order: balance.order, due: roundedDue, tendered: tendered)
        }
        record(payment, at: time, into: &events)
        return payment
    }

    /// The charge a card payment for `order` asks of a reader: what is due with the tip,
    /// under the next payment's number.
    public func cardRequest(for order: UInt64?, tip: Tip?, presenting presentation: CardPresentation) throws(PaymentError) -> ReaderRequest {
        guard menu.checkout != nil else { throw .noCheckout }
        let balance = try payable(order)
        let due = balance.due
        let tipAmount: Money
        switch tip {
        case nil: tipAmount = .zero
        case .amount(let amount):
            try requireMinorUnits(amount, allowingZero: true)
            tipAmount = amount
        case .percent(let rate):
            let scaled = Int128(due.hundredths) * Int128(rate.parts)
            guard let value = Rounding.halfUp.divide(scaled, by: Int128(Rate.whole), toMultipleOf: minorUnit) else { throw .overflow }
            tipAmount = Money(hundredths: value)
        }
        guard let amount = due.adding(tipAmount), amount.hundredths <= Menu.maximumQuantity * 100 else { throw .overflow }
        return ReaderRequest(
            payment: payments.nextPayment, amount: amount, tip: tipAmount, minorUnits: due.hundredths / minorUnit,
            currency: menu.currency, presentation: presentation
        )
    }

    /// Charges a card for order `order`: the payment is pending, in progress on the reader,
    /// and then what `outcome` says, `latency` milliseconds after `time`. Every step is an
    /// event; only a completed payment takes anything off what the order owes.
    @discardableResult
    public mutating func payCard(
        _ request: ReaderRequest, for order: UInt64?, outcome: ReaderOutcome, latency: Int64, at time: Timestamp,
        emitting events: inout [Event]
    ) throws(PaymentError) -> PaymentChanged {
        guard menu.checkout != nil else { throw .noCheckout }
        let balance = try payable(order)
        let started = PaymentChanged(
            status: .pending, payment: request.payment, order: balance.order, tender: .card, amount: balance.due, tip: request.tip,
            due: balance.due, currency: menu.currency
        )
        record(started, at: time, into: &events)
        record(started.moved(to: .inProgress, due: balance.due), at: time, into: &events)
        let answered = time.adding(milliseconds: max(0, latency))
        let last: PaymentChanged
        switch outcome {
        case .approved(let lastFour): last = started.moved(to: .completed, card: lastFour, due: .zero)
        case .declined(let reason): last = started.moved(to: .declined, reason: reason.rawValue, due: balance.due)
        case .canceled: last = started.moved(to: .canceled, reason: "customer", due: balance.due)
        case .timedOut(let offline): last = started.moved(to: .timedOut, reason: offline ? "offline" : "timeout", due: balance.due)
        }
        record(last, at: answered, into: &events)
        return last
    }

    /// The order `order` names (or the last open one), if it owes something.
    private func payable(_ order: UInt64?) throws(PaymentError) -> OrderBalance {
        let balance = try balance(of: order)
        guard balance.due > .zero else { throw .alreadyPaid(balance.order) }
        return balance
    }

    private func requireMinorUnits(_ amount: Money, allowingZero: Bool = false) throws(PaymentError) {
        guard amount.hundredths >= (allowingZero ? 0 : 1), amount.hundredths % minorUnit == 0 else { throw .notInMinorUnits(amount) }
    }

    /// The cash step in hundredths.
    private func cashStep(_ checkout: CheckoutSettings) -> Int {
        let (step, overflow) = minorUnit.multipliedReportingOverflow(by: checkout.cashRounding)
        return overflow ? minorUnit : step
    }

    private mutating func record(_ step: PaymentChanged, at time: Timestamp, into events: inout [Event]) {
        payments.apply(step)
        forgetOldPayments()
        emit(.payment(step), at: time, into: &events)
    }

    /// Lets go of what orders no longer in the history were paid: none of them can be paid again.
    mutating func forgetOldPayments() {
        guard payments.paid.count > 2 * Ledger.historyCapacity, let oldest = ledger.history.suffix(ledger.history.count).first?.sequence else { return }
        payments.forget(before: oldest)
    }
}
