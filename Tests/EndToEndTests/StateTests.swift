import Foundation
import KioskCore
import KioskTestSupport
import Testing

/// `--state`: what survives a crash, what is refused, and a menu that changed meanwhile.
@Suite struct StateTests {
    private static let menu = """
    kiosk "Crash Test"
    ingredient mango stock 1000000
    item "Mango Juice" needs mango 1

    """

    private func mango(_ statePath: String) throws -> Int {
        let snapshot = try KioskSnapshot(json: Array(try Data(contentsOf: URL(fileURLWithPath: statePath))))
        return try #require(snapshot.stock.first { $0.ingredient == "mango" }?.count)
    }

    @Test func killedAtAnyPointTheStateLoadsAndNeverLagsWhatWasPrinted() throws {
        let scratch = try TemporaryDirectory()
        let menu = try scratch.file("crash.kiosk", StateTests.menu)
        let orders = try scratch.file("orders.txt", String(repeating: "order mango juice\n", count: 20_000))
        let state = scratch.url.appendingPathComponent("state.json").path
        var before = 1_000_000
        for delay in [0.15, 0.4, 0.8, 1.5, 0.05] {
            let kiosk = try RunningKiosk(arguments: ["--state", state, "--menu", menu, "-f", orders])
            Thread.sleep(forTimeInterval: delay)
            kill(kiosk.process.processIdentifier, SIGKILL)
            kiosk.process.waitUntilExit()
            #expect(kiosk.process.terminationReason == .uncaughtSignal)
            let printed = kiosk.stdout.components(separatedBy: "Mango Juice is ready.").count - 1
            let after = try mango(state)
            let onDisk = before - after
            #expect(onDisk >= printed, "a result on screen is a result on disk")
            #expect(onDisk <= printed + 1, "at most one order more on disk than on screen")
            before = after
        }
        // It still starts, and goes on from where it was.
        let check = try KioskProcess("--state", state, "--menu", menu, "-c", "stock").run()
        #expect(check.status == 0)
        #expect(stockCount("mango", in: check.stdout) == before)
    }

    @Test func aCorruptStateFileStopsTheStartAndIsLeftByteForByte() throws {
        let scratch = try TemporaryDirectory()
        for (name, content) in [
            ("truncated.json", #"{"format":"kiosk-state","version":1,"menu":"Juice"#),
            ("other.json", #"{"hello":"world"}"#),
            ("future.json", #"{"format":"kiosk-state","version":99}"#),
            ("garbage.json", "\u{0}\u{1}\u{2}not json at all"),
            ("negative.json", #"{"format":"kiosk-state","version":1,"menu":"J","seq":1,"stock":{"mango":-4},"ledger":{}}"#),
        ] {
            let path = try scratch.file(name, content)
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let result = try KioskProcess("--state", path, "-c", "order mango juice").run()
            #expect(result.status == 65, "\(name)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("kiosk: the state file '\(path)' cannot be used: "), "\(name)")
            #expect(result.stderr.hasSuffix("it was left as it is — fix it or move it away\n"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "\(name) must be untouched")
        }
    }

    @Test func anUnreadableOrMisplacedStateFileIsAClearError() throws {
        let directory = try KioskProcess("--state", "menus", "-c", "menu").run()
        #expect(directory.status == 66)
        #expect(directory.stderr == "kiosk: cannot read the state file 'menus': is a directory\n")
        let nowhere = try KioskProcess("--state", "/nonexistent/dir/state.json", "-c", "menu").run()
        #expect(nowhere.status == 74)
        #expect(nowhere.stderr == "kiosk: cannot save the state file '/nonexistent/dir/state.json': no such file\n")
    }

    @Test func stockHistoryAndTotalsCarryOverAndAChangedMenuIsReported() throws {
        let scratch = try TemporaryDirectory()
        let state = scratch.url.appendingPathComponent("s.json").path
        _ = try KioskProcess("--state", state, "-c", "order mango juice; order kiwi juice 2; stock add banana 5").run()
        let menu = try scratch.file("new.kiosk", """
        kiosk "Juice Maker"
        ingredient mango stock 10
        ingredient lime stock 4
        item "Mango Juice" needs mango 3
        item "Lime Juice" needs lime 2
        """)
        let result = try KioskProcess("--state", state, "--menu", menu, "--json", "-c", "stock; history; report").run()
        #expect(result.stderr == """
        kiosk: the menu no longer has strawberry (10), banana (15), pineapple (10), kiwi (4); the state file's stock of them is dropped at the next save
        kiosk: new on the menu, at their declared stock: lime

        """)
        let objects = result.stdout.split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8)) }
        let stock = objects[0]["result"]?["ingredients"]?.array?.map { "\($0["name"]?.string ?? "") \($0["stock"]?.int ?? -1)" }
        #expect(stock == ["mango 7", "lime 4"])
        #expect(objects[1]["result"]?["orders"]?.array?.count == 2)
        #expect(objects[2]["result"]?["made"]?.int == 2)
        let sequence = try KioskSnapshot(json: Array(try Data(contentsOf: URL(fileURLWithPath: state)))).sequence
        let next = try KioskProcess("--state", state, "--menu", menu, "--json", "-c", "order lime juice").run()
        let event = JSONValue(parsing: Array(next.stdout.utf8))?["events"]?.array?.first
        #expect(event?["seq"]?.int == Int(sequence) + 1, "seq goes on from the state")
    }
}

/// `reload` and SIGHUP in a running session.
@Suite struct ReloadTests {
    private let juice = """
    kiosk "Juice Maker"
    ingredient mango stock 10
    ingredient pineapple stock 10
    item "Mango Juice" needs mango 3

    """

    @Test(arguments: ["command", "SIGHUP"])
    func aNewItemCanBeOrderedAtOnceAndTheStockIsKept(trigger: String) throws {
        let scratch = try TemporaryDirectory()
        let menu = try scratch.file("menu.kiosk", juice)
        let kiosk = try RunningKiosk(arguments: ["--menu", menu])
        kiosk.send("order mango juice")
        try waitFor("the first order") { kiosk.stdout.contains("Mango Juice is ready.") }
        try Data((juice + "item Tropical needs mango 1, pineapple 1\n").utf8).write(to: URL(fileURLWithPath: menu))
        if trigger == "SIGHUP" {
            kill(kiosk.process.processIdentifier, SIGHUP)
        } else {
            kiosk.send("reload")
        }
        kiosk.send("order tropical")
        kiosk.send("stock")
        #expect(kiosk.finish() == 0)
        #expect(kiosk.stdout.contains("Menu reloaded: Juice Maker.\nNew items: Tropical\nTropical is ready. Enjoy!\n"))
        #expect(stockCount("mango", in: kiosk.stdout) == 6)
        #expect(kiosk.stderr == "")
    }

    @Test(arguments: ["command", "SIGHUP"])
    func aBrokenMenuLeavesTheOldOneWorking(trigger: String) throws {
        let scratch = try TemporaryDirectory()
        let menu = try scratch.file("menu.kiosk", juice)
        let kiosk = try RunningKiosk(arguments: ["--menu", menu])
        kiosk.send("stock")
        try waitFor("kiosk to have read its menu") { kiosk.stdout.contains("INGREDIENT") }
        try Data("ingredient mango stok 10\n".utf8).write(to: URL(fileURLWithPath: menu))
        if trigger == "SIGHUP" {
            kill(kiosk.process.processIdentifier, SIGHUP)
        } else {
            kiosk.send("reload")
        }
        kiosk.send("order mango juice")
        let status = kiosk.finish()
        #expect(kiosk.stdout.contains("Mango Juice is ready. Enjoy!"))
        let prefix = trigger == "SIGHUP" ? "SIGHUP: " : "line 2: "
        #expect(kiosk.stderr.hasPrefix(prefix + "reload failed; the menu was not changed:\n\(menu):1:18: error: unknown property 'stok' for 'ingredient'"))
        #expect(status == (trigger == "SIGHUP" ? 0 : 1))
    }
}

/// The count in the `stock` table's row for `ingredient`.
func stockCount(_ ingredient: String, in output: String) -> Int? {
    for line in output.split(separator: "\n") {
        let cells = line.split(separator: " ")
        if cells.first.map(String.init) == ingredient, cells.count > 1 { return Int(cells[1]) }
    }
    return nil
}
