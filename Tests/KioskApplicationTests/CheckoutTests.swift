import KioskApplication
import KioskCore
import KioskJournal
import KioskTestSupport
import Testing

/// `pay`: cash with change and cash rounding, split tenders, every answer of the
/// simulated reader, tips, the reader's latency on the virtual clock, and payments kept
/// across a restart.
@Suite struct CheckoutTests {
    static let menu = """
    kiosk "Corner" currency "USD"
    ingredient beans stock 100
    item "Coffee" price 3.03 needs beans 1
    item "Tea" price 2.00 needs beans 1
    item "Scone" price 1.05 needs beans 1
    item "Bun" price 1.55 needs beans 1
    item "Roll" price 1.75 needs beans 1
    checkout pay later
    checkout reader latency 2s cash rounding 5

    """

    static func harness(state: StateDirectory? = nil) throws -> SessionHarness {
        try SessionHarness(menu: menu, time: SessionClock(virtualAt: SessionHarness.fixedTime), state: state)
    }

    static func payment(_ result: CommandResult) -> PaymentChanged? {
        switch (result.output, result.error) {
        case (.paid(let payment, _), nil): payment
        case (_, .paymentNotTaken(let payment, _)?): payment
        default: nil
        }
    }

    static func money(_ hundredths: Int) -> Money { Money(hundredths: hundredths) }

    /// The code of the error a line gives, parsing or running.
    static func code(of line: String, in harness: SessionHarness) -> String? {
        do {
            return try harness.run(line).error?.code
        } catch let error as CommandError {
            return error.code
        } catch {
            return "\(error)"
        }
    }

    @Test func cashRoundsTheTotalToTheStepAndGivesChange() throws {
        let harness = try Self.harness()
        try harness.run("order 2 coffee")
        let result = try harness.run("pay cash 10")
        let payment = try #require(Self.payment(result), "\(String(describing: result.error))")
        // 6.06 rounds half up to the nearest 0.05: 6.05; 10 tendered, 3.95 back.
        #expect(payment.status == .completed && payment.tender == .cash)
        #expect(payment.amount == Self.money(606) && payment.rounding == Self.money(-1))
        #expect(payment.tendered == Self.money(1000) && payment.change == Self.money(395) && payment.due == .zero)
        #expect(result.events.map(\.type) == [.paymentCompleted, .orderPaid])
        #expect(harness.messages.suffix(2) == ["Order 1: 6.05 paid by cash.", "Order 1 is paid in full."])
        guard case .orderPaid(let receipt) = result.events.last?.payload else { Issue.record("no receipt"); return }
        #expect(receipt.order == 1 && receipt.total == Self.money(606) && receipt.settled == payment)
        #expect(receipt.payments?.taken == [Self.money(606), .zero] && receipt.lines == [ItemQuantity(item: "Coffee", quantity: 2)])
        #expect(try harness.run("pay cash 10").error == .noOpenOrder)
        #expect(try harness.run("pay 1 cash 10").error == .alreadyPaid(1))
    }

    @Test func cashShortIsRefusedWithWhatIsMissingUnlessSplit() throws {
        let harness = try Self.harness()
        try harness.run("order 2 coffee")
        let short = try harness.run("pay cash 6")
        #expect(short.error == .cashShort(order: 1, due: Self.money(605), tendered: Self.money(600)))
        #expect(short.events.isEmpty)
        let part = try #require(Self.payment(try harness.run("pay cash 5 split")))
        #expect(part.amount == Self.money(500) && part.rounding == .zero && part.due == Self.money(106))
        // The rest by card: 1.06 ends in 06, which the reader approves.
        let rest = try #require(Self.payment(try harness.run("pay #1 card")))
        #expect(rest.status == .completed && rest.amount == Self.money(106) && rest.due == .zero)
        #expect(harness.session.kiosk.payments.paid(1) == Self.money(606))
        #expect(harness.session.kiosk.payments.takings(of: .cash).amount == Self.money(500))
        #expect(harness.session.kiosk.payments.takings(of: .card).amount == Self.money(106))
    }

    /// Stripe's test cards and amount endings, and the reader's words.
    @Test(arguments: [
        ("coffee", "4242424242424242", PaymentStatus.completed, nil),
        ("coffee", "4000000000000002", .declined, "generic_decline"),
        ("coffee", "4000000000009995", .declined, "insufficient_funds"),
        ("coffee", "4000000000000069", .declined, "expired_card"),
        ("coffee", "4000000000000119", .declined, "processing_error"),
        ("coffee", "4242424242424241", .declined, "incorrect_number"),
        ("coffee", "5555555555554444", .completed, nil),
        ("tea", "", .completed, nil),
        ("scone", "", .declined, "generic_decline"),
        ("bun", "", .declined, "incorrect_pin"),
        ("roll", "", .declined, "pin_try_exceeded"),
        ("tea", "timeout", .timedOut, "timeout"),
        ("tea", "offline", .timedOut, "offline"),
        ("tea", "cancel", .canceled, "customer"),
    ] as [(String, String, PaymentStatus, String?)])
    func theReaderAnswersAsDocumented(item: String, card: String, status: PaymentStatus, reason: String?) throws {
        let harness = try Self.harness()
        try harness.run("order \(item)")
        let result = try harness.run("pay card \(card)")
        let payment = try #require(Self.payment(result))
        #expect(payment.status == status && payment.reason == reason)
        #expect(result.events.map(\.type) == [.paymentPending, .paymentInProgress, status.eventType] + (status == .completed ? [.orderPaid] : []))
        if status == .completed {
            #expect(result.error == nil && payment.due == .zero)
        } else {
            #expect(result.error?.code == ["declined": "card_declined", "canceled": "payment_canceled", "timed_out": "reader_timed_out"][status.rawValue])
            #expect(payment.due > .zero && harness.session.kiosk.payments.paid(1) == .zero)
        }
        if card.count == 16, status == .completed { #expect(payment.card == String(card.suffix(4))) }
    }

    @Test func aTipIsAddedAndTheReaderTakesItsLatencyOnTheVirtualClock() throws {
        let harness = try Self.harness()
        try harness.run("order 2 coffee")
        let result = try harness.run("pay card tip 15%")
        let payment = try #require(Self.payment(result))
        // 15% of 6.06 is 0.909: 0.91.
        #expect(payment.amount == Self.money(606) && payment.tip == Self.money(91))
        #expect(result.events.map(\.time.millisecondsSince1970) == [0, 0, 2000, 2000].map { SessionHarness.fixedTime.millisecondsSince1970 + $0 })
        #expect(harness.session.time.now() == SessionHarness.fixedTime.adding(milliseconds: 2000))
        #expect(harness.messages.suffix(2) == ["Order 1: 6.97 paid by card.", "Order 1 is paid in full."])
        #expect(harness.session.kiosk.payments.takings(of: .card).tips == Self.money(91))
    }

    @Test func paymentsAreKeptAcrossARestart() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        do {
            let harness = try Self.harness(state: state)
            try harness.run("order 2 coffee")
            try harness.run("pay cash 1 split")
            try harness.run("pay card 4000000000000002")
        }
        let again = try Self.harness(state: state)
        #expect(again.session.kiosk.payments.paid(1) == Self.money(100))
        #expect(again.session.kiosk.payments.nextPayment == 3)
        let rest = try #require(Self.payment(try again.run("pay card")))
        #expect(rest.payment == 3 && rest.amount == Self.money(506))
        #expect(try again.run("pay 1 cash 5").error == .alreadyPaid(1))
    }

    @Test func whatCannotBePaidSaysWhy() throws {
        let harness = try Self.harness()
        #expect(try harness.run("pay cash 5").error == .noOpenOrder)
        #expect(try harness.run("pay 7 cash 5").error == .unknownOrder(7, kept: Ledger.historyCapacity))
        try harness.run("order 200 coffee")
        #expect(try harness.run("pay 1 card").error == .orderRefused(1))
        try harness.run("order coffee")
        for (line, code) in [
            ("pay", "usage"), ("pay cash", "usage"), ("pay cash ten", "invalid_amount"), ("pay cash 1.005", "invalid_amount"),
            ("pay cash -5", "invalid_amount"), ("pay cash 5 twice", "usage"), ("pay card 12ab", "invalid_card"),
            ("pay card tip", "usage"), ("pay card tip 101%", "invalid_amount"), ("pay card tip 1 tip 2", "usage"),
            ("pay bitcoin 5", "unknown_subcommand"), ("pay 99999999999999999999 cash 5", "quantity_too_large"),
        ] {
            #expect(Self.code(of: line, in: harness) == code, "\(line)")
        }
        let plain = try SessionHarness(menu: "ingredient beans stock 9\nitem Coffee price 3 needs beans 1\n")
        try plain.run("order coffee")
        #expect(try plain.run("pay cash 5").error == .noCheckout)
    }

    @Test func wonAreWholeAndKoreanWordsPay() throws {
        let harness = try SessionHarness(menu: """
        kiosk "카페" currency "KRW"
        ingredient cup stock 9
        item "Latte" price 4500 needs cup 1
        checkout cash rounding 10

        """)
        try harness.run("order latte")
        #expect(try harness.run("pay cash 4500.50").error?.code == "invalid_amount")
        let payment = try #require(Self.payment(try harness.run("결제 현금 5000")))
        #expect(payment.change == Self.money(50_000) && payment.rounding == .zero)
    }

    @Test func aRefundGoesBackToTheCardFirstThenCashAndRestocksOnlyWhenAsked() throws {
        let harness = try Self.harness()
        try harness.run("order 2 coffee")
        try harness.run("pay cash 4 split")
        try harness.run("pay card")
        let partial = try harness.run("refund 1 3")
        guard case .refunded(let steps) = partial.output else {
            Issue.record("\(String(describing: partial.error))")
            return
        }
        // 2.06 was taken by card, 4.00 in cash: 3.00 back is 2.06 to the card and 0.94 in cash.
        #expect(steps.map(\.tender) == [.card, .cash] && steps.map(\.amount) == [Self.money(206), Self.money(94)])
        #expect(steps.map(\.due) == [Self.money(400), Self.money(306)] && steps.allSatisfy { !$0.restocked })
        #expect(partial.events.map(\.type) == [.paymentRefunded, .paymentRefunded])
        #expect(harness.stock("beans") == 98, "no stock back without restock")
        #expect(try harness.run("refund 1 3.07").error == .refundTooLarge(order: 1, refundable: Self.money(306)))
        let rest = try harness.run("refund 1 restock")
        #expect(rest.events.map(\.type) == [.paymentRefunded, .stockChanged])
        #expect(harness.stock("beans") == 100)
        #expect(try harness.run("refund 1").error == .notPaid(1))
        let book = harness.session.kiosk.payments
        #expect(book.takings(of: .card).refunds == Self.money(206) && book.takings(of: .cash).refunds == Self.money(400))
        #expect(book.orders[1]?.restocked == true && book.paid(1) == Self.money(606))
        // A refund never reopens the order.
        #expect(try harness.run("pay cash 10").error == .noOpenOrder)
        guard case .report(let report) = try harness.run("report").output else {
            Issue.record("no report")
            return
        }
        #expect(report.payments?.takings(of: .card) == .init(payments: 1, amount: Self.money(206), refunds: Self.money(206)))
        #expect(report.payments?.takings(of: .cash).refunds == Self.money(400))
    }

    @Test func aRefundRestocksOnce() throws {
        let harness = try Self.harness()
        try harness.run("order 2 coffee")
        try harness.run("pay cash 10")
        #expect(try harness.run("refund 1 1 restock").error == nil)
        #expect(harness.stock("beans") == 100)
        #expect(try harness.run("refund 1 1 restock").error == .alreadyRestocked(1))
        #expect(try harness.run("refund 1 1").error == nil)
        #expect(harness.stock("beans") == 100)
        for (line, code) in [("refund", "usage"), ("refund x", "invalid_quantity"), ("refund 1 x", "invalid_amount"), ("refund 1 1 2", "usage"),
                             ("refund 1 restock 1", "usage"), ("refund 9", "unknown_order")] {
            #expect(Self.code(of: line, in: harness) == code, "\(line)")
        }
    }

    @Test func aLineIsRefundedOnceForWhatItCostWithItsOwnStockAndTheRestStaysRefundable() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        do {
            let harness = try Self.harness(state: state)
            try harness.run("order 2 coffee, tea")
            #expect(harness.stock("beans") == 97)
            try harness.run("pay cash 1 split")
            try harness.run("pay card")
            // Line 1 is the two coffees: 6.06, the card first.
            let first = try harness.run("refund 1 line 1 restock")
            guard case .refunded(let steps) = first.output else {
                Issue.record("no refund: \(String(describing: first.error))")
                return
            }
            #expect(steps.map(\.amount) == [Self.money(606)] && steps.allSatisfy { $0.line == 1 } && steps.first?.restocked == true)
            #expect(harness.stock("beans") == 99, "only the line's two coffees came back")
            let book = harness.session.kiosk.payments
            #expect(book.orders[1]?.refundedLines == [1] && book.orders[1]?.restockedLines == [1] && book.orders[1]?.restocked == false)
            #expect(try harness.run("refund 1 line 1").error == .lineRefunded(order: 1, line: 1))
            #expect(try harness.run("refund 1 line 3").error == .unknownLine(order: 1, line: 3, lines: 2))
            for (line, code) in [("refund 1 line", "usage"), ("refund 1 line x", "invalid_quantity"), ("refund 1 line 0", "invalid_quantity"),
                                 ("refund 1 line 2 2", "usage"), ("refund 1 2 line 2", "usage")] {
                #expect(Self.code(of: line, in: harness) == code, "\(line)")
            }
        }
        // After a restart the line is still refunded; the whole order's restock leaves it out.
        let again = try Self.harness(state: state)
        #expect(try again.run("refund 1 line 1").error == .lineRefunded(order: 1, line: 1))
        guard case .refunded(let rest) = try again.run("refund 1 restock").output else {
            Issue.record("no refund of the rest")
            return
        }
        // 1.00 cash and 4.06 card were taken for 5.06 due of 8.06 ... all that is left: 2.00.
        #expect(rest.reduce(0) { $0 + $1.amount.hundredths } == 200)
        #expect(again.stock("beans") == 100, "the tea's bean, not the coffees' again")
        #expect(try again.run("refund 1 line 2").error == .notPaid(1))
    }

    @Test func aReceiptShowsWhatEachTenderPaidAndRefunded() throws {
        let harness = try Self.harness()
        try harness.run("order 2 coffee")
        try harness.run("pay cash 4 split")
        try harness.run("pay card")
        try harness.run("refund 1 1")
        guard case .receipt(let receipt) = try harness.run("receipt 1").output else {
            Issue.record("no receipt")
            return
        }
        #expect(receipt.payments?.taken == [Self.money(400), Self.money(206)])
        #expect(receipt.payments?.refunded == [.zero, Self.money(100)])
    }

    /// Cash rounding to a step larger than twice what is due never makes it nothing.
    @Test func aSmallDueNeverRoundsToNothing() throws {
        let harness = try SessionHarness(menu: """
        kiosk "Corner" currency "USD"
        ingredient beans stock 9
        item "Mint" price 0.03 needs beans 1
        checkout cash rounding 100

        """)
        try harness.run("order mint")
        #expect(try harness.run("pay cash 0.01").error == .cashShort(order: 1, due: Self.money(100), tendered: Self.money(1)))
        let payment = try #require(Self.payment(try harness.run("pay cash 1")))
        #expect(payment.amount == Self.money(3) && payment.rounding == Self.money(97) && payment.change == .zero)
    }

    /// The scripted day of docs/CHECKOUT.md, computed by hand there: 114.15 expected,
    /// 115.40 counted, 1.25 over; a Z report taken twice is refused the second time.
    @Test func theDrawersDayIsTheHandComputation() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        let menu = """
        kiosk "Stand" currency "USD"
        ingredient cup stock 100
        item "Tea" price 2.10 needs cup 1
        item "Cake" price 3.45 needs cup 1
        checkout cash rounding 5

        """
        do {
            let harness = try SessionHarness(menu: menu, state: state)
            for line in [
                "drawer open 100", "order 2 tea", "pay cash 5", "order cake", "pay cash 10", "order tea", "pay card", "refund 5 1",
                "drawer in 20 change", "drawer out 12.50 milk", "drawer count 115.40",
            ] {
                #expect(try harness.run(line).error == nil, "\(line)")
            }
        }
        let harness = try SessionHarness(menu: menu, state: state)
        guard case .drawer(let x) = try harness.run("report x").output else {
            Issue.record("no X report")
            return
        }
        #expect(x.expected == Self.money(11_415) && x.counted == Self.money(11_540) && x.overShort == Self.money(125))
        #expect(x.takings[1].amount == Self.money(210) && x.takings[0].refunds == Self.money(100))
        let z = try harness.run("report z")
        #expect(z.events.map(\.type) == [.drawerClosed])
        guard case .drawer(let closed) = z.output else { return }
        #expect(closed.kind == .closed && closed.day == 1 && closed.overShort == Self.money(125))
        #expect(try harness.run("report z").error == .drawerClosed(lastDay: 1))
        #expect(try harness.run("drawer in 1 x").error == .drawerClosed(lastDay: 1))
        // The next day's totals start again.
        #expect(try harness.run("drawer open 50").error == nil)
        guard case .drawer(let next) = try harness.run("report x").output else { return }
        #expect(next.day == 2 && next.expected == Self.money(5000) && next.takings.allSatisfy { $0 == .init() })
        #expect(try harness.run("drawer open 50").error == .drawerOpen(day: 2))
        for (line, code) in [("drawer", "usage"), ("drawer in 5", "reason_required"), ("drawer open x", "invalid_amount"),
                             ("drawer shut 5", "unknown_subcommand"), ("drawer count 5 extra", "usage"), ("report y", "unknown_subcommand")] {
            #expect(Self.code(of: line, in: harness) == code, "\(line)")
        }
    }
}
