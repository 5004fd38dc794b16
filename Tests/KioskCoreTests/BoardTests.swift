import KioskCore
import Testing

/// The order board: promises, auto mode on a virtual clock, marks, moves and their errors.
@Suite struct BoardTests {
    typealias F = BoardFixtures

    @Test func threeOrdersAtOneHandArePromisedTwoFourAndSixMinutesAndAutoKeepsThePromise() throws {
        var driver = BoardDriver(try F.juiceBar(auto: true))
        let promised = try (0..<3).map { _ in try driver.order("Mango Juice", at: F.at(0))?.promised }
        #expect(promised == [F.at(2), F.at(4), F.at(6)])
        #expect(driver.columns(at: F.at(0)) == "2,3 | 1 | ")
        #expect(driver.board.nextScheduledChange == F.at(2))

        #expect(driver.advance(to: F.at(1.5)).isEmpty)
        #expect(driver.columns(at: F.at(1.5)) == "2,3 | 1 | ")
        #expect(driver.advance(to: F.at(2)).map(\.brief) == ["ticket.ready 1 @+2m", "ticket.started 2 blender @+2m"])
        #expect(driver.columns(at: F.at(2)) == "3 | 2 | 1")
        #expect(driver.advance(to: F.at(5)).map(\.brief) == ["ticket.ready 2 @+4m", "ticket.started 3 blender @+4m"])
        #expect(driver.columns(at: F.at(5)) == " | 3 | 1,2")
        #expect(driver.advance(to: F.at(6)).map(\.brief) == ["ticket.ready 3 @+6m"])
        #expect(driver.columns(at: F.at(6)) == " |  | 1,2,3")
        #expect(driver.board.count(.ready) == 3)
        for number in 1...3 {
            let ticket = try #require(driver.board.ticket(number))
            #expect(ticket.readyAt == ticket.promised)
        }
        #expect(driver.events.map(\.brief) == [
            "order.succeeded 1 @+0m", "ticket.started 1 blender @+0m", "order.succeeded 2 @+0m", "order.succeeded 3 @+0m",
            "ticket.ready 1 @+2m", "ticket.started 2 blender @+2m", "ticket.ready 2 @+4m", "ticket.started 3 blender @+4m",
            "ticket.ready 3 @+6m",
        ])
    }

    @Test func twoHandsPromiseInPairsAndAMultiStationTicketIsReadyWithItsLongestPart() throws {
        var driver = BoardDriver(try F.juiceBar(auto: true, blenderStaff: 2))
        let first = try driver.order("Mango Juice", at: F.at(0))
        let second = try driver.order("Kiwi Juice", at: F.at(0))
        let third = try driver.order([("Mango Juice", 2), ("Banana Juice", 1)], at: F.at(1))
        #expect(first?.promised == F.at(2))
        #expect(second?.promised == F.at(2))
        // Blender free at 2, two minutes more; the counter's 30 seconds run meanwhile.
        #expect(third?.promised == F.at(4))
        driver.advance(to: F.at(10))
        #expect(driver.events.map(\.brief) == [
            "order.succeeded 1 @+0m", "ticket.started 1 blender @+0m",
            "order.succeeded 2 @+0m", "ticket.started 2 blender @+0m",
            "order.succeeded 3 @+1m", "ticket.started 3 counter @+1m",
            "ticket.ready 1 @+2m", "ticket.started 3 blender @+2m", "ticket.ready 2 @+2m",
            "ticket.ready 3 @+4m",
        ])
        #expect(driver.board.ticket(3)?.readyAt == third?.promised)
    }

    @Test func aCancelledTicketOnlyMakesLaterOnesEarlierThanPromised() throws {
        var driver = BoardDriver(try F.juiceBar(auto: true))
        for _ in 0..<3 { try driver.order("Mango Juice", at: F.at(0)) }
        try driver.perform(.cancel(2), at: F.at(1))
        driver.advance(to: F.at(10))
        #expect(driver.board.ticket(3)?.readyAt == F.at(4))
        #expect(driver.board.ticket(3)?.promised == F.at(6))
        // The queue emptied: the next promise is exact again.
        #expect(try driver.order("Mango Juice", at: F.at(10))?.promised == F.at(12))
    }

    @Test func warnAndLateMarksComeAtTheirAgesAndTicketLateGoesOutOnce() throws {
        var driver = BoardDriver(try F.juiceBar(warn: .seconds(300), late: .seconds(480)))
        try driver.order("Mango Juice", at: F.at(0))
        try driver.order("Kiwi Juice", at: F.at(1))
        try driver.perform(.start(1), at: F.at(1))
        let mark = { (time: Double) in driver.board.listing(at: F.at(time)).queued.map(\.mark) + driver.board.listing(at: F.at(time)).preparing.map(\.mark) }
        // Queued ticket 2 (a minute younger), then preparing ticket 1.
        #expect(mark(4.99) == [nil, nil])
        #expect(mark(5) == [nil, .warn])
        #expect(mark(6) == [.warn, .warn])
        #expect(mark(8) == [.warn, .late])
        #expect(driver.kiosk.nextScheduledChange == F.at(5))
        #expect(driver.advance(to: F.at(8.5)).map(\.brief) == ["ticket.late 1 @+8m"])
        try driver.perform(.start(2), at: F.at(8.5))
        try driver.perform(.ready(2), at: F.at(8.9))
        #expect(driver.advance(to: F.at(60)).isEmpty)
        #expect(driver.board.lateCount == 1)
        #expect(driver.board.report.stations.map(\.late) == [1, 0])
        #expect(driver.kiosk.nextScheduledChange == nil)
    }

    @Test func boardChangesIncludeWarnedForDisplaysButNoEvent() throws {
        var board = Board(stations: [Station(name: "counter")], settings: BoardSettings())
        var changes: [BoardChange] = []
        board.open([TicketLine(item: "Tea", quantity: 1, station: 0, prep: 60_000)], at: F.at(0), changes: &changes)
        board.advance(to: F.at(9), changes: &changes)
        #expect(changes == [.warned(ticket: 1, at: F.at(5)), .late(ticket: 1, at: F.at(8))])
    }

    @Test func movesNameTheStateWhenTheyComeFromTheWrongOne() throws {
        var driver = BoardDriver(try F.juiceBar())
        #expect(throws: BoardError.noTicket(.queued)) { try driver.perform(.start(nil), at: F.at(0)) }
        #expect(throws: BoardError.kitchenEmpty) { try driver.perform(.bump(nil), at: F.at(0)) }
        #expect(throws: BoardError.unknownTicket(1)) { try driver.perform(.ready(1), at: F.at(0)) }
        try driver.order("Mango Juice", at: F.at(0))
        #expect(throws: BoardError.wrongState(ticket: 1, state: .queued, expected: .preparing)) { try driver.perform(.ready(1), at: F.at(0)) }
        #expect(throws: BoardError.wrongState(ticket: 1, state: .queued, expected: .ready)) { try driver.perform(.pickup(1), at: F.at(0)) }
        #expect(throws: BoardError.wrongState(ticket: 1, state: .queued, expected: .pickedUp)) { try driver.perform(.recall(1), at: F.at(0)) }
        try driver.perform(.bump(nil), at: F.at(1))
        try driver.perform(.bump(1), at: F.at(2))
        // Only a ready ticket left: bump alone works on the kitchen's tickets.
        #expect(throws: BoardError.kitchenEmpty) { try driver.perform(.bump(nil), at: F.at(2)) }
    }

    @Test func bumpMovesToTheNextStateWhateverItIsAndCancelRefusesAPickedUpTicket() throws {
        var driver = BoardDriver(try F.juiceBar())
        try driver.order("Mango Juice", at: F.at(0))
        #expect(try driver.perform(.bump(1), at: F.at(0)).map(\.brief) == ["ticket.started 1 blender @+0m"])
        #expect(try driver.perform(.bump(1), at: F.at(1)).map(\.brief) == ["ticket.ready 1 @+1m"])
        #expect(try driver.perform(.bump(1), at: F.at(2)).map(\.brief) == ["ticket.picked_up 1 @+2m"])
        #expect(throws: BoardError.cannotBump(ticket: 1, state: .pickedUp)) { try driver.perform(.bump(1), at: F.at(3)) }
        #expect(throws: BoardError.cannotCancel(ticket: 1, state: .pickedUp)) { try driver.perform(.cancel(1), at: F.at(3)) }
        #expect(BoardError.cannotCancel(ticket: 1, state: .pickedUp).message == "ticket 1 is picked up and cannot be cancelled")
        #expect(BoardError.wrongState(ticket: 4, state: .queued, expected: .preparing).message == "ticket 4 is queued, not preparing")
    }

    @Test func movesWithoutANumberTakeTheOldestTicketInTheSourceState() throws {
        var driver = BoardDriver(try F.juiceBar())
        for _ in 0..<3 { try driver.order("Kiwi Juice", at: F.at(0)) }
        try driver.perform(.start(2), at: F.at(1))
        #expect(try driver.perform(.start(nil), at: F.at(1)).map(\.brief) == ["ticket.started 1 blender @+1m"])
        #expect(try driver.perform(.ready(nil), at: F.at(2)).map(\.brief) == ["ticket.ready 1 @+2m"])
        #expect(try driver.perform(.bump(nil), at: F.at(2)).map(\.brief) == ["ticket.ready 2 @+2m"])
        #expect(try driver.perform(.pickup(nil), at: F.at(3)).map(\.brief) == ["ticket.picked_up 1 @+3m"])
        #expect(driver.columns(at: F.at(3)) == "3 |  | 2")
    }

    @Test func onlyTheLastTwentyPickedUpCanBeRecalled() throws {
        var driver = BoardDriver(try F.juiceBar())
        for number in 1...21 {
            try driver.order("Banana Juice", at: F.at(0))
            for _ in 0..<3 { try driver.perform(.bump(number), at: F.at(1)) }
        }
        #expect(driver.board.recallable == Array(2...21))
        #expect(throws: BoardError.tooOldToRecall(ticket: 1)) { try driver.perform(.recall(1), at: F.at(2)) }
        #expect(BoardError.tooOldToRecall(ticket: 1).message == "ticket 1 was picked up before the last 20 and cannot be recalled")
        #expect(try driver.perform(.recall(nil), at: F.at(2)).map(\.brief) == ["ticket.recalled 21 @+2m"])
        #expect(try driver.perform(.recall(2), at: F.at(2)).map(\.brief) == ["ticket.recalled 2 @+2m"])
        #expect(driver.columns(at: F.at(2)) == " |  | 2,21")
        #expect(driver.board.ticket(2)?.state == .ready)
        try driver.perform(.pickup(21), at: F.at(3))
        #expect(driver.board.recallable.last == 21)
        #expect(driver.board.state(of: 1) == .pickedUp)
    }

    @Test func cancellingAQueuedTicketRestoresStockExactlyAndReversesTheSale() throws {
        var driver = BoardDriver(try F.juiceBar(prices: true))
        let stock = driver.kiosk.inventory
        try driver.order([("Strawberry Banana Juice", 2), ("Mango Juice", 1)], at: F.at(0))
        #expect(driver.kiosk.ledger.revenue == Money(units: 17))
        let events = try driver.perform(.cancel(1), at: F.at(1))
        #expect(events.map(\.brief) == [
            "ticket.cancelled 1 from queued @+1m", "stock.changed strawberry 980→1000 cancel @+1m",
            "stock.changed banana 998→1000 cancel @+1m", "stock.changed mango 997→1000 cancel @+1m",
        ])
        #expect(driver.kiosk.inventory == stock)
        #expect(driver.kiosk.ledger.revenue == .zero)
        #expect(driver.kiosk.ledger.sales.allSatisfy { $0.quantity == 0 && $0.revenue == .zero })
        #expect(driver.kiosk.ledger.usage.allSatisfy { $0.used == 0 })
        #expect(driver.board.report.waste.isEmpty)
        guard case .ticketCancelled(let cancelled) = events[0].payload else { Issue.record("not ticket.cancelled"); return }
        #expect(cancelled.total == Money(units: 17))
        #expect(cancelled.wasted.isEmpty)
        #expect(events[0].message == "Ticket 1 was cancelled.")
    }

    @Test func cancellingAPreparingTicketKeepsTheStockTakenAndReportsTheWaste() throws {
        var driver = BoardDriver(try F.juiceBar(prices: true))
        try driver.order("Mango Juice", at: F.at(0))
        try driver.order("Mango Kiwi Juice", at: F.at(0))
        try driver.perform(.start(1), at: F.at(1))
        let stock = driver.kiosk.inventory
        let events = try driver.perform(.cancel(1), at: F.at(2))
        #expect(events.map(\.brief) == ["ticket.cancelled 1 from preparing @+2m"])
        #expect(driver.kiosk.inventory == stock)
        #expect(driver.kiosk.ledger.revenue == Money(units: 6))
        try driver.perform(.start(2), at: F.at(2))
        try driver.perform(.ready(2), at: F.at(3))
        try driver.perform(.cancel(2), at: F.at(3))
        #expect(driver.board.report.waste == [IngredientCount(ingredient: "mango", count: 5), IngredientCount(ingredient: "kiwi", count: 1)])
        #expect(driver.board.report.cancelled == 2)
        #expect(driver.kiosk.ledger.revenue == .zero)
    }

    @Test func theReportGivesTimesPerStation() throws {
        var driver = BoardDriver(try F.juiceBar(auto: true))
        for _ in 0..<4 { try driver.order("Mango Juice", at: F.at(0)) }
        try driver.order("Banana Juice", at: F.at(0))
        driver.advance(to: F.at(8))
        for _ in 0..<5 { try driver.perform(.pickup(nil), at: F.at(10)) }
        let report = driver.board.report
        #expect(report.stations.map(\.name) == ["blender", "counter"])
        let blender = report.stations[0]
        #expect(blender.orderToReady == BoardReport.Times(count: 4, mean: 5 * F.minute, median: 4 * F.minute, p90: 8 * F.minute))
        #expect(blender.orderToPickup == BoardReport.Times(count: 4, mean: 10 * F.minute, median: 10 * F.minute, p90: 10 * F.minute))
        #expect(report.stations[1].orderToReady?.median == 30_000)
        #expect(report.late == 0)
    }

    @Test func aSimulatorGivesServiceTimesAndWithdrawsQueuedTickets() throws {
        var board = Board(stations: [Station(name: "till", staff: 2)], settings: BoardSettings(warn: .seconds(3600), late: .seconds(7200), auto: true))
        var changes: [BoardChange] = []
        let services: [Int64] = [90_000, 30_000, 45_000, 10_000, 60_000]
        var promised: [Timestamp] = []
        for service in services {
            promised.append(board.open([TicketLine(item: "Coffee", quantity: 1, station: 0, prep: 60_000)], service: service, at: F.at(0), changes: &changes).promised)
        }
        // Two hands: each ticket goes to the hand free first.
        let expected: [Int64] = [90_000, 30_000, 75_000, 85_000, 145_000]
        #expect(promised.map { $0.millisecondsSince1970 - F.at(0).millisecondsSince1970 } == expected)
        try board.withdraw(5, at: F.at(0.25), changes: &changes)
        #expect(throws: BoardError.wrongState(ticket: 1, state: .preparing, expected: .queued)) { try board.withdraw(1, at: F.at(0.25), changes: &changes) }
        board.advance(to: F.at(10), changes: &changes)
        let ready = (1...4).map { board.ticket($0)?.readyAt }
        #expect(ready == promised.prefix(4).map { $0 })
        #expect(board.state(of: 5) == .cancelled)
    }

    @Test func manyTicketsFlowThroughAndOnlyActiveOnesAreKept() throws {
        var board = Board(stations: [Station(name: "till", staff: 3)], settings: BoardSettings(auto: true))
        var changes: [BoardChange] = []
        var time = F.at(0)
        for index in 0..<20_000 {
            time = time.adding(milliseconds: 7_000)
            board.open([TicketLine(item: "Coffee", quantity: 1, station: 0, prep: 20_000)], at: time, changes: &changes)
            if index % 2 == 0, board.count(.ready) > 0 { try board.perform(.pickup(nil), at: time, changes: &changes) }
            changes.removeAll(keepingCapacity: true)
        }
        #expect(board.nextNumber == 20_001)
        #expect(board.count(.pickedUp) > 9_000)
        #expect(board.activeTickets.count == board.count(.queued) + board.count(.preparing) + board.count(.ready))
        #expect(board.report.stations[0].orderToReady?.p90 == 20_000)
    }

    @Test func shorterMarksAfterAReloadComeOutInTimeOrderBeforeOlderTicketsLongerOnes() throws {
        var driver = BoardDriver(try F.juiceBar())
        try driver.order("Mango Juice", at: F.at(0))
        try driver.order("Kiwi Juice", at: F.at(0.5))
        var events: [Event] = []
        driver.kiosk.replaceMenu(with: try F.juiceBar(warn: .seconds(60), late: .seconds(120)), at: F.at(1), emitting: &events)
        try driver.order("Banana Juice", at: F.at(1))
        try driver.order("Mango Juice", at: F.at(1))
        var changes: [BoardChange] = []
        var board = driver.board
        board.advance(to: F.at(20), changes: &changes)
        // Half-minutes from noon.
        let marks = changes.map { change in
            let kind = if case .late = change { "late" } else { "warn" }
            return "\(change.ticket) \(kind) @\((change.time.millisecondsSince1970 - Fixtures.noon.millisecondsSince1970) / 30_000)"
        }
        #expect(marks == [
            "3 warn @4", "4 warn @4", "3 late @6", "4 late @6", "1 warn @10", "2 warn @11", "1 late @16", "2 late @17",
        ])
        #expect(board.lateCount == 4)
        #expect(board.nextScheduledChange == nil)
    }

    @Test func aRestartedBoardMarksTheTicketsItSettledPastNoMoreAndTheRestOnce() throws {
        var live = BoardDriver(try F.juiceBar())
        for minute in 0..<6 { try live.order("Mango Juice", at: F.at(Double(minute))) }
        try live.perform(.start(2), at: F.at(6))
        try live.perform(.ready(2), at: F.at(6))
        live.advance(to: F.at(9))
        #expect(live.events.filter { $0.type == .ticketLate }.map(\.brief) == ["ticket.late 1 @+8m"])

        var restarted = BoardDriver(live.kiosk.menu)
        for event in live.events { restarted.kiosk.apply(event) }
        restarted.kiosk.settleBoard(to: live.board.now)
        #expect(restarted.board == live.board)
        live.advance(to: F.at(30))
        restarted.advance(to: F.at(30))
        #expect(restarted.events.map(\.brief) == ["ticket.late 3 @+10m", "ticket.late 4 @+11m", "ticket.late 5 @+12m", "ticket.late 6 @+13m"])
        #expect(restarted.board == live.board)
    }
}
