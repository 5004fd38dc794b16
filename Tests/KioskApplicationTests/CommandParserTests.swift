@testable import KioskApplication
import KioskCore
import Testing

@Suite struct CommandParserTests {
    @Test func commandsAndTheirArguments() throws {
        #expect(try CommandParser.parse("menu") == command("menu"))
        #expect(try CommandParser.parse("  MENU  ") == command("menu"))
        #expect(try CommandParser.parse("stock") == command("stock", StockCommand.Arguments.list))
        #expect(try CommandParser.parse("stock add mango 5") == command("stock", StockCommand.Arguments.edit(.add, ingredient: "mango", amount: 5)))
        #expect(try CommandParser.parse("stock set \"oat milk\" 0") == command("stock", StockCommand.Arguments.edit(.set, ingredient: "oat milk", amount: 0)))
        #expect(try CommandParser.parse("restock") == command("restock", RestockCommand.Arguments.all))
        #expect(try CommandParser.parse("restock kiwi 3") == command("restock", RestockCommand.Arguments.one(ingredient: "kiwi", amount: 3)))
        #expect(try CommandParser.parse("sinks") == command("sinks", SinksCommand.Arguments.statuses))
        #expect(try CommandParser.parse("sinks retry") == command("sinks", SinksCommand.Arguments.retry(sink: nil)))
        #expect(try CommandParser.parse("sinks failed webhook 2") == command("sinks", SinksCommand.Arguments.failed(sink: "webhook 2")))
        #expect(try CommandParser.parse("history") == command("history", HistoryCommand.Arguments(count: 10)))
        #expect(try CommandParser.parse("history 3") == command("history", HistoryCommand.Arguments(count: 3)))
        #expect(try CommandParser.parse("help") == command("help", HelpCommand.Arguments(topic: nil)))
        #expect(try CommandParser.parse("help Order") == command("help", HelpCommand.Arguments(topic: "order")))
        #expect(try CommandParser.parse("exit") == command("quit"))
        #expect(try CommandParser.parse("quit") == command("quit"))
        #expect(try CommandParser.parse("reload") == command("reload"))
        #expect(try CommandParser.parse("report") == command("report", ReportCommand.Arguments.sales))
        #expect(try CommandParser.parse("report z") == command("report", ReportCommand.Arguments.z))
    }

    @Test func blankLinesAndCommentsAreNotCommands() throws {
        #expect(try CommandParser.parse("") == nil)
        #expect(try CommandParser.parse("   \t ") == nil)
        #expect(try CommandParser.parse("# a comment") == nil)
    }

    @Test func anOrderIsCommaSeparatedLines() throws {
        #expect(try CommandParser.parse("order mango juice 3, mango kiwi juice") == command("order", OrderCommand.Arguments([
            OrderRequest(words: ["mango", "juice", "3"]), OrderRequest(words: ["mango", "kiwi", "juice"]),
        ])))
        #expect(try CommandParser.parse("order \"Mango, Juice\"") == command("order", OrderCommand.Arguments([OrderRequest(words: ["Mango, Juice"])])))
    }

    @Test func anOrderLineIsItsWordsJoinedBySingleSpaces() throws {
        #expect(try CommandParser.parse("order   mango \t juice  ,  \"oat  milk\" latte 2,2 kiwi juice") == command("order", OrderCommand.Arguments([
            OrderRequest(text: "mango juice"), OrderRequest(text: "oat  milk latte 2"), OrderRequest(text: "2 kiwi juice"),
        ])))
        #expect(OrderRequest(text: "oat  milk latte 2").words == ["oat", "milk", "latte", "2"])
        #expect(throws: CommandError.self) { try CommandParser.parse("order mango juice, ") }
    }

    @Test func mistakesSayWhatToFix() {
        #expect(throws: CommandError.unknownCommand("ordr", suggestion: "order")) { try CommandParser.parse("ordr mango") }
        #expect(throws: CommandError.usage("order ITEM [QTY] [, ITEM [QTY]]… [discount NAME]")) { try CommandParser.parse("order") }
        #expect(throws: CommandError.usage("order ITEM [QTY] [, ITEM [QTY]]… [discount NAME]")) { try CommandParser.parse("order mango juice,") }
        #expect(throws: CommandError.unexpectedArguments(command: "menu")) { try CommandParser.parse("menu please") }
        #expect(throws: CommandError.unknownSubcommand("ad", command: "stock", suggestion: "add", synopsis: "stock [add|remove|set INGREDIENT N]")) {
            try CommandParser.parse("stock ad mango 1")
        }
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
}

/// A command from the standard table, as the parser would make it.
func command(_ name: String, _ arguments: some CommandArguments = NoArguments()) -> Command {
    Command(entry: CommandTable.standard.entry(named: name)!, arguments: arguments)
}
