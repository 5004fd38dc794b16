import Foundation
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
        let scratch = try TemporaryDirectory()
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
        let scratch = try TemporaryDirectory()
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

    @Test func ctrlCClearsTheLineAndKeepsTheSession() throws {
        let scratch = try TemporaryDirectory()
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
        let scratch = try TemporaryDirectory()
        let kiosk = try terminal(history: scratch.url.appendingPathComponent("history").path)
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
        #expect(!kiosk.output.contains("\u{1B}[?2004h"), "no bracketed paste")
        #expect(!kiosk.output.contains("\u{1B}[?1034h"), "no meta-key noise")
    }

    @Test func historyIsWrittenPrivatelyAndReadBackOnTheNextStart() throws {
        let scratch = try TemporaryDirectory()
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
        let scratch = try TemporaryDirectory()
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

    @Test func answeringNoLeavesTheStockAlone() throws {
        let scratch = try TemporaryDirectory()
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
