@testable import KioskCLI
import KioskCore
import KioskSimulation
import KioskText
import Testing

@Suite struct SimulateArgumentsTests {
    @Test func everyOptionIsRead() throws {
        let arguments = try SimulateArguments.parse([
            "--menu", "cafe.kiosk", "--hours", "7.5", "--arrivals", "07:00 180/h, 09:00 60/h", "--seed", "42",
            "--service", "exponential", "--patience", "5m", "--restock", "low:30m", "--replications", "10",
            "--json", "--csv=day.csv", "--sinks", "--sink", "log path \"x.jsonl\"", "--state", "day", "--flush-timeout", "2m", "--no-color",
        ])
        #expect(arguments.menu == "cafe.kiosk")
        #expect(arguments.overrides.stop == .duration(milliseconds: 27_000_000))
        #expect(arguments.overrides.arrivals == (try Arrivals.parse("07:00 180/h, 09:00 60/h")))
        #expect(arguments.overrides.seed == 42)
        #expect(arguments.overrides.service == .exponential)
        #expect(arguments.overrides.patience == .fixed(milliseconds: 300_000))
        #expect(arguments.overrides.restock == .low(leadMilliseconds: 1_800_000))
        #expect(arguments.replications == 10)
        #expect(arguments.json && arguments.menuSinks && arguments.noColor && !arguments.help)
        #expect(arguments.csv == "day.csv")
        #expect(arguments.sinks == ["log path \"x.jsonl\""])
        #expect(arguments.state == "day")
        #expect(arguments.flushTimeout == .seconds(120))
        #expect(arguments.pace == nil)
        #expect(try SimulateArguments.parse(["-h"]).help && (try SimulateArguments.parse(["--help"]).help))
    }

    /// The checkout's options: shares as percentages to the thousandth, and the readers;
    /// the first one given is what a menu without a `checkout` refuses.
    @Test func theCheckoutsOptionsAreRead() throws {
        let arguments = try SimulateArguments.parse(["--decline-rate", "2.5", "--card-share", "60%", "--readers", "3"])
        #expect(arguments.overrides.cardShare == Rate(parts: 60_000))
        #expect(arguments.overrides.declineRate == Rate(parts: 2_500))
        #expect(arguments.overrides.readers == 3)
        #expect(arguments.checkoutOption == "--decline-rate")
        #expect(try SimulateArguments.parse(["--card-share", "100%"]).overrides.cardShare == Rate(parts: Rate.whole))
        #expect(try SimulateArguments.parse(["--card-share", "0"]).overrides.cardShare == Rate(parts: 0))
        #expect(try SimulateArguments.parse([]).checkoutOption == nil)
        let menu = try Menu(
            name: "Stand", currency: "USD", ingredients: [Ingredient(name: "tea", initialStock: 10)],
            items: [Item(name: "Tea", price: Money(hundredths: 210), recipe: Recipe([.init(ingredient: 0, quantity: 1)]))],
            checkout: CheckoutSettings(readerLatency: 3_000)
        )
        var configuration = SimulationConfiguration(boardOf: menu, seed: 1)
        arguments.overrides.apply(to: &configuration)
        #expect(configuration.checkout == SimulationConfiguration.Checkout(
            cardShare: Rate(parts: 60_000), declineRate: Rate(parts: 2_500), readers: 3, latencyMilliseconds: 3_000, cashStep: 1
        ))
    }

    @Test func nothingGivenChangesNothing() throws {
        let arguments = try SimulateArguments.parse([])
        #expect(arguments == SimulateArguments())
        #expect(arguments.overrides == SimulationOverrides())
        #expect(arguments.flushTimeout == .seconds(5))
    }

    /// As `kiosk --flush-timeout`: the sinks' time to deliver at the end, read as the REPL's is.
    @Test func theSinksTimeAtTheEndIsReadAsKiosksOwn() throws {
        #expect(try SimulateArguments.parse(["--sink", "console", "--flush-timeout", "60s"]).flushTimeout == .seconds(60))
        #expect(try SimulateArguments.parse(["--flush-timeout=500ms"]).flushTimeout == .milliseconds(500))
        for text in ["5s", "500ms", "2m", "7", "0"] {
            let simulate = try SimulateArguments.parse(["--flush-timeout", text]).flushTimeout
            #expect(simulate == (try Arguments.parse(["--flush-timeout", text]).flushTimeout), "\(text)")
        }
    }

    /// `--arrivals` on the command line over the menu's `simulate` block: the day opens
    /// at the default time for a constant rate, and nothing else is the command line's.
    @Test func arrivalsOnTheCommandLineOverrideTheMenus() throws {
        let menu = try Menu(
            name: "Stand", ingredients: [Ingredient(name: "tea", initialStock: 10)],
            items: [Item(name: "Tea", recipe: Recipe([.init(ingredient: 0, quantity: 1)]))],
            simulateSettings: SimulateSettings(arrivals: .timesOfDay([.init(start: 7 * 3_600_000, rate: try ArrivalRate(parsing: "180/h"))]))
        )
        let menus = SimulationConfiguration(boardOf: menu, seed: 1)
        var configuration = menus
        try SimulateArguments.parse(["--arrivals", "50/h"]).overrides.apply(to: &configuration)
        #expect(configuration.arrivals == .constant(ArrivalRate(perHour: 50)))
        #expect(configuration.opening == SimulationConfiguration.defaultOpeningTime)
        var expected = menus
        expected.arrivals = .constant(ArrivalRate(perHour: 50))
        #expect(configuration == expected)
    }

    @Test func theOptionsApplyToAConfiguration() throws {
        let arguments = try SimulateArguments.parse(["--customers", "500", "--restock", "every 2h", "--pace", "60"])
        var configuration = SimulationConfiguration(menu: .juiceMaker, seed: 9)
        arguments.overrides.apply(to: &configuration)
        #expect(configuration.stop == .customers(500))
        #expect(configuration.restock == .every(milliseconds: 7_200_000))
        #expect(configuration.seed == 9)
        #expect(arguments.pace == Pace(factor: 60))
    }

    /// Every mistake, with the whole text the user reads after `kiosk simulate: `.
    @Test(arguments: [
        (["--hours", "0"], "option '--hours' needs a number of hours above 0 and up to 8784, such as 8 or 7.5, not '0'"),
        (["--hours", "99999999999999"], "option '--hours' needs a number of hours above 0 and up to 8784, such as 8 or 7.5, not '99999999999999'"),
        (["--hours", "8", "--customers", "10"], "'--hours' and '--customers' cannot be combined"),
        (["--customers", "0"], "option '--customers' needs a whole number of customers from 1 to 1,000,000,000, not '0'"),
        (["--arrivals", "120/day"], "option '--arrivals': '120/day' is not a rate: write a number per unit, such as 120/h, 2/min or 0.5/s"),
        (["--seed", "-1"], "option '--seed' needs a whole number from 0 to 18446744073709551615, not '-1'"),
        (["--service", "random"], "option '--service' needs fixed or exponential, not 'random'"),
        (["--patience", "2d"], "option '--patience' needs a duration up to 24h, such as 5m or 90s, not '2d'"),
        (["--restock", "sometimes"], "option '--restock' needs none, low, low:LEAD (such as low:30m) or 'every DURATION' (such as 'every 2h'), durations up to 24h, not 'sometimes'"),
        (["--replications", "0"], "option '--replications' needs a whole number from 1 to 1,000, not '0'"),
        (["--card-share", "101%"], "option '--card-share' needs a percentage from 0% to 100%, such as 60% or 2.5%, not '101%'"),
        (["--card-share", "-5%"], "option '--card-share' needs a percentage from 0% to 100%, such as 60% or 2.5%, not '-5%'"),
        (["--decline-rate", "0.0001%"], "option '--decline-rate' needs a percentage from 0% to 100%, such as 60% or 2.5%, not '0.0001%'"),
        (["--decline-rate", "99999999999999999999999%"], "option '--decline-rate' needs a percentage from 0% to 100%, such as 60% or 2.5%, not '99999999999999999999999%'"),
        (["--readers", "0"], "option '--readers' needs a whole number of card readers from 1 to 1,000, not '0'"),
        (["--readers", "1001"], "option '--readers' needs a whole number of card readers from 1 to 1,000, not '1001'"),
        (["--readers", "18446744073709551617"], "option '--readers' needs a whole number of card readers from 1 to 1,000, not '18446744073709551617'"),
        (["--pace", "60", "--replications", "2"], "'--pace' and '--replications' cannot be combined"),
        (["--pace", "-1"], "option '--pace' needs a speed-up above 0, such as 60 for a simulated minute each second, not '-1'"),
        (["--flush-timeout", "soon"], "option '--flush-timeout' needs a duration such as 5s or 500ms, not 'soon'"),
        (["--flush-timeout", "-1s"], "option '--flush-timeout' needs a duration such as 5s or 500ms, not '-1s'"),
        (["--seed"], "option '--seed' needs a value"),
        (["--flush-timeout"], "option '--flush-timeout' needs a value"),
        (["--json=yes"], "option '--json' does not take a value"),
        (["--replicatons", "3"], "unknown option '--replicatons' (did you mean '--replications'?)"),
        (["-json"], "unknown option '-json' (did you mean '--json'?)"),
        (["--bail"], "unknown option '--bail'"),
        // No words, so `--` ends nothing: it is an unknown option, and stops the reading.
        (["--", "--json"], "unknown option '--'"),
        (["--", "--jsno"], "unknown option '--'"),
        (["today"], "unexpected argument 'today'"),
        (["-"], "unexpected argument '-'"),
        (["--state", "day"], "'--state' needs --sinks or --sink: it keeps their events"),
    ])
    func mistakesAreUsageErrorsWithTheirText(_ arguments: [String], _ message: String) {
        #expect {
            _ = try SimulateArguments.parse(arguments)
        } throws: { error in
            (error as? SimulateUsageError)?.message == message
        }
    }

    @Test func mistakesAreDataOfTheirOwn() {
        #expect(throws: SimulateUsageError.option(.unknownOption("-json", suggestion: "--json"))) { try SimulateArguments.parse(["-json"]) }
        #expect(throws: SimulateUsageError.option(.unknownOption("--", suggestion: nil))) { try SimulateArguments.parse(["--", "--json"]) }
        #expect(throws: SimulateUsageError.unexpectedArgument("-")) { try SimulateArguments.parse(["-"]) }
        #expect(throws: SimulateUsageError.option(.missingValue(option: "--flush-timeout"))) { try SimulateArguments.parse(["--json", "--flush-timeout"]) }
        #expect(throws: SimulateUsageError.arrivals(.malformedRate("120/day"))) { try SimulateArguments.parse(["--arrivals", "120/day"]) }
        #expect(throws: SimulateUsageError.stateWithoutSinks) { try SimulateArguments.parse(["--state", "day", "--json"]) }
        // The first mistake in the order given is the one reported.
        #expect(throws: SimulateUsageError.invalidValue(option: "--flush-timeout", value: "soon", expected: "a duration such as 5s or 500ms")) {
            try SimulateArguments.parse(["--flush-timeout", "soon", "--hoursx"])
        }
    }

    /// Under `--lang ko`, the same mistakes in Korean, with the options as they were typed.
    @Test func mistakesSpeakTheOperatorsLanguage() {
        func message(_ arguments: [String]) -> String? {
            Localization.$speaking.withValue(.korean) { () -> String? in
                do throws(SimulateUsageError) {
                    _ = try SimulateArguments.parse(arguments)
                    return nil
                } catch {
                    return error.message
                }
            }
        }
        for arguments in [["--hour", "3"], ["-json"], ["--seed"], ["--json=yes"], ["--flush-timeout", "soon"], ["--arrivals", "120/day"], ["today"],
                          ["--pace", "1", "--replications", "2"], ["--state", "day"]] {
            let korean = message(arguments) ?? ""
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(arguments): \(korean)")
        }
        #expect(message(["--hour", "3"]) == "알 수 없는 옵션 '--hour' ('--hours'을(를) 말씀하신 건가요?)")
        #expect(message(["--flush-timeout", "soon"]) == "옵션 '--flush-timeout'에 맞지 않는 값 'soon' (필요한 것: 5s나 500ms 같은 시간 길이)")
    }
}
