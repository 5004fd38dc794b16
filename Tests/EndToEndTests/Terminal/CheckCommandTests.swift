import Foundation
import KioskTestSupport
import Testing

/// `kiosk check` run as a user runs it: the built binary, real files, real pipes.
@Suite struct CheckCommandTests {
    @Test func theBundledMenusAreOk() throws {
        let result = try KioskProcess(
            "check", "menus/cafe.kiosk", "menus/juice-board-ko.kiosk", "menus/juice-board.kiosk", "menus/juice-ko.kiosk", "menus/juice.kiosk"
        ).run()
        #expect(result.stdout == """
        menus/cafe.kiosk: ok (5 ingredients, 4 items, 2 questions, 4 sinks)
          prices: all 8 price points add up: each tax and net make the price, none below zero
        menus/juice-board-ko.kiosk: ok (5 ingredients, 7 items, 2 stations, 4 arrival rates, 0 sinks)
        menus/juice-board.kiosk: ok (5 ingredients, 7 items, 2 stations, 4 arrival rates, 0 sinks)
        menus/juice-ko.kiosk: ok (5 ingredients, 7 items, 3 questions, 0 sinks)
        menus/juice.kiosk: ok (5 ingredients, 7 items, 3 questions, 0 sinks)

        """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func fiveMistakesGiveFiveDiagnosticsInOneRun() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("bad.kiosk", """
        kiosk "Bad Juice"
        ingredient mango stock 10
        ingredient kiwi  stock -3
        item "Mango Juice" needs mango 3
        item "Mango Juice" needs mango 2
        item "Kiwi Juice"  needs kiwii 3
        item "Mango Kiwi"  needs mango 2, kiwi 1 prise 4500
        message order.failed "Sorry!
        """)
        var process = KioskProcess("check", path)
        process.directory = scratch.url
        let result = try process.run()
        #expect(result.stderr == """
        \(path):3:24: error: 'stock' cannot be negative (found -3)
            3 | ingredient kiwi  stock -3
              |                        ^~
        \(path):5:6: error: duplicate item 'Mango Juice'
            5 | item "Mango Juice" needs mango 2
              |      ^~~~~~~~~~~~~
        \(path):4:6: note: 'Mango Juice' was first declared here
            4 | item "Mango Juice" needs mango 3
              |      ^~~~~~~~~~~~~
        \(path):6:26: error: unknown ingredient 'kiwii'
            6 | item "Kiwi Juice"  needs kiwii 3
              |                          ^~~~~
              = help: did you mean 'kiwi'?
        \(path):7:42: error: unknown property 'prise' for 'item'
            7 | item "Mango Kiwi"  needs mango 2, kiwi 1 prise 4500
              |                                          ^~~~~
              = help: did you mean 'price'?
        \(path):8:22: error: unterminated string
            8 | message order.failed "Sorry!
              |                      ^~~~~~~
              = help: close the string with '"' before the end of the line
        \(path): 5 errors

        """)
        #expect(result.stdout == "")
        #expect(result.status == 65)
    }

    @Test func optionsBeforeCheckWorkAsAfterIt() throws {
        let after = try KioskProcess("check", "--json", "menus/juice-board.kiosk").run()
        let before = try KioskProcess("--json", "check", "menus/juice-board.kiosk").run()
        let last = try KioskProcess("check", "menus/juice-board.kiosk", "--json").run()
        #expect(after.stdout == "{\"file\":\"menus/juice-board.kiosk\",\"ok\":true,\"summary\":\"5 ingredients, 7 items, 2 stations, 4 arrival rates, 0 sinks\"}\n")
        #expect(before.stdout == after.stdout && before.status == 0)
        #expect(last.stdout == after.stdout && last.status == 0)
    }

    @Test func aMistakeInTheSimulateBlockIsACheckError() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("day.kiosk", "ingredient tea stock 5\nitem Tea needs tea 1 popularity 2\nsimulate { arrivals 07:00 40/hr }\n")
        var process = KioskProcess("check", "--json", path)
        process.directory = scratch.url
        let result = try process.run()
        #expect(result.stderr == """
        {"file":"\(path)","line":3,"column":27,"severity":"error","code":"invalid_rate","message":"'40/hr' is not a rate","help":["did you mean '40/h'?"]}

        """)
        #expect(result.status == 65)
    }

    @Test func aMissingFileExits66AndTheOthersAreStillChecked() throws {
        let result = try KioskProcess("check", "menus/nope.kiosk", "menus/juice.kiosk").run()
        #expect(result.stderr == "kiosk: cannot read 'menus/nope.kiosk': no such file\n")
        #expect(result.stdout == "menus/juice.kiosk: ok (5 ingredients, 7 items, 3 questions, 0 sinks)\n")
        #expect(result.status == 66)
    }

    @Test func aDirectoryIsNotAMenu() throws {
        let result = try KioskProcess("check", "menus").run()
        #expect(result.stderr == "kiosk: cannot read 'menus': is a directory\n")
        #expect(result.status == 66)
    }

    @Test func noColourOnAPipe() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("bad.kiosk", "ingredient mango stok 1")
        let result = try KioskProcess("check", path).run()
        #expect(result.status == 65)
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test func aFileFullOfErrorsShowsTheFirstHundred() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("many.kiosk", String(repeating: "ingredeint x\n", count: 150))
        let result = try KioskProcess("check", path).run()
        #expect(result.status == 65)
        #expect(result.stderr.components(separatedBy: "error: unknown statement").count - 1 == 100)
        #expect(result.stderr.hasSuffix("\(path): 150 errors (50 not shown)\n"))
    }

    @Test func randomBytesDoNotCrashTheCheck() throws {
        let scratch = try ScratchDirectory()
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = scratch.url.appendingPathComponent("random.kiosk")
        try Data(bytes).write(to: path)
        let result = try KioskProcess("check", path.path).run()
        #expect(result.status == 65 || result.status == 0)
    }
}

@Suite struct CommandLineTests {
    @Test func helpAndVersion() throws {
        let help = try KioskProcess("--help").run()
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("kiosk — a terminal kiosk simulator\n\nUsage:\n"))
        let version = try KioskProcess("--version").run()
        #expect(version.stdout.hasPrefix("kiosk 0.1.0\ncommit "))
        #expect(version.status == 0)
    }

    @Test func aMisspeltOptionExits64WithASuggestion() throws {
        let result = try KioskProcess("--mneu", "x.kiosk").run()
        #expect(result.stderr == "kiosk: unknown option '--mneu' (did you mean '--menu'?)\nTry 'kiosk --help' for more information.\n")
        #expect(result.status == 64)
    }

    @Test func checkWithoutFilesExits64() throws {
        let result = try KioskProcess("check").run()
        #expect(result.stderr.hasPrefix("kiosk: 'check' needs at least one menu file\n"))
        #expect(result.status == 64)
    }
}
