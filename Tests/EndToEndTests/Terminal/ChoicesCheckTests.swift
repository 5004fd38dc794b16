import Foundation
import KioskTestSupport
import Testing

/// Sizes, options and combos where a user meets them today: `kiosk check --explain`, the
/// worked examples of docs/LANGUAGE.md, and an order of an item with choices.
@Suite struct ChoicesCheckTests {
    @Test func explainListsEverySelectionWithItsPriceAndRecipe() throws {
        let result = try KioskProcess("check", "menus/coffee-bar.kiosk", "--explain", "americano").run()
        #expect(result.stdout == """
        menus/coffee-bar.kiosk: ok (8 ingredients, 5 items, 1 combo, 2 stations, 0 sinks)
        Americano: 2 groups of options, 4 allowed selections
          Shots: choose 0..1 — Extra shot +500
          Ice: choose 0..1 — Iced
          without a choice: (no options)
        PRICE  SELECTION         NEEDS
        3,500  (no options)      espresso 2, water 250
        3,500  Iced              espresso 2, water 250
        4,000  Extra shot        espresso 3, water 250
        4,000  Extra shot, Iced  espresso 3, water 250

        """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// Every row of the table in docs/LANGUAGE.md, found as written in the explanation.
    @Test func theWorkedExamplesOfTheLanguageDocumentHold() throws {
        let rows = try WorkedExamples.rows()
        #expect(rows.count >= 8)
        var explained: [String: [[String]]] = [:]
        for row in rows {
            let (item, selection, price, recipe) = (row.item, row.selection, row.price, row.recipe)
            if explained[item] == nil {
                let result = try KioskProcess("check", "menus/coffee-bar.kiosk", "--explain", item).run()
                #expect(result.status == 0, "\(item): \(result.stderr)")
                explained[item] = result.stdout.split(separator: "\n").map {
                    $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                }
            }
            #expect(explained[item]?.contains([price, selection, recipe]) == true, "\(item): \(selection) for \(price) needs \(recipe)")
        }
    }

    @Test func aMillionSelectionsAreCountedAndBoundedNotListed() throws {
        let scratch = try ScratchDirectory()
        var menu = "ingredient bean stock 100\nitem Big {\n  size s price 100 needs bean 1 default\n  size l price 200 needs bean 2\n"
        for group in 0..<5 {
            menu += "  options G\(group) choose 0..4 {\n"
            for option in 0..<4 { menu += "    option \"O\(group)-\(option)\" price +\(option * 10)\n" }
            menu += "  }\n"
        }
        let path = try scratch.file("big.kiosk", menu + "}\n")
        let result = try KioskProcess("check", path, "--explain", "big").run()
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains("Big: 2 sizes, 5 groups of options, 2,097,152 allowed selections"))
        #expect(lines.contains("  too many to list; the cheapest and the dearest:"))
        #expect(lines.last?.trimmingCharacters(in: .whitespaces).hasPrefix("500  l, O0-1, O0-2, O0-3, O1-1, O1-2, O1-3") == true, "\(lines.last ?? "")")
        #expect(lines.count == 12)
    }

    @Test func anOrderTakesTheDefaultsOrSaysWhatToChoose() throws {
        let made = try KioskProcess("--menu", "menus/coffee-bar.kiosk", "-c", "order latte; stock").run()
        #expect(made.status == 0)
        #expect(made.stdout.contains("Ticket 1: Latte (large, Whole)."))
        #expect(made.stdout.range(of: #"espresso\s+198\b"#, options: .regularExpression) != nil, "\(made.stdout)")
        #expect(made.stdout.range(of: #"milk\s+7,?700\b"#, options: .regularExpression) != nil, "\(made.stdout)")

        let scratch = try ScratchDirectory()
        let path = try scratch.file("sizes.kiosk", """
        ingredient espresso stock 10
        item "Latte" {
          size small price 4000 needs espresso 1
          size large price 5000 needs espresso 2
        }
        """)
        let refused = try KioskProcess("--menu", path, "-c", "order latte").run()
        #expect(refused.status == 1)
        #expect(refused.stderr == "line 1: order refused: Latte needs a choice of size: small, large\n")
        let json = try KioskProcess("--menu", path, "--json", "-c", "order latte").run()
        #expect(json.stdout.contains(#""code":"choice_required""#))
    }

    @Test func explainGoesWithCheckAndNamesWhatItCannotFind() throws {
        let wrong = try KioskProcess("--explain", "latte", "-c", "menu").run()
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("'--explain' goes with 'kiosk check'"))
        let missing = try KioskProcess("check", "menus/coffee-bar.kiosk", "--explain", "lattee").run()
        #expect(missing.status == 1)
        #expect(missing.stderr == "kiosk: no item or combo 'lattee' in 'menus/coffee-bar.kiosk' (did you mean 'Latte'?)\n")
    }
}
