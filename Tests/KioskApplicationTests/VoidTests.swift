import KioskApplication
import KioskCore
import KioskJournal
import KioskTestSupport
import Testing

/// `void ORDER`: every payment back to its tender, the queued ticket cancelled with its
/// stock back, the order closed to payments — on a board, without one, and after a restart.
@Suite struct VoidTests {
    static let boardMenu = """
    kiosk "Corner" currency "USD"
    ingredient beans stock 100
    station bar
    board
    item "Coffee" price 3.03 needs beans 2 prep 1m station bar
    checkout pay later

    """

    static let plainMenu = """
    kiosk "Corner" currency "USD"
    ingredient beans stock 100
    item "Coffee" price 3.03 needs beans 2
    checkout pay later

    """

    static func harness(_ menu: String = boardMenu, state: StateDirectory? = nil) throws -> SessionHarness {
        try SessionHarness(menu: menu, time: SessionClock(virtualAt: SessionHarness.fixedTime), state: state)
    }

    static func money(_ hundredths: Int) -> Money { Money(hundredths: hundredths) }

    static func voided(_ result: CommandResult) -> (OrderVoided, [PaymentChanged])? {
        guard case .voided(let voided, let refunds) = result.output else { return nil }
        return (voided, refunds)
    }

    @Test func aVoidGivesEveryTenderBackCancelsTheQueuedTicketAndClosesTheOrder() throws {
        let harness = try Self.harness()
        try harness.run("order 2 coffee")
        #expect(harness.stock("beans") == 96)
        try harness.run("pay cash 2 split")
        try harness.run("pay card")
        let result = try harness.run("void 1")
        let (voided, refunds) = try #require(Self.voided(result), "\(String(describing: result.error))")
        #expect(voided == OrderVoided(order: 1, ticket: 1, refunded: Self.money(606), currency: "USD"))
        // The card first, as every refund; each with the void as its reason.
        #expect(refunds.map(\.tender) == [.card, .cash] && refunds.map(\.amount) == [Self.money(406), Self.money(200)])
        #expect(refunds.map(\.due) == [Self.money(200), .zero] && refunds.allSatisfy { $0.reason == "void" })
        #expect(result.events.map(\.type) == [.paymentRefunded, .paymentRefunded, .ticketCancelled, .stockChanged, .orderVoided])
        #expect(harness.stock("beans") == 100)
        #expect(harness.session.kiosk.board?.state(of: 1) == .cancelled)
        #expect(harness.messages.last == "Order 1 is voided.")
        let book = harness.session.kiosk.payments
        #expect(book.isVoided(1) && book.orders[1]?.refundable == .zero)
        #expect(book.takings(of: .card).refunds == Self.money(406) && book.takings(of: .cash).refunds == Self.money(200))
        // Closed: no payment, no second void, and it is no longer the open order.
        #expect(try harness.run("void 1").error == .orderVoided(1))
        #expect(try harness.run("pay 1 cash 10").error == .orderVoided(1))
        #expect(try harness.run("pay cash 10").error == .noOpenOrder)
        guard case .report(let report) = try harness.run("report").output else {
            Issue.record("no report")
            return
        }
        #expect(report.sales.first { $0.item == "Coffee" }?.quantity == 0, "the sale is reversed")
    }

    @Test func anUnpaidOrderIsVoidedWithNothingToGiveBack() throws {
        let harness = try Self.harness()
        try harness.run("order coffee")
        let result = try harness.run("void #1")
        let (voided, refunds) = try #require(Self.voided(result), "\(String(describing: result.error))")
        #expect(voided.refunded == .zero && refunds.isEmpty)
        #expect(result.events.map(\.type) == [.ticketCancelled, .stockChanged, .orderVoided])
        #expect(harness.stock("beans") == 100)
        #expect(try harness.run("pay card").error == .noOpenOrder)
    }

    @Test func aTicketThatStartedIsRefundedNotVoided() throws {
        let harness = try Self.harness()
        try harness.run("order coffee")
        try harness.run("pay cash 5")
        try harness.run("start 1")
        #expect(try harness.run("void 1").error == .ticketStarted(order: 1, ticket: 1, state: .preparing))
        #expect(harness.session.kiosk.payments.orders[1]?.refundable == Self.money(303), "nothing was given back")
        // A ticket cancelled on the board is still voided: its money back, no stock twice.
        try harness.run("cancel 1")
        let beans = harness.stock("beans")
        #expect(try harness.run("void 1").error == nil)
        #expect(harness.stock("beans") == beans)
        #expect(harness.session.kiosk.payments.takings(of: .cash).refunds == Self.money(303))
    }

    @Test func withoutABoardTheStockGoesBackOnce() throws {
        let harness = try Self.harness(Self.plainMenu)
        try harness.run("order 3 coffee")
        try harness.run("pay cash 10")
        let result = try harness.run("void 1")
        let (voided, _) = try #require(Self.voided(result), "\(String(describing: result.error))")
        #expect(voided.ticket == nil && voided.refunded == Self.money(909))
        #expect(result.events.map(\.type) == [.paymentRefunded, .stockChanged, .orderVoided])
        #expect(harness.stock("beans") == 100)
        // A refund that already put the stock back leaves none to put back.
        // An order's number is its event's `seq`.
        let second = try #require(try harness.run("order coffee").events.first { $0.type == .orderSucceeded }?.sequence)
        try harness.run("pay cash 5")
        try harness.run("refund \(second) 1 restock")
        #expect(harness.stock("beans") == 100)
        #expect(try harness.run("void \(second)").events.map(\.type) == [.paymentRefunded, .orderVoided])
        #expect(harness.stock("beans") == 100)
    }

    @Test func stockGoesBackOnceWhetherARefundOrTheTicketsCancelPutsItBack() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        do {
            let harness = try Self.harness(state: state)
            // A refund with its stock, then the queued ticket cancelled, then voided.
            try harness.run("order 2 coffee")
            try harness.run("pay card")
            try harness.run("refund 1 1 restock")
            #expect(harness.stock("beans") == 100)
            let cancelled = try harness.run("cancel 1")
            #expect(cancelled.error == nil && !cancelled.events.contains { $0.type == .stockChanged })
            #expect(harness.stock("beans") == 100)
            // The ticket cancelled first: its stock came back, a refund cannot bring it again.
            // An order's number is its event's `seq`.
            let second = try #require(try harness.run("order 2 coffee").events.first { $0.type == .orderSucceeded }?.sequence)
            try harness.run("pay card")
            try harness.run("cancel 2")
            #expect(harness.stock("beans") == 100)
            #expect(try harness.run("refund \(second) restock").error == .alreadyRestocked(second))
            #expect(try harness.run("refund \(second)").error == nil)
            // A void of a queued ticket whose stock a refund already put back.
            let third = try #require(try harness.run("order 2 coffee").events.first { $0.type == .orderSucceeded }?.sequence)
            try harness.run("pay card")
            try harness.run("refund \(third) 1 restock")
            let voided = try harness.run("void \(third)")
            #expect(voided.error == nil && !voided.events.contains { $0.type == .stockChanged })
            #expect(harness.stock("beans") == 100)
        }
        // The journal folds to the same stock.
        #expect(try Self.harness(state: state).stock("beans") == 100)
    }

    @Test func aVoidIsKeptAcrossARestart() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        do {
            let harness = try Self.harness(state: state)
            try harness.run("order coffee")
            try harness.run("pay card")
            try harness.run("void 1")
        }
        let again = try Self.harness(state: state)
        #expect(again.session.kiosk.payments.isVoided(1))
        #expect(try again.run("void 1").error == .orderVoided(1))
        #expect(try again.run("pay 1 card").error == .orderVoided(1))
        #expect(again.stock("beans") == 100)
    }

    @Test func whatCannotBeVoidedSaysWhy() throws {
        let harness = try Self.harness()
        #expect(try harness.run("void 4").error == .unknownOrder(4, kept: Ledger.historyCapacity))
        try harness.run("order 60 coffee")
        #expect(try harness.run("void 1").error == .orderRefused(1))
        for line in ["void", "void 1 2", "void x"] {
            var code: String?
            do {
                code = try harness.run(line).error?.code
            } catch let error as CommandError {
                code = error.code
            }
            #expect(code == (line == "void x" ? "invalid_quantity" : "usage"), "\(line)")
        }
        let plain = try SessionHarness(menu: "ingredient beans stock 9\nitem \"Coffee\" needs beans 1\n", time: SessionClock(virtualAt: SessionHarness.fixedTime))
        try plain.run("order coffee")
        #expect(try plain.run("void 1").error == .noCheckout)
    }
}
