@testable import KioskApplication
import KioskCore
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
