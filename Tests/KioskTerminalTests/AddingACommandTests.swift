import KioskApplication
import KioskTerminal
import KioskTestSupport
import KioskText
import Testing

/// Adding a command is one table entry and one handler. This file adds `ping` — the
/// handler below and the entry in `table` — and nothing else changes: dispatch, `help`,
/// Tab completion, `--json` and the runners all take it from the table.
@Suite struct AddingACommandTests {
    /// The handler: how `ping [N]` reads its arguments and what it does.
    enum PingCommand: CommandHandler {
        struct Arguments: CommandArguments, Equatable {
            let times: Int
        }

        static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
            let list = words.words
            guard let count = list.first else { return Arguments(times: 1) }
            guard list.count == 1 else { throw words.usage }
            return Arguments(times: try CommandParser.number(count, what: "count", minimum: 1))
        }

        static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
            .text(String(repeating: "pong\n", count: min(arguments.times, 3)))
        }
    }

    /// The entry: everything else about `ping`, declared once.
    let table = CommandTable.standard.adding([
        CommandEntry(
            "ping", aliases: ["p"], synopsis: "ping [N]", summary: "answers pong, N times (at most 3)",
            details: "Checks that the kiosk answers.", completion: .subcommands([.init("1"), .init("2"), .init("3")]),
            handler: PingCommand.self
        ),
    ])

    @Test func dispatchFindsItByNameAndAlias() throws {
        let harness = try SessionHarness(commands: table)
        #expect(try harness.run("ping 2").output.shownText == "pong\npong\n")
        #expect(try harness.run("P").output.shownText == "pong\n")
        #expect(throws: CommandError.notANumber("x", what: "count")) { try harness.run("ping x") }
        #expect(throws: CommandError.usage("ping [N]")) { try harness.run("ping 1 2") }
        #expect(throws: CommandError.unknownCommand("ping", suggestion: nil)) { try CommandParser.parse("ping") }
    }

    @Test func helpCompletionAndJSONReadTheEntry() throws {
        let harness = try SessionHarness(commands: table)
        let help = try harness.run("help").output.shownText
        #expect(help.contains("  ping [N]"))
        #expect(help.contains("answers pong, N times (at most 3)"))
        #expect(try harness.run("help ping").output.shownText == "usage: ping [N]\n\nChecks that the kiosk answers.\n")
        let completer = Completer(table: table)
        #expect(completer.complete(line: "pin", word: "pin") == ["ping"])
        #expect(completer.complete(line: "ping ", word: "") == ["1", "2", "3"])
        let json = ResultJSON.object(for: try harness.run("ping"), line: 1)
        #expect(String(decoding: json, as: UTF8.self) == #"{"line":1,"command":"ping","ok":true,"result":{"text":"pong\n"}}"#)
    }

    @Test func theBatchRunnerRunsIt() throws {
        let harness = try SessionHarness(commands: table)
        let out = try CapturedOutput()
        let err = try CapturedOutput()
        let runner = BatchRunner(session: harness.session, reader: CommandListReader("ping; ping 3; quit; ping"), output: out.output,
                                 errors: err.output, resultText: ResultText(), options: RunOptions())
        #expect(runner.run())
        #expect(out.text == "pong\npong\npong\npong\n")
        #expect(err.text == "")
    }
}

extension CommandOutput {
    /// The text of a `.text` output; empty for any other.
    var shownText: String {
        if case .text(let text) = self { text } else { "" }
    }
}
