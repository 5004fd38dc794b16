import Foundation
import KioskCore
import KioskTestSupport
import KioskText
import Testing

/// Batch mode as scripts use it: the built binary with `-c`, `-f`, pipes, `--bail`,
/// `--json` and `--quiet`, checking standard output, standard error and the exit status.
@Suite struct BatchModeTests {
    @Test func fourMangoJuicesMakeThreeAndRefuseTheFourth() throws {
        let result = try KioskProcess("-c", "order mango juice; order mango juice; order mango juice; order mango juice; stock").run()
        #expect(result.stdout == """
        Mango Juice is ready. Enjoy!
        Mango Juice is ready. Enjoy!
        Mango Juice is ready. Enjoy!
        Not enough ingredients for Mango Juice: mango (needed 3, available 1).
        mango needs restocking: 1 left.
        INGREDIENT  STOCK  LOW  STATUS
        strawberry     10    0
        banana         10    0
        pineapple      10    0
        kiwi           10    0
        mango           1    0

        """)
        #expect(result.stderr == "line 4: order refused: not enough mango (needed 3, available 1)\n")
        #expect(result.status == 1)
    }

    @Test func aJuiceWithOneFruitShortTakesNoneOfTheOther() throws {
        let result = try KioskProcess("-c", "stock set banana 0; order strawberry banana juice; order mango juice 3, mango kiwi juice 1; stock").run()
        #expect(result.stderr == """
        line 2: order refused: not enough banana (needed 1, available 0)
        line 3: order refused: not enough mango (needed 11, available 10)

        """)
        #expect(result.stdout.hasSuffix("""
        strawberry     10    0
        banana          0    0  out
        pineapple      10    0
        kiwi           10    0
        mango          10    0

        """))
        #expect(result.status == 1)
    }

    @Test func itemsByNameAliasAndSlugInAnyCase() throws {
        let result = try KioskProcess("-c", "order MANGO JUICE; order mango-kiwi-juice; order Banana-Juice 2", "--quiet").run()
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func theKoreanMenuSpeaksKorean() throws {
        let result = try KioskProcess("--menu", "menus/juice-ko.kiosk", "-c", "order 망고쥬스; order Mango Juice 3; order 딸기 쥬스").run()
        #expect(result.stdout == """
        망고쥬스 나왔습니다! 맛있게 드세요!
        재료가 모자라요. 재고를 수정할까요?
        망고 재고가 얼마 남지 않았어요: 7개
        재료가 모자라요. 재고를 수정할까요?
        딸기 재고가 얼마 남지 않았어요: 10개

        """)
        #expect(result.stderr == """
        line 2: order refused: not enough 망고 (needed 9, available 7)
        line 3: order refused: not enough 딸기 (needed 16, available 10)

        """)
        #expect(result.status == 1)
    }

    @Test func commandsFromAPipe() throws {
        let result = try KioskProcess(arguments: [], stdin: "order kiwi juice\n\n# a comment\nstock remove kiwi 7\nstock\n").run()
        #expect(result.stdout.hasPrefix("Kiwi Juice is ready. Enjoy!\nkiwi stock is now 0.\nkiwi needs restocking: 0 left.\n"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func commandsFromAFileWithLineNumbers() throws {
        let scratch = try ScratchDirectory()
        let script = try scratch.file("orders.txt", "order kiwi juice\r\norder kiwi jiuce\r\nhelp\r\n")
        let result = try KioskProcess("-f", script).run()
        #expect(result.stderr == "line 2: unknown item 'kiwi jiuce' (did you mean 'Kiwi Juice'?)\n")
        #expect(result.stdout.contains("Commands:\n"))
        #expect(result.status == 1)
        let missing = try KioskProcess("-f", scratch.url.appendingPathComponent("nope.txt").path).run()
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("kiosk: cannot read '"))
    }

    @Test func bailStopsAtTheFirstFailure() throws {
        let result = try KioskProcess("--bail", "-c", "order kiwi juice; ordr kiwi juice; order kiwi juice").run()
        #expect(result.stdout == "Kiwi Juice is ready. Enjoy!\n")
        #expect(result.stderr == "line 2: unknown command 'ordr' (did you mean 'order'?)\n")
        #expect(result.status == 1)
    }

    @Test func jsonGivesOneObjectPerCommand() throws {
        let result = try KioskProcess("--json", "-c", "order kiwi juice; ordr; stock; order strawberry juice").run()
        let lines = result.stdout.split(separator: "\n").map { JSONValue(parsing: Array($0.utf8)) }
        #expect(lines.count == 4)
        #expect(lines.map { $0?["ok"] } == [.bool(true), .bool(false), .bool(true), .bool(false)])
        #expect(lines.map { $0?["line"]?.int } == [1, 2, 3, 4])
        #expect(lines[0]?["events"]?.array?.first?["type"]?.string == "order.succeeded")
        #expect(lines[2]?["result"]?["ingredients"]?.array?.count == 5)
        #expect(lines[3]?["missing"]?.array?.first?["ingredient"]?.string == "strawberry")
        #expect(result.status == 1)
    }

    @Test func aSinkFromTheCommandLineReplacesTheDefaultConsole() throws {
        let result = try KioskProcess("--sink", "console on order.failed", "-c", "order kiwi juice; order strawberry juice").run()
        #expect(result.stdout == "Not enough ingredients for Strawberry Juice: strawberry (needed 16, available 10).\n")
        let bad = try KioskProcess("--sink", "consol", "-c", "menu").run()
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--sink:1:6: error: unknown sink kind 'consol'"))
    }

    @Test func anInvalidMenuExits65WithItsDiagnostics() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("bad.kiosk", "ingredient mango stok 1\n")
        let result = try KioskProcess("--menu", menu, "-c", "menu").run()
        #expect(result.status == 65)
        #expect(result.stderr.contains("error: unknown property 'stok' for 'ingredient'"))
        #expect(try KioskProcess("--menu", "nope.kiosk", "-c", "menu").run().status == 66)
    }
}

/// Lines that are not commands get a clear error, and the session goes on.
@Suite struct BadLineTests {
    /// Runs `line` followed by `stock`, and checks the session survived it.
    private func survive(_ line: [UInt8]) throws -> KioskProcess.Result {
        var input = line
        input += Array("\nstock\n".utf8)
        let result = try KioskProcess.run(stdinBytes: input, arguments: [])
        #expect(result.stdout.contains("INGREDIENT") && result.stdout.contains("STOCK"), "the session must go on")
        return result
    }

    @Test func aMegabyteLine() throws {
        let result = try survive(Array(("order " + String(repeating: "mango ", count: 200_000)).utf8))
        #expect(result.stderr == "line 1: line is too long (1,200,006 bytes; the most is 65,536)\n")
        #expect(result.status == 1)
    }

    @Test func nulBytes() throws {
        let result = try survive(Array("order man".utf8) + [0] + Array("go juice".utf8))
        #expect(result.stderr == "line 1: unknown item 'man␀go juice' (did you mean 'Mango Juice'?)\n")
    }

    @Test func invalidUTF8() throws {
        let result = try survive(Array("order ".utf8) + [0xC3, 0x28, 0xFF])
        #expect(result.stderr == "line 1: line is not valid UTF-8\n")
    }

    @Test func controlCharactersAreShownNotObeyed() throws {
        let result = try survive(Array("order \u{1B}[2J\u{7}mango".utf8))
        #expect(result.stderr == "line 1: unknown item '␛[2J␇mango'; type 'menu' for the items\n")
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test func aNumberTooLargeForAnyInteger() throws {
        let result = try survive(Array("stock add mango 99999999999999999999".utf8))
        #expect(result.stderr == "line 1: amount 99999999999999999999 is too large (the most is 1,000,000,000)\n")
    }

    @Test func stockPushedPastABillion() throws {
        let result = try survive(Array("stock add mango 999999990\nstock add mango 1".utf8))
        #expect(result.stderr == "line 2: cannot add 1 mango: it has 1,000,000,000 and stock stops at 1,000,000,000\n")
        #expect(result.stdout.contains("mango       1000000000    0"))
    }

    @Test func hugeQuantitiesAndNegativeAmounts() throws {
        let result = try survive(Array("order mango juice 1000000000\norder mango juice -1\nstock remove mango -3".utf8))
        #expect(result.stderr == """
        line 1: order refused: not enough mango (needed 3,000,000,000, available 10)
        line 2: quantity must be at least 1 (got -1)
        line 3: amount must be at least 0 (got -3)

        """)
    }
}
