import Foundation
import KioskTestSupport
import Testing

/// Orders of items with sizes and options where a user meets them: the order line at the
/// prompt and in a batch, `--json` and its events, the board a cook reads, a state that
/// outlives its menu's options, `kiosk serve`, and Tab at a real terminal.
@Suite struct ChoicesOrderTests {
    private static let menu = "menus/coffee-bar.kiosk"

    private func json(_ commands: String, state: String? = nil, menu: String = ChoicesOrderTests.menu) throws -> [[String: Any]] {
        let result = try KioskProcess(arguments: ["--menu", menu] + (state.map { ["--state", $0] } ?? []) + ["--json", "-c", commands]).run()
        return result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Every row of docs/LANGUAGE.md's worked examples, ordered as the row says at the
    /// prompt: the line's unit price and the recipe deducted are the row's.
    @Test func theWorkedExamplesAreWhatAnOrderCostsAndTakes() throws {
        let rows = try WorkedExamples.rows()
        #expect(rows.count >= 8)
        for row in rows {
            let (item, selection, price, recipe) = (row.item, row.selection, row.price, row.recipe)
            var words = selection == "(no choices)" ? [] : selection.components(separatedBy: ", ")
            var line = item
            if let first = words.first, ["small", "large"].contains(first) {
                line = first + " " + item
                words.removeFirst()
            }
            for word in words { line += " +" + word.replacingOccurrences(of: " ×", with: " x") }
            let objects = try json("order " + line)
            let result = try #require(objects.first?["result"] as? [String: Any], "order \(line): \(objects)")
            let ordered = try #require((result["lines"] as? [[String: Any]])?.first)
            let expectedRecipe = Dictionary(uniqueKeysWithValues: recipe.components(separatedBy: ", ").map { entry in
                let parts = entry.split(separator: " ")
                return (String(parts[0]), Int(parts[1]) ?? -1)
            })
            let unitPrice = Int(price.replacingOccurrences(of: ",", with: ""))
            if selection == "(no choices)" {
                #expect(ordered["recipe"] == nil && result["total"] as? Int == unitPrice, "order \(line)")
                continue
            }
            #expect(ordered["unitPrice"] as? Int == unitPrice, "order \(line): \(ordered)")
            #expect(ordered["recipe"] as? [String: Int] == expectedRecipe, "order \(line): \(ordered)")
            let events = try #require(objects.first?["events"] as? [[String: Any]])
            let consumed = (events.first?["data"] as? [String: Any])?["consumed"] as? [String: Int]
            #expect(consumed == expectedRecipe, "order \(line) deducts the recipe")
        }
    }

    @Test func anOrderLineTakesASizeOptionsAndRepeats() throws {
        let result = try KioskProcess(
            "--menu", ChoicesOrderTests.menu, "-c", "order 2 large latte +oat +extra shot x2 +no sugar, croissant; order latte +milk: oat; order 라떼 +OAT; history"
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Ticket 1: Latte (large, Oat, Extra shot ×2, No sugar) ×2, Croissant."))
        #expect(result.stdout.contains("Ticket 2: Latte (large, Oat)."))
        #expect(result.stdout.contains("Ticket 3: Latte (large, Oat)."), "a name in any case, and an alias, name the same")
        #expect(result.stdout.contains("Latte (large, Oat, Extra shot ×2, No sugar) ×2, Croissant  made (16,000)"), "\(result.stdout)")
    }

    @Test func aLineOutsideTheItemsChoicesIsRefusedWithWhatToFix() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", """
        ingredient espresso stock 10
        ingredient milk stock 1000
        ingredient oat-milk stock 100
        item "Latte" {
          size small price 4000 needs espresso 1, milk 200
          size large price 5000 needs espresso 2, milk 300 default
          options "Milk" choose 1 { option "Whole" default
            option "Oat" price +500 replaces milk with oat-milk }
          options "Extras" choose 0..2 {
            option "Extra" price +500 needs espresso 1 repeat 2
            option "Vanilla" price +300 }
        }
        item "Croissant" price 3000 needs espresso 1
        item "Ham+Cheese" price 3000 needs espresso 1
        """)
        let plus = try KioskProcess("--menu", menu, "-c", "order 2 ham+cheese; order ham+cheese 2; order ham+cheese").run()
        #expect(plus.status == 0, "an item whose name has a + is ordered as before: \(plus.stderr)")
        #expect(plus.stdout.components(separatedBy: "Ham+Cheese").count == 4)
        let cases: [(String, String)] = [
            ("order latte +oak", "Latte has no option 'oak' (did you mean 'Oat'?)"),
            ("order latte +extra x2 +vanilla: x", "Latte has no option 'vanilla: x'; 'menu' lists its sizes and options"),
            ("order latte +extra x2 +extras: vanilla", "order refused: Latte takes 0..2 from Extras, and the order chose 3"),
            ("order latte +extra x3", "order refused: Latte takes Extra at most 2 times"),
            ("order latte +extra x0", "count must be at least 1 (got 0)"),
            ("order croissant +oat", "Croissant has no option 'oat'; 'menu' lists its sizes and options"),
            ("order medium latte", "Latte has no size 'medium'; its sizes are small, large"),
            ("order large latte +oat", "order refused: not enough oat-milk (needed 300, available 100) for Latte (Oat)"),
        ]
        for (command, message) in cases {
            let result = try KioskProcess("--menu", menu, "-c", command).run()
            #expect(result.stderr == "line 1: \(message)\n", "\(command)")
            #expect(result.status == 1, "\(command)")
        }
        let codes = try json(cases.map(\.0).joined(separator: "; "), menu: menu).map { ($0["error"] as? [String: Any])?["code"] as? String }
        #expect(codes == [
            "unknown_option", "unknown_option", "choice_outside_limits", "option_repeated", "quantity_too_small",
            "unknown_option", "unknown_size", "insufficient_stock",
        ])
        let stock = try KioskProcess("--menu", menu, "-c", cases.map(\.0).joined(separator: "; ") + "; stock").run()
        #expect(stock.stdout.range(of: #"espresso\s+10\b"#, options: .regularExpression) != nil, "nothing was taken: \(stock.stdout)")
    }

    /// The kitchen's view: each line's size with its item, its options under it, a
    /// removal marked; the all-day counts by item and size; the ticket events' lines.
    @Test func theBoardShowsEachLinesSizeAndOptionsAsACookReadsThem() throws {
        let result = try KioskProcess("--menu", ChoicesOrderTests.menu, "-c", "order 2 large latte +oat +extra shot x2 +no sugar, croissant; order small latte; board; board all-day").run()
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("Latte (large) ×2") })
        #expect(lines.contains { $0.hasPrefix("+ Extra shot ×2") })
        #expect(lines.contains { $0.hasPrefix("− No sugar") })
        #expect(lines.contains { $0.range(of: #"^Latte \(large\)\s+2\s+0\s+2$"#, options: .regularExpression) != nil }, "all-day by size: \(result.stdout)")
        #expect(lines.contains { $0.range(of: #"^Latte \(small\)\s+1\s+0\s+1$"#, options: .regularExpression) != nil })

        let events = try json("order large latte +oat; start", state: nil)
        let started = try #require((events.last?["events"] as? [[String: Any]])?.first { $0["type"] as? String == "ticket.started" })
        let line = try #require(((started["data"] as? [String: Any])?["lines"] as? [[String: Any]])?.first)
        #expect(line["size"] as? String == "large")
        #expect((line["options"] as? [[String: Any]])?.map { $0["option"] as? String } == ["Oat"])
    }

    /// `suggest` offers the selection that suits: the oat latte to someone who avoids
    /// milk, with its choice in --json and in the journal's `suggestion.made`.
    @Test func someoneWhoAvoidsMilkIsSuggestedTheOatLatte() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let results = try json("profile ana avoid milk; suggest for ana", state: state)
        let items = try #require((results.last?["result"] as? [String: Any])?["items"] as? [[String: Any]])
        let latte = try #require(items.first { $0["item"] as? String == "Latte" })
        #expect(latte["size"] as? String == "large")
        #expect((latte["options"] as? [[String: Any]])?.map { $0["option"] as? String } == ["Oat"])
        #expect((latte["recipe"] as? [String: Int]) == ["espresso": 2, "oat-milk": 300, "sugar": 10])
        #expect(latte["unitPrice"] as? Int == 5500)
        // Nothing with milk, and nothing whose allergens are unknown.
        #expect(items.map { $0["item"] as? String } == ["Americano", "Latte"])
        let history = try KioskProcess("state", "dump", state).run()
        #expect(history.stdout.contains("Suggested: Americano, Latte (large, Oat)."), "\(history.stdout) \(history.stderr)")
    }

    /// A state written under a menu with choices: it reopens, verifies, compacts into a
    /// snapshot, and keeps its history and tickets under a menu that dropped an option.
    @Test func aStateKeepsItsChoicesAcrossRunsSnapshotsAndAMenuThatDropsAnOption() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let first = try KioskProcess("--menu", ChoicesOrderTests.menu, "--state", state, "-c", "order large latte +oat +vanilla; order tea +black").run()
        #expect(first.status == 0, "\(first.stderr)")
        let text = try String(contentsOfFile: ChoicesOrderTests.menu, encoding: .utf8)
        let withoutOat = text.replacingOccurrences(of: "    option \"Oat\" price +500 replaces milk with oat-milk # the same quantity of another ingredient\n", with: "")
            .replacingOccurrences(of: "demand 70% large, 30% oat,", with: "demand 70% large,")
        #expect(withoutOat != text)
        let menu = try scratch.file("no-oat.kiosk", withoutOat)
        for menu in [ChoicesOrderTests.menu, menu] {
            let again = try KioskProcess("--menu", menu, "--state", state, "-c", "history; board").run()
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("Latte (large, Oat, Vanilla)  made (5,800)"), "\(again.stdout)")
            #expect(again.stdout.contains("    + Oat"), "\(again.stdout)")
        }
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
        #expect(try KioskProcess("state", "compact", "--menu", menu, state).run().status == 0)
        let compacted = try KioskProcess("--menu", menu, "--state", state, "-c", "history").run()
        #expect(compacted.stdout.contains("Tea (Black)"), "\(compacted.stdout)")
        #expect(compacted.stdout.contains("Latte (large, Oat, Vanilla)"))
        #expect(try KioskProcess("state", "verify", state).run().status == 0)
    }

    @Test func serveTakesSizesAndOptionsApartAndNamesTheGroupOfABrokenLimit() throws {
        let server = try ServingKiosk(["--menu", ChoicesOrderTests.menu])
        let menu = try #require(try server.request("GET", "/api/v1/menu").json)
        let latte = try #require(((menu["result"] as? [String: Any])?["items"] as? [[String: Any]])?.first)
        #expect((latte["sizes"] as? [[String: Any]])?.map { $0["name"] as? String } == ["small", "large"])
        #expect((latte["groups"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Milk", "Extras", "Sugar"])

        let body = #"{"lines":[{"item":"latte","size":"small","options":[{"group":"Milk","option":"Oat"},{"option":"Extra shot","count":2}]},{"item":"croissant"}]}"#
        let made = try server.request("POST", "/api/v1/orders", body: body)
        #expect(made.status == 201, "\(made.text)")
        let line = try #require((((made.json?["result"] as? [String: Any])?["lines"]) as? [[String: Any]])?.first)
        #expect(line["unitPrice"] as? Int == 5500)
        #expect(line["recipe"] as? [String: Int] == ["espresso": 3, "oat-milk": 200, "sugar": 10])

        let broken = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"latte","options":[{"option":"Extra shot","count":2},{"option":"Vanilla"},{"option":"Light sugar"},{"option":"Vanilla"}]}]}"#)
        #expect(broken.status == 422)
        #expect(broken.json?["code"] as? String == "option_repeated")
        let limits = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"latte","options":[{"option":"No sugar"},{"group":"Sugar","option":"Light sugar"}]}]}"#)
        #expect(limits.status == 422, "\(limits.text)")
        #expect(limits.json?["code"] as? String == "choice_outside_limits")
        let group = try #require(limits.json?["group"] as? [String: Any])
        #expect(group["name"] as? String == "Sugar" && group["minimum"] as? Int == 0 && group["maximum"] as? Int == 1 && group["taken"] as? Int == 2)
        let size = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"latte","size":"medium"}]}"#)
        #expect(size.status == 422 && size.json?["code"] as? String == "unknown_size")
        #expect(server.stop() == 0)
    }

    /// `report` counts each item by size and by option, and a state keeps those counts
    /// through a snapshot and a cancel.
    @Test func theReportCountsBySizeAndOption() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let orders = "order 2 large latte +oat, small latte; order latte +oat +extra shot x2; order small latte; cancel 3"
        #expect(try KioskProcess("--menu", ChoicesOrderTests.menu, "--state", state, "-c", orders).run().status == 0)
        let expected = [("large", 3), ("Milk: Oat", 3), ("small", 1), ("Milk: Whole", 1), ("Extras: Extra shot", 1)]
        for compact in [false, true] {
            if compact { #expect(try KioskProcess("state", "compact", "--menu", ChoicesOrderTests.menu, state).run().status == 0) }
            let report = try KioskProcess("--menu", ChoicesOrderTests.menu, "--state", state, "-c", "report").run()
            let table = report.stdout.components(separatedBy: "SIZE OR OPTION").last ?? ""
            let rows = table.split(separator: "\n").filter { $0.hasPrefix("Latte  ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            let counted = rows.map { row in (row.dropFirst().dropLast().joined(separator: " "), Int(row.last ?? "") ?? -1) }
            #expect(counted.map(\.0) == expected.map(\.0), "\(report.stdout)")
            #expect(counted.map(\.1) == expected.map(\.1), "the cancelled small latte is taken back: \(report.stdout)")
            let json = try json("report", state: state)
            let choices = try #require((json.first?["result"] as? [String: Any])?["choices"] as? [[String: Any]])
            #expect(choices.first?["size"] as? String == "large" && choices.first?["sold"] as? Int == 3)
            #expect(choices[1]["group"] as? String == "Milk" && choices[1]["option"] as? String == "Oat")
        }
    }

    /// At a terminal an order that leaves a choice open asks for it, as the restock
    /// walk asks its amounts, and then runs; an empty answer drops the order.
    @Test func thePromptAsksForTheChoicesAnOrderLeavesOpen() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("sizes.kiosk", """
        ingredient espresso stock 100
        ingredient milk stock 10000
        item "Latte" {
          size small price 4000 needs espresso 1, milk 200
          size large price 5000 needs espresso 2, milk 300
          options "Milk" choose 1 { option "Whole"
            option "Skim" }
          options "Extras" choose 0..2 { option "Shot" price +500 needs espresso 1 repeat 2 }
        }
        """)
        let kiosk = try PseudoTerminal(arguments: ["--menu", menu], environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
        ])
        try kiosk.expect("kiosk> ")
        kiosk.send("order 2 latte +shot\r")
        try kiosk.expect("Latte — size (small, large): ")
        kiosk.send("large\r")
        try kiosk.expect("Latte — Milk, choose 1 (Whole, Skim): ")
        kiosk.send("skim\r")
        try kiosk.expect("Latte (large, Skim, Shot) ×2 is ready. Enjoy!")
        try kiosk.expect("kiosk> ")
        kiosk.send("order small latte\r")
        try kiosk.expect("Latte — Milk, choose 1 (Whole, Skim): ")
        kiosk.send("\r")
        try kiosk.expect("kiosk> ")
        kiosk.send("stock\r")
        try kiosk.expect("espresso")
        try kiosk.expect("94") // two large lattes with a shot took 6 espresso; the dropped order none
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    @Test func tabCompletesASizeWithTheItemAndAnOptionAfterAPlus() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try PseudoTerminal(arguments: ["--menu", ChoicesOrderTests.menu], environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
        ])
        try kiosk.expect("kiosk> ")
        kiosk.send("order sm\t")
        try kiosk.expect("all Latte ")
        kiosk.send("+o\t")
        try kiosk.expect("at ")
        kiosk.send("+extra sh\t")
        try kiosk.expect("ot ")
        kiosk.send("\r")
        try kiosk.expect("Ticket 1: Latte (small, Oat, Extra shot).")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }
}
