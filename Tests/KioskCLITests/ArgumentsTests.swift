@testable import KioskCLI
import Testing

@Suite struct ArgumentsTests {
    @Test func noArgumentsIsASession() throws {
        #expect(try Arguments.parse([]).mode == .session)
    }

    @Test func everyOption() throws {
        let parsed = try Arguments.parse([
            "--menu", "m.kiosk", "--state=s.json", "--sink", "log path \"a\"", "--sink", "console",
            "-c", "menu; stock", "--bail", "--json", "--quiet", "--no-color", "--flush-timeout", "250ms",
        ])
        #expect(parsed.menu == "m.kiosk")
        #expect(parsed.state == "s.json")
        #expect(parsed.sinks == ["log path \"a\"", "console"])
        #expect(parsed.mode == .commands("menu; stock"))
        #expect(parsed.bail && parsed.json && parsed.quiet && parsed.noColor)
        #expect(parsed.flushTimeout == .milliseconds(250))
    }

    @Test func simulateTakesTheOptionsOnBothSidesOfIt() {
        #expect(Arguments.simulateArguments(["simulate", "--hours", "2"]) == ["--hours", "2"])
        #expect(Arguments.simulateArguments(["--menu", "m.kiosk", "--json", "simulate", "--hours", "2"]) == ["--menu", "m.kiosk", "--json", "--hours", "2"])
        // An option's value is never the sub-command, and a simulate option may come first.
        #expect(Arguments.simulateArguments(["--menu", "simulate"]) == nil)
        #expect(Arguments.simulateArguments(["--seed", "5", "simulate"]) == ["--seed", "5"])
        #expect(Arguments.simulateArguments(["--menu=simulate", "simulate"]) == ["--menu=simulate"])
        #expect(Arguments.simulateArguments(["check", "simulate"]) == nil)
        #expect(Arguments.simulateArguments(["--", "simulate"]) == nil)
        #expect(Arguments.simulateArguments([]) == nil)
    }

    @Test func checkTakesFiles() throws {
        #expect(try Arguments.parse(["check", "a.kiosk", "b.kiosk"]).mode == .check(["a.kiosk", "b.kiosk"]))
        #expect(try Arguments.parse(["--no-color", "check", "a.kiosk"]).mode == .check(["a.kiosk"]))
    }

    @Test func scriptFromStandardInput() throws {
        #expect(try Arguments.parse(["-f", "-"]).mode == .script("-"))
    }

    @Test func mistakesAreUsageErrors() {
        #expect(throws: UsageError.unknownOption("--mneu", suggestion: "--menu")) { try Arguments.parse(["--mneu", "x"]) }
        #expect(throws: UsageError.missingValue(option: "--menu")) { try Arguments.parse(["--menu"]) }
        #expect(throws: UsageError.conflicting("-f")) { try Arguments.parse(["-c", "menu", "-f", "x"]) }
        #expect(throws: UsageError.missingFiles) { try Arguments.parse(["check"]) }
        #expect(throws: UsageError.unexpectedArgument("chekc", suggestion: "check")) { try Arguments.parse(["chekc"]) }
        #expect(throws: UsageError.invalidValue(option: "--flush-timeout", value: "soon", expected: "a duration such as 5s or 500ms")) {
            try Arguments.parse(["--flush-timeout", "soon"])
        }
        #expect(throws: UsageError.unexpectedValue(option: "--bail")) { try Arguments.parse(["--bail=yes"]) }
    }

    @Test func helpWinsOverEverythingElse() throws {
        #expect(try Arguments.parse(["-c", "menu", "--help"]).mode == .help)
        #expect(try Arguments.parse(["check", "x", "--version"]).mode == .version)
    }

    @Test func durations() {
        #expect(Arguments.duration("5s") == .seconds(5))
        #expect(Arguments.duration("2m") == .seconds(120))
        #expect(Arguments.duration("7") == .seconds(7))
        #expect(Arguments.duration("-1s") == nil)
        #expect(Arguments.duration("99999999999999999999s") == nil)
    }

    @Test func aVirtualClockFromATimeOrFromNow() throws {
        #expect(try Arguments.parse(["--clock", "virtual"]).clock == Arguments.ClockChoice(start: nil))
        #expect(try Arguments.parse(["--clock=virtual=2026-11-23T09:00:00Z"]).clock == Arguments.ClockChoice(start: 1_795_424_400_000))
        #expect(try Arguments.parse([]).clock == nil)
        let expected = "'virtual' or 'virtual=TIME' with TIME in ISO 8601 such as 2026-11-23T09:00:00Z"
        #expect(throws: UsageError.invalidValue(option: "--clock", value: "wall", expected: expected)) { try Arguments.parse(["--clock", "wall"]) }
        #expect(throws: UsageError.invalidValue(option: "--clock", value: "virtual=9am", expected: expected)) {
            try Arguments.parse(["--clock", "virtual=9am"])
        }
    }
}
