import KioskApplication
import KioskCore
import KioskJournal
import KioskRecords
import KioskTestSupport
import KioskText
import Testing

/// `kiosk reprice`'s one rule (`Repricer`): a recorded order priced on another menu costs
/// what the same order, placed fresh on that menu at the same time, costs.
@Suite struct RepriceTests {
    /// The day's menu: sizes and options, a combo, an `ask` discount and a window.
    static let old = """
    kiosk "Corner Café" currency "KRW"
    ingredient cup stock 1000
    ingredient milk stock 1000
    ingredient oat stock 1000
    item "Latte" {
      size small price 4000 needs cup 1, milk 1
      size large price 5000 needs cup 1, milk 1 default
      options "Milk" choose 1 {
        option "Whole" default
        option "Oat" price +500 replaces milk with oat
      }
      tags drinks
    }
    item "Croissant" price 3500 needs cup 1 tag food
    item "Muffin" price 3000 needs cup 1 tag food
    combo "Breakfast Set" price 7000 {
      choose 1 from "Latte"
      choose 1 from "Croissant", "Muffin"
    }
    discount "Staff" 50% off order ask
    discount "Morning" 10% on tag drinks available 08:00-10:00

    """

    /// The new menu: other prices, a VAT, an order discount with a minimum, the window
    /// moved, the staff discount smaller, and no muffins.
    static let new = """
    kiosk "Corner Café" currency "KRW"
    ingredient cup stock 1000
    ingredient milk stock 1000
    ingredient oat stock 1000
    item "Latte" {
      size small price 4200 needs cup 1, milk 1
      size large price 5400 needs cup 1, milk 1 default
      options "Milk" choose 1 {
        option "Whole" default
        option "Oat" price +700 replaces milk with oat
      }
      tags drinks
    }
    item "Croissant" price 3800 needs cup 1 tag food
    combo "Breakfast Set" price 7500 {
      choose 1 from "Latte"
      choose 1 from "Croissant"
    }
    tax "부가세" 10% included rounding half-up
    discount "Staff" 30% off order ask
    discount "Set saver" 1000 off order minimum 10000
    discount "Early" 20% on tag drinks available 07:00-09:00

    """

    /// The day: each order at its time (UTC), as typed.
    static let day: [(time: String, order: String)] = [
        ("2026-11-20T07:30:00Z", "order latte"),
        ("2026-11-20T08:30:00Z", "order 2 small latte +oat, croissant"),
        ("2026-11-20T08:45:00Z", "order breakfast set +small latte +croissant"),
        ("2026-11-20T09:30:00Z", "order latte, croissant discount staff"),
        ("2026-11-20T11:00:00Z", "order 3 croissant, 2 large latte +oat"),
        ("2026-11-20T12:00:00Z", "order muffin, latte"),
        ("2026-11-20T12:30:00Z", "order breakfast set +latte +muffin"),
        ("2026-11-20T13:00:00Z", "order 2 breakfast set +large latte +oat +croissant, croissant"),
    ]

    static func milliseconds(_ text: String) -> Int64 {
        ISO8601.milliseconds(parsing: text) ?? 0
    }

    /// Records `day` on the old menu in a state at `path`.
    static func record(in path: String) throws {
        let start = Timestamp(millisecondsSince1970: milliseconds(day[0].time))
        let clock = SessionClock(virtualAt: start)
        let harness = try SessionHarness(menu: old, time: clock, state: StateDirectory(path: path))
        for (time, order) in day {
            clock.advance(by: milliseconds(time) - clock.now().millisecondsSince1970)
            let result = try harness.run(order)
            #expect(result.error == nil, "\(order): \(String(describing: result.error))")
        }
    }

    /// Every recorded order of the state, in order, with its time.
    static func recorded(in path: String) throws -> [(time: Timestamp, made: OrderSucceeded)] {
        var orders: [(time: Timestamp, made: OrderSucceeded)] = []
        try JournalInspector.events(StateDirectory(path: path), format: .domain) { event in
            if case .orderSucceeded = event.payload { true } else { false }
        } each: { event in
            if case .orderSucceeded(let made) = event.payload { orders.append((event.time, made)) }
        }
        return orders
    }

    @Test func theDifferencesEqualAFreshOrderOfTheSameLinesOnTheNewMenu() throws {
        let scratch = try ScratchDirectory()
        try Self.record(in: scratch.path("state"))
        let orders = try Self.recorded(in: scratch.path("state"))
        try #require(orders.count == Self.day.count)
        let menu = try SessionHarness(menu: Self.new).session.kiosk.menu
        var repricer = Repricer(menu: menu, utcOffset: { _ in 0 })
        var unpriceable = 0
        for ((time, made), (at, typed)) in zip(orders, Self.day) {
            #expect(time.millisecondsSince1970 == Self.milliseconds(at))
            let outcome = repricer.reprice(made, at: time)
            // The same order, placed fresh on the new menu at the same moment.
            let fresh = try SessionHarness(menu: Self.new, time: SessionClock(virtualAt: time)).run(typed)
            switch outcome {
            case .priced(let total, let price):
                guard case .ordered(let summary) = fresh.output else {
                    Issue.record("\(typed): repriced, but a fresh order fails: \(String(describing: fresh.error))")
                    continue
                }
                #expect(total == summary.total, "\(typed)")
                #expect(price == summary.price, "\(typed)")
                #expect(total != made.total, "\(typed): the new menu changes every order of the day")
            case .unpriceable(let error):
                unpriceable += 1
                // Typed, a muffin in a set reads as an option of the latte; by name, as an
                // item the set does not offer: refused either way.
                #expect(fresh.error != nil, "\(typed): unpriceable (\(error.code)), but a fresh order is made")
                #expect(["unknown_item", "unknown_combo_item"].contains(error.code), "\(typed)")
            }
        }
        #expect(unpriceable == 2, "the muffins")
        // The windows applied at the order's time: 07:30 is in the new menu's "Early".
        guard case .priced(_, let early?) = repricer.reprice(orders[0].made, at: orders[0].time) else {
            Issue.record("the first order was not priced")
            return
        }
        #expect(early.discounts.map(\.name) == ["Early"])
        guard case .priced(_, let late?) = repricer.reprice(orders[0].made, at: orders[4].time) else { return }
        #expect(late.discounts.isEmpty)
    }

    @Test func anAskDiscountIsAskedForAgainOnlyWhenTheRecordNamesIt() throws {
        let scratch = try ScratchDirectory()
        try Self.record(in: scratch.path("state"))
        let orders = try Self.recorded(in: scratch.path("state"))
        let menu = try SessionHarness(menu: Self.new).session.kiosk.menu
        var repricer = Repricer(menu: menu, utcOffset: { _ in 0 })
        let staff = orders[3]
        #expect(staff.made.price?.discounts.map(\.name).contains("Staff") == true)
        guard case .priced(_, let price?) = repricer.reprice(staff.made, at: staff.time) else {
            Issue.record("not priced")
            return
        }
        #expect(price.discounts.map(\.name) == ["Staff"])
        // The same lines without the discount recorded: no staff discount.
        guard case .priced(_, let plain?) = repricer.reprice(OrderSucceeded(lines: staff.made.lines, consumed: [], stock: []), at: staff.time) else {
            Issue.record("not priced")
            return
        }
        #expect(plain.discounts.isEmpty)
    }

    @Test func anOrderTheNewMenuCannotMakeSaysWhy() throws {
        let menu = try SessionHarness(menu: Self.new).session.kiosk.menu
        var repricer = Repricer(menu: menu, utcOffset: { _ in 0 })
        let muffin = OrderSucceeded(lines: [ItemQuantity(item: "Muffin", quantity: 1)], consumed: [], stock: [])
        guard case .unpriceable(let error) = repricer.reprice(muffin, at: SessionHarness.fixedTime) else {
            Issue.record("a muffin was priced")
            return
        }
        #expect(error.code == "unknown_item")
        let medium = OrderSucceeded(
            lines: [ItemQuantity(item: "Latte", quantity: 1, choice: LineChoice(size: "medium", options: [], unitPrice: nil, recipe: []))],
            consumed: [], stock: []
        )
        guard case .unpriceable(let size) = repricer.reprice(medium, at: SessionHarness.fixedTime) else {
            Issue.record("a medium latte was priced")
            return
        }
        #expect(size.code == "unknown_size")
    }
}
