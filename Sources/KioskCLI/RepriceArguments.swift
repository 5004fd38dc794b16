import KioskText

/// The command line of `kiosk reprice`, parsed: a pure function of the arguments, read by
/// the option loop every `kiosk` command line shares (`OptionLoop`).
///
/// ```
/// kiosk reprice --state DIRECTORY --menu FILE [--from TIME] [--to TIME] [--all]
///               [--json | --csv]
/// ```
struct RepriceArguments: Sendable, Equatable {
    /// One end of the span of orders, as given: an instant, or a day of the machine's
    /// local time (whose start and end the command reads in the time zone).
    enum Bound: Sendable, Equatable {
        /// `2026-11-20T15:00:00Z`: milliseconds since 1970.
        case instant(Int64)
        /// `2026-11-20`: the day's start in UTC, in milliseconds since 1970.
        case day(Int64)
    }

    /// The form of the output.
    enum Output: Sendable, Equatable {
        case text
        case json
        case csv
    }

    var state: String?
    var menu: String?
    var from: Bound?
    var to: Bound?
    /// `--all`: the text table lists every order, not only those whose total changes.
    var all = false
    var output = Output.text
    var help = false

    /// Every option of `kiosk reprice`, in the order its `--help` lists them.
    static let options: [OptionDeclaration<RepriceArguments, RepriceUsageError>] = [
        .value("--state", "DIRECTORY") { $0.state = $1 },
        .value("--menu", "FILE") { $0.menu = $1 },
        .value("--from", "TIME") { arguments, value throws(RepriceUsageError) in arguments.from = try RepriceArguments.bound(value, option: "--from") },
        .value("--to", "TIME") { arguments, value throws(RepriceUsageError) in arguments.to = try RepriceArguments.bound(value, option: "--to") },
        .flag("--all") { arguments, _ in arguments.all = true },
        .flag("--json") { arguments, value throws(RepriceUsageError) in try arguments.setOutput(.json, value) },
        .flag("--csv") { arguments, value throws(RepriceUsageError) in try arguments.setOutput(.csv, value) },
        .flag("-h", "--help") { arguments, _ in arguments.help = true },
    ]
    private static let optionsBySpelling = options.bySpelling()
    static let valueOptions = options.valueSpellings()

    /// Parses the arguments after `reprice` (and those before it, `kiosk` moves after it).
    /// It takes no words; `--state` and `--menu` must be given, unless for `--help`.
    static func parse(_ arguments: [String]) throws(RepriceUsageError) -> RepriceArguments {
        var parsed = RepriceArguments()
        var loop = OptionLoop(arguments, valueOptions: valueOptions, flagOptions: options.flagSpellings())
        while let item = try loop.next(or: RepriceUsageError.option) {
            switch item {
            case .value(let option, let value): try optionsBySpelling[option]?.apply(&parsed, value)
            case .flag(let flag): try optionsBySpelling[flag]?.apply(&parsed, flag)
            case .word(let word): throw .unexpectedArgument(word)
            }
        }
        if parsed.help { return parsed }
        guard parsed.state != nil else { throw .missing("--state") }
        guard parsed.menu != nil else { throw .missing("--menu") }
        return parsed
    }

    /// What `--from` and `--to` take, in English, marked for the catalog.
    static let boundExpected = trNoop("a time in ISO 8601 such as 2026-11-20T15:00:00Z, or a date such as 2026-11-20")

    /// `2026-11-20T15:00:00Z` (with or without milliseconds) or `2026-11-20`.
    static func bound(_ text: String, option: String) throws(RepriceUsageError) -> Bound {
        if let instant = ISO8601.milliseconds(parsing: text) { return .instant(instant) }
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                guard digits[index] >= UInt8(ascii: "0"), digits[index] <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(digits[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let start = CivilTime.milliseconds(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, millisecond: 0),
              // A 31st of a month of 30 days would be the next month's first.
              CivilTime(millisecondsSince1970: start).day == Int(day)
        else { throw .invalidValue(option: option, value: text, expected: boundExpected) }
        return .day(start)
    }

    private mutating func setOutput(_ chosen: Output, _ spelling: String) throws(RepriceUsageError) {
        if output != .text, output != chosen { throw .conflicting("--json", "--csv") }
        output = chosen
    }
}

/// A `kiosk reprice` command line that cannot run. Exit status 64.
enum RepriceUsageError: Error, Sendable, Equatable {
    /// A mistake the option loop found.
    case option(OptionProblem)
    /// `expected` as in `UsageError.invalidValue`: English, marked for the catalog.
    case invalidValue(option: String, value: String, expected: String)
    case conflicting(String, String)
    case unexpectedArgument(String)
    /// An option the command cannot run without.
    case missing(String)
    /// `--from` at or after `--to`: no order could be in between.
    case emptySpan

    /// The text, in the operator's language; the mistakes of any option are worded as
    /// `kiosk`'s own (`UsageError`).
    var message: String {
        switch self {
        case .option(let problem): problem.message
        case .invalidValue(let option, let value, let expected): UsageError.invalidValueText(option, value: value, expected: expected)
        case .conflicting(let first, let second): tr("'{first}' and '{second}' cannot be combined", ["first": first, "second": second])
        case .unexpectedArgument(let argument): UsageError.unexpectedArgumentText(argument, suggestion: nil)
        case .missing(let option):
            tr("option '{option}' must be given; usage: {synopsis}", ["option": option, "synopsis": RepriceUsageError.synopsis])
        case .emptySpan: tr("'--from' must come before '--to'")
        }
    }

    static let synopsis = "kiosk reprice --state DIRECTORY --menu FILE [--from TIME] [--to TIME] [--all] [--json | --csv]"
}
