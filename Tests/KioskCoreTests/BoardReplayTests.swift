import KioskCore
import KioskText
import Testing

/// The event-sourcing contract: a board, and the kiosk around it, is the fold of its events.
@Suite struct BoardReplayTests {
    typealias F = BoardFixtures

    /// A long day: auto and manual moves, two stations, cancels from every state, recalls,
    /// late tickets, refused orders and stock edits.
    static func longScenario(auto: Bool) throws -> BoardDriver {
        var driver = BoardDriver(try F.juiceBar(auto: auto, blenderStaff: 2, prices: true))
        let items = ["Mango Juice", "Banana Juice", "Kiwi Juice", "Strawberry Banana Juice", "Pineapple Juice", "Mango Kiwi Juice"]
        var minute = 0.0
        for round in 0..<120 {
            minute += Double(round % 4) * 0.75
            let first = items[round % items.count]
            let second = items[(round * 7 + 3) % items.count]
            try driver.order(round % 3 == 0 ? [(first, 1), (second, 2)] : [(first, 1 + round % 2)], at: F.at(minute))
            driver.advance(to: F.at(minute))
            let time = F.at(minute)
            switch round % 9 {
            case 1: _ = try? driver.perform(.bump(nil), at: time)
            case 2: _ = try? driver.perform(.start(nil), at: time)
            case 3: _ = try? driver.perform(.ready(nil), at: time)
            case 4, 5: _ = try? driver.perform(.pickup(nil), at: time)
            case 6: _ = try? driver.perform(.cancel(driver.board.nextNumber - 1), at: time)
            case 7: _ = try? driver.perform(.recall(nil), at: time)
            case 8:
                let preparing = driver.board.listing(at: time).preparing.first?.number
                _ = try? driver.perform(.cancel(preparing ?? max(1, driver.board.nextNumber - 4)), at: time)
            default: break
            }
            if round % 25 == 0 {
                var events: [Event] = []
                try driver.kiosk.edit(.remove, 5, of: 0, at: time, emitting: &events)
                driver.events += events
            }
        }
        try driver.order("Strawberry Juice", 100, at: F.at(minute))
        // A rush: more than the blender can make before tickets turn late.
        for _ in 0..<10 { try driver.order("Mango Kiwi Juice", at: F.at(minute)) }
        driver.advance(to: F.at(minute + 30))
        return driver
    }

    @Test(arguments: [true, false])
    func replayingEveryEventIntoAFreshKioskGivesAnEqualBoard(auto: Bool) throws {
        let live = try Self.longScenario(auto: auto)
        let types = Set(live.events.map(\.type))
        #expect(types.isSuperset(of: [.orderSucceeded, .ticketStarted, .ticketReady, .ticketPickedUp, .ticketCancelled, .ticketRecalled, .stockChanged]))
        #expect(live.board.report.waste.isEmpty == false)
        if auto { #expect(types.contains(.ticketLate)) }

        var replayed = Kiosk(menu: live.kiosk.menu, ids: UUIDv7Generator(seed: 1))
        for event in live.events { replayed.apply(event) }
        replayed.settleBoard(to: live.board.now)

        let board = try #require(replayed.board)
        #expect(board.nextNumber == live.board.nextNumber)
        #expect(board.activeTickets == live.board.activeTickets)
        #expect(board.recallable == live.board.recallable)
        #expect(board.waste == live.board.waste)
        #expect(board.report == live.board.report)
        #expect(board == live.board)
        #expect(replayed.inventory == live.kiosk.inventory)
        #expect(replayed.ledger.snapshot == live.kiosk.ledger.snapshot)
        #expect(replayed.sequence == live.kiosk.sequence)
    }

    @Test func aReplayedKioskGoesOnExactlyAsTheLiveOne() throws {
        var live = try Self.longScenario(auto: true)
        var replayed = BoardDriver(live.kiosk.menu)
        for event in live.events { replayed.kiosk.apply(event) }
        replayed.kiosk.settleBoard(to: live.board.now)
        let replayedUpTo = live.events.count
        let base = Double(live.board.now.millisecondsSince1970 - Fixtures.noon.millisecondsSince1970) / 60_000
        func goOn(_ driver: inout BoardDriver) throws {
            for step in 0..<10 {
                try driver.order(step % 2 == 0 ? "Mango Juice" : "Banana Juice", at: F.at(base + Double(step) / 2))
                _ = try? driver.perform(.pickup(nil), at: F.at(base + Double(step) / 2))
            }
            driver.advance(to: F.at(base + 60))
        }
        try goOn(&live)
        try goOn(&replayed)
        let tail = Array(live.events[replayedUpTo...])
        #expect(tail.count > 20)
        #expect(tail.map(\.brief) == replayed.events.map(\.brief))
        #expect(tail.map(\.sequence) == replayed.events.map(\.sequence))
        #expect(tail.map(\.message) == replayed.events.map(\.message))
        #expect(replayed.board == live.board)
    }

    @Test func ticketEventsCarryWhatTheFoldNeedsInTheirJSON() throws {
        var driver = BoardDriver(try F.juiceBar(auto: true))
        try driver.order([("Mango Juice", 2), ("Banana Juice", 1)], at: F.at(0))
        driver.advance(to: F.at(3))
        try driver.perform(.pickup(1), at: F.at(3))
        try driver.perform(.recall(1), at: F.at(4))
        let json = driver.events.map { String(decoding: $0.json, as: UTF8.self) }
        let data = json.map { String($0[$0.firstRange(of: #""data":"#)!.upperBound...].dropLast()) }
        #expect(Array(data) == [
            #"{"lines":[{"item":"Mango Juice","quantity":2},{"item":"Banana Juice","quantity":1}],"consumed":{"mango":6,"banana":2},"stock":{"mango":994,"banana":998},"ticket":1,"promised":"2026-11-21T12:02:00.000Z","message":"Ticket 1: Mango Juice ×2, Banana Juice."}"#,
            #"{"ticket":1,"station":"blender","prepMs":120000,"lines":[{"item":"Mango Juice","quantity":2}],"message":"Ticket 1 is being prepared at station blender."}"#,
            #"{"ticket":1,"station":"counter","prepMs":30000,"lines":[{"item":"Banana Juice","quantity":1}],"message":"Ticket 1 is being prepared at station counter."}"#,
            #"{"ticket":1,"lines":[{"item":"Mango Juice","quantity":2},{"item":"Banana Juice","quantity":1}],"message":"Ticket 1 is ready: Mango Juice ×2, Banana Juice."}"#,
            #"{"ticket":1,"lines":[{"item":"Mango Juice","quantity":2},{"item":"Banana Juice","quantity":1}],"message":"Ticket 1 was picked up."}"#,
            #"{"ticket":1,"lines":[{"item":"Mango Juice","quantity":2},{"item":"Banana Juice","quantity":1}],"message":"Ticket 1 was recalled: ready for pickup again."}"#,
        ])
        for (event, text) in zip(driver.events.dropFirst(), json.dropFirst()) {
            let value = try #require(JSONValue(parsing: Array(text.utf8)))
            let data = try #require(value["data"])
            #expect(Event.Payload(ticketEvent: event.type, data: data) == event.payload)
        }
    }

    @Test func aCancelEventNamesItsStateWhatWentBackAndWhatWasWasted() throws {
        var driver = BoardDriver(try F.juiceBar(prices: true))
        try driver.order("Mango Juice", at: F.at(0))
        try driver.perform(.start(1), at: F.at(0))
        let events = try driver.perform(.cancel(1), at: F.at(1))
        let text = String(decoding: events[0].json, as: UTF8.self)
        #expect(text.hasSuffix(#""data":{"ticket":1,"lines":[{"item":"Mango Juice","quantity":1}],"from":"preparing","restocked":{},"wasted":{"mango":3},"total":5,"currency":"USD","message":"Ticket 1 was cancelled."}}"#))
        let data = try #require(JSONValue(parsing: events[0].json)?["data"])
        #expect(Event.Payload(ticketEvent: .ticketCancelled, data: data) == events[0].payload)
    }

    @Test func ticketNumbersGoOnFromWhereTheEventsLeftThem() throws {
        let menu = try F.juiceBar()
        var first = BoardDriver(menu)
        for _ in 0..<3 { try first.order("Kiwi Juice", at: F.at(0)) }
        var second = BoardDriver(menu)
        for event in first.events { second.kiosk.apply(event) }
        #expect(try second.order("Kiwi Juice", at: F.at(1))?.ticket == 4)
    }
}
