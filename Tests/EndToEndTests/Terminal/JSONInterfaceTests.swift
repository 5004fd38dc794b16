import Foundation
import KioskTestSupport
import KioskText
import Testing

/// `--json` as an interface: one object per command with its canonical name, an error code
/// from the list in docs/COMMANDS.md, and start-up failures as diagnostic objects on standard error.
@Suite struct JSONInterfaceTests {
    /// The objects a run printed on standard output, one per line.
    private func objects(_ text: String) -> [JSONValue] {
        text.split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8)) }
    }

    /// A command line that fails, the code it must give and the command it names.
    struct Case: Sendable, CustomTestStringConvertible {
        let commands: String
        let code: String
        let command: String
        var menu: String?
        var arguments: [String] = []
        /// Which failure of the run is the case's: the first, unless it needs one before it.
        var failure = 0
        var testDescription: String { code }
    }

    static let cases: [Case] = [
        Case(commands: "ordr mango juice", code: "unknown_command", command: "ordr"),
        Case(commands: "order", code: "usage", command: "order"),
        Case(commands: "menu please", code: "unexpected_arguments", command: "menu"),
        Case(commands: "stock frob mango 1", code: "unknown_subcommand", command: "stock"),
        Case(commands: "stock add mango lots", code: "invalid_quantity", command: "stock"),
        Case(commands: "stock add mango 99999999999999999999", code: "quantity_too_large", command: "stock"),
        Case(commands: "stock set mango -1", code: "quantity_too_small", command: "stock"),
        Case(commands: "order dragonfruit juice", code: "unknown_item", command: "order"),
        Case(commands: "stock add dragonfruit 1", code: "unknown_ingredient", command: "stock"),
        Case(commands: "order strawberry juice", code: "insufficient_stock", command: "order"),
        Case(
            commands: "order " + Array(repeating: "gold 1000000000", count: 10).joined(separator: ", "), code: "requirement_too_large", command: "order",
            menu: "ingredient gold stock 10\nitem \"Gold\" needs gold 1000000000\n"
        ),
        Case(
            commands: "order gold 1000000000", code: "total_too_large", command: "order",
            menu: "ingredient gold stock 1000000000\nitem \"Gold\" needs gold 1 price 999999999.99\n"
        ),
        Case(
            commands: "order latte", code: "choice_required", command: "order",
            menu: "ingredient bean stock 10\nitem \"Latte\" {\n  size small needs bean 1\n  size large needs bean 2\n}\n"
        ),
        Case(commands: "order medium latte", code: "unknown_size", command: "order", arguments: ["--menu", Repository.menus + "/coffee-bar.kiosk"]),
        Case(commands: "order latte +oak", code: "unknown_option", command: "order", arguments: ["--menu", Repository.menus + "/coffee-bar.kiosk"]),
        Case(
            commands: "order latte +no sugar +light sugar", code: "choice_outside_limits", command: "order",
            arguments: ["--menu", Repository.menus + "/coffee-bar.kiosk"]
        ),
        Case(
            commands: "order breakfast +americano +croissant +muffin", code: "combo_outside_limits", command: "order",
            arguments: ["--menu", Repository.menus + "/coffee-bar.kiosk"]
        ),
        Case(
            commands: "order breakfast +bagel", code: "unknown_combo_item", command: "order",
            arguments: ["--menu", Repository.menus + "/coffee-bar.kiosk"]
        ),
        Case(commands: "order latte +vanilla x2", code: "option_repeated", command: "order", arguments: ["--menu", Repository.menus + "/coffee-bar.kiosk"]),
        Case(commands: "order latte discount stuff", code: "unknown_discount", command: "order", arguments: ["--menu", Repository.menus + "/cafe.kiosk"]),
        Case(
            commands: "order early, late", code: "not_served_now", command: "order",
            menu: "ingredient cup stock 9\nitem Early needs cup 1 available 00:00-00:01 mon\nitem Late needs cup 1 available 00:01-00:02 mon\n"
        ),
        Case(commands: "receipt 99", code: "unknown_order", command: "receipt"),
        Case(commands: "stock set mango 0; order mango juice; receipt 3", code: "order_refused", command: "receipt", failure: 1),
        Case(commands: "stock remove mango 11", code: "below_zero", command: "stock"),
        Case(commands: "stock add mango 1000000000", code: "above_maximum", command: "stock"),
        Case(commands: "help frobnicate", code: "unknown_help_topic", command: "help"),
        Case(commands: "sinks retry nowhere", code: "unknown_sink", command: "sinks", arguments: ["--sink", "log path \"events.jsonl\""]),
        Case(commands: "profile ana rate \"Mango Juice\" 11", code: "invalid_profile", command: "profile"),
        Case(commands: "suggest for nobody", code: "unknown_profile", command: "suggest"),
        Case(commands: "suggest answers y,y,y,y,y,y,y,y,y,y,y,y,y,y,y,y,y,y,y,y,y,y", code: "invalid_suggestion", command: "suggest"),
        Case(commands: "suggest answers maybe", code: "not_an_answer", command: "suggest"),
        Case(commands: "suggest rule fairest", code: "unknown_rule", command: "suggest"),
        Case(commands: "suggest next", code: "no_suggestion", command: "suggest"),
        Case(commands: "suggest; order mango juice; suggest next", code: "suggestion_outdated", command: "suggest"),
        Case(commands: "board", code: "no_board", command: "board"),
        Case(commands: "start 99", code: "unknown_ticket", command: "start", arguments: ["--menu", Repository.menus + "/juice-board.kiosk"]),
        Case(
            commands: "order mango juice; pickup 1", code: "wrong_ticket_state", command: "pickup",
            arguments: ["--menu", Repository.menus + "/juice-board.kiosk", "--clock", "virtual"]
        ),
        Case(commands: "wait 1m", code: "needs_virtual_clock", command: "wait", arguments: ["--menu", Repository.menus + "/juice-board.kiosk"]),
        Case(
            commands: "wait forever", code: "invalid_duration", command: "wait",
            arguments: ["--menu", Repository.menus + "/juice-board.kiosk", "--clock", "virtual"]
        ),
        Case(commands: "pay cash 5", code: "no_checkout", command: "pay"),
        Case(commands: "pay cash 5", code: "no_open_order", command: "pay", menu: checkoutMenu),
        Case(commands: "order free; pay 1 cash 5", code: "order_unpriced", command: "pay", menu: "ingredient cup stock 9\nitem Free needs cup 1\ncheckout\n"),
        Case(commands: "order tea; pay cash 5; pay 1 card", code: "already_paid", command: "pay", menu: checkoutMenu),
        Case(commands: "order tea; pay cash 1", code: "cash_short", command: "pay", menu: checkoutMenu),
        Case(commands: "order tea; pay cash 1.001", code: "invalid_amount", command: "pay", menu: checkoutMenu),
        Case(commands: "order tea; pay card 42x", code: "invalid_card", command: "pay", menu: checkoutMenu),
        Case(commands: "order tea; pay card 4000000000000002", code: "card_declined", command: "pay", menu: checkoutMenu),
        Case(commands: "order tea; pay card cancel", code: "payment_canceled", command: "pay", menu: checkoutMenu),
        Case(commands: "order tea; pay card offline", code: "reader_timed_out", command: "pay", menu: checkoutMenu),
        Case(commands: "order tea; refund 1", code: "not_paid", command: "refund", menu: checkoutMenu),
        Case(commands: "order tea; pay cash 5; refund 1 3", code: "refund_too_large", command: "refund", menu: checkoutMenu),
        Case(commands: "order tea; pay cash 5; refund 1 1 restock; refund 1 restock", code: "already_restocked", command: "refund", menu: checkoutMenu),
        Case(commands: "order tea; pay cash 5; refund 1 line 2", code: "unknown_line", command: "refund", menu: checkoutMenu),
        Case(commands: "order tea; pay cash 5; refund 1 line 1; refund 1 line 1", code: "line_refunded", command: "refund", menu: checkoutMenu),
        Case(commands: "order tea; void 1; void 1", code: "order_voided", command: "void", menu: checkoutMenu),
        Case(
            commands: "order tea; start 1; void 1", code: "ticket_started", command: "void",
            menu: "ingredient cup stock 9\nstation bar\nboard\nitem Tea price 2 needs cup 1 prep 1m station bar\ncheckout\n"
        ),
        Case(commands: "drawer open 100; drawer open 100", code: "drawer_open", command: "drawer", menu: checkoutMenu),
        Case(commands: "drawer open 100; report z; report z", code: "drawer_closed", command: "report", menu: checkoutMenu),
        Case(commands: "drawer open 100; drawer out 5", code: "reason_required", command: "drawer", menu: checkoutMenu),
    ]

    static let checkoutMenu = """
    kiosk "Corner" currency "USD"
    ingredient cup stock 9
    item Tea price 2.10 needs cup 1
    checkout pay later

    """

    @Test(arguments: cases)
    func eachFailureHasItsCodeAndItsCommandsCanonicalName(_ failure: Case) throws {
        let scratch = try ScratchDirectory()
        var arguments = ["--json", "-c", failure.commands] + failure.arguments
        if let menu = failure.menu { arguments += ["--menu", try scratch.file("menu.kiosk", menu)] }
        var kiosk = KioskProcess(arguments: arguments)
        kiosk.directory = scratch.url
        let result = try kiosk.run()
        // The case's failure: a case may need a command that succeeds (or fails) before it.
        let failures = objects(result.stdout).filter { $0["ok"] == .bool(false) }
        let object = try #require(failures.dropFirst(failure.failure).first)
        #expect(object["ok"] == .bool(false))
        #expect(object["command"]?.string == failure.command)
        #expect(object["error"]?["code"]?.string == failure.code)
        #expect(object["error"]?["message"]?.string?.isEmpty == false)
        #expect(result.status == 1)
    }

    @Test func aLineTooLongAndALineNotUTF8HaveTheirCodes() throws {
        let long = try KioskProcess.run(stdinBytes: Array(("order " + String(repeating: "x", count: 70_000) + "\n").utf8), arguments: ["--json"])
        let tooLong = try #require(objects(long.stdout).first)
        #expect(tooLong["error"]?["code"]?.string == "line_too_long")
        #expect(tooLong["command"]?.string == "")
        let bytes = try KioskProcess.run(stdinBytes: [0x6F, 0xFF, 0x0A], arguments: ["--json"])
        #expect(objects(bytes.stdout).first?["error"]?["code"]?.string == "invalid_utf8")
    }

    @Test func aMenuThatNoLongerCompilesIsReloadFailed() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", "ingredient mango stock 10\nitem \"Mango Juice\" needs mango 3\n")
        let kiosk = try RunningKiosk(arguments: ["--json", "--menu", menu])
        kiosk.send("stock")
        try waitFor("kiosk to have read its menu") { kiosk.stdout.contains("ingredients") }
        try Data("ingredient mango stok 10\n".utf8).write(to: URL(fileURLWithPath: menu))
        kiosk.send("reload")
        #expect(kiosk.finish() == 1)
        let reload = try #require(objects(kiosk.stdout).last)
        #expect(reload["command"]?.string == "reload")
        #expect(reload["error"]?["code"]?.string == "reload_failed")
    }

    @Test func aJournalThatCannotBeWrittenIsIOError() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", "ingredient mango stock 1000000\nitem \"Mango Juice\" needs mango 1\n")
        let state = scratch.url.appendingPathComponent("state").path
        // About 90 bytes a record: past the limit's 1.5 MiB (the journal grows by what fits).
        let orders = try scratch.file("orders.txt", String(repeating: "order mango juice\n", count: 24_000))
        // The file size limit stands in for a full disk; standard output goes through a pipe
        // (which has no such limit) to keep only the last objects.
        let kiosk = "\(KioskProcess.executable.path) --json --state '\(state)' --menu '\(menu)' -f '\(orders)' | grep -F '\"ok\":false' | tail -n 3"
        let limited = try KioskProcess().runAs(["/usr/bin/prlimit", "--fsize=1572864", "/bin/sh", "-c", kiosk], directory: scratch.url.path)
        let failed = objects(limited.stdout).filter { $0["ok"] == .bool(false) }
        #expect(failed.count == 3)
        #expect(failed.allSatisfy { $0["error"]?["code"]?.string == "io_error" && $0["command"]?.string == "order" })
    }

    @Test func everyCodeIsTestedHere() throws {
        var tested = Set(JSONInterfaceTests.cases.map(\.code))
        tested.formUnion(["line_too_long", "invalid_utf8", "reload_failed", "io_error"])
        let reference = try Repository.text("docs/COMMANDS.md")
        let section = try #require(reference.components(separatedBy: "### Command error codes").last?.components(separatedBy: "\n#").first)
        let listed = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { String($0.split(separator: "`")[1]) }
        #expect(tested == Set(listed))
    }

    // MARK: Start-up failures

    @Test func aBadMenuUnderJSONIsOneDiagnosticObjectPerErrorOnStandardError() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("bad.kiosk", "ingredient mango stok 1\nitem \"X\" needs kiwi 1\n")
        let result = try KioskProcess("--json", "--menu", menu, "-c", "menu").run()
        #expect(result.status == 65)
        #expect(result.stdout == "")
        let diagnostics = objects(result.stderr)
        #expect(diagnostics.count == result.stderr.split(separator: "\n").count)
        let first = try #require(diagnostics.first)
        #expect(first["file"]?.string == menu)
        #expect(first["line"]?.int == 1)
        #expect(first["column"]?.int == 18)
        #expect(first["severity"]?.string == "error")
        #expect(first["code"]?.string == "unknown_property")
        #expect(first["message"]?.string == "unknown property 'stok' for 'ingredient'")
        #expect(diagnostics.contains { $0["code"]?.string == "unknown_ingredient" })
    }

    @Test func aBadFlagUnderJSONIsAUsageObjectAndExits64() throws {
        let result = try KioskProcess("--json", "--frobnicate").run()
        #expect(result.status == 64)
        #expect(result.stderr == #"{"file":null,"line":null,"column":null,"severity":"error","code":"usage","message":"unknown option '--frobnicate'","help":[]}"# + "\n")
    }

    /// After `--`, `--json` is a word, not the option: the usage error is read as prose.
    @Test func jsonAfterTheEndOfTheOptionsIsNoWishForJSON() throws {
        for arguments in [["--", "--json"], ["simulate", "--", "--json"]] {
            let result = try KioskProcess(arguments: arguments).run()
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("kiosk"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("{"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func anUnreadableMenuAndAStateThatIsNoDirectoryKeepTheirExitCodes() throws {
        let missing = try KioskProcess("--json", "--menu", "/nonexistent/menu.kiosk", "-c", "menu").run()
        #expect(missing.status == 66)
        #expect(objects(missing.stderr).first?["code"]?.string == "unreadable_file")
        #expect(objects(missing.stderr).first?["file"]?.string == "/nonexistent/menu.kiosk")
        let scratch = try ScratchDirectory()
        let file = try scratch.file("not-a-state", "hello\n")
        let state = try KioskProcess("--json", "--state", file, "-c", "menu").run()
        #expect(state.status != 0)
        let object = try #require(objects(state.stderr).first)
        #expect(["not_a_state_directory", "state_conversion_failed"].contains(object["code"]?.string ?? ""))
        let uncreatable = try KioskProcess("--json", "--state", "/proc/kiosk-state", "-c", "menu").run()
        #expect(uncreatable.status == 73)
        #expect(objects(uncreatable.stderr).first?["code"]?.string == "cannot_create")
    }

    @Test func checkUnderJSONGivesTheSameObjectsAndASummaryOnSuccess() throws {
        let scratch = try ScratchDirectory()
        let bad = try scratch.file("bad.kiosk", "ingredient mango stok 1\n")
        let good = try scratch.file("good.kiosk", "ingredient mango stock 1\nitem \"Mango\" needs mango 1\n")
        let result = try KioskProcess("check", "--json", good, bad).run()
        #expect(result.status == 65)
        let summary = try #require(objects(result.stdout).first)
        #expect(summary["file"]?.string == good)
        #expect(summary["ok"] == .bool(true))
        let diagnostics = objects(result.stderr)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"]?.string == "unknown_property")
        #expect(diagnostics.first?["line"]?.int == 1)
    }

    @Test func quietKeepsConsoleTextOffStandardOutputWithAndWithoutJSON() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", "ingredient mango stock 10\nitem \"Mango Juice\" needs mango 3\nsink console\n")
        let quiet = try KioskProcess("--quiet", "--menu", menu, "-c", "order mango juice").run()
        #expect(quiet.stdout == "")
        let both = try KioskProcess("--quiet", "--json", "--menu", menu, "-c", "order mango juice").run()
        #expect(objects(both.stdout).count == 1)
        #expect(both.stdout.split(separator: "\n").count == 1, "no console line besides the object")
    }
}
