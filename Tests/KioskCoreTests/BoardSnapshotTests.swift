import KioskCore
import KioskText
import Testing

/// A board taken into a snapshot and restored: equal to the board it was taken from, going
/// on exactly as it would have, taking the menu it is restored into as a reload does; and
/// ticket numbers never given twice, with or without a board.
@Suite struct BoardSnapshotTests {
    typealias F = BoardFixtures

    /// A kiosk restored from `kiosk`'s snapshot with `menu` (its own by default).
    static func restored(_ kiosk: Kiosk, menu: Menu? = nil) -> Kiosk {
        Kiosk.restoring(kiosk.snapshot, menu: menu ?? kiosk.menu, ids: UUIDv7Generator(seed: 9)).kiosk
    }

    @Test(arguments: [true, false])
    func aLiveBoardRestoredFromItsSnapshotIsEqualAndGoesOnAlike(auto: Bool) throws {
        var live = try BoardReplayTests.longScenario(auto: auto)
        var restored = BoardDriver(live.kiosk.menu)
        restored.kiosk = Self.restored(live.kiosk)
        #expect(restored.board == live.board)
        #expect(restored.board.now == live.board.now)
        #expect(restored.board.report == live.board.report)
        #expect(restored.board.listing(at: live.board.now) == live.board.listing(at: live.board.now))
        #expect(restored.kiosk.ledger.snapshot == live.kiosk.ledger.snapshot)

        let before = live.events.count
        let base = Double(live.board.now.millisecondsSince1970 - Fixtures.noon.millisecondsSince1970) / 60_000
        func goOn(_ driver: inout BoardDriver) throws {
            // More than the blender makes before tickets turn late.
            for step in 0..<20 {
                let time = F.at(base + Double(step) / 4)
                try driver.order(step % 3 == 0 ? [("Mango Juice", 1), ("Banana Juice", 1)] : [("Kiwi Juice", 1)], at: time)
                _ = try? driver.perform(step % 4 == 0 ? .recall(nil) : .pickup(nil), at: time)
                if step == 5 { _ = try? driver.perform(.cancel(driver.board.nextNumber - 2), at: time) }
            }
            driver.advance(to: F.at(base + 60))
        }
        try goOn(&live)
        try goOn(&restored)
        let tail = Array(live.events[before...])
        #expect(tail.contains { $0.type == .ticketLate })
        #expect(restored.events.map(\.brief) == tail.map(\.brief))
        #expect(restored.events.map(\.sequence) == tail.map(\.sequence))
        #expect(restored.events.compactMap(\.promised) == tail.compactMap(\.promised))
        #expect(restored.board == live.board)
        #expect(restored.board.report == live.board.report)
    }

    /// Tickets made before a reload changed `warn` and `late` keep the marks they were made
    /// with, across a snapshot too.
    @Test func ticketsMadeUnderEarlierMarksKeepThemInARestoredBoard() throws {
        var live = BoardDriver(try F.juiceBar(warn: .seconds(300), late: .seconds(480)))
        for minute in 0..<3 { try live.order("Mango Juice", at: F.at(Double(minute))) }
        var events: [Event] = []
        live.kiosk.replaceMenu(with: try F.juiceBar(warn: .seconds(60), late: .seconds(120)), at: F.at(3), emitting: &events)
        for minute in 3..<5 { try live.order("Mango Juice", at: F.at(Double(minute))) }
        var restored = BoardDriver(live.kiosk.menu)
        restored.kiosk = Self.restored(live.kiosk)
        #expect(restored.board == live.board)
        let before = live.events.count
        live.advance(to: F.at(20))
        restored.advance(to: F.at(20))
        #expect(restored.events.map(\.brief) == [
            "ticket.late 4 @+5m", "ticket.late 5 @+6m", "ticket.late 1 @+8m", "ticket.late 2 @+9m", "ticket.late 3 @+10m",
        ])
        #expect(restored.events.map(\.brief) == live.events[before...].map(\.brief))
    }

    /// Restored with other stations, the board keeps its tickets and takes the menu's
    /// stations exactly as a reload of the running kiosk would.
    @Test func aBoardRestoredIntoOtherStationsIsTheBoardAReloadMakes() throws {
        var live = BoardDriver(try F.juiceBar(blenderStaff: 1))
        for minute in 0..<6 { try live.order(minute % 2 == 0 ? "Mango Juice" : "Banana Juice", at: F.at(Double(minute) / 2)) }
        try live.perform(.start(1), at: F.at(3))
        let menu = try F.juiceBar(blenderStaff: 3)
        var reloaded = try #require(live.kiosk.board)
        reloaded.reconfigure(for: menu)
        let restored = Self.restored(live.kiosk, menu: menu)
        #expect(restored.board == reloaded)
        #expect(restored.board?.stations.map(\.staff) == [3, 1])
        #expect(restored.board?.activeTickets.map(\.number) == Array(1...6))
    }

    @Test func aMenuWithoutABoardKeepsTheNumbersForTheNextBoard() throws {
        var kiosk = BoardDriver(try F.juiceBar())
        for _ in 0..<3 { try kiosk.order("Mango Juice", at: F.at(0)) }
        var events: [Event] = []
        kiosk.kiosk.replaceMenu(with: try Fixtures.juiceMaker(), at: F.at(1), emitting: &events)
        #expect(kiosk.kiosk.board == nil)
        #expect(kiosk.kiosk.nextTicketNumber == 4)
        let saved = try #require(kiosk.kiosk.snapshot.board)
        #expect(saved == BoardSnapshot(numberingFrom: 4))
        #expect(saved.isNumberingOnly)

        // Restored with a board, the board is empty and numbers on.
        var restored = BoardDriver(try F.juiceBar())
        restored.kiosk = Self.restored(kiosk.kiosk, menu: try F.juiceBar())
        #expect(restored.board.activeTickets.isEmpty)
        #expect(try restored.order("Mango Juice", at: F.at(2))?.ticket == 4)

        // And the running kiosk given its board back numbers on too.
        kiosk.kiosk.replaceMenu(with: try F.juiceBar(), at: F.at(2), emitting: &events)
        #expect(try kiosk.order("Mango Juice", at: F.at(2))?.ticket == 4)
    }

    @Test func aKioskWithoutABoardFoldsTheNumbersOfOthersTickets() throws {
        var other = BoardDriver(try F.juiceBar())
        for _ in 0..<5 { try other.order("Mango Juice", at: F.at(0)) }
        var withoutBoard = Kiosk(menu: try Fixtures.juiceMaker(), ids: UUIDv7Generator(seed: 2))
        for event in other.events { withoutBoard.apply(event) }
        #expect(withoutBoard.board == nil)
        #expect(withoutBoard.nextTicketNumber == 6)
        var restored = BoardDriver(try F.juiceBar())
        restored.kiosk = Self.restored(withoutBoard, menu: try F.juiceBar())
        #expect(try restored.order("Mango Juice", at: F.at(1))?.ticket == 6)
    }

    @Test func aBoardNoKioskCouldHaveRestoresAsAnEmptyBoardNumberingOn() throws {
        var live = BoardDriver(try F.juiceBar())
        for _ in 0..<4 { try live.order("Mango Juice", at: F.at(0)) }
        var snapshot = live.kiosk.snapshot
        snapshot.board?.tickets.removeFirst()
        let damaged = try #require(snapshot.board)
        #expect(damaged.inconsistency == "a ticket on the board is missing")
        #expect(Board(restoring: damaged) == nil)
        let restored = Kiosk.restoring(snapshot, menu: live.kiosk.menu, ids: UUIDv7Generator(seed: 1)).kiosk
        #expect(restored.board?.activeTickets.isEmpty == true)
        #expect(restored.nextTicketNumber == 5)
    }
}

extension Event {
    /// The promised time of the ticket an order made.
    fileprivate var promised: Timestamp? {
        if case .orderSucceeded(let made) = payload { made.promised } else { nil }
    }
}
