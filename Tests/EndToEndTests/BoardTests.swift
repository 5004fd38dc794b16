import Foundation
import KioskTestSupport
import KioskText
import Testing

/// The order board as a script and a person use it: the virtual clock, and the board
/// kept in the journal across restarts and shared between processes.
@Suite struct BoardTests {
    static let menu = """
    kiosk "Bar"
    ingredient mango stock 10
    station bar staff 1
    board auto
    item "Mango Juice" needs mango 1 prep 2m station bar

    """

    static let clock = ["--clock", "virtual=2026-11-23T09:00:00Z"]

    /// kiosk on `menu` with a virtual clock at 09:00 UTC, running `commands`.
    static func run(_ commands: String, menu: String, more: [String] = []) throws -> KioskProcess.Result {
        try KioskProcess(arguments: ["--menu", menu] + clock + more + ["-c", commands], environment: ["TZ": "UTC"]).run()
    }

    @Test func threeOrdersArePromisedAndReadyExactlyWhenWaitReachesThem() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("bar.kiosk", BoardTests.menu)
        let result = try BoardTests.run(
            "order mango juice; order mango juice; order mango juice; board; wait 2m; board; wait 119s; board public; wait 1s; board public; wait 2m; board",
            menu: menu
        )
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == """
        Ticket 1: Mango Juice.
        Ticket 1 is being prepared at station bar.
        #1 ready by 09:02, in about 2 min
        Ticket 2: Mango Juice.
        #2 ready by 09:04, in about 4 min
        Ticket 3: Mango Juice.
        #3 ready by 09:06, in about 6 min
        QUEUED (2)    | PREPARING (1) | READY (0)
        #2  0:00  bar | #1  0:00  bar
          Mango Juice |   Mango Juice
        #3  0:00  bar
          Mango Juice
        Ticket 1 is ready: Mango Juice.
        Ticket 2 is being prepared at station bar.
        It is now 2026-11-23 09:02:00.
        QUEUED (1)    | PREPARING (1) | READY (1)
        #3  2:00  bar | #2  2:00  bar | #1  2:00  bar
          Mango Juice |   Mango Juice |   Mango Juice
        It is now 2026-11-23 09:03:59.
        PREPARING  READY
        2          1
        3
        Ticket 2 is ready: Mango Juice.
        Ticket 3 is being prepared at station bar.
        It is now 2026-11-23 09:04:00.
        PREPARING  READY
        3          1
                   2
        Ticket 3 is ready: Mango Juice.
        It is now 2026-11-23 09:06:00.
        QUEUED (0) | PREPARING (0) | READY (3)
                   |               | #1  6:00  bar
                   |               |   Mango Juice
                   |               | #2  6:00  bar
                   |               |   Mango Juice
                   |               | #3  6:00  bar
                   |               |   Mango Juice

        """)
    }

    @Test func eventTimesAreTheVirtualTimes() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("bar.kiosk", BoardTests.menu)
        let result = try BoardTests.run("order mango juice; wait 5m", menu: menu, more: ["--json"])
        let times = result.stdout.split(separator: "\n").flatMap { line -> [String] in
            let events = JSONValue(parsing: Array(line.utf8))?["events"]?.array ?? []
            return events.compactMap { event in
                guard let type = event["type"]?.string, let time = event["time"]?.string else { return nil }
                return "\(type) \(time)"
            }
        }
        #expect(times == [
            "order.succeeded 2026-11-23T09:00:00.000Z", "ticket.started 2026-11-23T09:00:00.000Z", "ticket.ready 2026-11-23T09:02:00.000Z",
        ])
    }

    @Test func aRestartedKioskShowsTheSameBoardAndGoesOnNumbering() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("bar.kiosk", BoardTests.menu)
        let state = scratch.path("state")
        let first = try BoardTests.run("order mango juice; order mango juice; board", menu: menu, more: ["--state", state])
        #expect(first.status == 0, "\(first.stderr)")
        let board = """
        QUEUED (1)    | PREPARING (1) | READY (0)
        #2  0:00  bar | #1  0:00  bar
          Mango Juice |   Mango Juice

        """
        #expect(first.stdout.hasSuffix(board))
        let second = try BoardTests.run("board; order mango juice; wait 2m; board public", menu: menu, more: ["--state", state])
        #expect(second.stderr == "")
        #expect(second.stdout == board + """
        Ticket 3: Mango Juice.
        #3 ready by 09:06, in about 6 min
        Ticket 1 is ready: Mango Juice.
        Ticket 2 is being prepared at station bar.
        It is now 2026-11-23 09:02:00.
        PREPARING  READY
        2          1
        3

        """)
    }

    /// A run long enough to leave a snapshot at its exit: the next run reads the board
    /// from it, every ticket in its state, and numbers on from the last.
    @Test func threeHundredOrdersInOneRunAreOnTheNextRunsBoardWhichNumbersOn() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let menu = Repository.menus + "/juice-board.kiosk"
        var commands = ["stock set banana 1000", "stock set mango 1000"]
        for _ in 0..<150 { commands += ["order banana juice", "order mango juice"] }
        commands += ["start 1", "ready 1", "pickup 1", "start 2", "cancel 3"]
        let orders = try scratch.file("orders.txt", commands.joined(separator: "\n") + "\n")
        let first = try KioskProcess(arguments: ["--menu", menu, "--state", state, "-f", orders, "--quiet"] + BoardTests.clock).run()
        #expect(first.status == 0, "\(first.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(files.contains { $0.hasSuffix(".snapshot") }, "the exit leaves a snapshot: \(files)")

        let second = try BoardTests.run("board; order banana juice", menu: menu, more: ["--state", state])
        #expect(second.stderr == "")
        let lines = second.stdout.split(separator: "\n")
        #expect(lines.first == "QUEUED (297)        | PREPARING (1)     | READY (0)")
        let shown = lines.prefix { !$0.hasPrefix("Ticket ") }.flatMap { $0.matches(of: /#(\d+)/).compactMap { Int($0.1) } }
        #expect(Set(shown) == Set(1...300).subtracting([1, 3]) && shown.count == 298)
        #expect(lines.last { $0.hasPrefix("Ticket ") } == "Ticket 301: Banana Juice.")
    }

    @Test func aSecondKioskOnTheSameStateSeesAndMovesTheSameBoard() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("bar.kiosk", BoardTests.menu.replacingOccurrences(of: "board auto", with: "board"))
        let state = scratch.path("state")
        let terminal = try SharedStateTests.Terminal(state: state, menu: menu, more: BoardTests.clock)
        for _ in 1...3 { #expect(try terminal.ask("order mango juice")["ok"] as? Bool == true) }
        #expect(try terminal.ask("start 2")["ok"] as? Bool == true)
        let other = try BoardTests.run("board; ready 2; pickup", menu: menu, more: ["--state", state])
        #expect(other.stderr == "")
        #expect(other.stdout == """
        QUEUED (2)    | PREPARING (1) | READY (0)
        #1  0:00  bar | #2  0:00  bar
          Mango Juice |   Mango Juice
        #3  0:00  bar
          Mango Juice
        Ticket 2 is ready: Mango Juice.
        Ticket 2 was picked up.

        """)
        let publicBoard = try terminal.ask("board public")
        let result = try #require(publicBoard["result"] as? [String: Any])
        #expect(result["preparing"] as? [Int] == [1, 3])
        #expect(result["ready"] as? [Int] == [])
        #expect(try terminal.ask("recall")["ok"] as? Bool == true)
        #expect(terminal.kiosk.finish() == 0)
    }
}
