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
    /// A refund of an order nothing is left to refund of.
    case notPaid(UInt64)
    /// A refund of a line the order does not have (it has `lines`).
    case unknownLine(order: UInt64, line: Int, lines: Int)
    /// A refund of a line refunded before.
    case lineRefunded(order: UInt64, line: Int)
    /// A refund of more than the order's payments took, less what was refunded.
    case refundTooLarge(order: UInt64, refundable: Money)
    /// A refund that puts back stock that already went back: with an earlier refund, or
    /// when the order's ticket was cancelled from the queue.
    case alreadyRestocked(UInt64)
    /// A payment or a void of an order that was voided.
    case voided(UInt64)
    /// A void of an order whose ticket left the queue: it is being made, or was.
    case ticketStarted(order: UInt64, ticket: Int, state: TicketState)
}

extension Kiosk {
    /// The currency's minor unit in hundredths.
    var minorUnit: Int { menu.pricing?.unit ?? MinorUnit.hundredths(of: menu.currency) }

    /// What order `order` owes; with `nil`, the last made order that still owes something.
    public func balance(of order: UInt64?) throws(PaymentError) -> OrderBalance {
        if let order {
            guard let record = historyRecord(order) else { throw .unknownOrder(order) }
            guard case .made(let total) = record.result else { throw .orderRefused(order) }
            guard let total else { throw .unpriced(order) }
            return OrderBalance(order: order, total: total, paid: payments.paid(order))
        }
        let open = ledger.history.last { record in
            guard case .made(let total?) = record.result else { return false }
            return payments.paid(record.sequence) < total && !payments.isVoided(record.sequence)
        }
        guard let open, case .made(let total?) = open.result else { throw .unknownOrder(nil) }
        return OrderBalance(order: open.sequence, total: total, paid: payments.paid(open.sequence))
    }

    /// Takes cash for order `order` (the last open one with `nil`). Settling the order, what
    /// is due rounds to the menu's cash step first; `tendered` must cover it, and the rest
    /// is change. With `split`, less may be tendered: it is all taken, part of a payment
    /// in several tenders, and rounds nothing. `operatorName` is who takes it (`nil`: the
    /// customer, self-service).
    @discardableResult
    public mutating func payCash(
        _ order: UInt64?, tendered: Money, split: Bool, by operatorName: String? = nil, at time: Timestamp, emitting events: inout [Event]
    ) throws(PaymentError) -> PaymentChanged {
        guard let checkout = menu.checkout else { throw .noCheckout }
        let balance = try payable(order)
        try requireMinorUnits(tendered)
        let due = balance.due
        let step = cashStep(checkout)
        // Rounding never makes something due nothing: below half a step, a step is due.
        let rounded = Rounding.halfUp.divide(Int128(due.hundredths), by: 1, toMultipleOf: step).map(Money.init(hundredths:)) ?? due
        let roundedDue = rounded == .zero && due > .zero ? Money(hundredths: step) : rounded
        let payment: PaymentChanged
        if tendered >= roundedDue {
            payment = PaymentChanged(
                status: .completed, payment: payments.nextPayment, order: balance.order, tender: .cash, amount: due,
                tendered: tendered, change: Money(hundredths: tendered.hundredths - roundedDue.hundredths),
                rounding: Money(hundredths: roundedDue.hundredths - due.hundredths), due: .zero, currency: menu.currency,
                operatorName: operatorName
            )
        } else if split, tendered > .zero, tendered <= due {
            payment = PaymentChanged(
                status: .completed, payment: payments.nextPayment, order: balance.order, tender: .cash, amount: tendered,
                tendered: tendered, change: .zero, due: Money(hundredths: due.hundredths - tendered.hundredths), currency: menu.currency,
                operatorName: operatorName
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
        guard let amount = due.adding(tipAmount) else { throw .overflow }
        return ReaderRequest(
            payment: payments.nextPayment, amount: amount, tip: tipAmount, minorUnit: minorUnit,
            currency: menu.currency, presentation: presentation
        )
    }

    /// Charges a card for order `order`: the payment is pending, in progress on the reader,
    /// and then what `outcome` says, `latency` milliseconds after `time`. Every step is an
    /// event; only a completed payment takes anything off what the order owes. Every step
    /// names `operatorName` (`nil`: self-service).
    @discardableResult
    public mutating func payCard(
        _ request: ReaderRequest, for order: UInt64?, outcome: ReaderOutcome, latency: Int64, by operatorName: String? = nil, at time: Timestamp,
        emitting events: inout [Event]
    ) throws(PaymentError) -> PaymentChanged {
        guard menu.checkout != nil else { throw .noCheckout }
        let balance = try payable(order)
        let started = PaymentChanged(
            status: .pending, payment: request.payment, order: balance.order, tender: .card, amount: balance.due, tip: request.tip,
            due: balance.due, currency: menu.currency, operatorName: operatorName
        )
        record(started, at: time, into: &events)
        record(started.moved(to: .inProgress, due: balance.due), at: time, into: &events)
        let answered = time.adding(milliseconds: max(0, latency))
        let last: PaymentChanged
        switch outcome {
        case .approved(let lastFour): last = started.moved(to: .completed, card: lastFour, due: .zero)
        case .declined(let reason): last = started.moved(to: .declined, reason: reason, due: balance.due)
        case .canceled: last = started.moved(to: .canceled, reason: "customer", due: balance.due)
        case .timedOut(let offline): last = started.moved(to: .timedOut, reason: offline ? "offline" : "timeout", due: balance.due)
        }
        record(last, at: answered, into: &events)
        return last
    }

    /// Refunds `amount` of what order `order`'s payments took (all that is left with
    /// `nil`) to the tenders it came from, the card first: one `payment.refunded` per tender.
    /// With `restock`, the order's stock goes back, once per order (its lines' recipes as
    /// they were ordered, or as the menu gives them for a line without choices; a line
    /// whose refund put its stock back already is left out) — not when its ticket's cancel
    /// put it back already; without, none does. `operatorName` is who gives the money back.
    @discardableResult
    public mutating func refund(
        _ order: UInt64, amount: Money?, restock: Bool, by operatorName: String? = nil, at time: Timestamp, emitting events: inout [Event]
    ) throws(PaymentError) -> [PaymentChanged] {
        guard menu.checkout != nil else { throw .noCheckout }
        let made = try madeRecord(order)
        let paid = payments.orders[order] ?? PaymentBook.OrderPayments()
        let refundable = paid.refundable
        guard refundable > .zero else { throw .notPaid(order) }
        if let amount { try requireMinorUnits(amount) }
        let wanted = amount ?? refundable
        guard wanted <= refundable else { throw .refundTooLarge(order: order, refundable: refundable) }
        guard !(restock && paid.restocked) else { throw .alreadyRestocked(order) }
        let steps = giveBack(wanted, of: order, paid: paid, restocked: restock, reason: nil, by: operatorName, at: time, into: &events)
        if restock { putBack(Self.lines(of: made, notRestockedIn: paid), at: time, emitting: &events) }
        return steps
    }

    /// Refunds line `line` of order `order` (from 1, as its receipt numbers them): what
    /// the line cost, or what is left to refund when that is less, to the tenders it came
    /// from, the card first — one `payment.refunded` per tender, each naming the line. Each
    /// line is refunded so once. With `restock`, the line's stock goes back (its recipe as
    /// it was ordered), unless the order's already did. `operatorName` is who gives the
    /// money back.
    @discardableResult
    public mutating func refund(
        _ order: UInt64, line: Int, restock: Bool, by operatorName: String? = nil, at time: Timestamp, emitting events: inout [Event]
    ) throws(PaymentError) -> [PaymentChanged] {
        guard menu.checkout != nil else { throw .noCheckout }
        let made = try madeRecord(order)
        guard made.lines.indices.contains(line - 1) else { throw .unknownLine(order: order, line: line, lines: made.lines.count) }
        let paid = payments.orders[order] ?? PaymentBook.OrderPayments()
        guard !paid.refundedLines.contains(line) else { throw .lineRefunded(order: order, line: line) }
        let refundable = paid.refundable
        guard refundable > .zero else { throw .notPaid(order) }
        guard !(restock && (paid.restocked || paid.restockedLines.contains(line))) else { throw .alreadyRestocked(order) }
        // What the line cost when it was ordered; a history from before line totals were
        // kept prices it as the menu does now.
        let totals = made.lineTotals.count == made.lines.count ? made.lineTotals : Board.lineTotals(made.lines, menu: menu)
        let cost = totals.indices.contains(line - 1) ? totals[line - 1] : .zero
        let wanted = min(cost, refundable)
        guard wanted > .zero else { throw .notPaid(order) }
        let steps = giveBack(wanted, of: order, paid: paid, restocked: restock, reason: nil, line: line, by: operatorName, at: time, into: &events)
        if restock { putBack([made.lines[line - 1]], at: time, emitting: &events) }
        return steps
    }

    /// The lines of `record` whose stock no refund of one line put back (`paid`).
    static func lines(of record: OrderRecord, notRestockedIn paid: PaymentBook.OrderPayments) -> [ItemQuantity] {
        guard !paid.restockedLines.isEmpty else { return record.lines }
        return record.lines.enumerated().filter { !paid.restockedLines.contains($0.offset + 1) }.map(\.element)
    }

    /// Gives `wanted` of what order `order`'s payments took (`paid`) back to the tenders it
    /// came from, the card first: one `payment.refunded` per tender, the first saying
    /// whether the stock goes back with it; each names `operatorName`.
    private mutating func giveBack(
        _ wanted: Money, of order: UInt64, paid: PaymentBook.OrderPayments, restocked: Bool, reason: String?, line: Int? = nil,
        by operatorName: String?, at time: Timestamp, into events: inout [Event]
    ) -> [PaymentChanged] {
        let refundable = paid.refundable
        var left = wanted.hundredths
        var steps: [PaymentChanged] = []
        for tender in [Tender.card, .cash] where left > 0 {
            let part = min(left, paid.refundable(to: tender).hundredths)
            guard part > 0 else { continue }
            left -= part
            let step = PaymentChanged(
                status: .refunded, payment: payments.nextPayment, order: order, tender: tender, amount: Money(hundredths: part),
                reason: reason, due: Money(hundredths: refundable.hundredths - wanted.hundredths + left), currency: menu.currency,
                restocked: restocked && steps.isEmpty, line: line, operatorName: operatorName
            )
            record(step, at: time, into: &events)
            steps.append(step)
        }
        return steps
    }

    /// Voids order `order` before its ticket is started: all its payments took goes back to
    /// the tenders it came from (a `payment.refunded` each, as `refund` gives), its queued
    /// ticket is cancelled — its ingredients back in stock, its sale reversed — and
    /// `order.voided` closes it to payments. On a menu without a board, the order's stock
    /// goes back as `refund … restock` puts it (unless a refund already did). `operatorName`
    /// is who voids it, and gives its money back.
    @discardableResult
    public mutating func void(
        _ order: UInt64, by operatorName: String? = nil, at time: Timestamp, emitting events: inout [Event]
    ) throws(PaymentError) -> (voided: OrderVoided, refunds: [PaymentChanged]) {
        guard menu.checkout != nil else { throw .noCheckout }
        return try void(order, reason: nil, by: operatorName, at: time, emitting: &events)
    }

    /// `void(_:by:at:emitting:)` with the reason its events give (`nil`: an operator's void).
    /// A hold that ends voids its order even when a reload took the menu's `checkout` away:
    /// nobody can pay for it then, and its stock must not stay taken.
    mutating func void(
        _ order: UInt64, reason: String?, by operatorName: String? = nil, at time: Timestamp, emitting events: inout [Event]
    ) throws(PaymentError) -> (voided: OrderVoided, refunds: [PaymentChanged]) {
        let made = try madeRecord(order)
        let paid = payments.orders[order] ?? PaymentBook.OrderPayments()
        guard !paid.voided else { throw .voided(order) }
        var cancel: Int?
        if hasBoard, let ticket = made.ticket {
            advanceBoard(to: time, into: &events)
            switch board?.state(of: ticket) {
            case .queued?: cancel = ticket
            case .cancelled?: break
            case let state?: throw .ticketStarted(order: order, ticket: ticket, state: state)
            case nil: throw .ticketStarted(order: order, ticket: ticket, state: .pickedUp)
            }
        }
        let refundable = paid.refundable
        let refunds = giveBack(
            refundable, of: order, paid: paid, restocked: false, reason: reason ?? "void", by: operatorName, at: time, into: &events
        )
        if let cancel {
            do throws(BoardError) {
                try perform(.cancel(cancel), at: time, emitting: &events)
            } catch {
                // The ticket was queued a moment ago, on this very board.
            }
        } else if !hasBoard || made.ticket == nil, !paid.restocked {
            putBack(Self.lines(of: made, notRestockedIn: paid), reason: .cancel, at: time, emitting: &events)
        }
        let voided = OrderVoided(order: order, ticket: made.ticket, refunded: refundable, currency: menu.currency, reason: reason)
        payments.void(order)
        holds.remove(order)
        emit(.orderVoided(voided), at: time, into: &events)
        return (voided, refunds)
    }

    /// The made order of the history whose ticket is `ticket`.
    func historyRecord(ofTicket ticket: Int) -> OrderRecord? {
        ledger.history.last { $0.ticket == ticket }
    }

    /// What refunds of `record` put back of its stock already, by ingredient index: `nil`
    /// when the whole order's went back, empty when nothing did.
    func stockBack(of record: OrderRecord) -> [Int]? {
        guard let paid = payments.orders[record.sequence] else { return [] }
        guard !paid.restocked else { return nil }
        guard !paid.restockedLines.isEmpty else { return [] }
        return recipeCounts(of: record.lines.enumerated().filter { paid.restockedLines.contains($0.offset + 1) }.map(\.element))
    }

    /// Notes that the stock of order `order` went back with its ticket's cancel from the
    /// queue, so that no refund puts it back again.
    mutating func noteStockWentBack(ofOrder order: UInt64) {
        guard menu.checkout != nil else { return }
        payments.noteRestocked(order)
    }

    /// The stock `lines` took, back: each line's recipe as it was ordered, or as the menu
    /// gives it now for a line without choices (a line of an item the menu no longer has
    /// puts nothing back).
    private mutating func putBack(_ lines: [ItemQuantity], reason: StockEdit = .refund, at time: Timestamp, emitting events: inout [Event]) {
        for (index, count) in recipeCounts(of: lines).enumerated() where count > 0 {
            let before = inventory[index]
            let amount = min(count, Menu.maximumQuantity - before)
            guard amount > 0 else { continue }
            try? inventory.add(amount, to: index)
            emit(.stockChanged(StockChanged(ingredient: menu.ingredients[index].name, from: before, to: inventory[index], reason: reason)), at: time, into: &events)
        }
    }

    /// What `lines` took of each of the menu's ingredients, by its index: each line's recipe
    /// as it was ordered, or as the menu gives it now for a line without choices.
    func recipeCounts(of lines: [ItemQuantity]) -> [Int] {
        var counts = Array(repeating: 0, count: menu.ingredients.count)
        for line in lines {
            let recipe: [IngredientCount]
            if let choice = line.choice {
                recipe = choice.recipe
            } else if let item = menu.itemIndex(named: line.item) {
                recipe = menu.items[item].recipe.components.map { IngredientCount(ingredient: menu.ingredients[$0.ingredient].name, count: $0.quantity) }
            } else {
                recipe = []
            }
            for part in recipe {
                guard let index = menu.ingredientIndex(named: part.ingredient) else { continue }
                let (count, overflow) = part.count.multipliedReportingOverflow(by: line.quantity)
                counts[index] = min(Menu.maximumQuantity, overflow ? Menu.maximumQuantity : counts[index].saturatingAdding(count))
            }
        }
        return counts
    }

    /// The order `order` names (or the last open one), if it owes something.
    private func payable(_ order: UInt64?) throws(PaymentError) -> OrderBalance {
        let balance = try balance(of: order)
        guard !payments.isVoided(balance.order) else { throw .voided(balance.order) }
        guard balance.due > .zero else { throw .alreadyPaid(balance.order) }
        return balance
    }

    private func requireMinorUnits(_ amount: Money, allowingZero: Bool = false) throws(PaymentError) {
        guard isWhole(amount, allowingZero: allowingZero) else { throw .notInMinorUnits(amount) }
    }

    /// Whether `amount` is a whole number of the currency's minor unit, above zero (or zero
    /// too): what a payment, a tip, a refund and the drawer take.
    func isWhole(_ amount: Money, allowingZero: Bool) -> Bool {
        amount.hundredths >= (allowingZero ? 0 : 1) && amount.hundredths % minorUnit == 0
    }

    /// Made order `order` of the history: what a refund or a void acts on.
    private func madeRecord(_ order: UInt64) throws(PaymentError) -> OrderRecord {
        guard let made = historyRecord(order) else { throw .unknownOrder(order) }
        guard case .made = made.result else { throw .orderRefused(order) }
        return made
    }

    /// The made or refused order `order` of the history, if it keeps it.
    public func historyRecord(_ order: UInt64) -> OrderRecord? {
        ledger.history.last { $0.sequence == order }
    }

    /// The cash step in hundredths.
    private func cashStep(_ checkout: CheckoutSettings) -> Int {
        let (step, overflow) = minorUnit.multipliedReportingOverflow(by: checkout.cashRounding)
        return overflow ? minorUnit : step
    }

    /// Records one step of a payment; a completed one that leaves nothing due is followed by
    /// `order.paid`, with the order's receipt.
    private mutating func record(_ step: PaymentChanged, at time: Timestamp, into events: inout [Event]) {
        recordInDrawer(step)
        payments.apply(step)
        forgetOldPayments()
        emit(.payment(step), at: time, into: &events)
        guard step.status == .completed, step.due == .zero else { return }
        if holds.contains(step.order) { openHeldTicket(step.order, at: time, into: &events) }
        if let receipt = receipt(of: step.order, settledBy: step) {
            emit(.orderPaid(receipt), at: time, into: &events)
        }
    }

    /// Lets go of what orders no longer in the history were paid: none of them can be paid again.
    mutating func forgetOldPayments() {
        guard payments.orders.count > 2 * Ledger.historyCapacity, let oldest = ledger.history.suffix(ledger.history.count).first?.sequence else { return }
        payments.forget(before: oldest)
    }
}
