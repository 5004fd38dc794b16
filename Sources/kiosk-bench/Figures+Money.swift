import Foundation

extension Figures {
    /// The same café without and with money: two taxes (a VAT the prices hold and a city
    /// tax on top, each rounded by order) and two discounts (a percentage on drinks and an
    /// amount off the order) that every order of the run takes.
    static func moneyMenu(priced: Bool) -> String {
        var menu = """
            kiosk "Bench Cafe" currency "KRW"
            ingredient espresso stock 1000000000
            ingredient flour stock 1000000000
            item "Latte" price 4500 needs espresso 1 tag drinks
            item "Croissant" price 3500 needs flour 1 tag food

            """
        if priced {
            menu += """
                tax "부가세" 10% included
                tax "City" 0.5% added on tag food rounding half-up scope order
                discount "House" 10% on tag drinks
                discount "Set saver" 500 off order minimum 5000

                """
        }
        return menu
    }

    /// Durable orders per second at the prompt, on a menu whose two taxes and two discounts
    /// every order takes, against the same menu without them: the price of pricing. Each
    /// priced order answers with 7 lines: its message, then subtotal, House, Set saver,
    /// City, total and the VAT it holds.
    func durableConversationWithMoney() throws -> Figure {
        let count = quick ? 300 : 1_500
        let plainMenu = scratch + "/money-plain.kiosk"
        let pricedMenu = scratch + "/money-priced.kiosk"
        try Data(Figures.moneyMenu(priced: false).utf8).write(to: URL(fileURLWithPath: plainMenu))
        try Data(Figures.moneyMenu(priced: true).utf8).write(to: URL(fileURLWithPath: pricedMenu))
        for menu in [plainMenu, pricedMenu] where Measure.run([kiosk, "check", menu], environment: environment).status != 0 {
            throw BenchError.failed("the money menus do not compile")
        }
        let (value, baseline, ratio) = try pairedConversationRates(
            (menu: pricedMenu, order: "order latte, croissant", lines: 7), against: (menu: plainMenu, order: "order latte, croissant"), count: count
        )
        return Figure(
            name: "durable orders/s in conversation, 2 taxes and 2 discounts applying", value: value, unit: "orders/s",
            baselineName: "the same menu without them", baseline: baseline, ratio: ratio, budget: "≥ 0.9×", holds: ratio >= 0.9,
            meaning: "an order's taxes and discounts cost next to nothing beside making it durable"
        )
    }
}
