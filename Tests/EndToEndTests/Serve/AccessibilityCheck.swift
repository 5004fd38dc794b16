import Foundation
import KioskTestSupport
import Testing

/// `make a11y-check`: axe-core, Deque's accessibility engine, run against every screen in
/// headless Chromium, in the states a person meets — the kiosk with a basket and an order's
/// answer, the stock room's token form and its list, the kitchen with tickets and a cancel
/// asked, the ready board, the questions and the three suggestions, the report, and a
/// 10,000-item menu searched — at a phone's and a screen's size. It prints what axe finds
/// per page, by impact, and fails on any violation.
///
/// Not in `make test`: axe-core comes from PyPI (the Makefile fetches it), and this suite
/// runs only when `KIOSK_AXE_SCRIPT` names its `axe.min.js`.
@Suite(
    .serialized,
    .enabled(if: Browser.isAvailable && AxeCore.script != nil, "make a11y-check runs it (KIOSK_AXE_SCRIPT, chromium)")
)
struct AccessibilityCheck {

    /// One rule axe found broken, and where.
    struct Violation: CustomStringConvertible {
        let rule: String
        let impact: String
        let help: String
        let targets: [String]

        var description: String { "[\(impact)] \(rule): \(help) — \(targets.prefix(4).joined(separator: ", "))\(targets.count > 4 ? ", …" : "")" }
    }

    /// Runs axe on the page as it is now: its violations.
    private func axe(_ session: ScreenSession, script: String) throws -> (version: String, violations: [Violation]) {
        try session.browser.execute("if (!window.axe) { \(script)\n }")
        let answer = try session.browser.executeAsync("""
            const done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ['violations'] })
              .then((results) => done(JSON.stringify({ version: axe.version, violations: results.violations.map((v) => ({
                rule: v.id, impact: v.impact || 'none', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })) })))
              .catch((error) => done(JSON.stringify({ error: String(error) })));
            """)
        let data = Data((answer as? String ?? "{}").utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        if let error = object["error"] as? String { throw Browser.Failure("axe: \(error)") }
        let violations = (object["violations"] as? [[String: Any]] ?? []).map {
            Violation(rule: $0["rule"] as? String ?? "", impact: $0["impact"] as? String ?? "", help: $0["help"] as? String ?? "",
                      targets: $0["targets"] as? [String] ?? [])
        }
        return (object["version"] as? String ?? "?", violations)
    }

    /// Prints one line per page and state: violations by impact, then each violation.
    private func report(_ name: String, _ result: (version: String, violations: [Violation])) {
        let impacts = ["critical", "serious", "moderate", "minor"]
        let counts = impacts.map { impact in "\(result.violations.filter { $0.impact == impact }.count) \(impact)" }
        let line = "a11y-check: \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) axe \(result.version): "
            + (result.violations.isEmpty ? "no violations" : counts.joined(separator: ", "))
        print(([line] + result.violations.map { "    \($0)" }).joined(separator: "\n"))
        #expect(result.violations.isEmpty, "\(name): \(result.violations.map(\.description).joined(separator: "; "))")
    }

    @Test(arguments: [(1920, 1080, false, "screen"), (360, 800, true, "phone")])
    func everyScreenInEveryStateHasNoViolation(width: Int, height: Int, touch: Bool, size: String) throws {
        let script = try #require(AxeCore.script)
        let session = try ScreenSession(menu: ScreensTests.board, width: width, height: height, touch: touch)
        let browser = session.browser
        try session.prompt("order mango juice; order banana juice, pineapple juice; order kiwi juice 2; start 1; ready 1; start 2; stock remove kiwi 4")
        func check(_ name: String) throws { report("\(name) (\(size))", try axe(session, script: script)) }

        try session.open("/")
        try session.waitFor("return document.querySelectorAll('#items .item').length", toBe: "7")
        try check("/ the kiosk")
        let banana = try #require(try browser.element(ScreensTests.itemButton, ["Banana Juice"]))
        try browser.click(banana)
        try browser.click(banana)
        try session.waitFor("return document.querySelectorAll('#lines li').length", toBe: "1")
        try browser.click("#order")
        try session.waitFor("return document.querySelector('#result')?.className ?? ''", toBe: "result success")
        try check("/ an order's answer")

        try session.open("/ready")
        try session.waitFor(ScreensTests.readyNumbers, toBe: "2,3,4|1")
        try check("/ready")

        try session.open("/stock")
        try session.waitFor("return document.querySelector('#token-form') !== null", toBe: "1")
        try check("/stock asking for the token")
        try session.open("/stock", asOperator: true)
        try session.waitFor("return document.querySelectorAll('.ingredient').length", toBe: "5")
        try check("/stock")
        try browser.click("#walk")
        try session.waitFor("return document.querySelector('#restock-step')?.textContent.length > 0", toBe: "1")
        try check("/stock the restock walk")

        try session.open("/kitchen", asOperator: true)
        try session.waitFor("return document.querySelectorAll('.ticket').length", toBe: "4")
        try check("/kitchen")
        try browser.click(".ticket[data-ticket='3'] .cancel")
        try session.waitFor("return document.querySelector('.ticket[data-ticket=\"3\"] .confirm').hidden", toBe: "0")
        try check("/kitchen asking to cancel")

        try session.open("/report", asOperator: true)
        try session.waitFor("return document.querySelectorAll('svg.meter').length > 0", toBe: "1")
        try check("/report")
        #expect(session.server.stop() == 0)

        // The questions are the Juice Maker's (the board menu has none).
        let asking = try ScreenSession(menu: "menus/juice.kiosk", width: width, height: height, touch: touch)
        func checkAsking(_ name: String) throws { report("\(name) (\(size))", try axe(asking, script: script)) }
        try asking.open("/suggest")
        try asking.waitFor("return document.querySelector('#start') !== null && !document.querySelector('#start').disabled", toBe: "1")
        try checkAsking("/suggest")
        try asking.browser.click("#start")
        try asking.waitFor("return document.querySelector('#question-text')?.textContent.length > 0", toBe: "1")
        try checkAsking("/suggest a question")
        try asking.browser.wait("the suggestions") {
            if try asking.value("return document.querySelectorAll('#choices .choice').length") == "3" { return true }
            _ = try? asking.browser.click("#skip")
            return false
        }
        try checkAsking("/suggest three suggestions")
        #expect(asking.server.stop() == 0)

        // The stock room's drawer, on a menu with a checkout: closed, then open and counted.
        let scratch = try ScratchDirectory()
        let drawerMenu = try scratch.file("juice.kiosk", try Repository.text("menus/juice.kiosk") + "\ncheckout\n")
        let drawer = try ScreenSession(menu: drawerMenu, width: width, height: height, touch: touch)
        func checkDrawer(_ name: String) throws { report("\(name) (\(size))", try axe(drawer, script: script)) }
        try drawer.open("/stock", asOperator: true)
        try drawer.waitFor("#drawer-state", toContain: "The drawer is closed")
        try checkDrawer("/stock the drawer closed")
        try drawer.prompt("drawer open 100; drawer out 12.50 milk; drawer count 90")
        try drawer.waitFor("return document.querySelector('[data-figure=\"over-short\"] dd')?.textContent ?? ''", toBe: "2.50")
        try checkDrawer("/stock the drawer open and counted")
        #expect(drawer.server.stop() == 0)

        // An item with sizes and options: its customisation panel, open, with a choice made.
        let choosing = try ScreenSession(menu: "menus/coffee-bar.kiosk", width: width, height: height, touch: touch)
        func checkChoosing(_ name: String) throws { report("\(name) (\(size))", try axe(choosing, script: script)) }
        try choosing.prompt("stock set vanilla 0")
        try choosing.open("/")
        try choosing.waitFor("return document.querySelectorAll('#items .item').length", toBe: "6")
        try choosing.browser.click(try #require(try choosing.browser.element(ScreensTests.itemButton, ["Latte"])))
        try choosing.waitFor("return document.getElementById('choices').open", toBe: "1")
        try checkChoosing("/ the customisation panel")
        try choosing.browser.click("#choices-add")
        try choosing.waitFor("return document.querySelectorAll('#lines li').length", toBe: "1")
        try checkChoosing("/ a basket line with its choices")
        // A combo: its panel, an item's panel over it, and the combo in the basket.
        try choosing.browser.click(try #require(try choosing.browser.element(ScreensTests.itemButton, ["Breakfast Set"])))
        try choosing.waitFor("return document.getElementById('combo').open", toBe: "1")
        try checkChoosing("/ a combo's panel")
        func pick(_ name: String) throws {
            try choosing.browser.click(try #require(try choosing.browser.element(
                "return [...document.querySelectorAll('#combo .pick')].find(l => l.textContent.startsWith(arguments[0])) ?? null", [name])))
        }
        try pick("Latte")
        try choosing.waitFor("return document.getElementById('choices').open", toBe: "1")
        try checkChoosing("/ an item's panel over a combo's")
        try choosing.browser.click("#choices-add")
        try choosing.waitFor("return document.getElementById('choices').open", toBe: "0")
        try checkChoosing("/ a combo's item chosen with its choices")
        try choosing.browser.click("#combo-next")
        try pick("Muffin")
        try choosing.browser.click("#combo-next")
        try choosing.waitFor("return document.querySelectorAll('#lines .parts li').length", toBe: "2")
        try checkChoosing("/ a combo in the basket")
        #expect(choosing.server.stop() == 0)

        // A menu too long to scan: the search box, a query typed, its matches and Show more;
        // then a query nothing matches.
        let menus = try ScratchDirectory()
        let big = try ScreenSession(menu: try menus.file("big.kiosk", AccessibilityCheck.bigMenu), width: width, height: height, touch: touch)
        func checkSearching(_ name: String) throws { report("\(name) (\(size))", try axe(big, script: script)) }
        try big.open("/")
        try big.waitFor("return document.querySelectorAll('#items .item').length", toBe: "60")
        let search = try big.browser.find("#search")
        try big.browser.type("item 12", into: search)
        try big.waitFor("#nomatch", toContain: "111 items match.")
        try big.waitFor("return document.querySelector('#more').hidden", toBe: "0")
        try checkSearching("/ a 10,000-item menu searched")
        try big.browser.type("x", into: search)
        try big.waitFor("return document.querySelectorAll('#items .item').length", toBe: "0")
        try checkSearching("/ a search nothing matches")
        #expect(big.server.stop() == 0)
    }

    /// 10,000 items with prices, tags and allergens, as large as the budgets' menu:
    /// "item 12" matches 111 of them (12, 120–129, 1200–1299).
    static let bigMenu: String = {
        var text = "kiosk \"Big Hall\" currency \"KRW\"\n\ningredient flour stock 1000000 low 10 unit \"g\"\n"
        text += "ingredient milk stock 1000000 low 10 unit \"ml\"\n\n"
        for index in 0..<10_000 {
            let allergens = ["allergens none", "allergens milk", "allergens nuts", "allergens gluten, eggs", ""][index % 5]
            text += "item \"Item \(index)\" price \(1_000 + index % 500) needs flour 1, milk \(1 + index % 3) tags tag-\(index % 40)"
                + (allergens.isEmpty ? "" : " " + allergens) + "\n"
        }
        return text
    }()
}

/// axe-core's `axe.min.js`, which `make a11y-check` names in `KIOSK_AXE_SCRIPT`.
enum AxeCore {
    static var script: String? {
        ProcessInfo.processInfo.environment["KIOSK_AXE_SCRIPT"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    }
}
