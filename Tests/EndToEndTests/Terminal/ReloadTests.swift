import Foundation
import KioskTestSupport
import Testing

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
        let scratch = try ScratchDirectory()
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
        let scratch = try ScratchDirectory()
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
