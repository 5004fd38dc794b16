/// A `kiosk simulate` command line that cannot run. Exit status 64.
public enum SimulateUsageError: Error, Sendable, Equatable {
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case conflicting(String, String)
    case unexpectedArgument(String)
    case arrivals(ArrivalsError)
    /// An option that means something only with another: `--state` without sinks.
    case needs(String, String)

    public var message: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .missingValue(let option): "option '\(option)' needs a value"
        case .unexpectedValue(let option): "option '\(option)' does not take a value"
        case .invalidValue(let option, let value, let expected): "option '\(option)' needs \(expected), not '\(value)'"
        case .conflicting(let first, let second): "'\(first)' and '\(second)' cannot be combined"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        case .arrivals(let error): "option '--arrivals': " + error.message
        case .needs(let option, let other): "'\(option)' needs \(other)"
        }
    }
}
