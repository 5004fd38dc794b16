import KioskApplication
import KioskCore
@testable import KioskTerminal
import Testing

/// The board as people and programs see it, asserted as whole outputs.
@Suite struct BoardViewTests {
    static let noon = Timestamp(millisecondsSince1970: 1_795_262_400_000) // 2026-11-21T12:00:00Z

    static func at(_ minutes: Double) -> Timestamp {
        noon.adding(milliseconds: Int64(minutes * 60_000))
    }

    static func menu(auto: Bool = false) throws -> Menu {
        let fruits = ["banana", "kiwi", "mango"]
        func recipe(_ name: String, _ quantity: Int) -> Recipe {
            Recipe([Recipe.Component(ingredient: fruits.firstIndex(of: name) ?? 0, quantity: quantity)])
        }
        return try Menu(
            name: "Juice Bar", ingredients: fruits.map { Ingredient(name: $0, initialStock: 100) },
            items: [
                Item(name: "Mango Juice", recipe: recipe("mango", 3), prep: .seconds(120), station: 0),
                Item(name: "Kiwi Juice", recipe: recipe("kiwi", 3), prep: .seconds(120), station: 0),
                Item(name: "Banana Juice", recipe: recipe("banana", 2), prep: .seconds(30), station: 1),
                Item(name: "딸기우유", recipe: recipe("banana", 1), prep: .seconds(60), station: 1),
            ],
            messages: MessageCatalog(templates: [:], board: true),
            stations: [Station(name: "blender", staff: 2), Station(name: "counter")],
            board: BoardSettings(auto: auto)
        )
    }

    /// Four tickets: 1 preparing at two stations, 2 queued, 3 ready, 4 queued later.
    static func kiosk() throws -> Kiosk {
        var kiosk = Kiosk(menu: try menu(), ids: UUIDv7Generator(seed: 3))
        var events: [Event] = []
        func order(_ lines: [(Int, Int)], at time: Timestamp) throws {
            try kiosk.place(Order(lines.map { OrderLine(item: $0.0, quantity: $0.1) }), at: time, emitting: &events)
        }
        try order([(0, 2), (2, 1)], at: at(0))
        try order([(1, 1)], at: at(0))
        try order([(2, 1), (3, 1)], at: at(0.5))
        try kiosk.perform(.start(1), at: at(1), emitting: &events)
        try kiosk.perform(.start(3), at: at(1), emitting: &events)
        try kiosk.perform(.ready(3), at: at(2), emitting: &events)
        try order([(0, 1)], at: at(3))
        return kiosk
    }

    @Test func theKitchenBoardShowsThreeColumnsWithCountsAgesStationsAndMarks() throws {
        let kiosk = try Self.kiosk()
        let board = try #require(kiosk.board)
        #expect(BoardView().text(board.listing(at: Self.at(6))) == """
        QUEUED (2)              | PREPARING (1)                    | READY (1)
        #2  6:00  blender  warn | #1  6:00  blender, counter  warn | #3  5:30  counter
          Kiwi Juice            |   Mango Juice ×2                 |   Banana Juice
        #4  3:00  blender       |   Banana Juice                   |   딸기우유
          Mango Juice

        """)
        #expect(BoardView().text(board.listing(at: Self.at(8))) == """
        QUEUED (2)              | PREPARING (1)                    | READY (1)
        #2  8:00  blender  LATE | #1  8:00  blender, counter  LATE | #3  7:30  counter
          Kiwi Juice            |   Mango Juice ×2                 |   Banana Juice
        #4  5:00  blender  warn |   Banana Juice                   |   딸기우유
          Mango Juice

        """)
    }

    @Test func withColourMarksAreColouredInsteadOfWords() throws {
        let board = try #require(try Self.kiosk().board)
        let text = BoardView(colour: true).text(board.listing(at: Self.at(6)))
        #expect(text.split(separator: "\n")[1] == "\u{1B}[33m#2  6:00  blender\u{1B}[0m | \u{1B}[33m#1  6:00  blender, counter\u{1B}[0m | #3  5:30  counter")
        #expect(!text.contains("warn"))
    }

    @Test func anEmptyBoardShowsItsColumns() {
        let board = Board(stations: [.counter], settings: BoardSettings())
        #expect(BoardView().text(board.listing(at: Self.noon)) == "QUEUED (0) | PREPARING (0) | READY (0)\n")
    }

    @Test func theCustomerScreenShowsNumbersPreparingAndReady() throws {
        let board = try #require(try Self.kiosk().board)
        #expect(BoardView().publicText(board.publicListing) == """
        PREPARING  READY
        1          3
        2
        4

        """)
        #expect(String(decoding: BoardJSON.object { BoardJSON.write(board.publicListing, to: &$0) }, as: UTF8.self)
            == #"{"preparing":[1,2,4],"ready":[3]}"#)
    }

    @Test func allDayCountsItemsInQueuedAndPreparingTickets() throws {
        let board = try #require(try Self.kiosk().board)
        #expect(BoardView().allDayText(board.allDay) == """
        ITEM          QUEUED  PREPARING  ALL DAY
        Mango Juice        1          2        3
        Banana Juice       0          1        1
        Kiwi Juice         1          0        1

        """)
        #expect(String(decoding: BoardJSON.object { BoardJSON.write(board.allDay, to: &$0) }, as: UTF8.self) == """
        {"items":[{"item":"Mango Juice","queued":1,"preparing":2,"total":3},\
        {"item":"Banana Juice","queued":0,"preparing":1,"total":1},{"item":"Kiwi Juice","queued":1,"preparing":0,"total":1}]}
        """)
        #expect(BoardView().allDayText([]) == "Nothing in the kitchen.\n")
    }

    @Test func theBoardAsJSON() throws {
        let board = try #require(try Self.kiosk().board)
        let json = String(decoding: BoardJSON.object { BoardJSON.write(board.listing(at: Self.at(6)), to: &$0) }, as: UTF8.self)
        #expect(json == """
        {"counts":{"queued":2,"preparing":1,"ready":1},\
        "queued":[{"ticket":2,"lines":[{"item":"Kiwi Juice","quantity":1}],"stations":["blender"],\
        "ordered":"2026-11-21T12:00:00.000Z","promised":"2026-11-21T12:02:00.000Z","ageMs":360000,"mark":"warn"},\
        {"ticket":4,"lines":[{"item":"Mango Juice","quantity":1}],"stations":["blender"],\
        "ordered":"2026-11-21T12:03:00.000Z","promised":"2026-11-21T12:05:00.000Z","ageMs":180000,"mark":null}],\
        "preparing":[{"ticket":1,"lines":[{"item":"Mango Juice","quantity":2},{"item":"Banana Juice","quantity":1}],\
        "stations":["blender","counter"],"ordered":"2026-11-21T12:00:00.000Z","promised":"2026-11-21T12:02:00.000Z",\
        "ageMs":360000,"mark":"warn"}],\
        "ready":[{"ticket":3,"lines":[{"item":"Banana Juice","quantity":1},{"item":"딸기우유","quantity":1}],\
        "stations":["counter"],"ordered":"2026-11-21T12:00:30.000Z","promised":"2026-11-21T12:01:30.000Z","ageMs":330000,"mark":null}]}
        """)
    }

    @Test func theReportShowsTimesPerStationLateTicketsAndWaste() throws {
        var kiosk = try Self.kiosk()
        var events: [Event] = []
        kiosk.advance(to: Self.at(9), emitting: &events)
        try kiosk.perform(.ready(1), at: Self.at(9), emitting: &events)
        try kiosk.perform(.pickup(1), at: Self.at(10), emitting: &events)
        try kiosk.perform(.pickup(3), at: Self.at(10), emitting: &events)
        try kiosk.perform(.start(2), at: Self.at(10), emitting: &events)
        try kiosk.perform(.cancel(2), at: Self.at(10), emitting: &events)
        let report = try #require(kiosk.boardReport)
        #expect(BoardView().reportText(report) == """
        STATION  STAFF  READY  MEAN  MEDIAN   P90  PICKED UP   MEAN  MEDIAN    P90  LATE
        blender      2      1  9:00    9:00  9:00          1  10:00   10:00  10:00     2
        counter      1      2  5:15    1:30  9:00          2   9:45    9:30  10:00     1
        Tickets: 2 late, 1 cancelled

        WASTED  COUNT
        kiwi        3

        """)
        #expect(String(decoding: BoardJSON.object { BoardJSON.write(report, to: &$0) }, as: UTF8.self) == """
        {"stations":[{"station":"blender","staff":2,"orderToReady":{"count":1,"meanMs":540000,"medianMs":540000,"p90Ms":540000},\
        "orderToPickup":{"count":1,"meanMs":600000,"medianMs":600000,"p90Ms":600000},"late":2},\
        {"station":"counter","staff":1,"orderToReady":{"count":2,"meanMs":315000,"medianMs":90000,"p90Ms":540000},\
        "orderToPickup":{"count":2,"meanMs":585000,"medianMs":570000,"p90Ms":600000},"late":1}],"late":2,"cancelled":1,"waste":{"kiwi":3}}
        """)
    }

    @Test func tenThousandTicketsRenderInOnePass() throws {
        var board = Board(stations: [Station(name: "blender", staff: 4)], settings: BoardSettings())
        var changes: [BoardChange] = []
        for index in 0..<10_000 {
            board.open([TicketLine(item: "Mango Juice", quantity: 1 + index % 3, station: 0, prep: 60_000)], at: Self.at(Double(index) / 100), changes: &changes)
            if index % 3 == 0 { try board.perform(.start(nil), at: Self.at(Double(index) / 100), changes: &changes) }
        }
        let text = BoardView().text(board.listing(at: Self.at(100)))
        #expect(text.split(separator: "\n").count == 1 + 2 * board.count(.queued))
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "QUEUED (6666)                 | PREPARING (3334)              | READY (0)")
        #expect(lines[1] == "#3335  1:06:39  blender  LATE | #1  1:40:00  blender  LATE")
        #expect(lines.last == "  Mango Juice")
    }
}
