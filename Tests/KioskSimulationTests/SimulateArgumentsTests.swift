import KioskSimulation
import Testing

@Suite struct SimulateArgumentsTests {
    @Test func everyOptionIsRead() throws {
        let arguments = try SimulateArguments.parse([
            "--menu", "cafe.kiosk", "--hours", "7.5", "--arrivals", "07:00 180/h, 09:00 60/h", "--seed", "42",
            "--service", "exponential", "--patience", "5m", "--restock", "low:30m", "--replications", "10",
            "--json", "--csv=day.csv", "--sinks", "--sink", "log path \"x.jsonl\"",
        ])
        #expect(arguments.menu == "cafe.kiosk")
        #expect(arguments.stop == .duration(milliseconds: 27_000_000))
        #expect(arguments.arrivals == (try Arrivals.parse("07:00 180/h, 09:00 60/h")))
        #expect(arguments.seed == 42)
        #expect(arguments.service == .exponential)
        #expect(arguments.patience == .fixed(milliseconds: 300_000))
        #expect(arguments.restock == .low(leadMilliseconds: 1_800_000))
        #expect(arguments.replications == 10)
        #expect(arguments.json && arguments.menuSinks)
        #expect(arguments.csv == "day.csv")
        #expect(arguments.sinks == ["log path \"x.jsonl\""])
        #expect(arguments.pace == nil)
    }

    @Test func theOptionsApplyToAConfiguration() throws {
        let arguments = try SimulateArguments.parse(["--customers", "500", "--restock", "every 2h", "--pace", "60"])
        var configuration = SimulationConfiguration(menu: .juiceMaker, seed: 9)
        arguments.apply(to: &configuration)
        #expect(configuration.stop == .customers(500))
        #expect(configuration.restock == .every(milliseconds: 7_200_000))
        #expect(configuration.seed == 9)
        #expect(arguments.pace == Pace(factor: 60))
        #expect(try SimulateArguments.parse([]) == SimulateArguments())
    }

    @Test func mistakesAreErrorsWithTheirText() {
        let cases: [([String], String)] = [
            (["--hours", "0"], "option '--hours' needs a number of hours above 0 and up to 8784, such as 8 or 7.5, not '0'"),
            (["--hours", "99999999999999"], "option '--hours' needs a number of hours above 0 and up to 8784, such as 8 or 7.5, not '99999999999999'"),
            (["--hours", "8", "--customers", "10"], "'--hours' and '--customers' cannot be combined"),
            (["--arrivals", "120/day"], "option '--arrivals': '120/day' is not a rate: write a number per unit, such as 120/h, 2/min or 0.5/s"),
            (["--service", "random"], "option '--service' needs fixed or exponential, not 'random'"),
            (["--restock", "sometimes"], "option '--restock' needs none, low, low:LEAD (such as low:30m) or 'every DURATION' (such as 'every 2h'), durations up to 24h, not 'sometimes'"),
            (["--replications", "0"], "option '--replications' needs a whole number from 1 to 1,000, not '0'"),
            (["--pace", "60", "--replications", "2"], "'--pace' and '--replications' cannot be combined"),
            (["--pace", "-1"], "option '--pace' needs a speed-up above 0, such as 60 for a simulated minute each second, not '-1'"),
            (["--seed"], "option '--seed' needs a value"),
            (["--json=yes"], "option '--json' does not take a value"),
            (["--replicatons", "3"], "unknown option '--replicatons' (did you mean '--replications'?)"),
            (["today"], "unexpected argument 'today'"),
            (["--state", "day"], "'--state' needs --sinks or --sink: it keeps their events"),
        ]
        for (arguments, message) in cases {
            do {
                _ = try SimulateArguments.parse(arguments)
                Issue.record("\(arguments) parsed")
            } catch {
                #expect(error.message == message)
            }
        }
    }

    @Test func theUsageNamesEveryOption() {
        for option in ["--menu", "--hours", "--customers", "--arrivals", "--seed", "--service", "--patience", "--restock", "--replications", "--json", "--csv", "--pace", "--sinks", "--sink", "--help"] {
            #expect(SimulateArguments.usage.contains(option), "\(option)")
        }
    }
}
