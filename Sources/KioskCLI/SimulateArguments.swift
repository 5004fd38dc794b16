import KioskCore
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
///                [--restock POLICY] [--card-share SHARE] [--decline-rate RATE]
///                [--readers N] [--replications R] [--json] [--csv FILE]
///                [--pace X] [--sinks] [--sink SINK]… [--state DIRECTORY
///                [--append-to-state]] [--flush-timeout DURATION] [--no-color]
///                [--plugin-path DIR]…
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
    /// The first of `--card-share`, `--decline-rate` and `--readers` given, as spelled: a
    /// menu without a `checkout` refuses it.
    var checkoutOption: String?
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
    /// `--plugin-path DIR`, in order: where plugin sinks are looked for first.
    var pluginPaths: [String] = []
    var help = false

    /// Every option of `kiosk simulate`, in the order its `--help` lists them. The spellings
    /// that take a value also let `kiosk` tell them from the sub-command when they come
    /// before it: `kiosk --menu cafe.kiosk simulate`.
    static let options: [OptionDeclaration<SimulateArguments, SimulateUsageError>] = [
        .value("--menu", "FILE") { $0.menu = $1 },
        .value("--hours", "H") { arguments, value throws(SimulateUsageError) in try arguments.setHours(value) },
        .value("--customers", "N") { arguments, value throws(SimulateUsageError) in try arguments.setCustomers(value) },
        .value("--arrivals", "RATE") { arguments, value throws(SimulateUsageError) in
            do throws(ArrivalsError) { arguments.overrides.arrivals = try Arrivals.parse(value) } catch { throw .arrivals(error) }
        },
        .value("--seed", "S") { arguments, value throws(SimulateUsageError) in try arguments.setSeed(value) },
        .value("--service", "KIND") { arguments, value throws(SimulateUsageError) in try arguments.setService(value) },
        .value("--patience", "DURATION") { arguments, value throws(SimulateUsageError) in try arguments.setPatience(value) },
        .value("--restock", "POLICY") { arguments, value throws(SimulateUsageError) in try arguments.setRestock(value) },
        .value("--card-share", "SHARE") { arguments, value throws(SimulateUsageError) in
            arguments.overrides.cardShare = try SimulateArguments.share("--card-share", value)
            arguments.checkoutOption = arguments.checkoutOption ?? "--card-share"
        },
        .value("--decline-rate", "RATE") { arguments, value throws(SimulateUsageError) in
            arguments.overrides.declineRate = try SimulateArguments.share("--decline-rate", value)
            arguments.checkoutOption = arguments.checkoutOption ?? "--decline-rate"
        },
        .value("--readers", "N") { arguments, value throws(SimulateUsageError) in try arguments.setReaders(value) },
        .value("--replications", "R") { arguments, value throws(SimulateUsageError) in try arguments.setReplications(value) },
        .flag("--json") { arguments, _ in arguments.json = true },
        .value("--csv", "FILE") { $0.csv = $1 },
        .value("--pace", "X") { arguments, value throws(SimulateUsageError) in try arguments.setPace(value) },
        .flag("--sinks") { arguments, _ in arguments.menuSinks = true },
        .value("--sink", "SINK") { $0.sinks.append($1) },
        .value("--state", "DIRECTORY") { $0.state = $1 },
        .flag("--append-to-state") { arguments, _ in arguments.appendToState = true },
        .value("--flush-timeout", "DURATION") { arguments, value throws(SimulateUsageError) in
            guard let duration = Arguments.duration(value) else {
                throw .invalidValue(option: "--flush-timeout", value: value, expected: Arguments.durationExpected)
            }
            arguments.flushTimeout = duration
        },
        .flag("--no-color") { arguments, _ in arguments.noColor = true },
        .value("--plugin-path", "DIR") { $0.pluginPaths.append($1) },
        .flag("-h", "--help") { arguments, _ in arguments.help = true },
    ]
    private static let optionsBySpelling = options.bySpelling()
    static let valueOptions = options.valueSpellings()

    /// Parses the arguments after `simulate` (and those before it, `kiosk` moves after it).
    /// It takes no words, and `--` is no end of options but an unknown option.
    static func parse(_ arguments: [String]) throws(SimulateUsageError) -> SimulateArguments {
        var parsed = SimulateArguments()
        var loop = OptionLoop(arguments, valueOptions: valueOptions, flagOptions: options.flagSpellings())
        while let item = try loop.next(or: SimulateUsageError.option) {
            switch item {
            case .value(let option, let value): try optionsBySpelling[option]?.apply(&parsed, value)
            case .flag(let flag): try optionsBySpelling[flag]?.apply(&parsed, flag)
            case .word(let word): throw .unexpectedArgument(word)
            }
        }
        if parsed.pace != nil, parsed.replications > 1 { throw .conflicting("--pace", "--replications") }
        // The state keeps the sinks' events: without sinks it would be left untouched.
        if parsed.state != nil, !parsed.menuSinks, parsed.sinks.isEmpty { throw .stateWithoutSinks }
        if parsed.appendToState, parsed.state == nil { throw .appendWithoutState }
        return parsed
    }

    // MARK: The values that need reading

    private static func invalid(_ option: String, _ value: String, _ expected: String) -> SimulateUsageError {
        .invalidValue(option: option, value: value, expected: expected)
    }

    private mutating func setHours(_ value: String) throws(SimulateUsageError) {
        // Bounded before multiplying, so no input can overflow.
        guard let hours = DecimalNumber(value, maximumDecimals: 4), hours.units > 0, hours.units <= 8784 * hours.scale,
              hours.units * 3_600_000 % hours.scale == 0
        else { throw Self.invalid("--hours", value, trNoop("a number of hours above 0 and up to 8784, such as 8 or 7.5")) }
        try setStop(.duration(milliseconds: hours.units * 3_600_000 / hours.scale), option: "--hours")
    }

    private mutating func setCustomers(_ value: String) throws(SimulateUsageError) {
        guard let count = Int(value), (1...SimulationConfiguration.maximumCustomers).contains(count) else {
            throw Self.invalid("--customers", value, trNoop("a whole number of customers from 1 to 1,000,000,000"))
        }
        try setStop(.customers(count), option: "--customers")
    }

    private mutating func setSeed(_ value: String) throws(SimulateUsageError) {
        guard let seed = UInt64(value) else { throw Self.invalid("--seed", value, trNoop("a whole number from 0 to 18446744073709551615")) }
        overrides.seed = seed
    }

    private mutating func setService(_ value: String) throws(SimulateUsageError) {
        guard let service = SimulationConfiguration.ServiceTimes(rawValue: value) else { throw Self.invalid("--service", value, trNoop("fixed or exponential")) }
        overrides.service = service
    }

    private mutating func setPatience(_ value: String) throws(SimulateUsageError) {
        guard let milliseconds = DurationText.parse(value), milliseconds <= SimulationConfiguration.maximumInterval else {
            throw Self.invalid("--patience", value, trNoop("a duration up to 24h, such as 5m or 90s"))
        }
        overrides.patience = .fixed(milliseconds: milliseconds)
    }

    private mutating func setRestock(_ value: String) throws(SimulateUsageError) {
        guard let policy = RestockPolicy.parse(value), SimulateArguments.isInRange(policy) else {
            throw Self.invalid(
                "--restock", value, trNoop("none, low, low:LEAD (such as low:30m) or 'every DURATION' (such as 'every 2h'), durations up to 24h")
            )
        }
        overrides.restock = policy
    }

    /// A share of customers or of cards: a percentage from 0% to 100% to the thousandth,
    /// with or without its `%` (`60%`, `12.5`). `Rate` reads it, bounded, so nothing the
    /// user types overflows.
    private static func share(_ option: String, _ value: String) throws(SimulateUsageError) -> Rate {
        guard let rate = Rate(value) else { throw invalid(option, value, trNoop("a percentage from 0% to 100%, such as 60% or 2.5%")) }
        return rate
    }

    private mutating func setReaders(_ value: String) throws(SimulateUsageError) {
        guard let count = Int(value), (1...SimulationConfiguration.Checkout.maximumReaders).contains(count) else {
            throw Self.invalid("--readers", value, trNoop("a whole number of card readers from 1 to 1,000"))
        }
        overrides.readers = count
        checkoutOption = checkoutOption ?? "--readers"
    }

    private mutating func setReplications(_ value: String) throws(SimulateUsageError) {
        guard let count = Int(value), (1...Replications.maximum).contains(count) else {
            throw Self.invalid("--replications", value, trNoop("a whole number from 1 to 1,000"))
        }
        replications = count
    }

    private mutating func setPace(_ value: String) throws(SimulateUsageError) {
        guard let number = DecimalNumber(value, maximumDecimals: 6), let pace = Pace(factor: Double(number.units) / Double(number.scale)) else {
            throw Self.invalid("--pace", value, trNoop("a speed-up above 0, such as 60 for a simulated minute each second"))
        }
        self.pace = pace
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
