@testable import KioskCore
@testable import KioskMenu
import Testing

/// `tax` and `discount`: what they compile to, and every mistake said with where and what to write.
@Suite struct MoneyLanguageTests {
    static let items = pantry + """
    item "Latte" price 4500 needs milk 1 tag drinks
    item "Split" price 3500 needs banana 1 tags food, sweet

    """

    @Test func taxesAndDiscountsCompileToTheirPricing() throws {
        let menu = try #require(Compile("kiosk \"Café\" currency \"KRW\"\n" + Self.items + """
        tax "부가세" 10% included
        tax "Sales" 8.875% added on tag food rounding half-up scope order
        discount "Happy hour" 20% on tag drinks available 15:00-17:00 mon-fri, 22:00-02:00 sat
        discount "Set saver" 1000 off order minimum 10000
        discount "Staff" 50% ask
        """).menu).menu
        let pricing = try #require(menu.pricing)
        #expect(pricing.unit == 100)
        #expect(pricing.taxes == [
            Tax(name: "부가세", rate: Rate(parts: 10_000), kind: .included),
            Tax(name: "Sales", rate: Rate(parts: 8_875), kind: .added, rounding: .halfUp, scope: .order, tags: ["food"]),
        ])
        #expect(pricing.discounts.map(\.name) == ["Happy hour", "Set saver", "Staff"])
        #expect(pricing.discounts[0].availability?.description == "15:00-17:00 mon-fri, 22:00-02:00 sat")
        #expect(pricing.discounts[0].target == .lines(tags: ["drinks"]))
        #expect(pricing.discounts[1].target == .order && pricing.discounts[1].minimum == Money(hundredths: 1_000_000))
        #expect(pricing.discounts[2].onlyWhenAsked && pricing.discounts[2].amount == .percent(Rate(parts: 50_000)))
        #expect(menu.items[1].tags == ["food", "sweet"])
    }

    @Test func aMenuWithoutTaxesOrDiscountsHasNoPricingAndCentsWithoutACurrency() throws {
        #expect(try #require(Compile(Self.items).menu).menu.pricing == nil)
        #expect(try #require(Compile(Self.items + "tax VAT 20% included\n").menu).menu.pricing?.unit == 1)
    }

    @Test func everyMistakeIsReportedAtOnceWithWhatToWrite() {
        let rendered = Compile(Self.items + """
        tax "VAT" 10%
        tax "Both" 5% included added
        tax "Odd" 12.3456% added
        tax "Tagged" 5% added on tag fod
        discount "Bad" lots
        discount "Window" 10% available 25:00-26:00
        discount "Min" 10% on tag drinks minimum 100
        discount "Mixed" 10% on tag drinks, order
        tax "City" 2% added
        tax "city" 3% added
        """).rendered
        for expected in [
            "menu.kiosk:5:1: error: tax 'VAT' does not say whether the prices include it",
            "menu.kiosk:6:24: error: tax 'Both' cannot be both included and added",
            "menu.kiosk:7:11: error: '12.3456%' is not a rate from 0% to 100%",
            "menu.kiosk:8:30: error: no item has the tag 'fod'",
            "= help: did you mean 'food'?",
            "menu.kiosk:9:16: error: 'lots' is neither a percentage nor an amount",
            "menu.kiosk:10:33: error: '25:00-26:00' is not a time window",
            "menu.kiosk:11:34: error: discount 'Min' has a minimum but is not on the order",
            "menu.kiosk:12:1: error: discount 'Mixed' is on the order and on tagged lines at once",
            "menu.kiosk:14:5: error: tax 'city' is declared twice",
        ] {
            #expect(rendered.contains(expected), "\(expected)\n\(rendered)")
        }
    }

    /// A fixed discount larger than what it can apply to is a mistake `kiosk check` finds,
    /// unless the discount says it may be (`capped`).
    @Test func aFixedDiscountAboveWhatItAppliesToMustSaySo() throws {
        let rendered = Compile(Self.items + """
        discount "Coupon" 4000 on tag food
        discount "Big" 5000 off order minimum 4000
        discount "Bigger" 9000 off order

        """).rendered
        #expect(rendered.contains("menu.kiosk:5:19: error: discount 'Coupon' takes 4,000 off 'Split', which can cost 3,500"), "\(rendered)")
        #expect(rendered.contains("menu.kiosk:6:16: error: discount 'Big' takes 5,000 off an order that can cost 4,000"), "\(rendered)")
        #expect(rendered.contains("menu.kiosk:7:19: error: discount 'Bigger' takes 9,000 off an order that can cost 3,500"), "\(rendered)")
        #expect(rendered.contains("= help: lower it, or write 'capped' to let it take at most what it applies to"))
        #expect(Compile(Self.items + "discount \"Coupon\" 4000 on tag food capped\ndiscount \"Bigger\" 9000 off order capped\n").menu != nil)
    }

    @Test func windowsReadTheirDaysAndRunPastMidnight() throws {
        let friday = Timestamp(millisecondsSince1970: 1_795_190_400_000)  // 2026-11-20T16:00:00Z, a Friday
        let window = try #require(Availability.Window(times: "15:00-17:00", days: "mon-fri"))
        #expect(Availability([window]).isOpen(at: friday, offsetSeconds: 0))
        #expect(!Availability([window]).isOpen(at: friday, offsetSeconds: 3_600), "17:00 is past the window")
        #expect(!Availability([window]).isOpen(at: friday.adding(milliseconds: 86_400_000), offsetSeconds: 0), "not on Saturday")
        let late = try #require(Availability.Window(times: "22:00-02:00", days: "fri"))
        #expect(Availability([late]).isOpen(at: friday.adding(milliseconds: 9 * 3_600_000), offsetSeconds: 0), "01:00 Saturday is Friday's night")
        #expect(!Availability([late]).isOpen(at: friday.adding(milliseconds: -24 * 3_600_000 + 9 * 3_600_000), offsetSeconds: 0), "01:00 Friday is Thursday's")
        #expect(Availability.Window(times: "09:00-09:00", days: nil) == nil)
        #expect(Availability.Window(times: "9:00-10:00", days: nil) == nil)
        #expect(Availability.Window(times: "09:00-10:00", days: "someday") == nil)
        #expect(Availability.Window(times: "09:00-10:00", days: "sat-mon")?.description == "09:00-10:00 mon,sat-sun")
    }
}

/// `kiosk check`'s proof of a menu's prices: every selection of every priced item, with
/// every discount and with none, adds up.
@Suite struct PriceCheckTests {
    static let menu = pantry + """
    kiosk "Café" currency "KRW"
    item "Latte" tag drinks {
      size small price 4000 needs milk 1
      size large price 5000 needs milk 2 default
      options "Extras" choose 0..2 { option "Shot" price +500 needs banana 1 repeat 2 }
    }
    item "Split" price 3500 needs banana 1 tag food
    tax "부가세" 10% included
    tax "City" 1% added on tag food rounding up
    discount "House" 10% on tag drinks available 07:00-09:00
    discount "Staff" 50% ask
    discount "Coupon" 3000 on tag drinks

    """

    @Test func everyPricePointOfEverySelectionAddsUp() throws {
        let menu = try #require(Compile(Self.menu).menu).menu
        let check = try #require(menu.checkPrices())
        // Latte: 2 sizes × 3 counts of the shot; Split: 1. Each with and without discounts.
        #expect(check.pricePoints == (2 * 3 + 1) * 2)
        #expect(!check.bounded && check.problems.isEmpty)
        let bounded = try #require(menu.checkPrices(bound: 2))
        #expect(bounded.bounded && bounded.pricePoints == 4)
        #expect(try #require(Compile(pantry + "item \"Split\" price 3500 needs banana 1\n").menu).menu.checkPrices() == nil)
    }

    @Test func aPriceThatDoesNotAddUpIsNamed() {
        let part = PriceBreakdown.Part(name: "VAT", amount: Money(hundredths: 100), included: true)
        let line = PriceBreakdown.Line(gross: Money(hundredths: 1_000), discounts: [], taxes: [part], discounted: Money(hundredths: 1_000),
                                       net: Money(hundredths: 950), total: Money(hundredths: 1_000))
        let broken = PriceBreakdown(lines: [line], subtotal: Money(hundredths: 1_000), discounts: [], taxes: [part], total: Money(hundredths: 1_000))
        #expect(broken.problem == "net and included taxes do not make the price")
        let negative = PriceBreakdown.Line(gross: .zero, discounts: [], taxes: [], discounted: Money(hundredths: -1), net: Money(hundredths: -1), total: Money(hundredths: -1))
        #expect(PriceBreakdown(lines: [negative], subtotal: .zero, discounts: [], taxes: [], total: Money(hundredths: -1)).problem == "an amount below zero")
    }
}
