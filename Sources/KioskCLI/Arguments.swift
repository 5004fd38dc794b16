import KioskCore
import KioskServer
import KioskText

/// The command line of `kiosk`, parsed.
///
/// ```
/// kiosk [--menu FILE] [--state FILE] [--sink SINK]… [-c COMMANDS | -f FILE]
///       [--bail] [--json] [--no-color] [--quiet] [--flush-timeout DURATION]
///       [--clock virtual[=TIME]] [--operator NAME] [--plugin-path DIR]…
/// kiosk check FILE… [--explain ITEM]
/// kiosk plugins [--json]
/// kiosk state verify|dump|compact|sinks|forget DIRECTORY [SINK]
/// kiosk serve [--listen ADDRESS:PORT] [--token-file FILE] [--access-log FILE]
///             [--tls-cert FILE --tls-key FILE] [--cors ORIGIN]… [session options]
/// kiosk --help | --version
/// ```
///
/// `kiosk simulate` has a command line of its own (`SimulateArguments`); see
/// `simulateArguments(_:)`. Both are read by the one option loop (`OptionLoop`).
public struct Arguments: Sendable, Equatable {
    /// What `kiosk state` does to a state directory.
    public enum StateAction: String, Sendable, Equatable, CaseIterable {
        case verify, dump, compact, sinks, forget
    }

    public enum Mode: Sendable, Equatable {
        /// The REPL on a terminal, batch mode on anything else.
        case session
        /// `-c "cmd; cmd"`.
        case commands(String)
        /// `-f FILE` (`-` for standard input).
        case script(String)
        /// `kiosk check FILE…`.
        case check([String])
        /// `kiosk plugins`: the plugins installed.
        case plugins
        /// `kiosk state ACTION DIRECTORY`, and `kiosk state forget DIRECTORY SINK`.
        case state(StateAction, String, sink: String?)
        /// `kiosk serve`: the kiosk over HTTP.
        case serve
        /// `kiosk serve --help`.
        case serveHelp
        case help
        case version
    }

    public var mode: Mode = .session
    public var menu: String?
    public var state: String?
    public var sinks: [String] = []
    public var bail = false
    public var json = false
    public var quiet = false
    public var noColor = false
    /// How long sinks may take to deliver what is queued at exit.
    public var flushTimeout = Arguments.defaultFlushTimeout
    /// The clock the session runs on: `nil` for the wall clock.
    public var clock: ClockChoice?
    /// `kiosk serve`'s options: where to listen (`ADDRESS:PORT`), the operator's token,
    /// the access log, HTTPS, and origins allowed to call the API from a browser.
    public var listen: String?
    public var tokenFile: String?
    public var accessLog: String?
    public var tlsCertificate: String?
    public var tlsKey: String?
    public var corsOrigins: [String] = []
    /// `--plugin-path DIR`: directories searched for plugins before the installed ones.
    public var pluginPaths: [String] = []
    /// `--lang ko|en`: the operator's language, over the environment and the menu.
    public var language: Language?
    /// `--operator NAME`: who is at the till (`OperatorName`); `nil` for the login name
    /// (`defaultOperator`).
    public var operatorName: String?
    /// `kiosk check FILE --explain ITEM`: the item (or combo) whose selections to list.
    public var explain: String?
    /// The first option given that only `kiosk serve` takes, to refuse it elsewhere.
    private var serveOnlyOption: String?

    /// `--clock virtual[=TIME]`: time stands still except for `wait`, from `start` (the
    /// wall clock's time at the start when it is not given).
    public struct ClockChoice: Sendable, Equatable {
        public var start: Int64?
    }

    public init() {}

    /// Every option of `kiosk` and `kiosk serve`, in the order `--help` lists them.
    static let options: [OptionDeclaration<Arguments, UsageError>] = [
        .value("--menu", "FILE") { $0.menu = $1 },
        .value("--state", "FILE") { $0.state = $1 },
        .value("--sink", "SINK") { $0.sinks.append($1) },
        .value("-c", "COMMANDS") { arguments, value throws(UsageError) in try arguments.setMode(.commands(value), option: "-c") },
        .value("-f", "FILE") { arguments, value throws(UsageError) in try arguments.setMode(.script(value), option: "-f") },
        .flag("--bail") { arguments, _ in arguments.bail = true },
        .flag("--json") { arguments, _ in arguments.json = true },
        .flag("--quiet") { arguments, _ in arguments.quiet = true },
        .flag("--no-color") { arguments, _ in arguments.noColor = true },
        .value("--flush-timeout", "DURATION") { arguments, value throws(UsageError) in
            guard let duration = Arguments.duration(value) else {
                throw .invalidValue(option: "--flush-timeout", value: value, expected: Arguments.durationExpected)
            }
            arguments.flushTimeout = duration
        },
        .value("--clock", "virtual[=TIME]") { arguments, value throws(UsageError) in arguments.clock = try Arguments.clock(value) },
        .value("--operator", "NAME") { arguments, value throws(UsageError) in
            guard OperatorName.isValid(value) else {
                throw .invalidValue(option: "--operator", value: value, expected: trNoop("a name of 1 to 64 printable characters, such as Ana"))
            }
            arguments.operatorName = value
        },
        // Declared for the help and the suggestions of a near miss: `takeLanguage` takes it
        // out of the arguments before the loop runs, so that every error speaks it. Read the
        // same way should it ever reach the loop.
        .value("--lang", "LANGUAGE") { arguments, value throws(UsageError) in
            guard let chosen = Language(code: value) else { throw .unknownLanguage(value) }
            arguments.language = chosen
        },
        .value("--explain", "ITEM") { $0.explain = $1 },
        .value("--plugin-path", "DIR") { $0.pluginPaths.append($1) },
        .flag("-h", "--help") { arguments, value throws(UsageError) in try arguments.setMode(.help, option: value) },
        .flag("-V", "--version") { arguments, value throws(UsageError) in try arguments.setMode(.version, option: value) },
        .value("--listen", "ADDRESS:PORT", serveOnly: true) { arguments, value throws(UsageError) in
            guard ListenAddress(parsing: value) != nil else {
                throw .invalidValue(
                    option: "--listen", value: value,
                    expected: trNoop("ADDRESS:PORT with a numeric address, such as 127.0.0.1:8080, [::1]:8080 or 127.0.0.1:0 (a free port)")
                )
            }
            arguments.listen = value
        },
        .value("--token-file", "FILE", serveOnly: true) { $0.tokenFile = $1 },
        .value("--tls-cert", "FILE", serveOnly: true) { $0.tlsCertificate = $1 },
        .value("--tls-key", "FILE", serveOnly: true) { $0.tlsKey = $1 },
        .value("--cors", "ORIGIN", serveOnly: true) { $0.corsOrigins.append($1) },
        .value("--access-log", "FILE", serveOnly: true) { $0.accessLog = $1 },
    ]
    private static let optionsBySpelling = options.bySpelling()
    static let valueOptions = options.valueSpellings()

    /// Who is at the till without `--operator`: the login name (`LOGNAME`, else `USER`),
    /// else the account's (`account`, asked only then: it reads the system's account
    /// database, which a start need not), else `operator` — the first that is a valid name.
    public static func defaultOperator(environment: [String: String], account: @autoclosure () -> String?) -> String {
        if let login = [environment["LOGNAME"], environment["USER"]].compactMap({ $0 }).first(where: OperatorName.isValid) { return login }
        return account().flatMap { OperatorName.isValid($0) ? $0 : nil } ?? "operator"
    }

    /// Takes `--lang LANGUAGE` (or `--lang=LANGUAGE`) out of `arguments`, before `--`: it
    /// applies to every kind of command line, `kiosk simulate`'s too, and is read first so
    /// that everything after it, usage errors included, speaks the language it names.
    public static func takeLanguage(_ arguments: inout [String]) throws(UsageError) -> Language? {
        var language: Language?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            let value: String
            if argument == "--lang" {
                guard index + 1 < arguments.count else { throw .option(.missingValue(option: "--lang")) }
                value = arguments[index + 1]
                arguments.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix("--lang=") {
                value = String(argument.dropFirst("--lang=".count))
                arguments.remove(at: index)
            } else {
                index += 1
                continue
            }
            guard let chosen = Language(code: value) else { throw .unknownLanguage(value) }
            language = chosen
        }
        return language
    }

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
        var parsed = Arguments()
        var positional: [String] = []
        var loop = OptionLoop(arguments, valueOptions: valueOptions, flagOptions: options.flagSpellings(), doubleDashEndsOptions: true)
        while let item = try loop.next(or: UsageError.option) {
            switch item {
            case .value(let option, let value): try parsed.apply(option, value)
            case .flag(let flag): try parsed.apply(flag, flag)
            case .word(let word): positional.append(word)
            }
        }
        try parsed.applyPositional(positional)
        try parsed.checkServeOptions()
        if parsed.explain != nil {
            switch parsed.mode {
            case .check where !parsed.json, .help, .version: break
            default: throw .explainOnlyForCheck
            }
        }
        return parsed
    }

    /// What the option spelt `spelling` does, with its value (or, for a flag, its spelling).
    private mutating func apply(_ spelling: String, _ value: String) throws(UsageError) {
        // The loop finds only declared spellings.
        guard let declaration = Arguments.optionsBySpelling[spelling] else { return }
        if declaration.serveOnly, serveOnlyOption == nil { serveOnlyOption = spelling }
        try declaration.apply(&self, value)
    }

    private mutating func setMode(_ newMode: Mode, option: String) throws(UsageError) {
        switch (mode, newMode) {
        case (.session, _): mode = newMode
        case (_, .help), (_, .version): mode = newMode
        case (.help, _), (.version, _): break
        default: throw .conflicting(option)
        }
    }

    private mutating func applyPositional(_ positional: [String]) throws(UsageError) {
        guard let first = positional.first else { return }
        guard first == "check" || first == "state" || first == "serve" || first == "plugins" else {
            let suggestion = Suggestions.closest(to: first, among: ["check", "state", "serve", "simulate", "reprice", "plugins"])
            throw .unexpectedArgument(first, suggestion: suggestion)
        }
        if first == "serve" { return try applyServe(Array(positional.dropFirst())) }
        switch mode {
        case .help, .version: return
        case .session: break
        default: throw .conflicting(first)
        }
        let rest = Array(positional.dropFirst())
        if first == "plugins" {
            if let word = rest.first { throw .unexpectedArgument(word, suggestion: nil) }
            mode = .plugins
            return
        }
        if first == "check" {
            guard !rest.isEmpty else { throw .missingFiles }
            mode = .check(rest)
            return
        }
        guard let word = rest.first, let action = StateAction(rawValue: word) else {
            let suggestion = rest.first.flatMap { Suggestions.closest(to: $0, among: StateAction.allCases.map(\.rawValue)) }
            throw .stateUsage(rest.first, suggestion: suggestion)
        }
        guard rest.count == (action == .forget ? 3 : 2) else { throw .stateUsage(nil, suggestion: nil) }
        mode = .state(action, rest[1], sink: action == .forget ? rest[2] : nil)
    }

    /// `serve`: no words after it; `--help` asks for its own help; `-c`, `-f` and `--bail`
    /// are for commands, which a server takes over HTTP.
    private mutating func applyServe(_ rest: [String]) throws(UsageError) {
        if let word = rest.first { throw .unexpectedArgument(word, suggestion: nil) }
        switch mode {
        case .help: mode = .serveHelp
        case .version: return
        case .session:
            if bail { throw .notForServe("--bail") }
            mode = .serve
        default: throw .conflicting("serve")
        }
    }

    /// An option only `kiosk serve` takes, given to something else.
    private func checkServeOptions() throws(UsageError) {
        guard let option = serveOnlyOption else { return }
        switch mode {
        case .serve:
            if (tlsCertificate == nil) != (tlsKey == nil) { throw .tlsPair }
        case .serveHelp, .help, .version: return
        default: throw .onlyForServe(option)
        }
    }

    /// The arguments of `kiosk simulate` when its first word that is no option nor an
    /// option's value is `simulate`, with the options on both sides of it, in order:
    /// `kiosk --menu cafe.kiosk simulate --hours 2` runs as `kiosk simulate --menu
    /// cafe.kiosk --hours 2`, as `check` and `state` take their options anywhere. `nil` for
    /// any other command line.
    static func simulateArguments(_ arguments: [String]) -> [String]? {
        subCommandArguments("simulate", arguments, valueOptions: SimulateArguments.valueOptions)
    }

    /// The arguments of `kiosk reprice`, found as `simulateArguments` finds `simulate`'s:
    /// `kiosk --state day reprice --menu new.kiosk` runs as `kiosk reprice --state day
    /// --menu new.kiosk`.
    static func repriceArguments(_ arguments: [String]) -> [String]? {
        subCommandArguments("reprice", arguments, valueOptions: RepriceArguments.valueOptions)
    }

    /// The arguments of the sub-command `name` with a command line of its own, when it is
    /// the first word that is no option nor an option's value (of `kiosk`'s or of its own,
    /// `valueOptions`), with the options on both sides of it in order; `nil` for any other.
    private static func subCommandArguments(_ name: String, _ arguments: [String], valueOptions own: [String]) -> [String]? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == name { return Array(arguments[..<index] + arguments[(index + 1)...]) }
            guard argument.hasPrefix("-"), argument != "-", argument != "--" else { return nil }
            // A value option without `=` takes the next argument, whatever it reads.
            if valueOptions.contains(argument) || own.contains(argument) { index += 1 }
            index += 1
        }
        return nil
    }

    /// `virtual`, or `virtual=2026-11-23T09:00:00Z`.
    static func clock(_ text: String) throws(UsageError) -> ClockChoice {
        let expected = trNoop("'virtual' or 'virtual=TIME' with TIME in ISO 8601 such as 2026-11-23T09:00:00Z")
        if text == "virtual" { return ClockChoice(start: nil) }
        guard text.hasPrefix("virtual="), let start = ISO8601.milliseconds(parsing: String(text.dropFirst("virtual=".count))) else {
            throw .invalidValue(option: "--clock", value: text, expected: expected)
        }
        return ClockChoice(start: start)
    }

    /// `--flush-timeout` when it is not given, for `kiosk` and `kiosk simulate` alike (the
    /// usage texts say `5s`).
    static let defaultFlushTimeout: Duration = .seconds(5)

    /// What `--flush-timeout` takes, for `kiosk` and `kiosk simulate` alike.
    static let durationExpected = trNoop("a duration such as 5s or 500ms")

    /// `5s`, `500ms`, `2m`, or a bare number of seconds.
    static func duration(_ text: String) -> Duration? {
        let units: [(String, Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("", 1000)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            guard let value = Int64(text.dropLast(suffix.count)), value >= 0, value <= 86_400_000 / scale else { continue }
            return .milliseconds(value * scale)
        }
        return nil
    }
}
