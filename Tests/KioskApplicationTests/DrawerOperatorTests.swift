import KioskApplication
import KioskCore
import KioskJournal
import KioskRecords
import KioskTestSupport
import Testing

/// The X and Z reports by operator: two operators at one till (two sessions on one state,
/// each with its `--operator`) and a customer paying by themselves; each step counted to
/// whoever took it, the same in the Z report the journal keeps and after a restart.
@Suite struct DrawerOperatorTests {
    static let menu = """
    kiosk "Stand" currency "USD"
    ingredient cup stock 100
    item "Tea" price 2.10 needs cup 1
    item "Cake" price 3.45 needs cup 1
    checkout cash rounding 5

    """

    static func money(_ hundredths: Int) -> Money { Money(hundredths: hundredths) }

    static func takings(_ payments: Int, _ amount: Int, tips: Int = 0, refunds: Int = 0) -> PaymentBook.Takings {
        PaymentBook.Takings(payments: payments, amount: money(amount), tips: money(tips), refunds: money(refunds))
    }

    static func report(_ line: String, in harness: SessionHarness) throws -> DrawerChanged? {
        guard case .drawer(let day) = try harness.run(line).output else { return nil }
        return day
    }

    /// Runs `lines` at `harness`, each expected to succeed; the events they caused.
    @discardableResult
    static func run(_ lines: [String], at harness: SessionHarness) throws -> [Event] {
        var events: [Event] = []
        for line in lines {
            let result = try harness.run(line)
            #expect(result.error == nil, "\(line): \(String(describing: result.error))")
            events += result.events
        }
        return events
    }

    /// The `seq` of the last order made on the state, as `harness` knows it.
    static func lastOrder(_ harness: SessionHarness) throws -> UInt64 {
        try #require(harness.session.kiosk.ledger.history.last { _ in true }?.sequence)
    }

    /// By hand. Ana opens with 100.00, sells two teas (4.20) for 5.00 cash and a tea (2.10)
    /// by card, and pays in 20.00. Ben sells a cake (3.45) by card with a 0.50 tip, refunds
    /// 1.00 of Ana's cash order (in cash: it was paid in cash) and pays out 12.50. A customer
    /// pays a cake (3.45) in cash at the kiosk, naming nobody. So Ana: cash 1 × 4.20, card
    /// 1 × 2.10, pay-ins 20.00; Ben: card 1 × 3.45, tips 0.50, cash refunds 1.00, pay-outs
    /// 12.50; self-service: cash 1 × 3.45 — by name, self-service last.
    static let expected = [
        DrawerOperator(name: "Ana", takings: [takings(1, 420), takings(1, 210)], payIns: money(2000)),
        DrawerOperator(name: "Ben", takings: [takings(0, 0, refunds: 100), takings(1, 345, tips: 50)], payOuts: money(1250)),
        DrawerOperator(name: nil, takings: [takings(1, 345), takings(0, 0)]),
    ]

    @Test func eachStepCountsToWhoeverTookItAndTheJournalKeepsIt() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        let ana = try SessionHarness(menu: Self.menu, state: state)
        ana.session.operatorName = "Ana"
        let ben = try SessionHarness(menu: Self.menu, state: state)
        ben.session.operatorName = "Ben"
        let kiosk = try SessionHarness(menu: Self.menu, state: state)

        var events = try Self.run(["drawer open 100", "order 2 tea", "pay cash 5"], at: ana)
        let teas = try Self.lastOrder(ana)
        events += try Self.run(["order cake", "pay card tip 0.50"], at: ben)
        events += try Self.run(["order tea", "pay card"], at: ana)
        events += try Self.run(["refund \(teas) 1", "drawer out 12.50 milk"], at: ben)
        events += try Self.run(["drawer in 20 change"], at: ana)
        events += try Self.run(["order cake", "pay cash 3.45"], at: kiosk)

        // Every payment and drawer step names who took it; the customer's names nobody.
        for event in events {
            switch event.payload {
            case .payment(let step): #expect(["Ana", "Ben", nil].contains(step.operatorName))
            case .drawer(let step): #expect(step.operatorName == "Ana" || step.operatorName == "Ben")
            default: break
            }
        }
        let refund = events.compactMap { if case .payment(let step) = $0.payload, step.status == .refunded { step } else { nil } }
        #expect(refund.map(\.operatorName) == ["Ben"] && refund.map(\.tender) == [.cash])

        let x = try #require(try Self.report("report x", in: ben))
        #expect(x.operators == Self.expected)
        // The lines add up to the day.
        for (index, tender) in Tender.allCases.enumerated() {
            let lines = x.operators.map { $0.takings(of: tender) }
            #expect(lines.reduce(0) { $0 + $1.payments } == x.takings[index].payments)
            #expect(lines.reduce(0) { $0 + $1.amount.hundredths } == x.takings[index].amount.hundredths)
            #expect(lines.reduce(0) { $0 + $1.refunds.hundredths } == x.takings[index].refunds.hundredths)
        }
        #expect(x.operators.reduce(0) { $0 + $1.payIns.hundredths } == x.payIns.hundredths)
        #expect(x.operators.reduce(0) { $0 + $1.payOuts.hundredths } == x.payOuts.hundredths)

        // The Z report, taken by Ana, keeps the day by operator in its `drawer.closed`, as
        // the journal reads it back.
        let z = try ana.run("report z")
        guard case .drawer(let closed)? = z.events.first?.payload else {
            Issue.record("no drawer.closed")
            return
        }
        #expect(closed.kind == .closed && closed.operatorName == "Ana" && closed.operators == Self.expected)
        var kept: [DrawerChanged] = []
        try JournalInspector.events(state, format: .domain) { event in
            if case .drawer(let step) = event.payload { step.kind == .closed } else { false }
        } each: { event in
            if case .drawer(let step) = event.payload { kept.append(step) }
        }
        #expect(kept == [closed])

        // A restart folds the journal to the same day; the next day starts from nobody.
        let restarted = try SessionHarness(menu: Self.menu, state: state)
        #expect(restarted.session.kiosk.drawer.operators == Self.expected)
        try Self.run(["drawer open 50"], at: restarted)
        #expect(try Self.report("report x", in: restarted)?.operators == [])
    }

    /// A void gives the money back as its operator's refund, not the payment's operator's,
    /// and its events name who voided.
    @Test func aVoidCountsToWhoeverVoids() throws {
        let harness = try SessionHarness(menu: Self.menu)
        harness.session.operatorName = "Ana"
        try Self.run(["drawer open 0", "order cake", "pay cash 5"], at: harness)
        let cake = try Self.lastOrder(harness)
        harness.session.operatorName = "Ben"
        let voided = try Self.run(["void \(cake)"], at: harness)
        let refunds = voided.compactMap { if case .payment(let step) = $0.payload { step } else { nil } }
        #expect(refunds.map(\.status) == [.refunded] && refunds.map(\.operatorName) == ["Ben"])
        let x = try #require(try Self.report("report x", in: harness))
        #expect(x.operators == [
            DrawerOperator(name: "Ana", takings: [Self.takings(1, 345), Self.takings(0, 0)]),
            DrawerOperator(name: "Ben", takings: [Self.takings(0, 0, refunds: 345), Self.takings(0, 0)]),
        ])
    }

    /// The report's rows: after the tenders, each operator by name with their sales by
    /// tender (how many, and what they took), tips, refunds, pay-ins and pay-outs, then
    /// self-service.
    @Test func theReportShowsEachOperatorThenSelfService() throws {
        let harness = try SessionHarness(menu: Self.menu)
        harness.session.operatorName = "Ana"
        try Self.run(["drawer open 0", "order tea", "pay cash 5", "drawer in 10 change"], at: harness)
        harness.session.operatorName = nil
        try Self.run(["order cake", "pay card tip 0.50"], at: harness)
        let x = try #require(try Self.report("report x", in: harness))
        let text = ReceiptLayout(rows: ReceiptLayout.rows(of: x)).text
        #expect(text.hasSuffix("""

        By operator
        Ana
          Cash sales (1)         2.10
          Card sales (0)         0.00
          Tips                   0.00
          Refunds                0.00
          Pay-ins               10.00
          Pay-outs               0.00
        self-service
          Cash sales (0)         0.00
          Card sales (1)         3.45
          Tips                   0.50
          Refunds                0.00
          Pay-ins                0.00
          Pay-outs               0.00

        """), "\(text)")
    }
}
