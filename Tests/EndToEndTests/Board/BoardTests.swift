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

    /// A virtual clock may not start before what the state already holds: the next order
    /// would come before older ones, and be promised years away. A TIME before it is
    /// refused; `--clock virtual` alone starts there when that is later than now.
    @Test func aVirtualClockBeforeTheStatesNewestRecordIsRefused() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("bar.kiosk", BoardTests.menu)
        let state = scratch.path("state")
        let first = try KioskProcess(arguments: ["--menu", menu, "--state", state, "--clock", "virtual=2036-11-23T09:00:00Z", "-c", "wait 1h; order mango juice"]).run()
        #expect(first.status == 0, "\(first.stderr)")
        let before = try KioskProcess("state", "verify", "--json", state).run().stdout
        let back = try BoardTests.run("order mango juice", menu: menu, more: ["--state", state])
        #expect(back.status == 64)
        #expect(back.stdout == "")
        #expect(back.stderr == "kiosk: the virtual clock would start at 2026-11-23T09:00:00.000Z, before the state's newest record (2036-11-23T10:00:00.000Z): orders would come before older ones; start it at 2036-11-23T10:00:00.000Z or later, or give --clock virtual without a time to start there\n")
        #expect(try KioskProcess("state", "verify", "--json", state).run().stdout == before, "nothing was written")
        let json = try BoardTests.run("order mango juice", menu: menu, more: ["--state", state, "--json"])
        #expect(json.status == 64)
        #expect(json.stderr.contains(#""code":"clock_before_state""#), "\(json.stderr)")
        let there = try KioskProcess(arguments: ["--menu", menu, "--state", state, "--clock", "virtual", "-c", "order mango juice"], environment: ["TZ": "UTC"]).run()
        #expect(there.status == 0, "\(there.stderr)")
        #expect(there.stderr == "kiosk: the virtual clock starts at the state's newest record, 2036-11-23T10:00:00.000Z, which is later than now\n")
        #expect(there.stdout.contains("#2 ready by 10:04, in about 4 min"), "\(there.stdout)")
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

    /// `kiosk state compact` folds the board with the menu's stations: without `--menu` a
    /// state with a board is left as it was, saying why; with it, the compacted state's
    /// board has every ticket and numbers on.
    @Test func compactingAStateWithABoardTakesTheMenuAndKeepsTheTickets() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let menu = Repository.menus + "/juice-board.kiosk"
        let made = try BoardTests.run("order banana juice; order mango juice; order banana juice; start 1", menu: menu, more: ["--state", state])
        #expect(made.status == 0, "\(made.stderr)")
        let before = try FileManager.default.contentsOfDirectory(atPath: state).sorted()

        let refused = try KioskProcess("state", "compact", state).run()
        #expect(refused.status == 64)
        #expect(refused.stderr == "kiosk: the state '\(state)' has an order board, which compacting without its menu would forget; nothing was changed — give the menu: kiosk state compact --menu FILE '\(state)'\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).sorted() == before)

        let compacted = try KioskProcess("state", "compact", "--menu", menu, state).run()
        #expect(compacted.status == 0, "\(compacted.stderr)")
        let dump = try KioskProcess("state", "dump", state).run()
        #expect(dump.stdout.hasPrefix(#"{"snapshot":{"position":"#), "a start reads the snapshot, and no record after it")
        let after = try BoardTests.run("board; order banana juice", menu: menu, more: ["--state", state])
        let lines = after.stdout.split(separator: "\n")
        #expect(lines.first == "QUEUED (2)        | PREPARING (1)     | READY (0)", "\(after.stdout)")
        #expect(lines.last { $0.hasPrefix("Ticket ") } == "Ticket 4: Banana Juice.")
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
