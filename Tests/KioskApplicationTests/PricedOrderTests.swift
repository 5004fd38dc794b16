import KioskApplication
import KioskCore
import KioskJournal
import KioskRecords
import KioskTestSupport
import KioskText
import Testing

/// An order on a menu with taxes and discounts: its price in the result, the event, the
/// journal's bytes and back, and the same numbers wherever it is shown.
@Suite struct PricedOrderTests {
    static let menu = """
    kiosk "Corner Café" currency "KRW"
    ingredient cup stock 100
    item "Latte" price 4500 needs cup 1 tag drinks
    item "Croissant" price 3500 needs cup 1 tag food
    item "Muffin" price 3000 needs cup 1 tag food
    tax "부가세" 10% included
    discount "Set saver" 1000 off order minimum 10000
    discount "Staff" 50% ask

    """

    @Test func theResultTheEventAndTheJournalCarryOnePrice() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        let harness = try SessionHarness(menu: Self.menu, state: state)
        let result = try harness.run("order latte, croissant, muffin")
        guard case .ordered(let summary) = result.output, let price = summary.price else {
            Issue.record("no price: \(String(describing: result.error))")
            return
        }
        #expect(summary.total == Money(hundredths: 1_000_000))
        #expect(price.discounts == [.init(name: "Set saver", amount: Money(hundredths: 100_000))])
        #expect(price.lines.map(\.total) == [409_100, 318_200, 272_700].map(Money.init(hundredths:)))
        #expect(price.lines.map(\.unitPrice) == [450_000, 350_000, 300_000].map(Money.init(hundredths:)))
        guard case .orderSucceeded(let made)? = result.events.first?.payload else {
            Issue.record("no event")
            return
        }
        #expect(made.price == price)
        #expect(made.total == price.total)
        #expect(made.lineTotals == price.lines.map(\.total))
        // Through the record's bytes and back.
        let record = JournalRecord(time: SessionHarness.fixedTime, source: "/kiosk/x", entries: result.events.map(JournalEntry.event))
        let decoded = try RecordCodec.decode(RecordCodec.encode(record), format: .domain)
        guard case .orderSucceeded(let read)? = decoded.events.first?.payload else {
            Issue.record("no event decoded")
            return
        }
        #expect(read.price == price)
        // The event's JSON and the result's carry the same `price` object.
        let eventJSON = String(decoding: try #require(result.events.first).dataJSON, as: UTF8.self)
        var writer = JSONWriter()
        writer.beginObject()
        writer.price(price)
        writer.endObject()
        let priceJSON = String(decoding: writer.bytes, as: UTF8.self).dropFirst().dropLast()
        #expect(eventJSON.contains(priceJSON))
        #expect(priceJSON.hasPrefix(#""price":{"subtotal":11000,"discounts":[{"name":"Set saver","amount":1000}],"taxes":[{"name":"부가세","amount":909,"included":true}],"net":9091,"total":10000,"lines":[{"unitPrice":4500,"gross":4500,"#))
    }

    @Test func anAskedDiscountIsGivenOnlyWhenAskedAndAnUnknownOneSaysWhichThereAre() throws {
        let harness = try SessionHarness(menu: Self.menu)
        guard case .ordered(let plain) = try harness.run("order latte").output else { Issue.record("not made"); return }
        #expect(plain.price?.discounts == [])
        guard case .ordered(let staff) = try harness.run("order latte discount staff").output else { Issue.record("not made"); return }
        #expect(staff.total == Money(hundredths: 225_000))
        guard case .ordered(let apart) = try harness.run("order latte, discount Staff").output else { Issue.record("not made"); return }
        #expect(apart.total == Money(hundredths: 225_000))
        // An item whose name holds the word is the item, not a discount.
        let donut = try SessionHarness(menu: Self.menu + "item \"Discount Donut\" price 1000 needs cup 1\n")
        guard case .ordered(let bought) = try donut.run("order discount donut").output else { Issue.record("not made"); return }
        #expect(bought.lines.map(\.item) == ["Discount Donut"])
        let wrong = try harness.run("order latte discount stuff")
        #expect(wrong.error == .unknownDiscount("stuff", suggestion: "Staff", known: ["Staff"]))
        #expect(harness.stock("cup") == 97, "the refused order took nothing")
    }

    @Test func aMenuWithoutTaxesOrDiscountsPricesAsItAlwaysHas() throws {
        let harness = try SessionHarness()
        let result = try harness.run("order mango juice")
        guard case .ordered(let summary) = result.output, case .orderSucceeded(let made)? = result.events.first?.payload else {
            Issue.record("not made")
            return
        }
        #expect(summary.price == nil && made.price == nil)
        #expect(!String(decoding: try #require(result.events.first).dataJSON, as: UTF8.self).contains("\"price\""))
    }

    @Test func priceSaysWhatAnOrderWouldCostAndTakesNothing() throws {
        let harness = try SessionHarness(menu: Self.menu)
        let result = try harness.run("price 2 latte, croissant")
        guard case .quoted(let summary) = result.output else { Issue.record("not quoted: \(String(describing: result.error))"); return }
        #expect(summary.total == Money(hundredths: 1_150_000))
        #expect(result.events.isEmpty && harness.stock("cup") == 100)
        #expect(try harness.run("price latte discount nobody").error == .unknownDiscount("nobody", suggestion: nil, known: ["Staff"]))
        let unpriced = try SessionHarness()
        guard case .quoted(let none) = try unpriced.run("price mango juice").output else { Issue.record("not quoted"); return }
        #expect(none.total == nil)
    }

    @Test func aReceiptShowsTheOrdersPriceAndSaysWhatIsNotThere() throws {
        let harness = try SessionHarness(menu: Self.menu)
        #expect(try harness.run("receipt").error == .unknownOrder(nil, kept: Ledger.historyCapacity))
        guard case .ordered(let made) = try harness.run("order latte, croissant, muffin").output else { Issue.record("not made"); return }
        try harness.run("stock set cup 0")
        let refused = try harness.run("order latte")
        guard case .receipt(let receipt) = try harness.run("receipt").output else { Issue.record("no receipt"); return }
        #expect(receipt.price == made.price && receipt.total == made.total && receipt.currency == "KRW")
        let number = receipt.order
        guard case .receipt(let again) = try harness.run("receipt #\(number)").output else { Issue.record("no receipt"); return }
        #expect(again == receipt)
        let refusedNumber = try #require(refused.events.first).sequence
        #expect(try harness.run("receipt \(refusedNumber)").error == .orderRefused(refusedNumber))
        #expect(try harness.run("receipt 999").error == .unknownOrder(999, kept: Ledger.historyCapacity))
    }

    @Test func theReportKeepsMoneyByDay() throws {
        let harness = try SessionHarness(menu: Self.menu)
        try harness.run("order latte, croissant, muffin")
        try harness.run("order latte discount staff")
        guard case .report(let report) = try harness.run("report").output else { Issue.record("no report"); return }
        let day = try #require(report.days.first)
        #expect(report.days.count == 1)
        #expect(CivilTime(millisecondsSince1970: Int64(day.day) * 86_400_000).date == "2026-11-21")
        #expect(day.orders == 2)
        #expect(day.gross == Money(hundredths: 1_550_000))
        #expect(day.discounts == Money(hundredths: 325_000))
        #expect(day.total == Money(hundredths: 1_225_000) && day.total == report.revenue)
        #expect(day.taxes == [Ledger.MoneyDay.TaxTotal(name: "부가세", included: true, amount: Money(hundredths: 111_400))])
        #expect(day.net.hundredths + day.taxes[0].amount.hundredths == day.total.hundredths)
    }

    /// What a receipt and the report read survives a restart, from the records (the fold)
    /// and from a snapshot (a compaction).
    @Test func pricesAndMoneyByDaySurviveTheJournalAndItsSnapshots() throws {
        let scratch = try ScratchDirectory()
        let state = StateDirectory(path: scratch.path("state"))
        var made: OrderSummary?
        do {
            let harness = try SessionHarness(menu: Self.menu, state: state)
            if case .ordered(let summary) = try harness.run("order latte, croissant, muffin").output { made = summary }
            try harness.run("order croissant discount staff")
        }
        let before = try Self.moneyAndReceipt(state)
        #expect(before.receipt.price == made?.price)
        #expect(before.days.first?.orders == 2)
        let menu = try SessionHarness(menu: Self.menu).session.kiosk.menu
        _ = try JournalInspector.compact(state, menu: menu, format: .domain)
        let after = try Self.moneyAndReceipt(state)
        #expect(after.days == before.days)
        #expect(after.receipt == before.receipt)
    }

    private static func moneyAndReceipt(_ state: StateDirectory) throws -> (days: [Ledger.MoneyDay], receipt: OrderReceipt) {
        let harness = try SessionHarness(menu: Self.menu, state: state)
        guard case .report(let report) = try harness.run("report").output, case .receipt(let receipt) = try harness.run("receipt 1").output else {
            throw SessionHarness.Failure.blank
        }
        return (report.days, receipt)
    }

    /// An item with `available` windows is made inside them and refused outside, with when
    /// it is served; `menu` says when, and whether now. 2026-11-21 (the harness's day) is a Saturday.
    @Test func anItemOutsideItsWindowsIsRefusedWithWhenItIsServed() throws {
        let menu = Self.menu + "item \"Brunch\" price 9000 needs cup 1 available 10:00-14:00 sat-sun, 07:00-09:00 mon-fri\n"
        let noon = try SessionHarness(menu: menu)
        #expect(try noon.run("order brunch").succeeded)
        let evening = try SessionHarness(menu: menu, time: SessionClock(wall: { SessionHarness.fixedTime.adding(milliseconds: 6 * 3_600_000) }))
        let refused = try evening.run("order latte, brunch")
        #expect(refused.error == .notServedNow(item: "Brunch", windows: "10:00-14:00 sat-sun, 07:00-09:00 mon-fri"))
        #expect(evening.stock("cup") == 100, "nothing taken")
        #expect(try evening.run("price brunch").error == .notServedNow(item: "Brunch", windows: "10:00-14:00 sat-sun, 07:00-09:00 mon-fri"))
        guard case .menu(let listing) = try evening.run("menu").output else { Issue.record("no menu"); return }
        let brunch = try #require(listing.rows.first { $0.name == "Brunch" })
        #expect(brunch.served?.windows == "10:00-14:00 sat-sun, 07:00-09:00 mon-fri" && brunch.served?.now == false)
        #expect(listing.rows.first { $0.name == "Latte" }?.served == nil)
    }

    /// An option with windows of its own is refused outside them; its item without it is not.
    @Test func anOptionOutsideItsWindowsIsRefusedAndTheItemWithoutItIsMade() throws {
        let menu = Self.menu + """
        item "Tea" {
          price 2000 needs cup 1
          options "Extras" choose 0..1 { option "Scone" price +2000 needs cup 1 available 07:00-09:00 }
        }

        """
        let noon = try SessionHarness(menu: menu)
        #expect(try noon.run("order tea +scone").error == .notServedNow(item: "Tea +Scone", windows: "07:00-09:00"))
        #expect(noon.stock("cup") == 100)
        #expect(try noon.run("order tea").succeeded)
        let morning = try SessionHarness(menu: menu, time: SessionClock(wall: { SessionHarness.fixedTime.adding(milliseconds: -4 * 3_600_000) }))
        #expect(try morning.run("order tea +scone").succeeded)
    }

    /// A combo's parts carry their share of its price, not a unit price; a plain line both.
    @Test func aComboPartHasAShareAndNoUnitPrice() throws {
        let menu = Self.menu + """
        combo "Set" price 7000 {
          choose 1 from "Latte"
          choose 1 from "Croissant"
        }

        """
        let harness = try SessionHarness(menu: menu)
        guard case .ordered(let made) = try harness.run("order set +latte +croissant, 2 muffin").output, let price = made.price else {
            Issue.record("not made")
            return
        }
        #expect(price.lines.map(\.unitPrice) == [nil, nil, Money(hundredths: 300_000)])
        #expect(price.lines.map(\.gross) == [393_700, 306_300, 600_000].map(Money.init(hundredths:)))
    }
}
