import KioskApplication
import KioskCore
import KioskMenu
@testable import KioskTerminal
import KioskTestSupport
import KioskText
import Testing

/// What people and programs see, asserted as whole text.
@Suite struct ResultTextTests {
    let resultText = ResultText()

    @Test func theMenu() throws {
        let harness = try SessionHarness()
        #expect(resultText.text(for: try harness.run("menu")) == """
        Juice Maker
        ITEM                     NEEDS                    CAN MAKE
        Strawberry Juice         strawberry 16                   0
        Banana Juice             banana 2                        5
        Kiwi Juice               kiwi 3                          3
        Pineapple Juice          pineapple 2                     5
        Strawberry Banana Juice  strawberry 10, banana 1         1
        Mango Juice              mango 3                         3
        Mango Kiwi Juice         mango 2, kiwi 1                 5

        """)
    }

    @Test func aMenuWithPricesAliasesAndWideNames() throws {
        let harness = try SessionHarness(menu: """
        kiosk "Café" currency "KRW"
        ingredient 딸기 stock 30
        ingredient milk stock 20 low 5 unit "cups"
        item "딸기우유" alias "Strawberry Milk" price 5000 needs 딸기 8, milk 1
        item "Latte" price 4.50 needs milk 1
        """)
        #expect(resultText.text(for: try harness.run("menu")) == """
        Café
        ITEM      ALSO             PRICE (KRW)  NEEDS           CAN MAKE
        딸기우유  Strawberry Milk        5,000  딸기 8, milk 1         3
        Latte                             4.50  milk 1                20

        """)
        #expect(resultText.text(for: try harness.run("stock")) == """
        INGREDIENT  STOCK  LOW  UNIT  STATUS
        딸기           30    0
        milk           20    5  cups

        """)
    }

    @Test func stockFlagsLowAndOut() throws {
        let harness = try SessionHarness()
        try harness.run("order mango juice 3")
        try harness.run("stock set kiwi 0")
        #expect(resultText.text(for: try harness.run("stock")) == """
        INGREDIENT  STOCK  LOW  STATUS
        strawberry     10    0
        banana         10    0
        pineapple      10    0
        kiwi            0    0  out
        mango           1    0

        """)
    }

    @Test func historyShowsLocalTimesAndResults() throws {
        let harness = try SessionHarness()
        try harness.run("order mango juice 2")
        try harness.run("order mango juice 2")
        let text = ResultText(utcOffset: { _ in 9 * 3600 }).text(for: try harness.run("history"))
        #expect(text == """
        #  TIME                 ORDER           RESULT
        1  2026-11-21 21:00:00  Mango Juice ×2  made
        2  2026-11-21 21:00:00  Mango Juice ×2  refused: mango (needed 6, available 4)

        """)
    }

    @Test func orderResultsAsJSON() throws {
        let harness = try SessionHarness()
        let made = String(decoding: ResultJSON.object(for: try harness.run("order mango juice"), line: 1), as: UTF8.self)
        #expect(made.hasPrefix(#"{"line":1,"command":"order","ok":true,"result":{"lines":[{"item":"Mango Juice","quantity":1}],"order":1},"events":[{"specversion":"1.0","#))
        let refused = String(decoding: ResultJSON.object(for: try harness.run("order strawberry juice"), line: 2), as: UTF8.self)
        #expect(refused.hasPrefix(#"{"line":2,"command":"order","ok":false,"error":{"code":"insufficient_stock","message":"order refused: not enough strawberry (needed 16, available 10)"},"missing":[{"ingredient":"strawberry","needed":16,"available":10}],"events":["#))
        let parseError = String(decoding: ResultJSON.object(for: nil, command: "x", error: .unknownCommand("x", suggestion: nil), line: 3), as: UTF8.self)
        #expect(parseError == #"{"line":3,"command":"x","ok":false,"error":{"code":"unknown_command","message":"unknown command 'x'; type 'help' for the commands"}}"#)
    }

    @Test func everyJSONResultParses() throws {
        let harness = try SessionHarness()
        for line in ["menu", "stock", "order kiwi juice", "stock add kiwi 1", "restock", "history", "report", "sinks", "help", "help order", "reload"] {
            let json = ResultJSON.object(for: try harness.run(line), line: 1)
            #expect(JSONValue(parsing: json)?["ok"] == .bool(true), "\(line)")
        }
    }
}

@Suite struct BatchRunnerTests {
    private func run(_ script: String, options: RunOptions = RunOptions()) throws -> (stdout: String, stderr: String, succeeded: Bool) {
        let harness = try SessionHarness()
        let out = try CapturedOutput()
        let err = try CapturedOutput()
        let runner = BatchRunner(session: harness.session, reader: CommandListReader(script), output: out.output, errors: err.output,
                                 resultText: ResultText(), options: options)
        let succeeded = runner.run()
        return (out.text, err.text, succeeded)
    }

    @Test func resultsGoToStandardOutputAndErrorsWithTheirLine() throws {
        let result = try run("stock add mango 1; ordr; stock remove mango 1; menu x")
        #expect(result.stdout == "")
        #expect(result.stderr == """
        line 2: unknown command 'ordr' (did you mean 'order'?)
        line 4: 'menu' takes no arguments

        """)
        #expect(!result.succeeded)
    }

    @Test func bailStopsAtTheFirstFailure() throws {
        let result = try run("ordr; stock add mango 1", options: RunOptions(bail: true, json: true))
        #expect(result.stdout == #"{"line":1,"command":"ordr","ok":false,"error":{"code":"unknown_command","message":"unknown command 'ordr' (did you mean 'order'?)"}}"# + "\n")
    }

    @Test func quitEndsTheBatch() throws {
        let result = try run("quit; ordr")
        #expect(result.stderr == "")
        #expect(result.succeeded)
    }

    @Test func quietShowsTheErrorOfACommandThatRanAndFailedAndNothingElse() throws {
        let result = try run("order mango juice; stock remove mango 100; order mango juice", options: RunOptions(quiet: true))
        #expect(result.stdout == "")
        #expect(result.stderr == "line 2: cannot remove 100 mango: only 7 in stock\n")
        #expect(!result.succeeded)
    }

    @Test func quietPrintsOnlyErrors() throws {
        let result = try run("menu; stock; ordr", options: RunOptions(quiet: true))
        #expect(result.stdout == "")
        #expect(result.stderr == "line 3: unknown command 'ordr' (did you mean 'order'?)\n")
    }
}
