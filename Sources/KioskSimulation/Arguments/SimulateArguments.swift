import KioskText

/// The command line of `kiosk simulate`, parsed: a pure function of the arguments.
///
/// ```
/// kiosk simulate [--menu FILE] [--hours H | --customers N] [--arrivals RATE]
///                [--seed S] [--service fixed|exponential] [--patience DURATION]
///                [--restock POLICY] [--replications R] [--json] [--csv FILE]
///                [--pace X] [--sinks] [--sink SINK]… [--state DIRECTORY] [--no-color]
/// ```
public struct SimulateArguments: Sendable, Equatable {
    public var menu: String?
    /// `--state DIRECTORY`: the journal the sinks read, instead of a private one.
    public var state: String?
    /// `nil`: 8 hours.
    public var stop: SimulationConfiguration.StopCondition?
    /// `nil`: the configuration's default.
    public var arrivals: Arrivals?
    /// `nil`: the caller picks one at random and prints it.
    public var seed: UInt64?
    public var service: SimulationConfiguration.ServiceTimes?
    public var patience: SimulationConfiguration.Patience?
    public var restock: RestockPolicy?
    public var replications = 1
    public var json = false
    public var csv: String?
    public var pace: Pace?
    /// `--sinks`: the menu's own sinks receive the simulated events.
    public var menuSinks = false
    /// `--sink SINK`, in order.
    public var sinks: [String] = []
    /// `--no-color`: diagnostics without colour, as for `kiosk --no-color`.
    public var noColor = false
    public var help = false

    public init() {}

    /// The options that take a value, so that `kiosk` can tell them from the sub-command
    /// when they come before it: `kiosk --menu cafe.kiosk simulate`.
    public static let valueOptions = [
        "--menu", "--state", "--hours", "--customers", "--arrivals", "--seed", "--service", "--patience", "--restock",
        "--replications", "--csv", "--pace", "--sink",
    ]
    static let flagOptions = ["--json", "--sinks", "--no-color", "--help", "-h"]

    /// Parses the arguments after `simulate`.
    public static func parse(_ arguments: [String]) throws(SimulateUsageError) -> SimulateArguments {
        var parsed = SimulateArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else { throw .unexpectedArgument(argument) }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw .missingValue(option: name) }
                    value = arguments[index]
                    index += 1
                }
                try parsed.set(name, value)
            } else if flagOptions.contains(name) {
                guard inlineValue == nil else { throw .unexpectedValue(option: name) }
                parsed.set(flag: name)
            } else {
                throw .unknownOption(name, suggestion: closest(to: name, among: (valueOptions + flagOptions).filter { $0.hasPrefix("--") }))
            }
        }
        if parsed.pace != nil, parsed.replications > 1 { throw .conflicting("--pace", "--replications") }
        // The state keeps the sinks' events: without sinks it would be left untouched.
        if parsed.state != nil, !parsed.menuSinks, parsed.sinks.isEmpty { throw .needs("--state", "--sinks or --sink: it keeps their events") }
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
            else { throw invalid("a number of hours above 0 and up to 8784, such as 8 or 7.5") }
            try setStop(.duration(milliseconds: hours.units * 3_600_000 / hours.scale), option: option)
        case "--customers":
            guard let count = Int(value), (1...SimulationConfiguration.maximumCustomers).contains(count) else {
                throw invalid("a whole number of customers from 1 to 1,000,000,000")
            }
            try setStop(.customers(count), option: option)
        case "--arrivals":
            do { arrivals = try Arrivals.parse(value) } catch { throw .arrivals(error) }
        case "--seed":
            guard let seed = UInt64(value) else { throw invalid("a whole number from 0 to 18446744073709551615") }
            self.seed = seed
        case "--service":
            guard let service = SimulationConfiguration.ServiceTimes(rawValue: value) else { throw invalid("fixed or exponential") }
            self.service = service
        case "--patience":
            guard let milliseconds = DurationText.parse(value), milliseconds <= SimulationConfiguration.maximumInterval else {
                throw invalid("a duration up to 24h, such as 5m or 90s")
            }
            patience = .fixed(milliseconds: milliseconds)
        case "--restock":
            guard let policy = RestockPolicy.parse(value), SimulateArguments.isInRange(policy) else {
                throw invalid("none, low, low:LEAD (such as low:30m) or 'every DURATION' (such as 'every 2h'), durations up to 24h")
            }
            restock = policy
        case "--replications":
            guard let count = Int(value), (1...Replications.maximum).contains(count) else { throw invalid("a whole number from 1 to 1,000") }
            replications = count
        case "--csv": csv = value
        case "--pace":
            guard let number = DecimalNumber(value, maximumDecimals: 6), let pace = Pace(factor: Double(number.units) / Double(number.scale)) else {
                throw invalid("a speed-up above 0, such as 60 for a simulated minute each second")
            }
            self.pace = pace
        case "--sink": sinks.append(value)
        default: break
        }
    }

    private mutating func set(flag: String) {
        switch flag {
        case "--json": json = true
        case "--sinks": menuSinks = true
        case "--no-color": noColor = true
        case "--help", "-h": help = true
        default: break
        }
    }

    private mutating func setStop(_ condition: SimulationConfiguration.StopCondition, option: String) throws(SimulateUsageError) {
        if let stop, stop != condition {
            let other = if case .duration = stop { "--hours" } else { "--customers" }
            throw .conflicting(other, option)
        }
        stop = condition
    }

    private static func isInRange(_ policy: RestockPolicy) -> Bool {
        switch policy {
        case .none: true
        case .low(let lead): lead <= SimulationConfiguration.maximumInterval
        case .every(let period): (1000...SimulationConfiguration.maximumInterval).contains(period)
        }
    }

    /// Applies every option given to `configuration`, leaving the others as they are.
    public func apply(to configuration: inout SimulationConfiguration) {
        if let stop { configuration.stop = stop }
        if let arrivals { configuration.arrivals = arrivals }
        if let seed { configuration.seed = seed }
        if let service { configuration.service = service }
        if let patience { configuration.patience = patience }
        if let restock { configuration.restock = restock }
    }

    /// The option within two edits of `name`, if one is.
    static func closest(to name: String, among candidates: [String]) -> String? {
        Suggestions.closest(to: name, among: candidates)
    }

    /// The text of `kiosk simulate --help`.
    public static let usage = """
    kiosk simulate — a day of customers on a virtual clock

    Usage:
      kiosk simulate [options]

    Customers arrive at random (a Poisson process, at the rates of the menu's
    simulate block or --arrivals), each orders an item by its popularity through
    the real kiosk (stock, refusals, restock events), waits for a free member of
    staff at the item's station, and leaves if not served within their patience.
    The report gives waits, utilisation, queues, lost sales, and the starting
    stock that would have avoided every stock-out.

    Options may also come before 'simulate': kiosk --menu FILE simulate.

    Options:
      --menu FILE            the menu to simulate (default: the bundled Juice Maker)
      --hours H              close the doors after H hours (default 8); the day
                             opens at 08:00, or at the first time of the arrivals
      --customers N          close the doors after N customers instead
      --arrivals RATE        customers per unit: 120/h, 2/min, 0.5/s, or rates from
                             times of day: '07:00 180/h, 09:00 60/h' (default: the
                             menu's simulate { arrivals … }, else 60/h)
      --seed S               the random seed (default: a new one, printed)
      --service KIND         fixed (default): each item takes its preparation time;
                             exponential: random, with that time as the mean
      --patience DURATION    customers not served within it leave: 5m, 90s
      --restock POLICY       none (default); low or low:LEAD, refill an ingredient
                             LEAD after it runs low; 'every DURATION', refill all
      --replications R       run R independent days; report means with 95 %
                             confidence intervals
      --json                 print the report as JSON
      --csv FILE             write one line per customer to FILE
      --pace X               run X times faster than real time, for live sinks
      --sinks                send the simulated events to the menu's sinks
      --sink SINK            add a sink, as for kiosk --sink
      --state DIRECTORY      with sinks: keep their events in this state's journal
                             (default: a private journal, as kiosk keeps)
      --no-color             never colour the diagnostics (NO_COLOR does the same)
      -h, --help             show this help

    The same seed and options give the same report, byte for byte.

    """
}
