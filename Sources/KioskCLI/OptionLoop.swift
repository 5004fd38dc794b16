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
/// while let item = try options.next(or: UsageError.init) { … }
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

    /// A mistake in the options themselves, whatever the command line.
    enum Problem: Error, Sendable, Equatable {
        case missingValue(option: String)
        case unexpectedValue(option: String)
        /// With the known long option within two edits of it, if one is: `--mneu` and
        /// `--menu`, `-json` and `--json`.
        case unknownOption(String, suggestion: String?)
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

    /// The next item, `nil` after the last; a problem, made into the command line's own
    /// error by `failure`, stops the reading.
    mutating func next<Failure: Error>(or failure: (Problem) -> Failure) throws(Failure) -> Item? {
        do throws(Problem) {
            return try next()
        } catch {
            throw failure(error)
        }
    }

    private mutating func next() throws(Problem) -> Item? {
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
