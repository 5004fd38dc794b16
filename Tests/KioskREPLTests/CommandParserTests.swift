import KioskCore
@testable import KioskREPL
import Testing

@Suite struct CommandParserTests {
    @Test func commandsAndTheirArguments() throws {
        #expect(try CommandParser.parse("menu") == .menu)
        #expect(try CommandParser.parse("  MENU  ") == .menu)
        #expect(try CommandParser.parse("stock") == .stock)
        #expect(try CommandParser.parse("stock add mango 5") == .stockEdit(.add, ingredient: "mango", amount: 5))
        #expect(try CommandParser.parse("stock set \"oat milk\" 0") == .stockEdit(.set, ingredient: "oat milk", amount: 0))
        #expect(try CommandParser.parse("restock") == .restockAll)
        #expect(try CommandParser.parse("restock kiwi 3") == .stockEdit(.restock, ingredient: "kiwi", amount: 3))
        #expect(try CommandParser.parse("sinks") == .sinks)
        #expect(try CommandParser.parse("sinks retry") == .sinksRetry(nil))
        #expect(try CommandParser.parse("history") == .history(10))
        #expect(try CommandParser.parse("history 3") == .history(3))
        #expect(try CommandParser.parse("help") == .help(nil))
        #expect(try CommandParser.parse("help Order") == .help("order"))
        #expect(try CommandParser.parse("exit") == .quit)
        #expect(try CommandParser.parse("quit") == .quit)
        #expect(try CommandParser.parse("reload") == .reload)
        #expect(try CommandParser.parse("report") == .report)
    }

    @Test func blankLinesAndCommentsAreNotCommands() throws {
        #expect(try CommandParser.parse("") == nil)
        #expect(try CommandParser.parse("   \t ") == nil)
        #expect(try CommandParser.parse("# a comment") == nil)
    }

    @Test func anOrderIsCommaSeparatedLines() throws {
        #expect(try CommandParser.parse("order mango juice 3, mango kiwi juice") == .order([
            OrderRequest(words: ["mango", "juice", "3"]), OrderRequest(words: ["mango", "kiwi", "juice"]),
        ]))
        #expect(try CommandParser.parse("order \"Mango, Juice\"") == .order([OrderRequest(words: ["Mango, Juice"])]))
    }

    @Test func anOrderLineIsItsWordsJoinedBySingleSpaces() throws {
        #expect(try CommandParser.parse("order   mango \t juice  ,  \"oat  milk\" latte 2,2 kiwi juice") == .order([
            OrderRequest(text: "mango juice"), OrderRequest(text: "oat  milk latte 2"), OrderRequest(text: "2 kiwi juice"),
        ]))
        #expect(OrderRequest(text: "oat  milk latte 2").words == ["oat", "milk", "latte", "2"])
        #expect(throws: CommandError.self) { try CommandParser.parse("order mango juice, ") }
    }

    @Test func mistakesSayWhatToFix() {
        #expect(throws: CommandError.unknownCommand("ordr", suggestion: "order")) { try CommandParser.parse("ordr mango") }
        #expect(throws: CommandError.usage("order ITEM [QTY] [, ITEM [QTY]]…")) { try CommandParser.parse("order") }
        #expect(throws: CommandError.usage("order ITEM [QTY] [, ITEM [QTY]]…")) { try CommandParser.parse("order mango juice,") }
        #expect(throws: CommandError.unexpectedArguments(command: "menu")) { try CommandParser.parse("menu please") }
        #expect(throws: CommandError.unknownSubcommand("ad", command: "stock", suggestion: "add")) { try CommandParser.parse("stock ad mango 1") }
        #expect(throws: CommandError.usage("stock [add|remove|set INGREDIENT N]")) { try CommandParser.parse("stock add mango") }
        #expect(throws: CommandError.notANumber("lots", what: "amount")) { try CommandParser.parse("stock add mango lots") }
        #expect(throws: CommandError.numberTooLarge("99999999999999999999", what: "amount")) {
            try CommandParser.parse("stock add mango 99999999999999999999")
        }
        #expect(throws: CommandError.numberTooSmall("-5", what: "amount", minimum: 0)) { try CommandParser.parse("stock add mango -5") }
        #expect(throws: CommandError.numberTooSmall("-99999999999999999999", what: "amount", minimum: 0)) {
            try CommandParser.parse("stock add mango -99999999999999999999")
        }
        #expect(throws: CommandError.unknownHelpTopic("ordre", suggestion: "order")) { try CommandParser.parse("help ordre") }
    }

    @Test func errorMessagesNeverCarryControlCharacters() {
        let error = CommandError.unknownItem("\u{1B}[2Jmango\u{0}", suggestion: nil)
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(error.message == "unknown item '␛[2Jmango␀'; type 'menu' for the items")
    }
}

@Suite struct CompleterTests {
    let completer = Completer(
        items: ["Mango Juice", "Mango Kiwi Juice", "Banana Juice", "망고쥬스"],
        slugs: ["mango-juice", "mango-kiwi-juice", "banana-juice"],
        ingredients: ["mango", "kiwi", "oat milk"]
    )

    @Test func commandsCompleteFirst() {
        #expect(completer.complete(line: "or", word: "or") == ["order"])
        #expect(completer.complete(line: "re", word: "re") == ["reload", "report", "restock"])
        #expect(completer.complete(line: "", word: "").count == CommandCatalog.names.count)
    }

    @Test func itemsCompleteAfterOrderEvenWithSpaces() {
        #expect(completer.complete(line: "order ma", word: "ma") == ["Mango Juice", "Mango Kiwi Juice"])
        #expect(completer.complete(line: "order mango k", word: "k") == ["Kiwi Juice"])
        #expect(completer.complete(line: "order mango juice 2, ban", word: "ban") == ["Banana Juice"])
        #expect(completer.complete(line: "order 망", word: "망") == ["망고쥬스"])
        #expect(completer.complete(line: "order mango-k", word: "mango-k") == ["mango-kiwi-juice"])
    }

    @Test func ingredientsAndSubcommands() {
        #expect(completer.complete(line: "stock ", word: "") == ["add", "remove", "set"])
        #expect(completer.complete(line: "stock add ki", word: "ki") == ["kiwi"])
        #expect(completer.complete(line: "restock oat m", word: "m") == ["milk"])
        #expect(completer.complete(line: "sinks r", word: "r") == ["retry"])
        #expect(completer.complete(line: "help or", word: "or") == ["order"])
        #expect(completer.complete(line: "menu x", word: "x") == [])
    }
}
