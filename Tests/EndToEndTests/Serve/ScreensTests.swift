import Foundation
import KioskTestSupport
import KioskText
import Testing

/// The screens in a real browser: headless Chromium through W3C WebDriver against the
/// built `kiosk serve`, with the prompt on the same state. One browser at a time: each is a
/// few processes, and the machine may be busy.
@Suite(.serialized, .enabled(if: Browser.isAvailable, "needs Debian's chromium and chromium-driver (make test installs them)"))
struct ScreensTests {
    static let board = "menus/juice-board.kiosk"

    /// The mango's item button on the kiosk page.
    static let itemButton = #"return [...document.querySelectorAll('#items .item')].find(b => b.querySelector('.name').textContent === arguments[0]) ?? null"#

    /// Clicks an item's button on the kiosk page, as a person would.
    private func clickItem(_ session: ScreenSession, _ name: String) throws {
        var button: Browser.Element?
        try session.browser.wait("the item '\(name)'") {
            button = try session.browser.element(ScreensTests.itemButton, [name])
            return button != nil
        }
        if let button { try session.browser.click(button) }
    }

    @Test func anOrderFromTheKioskShowsTheMenusMessageAndTicketAndARefusalWhatIsShort() throws {
        let session = try ScreenSession(menu: ScreensTests.board)
        try session.open("/")
        try clickItem(session, "Mango Juice")
        try session.waitFor("#lines", toContain: "Mango Juice")
        try session.browser.click("#order")
        try session.waitFor("return document.querySelector('#result')?.className ?? ''", toBe: "result success")
        let made = try session.browser.text("#result")
        #expect(made.contains("Ticket 1: Mango Juice."), "the menu's message: \(made)")
        #expect(made.contains("Ticket 1 · ready by "), "the ticket and its time: \(made)")
        #expect(try session.value("return document.querySelectorAll('#lines li').length") == "0", "the basket is empty again")

        // Three more mango juices need 9 mango; 7 are left.
        try session.browser.click("#result button")
        for _ in 0..<3 { try clickItem(session, "Mango Juice") }
        try session.waitFor("return document.querySelector('#lines .quantity')?.textContent ?? ''", toBe: "3")
        try session.browser.click("#order")
        try session.waitFor("return document.querySelector('#result')?.className ?? ''", toBe: "result failure")
        let refused = try session.browser.text("#result")
        #expect(refused.contains("Not enough ingredients for Mango Juice ×3: mango (needed 9, available 7)."), "\(refused)")
        #expect(refused.contains("mango: needs 9, 7 left"), "\(refused)")
        #expect(try session.value("return document.querySelector('#lines .quantity')?.textContent ?? ''") == "3", "the basket stays")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// On a menu with taxes and discounts the basket shows what the kiosk prices it at —
    /// its discounts, the VAT its total holds — and the made order shows what was paid.
    @Test func theBasketAndTheResultShowTheKiosksPriceWithItsDiscountsAndTaxes() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("cafe.kiosk", """
        kiosk "Corner Café" currency "KRW"
        ingredient cup stock 100
        item "Latte" price 4500 needs cup 1 tag drinks
        item "Croissant" price 3500 needs cup 1 tag food
        item "Muffin" price 3000 needs cup 1 tag food
        tax "VAT" 10% included
        discount "Set saver" 1000 off order minimum 10000

        """)
        let session = try ScreenSession(menu: menu)
        try session.open("/")
        try clickItem(session, "Latte")
        try session.waitFor("#total", toContain: "4,500")
        try session.waitFor("#price", toContain: "VAT included")
        #expect(try session.browser.text("#price").contains("409"), "10 % backed out of 4,500")
        try clickItem(session, "Croissant")
        try clickItem(session, "Muffin")
        try session.waitFor("#price", toContain: "Set saver")
        try session.waitFor("#total", toContain: "10,000")
        try session.browser.click("#order")
        try session.waitFor("return document.querySelector('#result')?.className ?? ''", toBe: "result success")
        let made = try session.browser.text("#result")
        #expect(made.contains("Set saver") && made.contains("909") && made.contains("10,000"), "\(made)")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// The checkout step on a menu that takes payment: the simulated reader's prompt while
    /// it waits, then each of its answers as the customer sees it; a declined card may be
    /// tried again and paid; "pay at the counter" says what to pay where. The prompt sees
    /// the payments. The first order crosses the low mark, so a `restock.needed` follows it:
    /// the answer's own `seq` is then past the order's, which the step must not pay.
    @Test func theCheckoutStepShowsTheReadersPromptsAndAnswersOrSendsToTheCounter() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("corner.kiosk", """
        kiosk "Corner" currency "USD"
        ingredient beans stock 100 low 99
        item "Coffee" price 3.03 needs beans 1
        checkout pay later reader latency 1s

        """)
        let session = try ScreenSession(menu: menu)
        try session.open("/")
        try clickItem(session, "Coffee")
        try session.browser.click("#order")
        try session.waitFor("#pay-title", toContain: "Pay $3.03")
        let state = "return document.querySelector('#payment')?.dataset.state ?? ''"
        for (card, answer, words) in [
            ("4000000000000002", "declined", "generic_decline"), ("timeout", "timed_out", "did not answer"), ("cancel", "canceled", "cancelled"),
        ] {
            try session.browser.execute("document.querySelector('#test-card').value = arguments[0]", [card])
            try session.browser.click("#pay-card")
            // The reader takes a second: its prompt shows meanwhile.
            try session.waitFor(state, toBe: "in_progress")
            #expect(try session.browser.text("#payment").contains("on the reader"))
            try session.waitFor(state, toBe: answer)
            let shown = try session.browser.text("#payment")
            #expect(shown.contains(words) && shown.contains("Try again"), "\(card): \(shown)")
        }
        try session.browser.execute("document.querySelector('#test-card').value = arguments[0]", ["4242424242424242"])
        try session.browser.click("#pay-card")
        try session.waitFor(state, toBe: "completed")
        #expect(try session.browser.text("#payment") == "Paid $3.03 by card. Thank you!")
        #expect(try session.value("return document.querySelector('#pay-card') === null ? 'gone' : 'there'") == "gone", "nothing more to pay")
        let receipt = try session.prompt("receipt 1")
        #expect(receipt.stdout.contains("Paid by card") && receipt.stdout.contains("3.03"), "\(receipt.stdout)")

        try session.browser.click("#result > button")
        try clickItem(session, "Coffee")
        try session.browser.click("#order")
        try session.waitFor("#pay-title", toContain: "Pay $3.03")
        try session.browser.click("#pay-counter")
        try session.waitFor(state, toBe: "counter")
        let counter = try session.browser.text("#payment")
        #expect(counter.hasPrefix("Please pay at the counter: order ") && counter.hasSuffix(", $3.03."), "\(counter)")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// On a menu paid first, the order's panel says the time to pay by and shows no number;
    /// the card taken, the number the payment opened shows, and the prompt's board has it.
    @Test func anOrderPaidFirstGetsItsNumberOnTheScreenWhenTheCardIsTaken() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("stall.kiosk", """
        kiosk "Stall" currency "USD"
        ingredient beans stock 100
        station bar
        board
        item "Coffee" price 3.03 needs beans 1 prep 1m station bar
        checkout pay first hold 10m

        """)
        let session = try ScreenSession(menu: menu)
        try session.open("/")
        try clickItem(session, "Coffee")
        try session.browser.click("#order")
        try session.waitFor("#pay-title", toContain: "Pay $3.03")
        #expect(try session.browser.text("#result .held").hasPrefix("Pay by "))
        #expect(try session.value("return document.querySelector('#result .ticket-line') === null ? 'none' : 'shown'") == "none")
        #expect(try session.prompt("board").stdout.contains("QUEUED (0)"))
        try session.browser.execute("document.querySelector('#test-card').value = arguments[0]", ["4242424242424242"])
        try session.browser.click("#pay-card")
        try session.waitFor("return document.querySelector('#payment')?.dataset.state ?? ''", toBe: "completed")
        try session.waitFor("#result .ticket-line", toContain: "1")
        #expect(try session.prompt("board").stdout.contains("QUEUED (1)"))
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// The label of the option or size `name` in the open customisation panel.
    private static func pick(_ name: String) -> String {
        "return \(pickExpression(name)) ?? null"
    }

    private static func pickExpression(_ name: String) -> String {
        "[...document.querySelectorAll('#choices .pick')].find(l => l.textContent.startsWith(\(jsString(name))))"
    }

    private static func jsString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    private func clickPick(_ session: ScreenSession, _ name: String) throws {
        let label = try #require(try session.browser.element(ScreensTests.pick(name)), "no choice '\(name)' in the panel")
        try session.browser.click(label)
    }

    /// An item with sizes and options opens a panel: the default size and a required
    /// group's default chosen, the price following each choice, a full group taking no
    /// more, a sold-out option greyed with why, Add only when every group has enough; the
    /// basket lists the choices under the line, and the order is made with them.
    @Test func theCustomisationPanelChoosesWithinTheLimitsAndTheOrderTakesTheChoices() throws {
        let session = try ScreenSession(menu: "menus/coffee-bar.kiosk")
        try session.prompt("stock set vanilla 0")
        try session.open("/")
        try clickItem(session, "Latte")
        try session.waitFor("return document.getElementById('choices').open", toBe: "1")
        #expect(try session.value("return document.activeElement?.closest('#choices') !== null") == "1", "focus is in the panel")
        #expect(try session.value("return document.querySelector('#choices input[name=size]:checked').parentNode.textContent") == "large ₩5,000")
        #expect(try session.value("return document.querySelector('#choices input[name=group-0]:checked').parentNode.textContent") == "Whole")
        try session.waitFor("#choices-price", toContain: "₩5,000")
        try clickPick(session, "small")
        try session.waitFor("#choices-price", toContain: "₩4,000")
        try clickPick(session, "Oat")
        try session.waitFor("#choices-price", toContain: "₩4,500")
        try clickPick(session, "Extra shot")
        try session.browser.execute("const s = document.querySelector('#choices select'); s.value = '2'; s.dispatchEvent(new Event('change'))")
        try session.waitFor("#choices-price", toContain: "₩5,500")
        #expect(try session.value("return document.querySelector('#group-1-limits').textContent") == "choose up to 3: 2 chosen")
        // Vanilla is sold out: greyed, with why, and not to be chosen.
        let vanilla = ScreensTests.pickExpression("Vanilla")
        #expect(try session.value("return \(vanilla)?.textContent") == "Vanilla +₩300 (Sold out)")
        #expect(try session.value("return \(vanilla)?.querySelector('input').disabled") == "1")
        try clickPick(session, "No sugar")
        try session.browser.click("#choices-add")
        try session.waitFor("return document.getElementById('choices').open", toBe: "0")
        try session.waitFor("#lines", toContain: "Latte (small)")
        #expect(try session.browser.text("#lines .options") == "Oat, Extra shot ×2, No sugar")
        try session.waitFor("#total", toContain: "₩5,500")
        try session.browser.click("#order")
        try session.waitFor("return document.querySelector('#result')?.className ?? ''", toBe: "result success")
        #expect(try session.browser.text("#result").contains("Ticket 1: Latte (small, Oat, Extra shot ×2, No sugar)."))
        #expect(try session.prompt("history").stdout.contains("Latte (small, Oat, Extra shot ×2, No sugar)  made (5,500)"))

        // A required group taking more than one: its default is chosen; without it, Add waits.
        try session.browser.click("#result button")
        try clickItem(session, "Tea")
        try session.waitFor("return document.getElementById('choices').open", toBe: "1")
        #expect(try session.value("return document.querySelector('#choices-add').disabled") == "0")
        try clickPick(session, "Green")
        #expect(try session.value("return document.querySelector('#group-0-limits').textContent") == "choose 1 or more: 0 chosen")
        #expect(try session.value("return document.querySelector('#choices-add').disabled") == "1")
        try clickPick(session, "Mint")
        try clickPick(session, "Black")
        try session.waitFor("#choices-price", toContain: "₩3,200")
        try session.browser.type(Browser.escapeKey, into: try session.browser.find("#choices-add"))
        try session.waitFor("return document.getElementById('choices').open", toBe: "0")
        #expect(try session.value("return document.querySelectorAll('#lines li').length") == "0", "Escape adds nothing")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// The label of the item `name` on the open combo panel's choice.
    private static func comboPick(_ name: String) -> String {
        "[...document.querySelectorAll('#combo .pick')].find(l => l.textContent.startsWith(\(jsString(name))))"
    }

    /// A combo walks its choices in order: an item with sizes or options opens its own
    /// panel over the combo's (closed without adding, the item is not chosen), the combo's
    /// price follows each choice, a sold-out item is greyed with why; the basket lists the
    /// combo's items with their choices under it, and the order is the combo with them.
    @Test func aComboWalksItsChoicesAndTheOrderTakesThem() throws {
        let session = try ScreenSession(menu: "menus/coffee-bar.kiosk")
        try session.prompt("stock set croissant 0")
        try session.open("/")
        try clickItem(session, "Breakfast Set")
        try session.waitFor("return document.getElementById('combo').open", toBe: "1")
        #expect(try session.value("return document.activeElement?.closest('#combo') !== null") == "1", "focus is in the panel")
        #expect(try session.value("return document.querySelector('#combo legend').textContent") == "Choice 1 of 2 choose 1: 0 chosen")
        #expect(try session.value("return document.querySelector('#combo-next').disabled") == "1")
        #expect(try session.browser.text("#combo-price") == "Price: ₩7,000")

        // An item with options opens its panel; Escape there leaves it unchosen.
        try session.browser.click(try #require(try session.browser.element("return \(ScreensTests.comboPick("Americano")) ?? null")))
        try session.waitFor("return document.getElementById('choices').open", toBe: "1")
        try session.browser.type(Browser.escapeKey, into: try session.browser.find("#choices-add"))
        try session.waitFor("return document.getElementById('choices').open", toBe: "0")
        #expect(try session.value("return document.getElementById('combo').open") == "1", "the combo's panel stays")
        #expect(try session.value("return document.querySelector('#combo input:checked') === null") == "1", "nothing chosen")

        // The latte's own panel, over the combo's, with the combo's price as chosen.
        try session.browser.click(try #require(try session.browser.element("return \(ScreensTests.comboPick("Latte")) ?? null")))
        try session.waitFor("return document.getElementById('choices').open", toBe: "1")
        try session.waitFor("#choices-price", toContain: "Breakfast Set as chosen: ₩8,000")
        try clickPick(session, "Oat")
        try session.waitFor("#choices-price", toContain: "Breakfast Set as chosen: ₩8,500")
        #expect(try session.browser.text("#choices-add") == "Add to Breakfast Set")
        try session.browser.click("#choices-add")
        try session.waitFor("return document.getElementById('choices').open", toBe: "0")
        try session.waitFor("return \(ScreensTests.comboPick("Latte"))?.textContent ?? ''", toBe: "Latte (large, Oat) +₩1,500")
        #expect(try session.value("return \(ScreensTests.comboPick("Latte")).querySelector('input').checked") == "1")
        #expect(try session.value("return document.activeElement?.closest('#combo') !== null") == "1", "focus is back in the combo's panel")
        try session.waitFor("#combo-price", toContain: "₩8,500")

        // The second choice: the croissant is sold out.
        try session.browser.click("#combo-next")
        try session.waitFor("return document.querySelector('#combo legend').textContent", toBe: "Choice 2 of 2 choose 1: 0 chosen")
        #expect(try session.value("return \(ScreensTests.comboPick("Croissant"))?.textContent") == "Croissant (Sold out)")
        #expect(try session.value("return \(ScreensTests.comboPick("Croissant")).querySelector('input').disabled") == "1")
        try session.browser.click(try #require(try session.browser.element("return \(ScreensTests.comboPick("Muffin")) ?? null")))
        try session.waitFor("#combo-next", toContain: "Add to order — ₩8,500")
        try session.browser.type(Browser.enterKey, into: try session.browser.find("#combo-next"))
        try session.waitFor("return document.getElementById('combo').open", toBe: "0")

        try session.waitFor("#lines", toContain: "Breakfast Set")
        #expect(try session.value("return [...document.querySelectorAll('#lines .parts li')].map(n => n.textContent).join('|')") == "Latte (large, Oat)|Muffin")
        try session.waitFor("#total", toContain: "₩8,500")
        try session.browser.click("#order")
        try session.waitFor("return document.querySelector('#result')?.className ?? ''", toBe: "result success")
        let made = try session.browser.text("#result")
        #expect(made.contains("Breakfast Set (Latte (large, Oat) + Muffin)"), "\(made)")

        // The server has the combo with those items, at 7,000 + 1,500.
        let orders = try #require(try session.server.request("GET", "/api/v1/orders", operator: true).json?["result"] as? [String: Any])
        let order = try #require((orders["orders"] as? [[String: Any]])?.first)
        #expect(order["total"] as? Int == 8500)
        let lines = order["lines"] as? [[String: Any]] ?? []
        #expect(lines.map { $0["item"] as? String ?? "" } == ["Latte", "Muffin"])
        #expect(lines.allSatisfy { ($0["combo"] as? [String: Any])?["name"] as? String == "Breakfast Set" })
        #expect(lines.first?["size"] as? String == "large")
        #expect((lines.first?["options"] as? [[String: Any]])?.map { $0["option"] as? String ?? "" } == ["Oat"])
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    @Test func theCustomisationPanelSpeaksKorean() throws {
        let session = try ScreenSession(menu: "menus/coffee-bar.kiosk", environment: ["LANGUAGE": "ko"], width: 360, height: 800, touch: true)
        try session.open("/")
        try clickItem(session, "Latte")
        try session.waitFor("return document.getElementById('choices').open", toBe: "1")
        #expect(try session.value("return document.querySelector('#choices legend').textContent") == "크기")
        #expect(try session.value("return document.querySelector('#group-1-limits').textContent") == "최대 3개 선택: 0개 선택함")
        try session.waitFor("#choices-add", toContain: "주문에 담기 — ")
        try clickPick(session, "Oat")
        try session.waitFor("#choices-price", toContain: "가격: ")
        try session.waitFor("#choices-price", toContain: "5,500")
        try session.browser.click("#choices-add")
        try session.waitFor("#lines", toContain: "Latte (large)")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// The stock room: the stepper, the set field and the restock walk, each seen by the
    /// prompt and the prompt's edits seen by the page; then the drawer panel (the Juice
    /// Maker with a `checkout`): open with a float, pay out with a reason, count, and the
    /// over or short on the page, which follows the prompt's pay-in from the event stream.
    @Test func theStockRoomsStepperChangesTheStockThePromptSees() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("juice.kiosk", try Repository.text("menus/juice.kiosk") + "\ncheckout\n")
        let session = try ScreenSession(menu: menu)
        try session.open("/stock")
        // The token is asked once per tab.
        let input = try session.browser.find("#token-input")
        try session.browser.type(ScreenSession.token, into: input)
        try session.browser.click("#token-form button[type=submit]")
        let mango = "[...document.querySelectorAll('.ingredient')].find(n => n.querySelector('.name').textContent === 'mango')"
        try session.waitFor("return \(mango)?.querySelector('.number').textContent ?? ''", toBe: "10")
        try session.browser.click("button[aria-label='One more mango']")
        try session.waitFor("return \(mango)?.querySelector('.number').textContent ?? ''", toBe: "11")
        for _ in 0..<2 {
            try session.browser.click("button[aria-label='One less mango']")
            try session.browser.wait("the edit's answer") { try session.browser.text("#status").hasPrefix("mango: ") }
        }
        try session.waitFor("return \(mango)?.querySelector('.number').textContent ?? ''", toBe: "9")
        let field = try session.browser.find("input[aria-label='Set mango to']")
        try session.browser.type("2", into: field)
        try session.browser.type(Browser.enterKey, into: field)
        try session.waitFor("return \(mango)?.querySelector('.number').textContent ?? ''", toBe: "2")
        try session.waitFor("return \(mango)?.dataset.status ?? ''", toBe: "ok")

        // The prompt, another process on the state, sees the page's edits…
        let seen = try session.prompt("stock")
        #expect(seen.stdout.contains("mango") && seen.stdout.split(separator: "\n").contains { $0.hasPrefix("mango") && $0.contains(" 2") }, "\(seen.stdout)")
        // …and the page sees the prompt's, without a reload.
        try session.prompt("stock set mango 0")
        try session.waitFor("return \(mango)?.querySelector('.number').textContent ?? ''", toBe: "0", timeout: .seconds(30))
        try session.waitFor("return \(mango)?.querySelector('.flag').textContent ?? ''", toBe: "Out")
        #expect(try session.value("return \(mango).querySelector('button[aria-label=\"One less mango\"]').disabled") == "1")

        // The restock walk offers what restock would add.
        try session.browser.click("#walk")
        try session.waitFor("#restock-step", toContain: "mango: 0 left. Add how many?")
        #expect(try session.value("return document.querySelector('#restock-amount').value") == "10")
        try session.browser.click("#restock-add")
        try session.waitFor("return \(mango)?.querySelector('.number').textContent ?? ''", toBe: "10")
        try session.waitFor("#status", toContain: "Restock done.")
        #expect(try session.prompt("stock").stdout.split(separator: "\n").contains { $0.hasPrefix("mango") && $0.contains(" 10") })

        // The drawer: no day open yet, so only the form that opens one.
        try session.waitFor("#drawer-state", toContain: "The drawer is closed")
        #expect(try session.value("return document.querySelector('#drawer-steps').hidden") == "1")
        try session.browser.type("100", into: try session.browser.find("#drawer-float"))
        try session.browser.click("#drawer-open")
        try session.waitFor("#drawer-status", toContain: "Day 1 is open.")
        let figure = { (name: String) in "return document.querySelector('[data-figure=\"\(name)\"] dd')?.textContent ?? ''" }
        try session.waitFor(figure("expected"), toBe: "100.00")
        #expect(try session.value("return document.querySelector('#drawer-open-form').hidden") == "1")
        // A pay-out needs its reason.
        try session.browser.type("12.50", into: try session.browser.find("#drawer-move-amount"))
        try session.browser.click("#drawer-out")
        try session.waitFor("#drawer-status", toContain: "Say why the cash goes in or out.")
        try session.browser.type("milk", into: try session.browser.find("#drawer-move-reason"))
        try session.browser.click("#drawer-out")
        try session.waitFor("#drawer-status", toContain: "The drawer should hold 87.50.")
        try session.waitFor(figure("pay-outs"), toBe: "-12.50")
        try session.browser.type("90", into: try session.browser.find("input#drawer-count-amount"))
        try session.browser.click("#drawer-count")
        try session.waitFor(figure("over-short"), toBe: "2.50")
        try session.waitFor("#drawer-status", toContain: "Counted 90.00: over (+) or short (-) 2.50.")
        #expect(try session.browser.text("#drawer-figures").contains("Counted"))
        // The prompt sees the page's steps; the page follows the prompt's from the stream.
        let x = try session.prompt("report x").stdout
        #expect(x.contains("Pay-outs                -12.50") && x.contains("Over (+) or short (-)     2.50"), "\(x)")
        try session.prompt("drawer in 5 change")
        try session.waitFor(figure("pay-ins"), toBe: "5.00", timeout: .seconds(30))
        try session.waitFor(figure("over-short"), toBe: "-2.50")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// The ticket's column on the kitchen page, or "" when it has none.
    static func column(_ ticket: Int) -> String {
        "return document.querySelector('.ticket[data-ticket=\"\(ticket)\"]')?.closest('.column')?.dataset.state ?? ''"
    }

    /// The ready board's numbers: `preparing|ready`.
    static let readyNumbers = "return [...document.querySelectorAll('#preparing li')].map(n => n.textContent).join(',') + '|' + [...document.querySelectorAll('#ready li')].map(n => n.textContent).join(',')"

    @Test func anOrderAtThePromptAppearsOnTheKitchenAndReadyBoardsWhichMoveAndRecallIt() throws {
        let session = try ScreenSession(menu: ScreensTests.board)
        let browser = session.browser
        try session.open("/kitchen", asOperator: true)
        let kitchen = try browser.currentWindow()
        try session.waitFor("return document.querySelector('#keys').textContent.length > 0", toBe: "1")
        let ready = try browser.newWindow()
        try browser.switchToWindow(ready)
        try session.open("/ready")
        try session.waitFor("return document.querySelector('#ready-title').textContent", toBe: "Ready")
        try session.waitFor("return document.title", toBe: "Juice Maker — Ready board")

        #expect(try session.prompt("order mango juice").status == 0)
        try session.waitFor(ScreensTests.readyNumbers, toBe: "1|")
        try browser.switchToWindow(kitchen)
        try session.waitFor(ScreensTests.column(1), toBe: "queued")
        #expect(try session.value("return document.querySelector('.ticket[data-ticket=\"1\"] .lines').textContent") == "1 × Mango Juice")
        #expect(try session.value("return document.querySelector('.ticket[data-ticket=\"1\"] .station').textContent") == "blender")
        #expect(try session.value("return document.querySelector('.column[data-state=queued] .count').textContent") == "1")
        #expect(try session.value("return document.querySelector('#allday').textContent") == "Mango Juice101")

        // Tap: start, then ready.
        try browser.click(".ticket[data-ticket='1'] .bump")
        try session.waitFor(ScreensTests.column(1), toBe: "preparing")
        try browser.click(".ticket[data-ticket='1'] .bump")
        try session.waitFor(ScreensTests.column(1), toBe: "ready")
        try browser.switchToWindow(ready)
        try session.waitFor(ScreensTests.readyNumbers, toBe: "|1")
        try session.waitFor("#announce", toContain: "Ticket 1 is ready: Mango Juice.")

        // Keys: 1 picks the ticket, Enter hands it over; R recalls it.
        try browser.switchToWindow(kitchen)
        try browser.press("1")
        try session.waitFor("return document.activeElement?.closest('.ticket')?.dataset.ticket ?? ''", toBe: "1")
        try browser.press(Browser.enterKey)
        try session.waitFor(ScreensTests.column(1), toBe: "")
        try browser.switchToWindow(ready)
        try session.waitFor(ScreensTests.readyNumbers, toBe: "|")
        try browser.switchToWindow(kitchen)
        try browser.execute("document.activeElement?.blur()")
        try browser.press("r")
        try session.waitFor(ScreensTests.column(1), toBe: "ready")
        try browser.switchToWindow(ready)
        try session.waitFor(ScreensTests.readyNumbers, toBe: "|1")

        // Cancel asks first.
        try browser.switchToWindow(kitchen)
        try browser.click(".ticket[data-ticket='1'] .cancel")
        try session.waitFor("return document.querySelector('.ticket[data-ticket=\"1\"] .confirm').hidden", toBe: "0")
        try browser.click(".ticket[data-ticket='1'] .confirm .danger")
        try session.waitFor(ScreensTests.column(1), toBe: "")
        #expect(try session.prompt("board").stdout.contains("READY (0)"), "the prompt sees the cancel")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    @Test func theStreamCutAndRestoredLosesNoEventOnTheKitchen() throws {
        let session = try ScreenSession(menu: ScreensTests.board)
        try session.open("/kitchen", asOperator: true)
        try session.prompt("order mango juice")
        try session.waitFor(ScreensTests.column(1), toBe: "queued")
        try session.restartServer(after: SIGKILL) {
            try session.waitFor("#connection", toContain: "Connection lost")
            // What happens while the server is down is in the journal.
            #expect(try session.prompt("order banana juice; order kiwi juice; start 1; order pineapple juice; start 2; ready 2").status == 0)
        }
        try session.waitFor("#connection", toContain: "Connection back", timeout: .seconds(60))
        try session.waitFor(ScreensTests.column(1), toBe: "preparing")
        try session.waitFor(ScreensTests.column(2), toBe: "ready")
        try session.waitFor(ScreensTests.column(3), toBe: "queued")
        try session.waitFor(ScreensTests.column(4), toBe: "queued")
        // The page and the board agree, card for card.
        let board = try #require(try session.server.request("GET", "/api/v1/board").json?["result"] as? [String: Any])
        for state in ["queued", "preparing", "ready"] {
            let numbers = (board[state] as? [[String: Any]] ?? []).compactMap { $0["ticket"] as? Int }.map(String.init).joined(separator: ",")
            #expect(try session.value("return [...document.querySelectorAll('.column[data-state=\(state)] .ticket')].map(n => n.dataset.ticket).join(',')") == numbers)
        }
        #expect(session.server.stop() == 0)
    }

    @Test func aHostileItemNameIsShownAsTextAndRunsNothing() throws {
        let scratch = try ScratchDirectory()
        let hostile = "<img src=x onerror=alert(1)>"
        let menu = try scratch.file("hostile.kiosk", """
            kiosk "Juice <b>Maker</b>" currency "KRW"
            ingredient mango stock 10
            board {
              warn 5m
              late 8m
            }
            item "\(hostile)" price 4500 needs mango 1 allergens milk
            item "Mango Juice" price 5000 needs mango 3
            message order.succeeded "<script>alert(2)</script>{item}"
            """)
        let session = try ScreenSession(menu: menu)
        try session.open("/")
        try clickItem(session, hostile)
        try session.waitFor("#lines", toContain: hostile)
        #expect(try session.browser.text("#title") == "Juice <b>Maker</b>")
        try session.browser.click("#order")
        try session.waitFor("#result", toContain: "<script>alert(2)</script>\(hostile)")
        #expect(session.browser.openDialog() == nil, "no dialog opened")
        #expect(try session.value("return document.querySelectorAll('main img, main script, main b').length") == "0")
        try session.open("/kitchen", asOperator: true)
        try session.waitFor("return document.querySelector('.ticket[data-ticket=\"1\"] .lines')?.textContent ?? ''", toBe: "1 × \(hostile)")
        #expect(session.browser.openDialog() == nil)
        #expect(try session.value("return document.querySelectorAll('main img, main script, main b').length") == "0")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// The operator's words of the pages in Korean, from the catalog built into kiosk.
    private static func korean(_ message: String) -> String {
        Localization.text(message, in: .korean)
    }

    @Test func theKoreanJuiceMakerSpeaksKoreanAndSuggests() throws {
        // The menu's words are Korean; the page's own words are the catalog's, in the
        // language the server speaks (as the terminal: LANGUAGE, --lang, the menu's language).
        let session = try ScreenSession(menu: "menus/juice-ko.kiosk", environment: ["LANGUAGE": "ko"], width: 360, height: 800, touch: true)
        try session.open("/suggest")
        try session.waitFor("return document.title", toBe: "쥬스 메이커 — " + ScreensTests.korean("What should I have?"))
        #expect(try session.value("return document.documentElement.lang") == "ko")
        #expect(try session.browser.text("#start") == ScreensTests.korean("Start"))
        try session.browser.click("#start")
        try session.waitFor("#question-text", toContain: "달콤한 쥬스가 좋으세요?")
        try session.browser.click("#yes")
        try session.waitFor("#question-text", toContain: "열대 과일 쥬스는 어떠세요?")
        try session.browser.click("#yes")
        try session.waitFor("#question-text", toContain: "두 가지 과일을 섞은 쥬스는 어떠세요?")
        try session.browser.click("#skip")
        try session.waitFor("return document.querySelectorAll('#choices .choice').length", toBe: "3")
        #expect(try session.browser.text("#choices .choice .name") == "망고쥬스", "sweet and tropical: mango first")
        #expect(try session.browser.text("#choices .choice .reasons").contains("달콤, 열대"))
        try session.screenshot("suggest-ko-phone")
        try session.browser.click("#choices .choice button")
        try session.waitFor("#status", toContain: "망고쥬스")

        try session.open("/")
        try session.waitFor("#lines", toContain: "망고쥬스")
        #expect(try session.browser.text("#basket-title") == ScreensTests.korean("Your order"))
        // The words themselves, not only "whatever the catalog says": an operator reads Korean.
        #expect(try session.browser.text("#basket-title") == "주문 내역")
        #expect(try session.browser.text("#order") == "주문")
        try session.browser.click("#order")
        try session.waitFor("#result", toContain: "망고쥬스 나왔습니다! 맛있게 드세요!")
        try session.screenshot("kiosk-ko-phone")
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// A suggestion of a chosen selection goes into the basket as chosen: someone who
    /// avoids milk is offered the oat latte, and the order made from the basket is one.
    @Test func aSuggestedSelectionGoesIntoTheBasketAsChosen() throws {
        let session = try ScreenSession(menu: "menus/coffee-bar.kiosk")
        try session.prompt("profile ana avoid milk")
        try session.open("/suggest")
        try session.browser.type("ana", into: try session.browser.find("#profiles"))
        try session.browser.click("#start")
        try session.waitFor("return document.querySelectorAll('#choices .choice').length > 0", toBe: "1")
        let latte = "[...document.querySelectorAll('#choices .choice')].find(c => c.querySelector('.name').textContent.startsWith('Latte'))"
        #expect(try session.value("return \(latte)?.querySelector('.name').textContent") == "Latte (large, Oat)")
        let add = try #require(try session.browser.element("return \(latte)?.querySelector('button') ?? null"), "no Latte among the suggestions")
        try session.browser.click(add)
        try session.waitFor("#status", toContain: "Latte")

        try session.open("/")
        try session.waitFor("#lines", toContain: "Latte (large)")
        #expect(try session.browser.text("#lines .options") == "Oat")
        try session.waitFor("#total", toContain: "₩5,500")
        try session.browser.click("#order")
        try session.waitFor("return document.querySelector('#result')?.className ?? ''", toBe: "result success")
        #expect(try session.browser.text("#result").contains("Latte (large, Oat)"))
        #expect(try session.prompt("history").stdout.contains("Latte (large, Oat)  made (5,500)"))
        #expect(session.consoleErrors() == [])
        #expect(session.server.stop() == 0)
    }

    /// Every page at a phone's and a screen's size, on a day with something to show, into
    /// `docs/images/` for the README.
    @Test func screenshotsOfEveryPage() throws {
        for (width, height, touch, size) in [(1920, 1080, false, "screen"), (360, 800, true, "phone")] {
            let session = try ScreenSession(menu: ScreensTests.board, width: width, height: height, touch: touch)
            let day = [
                "order mango juice", "order banana juice, pineapple juice", "order kiwi juice 2", "order mango kiwi juice",
                "order strawberry juice", "order banana juice", "start 1", "ready 1", "start 2", "ready 2", "pickup 2", "start 3",
                "order mango juice", "stock remove kiwi 3",
            ]
            try session.prompt(day.joined(separator: "; "))
            for (path, name, asOperator) in [
                ("/", "kiosk", false), ("/suggest", "suggest", false), ("/ready", "ready", false), ("/stock", "stock", true),
                ("/kitchen", "kitchen", true), ("/report", "report", true),
            ] {
                try session.open(path, asOperator: asOperator)
                try session.browser.wait("\(path) to show its data") {
                    try session.value("return document.querySelector('main')?.textContent.trim().length ?? 0") != "0"
                        && session.value("return document.body.classList.contains('locked')") == "0"
                }
                if path == "/" {
                    try clickItem(session, "Pineapple Juice")
                    try clickItem(session, "Banana Juice")
                    try clickItem(session, "Banana Juice")
                    try session.waitFor("return document.querySelectorAll('#lines li').length", toBe: "2")
                } else if path == "/kitchen" {
                    try session.waitFor("return document.querySelectorAll('.ticket').length", toBe: "5")
                } else if path == "/ready" {
                    try session.waitFor(ScreensTests.readyNumbers, toBe: "3,4,5,6|1")
                } else if path == "/report" {
                    try session.waitFor("return document.querySelectorAll('svg.meter').length > 0", toBe: "1")
                }
                try session.screenshot("\(name)-\(size)")
                #expect(session.consoleErrors() == [], "\(path)")
            }
            #expect(session.server.stop() == 0)
        }
    }
}
