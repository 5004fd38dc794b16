import KioskSimulation
import KioskText

/// The command line of `kiosk simulate`, parsed: a pure function of the arguments, read
/// by the option loop every `kiosk` command line shares (`OptionLoop`). What it says of
/// the day is `overrides`, for the simulation's `SimulationConfiguration`; the rest is the
/// command's: the menu, how many days and how fast, the report's form, the sinks.
///
/// ```
/// kiosk simulate [--menu FILE] [--hours H | --customers N] [--arrivals RATE]
///                [--seed S] [--service fixed|exponential] [--patience DURATION]
///                [--restock POLICY] [--replications R] [--json] [--csv FILE]
///                [--pace X] [--sinks] [--sink SINK]… [--state DIRECTORY
///                [--append-to-state]] [--flush-timeout DURATION] [--no-color]
/// ```
struct SimulateArguments: Sendable, Equatable {
    var menu: String?
    /// `--state DIRECTORY`: the journal the sinks read, instead of a private one.
    var state: String?
    /// `--append-to-state`: the simulated day may go into a state that has a history,
    /// whose stock then becomes the simulation's.
    var appendToState = false
    /// The day: when the doors close (`nil`: after 8 hours), who comes when (`nil`: as the
    /// menu says), the seed (`nil`: the command picks one at random and prints it), …
    var overrides = SimulationOverrides()
    var replications = 1
    var json = false
    var csv: String?
    var pace: Pace?
    /// `--sinks`: the menu's own sinks receive the simulated events.
    var menuSinks = false
    /// `--sink SINK`, in order.
    var sinks: [String] = []
    /// `--flush-timeout DURATION`: how long the sinks may take to deliver what is queued
    /// at the end, as for `kiosk --flush-timeout`.
    var flushTimeout = Arguments.defaultFlushTimeout
    /// `--no-color`: diagnostics without colour, as for `kiosk --no-color`.
    var noColor = false
    var help = false

    /// The options that take a value, so that `kiosk` can tell them from the sub-command
    /// when they come before it: `kiosk --menu cafe.kiosk simulate`.
    static let valueOptions = [
        "--menu", "--state", "--hours", "--customers", "--arrivals", "--seed", "--service", "--patience", "--restock",
        "--replications", "--csv", "--pace", "--sink", "--flush-timeout",
    ]
    static let flagOptions = ["--json", "--sinks", "--append-to-state", "--no-color", "--help", "-h"]

    /// Parses the arguments after `simulate` (and those before it, `kiosk` moves after it).
    /// It takes no words, and `--` is no end of options but an unknown option.
    static func parse(_ arguments: [String]) throws(SimulateUsageError) -> SimulateArguments {
        var parsed = SimulateArguments()
        var options = OptionLoop(arguments, valueOptions: valueOptions, flagOptions: flagOptions)
        while let item = try options.next(or: SimulateUsageError.option) {
            switch item {
            case .value(let option, let value): try parsed.set(option, value)
            case .flag(let flag): parsed.set(flag: flag)
            case .word(let word): throw .unexpectedArgument(word)
            }
        }
        if parsed.pace != nil, parsed.replications > 1 { throw .conflicting("--pace", "--replications") }
        // The state keeps the sinks' events: without sinks it would be left untouched.
        if parsed.state != nil, !parsed.menuSinks, parsed.sinks.isEmpty { throw .stateWithoutSinks }
        if parsed.appendToState, parsed.state == nil { throw .appendWithoutState }
        return parsed
    }

    private mutating func set(_ option: String, _ value: String) throws(SimulateUsageError) {
        func invalid(_ expected: String) -> SimulateUsageError { .invalidValue(option: option, value: value, expected: expected) }
        switch option {
        case "--menu": menu = value
        case "--state": state = value
        case "--hours":
            // Bounded before multiplying, so no input can overflow.
            guard let hours = DecimalNumber(value, maximumDecimals: 4), hours.units > 0, hours.units <= 8784 * hours.scale,
                  hours.units * 3_600_000 % hours.scale == 0
            else { throw invalid(trNoop("a number of hours above 0 and up to 8784, such as 8 or 7.5")) }
            try setStop(.duration(milliseconds: hours.units * 3_600_000 / hours.scale), option: option)
        case "--customers":
            guard let count = Int(value), (1...SimulationConfiguration.maximumCustomers).contains(count) else {
                throw invalid(trNoop("a whole number of customers from 1 to 1,000,000,000"))
            }
            try setStop(.customers(count), option: option)
        case "--arrivals":
            do { overrides.arrivals = try Arrivals.parse(value) } catch { throw .arrivals(error) }
        case "--seed":
            guard let seed = UInt64(value) else { throw invalid(trNoop("a whole number from 0 to 18446744073709551615")) }
            overrides.seed = seed
        case "--service":
            guard let service = SimulationConfiguration.ServiceTimes(rawValue: value) else { throw invalid(trNoop("fixed or exponential")) }
            overrides.service = service
        case "--patience":
            guard let milliseconds = DurationText.parse(value), milliseconds <= SimulationConfiguration.maximumInterval else {
                throw invalid(trNoop("a duration up to 24h, such as 5m or 90s"))
            }
            overrides.patience = .fixed(milliseconds: milliseconds)
        case "--restock":
            guard let policy = RestockPolicy.parse(value), SimulateArguments.isInRange(policy) else {
                throw invalid(trNoop("none, low, low:LEAD (such as low:30m) or 'every DURATION' (such as 'every 2h'), durations up to 24h"))
            }
            overrides.restock = policy
        case "--replications":
            guard let count = Int(value), (1...Replications.maximum).contains(count) else { throw invalid(trNoop("a whole number from 1 to 1,000")) }
            replications = count
        case "--csv": csv = value
        case "--pace":
            guard let number = DecimalNumber(value, maximumDecimals: 6), let pace = Pace(factor: Double(number.units) / Double(number.scale)) else {
                throw invalid(trNoop("a speed-up above 0, such as 60 for a simulated minute each second"))
            }
            self.pace = pace
        case "--sink": sinks.append(value)
        case "--flush-timeout":
            guard let duration = Arguments.duration(value) else { throw invalid(Arguments.durationExpected) }
            flushTimeout = duration
        default: break
        }
    }

    private mutating func set(flag: String) {
        switch flag {
        case "--json": json = true
        case "--sinks": menuSinks = true
        case "--append-to-state": appendToState = true
        case "--no-color": noColor = true
        case "--help", "-h": help = true
        default: break
        }
    }

    private mutating func setStop(_ condition: SimulationConfiguration.StopCondition, option: String) throws(SimulateUsageError) {
        if let stop = overrides.stop, stop != condition {
            let other = if case .duration = stop { "--hours" } else { "--customers" }
            throw .conflicting(other, option)
        }
        overrides.stop = condition
    }

    private static func isInRange(_ policy: RestockPolicy) -> Bool {
        switch policy {
        case .none: true
        case .low(let lead): lead <= SimulationConfiguration.maximumInterval
        case .every(let period): (1000...SimulationConfiguration.maximumInterval).contains(period)
        }
    }
}
