import KioskApplication
import KioskCore
import KioskJournal
import KioskTestSupport
import Testing

/// The X and Z reports by tax rate: each payment's share of its order's taxes, refunds
/// taken off the same way, the same after a restart and without a menu, and a new day
/// starting from nothing.
@Suite struct DrawerTaxTests {
    /// A VAT in every price and a sales tax added on food: tea 2.20 holds 0.20 of VAT; a
    /// scone 2.75 holds 0.25 and adds 0.24 of sales tax (8.875 % of 2.75, 0.244).
    static let menu = """
    kiosk "Corner" currency "USD"
    ingredient cup stock 100
    item "Tea" price 2.20 needs cup 1 tags drinks
    item "Scone" price 2.75 needs cup 1 tags food
    tax "VAT" 10% included
    tax "Sales tax" 8.875% added on tag food
    checkout cash rounding 5

    """

    static func money(_ hundredths: Int) -> Money { Money(hundredths: hundredths) }

    static func tax(_ name: String, _ rate: Int?, included: Bool, _ taxable: Int, _ tax: Int) -> DrawerTax {
        DrawerTax(name: name, rate: rate.map { Rate(parts: $0) }, included: included, taxable: money(taxable), tax: money(tax))
    }

    /// The `seq` of the last order the harness made.
    static func lastOrder(_ harness: SessionHarness) -> UInt64? {
        harness.session.kiosk.ledger.history.last { _ in true }?.sequence
    }

    static func report(_ line: String, in harness: SessionHarness) throws -> DrawerChanged? {
        guard case .drawer(let day) = try harness.run(line).output else { return nil }
        return day
    }

    /// By hand: two teas (4.40: VAT 0.40 on 4.00) in cash; a scone by card (2.99: VAT 0.25
    /// on 2.50, sales tax 0.24 on 2.75), 1.00 of it refunded (a 1/2.99 share: 0.84 and 0.08
    /// of VAT, 0.92 and 0.08 of sales tax back); a tea and a scone (5.19) in cash, then
    /// voided, all of it back. VAT: 4.00 + 2.50 − 0.84 = 5.66 taxable, 0.40 + 0.25 − 0.08 =
    /// 0.57; sales tax: 2.75 − 0.92 = 1.83 taxable, 0.24 − 0.08 = 0.16.
    @Test func theDaysTaxesAreEachPaymentsShareRefundsTakenOff() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        var events: [Event] = []
        let live: DrawerChanged
        do {
            let harness = try SessionHarness(menu: Self.menu, state: state)
            for line in ["drawer open 100", "order 2 tea", "pay cash 5", "order scone", "pay card"] {
                let result = try harness.run(line)
                #expect(result.error == nil, "\(line)")
                events += result.events
            }
            let scone = try #require(Self.lastOrder(harness))
            let partly = try #require(try Self.report("report x", in: harness))
            #expect(partly.taxes == [Self.tax("VAT", 10_000, included: true, 650, 65), Self.tax("Sales tax", 8_875, included: false, 275, 24)])
            for line in ["refund \(scone) 1", "order tea, scone", "pay cash 10"] {
                let result = try harness.run(line)
                #expect(result.error == nil, "\(line)")
                events += result.events
            }
            let last = try #require(Self.lastOrder(harness))
            let voided = try harness.run("void \(last)")
            #expect(voided.error == nil)
            events += voided.events
            live = try #require(try Self.report("report x", in: harness))
        }
        #expect(live.taxes == [Self.tax("VAT", 10_000, included: true, 566, 57), Self.tax("Sales tax", 8_875, included: false, 183, 16)])

        // Another process on the state folds the journal to the same day.
        let restarted = try SessionHarness(menu: Self.menu, state: state)
        #expect(try Self.report("report x", in: restarted)?.taxes == live.taxes)

        // A fold with no menu (as `kiosk state compact` makes) keeps the same amounts; only
        // the rates, which a report takes from its menu, are not known to it.
        var bare = try Kiosk(menu: Menu(name: "", ingredients: [], items: []), ids: UUIDv7Generator(seed: 1))
        for event in events { bare.apply(event) }
        #expect(bare.drawer.taxes == live.taxes.map { Self.tax($0.name, nil, included: $0.included, $0.taxable.hundredths, $0.tax.hundredths) })

        // The Z report carries them in its event; the next day starts from none.
        let z = try restarted.run("report z")
        guard case .drawer(let closed)? = z.events.first?.payload else {
            Issue.record("no drawer.closed")
            return
        }
        #expect(closed.kind == .closed && closed.taxes == live.taxes)
        #expect(try restarted.run("drawer open 50").error == nil)
        #expect(try Self.report("report x", in: restarted)?.taxes == [])
        let again = try SessionHarness(menu: Self.menu, state: state)
        #expect(try Self.report("report x", in: again)?.taxes == [])
    }

    /// Split tenders and a refund of everything: the payments that settle an order take
    /// exactly its taxes, and the refunds give exactly them back, whatever each share rounds to.
    @Test func sharesAddUpToTheOrdersTaxesAndARefundOfAllTakesThemAllBack() throws {
        let harness = try SessionHarness(menu: Self.menu)
        for line in ["drawer open 0", "order 3 scone"] { #expect(try harness.run(line).error == nil, "\(line)") }
        let order = try #require(Self.lastOrder(harness))
        // 3 scones: 8.25 + 0.73 of sales tax = 8.98; VAT 0.75 on 7.50.
        for line in ["pay cash 1 split", "pay cash 2.33 split", "pay card"] { #expect(try harness.run(line).error == nil, "\(line)") }
        #expect(try Self.report("report x", in: harness)?.taxes == [
            Self.tax("VAT", 10_000, included: true, 750, 75), Self.tax("Sales tax", 8_875, included: false, 825, 73),
        ])
        for line in ["refund \(order) 0.01", "refund \(order) 3", "refund \(order)"] { #expect(try harness.run(line).error == nil, "\(line)") }
        #expect(try Self.report("report x", in: harness)?.taxes == [
            Self.tax("VAT", 10_000, included: true, 0, 0), Self.tax("Sales tax", 8_875, included: false, 0, 0),
        ])
    }

    /// A menu without taxes has no line by tax rate: its reports say nothing of taxes.
    @Test func aMenuWithoutTaxesHasNone() throws {
        let harness = try SessionHarness(menu: """
        kiosk "Stand" currency "USD"
        ingredient cup stock 10
        item "Tea" price 2.10 needs cup 1
        checkout

        """)
        for line in ["drawer open 10", "order tea", "pay cash 5"] { #expect(try harness.run(line).error == nil, "\(line)") }
        let x = try #require(try Self.report("report x", in: harness))
        #expect(x.taxes == [] && !ReceiptLayout(rows: ReceiptLayout.rows(of: x)).text.contains("Taxes by rate"))
    }

    /// The report's rows: a heading, then each tax with its rate and kind, its taxable
    /// amount and its tax.
    @Test func theReportShowsEachTaxWithItsRate() throws {
        let harness = try SessionHarness(menu: Self.menu)
        for line in ["drawer open 0", "order scone", "pay cash 5"] { #expect(try harness.run(line).error == nil, "\(line)") }
        let x = try #require(try Self.report("report x", in: harness))
        let text = ReceiptLayout(rows: ReceiptLayout.rows(of: x)).text
        #expect(text.hasSuffix("""

        Taxes by rate
        VAT 10%, included
          Taxable amount        2.50
          Tax                   0.25
        Sales tax 8.875%, added
          Taxable amount        2.75
          Tax                   0.24

        """), "\(text)")
    }
}
