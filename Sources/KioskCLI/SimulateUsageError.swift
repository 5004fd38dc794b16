import KioskSimulation
import KioskText

/// A `kiosk simulate` command line that cannot run. Exit status 64.
enum SimulateUsageError: Error, Sendable, Equatable {
    /// A mistake the option loop found.
    case option(OptionProblem)
    /// `expected` as in `UsageError.invalidValue`: English, marked for the catalog.
    case invalidValue(option: String, value: String, expected: String)
    case conflicting(String, String)
    case unexpectedArgument(String)
    case arrivals(ArrivalsError)
    /// `--state` without sinks: it keeps their events, and there would be none.
    case stateWithoutSinks
    /// `--append-to-state` without `--state`.
    case appendWithoutState

    /// The text, in the operator's language; the mistakes of any option are worded as
    /// `kiosk`'s own (`UsageError`).
    var message: String {
        switch self {
        case .option(let problem): problem.message
        case .invalidValue(let option, let value, let expected): UsageError.invalidValueText(option, value: value, expected: expected)
        case .conflicting(let first, let second): tr("'{first}' and '{second}' cannot be combined", ["first": first, "second": second])
        case .unexpectedArgument(let argument): UsageError.unexpectedArgumentText(argument, suggestion: nil)
        case .arrivals(let error): tr("option '{option}': {reason}", ["option": "--arrivals", "reason": error.message])
        case .stateWithoutSinks: tr("'--state' needs --sinks or --sink: it keeps their events")
        case .appendWithoutState: tr("'--append-to-state' goes with --state DIRECTORY")
        }
    }
}
