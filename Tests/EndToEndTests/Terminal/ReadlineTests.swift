import Foundation
import KioskTestSupport
import Testing

/// The REPL at a real terminal: readline, completion, history, Ctrl-C, Ctrl-D, and the
/// restock flow. Every test drives the built binary through a pseudo-terminal.
@Suite struct ReadlineTests {
    private func terminal(history: String, arguments: [String] = []) throws -> PseudoTerminal {
        try PseudoTerminal(arguments: arguments, environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": history, "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
        ])
    }

    @Test func tabCompletesACommandAndAnItem() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try terminal(history: scratch.url.appendingPathComponent("history").path)
        try kiosk.expect("kiosk> ")
        kiosk.send("ord\t")
        try kiosk.expect("order ")
        kiosk.send("mango k\t")
        try kiosk.expect("iwi Juice ")
        kiosk.send("\r")
        try kiosk.expect("Mango Kiwi Juice is ready. Enjoy!")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    @Test func tabCompletesTheItemsOfAMenuReloaded() throws {
        let scratch = try ScratchDirectory()
        let before = "ingredient mango stock 10\nitem \"Mango Juice\" needs mango 1\n"
        let menu = try scratch.file("menu.kiosk", before)
        let kiosk = try terminal(history: scratch.url.appendingPathComponent("history").path, arguments: ["--menu", menu])
        try kiosk.expect("kiosk> ")
        _ = try scratch.file("menu.kiosk", before + "item \"Tropical Punch\" needs mango 2\n")
        kiosk.send("reload\r")
        try kiosk.expect("New items: Tropical Punch")
        try kiosk.expect("kiosk> ")
        kiosk.send("order Trop\t")
        try kiosk.expect("Punch ")
        kiosk.send("\r")
        try kiosk.expect("Tropical Punch is ready. Enjoy!")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    @Test func tabCompletesTheTicketsABoardCommandAppliesTo() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", "ingredient mango stock 10\nboard\nitem \"Mango Juice\" needs mango 1\n")
        let kiosk = try terminal(history: scratch.path("history"), arguments: ["--menu", menu])
        for line in ["order mango juice", "order mango juice", "start"] {
            try kiosk.expect("kiosk> ")
            kiosk.send(line + "\r")
        }
        try kiosk.expect("Ticket 1 is being prepared at station counter.")
        try kiosk.expect("kiosk> ")
        kiosk.send("ready \t")
        try kiosk.expect("ready 1 ")
        kiosk.send("\r")
        try kiosk.expect("Ticket 1 is ready: Mango Juice.")
        try kiosk.expect("kiosk> ")
        kiosk.send("pickup \t")
        try kiosk.expect("pickup 1 ")
        kiosk.send("\r")
        try kiosk.expect("Ticket 1 was picked up.")
        try kiosk.expect("kiosk> ")
        kiosk.send("bu\t")
        try kiosk.expect("bump ")
        kiosk.send("\t")
        try kiosk.expect("2 ")
        kiosk.send("\r")
        try kiosk.expect("Ticket 2 is being prepared at station counter.")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    /// On the wall clock the board moves while the prompt waits: a ticket of `board auto`
    /// is ready near its time, with nothing typed, and the line typed so far stays.
    @Test func theBoardMovesWhileThePromptWaits() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", "ingredient mango stock 10\nboard auto\nitem \"Mango Juice\" needs mango 1 prep 1s\n")
        let kiosk = try terminal(history: scratch.path("history"), arguments: ["--menu", menu])
        try kiosk.expect("kiosk> ")
        kiosk.send("order mango juice\r")
        try kiosk.expect("#1 ready by")
        try kiosk.expect("kiosk> ")
        kiosk.send("board pub")
        try kiosk.expect("Ticket 1 is ready: Mango Juice.", timeout: .seconds(10))
        try kiosk.expect("kiosk> board pub")
        kiosk.send("lic\r")
        try kiosk.expect("PREPARING  READY")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    /// A history file that is a FIFO, a device or a directory is refused with a reason;
    /// the session starts all the same, without history.
    @Test(arguments: ["fifo", "directory", "device"])
    func aHistoryFileThatIsNoFileIsRefusedAndTheSessionStarts(_ kind: String) throws {
        let scratch = try ScratchDirectory()
        var path = scratch.url.appendingPathComponent("history").path
        let reason: String
        switch kind {
        case "fifo":
            #expect(mkfifo(path, 0o600) == 0)
            reason = "is a FIFO, not a file"
        case "directory":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            reason = "is a directory"
        default:
            path = "/dev/null"
            reason = "is a device, not a file"
        }
        let kiosk = try terminal(history: path)
        try kiosk.expect("kiosk: cannot keep the history in '\(path)': \(reason); history is not kept")
        try kiosk.expect("kiosk> ")
        kiosk.send("menu\r")
        try kiosk.expect("kiosk> ")
        kiosk.send("quit\r")
        #expect(try kiosk.waitForExit() == 0)
    }

    /// A history file that cannot be written is said once, at the first write, not at every command.
    @Test func aHistoryFileThatCannotBeWrittenIsSaidOnce() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.url.appendingPathComponent("gone")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("history").path
        let kiosk = try terminal(history: path)
        try kiosk.expect("kiosk> ")
        // The directory becomes a file under the running kiosk: the history cannot be written.
        try FileManager.default.removeItem(at: directory)
        _ = try scratch.file("gone", "")
        kiosk.send("menu\r")
        let first = try kiosk.expect("kiosk> ")
        #expect(first.contains("kiosk: cannot keep the history in '\(path)': not a directory; history is not kept"))
        kiosk.send("stock\r")
        let second = try kiosk.expect("kiosk> ")
        #expect(second.contains("INGREDIENT"))
        #expect(!second.contains("history"), "said once")
        kiosk.send("quit\r")
        #expect(try kiosk.waitForExit() == 0)
    }

    @Test func ctrlCClearsTheLineAndKeepsTheSession() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try terminal(history: scratch.url.appendingPathComponent("history").path)
        try kiosk.expect("kiosk> ")
        kiosk.send("order mango juice 3")
        try kiosk.expect("juice 3")
        kiosk.send("\u{3}")
        try kiosk.expect("kiosk> ")
        kiosk.send("stock\r")
        let stock = try kiosk.expect("kiosk> ")
        #expect(stock.contains("mango          10    0"), "the interrupted order must not run")
        kiosk.send("quit\r")
        #expect(try kiosk.waitForExit() == 0)
    }

    @Test func ctrlDExitsZeroWithoutEscapeNoise() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try terminal(history: scratch.url.appendingPathComponent("history").path)
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
        #expect(!kiosk.output.contains("\u{1B}[?2004h"), "no bracketed paste")
        #expect(!kiosk.output.contains("\u{1B}[?1034h"), "no meta-key noise")
    }

    @Test func historyIsWrittenPrivatelyAndReadBackOnTheNextStart() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.url.appendingPathComponent("state/kiosk/history").path
        let first = try terminal(history: path)
        try first.expect("kiosk> ")
        for line in ["menu", "stock", "menu"] {
            first.send(line + "\r")
            try first.expect("kiosk> ")
        }
        first.send("\u{4}")
        #expect(try first.waitForExit() == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "stock\nmenu\n", "no duplicates")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let second = try terminal(history: path)
        try second.expect("kiosk> ")
        second.send("\u{1B}[A\u{1B}[A")
        try second.expect("stock")
        second.send("\r")
        try second.expect("INGREDIENT")
        try second.expect("kiosk> ")
        second.send("\u{4}")
        #expect(try second.waitForExit() == 0)
    }

    @Test func aRefusedStrawberryJuiceIsRestockedAndRetried() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try terminal(history: scratch.url.appendingPathComponent("history").path)
        try kiosk.expect("kiosk> ")
        kiosk.send("order strawberry juice\r")
        try kiosk.expect("Not enough ingredients for Strawberry Juice: strawberry (needed 16, available 10).")
        try kiosk.expect("error: order refused: not enough strawberry (needed 16, available 10)")
        try kiosk.expect("Restock now? [y/N] ")
        kiosk.send("y\r")
        try kiosk.expect("strawberry (10 in stock): add how many? [6] ")
        kiosk.send("\r")
        try kiosk.expect("strawberry stock is now 16.")
        try kiosk.expect("Retry the order? [Y/n] ")
        kiosk.send("\r")
        try kiosk.expect("Strawberry Juice is ready. Enjoy!")
        try kiosk.expect("kiosk> ")
        kiosk.send("stock\r")
        let stock = try kiosk.expect("kiosk> ")
        #expect(stock.contains("strawberry      0    0  out"))
        kiosk.send("quit\r")
        #expect(try kiosk.waitForExit() == 0)
    }

    /// Korean typed at the prompt, in a UTF-8 locale given by `LANG`, by `LC_ALL` alone, or
    /// by nothing (kiosk reads UTF-8 whatever the locale): the names echo as typed, a
    /// backspace takes a whole syllable, the items are ordered, and `예` and `아니오`
    /// answer the restock questions.
    @Test(arguments: ["LANG", "LC_ALL", nil])
    func koreanTypedAtThePromptOrdersAndAnswers(_ variable: String?) throws {
        let scratch = try ScratchDirectory()
        var environment = [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
        ]
        if let variable { environment[variable] = "C.UTF-8" }
        let kiosk = try PseudoTerminal(arguments: ["--menu", Repository.menus + "/juice-ko.kiosk"], environment: environment)
        try kiosk.expect("kiosk> ")
        kiosk.send("order 망고쥬스스\u{7F}\r")
        try kiosk.expect("order 망고쥬스스")
        try kiosk.expect("\r\n망고쥬스 나왔습니다! 맛있게 드세요!")
        try kiosk.expect("kiosk> ")
        kiosk.send("order 딸기 쥬스\r")
        try kiosk.expect("error: order refused: not enough 딸기 (needed 16, available 10)")
        try kiosk.expect("Restock now? [y/N] ")
        kiosk.send("예\r")
        try kiosk.expect("딸기 (10 in stock): add how many? [6] ")
        kiosk.send("\r")
        try kiosk.expect("딸기 재고: 16개")
        try kiosk.expect("Retry the order? [Y/n] ")
        kiosk.send("아니오\r")
        try kiosk.expect("kiosk> ")
        kiosk.send("stock\r")
        let stock = try kiosk.expect("kiosk> ")
        #expect(stock.contains("딸기           16    0\r\n"), "restocked, and the order not retried: \(stock)")
        #expect(!kiosk.output.contains("\\35"), "no byte echoed as an octal escape")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    /// A block pasted after an order that gets refused: the first line is no answer to
    /// `Restock now?`, so it declines and runs, and so do the others; nothing is swallowed.
    @Test func threeCommandsPastedAfterARefusedOrderAllRun() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try terminal(history: scratch.url.appendingPathComponent("history").path)
        try kiosk.expect("kiosk> ")
        kiosk.send("order strawberry juice\rstock add mango 1\rstock add kiwi 2\rstock add banana 3\r")
        try kiosk.expect("Restock now? [y/N] ")
        try kiosk.expect("mango stock is now 11.")
        try kiosk.expect("kiwi stock is now 12.")
        try kiosk.expect("banana stock is now 13.")
        try kiosk.expect("kiosk> ")
        kiosk.send("stock\r")
        #expect(try kiosk.expect("kiosk> ").contains("strawberry     10"), "the paste did not restock")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    @Test func answeringNoLeavesTheStockAlone() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try terminal(history: scratch.url.appendingPathComponent("history").path)
        try kiosk.expect("kiosk> ")
        kiosk.send("order strawberry juice\r")
        try kiosk.expect("Restock now? [y/N] ")
        kiosk.send("\r")
        try kiosk.expect("kiosk> ")
        kiosk.send("stock\r")
        #expect(try kiosk.expect("kiosk> ").contains("strawberry     10"))
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }
}
