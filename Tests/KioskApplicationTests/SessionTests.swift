@testable import KioskApplication
import KioskCore
import KioskMenu
import KioskTestSupport
import Testing

@Suite struct SessionTests {
    @Test func threeMangoJuicesThenARefusalNamingMango() throws {
        let harness = try SessionHarness()
        for _ in 0..<3 { #expect(try harness.run("order mango juice").succeeded) }
        let refused = try harness.run("order mango juice")
        #expect(refused.error == .refused(missing: [Missing(ingredient: "mango", needed: 3, available: 1)]))
        #expect(harness.stock("mango") == 1)
        #expect(harness.messages.suffix(2) == [
            "Not enough ingredients for Mango Juice: mango (needed 3, available 1).", "mango needs restocking: 1 left.",
        ])
    }

    @Test func aTwoFruitJuiceWithBananaOutTakesNoStrawberry() throws {
        let harness = try SessionHarness()
        try harness.run("stock set banana 0")
        #expect(try harness.run("order strawberry banana juice").error == .refused(missing: [Missing(ingredient: "banana", needed: 1, available: 0)]))
        #expect(harness.stock("strawberry") == 10)
    }

    @Test func aMultiLineOrderIsRefusedWhole() throws {
        let harness = try SessionHarness()
        let result = try harness.run("order mango juice 3, mango kiwi juice 1")
        #expect(result.error == .refused(missing: [Missing(ingredient: "mango", needed: 11, available: 10)]))
        #expect(harness.stock("mango") == 10)
        #expect(harness.stock("kiwi") == 10)
    }

    @Test(arguments: ["Strawberry Banana Juice", "strawberry banana juice", "STRAWBERRY-BANANA-JUICE", "strawberry-banana-juice"])
    func itemsAreFoundByNameAndSlugInAnyCase(_ name: String) throws {
        let harness = try SessionHarness()
        #expect(try harness.run("order \(name)").succeeded)
        #expect(harness.stock("strawberry") == 0)
    }

    @Test func koreanNamesAndAliases() throws {
        let harness = try SessionHarness(menu: """
        kiosk "쥬스"
        ingredient 망고 stock 12
        item 망고쥬스 alias "망고 쥬스", "Mango Juice" needs 망고 3
        message order.succeeded "{item} 나왔습니다! 맛있게 드세요!"
        """)
        #expect(try harness.run("order 망고쥬스").succeeded)
        #expect(try harness.run("order 망고 쥬스 2").succeeded)
        #expect(try harness.run("order mango juice").succeeded)
        #expect(harness.stock("망고") == 0)
        #expect(harness.messages.first == "망고쥬스 나왔습니다! 맛있게 드세요!")
    }

    @Test func quantitiesBeforeOrAfterTheName() throws {
        let harness = try SessionHarness()
        #expect(try harness.run("order 2 banana juice").succeeded)
        #expect(try harness.run("order banana juice 2").succeeded)
        #expect(harness.stock("banana") == 2)
        #expect(try harness.run("order banana juice 0").error == .numberTooSmall("0", what: "quantity", minimum: 1))
        #expect(try harness.run("order banana juice 99999999999999999999").error == .numberTooLarge("99999999999999999999", what: "quantity"))
    }

    @Test func unknownNamesGetSuggestions() throws {
        let harness = try SessionHarness()
        #expect(try harness.run("order mango jiuce").error == .unknownItem("mango jiuce", suggestion: "Mango Juice"))
        #expect(try harness.run("stock add mangoo 1").error == .unknownIngredient("mangoo", suggestion: "mango"))
    }

    @Test func stockEditsStayWithinZeroAndABillion() throws {
        let harness = try SessionHarness()
        #expect(try harness.run("stock remove mango 11").error == .belowZero(ingredient: "mango", available: 10, requested: 11))
        #expect(try harness.run("stock add mango 999999999").error == .aboveMaximum(ingredient: "mango", current: 10, requested: 999_999_999))
        #expect(try harness.run("stock add mango 999999990").succeeded)
        #expect(harness.stock("mango") == 1_000_000_000)
        #expect(try harness.run("stock add mango 1").error == .aboveMaximum(ingredient: "mango", current: 1_000_000_000, requested: 1))
    }

    @Test func restockWithoutArgumentsTopsUpLowAndShortIngredients() throws {
        let harness = try SessionHarness()
        try harness.run("stock set kiwi 0")
        try harness.run("order strawberry juice")
        let result = try harness.run("restock")
        guard case .restocked(let changes) = result.output else { Issue.record("no changes"); return }
        #expect(changes == [StockChange(ingredient: "strawberry", from: 10, to: 16), StockChange(ingredient: "kiwi", from: 0, to: 10)])
    }

    @Test func reloadKeepsStockAndTakesNewItems() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.file("menu.kiosk", juiceMakerSource)
        let harness = try SessionHarness(path: file)
        try harness.run("order mango juice")
        try scratch.file("menu.kiosk", juiceMakerSource + "item \"Tropical\" needs mango 1, pineapple 1\n")
        let reload = try harness.run("reload")
        guard case .reloaded(let summary) = reload.output else { Issue.record("not reloaded"); return }
        #expect(summary.difference.addedItems == ["Tropical"])
        #expect(!summary.sinksChanged)
        #expect(harness.stock("mango") == 7)
        #expect(try harness.run("order tropical").succeeded)
        #expect(harness.messages.suffix(2) == ["Menu reloaded: Juice Maker.", "Tropical is ready. Enjoy!"])
    }

    @Test func aBrokenMenuLeavesTheOldOneWorking() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.file("menu.kiosk", juiceMakerSource)
        let harness = try SessionHarness(path: file)
        try scratch.file("menu.kiosk", "item Broken needs nothing 1\n")
        let reload = try harness.run("reload")
        guard case .reloadFailed(let failure)? = reload.error else { Issue.record("the reload did not fail"); return }
        #expect(failure.compilation.diagnostics.map(\.problem) == [.unknownIngredient("nothing", suggestion: nil)])
        #expect(try harness.run("order mango juice").succeeded)
    }

    @Test func historyAndReport() throws {
        let harness = try SessionHarness()
        try harness.run("order mango juice")
        try harness.run("order strawberry juice")
        guard case .history(let records) = try harness.run("history").output else { Issue.record("no history"); return }
        #expect(records.map(\.lines) == [[ItemQuantity(item: "Mango Juice", quantity: 1)], [ItemQuantity(item: "Strawberry Juice", quantity: 1)]])
        guard case .report(let report) = try harness.run("report").output else { Issue.record("no report"); return }
        #expect(report.madeOrders == 1)
        #expect(report.refusedOrders == 1)
        #expect(report.usage.first { $0.ingredient == "mango" }?.used == 3)
    }
}
