@testable import KioskCore
@testable import KioskMenu
import Testing

/// `checkout`: what it compiles to, several statements merged, and each mistake reported
/// where it is written.
@Suite struct CheckoutLanguageTests {
    static let items = pantry + """
    item "Latte" price 4500 needs milk 1

    """

    @Test func checkoutStatementsMergeIntoTheMenusSettings() throws {
        let menu = try #require(Compile(Self.items + """
        checkout pay later
        checkout reader latency 1500ms
        checkout cash rounding 5

        """).menu).menu
        #expect(menu.checkout == CheckoutSettings(timing: .later, readerLatency: 1500, cashRounding: 5))
        #expect(try #require(Compile(Self.items + "checkout\n").menu).menu.checkout == CheckoutSettings())
        #expect(try #require(Compile(Self.items + "checkout reader simulated\n").menu).menu.checkout?.readerLatency == 0)
        #expect(try #require(Compile(Self.items).menu).menu.checkout == nil)
        let first = try #require(Compile(Self.items + "checkout pay first hold 90s\n").menu).menu.checkout
        #expect(first == CheckoutSettings(timing: .first, hold: 90_000) && first?.paysFirst == true)
        #expect(try #require(Compile(Self.items + "checkout pay first\n").menu).menu.checkout?.hold == 900_000)
    }

    @Test func everyMistakeSaysWhereAndWhatToWrite() {
        let rendered = Compile(Self.items + """
        checkout pay soon
        checkout reader latency 61s
        checkout cash rounding 0
        checkout cash 5
        checkout reader simulated
        checkout tip 5
        checkout hold 0s
        checkout hold 25h

        """).rendered
        for expected in [
            "menu.kiosk:4:14: error: unknown value 'soon' for 'pay'",
            "= help: write one of 'later' or 'first'",
            "menu.kiosk:5:25: error: 'latency' of 61s must be between 0ms and 60s",
            "menu.kiosk:6:24: error: 'rounding' must be between 1 and 1,000 (found 0)",
            "menu.kiosk:7:10: error: 'cash' is given twice",
            "menu.kiosk:8:10: error: 'reader' is given twice",
            "menu.kiosk:9:10: error: unknown property 'tip'",
            "menu.kiosk:10:15: error: 'hold' of 0s must be between 1s and 24h",
            "menu.kiosk:11:10: error: 'hold' is given twice",
        ] {
            #expect(rendered.contains(expected), "\(expected)\n\(rendered)")
        }
    }
}
