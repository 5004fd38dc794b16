@testable import KioskApplication
import KioskText
import Testing

/// Every command has Korean words, from the Korean catalog (`msgctxt "command"`): they reach
/// it in any language, sub-commands too, and a Korean operator's `help` lists them.
@Suite struct KoreanCommandWordsTests {
    @Test func everyCommandHasAKoreanWordAndNoWordReachesTwoCommands() {
        let table = CommandTable.standard
        for entry in table.entries {
            #expect(!entry.localWords(in: .korean).isEmpty, "\(entry.name)")
            for word in entry.localWords(in: .korean) { #expect(table.entry(named: word)?.name == entry.name, "\(word)") }
        }
        let every = table.entries.flatMap(\.allNames)
        #expect(Set(every).count == every.count)
        #expect(every.allSatisfy { !$0.contains(" ") })
        #expect(Set(table.names).isDisjoint(with: table.entries.flatMap { $0.localWords(in: .korean) }), "the English names stay what --json and the docs list")
    }

    @Test func koreanWordsParseAsTheirCommands() throws {
        #expect(try CommandParser.parse("주문 망고쥬스 2") == command("order", OrderCommand.Arguments([OrderRequest(words: ["망고쥬스", "2"])])))
        #expect(try CommandParser.parse("재고") == command("stock", StockCommand.Arguments.list))
        #expect(try CommandParser.parse("재고 추가 망고 5") == command("stock", StockCommand.Arguments.edit(.add, ingredient: "망고", amount: 5)))
        #expect(try CommandParser.parse("재고 빼기 망고 2") == command("stock", StockCommand.Arguments.edit(.remove, ingredient: "망고", amount: 2)))
        #expect(try CommandParser.parse("재고 설정 망고 10") == command("stock", StockCommand.Arguments.edit(.set, ingredient: "망고", amount: 10)))
        #expect(try CommandParser.parse("재고 add 망고 1") == command("stock", StockCommand.Arguments.edit(.add, ingredient: "망고", amount: 1)))
        #expect(try CommandParser.parse("보충") == command("restock", RestockCommand.Arguments.all))
        #expect(try CommandParser.parse("보드 공개") == command("board", ShowBoardCommand.Arguments.public))
        #expect(try CommandParser.parse("보드 합계") == command("board", ShowBoardCommand.Arguments.allDay))
        #expect(try CommandParser.parse("전송 재시도") == command("sinks", SinksCommand.Arguments.retry(sink: nil)))
        #expect(try CommandParser.parse("도움말 주문") == command("help", HelpCommand.Arguments(topic: "주문")))
        #expect(try CommandParser.parse("종료") == command("quit"))
        #expect(CommandParser.commandName(of: "보고서") == "report", "--json reports the English name")
    }

    @Test func aWrongKoreanSubcommandSuggestsTheKoreanOne() {
        Localization.$speaking.withValue(.korean) {
            #expect(throws: CommandError.unknownSubcommand("추카", command: "stock", suggestion: "추가", synopsis: "stock [add|remove|set INGREDIENT N]")) {
                try CommandParser.parse("재고 추카 망고 5")
            }
            #expect(throws: CommandError.unknownCommand("주믄", suggestion: "주문")) { try CommandParser.parse("주믄 망고쥬스") }
        }
    }

    @Test func aKoreanOperatorsHelpListsTheKoreanWordsAlignedByDisplayWidth() throws {
        let text = Localization.$speaking.withValue(.korean) { HelpText.text(for: nil, in: .standard) }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "명령:")
        #expect(lines.last == "명령 하나를 자세히 보려면 '도움말 명령'을 입력하세요.")
        let order = try #require(lines.first { $0.hasPrefix("  주문") })
        let help = try #require(lines.first { $0.hasPrefix("  도움말") })
        #expect(order.contains("order ITEM [QTY]"))
        #expect(order.contains("한 가지 이상의 품목을 한 번에 주문"))
        // The synopses start in the same display column whatever the Korean word's width.
        func column(_ line: String, of text: String) -> Int? {
            line.range(of: text).map { TerminalText.width(of: String(line[..<$0.lowerBound])) }
        }
        #expect(column(order, of: "order") == column(help, of: "help [COMMAND]"))
        let one = Localization.$speaking.withValue(.korean) { HelpText.text(for: "재고", in: .standard) }
        #expect(one.hasPrefix("사용법: stock [add|remove|set INGREDIENT N]\n한국어 명령: 재고\n\n"))
        #expect(one.contains("재고 추가 망고 5"))
    }
}
