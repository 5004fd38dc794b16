@testable import KioskCLI
import KioskText
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

    /// `forget` names the sink after the directory; the other actions take the directory alone.
    @Test func stateActionsTakeADirectoryAndForgetASink() throws {
        #expect(try Arguments.parse(["state", "sinks", "s"]).mode == .state(.sinks, "s", sink: nil))
        #expect(try Arguments.parse(["state", "forget", "s", "log events.jsonl"]).mode == .state(.forget, "s", sink: "log events.jsonl"))
        #expect(throws: UsageError.stateUsage(nil, suggestion: nil)) { try Arguments.parse(["state", "forget", "s"]) }
        #expect(throws: UsageError.stateUsage(nil, suggestion: nil)) { try Arguments.parse(["state", "sinks", "s", "log"]) }
        #expect(throws: UsageError.stateUsage("forgot", suggestion: "forget")) { try Arguments.parse(["state", "forgot", "s", "log"]) }
    }

    @Test func scriptFromStandardInput() throws {
        #expect(try Arguments.parse(["-f", "-"]).mode == .script("-"))
    }

    /// `--operator NAME` names who is at the till; without it, the login name.
    @Test func theOperatorIsGivenOrTheLoginName() throws {
        #expect(try Arguments.parse(["--operator", "Ana"]).operatorName == "Ana")
        #expect(try Arguments.parse(["serve", "--operator", "김민지"]).operatorName == "김민지")
        #expect(try Arguments.parse([]).operatorName == nil)
        let expected = "a name of 1 to 64 printable characters, such as Ana"
        for wrong in ["", "  ", "a\tb", String(repeating: "x", count: 65)] {
            #expect(throws: UsageError.invalidValue(option: "--operator", value: wrong, expected: expected), "\(wrong)") {
                try Arguments.parse(["--operator", wrong])
            }
        }
        #expect(Arguments.defaultOperator(environment: ["LOGNAME": "ana", "USER": "ben"], account: "root") == "ana")
        #expect(Arguments.defaultOperator(environment: ["LOGNAME": "", "USER": "ben"], account: "root") == "ben")
        #expect(Arguments.defaultOperator(environment: [:], account: "root") == "root")
        #expect(Arguments.defaultOperator(environment: [:], account: nil) == "operator")
    }

    @Test func mistakesAreUsageErrors() {
        #expect(throws: UsageError.option(.unknownOption("--mneu", suggestion: "--menu"))) { try Arguments.parse(["--mneu", "x"]) }
        #expect(throws: UsageError.option(.missingValue(option: "--menu"))) { try Arguments.parse(["--menu"]) }
        #expect(throws: UsageError.conflicting("-f")) { try Arguments.parse(["-c", "menu", "-f", "x"]) }
        #expect(throws: UsageError.missingFiles) { try Arguments.parse(["check"]) }
        #expect(throws: UsageError.unexpectedArgument("chekc", suggestion: "check")) { try Arguments.parse(["chekc"]) }
        #expect(throws: UsageError.invalidValue(option: "--flush-timeout", value: "soon", expected: "a duration such as 5s or 500ms")) {
            try Arguments.parse(["--flush-timeout", "soon"])
        }
        #expect(throws: UsageError.option(.unexpectedValue(option: "--bail"))) { try Arguments.parse(["--bail=yes"]) }
    }

    /// The option loop's mistakes, as `kiosk simulate` has them too, and what `--` and `-`
    /// are to `kiosk`: the end of the options, and standard input or a word.
    @Test func theOptionLoopsMistakesAndWords() throws {
        #expect(throws: UsageError.option(.unknownOption("-json", suggestion: "--json"))) { try Arguments.parse(["-json"]) }
        #expect(throws: UsageError.option(.unknownOption("-x", suggestion: nil))) { try Arguments.parse(["-x"]) }
        #expect(throws: UsageError.option(.missingValue(option: "--flush-timeout"))) { try Arguments.parse(["--json", "--flush-timeout"]) }
        #expect(throws: UsageError.option(.unexpectedValue(option: "--json"))) { try Arguments.parse(["--json=yes"]) }
        // After `--`, an option is a word: the sub-command it is not.
        #expect(throws: UsageError.unexpectedArgument("--jsno", suggestion: nil)) { try Arguments.parse(["--", "--jsno"]) }
        #expect(throws: UsageError.unexpectedArgument("chek", suggestion: "check")) { try Arguments.parse(["--", "chek"]) }
        #expect(throws: UsageError.unexpectedArgument("-", suggestion: nil)) { try Arguments.parse(["-"]) }
        #expect(try Arguments.parse(["--", "check", "-"]).mode == .check(["-"]))
        #expect(try Arguments.parse(["check", "--", "--json"]).mode == .check(["--json"]))
        #expect(try Arguments.parse(["--menu=--json"]).menu == "--json")
        #expect(try Arguments.parse(["--menu", "--json"]).menu == "--json")
        // The first mistake in the order given is the one reported.
        #expect(throws: UsageError.invalidValue(option: "--flush-timeout", value: "soon", expected: "a duration such as 5s or 500ms")) {
            try Arguments.parse(["--flush-timeout", "soon", "--mneu"])
        }
    }

    @Test(arguments: [
        (["--mneu", "x"], "unknown option '--mneu' (did you mean '--menu'?)"),
        (["-json"], "unknown option '-json' (did you mean '--json'?)"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--menu"], "option '--menu' needs a value"),
        (["--bail=yes"], "option '--bail' does not take a value"),
        (["--flush-timeout", "soon"], "option '--flush-timeout' needs a duration such as 5s or 500ms, not 'soon'"),
        (["--clock", "wall"], "option '--clock' needs 'virtual' or 'virtual=TIME' with TIME in ISO 8601 such as 2026-11-23T09:00:00Z, not 'wall'"),
        (["serve", "--listen", "here"], "option '--listen' needs ADDRESS:PORT with a numeric address, such as 127.0.0.1:8080, [::1]:8080 or 127.0.0.1:0 (a free port), not 'here'"),
        (["-c", "menu", "-f", "x"], "'-f' cannot be combined with -c, -f, check or state"),
        (["chekc"], "unexpected argument 'chekc' (did you mean 'check'?)"),
        (["--", "--json"], "unexpected argument '--json'"),
        (["-"], "unexpected argument '-'"),
        (["check"], "'check' needs at least one menu file"),
        (["state", "verfy", "d"], "unknown 'state' action 'verfy' (did you mean 'verify'?); usage: kiosk state verify|dump|compact|sinks|forget DIRECTORY [SINK]"),
        (["state", "frobnicate", "d"], "unknown 'state' action 'frobnicate'; usage: kiosk state verify|dump|compact|sinks|forget DIRECTORY [SINK]"),
        (["state", "verify"], "usage: kiosk state verify|dump|compact|sinks|forget DIRECTORY [SINK]"),
        (["--listen", "127.0.0.1:80"], "'--listen' is an option of 'kiosk serve'"),
        (["serve", "--bail"], "'--bail' cannot be combined with serve"),
        (["serve", "--tls-cert", "c.pem"], "'--tls-cert' and '--tls-key' go together: give both, or neither"),
    ])
    func mistakesHaveTheirText(_ arguments: [String], _ message: String) {
        #expect {
            _ = try Arguments.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message == message
        }
    }

    @Test func theLanguageOptionIsTakenOutFirst() throws {
        var arguments = ["--lang", "ko", "simulate", "--lang=en", "--", "--lang", "x"]
        #expect(try Arguments.takeLanguage(&arguments) == .english)
        #expect(arguments == ["simulate", "--", "--lang", "x"])
        var wrong = ["--lang", "fr"]
        #expect(throws: UsageError.unknownLanguage("fr")) { try Arguments.takeLanguage(&wrong) }
        #expect(UsageError.unknownLanguage("fr").message == "option '--lang' needs a language kiosk has a catalog for (en, ko), not 'fr'")
        var missing = ["--lang"]
        #expect(throws: UsageError.option(.missingValue(option: "--lang"))) { try Arguments.takeLanguage(&missing) }
    }

    /// Every usage error in Korean under `--lang ko`: no English sentence is left.
    @Test func mistakesSpeakTheOperatorsLanguage() {
        let errors: [UsageError] = [
            .option(.unknownOption("--mneu", suggestion: "--menu")), .option(.unknownOption("--x", suggestion: nil)), .option(.missingValue(option: "--menu")),
            .option(.unexpectedValue(option: "--bail")), .invalidValue(option: "--flush-timeout", value: "soon", expected: Arguments.durationExpected),
            .unknownLanguage("fr"), .conflicting("-f"),
            .unexpectedArgument("chekc", suggestion: "check"), .unexpectedArgument("x", suggestion: nil), .missingFiles,
            .stateUsage("verfy", suggestion: "verify"), .stateUsage("x", suggestion: nil), .stateUsage(nil, suggestion: nil),
            .onlyForServe("--listen"), .notForServe("--bail"), .tlsPair,
        ]
        for error in errors {
            let korean = Localization.$speaking.withValue(.korean) { error.message }
            #expect(korean != error.message, "\(error)")
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(error): \(korean)")
        }
        let state = Localization.$speaking.withValue(.korean) { UsageError.stateUsage(nil, suggestion: nil).message }
        #expect(state == "사용법: kiosk state verify|dump|compact|sinks|forget DIRECTORY [SINK]")
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
