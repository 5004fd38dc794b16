import KioskCore
import KioskSimulation
import Testing

/// Customers paying on a menu with a `checkout`: the tender split, declines, revenue by
/// tender, and the card readers as one more station.
@Suite struct SimulationCheckoutTests {
    /// Tea at 3.03 from stock that never runs out, made at one bar; cash rounds to 0.05.
    private static func menu(latency: Int64 = 30_000, timing: CheckoutSettings.Timing = .later) throws -> Menu {
        try Menu(
            name: "Tea Bar", currency: "USD", ingredients: [Ingredient(name: "tea", initialStock: Menu.maximumQuantity)],
            items: [Item(name: "Tea", price: Money(hundredths: 303), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))],
            checkout: CheckoutSettings(timing: timing, readerLatency: latency, cashRounding: 5)
        )
    }

    private static func configuration(
        _ menu: Menu, cardShare: Int = 60_000, declineRate: Int = 5_000, readers: Int = 1, preparation: Int64 = 60_000,
        perHour: Int64 = 40, customers: Int = 2_000, seed: UInt64 = 42
    ) -> SimulationConfiguration {
        var configuration = SimulationConfiguration(boardOf: menu, seed: seed)
        configuration.stations = [.init(name: "bar", staff: 2)]
        configuration.items = [.init(station: 0, preparationMilliseconds: preparation, popularity: 1)]
        configuration.arrivals = .constant(ArrivalRate(perHour: perHour))
        configuration.stop = .customers(customers)
        configuration.checkout?.cardShare = Rate(parts: cardShare)
        configuration.checkout?.declineRate = Rate(parts: declineRate)
        configuration.checkout?.readers = readers
        return configuration
    }

    private static func run(_ menu: Menu, _ configuration: SimulationConfiguration) throws -> RunReport {
        try #require(try Replications.run(menu: menu, configuration: configuration).runs.first)
    }

    @Test func aMenusCheckoutIsTheDaysCheckout() throws {
        let checkout = try #require(SimulationConfiguration(boardOf: try Self.menu(latency: 2_000), seed: 1).checkout)
        #expect(checkout.latencyMilliseconds == 2_000)
        #expect(checkout.cashStep == 5)
        #expect(SimulationConfiguration(boardOf: Menu.juiceMaker, seed: 1).checkout == nil)
    }

    @Test func everyServedCustomerPaysByCardOrInCash() throws {
        let menu = try Self.menu()
        let run = try Self.run(menu, Self.configuration(menu))
        let checkout = try #require(run.checkout)
        #expect(run.served == 2_000)
        #expect(checkout.payments == run.served)
        #expect(checkout.unpaid == 0)
        #expect(checkout.reader.served == checkout.cardPayments + checkout.declines)
        // A card is charged exactly; cash rounds 3.03 up to 3.05.
        #expect(checkout.cardRevenue.hundredths == checkout.cardPayments * 303)
        #expect(checkout.cashRevenue.hundredths == checkout.cashPayments * 305)
        #expect(checkout.cashRounding.hundredths == checkout.cashPayments * 2)
        #expect(checkout.revenue.hundredths == checkout.cardRevenue.hundredths + checkout.cashRevenue.hundredths)
        // 60 % by card, 5 % of them declined, within five standard deviations.
        let cards = Double(checkout.cardPayments + checkout.declines)
        #expect(abs(cards / 2_000 - 0.6) < 0.06)
        #expect(checkout.declines > 0)
        #expect(Double(checkout.declines) / cards < 0.1)
    }

    @Test func aDeclinedCardIsPaidInCashAfterTheReader() throws {
        let menu = try Self.menu()
        let run = try Self.run(menu, Self.configuration(menu, cardShare: Rate.whole, declineRate: Rate.whole, customers: 200))
        let checkout = try #require(run.checkout)
        #expect(checkout.declines == 200)
        #expect(checkout.cardPayments == 0)
        #expect(checkout.cashPayments == 200)
        #expect(checkout.reader.served == 200)
        #expect(checkout.cashRevenue.hundredths == 200 * 305)
    }

    @Test func noCardMeansAnIdleReader() throws {
        let menu = try Self.menu()
        let checkout = try #require(try Self.run(menu, Self.configuration(menu, cardShare: 0, customers: 300)).checkout)
        #expect(checkout.cashPayments == 300)
        #expect(checkout.reader.served == 0)
        #expect(checkout.reader.utilisation == 0)
        #expect(checkout.reader.waitInQueue == .empty)
    }

    /// The readers' busy time is every card's latency: 30 s each, over the day.
    @Test func theReadersUtilisationIsTheirLatencyOverTheDay() throws {
        let menu = try Self.menu()
        let run = try Self.run(menu, Self.configuration(menu, readers: 2))
        let reader = try #require(run.checkout).reader
        #expect(reader.staff == 2)
        let expected = Double(reader.served) * 30_000 / (2 * Double(run.duration))
        #expect(abs(reader.utilisation - expected) < 1e-12)
    }

    /// With preparation taking no time, customers reach the reader as they arrive, a
    /// Poisson stream: one reader with a fixed latency is M/D/1, whose mean wait is
    /// ρ / (2μ(1 − ρ)). At 40 an hour and 1 min each (ρ = 2/3) that is 60 s. Seed 42,
    /// chosen before looking, is the same on every machine.
    @Test func oneReaderQueuesAsMD1() throws {
        let menu = try Self.menu(latency: 60_000)
        let configuration = Self.configuration(menu, cardShare: Rate.whole, declineRate: 0, preparation: 0, perHour: 40, customers: 50_000)
        let reader = try #require(try Self.run(menu, configuration).checkout).reader
        #expect(reader.served == 50_000)
        #expect(abs(reader.waitInQueue.mean / 60_000 - 1) < 0.08)
        #expect(abs(reader.utilisation / (2.0 / 3) - 1) < 0.02)
        // M/D/1 waits: P(wait) = ρ.
        #expect(abs(reader.probabilityOfWaiting / (2.0 / 3) - 1) < 0.02)
    }

    /// Paying comes after the order is ready, from a stream of its own: the kitchen's day
    /// is the same with a checkout as without.
    @Test func theCheckoutLeavesTheKitchensDayAsItWas() throws {
        let menu = try Self.menu()
        var without = Self.configuration(menu)
        without.checkout = nil
        let paying = try Self.run(menu, Self.configuration(menu))
        let plain = try Self.run(menu, without)
        #expect(plain.checkout == nil)
        let (kitchen, alone) = (paying.stations[0], plain.stations[0])
        #expect(kitchen.served == alone.served && kitchen.left == alone.left && kitchen.longestQueue == alone.longestQueue)
        #expect(kitchen.waitInQueue == alone.waitInQueue && kitchen.timeInSystem == alone.timeInSystem)
        #expect(kitchen.probabilityOfWaiting == alone.probabilityOfWaiting)
        // The same time preparing, over a day that ends with the last payment.
        let busy = kitchen.utilisation * Double(paying.duration)
        #expect(abs(busy - alone.utilisation * Double(plain.duration)) < 1e-6 * busy)
        #expect(paying.duration >= plain.duration)
        #expect(paying.arrived == plain.arrived)
        #expect(paying.served == plain.served)
        #expect(paying.hours.map(\.arrivals) == plain.hours.map(\.arrivals))
    }

    @Test func littlesLawHoldsWithCustomersAtTheReader() throws {
        let menu = try Self.menu(latency: 50_000)
        let run = try Self.run(menu, Self.configuration(menu, cardShare: 80_000, perHour: 60, customers: 3_000, seed: 5))
        let little = run.littlesLaw
        #expect(try #require(run.checkout).reader.waitInQueue.mean > 0)
        #expect(abs(little.averageInSystem - little.product) <= 0.01 * little.averageInSystem)
    }

    @Test func theSameSeedPaysTheSameWay() throws {
        let menu = try Self.menu()
        let first = try Replications.run(menu: menu, configuration: Self.configuration(menu, customers: 500), count: 2)
        let second = try Replications.run(menu: menu, configuration: Self.configuration(menu, customers: 500), count: 2)
        #expect(first == second)
        #expect(ReportText.render(first) == ReportText.render(second))
        #expect(first.summary?.checkout != nil)
    }

    /// The simulator models paying itself: a menu paid first has the day of one paid later.
    @Test func aMenuPaidFirstPaysAsOnePaidLater() throws {
        let later = try Self.menu()
        let first = try Self.menu(timing: .first)
        let paidLater = try Replications.run(menu: later, configuration: Self.configuration(later, customers: 500), count: 1)
        let paidFirst = try Replications.run(menu: first, configuration: Self.configuration(first, customers: 500), count: 1)
        #expect(paidFirst.runs.first?.checkout == paidLater.runs.first?.checkout && paidFirst.runs.first?.checkout != nil)
        #expect(paidFirst.runs.first?.served == paidLater.runs.first?.served)
    }

    @Test func anUnpricedOrderHasNothingToPay() throws {
        let menu = try Menu(
            name: "Free Tea", ingredients: [Ingredient(name: "tea", initialStock: Menu.maximumQuantity)],
            items: [Item(name: "Tea", recipe: Recipe([.init(ingredient: 0, quantity: 1)]))], checkout: CheckoutSettings()
        )
        let checkout = try #require(try Self.run(menu, Self.configuration(menu, customers: 50)).checkout)
        #expect(checkout.unpaid == 50)
        #expect(checkout.payments == 0)
        #expect(checkout.reader.served == 0)
    }

    @Test func outOfRangeCheckoutPartsAreRefused() throws {
        let menu = try Self.menu()
        var configuration = Self.configuration(menu)
        configuration.checkout?.readers = 0
        #expect(throws: SimulationError.readersOutOfRange(0)) { try configuration.validate(for: menu) }
        configuration.checkout?.readers = 1
        configuration.checkout?.cardShare = Rate(parts: Rate.whole + 1)
        #expect(throws: SimulationError.shareOutOfRange(Rate(parts: Rate.whole + 1))) { try configuration.validate(for: menu) }
    }

    @Test func theReportShowsTendersAndReaders() throws {
        let menu = try Self.menu()
        let report = try Replications.run(menu: menu, configuration: Self.configuration(menu, customers: 100))
        let text = ReportText.render(report)
        #expect(text.contains("Payments: 100, "))
        #expect(text.contains("tender  payments  revenue  rounding"))
        #expect(text.contains("card readers  served  utilisation"))
        let json = ReportJSON.render(report)
        #expect(json.contains(#""checkout":{"cardShare":60,"declineRate":5,"readers":1,"readerLatencySeconds":30.000,"cashStep":0.05}"#))
        #expect(json.contains(#""checkout":{"payments":100,"#))
    }
}
