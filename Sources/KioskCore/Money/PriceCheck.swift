/// What `kiosk check` proves of a menu's prices: every price point the menu can produce —
/// each selection of each priced item, with every discount applying and with none —
/// priced as an order is, and each result holding what a receipt relies on: a line's net
/// and included taxes make its discounted amount, its added taxes and that make its total,
/// no amount below zero, and the order's parts adding up to its total.
public struct PriceCheck: Sendable, Equatable {
    /// The price points priced: two for each selection checked.
    public let pricePoints: Int
    /// Whether the selections were more than the bound, and only the first were checked.
    public let bounded: Bool
    /// Each price point that broke a rule, as `Latte (large, Oat): …`; none is expected.
    public let problems: [String]

    /// The most selections checked; beyond, the check says it stopped.
    public static let defaultBound = 100_000
}

extension Menu {
    /// The check of every price point, or `nil` for a menu without taxes or discounts.
    public func checkPrices(bound: Int = PriceCheck.defaultBound) -> PriceCheck? {
        guard let pricing else { return nil }
        // Every discount applying, whatever its window, minimum or `ask`; and none.
        let unconditional = Pricing(unit: pricing.unit, taxes: pricing.taxes, discounts: pricing.discounts.map { discount in
            Discount(name: discount.name, amount: discount.amount, target: discount.target)
        })
        let undiscounted = Pricing(unit: pricing.unit, taxes: pricing.taxes)
        var points = 0
        var selections = 0
        var problems: [String] = []
        func check(_ item: Int, _ price: Money, _ what: () -> String) {
            let line = [PricedLine(gross: price, tags: pricingTags[item])]
            for candidate in [unconditional, undiscounted] {
                points += 1
                do {
                    let breakdown = try candidate.price(line)
                    if let problem = breakdown.problem, problems.count < 100 { problems.append(what() + ": " + problem) }
                } catch {
                    if problems.count < 100 { problems.append(what() + ": too large to add up") }
                }
            }
        }
        for (index, item) in items.enumerated() where selections < bound {
            guard let choices = item.choices else {
                if let price = item.price {
                    selections += 1
                    check(index, price) { item.name }
                }
                continue
            }
            choices.forEachSelection { selection in
                guard selections < bound else { return false }
                selections += 1
                if let price = choices.price(of: selection) {
                    check(index, price) {
                        MessageTemplate.describe([ItemQuantity(item: item.name, quantity: 1, choice: lineChoice(item: index, selection: selection))])
                    }
                }
                return true
            }
        }
        return PriceCheck(pricePoints: points, bounded: selections >= bound, problems: problems)
    }
}

extension PriceBreakdown {
    /// The first rule this price breaks, in words; `nil` when it keeps them all.
    var problem: String? {
        var total = 0
        for line in lines {
            if line.discounted.hundredths < 0 || line.net.hundredths < 0 || line.total.hundredths < 0 { return "an amount below zero" }
            if line.net.hundredths &+ line.includedTax.hundredths != line.discounted.hundredths { return "net and included taxes do not make the price" }
            if line.discounted.hundredths &+ line.addedTax.hundredths != line.total.hundredths { return "the price and added taxes do not make the total" }
            total = total &+ line.total.hundredths
        }
        // The order's own parts, not its lines': they must agree with them.
        let added = taxes.filter { !$0.included }.reduce(0) { $0 &+ $1.amount.hundredths }
        if total != self.total.hundredths || subtotal.hundredths &- discountTotal.hundredths &+ added != total { return "the parts do not add up to the total" }
        return nil
    }
}
