import KioskApplication
import KioskCore
import KioskJournal
import KioskTestSupport
import Testing

/// `checkout pay first`: an order holds its stock, unpaid and without a ticket; the payment
/// that settles it opens the ticket; a hold that ends unpaid voids the order and puts its
/// stock back — live, and as the journal folds it after a restart.
@Suite struct PayFirstTests {
    static let menu = """
    kiosk "Corner" currency "USD"
    ingredient beans stock 100
    station bar
    board
    item "Coffee" price 3.03 needs beans 2 prep 1m station bar
    checkout pay first hold 2m

    """

    static func harness(_ menu: String = menu, state: StateDirectory? = nil) throws -> SessionHarness {
        try SessionHarness(menu: menu, time: SessionClock(virtualAt: SessionHarness.fixedTime), state: state)
    }

    static func ordered(_ result: CommandResult) -> OrderSummary? {
        if case .ordered(let summary) = result.output { summary } else { nil }
    }

    @Test func anOrderHoldsItsStockWithoutATicketUntilItsPaymentOpensOne() throws {
        let harness = try Self.harness()
        let made = try harness.run("order 2 coffee")
        let summary = try #require(Self.ordered(made), "\(String(describing: made.error))")
        #expect(made.events.map(\.type) == [.orderSucceeded, .orderHeld])
        #expect(summary.promise == nil && summary.heldUntil == SessionHarness.fixedTime.adding(milliseconds: 120_000))
        #expect(harness.messages.suffix(2) == ["Ordered: Coffee ×2.", "Order 1 is held for its payment of 6.06."])
        #expect(harness.stock("beans") == 96)
        #expect(harness.session.kiosk.board?.count(.queued) == 0 && harness.session.kiosk.holds.contains(1))
        #expect(harness.session.kiosk.historyRecord(1)?.ticket == nil)
        // A split tender leaves it held; the payment that settles it opens the ticket.
        #expect(try harness.run("pay cash 2 split").events.map(\.type) == [.paymentCompleted])
        #expect(harness.session.kiosk.board?.count(.queued) == 0)
        let paid = try harness.run("pay card")
        #expect(paid.events.map(\.type) == [.paymentPending, .paymentInProgress, .paymentCompleted, .ticketOpened, .orderPaid])
        guard case .paid(_, let promise?) = paid.output else {
            Issue.record("no ticket with the payment: \(String(describing: paid.output))")
            return
        }
        #expect(promise.ticket == 1 && promise.wait == 60_000)
        guard case .ticketOpened(let opened)? = paid.events.first(where: { $0.type == .ticketOpened })?.payload,
              case .orderPaid(let receipt)? = paid.events.last?.payload else {
            Issue.record("no ticket.opened and order.paid")
            return
        }
        #expect(opened == TicketOpened(
            ticket: 1, order: 1, lines: [ItemQuantity(item: "Coffee", quantity: 2)], consumed: [IngredientCount(ingredient: "beans", count: 4)],
            promised: promise.promised
        ))
        #expect(receipt.ticket == 1, "the receipt prints the ticket the payment opened")
        #expect(harness.session.kiosk.board?.state(of: 1) == .queued && !harness.session.kiosk.holds.contains(1))
        #expect(harness.session.kiosk.historyRecord(1)?.ticket == 1)
        #expect(harness.session.kiosk.nextScheduledChange == nil || harness.session.kiosk.holds.isEmpty)
    }

    @Test func aHoldThatEndsUnpaidVoidsTheOrderAndGivesBackItsStockAndWhatASplitTook() throws {
        let harness = try Self.harness()
        try harness.run("order 2 coffee")
        try harness.run("pay cash 2 split")
        #expect(harness.session.kiosk.nextScheduledChange == SessionHarness.fixedTime.adding(milliseconds: 120_000))
        // Nothing happens before the hold ends.
        #expect(try harness.run("wait 1m").events.isEmpty)
        let waited = try harness.run("wait 2m")
        #expect(waited.events.map(\.type) == [.paymentRefunded, .stockChanged, .orderVoided])
        guard case .orderVoided(let voided)? = waited.events.last?.payload, case .payment(let refund)? = waited.events.first?.payload else {
            Issue.record("no order.voided")
            return
        }
        #expect(voided == OrderVoided(order: 1, ticket: nil, refunded: Money(hundredths: 200), currency: "USD", reason: "hold_expired"))
        #expect(refund.reason == "hold_expired" && refund.tender == .cash && refund.amount == Money(hundredths: 200))
        #expect(waited.events.allSatisfy { $0.time == SessionHarness.fixedTime.adding(milliseconds: 120_000) }, "each at the moment the hold ended")
        #expect(harness.stock("beans") == 100)
        #expect(harness.session.kiosk.holds.isEmpty && harness.session.kiosk.nextScheduledChange == nil)
        #expect(try harness.run("pay 1 card").error == .orderVoided(1))
    }

    @Test func aVoidLetsTheHoldGoWithItsStock() throws {
        let harness = try Self.harness()
        try harness.run("order coffee")
        #expect(try harness.run("void 1").events.map(\.type) == [.stockChanged, .orderVoided])
        #expect(harness.stock("beans") == 100 && harness.session.kiosk.holds.isEmpty)
        #expect(try harness.run("wait 5m").events.isEmpty, "the hold is gone: nothing more goes back")
        #expect(harness.stock("beans") == 100)
    }

    /// A reload keeps the state's payments, drawer and holds; a hold still ends when the
    /// new menu takes no payment, and gives its stock back.
    @Test func aReloadKeepsThePaymentsTheDrawerAndTheHoldsWhichStillEnd() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("menu.kiosk", Self.menu)
        let harness = try SessionHarness(
            path: path, time: SessionClock(virtualAt: SessionHarness.fixedTime)
        )
        try harness.run("drawer open 100")
        try harness.run("order coffee")
        try harness.run("pay cash 5")
        try harness.run("order 2 coffee")
        #expect(harness.stock("beans") == 94)
        let (payments, drawer) = (harness.session.kiosk.payments, harness.session.kiosk.drawer)
        // A reload to a menu without a checkout keeps what was paid and the drawer's day.
        _ = try scratch.file("menu.kiosk", Self.menu.replacingOccurrences(of: "checkout pay first hold 2m\n", with: ""))
        #expect(try harness.run("reload").error == nil && harness.session.kiosk.menu.checkout == nil)
        #expect(harness.session.kiosk.payments == payments && harness.session.kiosk.drawer == drawer && drawer.isOpen)
        #expect(harness.session.kiosk.holds.holds.count == 1)
        #expect(try harness.run("wait 3m").events.map(\.type) == [.stockChanged, .orderVoided])
        #expect(harness.stock("beans") == 98 && harness.session.kiosk.holds.isEmpty)
    }

    @Test func withoutABoardThePaymentOnlyLetsTheHoldGo() throws {
        let harness = try Self.harness("""
        kiosk "Corner" currency "USD"
        ingredient beans stock 100
        item "Coffee" price 3.03 needs beans 2
        checkout pay first

        """)
        try harness.run("order coffee")
        #expect(harness.messages.last == "Order 1 is held for its payment of 3.03.")
        #expect(harness.session.kiosk.nextScheduledChange == SessionHarness.fixedTime.adding(milliseconds: 900_000))
        #expect(try harness.run("pay cash 5").events.map(\.type) == [.paymentCompleted, .orderPaid])
        #expect(try harness.run("wait 20m").events.isEmpty)
        #expect(harness.stock("beans") == 98)
    }

    @Test func holdsAndTicketsOpenedByPaymentsAreKeptAcrossARestart() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        do {
            let harness = try Self.harness(state: state)
            try harness.run("order coffee")
            try harness.run("order 2 coffee")
            try harness.run("pay 1 cash 5")
        }
        do {
            let again = try Self.harness(state: state)
            #expect(again.session.kiosk.board?.state(of: 1) == .queued, "the ticket the payment opened")
            #expect(again.session.kiosk.historyRecord(1)?.ticket == 1)
            #expect(again.session.kiosk.holds.holds.count == 1 && again.stock("beans") == 94)
        }
        let second = try #require(try Self.harness(state: state).session.kiosk.holds.first?.order)
        do {
            // Compacted into a snapshot, the hold is still there.
            _ = try JournalInspector.compact(state, menu: try Self.harness().session.kiosk.menu, format: .domain)
            let compacted = try Self.harness(state: state)
            #expect(compacted.session.kiosk.holds.contains(second))
            let waited = try compacted.run("wait 3m")
            #expect(waited.events.map(\.type).suffix(2) == [.stockChanged, .orderVoided])
            #expect(compacted.stock("beans") == 98)
        }
        let last = try Self.harness(state: state)
        #expect(last.session.kiosk.holds.isEmpty && last.stock("beans") == 98)
    }
}
