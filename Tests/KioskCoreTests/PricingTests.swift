import KioskCore
import Testing

/// Orders priced to the last minor unit: the rounding modes, included and added taxes,
/// discounts in Square's order and amounts spread exactly over the lines.
@Suite struct PricingTests {
    static let won = 100
    static let cent = 1

    private static func money(_ hundredths: Int) -> Money { Money(hundredths: hundredths) }

    private static func rate(_ text: String) throws -> Rate { try #require(Rate(text)) }

    @Test func ratesReadToTheThousandthOfAPercent() throws {
        #expect(Rate("10%")?.parts == 10_000)
        #expect(Rate("8.875%")?.parts == 8_875)
        #expect(Rate("12.5")?.parts == 12_500)
        #expect(Rate("100%")?.parts == 100_000)
        for bad in ["", "%", "1.2345%", "101%", "-5%", "5.%", "1e3%", "10%%"] { #expect(Rate(bad) == nil, "\(bad)") }
        #expect(try Self.rate("8.875%").description == "8.875%")
        #expect(try Self.rate("8.5%").description == "8.5%")
        #expect(try Self.rate("0.05%").description == "0.05%")
        #expect(try Self.rate("10%").description == "10%")
    }

    @Test func tiesFollowTheDeclaredMode() {
        // 0.705 → 0.70 and 0.715 → 0.72 half to even; half-up takes both up.
        #expect(Rounding.halfEven.divide(705, by: 10, toMultipleOf: 1) == 70)
        #expect(Rounding.halfEven.divide(715, by: 10, toMultipleOf: 1) == 72)
        #expect(Rounding.halfUp.divide(705, by: 10, toMultipleOf: 1) == 71)
        #expect(Rounding.up.divide(701, by: 10, toMultipleOf: 1) == 71)
        #expect(Rounding.down.divide(709, by: 10, toMultipleOf: 1) == 70)
        // To a multiple of the minor unit: 820.545 won to the won.
        #expect(Rounding.halfEven.divide(82_054_545, by: 1000, toMultipleOf: 100) == 82_100)
        #expect(Rounding.halfUp.divide(-705, by: 10, toMultipleOf: 1) == -71)
        #expect(Rounding.halfEven.divide(Int128(Int.max) * 4, by: 2, toMultipleOf: 1) == nil)
    }

    /// The split a Korean receipt prints: 10 % VAT included in 9,026 won.
    @Test func anIncludedVATIsBackedOutOfThePrice() throws {
        let pricing = Pricing(unit: Self.won, taxes: [Tax(name: "부가세", rate: try Self.rate("10%"), kind: .included)])
        let price = try pricing.price([PricedLine(gross: Self.money(902_600))])
        #expect(price.total == Self.money(902_600))
        #expect(price.taxes == [.init(name: "부가세", amount: Self.money(82_100), included: true)])
        #expect(price.lines[0].net == Self.money(820_500))
        #expect(price.lines[0].net.hundredths + price.taxes[0].amount.hundredths == price.total.hundredths)
    }

    @Test func anAddedTaxRoundsEachLineByItsMode() throws {
        let even = Pricing(unit: Self.cent, taxes: [Tax(name: "Sales tax", rate: try Self.rate("10%"), kind: .added)])
        let up = Pricing(unit: Self.cent, taxes: [Tax(name: "Sales tax", rate: try Self.rate("10%"), kind: .added, rounding: .halfUp)])
        let lines = [PricedLine(gross: Self.money(705)), PricedLine(gross: Self.money(715))]
        #expect(try even.price(lines).lines.map(\.total) == [Self.money(775), Self.money(787)])
        #expect(try up.price(lines).lines.map(\.total) == [Self.money(776), Self.money(787)])
        #expect(try even.price(lines).total == Self.money(1562))
    }

    /// 1,000 won off an order of three 3,500-won lines: 333, 333 and the remainder, 334.
    @Test func anOrderAmountIsSpreadInProportionWithTheRemainderOnTheLastLine() throws {
        let pricing = Pricing(unit: Self.won, discounts: [Discount(name: "Set saver", amount: .fixed(Self.money(100_000)), target: .order)])
        let price = try pricing.price(Array(repeating: PricedLine(gross: Self.money(350_000)), count: 3))
        #expect(price.lines.map { $0.discounts.first?.amount } == [Self.money(33_300), Self.money(33_300), Self.money(33_400)])
        #expect(price.discounts == [.init(name: "Set saver", amount: Self.money(100_000))])
        #expect(price.total == Self.money(950_000))
    }

    /// Two added taxes on the same lines, each rounded once for the order and spread.
    @Test func twoAddedTaxesWithOrderScopeEachRoundOnceOnTheSameBase() throws {
        let pricing = Pricing(unit: Self.cent, taxes: [
            Tax(name: "State", rate: try Self.rate("8.875%"), kind: .added, rounding: .halfUp, scope: .order, tags: ["food"]),
            Tax(name: "City", rate: try Self.rate("2%"), kind: .added, scope: .order, tags: ["food"]),
        ])
        let price = try pricing.price([
            PricedLine(gross: Self.money(105), tags: ["food"]), PricedLine(gross: Self.money(210), tags: ["food"]), PricedLine(gross: Self.money(500)),
        ])
        // State: 315 × 8.875% = 27.956 → 28, spread 9 and 19; City: 6.3 → 6, spread 2 and 4.
        #expect(price.taxes == [.init(name: "State", amount: Self.money(28)), .init(name: "City", amount: Self.money(6))])
        #expect(price.lines.map { $0.taxes.map(\.amount) } == [[Self.money(9), Self.money(2)], [Self.money(19), Self.money(4)], []])
        #expect(price.total == Self.money(105 + 210 + 500 + 28 + 6))
    }

    /// Line percentages, then order percentages, then line amounts, then order amounts,
    /// each on what the one before left — whatever order the menu declares them in.
    @Test func discountsApplyInSquaresOrderAndNoLineGoesBelowZero() throws {
        let pricing = Pricing(unit: Self.won, discounts: [
            Discount(name: "Set saver", amount: .fixed(Self.money(100_000)), target: .order),
            Discount(name: "Coupon", amount: .fixed(Self.money(500_000)), target: .lines(tags: ["pastry"])),
            Discount(name: "Staff", amount: .percent(try Self.rate("50%")), target: .order),
            Discount(name: "Happy hour", amount: .percent(try Self.rate("20%")), target: .lines(tags: ["drinks"])),
        ])
        let price = try pricing.price([PricedLine(gross: Self.money(500_000), tags: ["drinks"]), PricedLine(gross: Self.money(300_000), tags: ["pastry"])])
        // Happy hour: 5,000 → 4,000. Staff: half of 7,000 → 2,000 and 1,500. Coupon: 1,500 → 0, not below.
        // Set saver: what is left, 2,000, takes its 1,000, all from the one line with room.
        #expect(price.discounts.map(\.name) == ["Happy hour", "Staff", "Coupon", "Set saver"])
        #expect(price.lines.map(\.discounted) == [Self.money(100_000), Self.money(0)])
        #expect(price.total == Self.money(100_000))
        #expect(price.discounts.reduce(0) { $0 + $1.amount.hundredths } == 800_000 - price.total.hundredths)
    }

    @Test func anOrderTooLargeToAddUpIsRefusedNotTrapped() {
        let pricing = Pricing(unit: Self.cent, taxes: [Tax(name: "T", rate: Rate(parts: 50_000), kind: .added)])
        #expect(throws: PricingOverflow.self) { try pricing.price([PricedLine(gross: Money(hundredths: Int.max))]) }
        #expect(throws: PricingOverflow.self) {
            try Pricing(unit: Self.cent).price([PricedLine(gross: Money(hundredths: Int.max)), PricedLine(gross: Money(hundredths: 1))])
        }
    }
}
