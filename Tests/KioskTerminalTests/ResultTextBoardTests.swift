import KioskApplication
import KioskCore
@testable import KioskTerminal
import KioskTestSupport
import KioskText
import Testing

/// The order board's commands through a session on a virtual clock, as people and
/// programs see them: whole outputs at each step.
@Suite struct ResultTextBoardTests {
    static let nine = Timestamp(iso8601: "2026-11-23T09:00:00Z") ?? Timestamp(millisecondsSince1970: 0)

    static func menu(auto: Bool, staff: Int = 1, stock: Int = 100) -> String {
        """
        kiosk "Board Bar"
        ingredient mango stock \(stock)
        ingredient kiwi stock \(stock)
        station bar staff \(staff)
        station counter staff 2
        board \(auto ? "auto " : ""){ warn 3m late 5m }
        item "Mango Juice" needs mango 3 prep 2m station bar
        item "Kiwi Juice" needs kiwi 2 prep 1m station counter
        """
    }

    /// A session on `menu` at 09:00 on a virtual clock.
    static func harness(auto: Bool, staff: Int = 1, stock: Int = 100) throws -> SessionHarness {
        try SessionHarness(menu: menu(auto: auto, staff: staff, stock: stock), time: SessionClock(virtualAt: nine))
    }

    let resultText = ResultText()

    /// The text a line prints, or its error's.
    func shown(_ line: String, in harness: SessionHarness) throws -> String {
        let result: CommandResult
        do {
            result = try harness.run(line)
        } catch let error as CommandError {
            return "error: " + resultText.message(for: error) + "\n"
        }
        if let error = result.error { return "error: " + resultText.message(for: error) + "\n" }
        return resultText.text(for: result)
    }

    /// The console's messages from `count` on.
    func messages(_ harness: SessionHarness, from count: Int) -> [String] {
        Array(harness.messages.dropFirst(count))
    }

    @Test func threeOrdersAtOneStationArePromisedTwoFourAndSixMinutesAndReadyExactlyThen() throws {
        let harness = try Self.harness(auto: true)
        var promises = ""
        for _ in 1...3 { promises += try shown("order mango juice", in: harness) }
        #expect(promises == """
        #1 ready by 09:02, in about 2 min
        #2 ready by 09:04, in about 4 min
        #3 ready by 09:06, in about 6 min

        """)
        #expect(try shown("board", in: harness) == """
        QUEUED (2)    | PREPARING (1) | READY (0)
        #2  0:00  bar | #1  0:00  bar
          Mango Juice |   Mango Juice
        #3  0:00  bar
          Mango Juice

        """)
        var ready: [(Int, String)] = []
        for minutes in 1...7 {
            let result = try harness.run("wait 1m")
            for event in result.events {
                if case .ticketReady(let changed) = event.payload { ready.append((changed.ticket, event.time.iso8601)) }
            }
            if minutes == 2 {
                #expect(try shown("board", in: harness) == """
                QUEUED (1)    | PREPARING (1) | READY (1)
                #3  2:00  bar | #2  2:00  bar | #1  2:00  bar
                  Mango Juice |   Mango Juice |   Mango Juice

                """)
            }
        }
        #expect(ready.map(\.0) == [1, 2, 3])
        #expect(ready.map(\.1) == ["2026-11-23T09:02:00.000Z", "2026-11-23T09:04:00.000Z", "2026-11-23T09:06:00.000Z"])
        #expect(try shown("board", in: harness) == """
        QUEUED (0) | PREPARING (0) | READY (3)
                   |               | #1  7:00  bar
                   |               |   Mango Juice
                   |               | #2  7:00  bar
                   |               |   Mango Juice
                   |               | #3  7:00  bar
                   |               |   Mango Juice

        """)
    }

    @Test func warnAndLateMarksAppearAtTheirAgesAndTicketLateGoesOutOnce() throws {
        let harness = try Self.harness(auto: false)
        try harness.run("order mango juice")
        try harness.run("wait 1m")
        try harness.run("order kiwi juice")
        try harness.run("start 2")
        var late: [String] = []
        var boards = ""
        for _ in 1...8 {
            for event in try harness.run("wait 1m").events where event.type == .ticketLate {
                late.append("\(event.time.iso8601) \(event.message)")
            }
            boards += try shown("board", in: harness)
        }
        #expect(late == ["2026-11-23T09:05:00.000Z Ticket 1 is late.", "2026-11-23T09:06:00.000Z Ticket 2 is late."])
        #expect(boards == """
        QUEUED (1)    | PREPARING (1)     | READY (0)
        #1  2:00  bar | #2  1:00  counter
          Mango Juice |   Kiwi Juice
        QUEUED (1)          | PREPARING (1)     | READY (0)
        #1  3:00  bar  warn | #2  2:00  counter
          Mango Juice       |   Kiwi Juice
        QUEUED (1)          | PREPARING (1)           | READY (0)
        #1  4:00  bar  warn | #2  3:00  counter  warn
          Mango Juice       |   Kiwi Juice
        QUEUED (1)          | PREPARING (1)           | READY (0)
        #1  5:00  bar  LATE | #2  4:00  counter  warn
          Mango Juice       |   Kiwi Juice
        QUEUED (1)          | PREPARING (1)           | READY (0)
        #1  6:00  bar  LATE | #2  5:00  counter  LATE
          Mango Juice       |   Kiwi Juice
        QUEUED (1)          | PREPARING (1)           | READY (0)
        #1  7:00  bar  LATE | #2  6:00  counter  LATE
          Mango Juice       |   Kiwi Juice
        QUEUED (1)          | PREPARING (1)           | READY (0)
        #1  8:00  bar  LATE | #2  7:00  counter  LATE
          Mango Juice       |   Kiwi Juice
        QUEUED (1)          | PREPARING (1)           | READY (0)
        #1  9:00  bar  LATE | #2  8:00  counter  LATE
          Mango Juice       |   Kiwi Juice

        """)
    }

    @Test func cancellingAQueuedTicketRestoresStockExactlyAndAPreparingOneIsWaste() throws {
        let harness = try Self.harness(auto: false)
        try harness.run("order mango juice 2, kiwi juice")
        try harness.run("order mango juice")
        #expect(harness.stock("mango") == 91)
        #expect(harness.stock("kiwi") == 98)
        let before = harness.messages.count
        #expect(try shown("cancel 1", in: harness) == "")
        #expect(messages(harness, from: before) == ["Ticket 1 was cancelled.", "mango stock is now 97.", "kiwi stock is now 100."])
        #expect(harness.stock("mango") == 97)
        #expect(harness.stock("kiwi") == 100)
        try harness.run("start 2")
        try harness.run("cancel 2")
        #expect(harness.stock("mango") == 97)
        #expect(try shown("cancel 2", in: harness) == "error: ticket 2 is cancelled and cannot be cancelled\n")
        #expect(try shown("report", in: harness) == """
        ITEM         SOLD
        Mango Juice     0
        Kiwi Juice      0

        Orders: 2 made, 0 refused

        INGREDIENT  USED
        mango          3
        kiwi           0

        STATION  STAFF  READY  MEAN  MEDIAN  P90  PICKED UP  MEAN  MEDIAN  P90  LATE
        bar          1      0                             0                        0
        counter      2      0                             0                        0
        Tickets: 0 late, 2 cancelled

        WASTED  COUNT
        mango       3

        """)
    }

    @Test func theLastTwentyPickedUpCanBeRecalledAndNoMore() throws {
        let harness = try Self.harness(auto: false)
        for _ in 1...21 {
            try harness.run("order kiwi juice")
            for move in ["start", "ready", "pickup"] { try harness.run(move) }
        }
        #expect(try shown("recall 1", in: harness) == "error: ticket 1 was picked up before the last 20 and cannot be recalled\n")
        var recalled: [Int] = []
        for _ in 1...20 {
            let result = try harness.run("recall")
            if case .ticketMoved(let moved) = result.output { recalled.append(moved.ticket) }
        }
        #expect(recalled == Array((2...21).reversed()))
        #expect(try shown("recall", in: harness) == "error: no picked-up ticket can be recalled\n")
        #expect(try shown("pickup 21", in: harness) == "")
        #expect(try shown("recall 21", in: harness) == "")
    }

    @Test func movesFromTheWrongStateNameTheState() throws {
        let harness = try Self.harness(auto: false)
        try harness.run("order mango juice")
        #expect(try shown("ready 1", in: harness) == "error: ticket 1 is queued, not preparing\n")
        #expect(try shown("pickup", in: harness) == "error: no ticket is ready\n")
        #expect(try shown("start 7", in: harness) == "error: there is no ticket 7\n")
        #expect(try shown("bump #1", in: harness) == "")
        #expect(harness.session.kiosk.board?.state(of: 1) == .preparing)
        #expect(try shown("start x", in: harness) == "error: ticket 'x' is not a whole number\n")
        #expect(try shown("cancel", in: harness) == "error: usage: cancel N\n")
        #expect(try shown("board private", in: harness) == "error: unknown board command 'private'; usage: board [public|all-day]\n")
    }

    @Test func publicAllDayAndJSONBoards() throws {
        let harness = try Self.harness(auto: false, staff: 2)
        try harness.run("order mango juice 2, kiwi juice")
        try harness.run("order kiwi juice 3")
        try harness.run("order mango juice")
        try harness.run("start 1")
        try harness.run("bump 2")
        try harness.run("bump 2")
        #expect(try shown("board public", in: harness) == """
        PREPARING  READY
        1          2
        3

        """)
        #expect(try shown("board all-day", in: harness) == """
        ITEM         QUEUED  PREPARING  ALL DAY
        Mango Juice       1          2        3
        Kiwi Juice        0          1        1

        """)
        let json = String(decoding: ResultJSON.object(for: try harness.run("board"), line: 7), as: UTF8.self)
        #expect(json == """
        {"line":7,"command":"board","ok":true,"result":{"counts":{"queued":1,"preparing":1,"ready":1},\
        "queued":[{"ticket":3,"lines":[{"item":"Mango Juice","quantity":1}],"stations":["bar"],"ordered":"2026-11-23T09:00:00.000Z","promised":"2026-11-23T09:02:00.000Z","ageMs":0,"mark":null}],\
        "preparing":[{"ticket":1,"lines":[{"item":"Mango Juice","quantity":2},{"item":"Kiwi Juice","quantity":1}],"stations":["bar","counter"],"ordered":"2026-11-23T09:00:00.000Z","promised":"2026-11-23T09:02:00.000Z","ageMs":0,"mark":null}],\
        "ready":[{"ticket":2,"lines":[{"item":"Kiwi Juice","quantity":3}],"stations":["counter"],"ordered":"2026-11-23T09:00:00.000Z","promised":"2026-11-23T09:01:00.000Z","ageMs":0,"mark":null}]}}
        """)
        let publicJSON = String(decoding: ResultJSON.object(for: try harness.run("board public")), as: UTF8.self)
        #expect(publicJSON == #"{"command":"board","ok":true,"result":{"preparing":[1,3],"ready":[2]}}"#)
        let allDay = String(decoding: ResultJSON.object(for: try harness.run("board all-day")), as: UTF8.self)
        #expect(allDay == #"{"command":"board","ok":true,"result":{"items":[{"item":"Mango Juice","queued":1,"preparing":2,"total":3},{"item":"Kiwi Juice","queued":0,"preparing":1,"total":1}]}}"#)
    }

    @Test func anOrdersResultCarriesItsTicketAndPromiseInJSON() throws {
        let harness = try Self.harness(auto: false)
        let json = String(decoding: ResultJSON.object(for: try harness.run("order kiwi juice")), as: UTF8.self)
        #expect(json.hasPrefix(#"{"command":"order","ok":true,"result":{"lines":[{"item":"Kiwi Juice","quantity":1}],"ticket":1,"promised":"2026-11-23T09:01:00.000Z","waitMs":60000,"order":1},"events":["#))
        let waited = String(decoding: ResultJSON.object(for: try harness.run("wait 90s")), as: UTF8.self)
        #expect(waited == #"{"command":"wait","ok":true,"result":{"now":"2026-11-23T09:01:30.000Z"}}"#)
        #expect(try shown("wait 30s", in: harness) == "It is now 2026-11-23 09:02:00.\n")
    }

    @Test func withoutABoardTheBoardsCommandsSaySo() throws {
        let harness = try SessionHarness(time: SessionClock(virtualAt: Self.nine))
        for command in ["board", "start", "ready 1", "pickup", "bump", "recall", "cancel 1", "wait 1m"] {
            let name = command.split(separator: " ")[0]
            #expect(try shown(command, in: harness) == "error: this menu has no board: '\(name)' needs a 'board' statement in the menu\n")
        }
        #expect(try shown("order mango juice", in: harness) == "")
    }

    @Test func waitOnTheWallClockIsAnError() throws {
        let harness = try SessionHarness(menu: Self.menu(auto: true))
        #expect(try shown("wait 1m", in: harness) == "error: 'wait' needs the virtual clock: start kiosk with --clock virtual; the wall clock moves by itself\n")
        #expect(try shown("wait soon", in: harness) == "error: 'soon' is not a duration such as 90s, 2m or 1h (at most 8784 hours)\n")
    }

    @Test func theKoreanBoardSpeaksItsOwnMessagesAndShowsItsColumns() throws {
        let harness = try SessionHarness(menu: try Repository.text("menus/juice-board-ko.kiosk"), time: SessionClock(virtualAt: Self.nine))
        #expect(try shown("order 망고쥬스", in: harness) == "#1 ready by 09:02, in about 2 min\n")
        try harness.run("order 바나나쥬스")
        try harness.run("start")
        try harness.run("wait 1m")
        #expect(try shown("board", in: harness) == """
        QUEUED (1)       | PREPARING (1)    | READY (0)
        #2  1:00  카운터 | #1  1:00  블렌더
          바나나쥬스     |   망고쥬스

        """)
        try harness.run("ready")
        try harness.run("pickup 1")
        try harness.run("recall")
        #expect(harness.messages == [
            "1번 주문: 망고쥬스. 번호를 불러 드릴게요!", "2번 주문: 바나나쥬스. 번호를 불러 드릴게요!", "1번 블렌더에서 만드는 중",
            "1번 나왔습니다! 맛있게 드세요!", "1번 가져가셨어요", "1번 다시 나왔습니다",
        ])
    }
}
