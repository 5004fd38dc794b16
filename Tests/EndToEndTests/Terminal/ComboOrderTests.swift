import Foundation
import KioskTestSupport
import Testing

/// Combos where a user meets them: the order line in a batch and its refusals, `--json`
/// and its events, docs/LANGUAGE.md's worked examples, a state that keeps them across
/// runs and a compaction, `kiosk serve`, and the prompt asking for a choice left open.
@Suite struct ComboOrderTests {
    private static let menu = "menus/coffee-bar.kiosk"

    private func json(_ commands: String, state: String? = nil) throws -> [[String: Any]] {
        let result = try KioskProcess(arguments: ["--menu", ComboOrderTests.menu] + (state.map { ["--state", $0] } ?? []) + ["--json", "-c", commands]).run()
        return result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// `1,500`: as the docs write an amount.
    private static func grouped(_ amount: Int) -> String {
        var digits = String(amount)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return digits
    }

    /// The line of `text` that holds `order`, for a table whose padding depends on its rows.
    private static func row(_ order: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.contains(order) }.map(String.init)
    }

    /// Every row of docs/LANGUAGE.md's "Ordering a combo", ordered as written: its total,
    /// what each line adds and what the order takes from stock are the row's.
    @Test func theWorkedCombosAreWhatTheirOrdersCostAndTake() throws {
        let document = try Repository.text("docs/LANGUAGE.md")
        let section = try #require(document.components(separatedBy: "### Ordering a combo").dropFirst().first)
        let table = try #require(section.components(separatedBy: "\n#").first)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(rows.count >= 5)
        for row in rows {
            try #require(row.count == 4, "\(row)")
            let line = row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let objects = try json("order " + line)
            let result = try #require(objects.first?["result"] as? [String: Any], "order \(line): \(objects)")
            #expect(result["total"] as? Int == Int(row[1].replacingOccurrences(of: ",", with: "")), "order \(line)")
            let lines = try #require(result["lines"] as? [[String: Any]])
            let described = lines.map { line -> String in
                let options = (line["options"] as? [[String: Any]] ?? []).compactMap { $0["option"] as? String }
                let choice = ((line["size"] as? String).map { [$0] } ?? []) + options
                let name = (line["item"] as? String ?? "") + (choice.isEmpty ? "" : " (" + choice.joined(separator: ", ") + ")")
                let adds = (line["unitPrice"] as? Int).map(ComboOrderTests.grouped) ?? "?"
                return name + " +" + adds
            }
            #expect(described.joined(separator: ", ") == row[2], "order \(line)")
            #expect(lines.allSatisfy { ($0["combo"] as? [String: Any])?["name"] as? String == "Breakfast Set" }, "order \(line)")
            let events = try #require(objects.first?["events"] as? [[String: Any]])
            let consumed = (events.first?["data"] as? [String: Any])?["consumed"] as? [String: Int]
            let expected = Dictionary(uniqueKeysWithValues: row[3].components(separatedBy: ", ").map { entry in
                let parts = entry.split(separator: " ")
                return (String(parts[0]), Int(parts[1]) ?? -1)
            })
            #expect(consumed == expected, "order \(line) deducts what the row says")
        }
    }

    @Test func aComboIsOrderedByNameWithItsItemsAndRefusedWithWhatToFix() throws {
        let script = """
        order breakfast set +large latte +oat +muffin, tea
        order 2 breakfast +americano +croissant
        order breakfast set +latte
        order breakfast set +tea +muffin
        order breakfast set +latte +muffin +croissant
        order breakfast set +latte +oak +muffin
        history
        """
        let scratch = try ScratchDirectory()
        let result = try KioskProcess("--menu", ComboOrderTests.menu, "-f", try scratch.file("orders.txt", script + "\n")).run()
        #expect(result.status != 0, "a batch with refused lines fails")
        #expect(result.stdout.contains("Ticket 1: Breakfast Set (Latte (large, Oat) + Muffin), Tea (Green)."), "\(result.stdout)")
        #expect(result.stdout.contains("Ticket 2: Breakfast Set ×2 (Americano + Croissant)."), "\(result.stdout)")
        #expect(result.stderr.contains("line 3: order refused: Breakfast Set needs choice 2: 1 of Croissant, Muffin"), "\(result.stderr)")
        #expect(result.stderr.contains("line 4: Breakfast Set has no 'tea'; it offers Latte, Americano, Croissant, Muffin"), "\(result.stderr)")
        #expect(result.stderr.contains("line 5: order refused: Breakfast Set takes 1 of Croissant, Muffin for choice 2, and the order chose 2"), "\(result.stderr)")
        #expect(result.stderr.contains("line 6: Latte has no option 'oak' (did you mean 'Oat'?)"), "\(result.stderr)")
        let history = result.stdout.components(separatedBy: "RESULT").last ?? ""
        #expect(ComboOrderTests.row("Breakfast Set (Latte (large, Oat) + Muffin), Tea (Green) ", in: history)?.hasSuffix("made (11,500)") == true, "\(history)")
        #expect(ComboOrderTests.row("Breakfast Set ×2 (Americano + Croissant) ", in: history)?.hasSuffix("made (14,000)") == true, "\(history)")

        let refused = try json("order breakfast set +latte")
        let error = try #require(refused.first?["error"] as? [String: Any])
        #expect(error["code"] as? String == "choice_required")
    }

    /// A state keeps its combos across runs and a compaction; the report shares a combo's
    /// price among its items, adding up to the revenue.
    @Test func aStateKeepsItsCombosAndTheReportSharesTheirPrice() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let first = try KioskProcess("--menu", ComboOrderTests.menu, "--state", state, "-c", "order breakfast set +americano +croissant").run()
        #expect(first.status == 0, "\(first.stderr)")
        for compact in [false, true] {
            if compact { #expect(try KioskProcess("state", "compact", "--menu", ComboOrderTests.menu, state).run().status == 0) }
            let again = try KioskProcess("--menu", ComboOrderTests.menu, "--state", state, "-c", "history; report").run()
            #expect(ComboOrderTests.row("Breakfast Set (Americano + Croissant) ", in: again.stdout)?.hasSuffix("made (7,000)") == true, "\(again.stdout)")
            let report = try #require(try json("report", state: state).first?["result"] as? [String: Any])
            let items = try #require(report["items"] as? [[String: Any]])
            let revenue = Dictionary(uniqueKeysWithValues: items.compactMap { item in (item["item"] as? String).map { ($0, item["revenue"] as? Int ?? -1) } })
            // 7,000 shared 3,500 : 3,000, in whole won, the remainder to the croissant.
            #expect(revenue["Americano"] == 3_769 && revenue["Croissant"] == 3_231, "\(items)")
            #expect(report["revenue"] as? Int == 7_000)
            #expect(try KioskProcess("state", "verify", state).run().status == 0)
        }
    }

    @Test func serveTakesACombosItemsApartAndNamesTheChoiceItBroke() throws {
        let server = try ServingKiosk(["--menu", ComboOrderTests.menu])
        let menu = try #require(try server.request("GET", "/api/v1/menu").json?["result"] as? [String: Any])
        let combo = try #require((menu["combos"] as? [[String: Any]])?.first)
        #expect(combo["name"] as? String == "Breakfast Set" && combo["price"] as? Int == 7_000)
        let drinks = try #require((combo["choices"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])
        #expect(drinks.map { $0["item"] as? String } == ["Latte", "Americano"])
        #expect(drinks.map { $0["included"] as? Int } == [4_000, 3_500])

        let body = #"{"lines":[{"combo":"breakfast set","items":[{"item":"latte","size":"large","options":[{"group":"Milk","option":"Oat"}]},{"item":"muffin"}]},{"item":"croissant"}]}"#
        let made = try server.request("POST", "/api/v1/orders", body: body)
        #expect(made.status == 201, "\(made.text)")
        let result = try #require(made.json?["result"] as? [String: Any])
        #expect(result["total"] as? Int == 11_500)
        let lines = try #require(result["lines"] as? [[String: Any]])
        #expect(lines.map { $0["item"] as? String } == ["Latte", "Muffin", "Croissant"])
        #expect(lines.map { ($0["combo"] as? [String: Any])?["number"] as? Int } == [1, 1, nil])
        #expect(lines.map { $0["unitPrice"] as? Int } == [1_500, 0, nil])

        let open = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"combo":"Breakfast Set","items":[{"item":"Americano"}]}]}"#)
        #expect(open.status == 422 && open.json?["code"] as? String == "choice_required", "\(open.text)")
        let slot = try #require(open.json?["combo"] as? [String: Any])
        #expect(slot["choice"] as? Int == 2 && slot["taken"] as? Int == 0 && slot["items"] as? [String] == ["Croissant", "Muffin"])
        let many = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"combo":"Breakfast Set","items":[{"item":"Americano"},{"item":"Muffin","quantity":2}]}]}"#)
        #expect(many.status == 422 && many.json?["code"] as? String == "combo_outside_limits", "\(many.text)")
        let other = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"combo":"Breakfast Set","items":[{"item":"Tea"}]}]}"#)
        #expect(other.status == 422 && other.json?["code"] as? String == "unknown_combo_item", "\(other.text)")
        let shape = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"combo":"Breakfast Set"}]}"#)
        #expect(shape.status == 400 && shape.json?["code"] as? String == "invalid_body", "\(shape.text)")
        #expect(server.stop() == 0)
    }

    /// At a terminal a combo whose choice is left open asks for it, then runs.
    @Test func thePromptAsksForTheChoiceACombosOrderLeavesOpen() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try PseudoTerminal(arguments: ["--menu", ComboOrderTests.menu], environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
        ])
        try kiosk.expect("kiosk> ")
        kiosk.send("order breakfast set +large latte +oat\r")
        try kiosk.expect("Breakfast Set — choice 2, choose 1 (Croissant, Muffin): ")
        kiosk.send("muffin\r")
        try kiosk.expect("Ticket 1: Breakfast Set (Latte (large, Oat) + Muffin).")
        try kiosk.expect("kiosk> ")
        kiosk.send("order breakfast set\r")
        try kiosk.expect("Breakfast Set — choice 1, choose 1 (Latte, Americano): ")
        kiosk.send("\r")
        try kiosk.expect("kiosk> ")
        kiosk.send("history\r")
        try kiosk.expect("made (8,500)")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }
}
