@testable import KioskApplication
import KioskCore
import KioskMenu
import KioskTestSupport
import Synchronization
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
        // Said as an event too, for the sinks: the menu that stays, and how many errors.
        #expect(reload.events.map(\.payload) == [.menuReloadFailed(MenuReloadFailed(menu: "Juice Maker", errors: 1))])
        #expect(reload.events.first?.message == "Menu not reloaded: its files have errors; Juice Maker goes on.")
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

    /// A wall clock the test moves.
    final class TestClock: Sendable {
        let now = Mutex(SessionHarness.fixedTime)
        func move(seconds: Int64) { now.withLock { $0 = $0.adding(milliseconds: seconds * 1000) } }
        var clock: SessionClock { SessionClock(wall: { [self] in now.withLock { $0 } }) }
    }

    static let autoBoard = """
    ingredient mango stock 10
    station bar
    board auto
    item "Mango Juice" needs mango 1 prep 1m station bar
    """

    @Test func onTheWallClockTheBoardCatchesUpBeforeEachCommandAtTheExactTimes() throws {
        let time = TestClock()
        let harness = try SessionHarness(menu: SessionTests.autoBoard, time: time.clock)
        try harness.run("order mango juice")
        try harness.run("order mango juice")
        time.move(seconds: 150)
        let result = try harness.run("stock")
        let happened = result.events.map { "\($0.type.rawValue) \($0.time.iso8601)" }
        #expect(happened == [
            "ticket.ready 2026-11-21T12:01:00.000Z", "ticket.started 2026-11-21T12:01:00.000Z", "ticket.ready 2026-11-21T12:02:00.000Z",
        ])
        #expect(harness.session.kiosk.board?.count(.ready) == 2)
    }

    @Test func aTickBetweenCommandsFiresOnlyWhatIsDue() throws {
        let time = TestClock()
        let harness = try SessionHarness(menu: SessionTests.autoBoard, time: time.clock)
        try harness.run("order mango juice")
        #expect(harness.session.tick().events.isEmpty)
        time.move(seconds: 59)
        #expect(harness.session.tick().events.isEmpty)
        time.move(seconds: 1)
        let ticked = harness.session.tick()
        #expect(ticked.error == nil)
        #expect(ticked.events.map(\.type) == [.ticketReady])
        #expect(harness.messages.last == "Ticket 1 is ready: Mango Juice.")
        #expect(harness.session.tick().events.isEmpty)
    }

    @Test func aVirtualClockStandsStillButForWait() throws {
        let clock = SessionClock(virtualAt: SessionHarness.fixedTime)
        #expect(clock.isVirtual)
        #expect(clock.now() == SessionHarness.fixedTime)
        #expect(clock.advance(by: 90_000) == SessionHarness.fixedTime.adding(milliseconds: 90_000))
        #expect(clock.now() == SessionHarness.fixedTime.adding(milliseconds: 90_000))
        let wall = SessionClock(wall: { SessionHarness.fixedTime })
        #expect(!wall.isVirtual)
        #expect(wall.advance(by: 1) == nil)
    }

    @Test(arguments: [("90s", 90_000), ("2m", 120_000), ("1h30m", 5_400_000), ("500ms", 500), ("45", 45_000), ("0s", 0)] as [(String, Int64)])
    func waitReadsDurations(_ text: String, _ milliseconds: Int64) {
        #expect(WaitCommand.duration(text) == milliseconds)
    }

    @Test(arguments: ["", "soon", "m", "-1m", "1.5m", "9999999h", "2 m", "1x"])
    func waitRefusesWhatIsNoDuration(_ text: String) {
        #expect(WaitCommand.duration(text) == nil)
    }

    @Test func ticketNumbersAreWholeNumbersFromOneWithOrWithoutTheirHash() throws {
        #expect(try TicketMove.number("12") == 12)
        #expect(try TicketMove.number("#12") == 12)
        #expect(throws: CommandError.numberTooSmall("0", what: "ticket", minimum: 1)) { try TicketMove.number("0") }
        #expect(throws: CommandError.notANumber("-3", what: "ticket")) { try TicketMove.number("-3") }
        #expect(throws: CommandError.numberTooLarge("99999999999999999999", what: "ticket")) { try TicketMove.number("99999999999999999999") }
    }
}
