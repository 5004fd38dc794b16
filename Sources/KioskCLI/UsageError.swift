import KioskText

/// A command line `kiosk` cannot run. Exit status 64.
public enum UsageError: Error, Sendable, Equatable {
    /// A mistake the option loop found.
    case option(OptionProblem)
    /// `expected` is what the option takes, in English, marked for the catalog
    /// (`trNoop`) where it is written: `message` says it in the operator's language.
    case invalidValue(option: String, value: String, expected: String)
    case conflicting(String)
    /// `--lang` naming a language kiosk has no catalog for.
    case unknownLanguage(String)
    case unexpectedArgument(String, suggestion: String?)
    case missingFiles
    case stateUsage(String?, suggestion: String?)
    /// An option of `kiosk serve` given without `serve`.
    case onlyForServe(String)
    /// An option `kiosk serve` has no use for.
    case notForServe(String)
    /// `--tls-cert` without `--tls-key`, or the other way round.
    case tlsPair
    /// `--explain` given to something other than `kiosk check`, or with `--json`.
    case explainOnlyForCheck

    /// The text, in the operator's language.
    public var message: String {
        switch self {
        case .option(let problem): problem.message
        case .invalidValue(let option, let value, let expected): UsageError.invalidValueText(option, value: value, expected: expected)
        case .conflicting(let option): tr("'{option}' cannot be combined with -c, -f, check or state", ["option": option])
        case .unknownLanguage(let value):
            tr("option '--lang' needs a language kiosk has a catalog for ({languages}), not '{value}'", ["languages": Language.availableCodes, "value": value])
        case .unexpectedArgument(let argument, let suggestion): UsageError.unexpectedArgumentText(argument, suggestion: suggestion)
        case .missingFiles: tr("'check' needs at least one menu file")
        case .stateUsage(let word?, let suggestion?):
            tr("unknown 'state' action '{word}' (did you mean '{suggestion}'?); usage: {synopsis}", [
                "word": word, "suggestion": suggestion, "synopsis": UsageError.stateSynopsis,
            ])
        case .stateUsage(let word?, nil): tr("unknown 'state' action '{word}'; usage: {synopsis}", ["word": word, "synopsis": UsageError.stateSynopsis])
        case .stateUsage(nil, _): tr("usage: {synopsis}", ["synopsis": UsageError.stateSynopsis])
        case .onlyForServe(let option): tr("'{option}' is an option of 'kiosk serve'", ["option": option])
        case .notForServe(let option): tr("'{option}' cannot be combined with serve", ["option": option])
        case .tlsPair: tr("'--tls-cert' and '--tls-key' go together: give both, or neither")
        case .explainOnlyForCheck: tr("'--explain' goes with 'kiosk check', without '--json': kiosk check FILE --explain ITEM")
        }
    }

    static let stateSynopsis = "kiosk state verify|dump|compact|sinks|forget DIRECTORY [SINK]"

    // MARK: The texts `SimulateUsageError` shares

    static func invalidValueText(_ option: String, value: String, expected: String) -> String {
        tr("option '{option}' needs {expected}, not '{value}'", ["option": option, "expected": tr(expected), "value": value])
    }

    static func unexpectedArgumentText(_ argument: String, suggestion: String?) -> String {
        guard let suggestion else { return tr("unexpected argument '{argument}'", ["argument": argument]) }
        return tr("unexpected argument '{argument}' (did you mean '{suggestion}'?)", ["argument": argument, "suggestion": suggestion])
    }
}
