import KioskCore
import Testing

@Suite struct KioskSimulatorTests {
    /// Orders made, refused, of several lines and of several of an item, quietly.
    private static func day(_ kiosk: inout Kiosk) throws -> [OrderOutcome] {
        let mango = kiosk.item("mango juice")
        let mangoKiwi = kiosk.item("mango kiwi juice")
        let orders = [
            Order(item: mango), Order(item: mangoKiwi, quantity: 2), Order(item: mango),
            Order([OrderLine(item: mango, quantity: 1), OrderLine(item: mangoKiwi, quantity: 1)]), Order(item: mango), Order(item: mangoKiwi),
        ]
        return try orders.map { try kiosk.place($0, at: Fixtures.noon) }
    }

    @Test func aKioskKeepingCountsOnlyDecidesAndStocksAsOneKeepingEveryOrder() throws {
        var full = try Fixtures.kiosk()
        var counting = try Fixtures.kiosk()
        counting.keepLedgerCountsOnly()
        let outcomes = try KioskSimulatorTests.day(&full)
        #expect(try KioskSimulatorTests.day(&counting) == outcomes)
        #expect(outcomes.contains { !$0.isMade } && outcomes.contains { $0.isMade })
        #expect(counting.inventory == full.inventory)
        #expect(counting.sequence == full.sequence)
        #expect(counting.lastShortfalls == full.lastShortfalls)
        #expect(counting.ledger.madeOrders == full.ledger.madeOrders)
        #expect(counting.ledger.refusedOrders == full.ledger.refusedOrders)
        #expect(counting.ledger.revenue == full.ledger.revenue)
    }

    @Test func aKioskKeepingCountsOnlyKeepsNoSalesUsageOrHistory() throws {
        var kiosk = try Fixtures.kiosk()
        kiosk.keepLedgerCountsOnly()
        _ = try KioskSimulatorTests.day(&kiosk)
        #expect(kiosk.ledger.madeOrders > 0)
        #expect(kiosk.ledger.history.count == 0)
        #expect(kiosk.ledger.sales.allSatisfy { $0.quantity == 0 })
        #expect(kiosk.ledger.usage.allSatisfy { $0.used == 0 })
    }

    @Test func aKioskKeepingCountsOnlyAddsUpTheRevenue() throws {
        let menu = try Menu(
            name: "Priced", ingredients: [Ingredient(name: "tea", initialStock: 100)],
            items: [Item(name: "Tea", price: Money(units: 2, hundredths: 50), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        var kiosk = try Fixtures.kiosk(menu)
        kiosk.keepLedgerCountsOnly()
        for _ in 0..<3 { #expect(try kiosk.place(Order(item: 0), at: Fixtures.noon) == .made(total: Money(hundredths: 250))) }
        #expect(kiosk.ledger.revenue == Money(hundredths: 750))
        #expect(kiosk.ledger.madeOrders == 3)
    }

    @Test func aRevenueThatWouldNotFitRefusesTheOrderAsAFullLedgerDoes() throws {
        let menu = try Menu(
            name: "Dear", ingredients: [Ingredient(name: "gold", initialStock: Menu.maximumQuantity)],
            items: [Item(name: "Bar", price: Money(units: Menu.maximumQuantity), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))]
        )
        // 5·10^7 bars cost 5·10^18 hundredths: one such order fits, the second's sum does not.
        let order = Order(item: 0, quantity: 50_000_000)
        for keepsEveryOrder in [true, false] {
            var kiosk = try Fixtures.kiosk(menu)
            if !keepsEveryOrder { kiosk.keepLedgerCountsOnly() }
            #expect(try kiosk.place(order, at: Fixtures.noon).isMade)
            #expect(throws: OrderError.totalTooLarge) { try kiosk.place(order, at: Fixtures.noon) }
            #expect(kiosk.stock("gold") == Menu.maximumQuantity - 50_000_000)
        }
    }
}
