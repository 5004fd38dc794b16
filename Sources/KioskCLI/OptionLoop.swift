import KioskText

/// The one reading of options every `kiosk` command line shares (`Arguments`,
/// `SimulateArguments`): it walks the arguments in order, splits `--name=value`, takes the
/// next argument as the value of an option that needs one, ends the options at `--` where
/// the command line says so, and suggests a known option for an unknown one.
///
/// It finds options, their values and the other words; what they mean, and which words a
/// command line takes, is the command line's own:
///
/// ```
/// var options = OptionLoop(arguments, valueOptions: valueOptions, flagOptions: flagOptions)
/// while let item = try options.next(or: UsageError.option) { … }
/// ```
struct OptionLoop {
    /// One thing found, in the order given.
    enum Item: Sendable, Equatable {
        /// An option that takes a value, with it: `--menu cafe.kiosk`, `--menu=cafe.kiosk`.
        case value(option: String, String)
        /// An option that takes none: `--json`.
        case flag(String)
        /// An argument that is no option: `check`, `-` (standard input), and everything
        /// after a `--` that ends the options.
        case word(String)
    }

    private let arguments: [String]
    private let valueOptions: [String]
    private let flagOptions: [String]
    /// Whether `--` ends the options (`kiosk -- check`); where it does not (a command line
    /// that takes no words), it is an unknown option.
    private let doubleDashEndsOptions: Bool
    private var index = 0
    private var optionsEnded = false

    init(_ arguments: [String], valueOptions: [String], flagOptions: [String], doubleDashEndsOptions: Bool = false) {
        self.arguments = arguments
        self.valueOptions = valueOptions
        self.flagOptions = flagOptions
        self.doubleDashEndsOptions = doubleDashEndsOptions
    }

    /// Whether `flag` stands among `arguments`' options — before a `--` that ends them —
    /// however the rest reads: for a usage error, written as the command line asked
    /// (`--json`, `--no-color`) even where the mistake comes first. After `--`, `--json` is
    /// a word (`kiosk -- --json` names a file), not a wish.
    static func mentions(_ flag: String, in arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains(flag)
    }

    /// The next item, `nil` after the last; a problem, made into the command line's own
    /// error by `failure`, stops the reading.
    mutating func next<Failure: Error>(or failure: (OptionProblem) -> Failure) throws(Failure) -> Item? {
        do throws(OptionProblem) {
            return try next()
        } catch {
            throw failure(error)
        }
    }

    private mutating func next() throws(OptionProblem) -> Item? {
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if optionsEnded || !argument.hasPrefix("-") || argument == "-" { return .word(argument) }
        if doubleDashEndsOptions, argument == "--" {
            optionsEnded = true
            return try next()
        }
        var name = argument
        var inlineValue: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        if valueOptions.contains(name) {
            if let inlineValue { return .value(option: name, inlineValue) }
            guard index < arguments.count else { throw .missingValue(option: name) }
            index += 1
            return .value(option: name, arguments[index - 1])
        }
        guard flagOptions.contains(name) else {
            // Among the long options only: a short one is a letter from every other.
            let longOptions = (valueOptions + flagOptions).filter { $0.hasPrefix("--") }
            throw .unknownOption(name, suggestion: Suggestions.closest(to: name, among: longOptions))
        }
        guard inlineValue == nil else { throw .unexpectedValue(option: name) }
        return .flag(name)
    }
}

/// A mistake in the options themselves, whatever the command line: each command line's
/// usage error holds it as it is, and words it here, once.
public enum OptionProblem: Error, Sendable, Equatable {
    case missingValue(option: String)
    case unexpectedValue(option: String)
    /// With the known long option within two edits of it, if one is: `--mneu` and
    /// `--menu`, `-json` and `--json`.
    case unknownOption(String, suggestion: String?)

    /// The text, in the operator's language.
    public var message: String {
        switch self {
        case .missingValue(let option): tr("option '{option}' needs a value", ["option": option])
        case .unexpectedValue(let option): tr("option '{option}' does not take a value", ["option": option])
        case .unknownOption(let option, nil): tr("unknown option '{option}'", ["option": option])
        case .unknownOption(let option, let suggestion?):
            tr("unknown option '{option}' (did you mean '{suggestion}'?)", ["option": option, "suggestion": suggestion])
        }
    }
}
